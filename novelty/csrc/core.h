/* The compiled search core of novelty: shared types.
 *
 * Everything here is plain data laid out by novelty/search.py from the catalog and the hand:
 * faces (the ways a card can be laid down), resources (what a word consumes), motifs by code.
 * The field and code tables below are exported to Python by name (module.c), so the layout is
 * written once, here; each table's row is a struct of named int32 fields in that order.
 * No I/O, no Python objects outside module.c. The terms (class, unit, face, group, option, need,
 * anchor, grant, twin ...) are defined in README.md beside this file.
 */
#ifndef NOVELTY_CORE_H
#define NOVELTY_CORE_H

#include <stdint.h>
#include <stddef.h>

#define MAX_CARDS_IN_WORD 48   /* a word never holds more cards than hand + pool + copies */
#define MAX_LETTERS 96
#define MAX_FACES 512
#define MAX_RESOURCES 64
#define MAX_UNITS 192
#define MAX_MOTIFS 16
#define MAX_TOP 64
#define N_AWARDS 3             /* grandiloquent, sesquipedalian, pangram */

/* X-macro tables: the names Python sees, in code order. */
#define WILD_KINDS(X) X(fixed) X(any) X(consonant) X(vowel) X(double)
#define OPS(X) X(none) X(add) X(multiply)
#define TARGETS(X) X(self) X(left) X(left2) X(right) X(right2) X(adjacent) X(first) X(last) X(all) X(word) \
    X(shorter_word)
#define CONDITIONS(X) X(none) X(first_letter) X(second_letter) X(third_letter) X(last_letter) \
    X(second_to_last_letter) X(third_to_last_letter) X(not_last_letter) X(min_length) X(no_wilds) \
    X(adjacent_vowel) X(adjacent_consonant)
#define COUNTERS(X) X(none) X(vowel_in_word) X(letter_in_word) X(letter_to_left) X(letter_to_right) \
    X(adjacent_vowel) X(adjacent_consonant)
/* Motifs the scorer knows. The first three are awards: the word gets them from the play or round. */
#define MOTIFS(X) X(grandiloquent) X(sesquipedalian) X(pangram) X(consonance) X(assonance) X(wild_child) \
    X(red_symbolism) X(blue_symbolism) X(epistolary_novel) X(first_letter) X(adventure_duo) X(chekhovs_gun) \
    X(bookkeeper) X(uncopyrightable) X(strengths) X(lipogram) X(utopia) X(trilogy) X(fight_back_to_back) \
    X(hermit) X(my_name_is) X(red_pill_blue_pill) X(red_eyes_blue_eyes)

#define AS_FIELD(n) int32_t n;
#define E_WILD(n) WILD_##n,
#define E_OP(n) OP_##n,
#define E_TARGET(n) TARGET_##n,
#define E_COND(n) COND_##n,
#define E_COUNT(n) COUNT_##n,
#define E_MOTIF(n) MOTIF_##n,
enum { WILD_KINDS(E_WILD) N_WILD_KINDS };
enum { OPS(E_OP) N_OPS };
enum { TARGETS(E_TARGET) N_TARGETS };
enum { CONDITIONS(E_COND) N_CONDITIONS };
enum { COUNTERS(E_COUNT) N_COUNTERS };
enum { MOTIFS(E_MOTIF) N_MOTIF_CODES };

enum { COLOUR_NONE, COLOUR_RED, COLOUR_BLUE };

/* A face: one way a unit of a resource is laid down, with the card facts the scorer reads. */
#define FACE_FIELDS(X) X(resource) X(unit) X(wild) X(letter1) X(letter2) X(printed) X(as_printed) \
    X(points) X(colour) X(is_wild) X(op) X(amount) X(target) X(condition) X(length) X(per) \
    X(copy_motif) X(y_rule) X(later_twin)
#define E_FACE(n) FACE_##n,
enum { FACE_FIELDS(E_FACE) N_FACE_FIELDS };
/* resource: index of the resource consumed; unit: group-key unit (class, or copy motif x class, or a motif's one
 * copy, or free wild);
 * wild: a WILD_* kind (WILD_fixed: letter1/letter2 are the printed letters, letter2 = -1 for one letter);
 * printed/as_printed: for a card turned wild by Escaped from Captivity, its printed letter and the face to
 * use when it spells that letter (-1: none); y_rule: how a Y on this face counts (0: player's choice,
 * 1: always a consonant, 2: always a vowel); later_twin: a face of a higher unit that reads exactly like this one
 * (every fact the scorer reads, the letters it may spell), or -1: swapping the two in a word changes neither its
 * group nor its score, so the walk lays this face only before that one (a wild and its minor copy). */
typedef struct {
    FACE_FIELDS(AS_FIELD)
} Face;
_Static_assert(sizeof(Face) == sizeof(int32_t) * N_FACE_FIELDS, "a face is a row of int32 fields");

/* Whether a face doubles a shorter word (x1, z2): a play's effect, not in its own word's score. */
static inline int doubles_shorter(const Face *f) { return f->op == OP_multiply && f->target == TARGET_shorter_word; }

/* A resource: a class of cards (capacity: cards held, hand: of them in the hand), a minor repeat motif's copies,
 * a free wild, or the shared pool of the copies that keep score and effect. */
#define RES_FIELDS(X) X(capacity) X(hand) X(kind)
#define E_RES(n) RES_##n,
enum { RES_FIELDS(E_RES) N_RES_FIELDS };
#define RES_KINDS(X) X(cards) X(minor_copies) X(free_wild) X(copy_pool)
#define E_RES_KIND(n) RES_KIND_##n,
enum { RES_KINDS(E_RES_KIND) N_RES_KINDS };
typedef struct {
    RES_FIELDS(AS_FIELD)
} Resource;

/* A repeat motif's limits: copies in all, different cards, and whether a copy keeps score and effect (a twin). */
#define COPY_FIELDS(X) X(total) X(distinct) X(twin)
#define E_COPY(n) COPY_##n,
enum { COPY_FIELDS(E_COPY) N_COPY_FIELDS };
typedef struct {
    COPY_FIELDS(AS_FIELD)
} CopyLimit;

/* What a twin repeat motif may copy: up to cap copies of the class (resource). */
#define GRANT_FIELDS(X) X(copy_motif) X(resource) X(cap)
#define E_GRANT(n) GRANT_##n,
enum { GRANT_FIELDS(E_GRANT) N_GRANT_FIELDS };
typedef struct {
    GRANT_FIELDS(AS_FIELD)
} Grant;
#define MAX_GRANTS 256


/* Scalars of one search. */
#define PARAM_FIELDS(X) X(motifs_after_cards) X(my_name_is_extra) X(round_given) X(unseen) X(laconic) \
    X(grandiloquent) X(sesquipedalian) X(pangram) X(opp_longest) X(opp_most_distinct) X(opp_fewest_words) \
    X(max_words) X(award_points)
#define E_PARAM(n) PARAM_##n,
enum { PARAM_FIELDS(E_PARAM) N_PARAM_FIELDS };
/* award_points: what Sesquipedalian and Pangram add to a word (novelty.scoring states it; Grandiloquent adds the
 * word's length). */
typedef struct {
    PARAM_FIELDS(AS_FIELD)
} Params;

/* Set bits of x. Written out because __builtin_popcount compiles to a library call unless the build targets
 * CPUs with a popcount instruction, and the walk counts bits at every step of the index. */
static inline int count_bits(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

/* One card of a word as laid down: its face and the letters it spells. */
typedef struct {
    int16_t face;
    int8_t letters[2];   /* letter codes 0-25; letters[1] = -1 for a one-letter card */
} Placed;

typedef struct {
    const Face *faces;       /* borrowed */
    int n_faces;
    const int32_t *motifs;   /* borrowed: motif codes in flip order */
    int n_motifs;
    int motifs_after_cards;
    int my_name_is_extra;
} Scorer;

/* The word's best score (over Y choices, in the best order) given its awards (indexed like MOTIF_grandiloquent..). */
int64_t score_word(const Scorer *s, int m, const Placed *cards, const int32_t awards[N_AWARDS]);
/* The same under each of n award combinations at once, into totals[0..n). */
void score_word_awards(const Scorer *s, int m, const Placed *cards, int n, const int32_t (*awards)[N_AWARDS],
                       int64_t *totals);

#endif
