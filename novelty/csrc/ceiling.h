/* A word's ceiling: no word the walk can still reach from a node scores more (issue 25's word-aware bound).
 *
 * The walk stands on a node of the step index with a prefix of cards laid; every word below it is that prefix and
 * some more cards of the resources left, spelling letters the index still allows. The ceiling bounds their scores
 * from what the word list says of the node's subtree (how many more letters at most, how many of each letter at
 * most: the subtree's *facts*) and what the cards and motifs could add or multiply, with multipliers applied only
 * within the word and to the cards they target. It is a proven upper bound, never an estimate: the walk's check
 * mode holds every word it scores to the ceiling of each prefix on its way (tests/test_ceiling.py).
 */
#ifndef NOVELTY_CEILING_H
#define NOVELTY_CEILING_H

#include "paths.h"
#include "tables.h"

/* Per node of the step index: the most of each letter any completion below it holds, the most letters any completion
 * adds (its height) and the most vowels (Y counted as one), each capped at 255; then the letters a completion may
 * end with, as bits (FACT_ENDS .. FACT_ENDS + 3, lowest byte first; an empty completion is none). */
#define FACT_HEIGHT 26
#define FACT_VOWELS 27
#define FACT_ENDS 28
#define FACTS_PER_NODE 32
#define PRICE_SCALE 1024   /* prices are in 1/PRICE_SCALE points */

/* The letters a completion below a node with these facts may end with. */
static inline uint32_t facts_ends(const uint8_t *facts) {
    return (uint32_t)facts[FACT_ENDS] | (uint32_t)facts[FACT_ENDS + 1] << 8 | (uint32_t)facts[FACT_ENDS + 2] << 16
           | (uint32_t)facts[FACT_ENDS + 3] << 24;
}

/* Fill facts[n * FACTS_PER_NODE ..] for every node (nodes are numbered breadth-first: children after parents).
 * 0 ok, -1 when the index points outside itself. */
int subtree_facts(const Steps *st, uint8_t *facts);
/* The facts of the completions below `node` whose first letter is one of `letters` (folded as subtree_facts folds
 * every child) into out[]; 0, or -1 when the index points outside itself. */
int group_facts(const Steps *st, const uint8_t *facts, uint32_t node, uint32_t letters, uint8_t *out);

/* What each face can add, give, receive and multiply, read once per search from the tables. */
typedef struct {
    int width;          /* letters it spells */
    int64_t points;     /* printed points */
    int64_t motif_add;  /* what per-card motifs add to it (colour, wild, letters) */
    int64_t single;     /* the most its add effect gives one other card */
    int first_from;     /* the card (counted from 0) whose gift may reach the first card: FIRST_FROM_ANY from any,
                         * -1 from none (right, right2, last) */
    int self_factor;    /* 2 under Adventure Duo for a two-letter card, else 1 */
    int mult_kind;      /* MULT_* of its multiply effect */
    int64_t factor;     /* that effect's factor */
    int aims;           /* of MULT_OTHER and MULT_OTHER2, the places it aims at from its own (bits 1 << AIM_*) */
    int shaped;         /* its own value depends on the word's shape; else it is `own` */
    int64_t own;
} FaceCeiling;

enum { MULT_NONE, MULT_FIRST, MULT_OTHER, MULT_OTHER2, MULT_WORD };
/* The places a factor aimed at another card aims at: the card to the left, to the right, two to the left, two to the
 * right, and the last card. A card gets at most one factor from each of the first four (each from one card beside
 * it); every factor at the last card stacks on it. */
enum { AIM_LEFT, AIM_RIGHT, AIM_LEFT2, AIM_RIGHT2, AIM_LAST, N_AIMS };
#define FIRST_FROM_ANY (1 << 30)

/* What a unit of a resource does over its faces (and their printed faces), whatever the node: read once
 * (ceiling_init), for the ceiling's reading of the units below a node. */
#define FIRST_ATS 4  /* a gift's first_from is -1, 1, 2 or FIRST_FROM_ANY: by prefix length 0, 1, 2, 3 or more */
typedef struct {
    int letter, last_letter;      /* the letter every face starts (ends) with, -1 (not all the same), -2 (no face) */
    int64_t single;               /* the most a face's add effect gives one other card */
    int64_t single_first[FIRST_ATS];  /* the same, of the faces whose gift may reach the first card after so many */
    int self_factor;
    int64_t own;                  /* the most own value of the faces whose own value does not depend on the word (0) */
    int64_t gives, per_card;      /* the most a face gives the word's other cards; per card (a gift to all; -1 none) */
    int64_t word_add;             /* the most a face adds to the word itself */
    const FaceCeiling *kinds[5];  /* the face with the largest factor of each kind (over 1), or NULL */
    int multiplies;               /* some kind has such a face */
    int wild_room;                /* 2: a wild face of one letter (room: the subtree's height); 1: of two only */
    int lettered, n_lettered;     /* (Ceiling.unit_letters) the fixed faces' letter pairs, each once: room by letters */
    uint32_t firsts;              /* the letters they start with (every letter for a wild): a subtree holding none of
                                   * them has no room for the unit */
    int shaped, n_shaped;         /* (Ceiling.unit_faces) the faces whose own value depends on the word's shape */
} UnitCeiling;

typedef struct {
    const Tables *t;    /* borrowed */
    FaceCeiling face[MAX_FACES];
    UnitCeiling unit[MAX_RESOURCES];
    int16_t unit_faces[2 * MAX_FACES];  /* the UnitCeilings' lists of shaped faces */
    int8_t unit_letters[2 * MAX_FACES][2];  /* ... and of fixed faces' letter pairs (-1: one letter) */
    int64_t res_aims[MAX_RESOURCES][N_AIMS];  /* per resource, the largest factor any of its faces aims at each place */
    uint8_t res_aiming[MAX_RESOURCES];        /* ... and the places where it is over 1, as bits (1 << AIM_*) */
    int first_letter, epistolary, adventure_duo;  /* motifs in play that multiply a card */
    int hermit;                         /* Hermit: a point to words without wilds */
    int red_blue;                       /* what the colour-count motifs may add to a word */
    int64_t awards_fixed;               /* Sesquipedalian and Pangram: points a word may earn */
    int grandiloquent;                  /* Grandiloquent in play: a point per letter */
    int64_t *path;  /* owned (ceiling_free), with facts: per node, the most the cards below it add along a word of
                     * the list, each letter at the best any unit starting with it adds (units may repeat) */
    int64_t *first_path;  /* owned, or NULL (no unit multiplies the first card, or a wild face does): per node, the
                           * most the cards below it multiply the first card by along a word of the list, each letter
                           * at the largest factor of a unit starting with it */
    PricedPaths priced;  /* with facts (ceiling_price lays them out at its first prices, and fills them): what the
                          * units below add less their prices */
    double fill_seconds; /* what the last ceiling_price took (a fill is not cut short by a clock) */
} Ceiling;

/* 0, or -1 when out of memory. */
int ceiling_init(Ceiling *c, const Tables *t);
void ceiling_free(Ceiling *c);
/* Work out the priced paths (each factor's) for these least prices per unit of each resource (1/PRICE_SCALE points),
 * in `threads` (1 or 2); -1 when out of memory. */
int ceiling_price(Ceiling *c, const int64_t *cheap, int threads);

/* No word spelled by `seq` (m cards, `letters` letters) and more cards of the resources `left`, below a node with
 * `facts` and starting with one of `firsts` (ALL_LETTERS: any; `facts` those completions'), scores more than this
 * (awards included). Of each resource's units left, held[r] are cards held; the rest are copies, of which the word
 * may take copies_left more in all (-1: no limit). With `cheap` (may be NULL: per resource, the least a unit of it
 * costs, in 1/PRICE_SCALE points), the ceiling is of the score less the prices of the units below, in 1/PRICE_SCALE
 * points. */
int64_t word_ceiling(const Ceiling *c, uint32_t node, const Placed *seq, int m, int letters, const int *left,
                     const int *held, int copies_left, const uint8_t *facts, const int64_t *cheap, uint32_t firsts);

/* The best word the cards can spell, found by walking below only the nodes whose ceiling is over the best word
 * scored so far (prune), or every node (not prune: each word is then held to the ceilings on its way). */
typedef struct {
    int64_t best, root;           /* the best word's score; the ceiling at the root */
    int64_t most;                 /* no word scores more: the best, or (a walk that prunes, stopped) the most ceiling of
                                   * what it left unwalked (INT64_MAX: not known) */
    uint64_t sequences, nodes, pruned, over;
    int done;                     /* the walk finished (no limit stopped it) */
    Placed seq[MAX_CARDS_IN_WORD];  /* the best word's cards */
    int len;
} WordWalk;

#include "groups.h"
/* keep (may be NULL): the groups every word scored is kept in, as walk_words keeps them (walk.c). */
int walk_best_word(const Tables *t, const Ceiling *c, const uint8_t *facts, Groups *keep, Budget *b, int prune,
                   WordWalk *out);
/* The same, of the words within these: taking at most `copies` copies from the twin motifs' pool themselves (-1: as
 * granted), of at most `letters` letters (0: any), with `given[r]` units of each resource r (NULL: none) taken by
 * other words already (of a class, those past its cards held: copies granted to them).
 * `known`: the floor is one under it (INT64_MIN: none): only words scoring `known` or more are found, the walk going
 * below only nodes over the floor; when none is, out->best is the floor and out->len 0.
 * `doubles`: the most shorter-word doubles the word holds itself (-1: any), the others being in other words.
 * `beside` (walk_priced_within only): the word and one of these longer than it take no more units than there are
 * (its own: not those given away), and no more copies than the pool has; a word of more letters than `pair_over`
 * (when set) and two of them that fit together, both longer than it. With `needs`, the words it fits beside hold that
 * many doubles, or the `room` they and it leave holds one more word longer than it. */
/* Words a word must fit beside (the doubling bound's words holding two doubles or more): the units each takes, its
 * letters and the shorter-word doubles it holds; longest first. */
typedef struct {
    int32_t n;
    uint8_t *used;     /* owned: n rows of MAX_RESOURCES */
    int16_t *letters;  /* owned */
    int8_t *doubles;   /* owned */
} Holders;
void holders_free(Holders *h);
typedef struct {
    int copies, letters;
    const uint8_t *given;   /* borrowed, or NULL */
    int64_t known;
    int doubles;
    const Holders *beside;  /* borrowed, or NULL: priced, only the words fitting beside one longer than them count */
    int pair_over;          /* 0, or (beside) words of more letters count only beside two of them */
    int needs, room;        /* 0, or (beside) the doubles the word takes from longer words, and the letters a play
                             * holds: when those it fits beside hold fewer, the room left holds another longer word */
} Within;
int walk_best_within(const Tables *t, const Ceiling *c, Budget *b, int prune, const Within *within, WordWalk *out);
/* The same, pruning, every word scored kept in `keep`'s groups (as walk_best_word's). */
int walk_best_kept(const Tables *t, const Ceiling *c, Groups *keep, Budget *b, const Within *within, WordWalk *out);
/* No word within these limits scores more than this: the ceiling at the root (INT64_MAX when out of memory). */
int64_t ceiling_within(const Tables *t, const Ceiling *c, const Within *within);
/* The best word scoring more than `floor` (the floor rising to each found): out->best, or `floor` when none does. */
int walk_best_over(const Tables *t, const Ceiling *c, Budget *b, int64_t floor, WordWalk *out);
/* Every word below the nodes whose ceiling beats `floor` (which stays where it is), kept in `keep`'s groups. */
int walk_over(const Tables *t, const Ceiling *c, Groups *keep, Budget *b, int64_t floor, WordWalk *out);

/* The most any word's value (its best score, with what it could save under Unseen Character) less the prices of its
 * units (price[r] per unit of resource r) reaches, in 1/PRICE_SCALE points, into out->best: 0 when no word beats
 * its price. Walks only below the nodes whose ceiling less the prices laid beats half the best found (walk.c). */
typedef struct {
    int64_t value;                /* its best score, with its Unseen Character credit */
    int8_t used[MAX_RESOURCES];   /* units of each resource it takes */
} Beater;
#define MAX_BEATERS 256
typedef struct {
    Beater word[MAX_BEATERS];     /* the first words found beating their prices by half the most found so far */
    int n;
} Beaters;
/* What the units of each resource cost: the first `first[r]` of a word's units of r cost cheap[r] each, the rest
 * dear[r] (a class's cards held and its copies from the pool, priced apart, the cheaper taken first). */
typedef struct {
    int64_t cheap[MAX_RESOURCES], dear[MAX_RESOURCES];
    int first[MAX_RESOURCES];
} Prices;
/* The prices of a unit of each resource, scaled[r] (1/PRICE_SCALE points; a class's copies at the pool's), as the
 * walk charges them (price.c). */
void prices_from(const Tables *t, const int64_t *scaled, Prices *price);
/* Reduced-cost fixing (price.c, search.c): at these prices, a play beating the best found takes only words beating
 * their prices by more than -gap (1/PRICE_SCALE points); ready when such prices were found. */
typedef struct {
    Prices price;
    int64_t gap;
    int ready;
    int64_t bound, excess;     /* at these prices: the bound, and the most a word beats them by (1/PRICE_SCALE points) */
    int64_t scaled[MAX_RESOURCES];  /* the prices per unit of each resource (1/PRICE_SCALE points; a class's copies at
                                     * the pool's) */
    int words;                 /* the most words a play may hold */
    int8_t letters[MAX_RESOURCES];  /* the most letters a unit of each resource spells */
    int known;                 /* prices, bound and excess are set (fixing_aim may be asked again) */
    /* The relaxation's duals at the last round, unlifted (priced: known), per unit of each resource: the packing by
     * prices (search.c). */
    double dual[MAX_RESOURCES];
    int priced;
} Fixing;
/* Aim a known fixing at the best play found B (its gap: bound - B - excess), ready when its bound is within FIX_GAP
 * of B (price.c). */
void fixing_aim(Fixing *fixing, int64_t best);
/* Every word below the nodes whose ceiling less the prices laid beats -gap, kept in `keep`'s groups. */
int walk_fixed(const Tables *t, const Ceiling *c, const Fixing *fixing, Groups *keep, Budget *b, WordWalk *out);
/* `slack` (>= 0): out->best is at least slack, and a node is left when its ceiling less the prices laid is at most
 * half the most found so far, or the slack: the walk then proves only that no word beats its prices by more. */
/* Every word (within these limits; NULL: none), each held to the ceilings less the prices laid of every node on its
 * way (out->over): the check of the priced ceilings. */
int walk_every_priced(const Tables *t, const Ceiling *c, const Prices *price, Budget *b, const Within *within,
                      WordWalk *out);
/* `kept` (may be NULL; with `beaters`): the words found beating their prices are kept in its groups too (BEATERS_KEPT
 * groups at most: a walk never stops for them), for the packings after the bound (search.c). */
int walk_priced(const Tables *t, const Ceiling *c, const Prices *price, int64_t slack, Beaters *beaters, Groups *kept,
                Budget *b, WordWalk *out);
#define BEATERS_KEPT 8192
/* The most a word within these limits (as walk_best_within's; `known` unused) beats its prices by, exactly, into
 * out->best (`floor` when none beats them by more than it), walking best ceiling first below only the nodes whose
 * ceiling less the prices laid beats the most found; a walk stopped has out->most, the most of what it left. */
int walk_priced_within(const Tables *t, const Ceiling *c, const Prices *price, int64_t floor, Budget *b,
                       const Within *within, WordWalk *out);

#endif
