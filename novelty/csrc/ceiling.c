/* A word's ceiling (ceiling.h): the most any word below a node of the step index can score.
 *
 * A word's score is, before its word-wide factors W, the sum over its cards of each card's value v (points, its own
 * additions, what other cards and the motifs add to it) times the factors aimed at it, plus word-level points:
 *
 *     W * (sum_i v_i * prod_{o aims at i} k_o + extra)
 *
 * Every addition is at least 0 and every factor at least 1, so with all additions made first (the best order) the
 * sum is at most T + (F*P - 1) * v_0+ + (P - 1) * (the N largest v+ among the other cards), where T bounds the sum
 * of the values, F is the product of the factors aimed at the first card, P of every other card-level factor and N
 * the cards those can aim at. The cards below the node are not known: each resource left may put in as many units
 * as the subtree has letters for (its facts), the additions counted for the best H of them (H: the most cards the
 * subtree can add), every factor they could bring counted.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ceiling.h"

#define FACTOR_CAP ((int64_t)1 << 40)  /* products saturate here: far above any word's score */
#define MAX_ENTRIES (MAX_CARDS_IN_WORD + 2 * MAX_RESOURCES * 8)  /* units below a node, at most, as the ceiling lists them */

/* Fold a child's facts (reached by `letter`, a word there or not) into its parent's. */
static void fold_child(uint8_t *mine, const uint8_t *below, int letter, int is_word, uint32_t *ends) {
    for (int k = 0; k < 26; k++) {
        int have = below[k] + (k == letter);
        if (have > mine[k]) mine[k] = (uint8_t)(have > 255 ? 255 : have);
    }
    int height = below[FACT_HEIGHT] + 1, vowels = below[FACT_VOWELS] + (vowel_code(letter) || letter == 24);
    if (height > mine[FACT_HEIGHT]) mine[FACT_HEIGHT] = (uint8_t)(height > 255 ? 255 : height);
    if (vowels > mine[FACT_VOWELS]) mine[FACT_VOWELS] = (uint8_t)(vowels > 255 ? 255 : vowels);
    *ends |= facts_ends(below) | (is_word ? 1u << letter : 0);
}

int group_facts(const Steps *st, const uint8_t *facts, uint32_t node, uint32_t letters, uint8_t *out) {
    uint32_t ends = 0;
    for (int k = 0; k < FACTS_PER_NODE; k++) out[k] = 0;
    for (uint32_t bits = steps_letters(st, node) & letters; bits; bits &= bits - 1) {
        int c = __builtin_ctz(bits);
        int32_t child = steps_child(st, node, c);
        if (child <= (int32_t)node) return -1;  /* broken, or not breadth-first */
        fold_child(out, facts + (size_t)child * FACTS_PER_NODE, c, steps_is_word(st, (uint32_t)child), &ends);
    }
    for (int k = 0; k < 4; k++) out[FACT_ENDS + k] = (uint8_t)(ends >> 8 * k);
    return 0;
}

int subtree_facts(const Steps *st, uint8_t *facts) {
    for (int64_t n = (int64_t)st->n_nodes - 1; n >= 0; n--)
        if (group_facts(st, facts, (uint32_t)n, ALL_LETTERS, facts + (size_t)n * FACTS_PER_NODE) < 0) return -1;
    return 0;
}

static int64_t times(int64_t a, int64_t b) {
    if (a <= 0 || b <= 0) return a * b;
    __int128 product = (__int128)a * b;  /* (no division: this runs for every unit below, per node) */
    return product > FACTOR_CAP ? FACTOR_CAP : (int64_t)product;
}

static int64_t power(int64_t base, int n) {
    int64_t x = 1;
    for (int i = 0; i < n; i++) x = times(x, base);
    return x;
}

static int face_width(const Face *f) { return f->letter2 >= 0 || f->wild == WILD_double ? 2 : 1; }

/* What per-card motifs can add to a face: a point per vowel or consonant letter, Wild Child's two, a colour's one. */
static int64_t motif_adds(const Tables *t, const Face *f) {
    int64_t add = 0, width = face_width(f);
    for (int j = 0; j < t->scorer.n_motifs; j++) {
        int motif = t->scorer.motifs[j], vowels = 0, consonants = 0;
        if (f->wild == WILD_fixed) {
            for (int k = 0; k < (int)width; k++) {
                int c = k ? f->letter2 : f->letter1;
                vowels += vowel_code(c) || c == 24;
                consonants += !vowel_code(c);
            }
        } else {
            vowels = consonants = (int)width;
        }
        switch (motif) {
        case MOTIF_assonance: add += vowels; break;
        case MOTIF_consonance: add += consonants; break;
        case MOTIF_wild_child: add += f->is_wild ? 2 : 0; break;
        case MOTIF_red_symbolism: add += f->colour == COLOUR_RED; break;
        case MOTIF_blue_symbolism: add += f->colour == COLOUR_BLUE; break;
        }
    }
    return add;
}

/* The most letters, cards and vowels (Y counted as one) a word below a node can hold; of a unit of it, the least
 * letters before and after it, and the most (-1: as many as the word's letters allow). */
typedef struct {
    int letters, cards, vowels, left, right, left_least, right_least;
} Shape;

static int64_t own_value(const Ceiling *c, int face, const Shape *most);
static int64_t shaped_value(const Face *f, const FaceCeiling *fc, const Shape *most);
static int shaped(const Face *f);
static int64_t gives(const Face *f, int cards);
static int paths(Ceiling *c);

void ceiling_free(Ceiling *c) {
    free(c->path);
    c->path = NULL;
    free(c->first_path);
    c->first_path = NULL;
    paths_free(&c->priced);
}

/* The motifs that multiply a card, or add to words the ceiling counts whatever the letters. */
static void read_motifs(Ceiling *c, const Tables *t) {
    for (int j = 0; j < t->scorer.n_motifs; j++) {
        switch (t->scorer.motifs[j]) {
        case MOTIF_first_letter: c->first_letter++; break;
        case MOTIF_epistolary_novel: c->epistolary++; break;
        case MOTIF_adventure_duo: c->adventure_duo = 1; break;
        case MOTIF_hermit: c->hermit++; break;
        case MOTIF_red_pill_blue_pill: case MOTIF_red_eyes_blue_eyes: c->red_blue += 2; break;
        }
    }
    for (int a = 0; a < t->n_award_bits; a++) {
        if (t->award_motif[a] == MOTIF_grandiloquent) c->grandiloquent = 1;
        else c->awards_fixed += t->param.award_points;
    }
}

/* What a face adds, gives and multiplies, read once. */
static void read_face(const Ceiling *c, const Face *f, FaceCeiling *fc) {
    fc->width = face_width(f);
    fc->points = f->points;
    fc->motif_add = motif_adds(c->t, f);
    fc->self_factor = c->adventure_duo && fc->width == 2 ? 2 : 1;
    fc->mult_kind = MULT_NONE;
    if (f->op == OP_add && f->target != TARGET_self && f->target != TARGET_word) fc->single = f->amount;
    fc->first_from = !fc->single ? -1
                     : f->target == TARGET_left || f->target == TARGET_adjacent ? 1
                     : f->target == TARGET_left2 ? 2
                     : f->target == TARGET_first || f->target == TARGET_all ? FIRST_FROM_ANY : -1;
    Shape any = {0};  /* (a face not shaped reads none of it) */
    fc->shaped = shaped(f);
    fc->own = shaped_value(f, fc, &any);
    if (f->op != OP_multiply) return;
    fc->factor = f->amount;
    switch (f->target) {
    case TARGET_self: fc->self_factor *= f->amount; break;
    case TARGET_first: fc->mult_kind = MULT_FIRST; break;
    case TARGET_adjacent: fc->mult_kind = MULT_OTHER2; break;
    case TARGET_all: case TARGET_word: fc->mult_kind = MULT_WORD; break;
    case TARGET_shorter_word: break;  /* a play-level double: not in a word's score */
    default: fc->mult_kind = MULT_OTHER; break;
    }
    fc->aims = f->target == TARGET_left ? 1 << AIM_LEFT
               : f->target == TARGET_right ? 1 << AIM_RIGHT
               : f->target == TARGET_adjacent ? 1 << AIM_LEFT | 1 << AIM_RIGHT
               : f->target == TARGET_left2 ? 1 << AIM_LEFT2
               : f->target == TARGET_right2 ? 1 << AIM_RIGHT2
               : f->target == TARGET_last ? 1 << AIM_LAST : 0;
}

/* Per resource, the largest factor its faces aim at each place (Ceiling.res_aims). */
static void read_aims(Ceiling *c) {
    const Tables *t = c->t;
    for (int r = 0; r < t->n_res; r++) {
        for (int a = 0; a < N_AIMS; a++) c->res_aims[r][a] = 1;
        for (int i = 0; i < t->n_res_faces[r]; i++)
            for (int face = t->res_faces[r][i], alt = 0; face >= 0 && alt < 2; face = t->scorer.faces[face].as_printed,
                     alt++)
                for (int a = 0; a < N_AIMS; a++)
                    if (c->face[face].aims >> a & 1 && c->face[face].factor > c->res_aims[r][a])
                        c->res_aims[r][a] = c->face[face].factor;
        c->res_aiming[r] = 0;
        for (int a = 0; a < N_AIMS; a++) c->res_aiming[r] |= (uint8_t)((c->res_aims[r][a] > 1) << a);
    }
}

static int64_t word_add(const Face *f);

/* Whether a face's own value depends on the word's shape (own_value). */
static int shaped(const Face *f) {
    return f->op == OP_add && f->target == TARGET_self
           && (f->condition == COND_none ? f->per != COUNT_none : f->condition != COND_no_wilds);
}

/* Read one face of a resource's unit into u: a fixed face's letters, when new, into Ceiling.unit_letters at *lettered;
 * a face whose own value depends on the word's shape into Ceiling.unit_faces at *shaped_at. */
static void read_unit_face(Ceiling *c, int face, UnitCeiling *u, int *lettered, int *shaped_at) {
    const Face *f = &c->t->scorer.faces[face];
    const FaceCeiling *fc = &c->face[face];
    int starts = f->wild == WILD_fixed ? f->letter1 : -1;
    int ends = f->wild != WILD_fixed ? -1 : f->letter2 >= 0 ? f->letter2 : f->letter1;
    u->letter = u->letter == -2 || u->letter == starts ? starts : -1;
    u->last_letter = u->last_letter == -2 || u->last_letter == ends ? ends : -1;
    if (f->wild != WILD_fixed && u->wild_room < (fc->width == 2 ? 1 : 2)) u->wild_room = fc->width == 2 ? 1 : 2;
    int same = 0;  /* (a letter pair already listed: the same room) */
    for (int i = u->lettered; i < u->lettered + u->n_lettered && f->wild == WILD_fixed; i++)
        same |= c->unit_letters[i][0] == f->letter1 && c->unit_letters[i][1] == f->letter2;
    if (f->wild == WILD_fixed && !same) {
        c->unit_letters[*lettered][0] = (int8_t)f->letter1;
        c->unit_letters[(*lettered)++][1] = (int8_t)f->letter2;
        u->n_lettered++;
    }
    Shape any = {0};  /* (a face not shaped reads none of it) */
    if (shaped(f)) {
        c->unit_faces[(*shaped_at)++] = (int16_t)face;
        u->n_shaped++;
    } else if (own_value(c, face, &any) > u->own) {
        u->own = own_value(c, face, &any);
    }
    if (fc->single > u->single) u->single = fc->single;
    for (int at = 0; at < FIRST_ATS; at++)
        if (fc->first_from >= at && fc->single > u->single_first[at]) u->single_first[at] = fc->single;
    if (fc->self_factor > u->self_factor) u->self_factor = fc->self_factor;
    const FaceCeiling *had = fc->mult_kind != MULT_NONE ? u->kinds[fc->mult_kind] : NULL;
    if (fc->mult_kind != MULT_NONE && fc->factor > (had ? had->factor : 1)) {
        u->kinds[fc->mult_kind] = fc;
        u->multiplies = 1;
    }
    if (word_add(f) > u->word_add) u->word_add = word_add(f);
    if (f->op == OP_add && f->target == TARGET_all) {
        if (f->amount > u->per_card) u->per_card = f->amount;
    } else if (gives(f, 0) > u->gives) {
        u->gives = gives(f, 0);
    }
}

/* Each resource's unit, over its faces and their printed faces (Ceiling.unit): what does not depend on the node, and
 * the lists the rest is read from per node (candidate). */
static void read_units(Ceiling *c) {
    const Tables *t = c->t;
    int lettered = 0, shaped_at = 0;
    for (int r = 0; r < t->n_res; r++) {
        UnitCeiling *u = &c->unit[r];
        *u = (UnitCeiling){.letter = -2, .last_letter = -2, .self_factor = 1, .per_card = -1, .lettered = lettered,
                           .shaped = shaped_at};
        for (int i = 0; i < t->n_res_faces[r]; i++)
            for (int face = t->res_faces[r][i], alt = 0; face >= 0 && alt < 2; face = t->scorer.faces[face].as_printed,
                     alt++)
                read_unit_face(c, face, u, &lettered, &shaped_at);
        u->firsts = u->wild_room ? ALL_LETTERS : 0;
        for (int i = u->lettered; i < u->lettered + u->n_lettered; i++) u->firsts |= 1u << c->unit_letters[i][0];
    }
}

int ceiling_init(Ceiling *c, const Tables *t) {
    *c = (Ceiling){.t = t, .priced = {.split = -1}};
    read_motifs(c, t);
    for (int i = 0; i < t->scorer.n_faces; i++) read_face(c, &t->scorer.faces[i], &c->face[i]);
    read_aims(c);
    read_units(c);
    return t->facts ? paths(c) : 0;
}

/* The most a count of its own effect can reach in a word of at most n letters. */
static int64_t most_counted(int per, const Shape *most, int width) {
    int n = most->letters;
    switch (per) {
    case COUNT_vowel_in_word: return most->vowels < n ? most->vowels : n;
    case COUNT_letter_in_word: return n;
    case COUNT_letter_to_left: case COUNT_letter_to_right: {
        int most_known = per == COUNT_letter_to_left ? most->left : most->right, k = n - width > 0 ? n - width : 0;
        return most_known >= 0 && most_known < k ? most_known : k;
    }
    case COUNT_adjacent_vowel: case COUNT_adjacent_consonant: return 2;
    }
    return 0;
}

/* Whether a unit of that shape and width may stand where a condition on its place holds (any other: 1). */
static int place_may_hold(int condition, const Shape *s, int width) {
    switch (condition) {
    case COND_first_letter: return s->left_least == 0;
    case COND_second_letter: return s->left_least <= 1;
    case COND_third_letter: return s->left_least <= 2;
    case COND_last_letter: return s->right_least == 0;
    case COND_second_to_last_letter: return s->right_least <= 1 && (s->right < 0 || s->right >= 2 - width);
    case COND_third_to_last_letter: return s->right_least <= 2 && (s->right < 0 || s->right >= 3 - width);
    case COND_not_last_letter: return s->right != 0;
    }
    return 1;
}

/* The most a face's value can be before other cards add to it, in a word of at most that shape. */
static int64_t own_value(const Ceiling *c, int face, const Shape *most) {
    const FaceCeiling *fc = &c->face[face];
    return fc->shaped ? shaped_value(&c->t->scorer.faces[face], fc, most) : fc->own;
}

/* The same, of a face (its FaceCeiling read but for `own`) whatever its shape. */
static int64_t shaped_value(const Face *f, const FaceCeiling *fc, const Shape *most) {
    int n = most->letters;
    int64_t v = fc->points + fc->motif_add;
    if (f->op == OP_add && f->target == TARGET_self) {
        if (f->condition == COND_min_length) v += n >= f->length ? f->amount : 0;
        else if (f->condition == COND_no_wilds) v += f->is_wild ? 0 : f->amount;
        else if (f->condition != COND_none) v += place_may_hold(f->condition, most, fc->width) ? f->amount : 0;
        else if (f->per != COUNT_none) v += f->amount * most_counted(f->per, most, fc->width);
        else v += f->amount;
    }
    return v;
}

/* What a face's add effect gives the other cards of a word of at most `cards` cards, in all. */
static int64_t gives(const Face *f, int cards) {
    if (f->op != OP_add || f->target == TARGET_self || f->target == TARGET_word) return 0;
    return f->amount * (f->target == TARGET_adjacent ? 2 : f->target == TARGET_all ? cards : 1);
}

/* What a face adds to the word itself (an add aimed at the word). */
static int64_t word_add(const Face *f) { return f->op == OP_add && f->target == TARGET_word ? f->amount : 0; }

typedef struct {
    int64_t first, other, word;   /* factor products: at the first card, at other cards, at the whole word */
    int64_t sides;                /* the product at other cards, a factor aimed at two cards counted twice */
    int aimed;                    /* cards the other factors can aim at */
    int64_t at[N_AIMS];           /* per place (AIM_*), the largest factor aimed from there; at the last, the product */
    int64_t below_at[N_AIMS];     /* of them, the units below's */
    int64_t below_sides;          /* of sides, the units below's */
    int64_t next_left;            /* of below_at[AIM_LEFT], the units' that may come next (their letter follows) */
} Factors;

/* Fold a factor aimed at the places `aims`, `copies` times, into x->at. */
static void aim_factor(Factors *x, int aims, int64_t factor, int copies) {
    for (int a = 0; a < AIM_LAST; a++)
        if (aims >> a & 1 && factor > x->at[a]) x->at[a] = factor;
    if (aims >> AIM_LAST & 1) x->at[AIM_LAST] = times(x->at[AIM_LAST], power(factor, copies));
}

/* The factors units below could bring, by kind (MULT_*): at most `height` of them can be in the word, so only the
 * largest `height` of each kind count. */
#define MAX_BELOW 64
typedef struct {
    int64_t factor[5][MAX_BELOW];
    int8_t res[5][MAX_BELOW];   /* the resource whose unit brings it */
    int n[5];
} Below;

static void below_add(Below *bw, int kind, int64_t factor, int copies, int r) {
    for (int i = 0; i < copies && bw->n[kind] < MAX_BELOW; i++) {
        bw->res[kind][bw->n[kind]] = (int8_t)r;
        bw->factor[kind][bw->n[kind]++] = factor;
    }
}

/* Multiply the largest `height` factors of each kind into x (MULT_OTHER2's aim at two cards each), leaving them
 * first in bw, largest first. */
static void below_apply(Below *bw, Factors *x, int height) {
    for (int kind = 1; kind < 5; kind++) {
        int64_t *f = bw->factor[kind];
        int8_t *res = bw->res[kind];
        for (int i = 0; i < height && i < bw->n[kind]; i++) {
            int best = i;
            for (int j = i + 1; j < bw->n[kind]; j++)
                if (f[j] > f[best]) best = j;
            int64_t v = f[best];
            int8_t r = res[best];
            f[best] = f[i];
            res[best] = res[i];
            f[i] = v;
            res[i] = r;
            if (kind == MULT_FIRST) x->first = times(x->first, v);
            else if (kind == MULT_WORD) x->word = times(x->word, v);
            else {
                x->other = times(x->other, v);
                x->sides = times(x->sides, kind == MULT_OTHER2 ? times(v, v) : v);
                x->below_sides = times(x->below_sides, kind == MULT_OTHER2 ? times(v, v) : v);
                x->aimed += kind == MULT_OTHER2 ? 2 : 1;
            }
        }
    }
}

static void add_factor(Factors *x, const FaceCeiling *fc, int copies) {
    if (fc->mult_kind == MULT_NONE && !fc->aims) return;  /* (most faces: nothing to fold) */
    if (copies > 0) aim_factor(x, fc->aims, fc->factor, copies);
    switch (fc->mult_kind) {
    case MULT_FIRST: x->first = times(x->first, power(fc->factor, copies)); break;
    case MULT_OTHER:
        x->other = times(x->other, power(fc->factor, copies));
        x->sides = times(x->sides, power(fc->factor, copies));
        x->aimed += copies;
        break;
    case MULT_OTHER2:
        x->other = times(x->other, power(fc->factor, copies));
        x->sides = times(x->sides, power(fc->factor, 2 * copies));
        x->aimed += 2 * copies;
        break;
    case MULT_WORD: x->word = times(x->word, power(fc->factor, copies)); break;
    }
}

/* A unit some resource left could add below the node: the most of each thing any of its faces does. */
typedef struct {
    int64_t own, gives, single;
    int64_t own_last;      /* its own value as a word's last card (no letter to its right) */
    int64_t single_first;  /* the most it gives the first card, from below the prefix */
    int self_factor;
    int copies;         /* how many of them the subtree has letters for (and the copies left allow) */
    int held;           /* of them, cards held (the rest are copies) */
    int res;
    int letter;         /* the letter every face of it starts with, or -1 (a wild) */
    int last_letter;    /* the letter every face of it ends with, or -1 */
} Candidate;

/* The largest sums of at most k units below, best first, of n runs of one resource's units each (run i: count[i]
 * units worth values[i], the last copied[i] of them copies, each starting with letter[i]; only those above 0 count):
 * into *by_letter, at most facts[c] of them of units starting with letter c (letter[] < 0: a wild, any letter); into
 * *by_copies, at most `copies` of them copies (copies < 0: any number). Greedily, best first, each: optimal for limits
 * nested so (each letter's, or the copies', within the whole), whichever of equal values comes first. No word below
 * holds more of letter c than facts[c]. */
static void top_sums(const int64_t *values, const int8_t *letter, const int *counts, const int *copies_of, int n, int k,
                     const uint8_t *facts, int copies, int64_t *by_letter, int64_t *by_copies) {
    int64_t value[MAX_RESOURCES];
    int8_t which[MAX_RESOURCES];
    int count[MAX_RESOURCES], copied[MAX_RESOURCES], used[26] = {0}, m = 0;
    for (int i = 0; i < n; i++) {
        if (values[i] <= 0) continue;
        int j = m++;
        for (; j > 0 && value[j - 1] < values[i]; j--) {  /* insertion sort, best first (a few runs) */
            value[j] = value[j - 1];
            which[j] = which[j - 1];
            count[j] = count[j - 1];
            copied[j] = copied[j - 1];
        }
        value[j] = values[i];
        which[j] = letter[i];
        count[j] = counts[i];
        copied[j] = copies_of[i];
    }
    int64_t sum = 0;
    for (int i = 0, taken = 0; i < m && taken < k; i++) {
        int take = count[i] < k - taken ? count[i] : k - taken;
        if (which[i] >= 0 && take > facts[which[i]] - used[which[i]]) take = facts[which[i]] - used[which[i]];
        if (take <= 0) continue;
        if (which[i] >= 0) used[which[i]] += take;
        sum += take * value[i];
        taken += take;
    }
    *by_letter = sum;
    sum = 0;
    for (int i = 0, taken = 0; i < m && taken < k; i++) {
        int cards = count[i] - copied[i], take = cards < k - taken ? cards : k - taken;
        int more = copied[i] < k - taken - take ? copied[i] : k - taken - take;
        if (copies >= 0 && more > copies) more = copies;
        if (copies >= 0) copies -= more;
        sum += (take + more) * value[i];
        taken += take + more;
    }
    *by_copies = sum;
}

/* The largest sum of at most k of values[0..n) (each counted only if above 0), at most `copies` of them of
 * entries marked copy[] (copies < 0: any number): greedily, best first, which is optimal for such limits. Those
 * taken, best first, into taken[] when it is not NULL, and their number into *n_taken. */
static int64_t top_taken(int64_t *values, uint8_t *copy, int n, int k, int copies, int64_t *taken_values,
                         int *n_taken) {
    int64_t sum = 0;
    int taken = 0;
    for (int i = 0; taken < k && i < n; i++) {
        int best = i;
        for (int j = i + 1; j < n; j++)
            if (values[j] > values[best]) best = j;
        int64_t x = values[best];
        uint8_t is_copy = copy[best];
        values[best] = values[i];
        copy[best] = copy[i];
        values[i] = x;
        copy[i] = is_copy;
        if (x <= 0) break;
        if (is_copy && copies >= 0) {
            if (!copies) continue;
            copies--;
        }
        sum += x;
        if (taken_values) taken_values[taken] = x;
        taken++;
    }
    if (n_taken) *n_taken = taken;
    return sum;
}

/* The values top_taken takes, best first, into out[]; how many. */
static int top_list(int64_t *values, uint8_t *copy, int n, int k, int copies, int64_t *out) {
    int taken;
    top_taken(values, copy, n, k, copies, out, &taken);
    return taken;
}


/* Read resource r's unit (Ceiling.unit) below the node into a candidate (copies 0 when the subtree has no letter for
 * it). limits: its units left, of them cards held, the copies left in all, the prefix's cards. */
static void candidate(const Ceiling *c, int r, const int *limits, const uint8_t *facts, const Shape *most,
                      Below *bw, int64_t *word_adds, Candidate *out) {
    const UnitCeiling *u = &c->unit[r];
    int left = limits[0], held = limits[1], copies_left = limits[2], at = limits[3], height = facts[FACT_HEIGHT];
    Candidate *k = out;  /* (filled in place: this runs per resource, per node) */
    k->res = r;
    k->letter = u->letter;
    k->last_letter = u->last_letter;
    k->single = u->single;
    k->single_first = u->single_first[at < FIRST_ATS ? at : FIRST_ATS - 1];
    k->self_factor = u->self_factor;
    k->gives = u->per_card >= 0 && u->per_card * most->cards > u->gives ? u->per_card * most->cards : u->gives;
    k->own = k->own_last = u->own;
    if (u->n_shaped) {
        Shape last = *most;
        last.right = last.right_least = 0;
        for (int i = u->shaped; i < u->shaped + u->n_shaped; i++) {
            int64_t own = own_value(c, c->unit_faces[i], most), own_last = own_value(c, c->unit_faces[i], &last);
            if (own > k->own) k->own = own;
            if (own_last > k->own_last) k->own_last = own_last;
        }
    }
    int room = u->wild_room == 2 ? height : u->wild_room == 1 ? height / 2 : 0;
    for (int i = u->lettered; i < u->lettered + u->n_lettered; i++) {
        const int8_t *pair = c->unit_letters[i];
        int here = pair[1] >= 0 && facts[pair[1]] < facts[pair[0]] ? facts[pair[1]] : facts[pair[0]];
        if (here > room) room = here;
    }
    k->copies = room < left ? room : left;
    if (k->copies > height) k->copies = height;
    k->held = k->copies < held ? k->copies : held;
    if (copies_left >= 0 && k->copies - k->held > copies_left) k->copies = k->held + copies_left;
    for (int kind = 1; kind < 5 && u->multiplies; kind++)
        if (u->kinds[kind]) below_add(bw, kind, u->kinds[kind]->factor, k->copies, r);
    *word_adds += u->word_add * k->copies;
}

/* The prefix's letters: how many of each, whether a letter (a vowel) follows itself, its first and last. */
typedef struct {
    int count[26], vowels, first, last, doubled, doubled_vowel, repeated;
} Spelled;

static void spell(const Placed *seq, int m, Spelled *s) {
    *s = (Spelled){.first = -1, .last = -1};
    for (int i = 0; i < m; i++)
        for (int k = 0; k < 2 && seq[i].letters[k] >= 0; k++) {
            int letter = seq[i].letters[k];
            if (s->last == letter) {
                s->doubled = 1;
                s->doubled_vowel |= vowel_or_y(letter);
            }
            s->repeated |= s->count[letter] > 0;
            s->count[letter]++;
            s->vowels += vowel_code(letter);
            if (s->first < 0) s->first = letter;
            s->last = letter;
        }
}

/* Whether some letter can be in the word three times. */
static int thrice_possible(const Spelled *s, const uint8_t *facts) {
    for (int c = 0; c < 26; c++)
        if (s->count[c] + facts[c] >= 3) return 1;
    return 0;
}

/* Whether a letter can follow itself below: twice in a completion, or once after the prefix's last letter. */
static int doubled_possible(const Spelled *s, const uint8_t *facts) {
    for (int c = 0; c < 26; c++)
        if (facts[c] >= 2 || (facts[c] >= 1 && s->last == c)) return 1;
    return 0;
}

/* Whether a word motif can still apply to some word below: its letters are the prefix's and a completion's (none,
 * when the node is a word), a completion holds at most facts[c] of letter c and facts[FACT_VOWELS] vowels (whatever
 * cards spell them) and ends with a letter of facts_ends. Its word-level points or factor are counted only then. */
static int may_apply(int motif, const Spelled *s, const uint8_t *facts, int letters, int is_word) {
    static const int8_t vowels_and_y[6] = {0, 4, 8, 14, 20, 24};
    int pair = 0;
    for (int i = 0; i < 6; i++) {
        int c = vowels_and_y[i];
        pair |= facts[c] >= 2 || (facts[c] >= 1 && s->last == c);
    }
    switch (motif) {
    case MOTIF_utopia: return 2 * (s->vowels + s->count[24] + facts[FACT_VOWELS]) > letters;
    case MOTIF_trilogy: return thrice_possible(s, facts);
    case MOTIF_fight_back_to_back: return s->doubled_vowel || pair;
    case MOTIF_bookkeeper: return s->doubled || doubled_possible(s, facts);
    case MOTIF_lipogram: return !s->count[0] && !s->count[13] && !s->count[19] && !s->count[4];
    case MOTIF_strengths: return s->vowels <= 1;
    case MOTIF_uncopyrightable: return !s->repeated;
    case MOTIF_chekhovs_gun:  /* a completion ends with the first letter, or the word ends here with it */
        return s->first < 0 || (facts_ends(facts) >> s->first & 1) || (is_word && s->last == s->first && letters > 1);
    }
    return 1;
}

/* The most My Name is adds to a word below: its prefix spelled s, a completion of at most `below` letters holding at
 * most facts[c] of letter c. A point per letter the word repeats: the prefix's repeated letters, then (one more letter
 * each) those it holds once, then (two each) those it holds none of; or, when every extra copy counts (`extra`), a
 * point per letter but the first of each letter, so of every letter but the prefix's distinct ones (one at least). */
static int64_t name_repeats(const Spelled *s, const uint8_t *facts, int below, int extra) {
    int twice = 0, once = 0, none = 0, letters = 0, distinct = 0;
    for (int c = 0; c < 26; c++) {
        letters += s->count[c];
        distinct += s->count[c] > 0;
        twice += s->count[c] >= 2;
        once += s->count[c] == 1 && facts[c] >= 1;
        none += s->count[c] == 0 && facts[c] >= 2;
    }
    if (extra) {
        int least = distinct > 1 ? distinct : 1;  /* (a word holds a letter at least) */
        return letters + below > least ? letters + below - least : 0;
    }
    int more = once < below ? once : below, pairs = (below - more) / 2;
    return twice + more + (none < pairs ? none : pairs);
}

/* A card the factors whose card is not known may aim at: weight times (its factor - 1) is what it gains, its factor
 * at most cap; ln cap (its size) and the gain per unit of it (its ratio). */
typedef struct {
    double weight, cap, size, ratio;
} Aimed;

#define PLACED_ITEMS 48  /* the first card, two laid, and no more units below than bits in FACTOR_CAP's product */
#define PLACED_CASES 4   /* cases of how many units of a letter the factors below take */
#define MAX_AIMERS (2 * MAX_BELOW)

/* One ceiling's working: the prefix and what may come below the node. */
typedef struct {
    const Ceiling *c;
    const Placed *seq;
    int m, letters, height, copies_left, is_word;
    uint32_t node, firsts;  /* firsts: the letters a completion below may start with (a pending wild's, in groups) */
    Shape most, laid[MAX_CARDS_IN_WORD];  /* the word's, and each prefix card's */
    const uint8_t *facts;
    Factors x;
    int64_t word_adds, received, gives_total;
    int64_t received_first;  /* of what the cards receive, what may reach the first card */
    int priced;              /* the ceiling less prices: the first card's gifts counted apart */
    int wild_laid, most_self;
    Candidate cand[MAX_RESOURCES];
    int n_cand;
    int64_t peaks[MAX_ENTRIES];       /* the most each unit below can be worth */
    int64_t last_peaks[MAX_ENTRIES];  /* the most it can be worth as the word's last card */
    int n_adds, n_peaks, from[MAX_ENTRIES];
    int8_t add_letter[MAX_ENTRIES], end_letter[MAX_ENTRIES];
    uint8_t peak_copy[MAX_ENTRIES];
    /* The units below by resource (runs of the entries): what each adds, the letter it starts with, its resource, how
     * many, of them copies */
    int64_t run_add[MAX_RESOURCES];
    int8_t run_letter[MAX_RESOURCES];
    int run_res[MAX_RESOURCES], run_count[MAX_RESOURCES], run_copies[MAX_RESOURCES], n_runs;
    /* The factors at the first card: the prefix's, and those units below may bring (largest first, with their
     * resources); the first card's value, and what the other factors add (factor_gain). */
    int64_t first_laid, first_below[MAX_BELOW], first_value, others_gain, other_best;
    int64_t laid_value[MAX_CARDS_IN_WORD];  /* each laid card's value before factors (the first's: first_value) */
    /* Where the factors aimed at cards are placed (read_placed): the product of the laid cards' factors aimed at
     * each laid card, what they add to those after the first (known_gain); the cards the others may aim at, in all
     * ln of their product (room); which of them is the first card (-1: none) */
    int64_t laid_known[MAX_CARDS_IN_WORD];
    double known_gain, room[PLACED_CASES];
    Aimed placed[PLACED_CASES][PLACED_ITEMS];
    int n_placed[PLACED_CASES], first_placed, cases;
    /* The units below that aim factors at other cards (MULT_OTHER, MULT_OTHER2: aimer_two), by resource; the letter
     * each resource's units start with (-1: any); the resources among them, as bits */
    uint64_t aiming;
    int64_t aimer[MAX_AIMERS];
    int8_t aimer_res[MAX_AIMERS], res_letter[MAX_RESOURCES];
    uint8_t aimer_two[MAX_AIMERS];
    int n_aimers;
    int8_t first_res[MAX_BELOW];
    int n_first;
} Reach;

/* How many letters of the last card laid are left to the subtree: a wild's (a Double Wild's two, or its second) are
 * the first of the completions below the node (the walk's one ceiling for every letter it may spell; its facts count
 * them, and a letter out of the prefix only lets more motifs apply). */
static int letter_pending(const Tables *t, const Placed *seq, int m) {
    if (!m || seq[m - 1].letters[1] >= 0) return 0;
    int width = t->scorer.faces[seq[m - 1].face].wild == WILD_double ? 2 : 1;
    return seq[m - 1].letters[0] < 0 ? width : width - 1;
}

/* Priced, each prefix card's shape: the letters before it, exactly; after it, those of the prefix and the subtree's
 * at most (a wild whose letter is pending spells none of the prefix's: its letter is the subtree's). */
static void lay_shapes(Reach *w) {
    for (int i = 0, before = 0; i < w->m; i++) {
        int width = w->seq[i].letters[0] < 0 ? 0 : w->seq[i].letters[1] >= 0 ? 2 : 1, after = w->letters - before - width;
        w->laid[i] = w->most;
        w->laid[i].left = w->laid[i].left_least = before;
        w->laid[i].right_least = after;
        w->laid[i].right = after + w->height;
        before += width;
    }
}

/* Prefix card i's shape: its own, priced; else the word's, as the walks that find words have always had it (a
 * tighter ceiling there keeps fewer of the words they pass, and the packing misses them). */
static const Shape *laid_shape(const Reach *w, int i) { return w->priced ? &w->laid[i] : &w->most; }

/* The prefix's factors, word-level additions, additions given, vowels, and whether it holds a wild. */
static void read_prefix(Reach *w) {
    const Face *faces = w->c->t->scorer.faces;
    for (int i = 0; i < w->m; i++) {
        int face = w->seq[i].face;
        const FaceCeiling *fc = &w->c->face[face];
        add_factor(&w->x, fc, 1);
        w->word_adds += word_add(&faces[face]);
        w->gives_total += gives(&faces[face], w->most.cards);
        w->received += fc->single;
        w->received_first += fc->first_from == FIRST_FROM_ANY || fc->first_from == i ? fc->single : 0;
        w->wild_laid |= faces[face].is_wild;
        for (int k = 0; k < 2 && w->seq[i].letters[k] >= 0; k++) w->most.vowels += vowel_or_y(w->seq[i].letters[k]);
        if (fc->self_factor > w->most_self) w->most_self = fc->self_factor;
    }
}

/* The units the resources left may add below the node, and the largest factors they may bring. */
static void read_below(Reach *w, const int *left, const int *held) {
    const Tables *t = w->c->t;
    Below below;  /* (only the counts cleared: the factors are written before they are read) */
    for (int kind = 0; kind < 5; kind++) below.n[kind] = 0;
    uint32_t next = steps_letters(&t->steps, w->node);  /* the letters that may come next (a Double Wild's second) */
    if (letter_pending(t, w->seq, w->m)) next = ALL_LETTERS;
    uint32_t present = 0;  /* the letters some completion below holds */
    for (int letter = 0; letter < 26; letter++) present |= (uint32_t)(w->facts[letter] > 0) << letter;
    for (int r = 0; r < t->n_res; r++) {
        if (left[r] <= 0 || w->height == 0 || !(w->c->unit[r].firsts & present)) continue;  /* (no room: no copies) */
        int limits[4] = {left[r], held[r], w->copies_left, w->m};
        Candidate *k = &w->cand[w->n_cand];
        candidate(w->c, r, limits, w->facts, &w->most, &below, &w->word_adds, k);
        if (k->copies <= 0) continue;
        for (int a = 0, aiming = w->c->res_aiming[r]; aiming >> a; a++)
            if (aiming >> a & 1) {
                aim_factor(&w->x, 1 << a, w->c->res_aims[r][a], k->copies);
                if (a < AIM_LAST && w->c->res_aims[r][a] > w->x.below_at[a]) w->x.below_at[a] = w->c->res_aims[r][a];
                if (a == AIM_LEFT && (k->letter < 0 || next >> k->letter & 1) && w->c->res_aims[r][a] > w->x.next_left)
                    w->x.next_left = w->c->res_aims[r][a];
            }
        w->received += k->single * k->copies;
        w->received_first += k->single_first * k->copies;
        if (k->self_factor > w->most_self) w->most_self = k->self_factor;
        w->n_cand++;
        w->res_letter[r] = (int8_t)(k->letter >= 0 ? k->letter : -1);
    }
    w->n_aimers = 0;
    w->aiming = 0;
    for (int kind = MULT_OTHER; kind <= MULT_OTHER2; kind++)
        for (int i = 0; i < below.n[kind]; i++) {
            w->aiming |= (uint64_t)1 << below.res[kind][i];
            w->aimer[w->n_aimers] = below.factor[kind][i];
            w->aimer_res[w->n_aimers] = below.res[kind][i];
            w->aimer_two[w->n_aimers++] = kind == MULT_OTHER2;
        }
    w->first_laid = w->x.first;
    below_apply(&below, &w->x, w->height);
    if (w->c->first_path) {  /* the letters below hold only so many of the units multiplying the first card */
        int64_t along = times(w->first_laid, w->c->first_path[w->node]);
        if (along < w->x.first) w->x.first = along;
    }
    w->n_first = below.n[MULT_FIRST] < w->height ? below.n[MULT_FIRST] : w->height;
    for (int i = 0; i < w->n_first; i++) {
        w->first_below[i] = below.factor[MULT_FIRST][i];
        w->first_res[i] = below.res[MULT_FIRST][i];
    }
}

/* What a unit below adds: its own value and what it gives, doubled at most by the largest self factor. */
static int64_t unit_add(const Reach *w, const Candidate *u) { return u->self_factor * u->own + w->most_self * u->gives; }

/* Each unit below as an entry: the most it can be worth to a factor; and each resource's units as a run: what each
 * adds (with what it gives). */
static void list_entries(Reach *w) {
    int n = 0;
    int64_t received = w->received;
    w->n_runs = 0;
    for (int k = 0; k < w->n_cand; k++) {
        const Candidate *u = &w->cand[k];
        int64_t peak = u->self_factor * (u->own + received);
        int64_t last_peak = u->self_factor * (u->own_last + received);
        int start = n;
        for (int copy = 0; copy < u->copies && n < MAX_ENTRIES; copy++, n++) {
            w->from[n] = u->res;
            w->add_letter[n] = (int8_t)u->letter;
            w->end_letter[n] = (int8_t)u->last_letter;
            w->peak_copy[n] = copy >= u->held;
            w->peaks[n] = peak;
            w->last_peaks[n] = last_peak;
        }
        if (n == start) continue;
        int r = w->n_runs++, cards = u->held < n - start ? u->held : n - start;
        w->run_add[r] = unit_add(w, u);
        w->run_letter[r] = (int8_t)u->letter;
        w->run_res[r] = u->res;
        w->run_count[r] = n - start;
        w->run_copies[r] = n - start - cards;
    }
    w->n_adds = w->n_peaks = n;
}

static Aimed aimed(double weight, double cap, double size) { return (Aimed){weight, cap, size, weight * (cap - 1) / size}; }

/* The most sum of weight_i (y_i - 1) over 1 <= y_i <= cap_i with sum ln y_i <= room: each term is convex in ln y_i,
 * so at most its chord, weight_i (cap_i - 1) ln y_i / ln cap_i; and the most of those chords' sum is the fractional
 * knapsack's, best ratio first. */
static double knapsack(Aimed *item, int n, double room) {
    for (int i = 1; i < n; i++) {  /* insertion sort, best ratio first (a few) */
        Aimed x = item[i];
        int j = i;
        for (; j > 0 && item[j - 1].ratio < x.ratio; j--) item[j] = item[j - 1];
        item[j] = x;
    }
    double sum = 0;
    for (int i = 0; i < n && room > 0; i++) {
        sum += item[i].size <= room ? item[i].weight * (item[i].cap - 1) : item[i].ratio * room;
        room -= item[i].size;
    }
    return sum;
}

/* What the factors aimed at cards add, `product` of them at the first card, placed (read_placed): the laid cards'
 * known factors, and the others by the knapsack, the first card's weight times `product`. */
static int64_t placed_gain(const Reach *w, int64_t product) {
    Aimed item[PLACED_ITEMS];
    double v0 = (double)w->first_value, sum = v0 * ((double)product * (double)w->laid_known[0] - 1) + w->known_gain;
    double most = 0;
    for (int k = 0; k < w->cases; k++) {
        memcpy(item, w->placed[k], sizeof(Aimed) * (size_t)w->n_placed[k]);
        if (w->first_placed >= 0) {
            Aimed *first = &item[w->first_placed];
            *first = aimed(first->weight * (double)product, first->cap, first->size);
        }
        double gain = w->room[k] > 0 ? knapsack(item, w->n_placed[k], w->room[k]) : 0;
        if (gain > most) most = gain;
    }
    sum += most;
    double up = sum * (1 + 1e-9) + 1;  /* (rounded up, past any rounding) */
    return up >= (double)FACTOR_CAP ? FACTOR_CAP : up < 0 ? 0 : (int64_t)up;
}

/* Add a card the unknown factors may aim at (none when they cannot: cap 1), into w->placed. */
static void may_aim(Reach *w, int k, double weight, double cap, double size) {
    if (cap > 1 && weight > 0) w->placed[k][w->n_placed[k]++] = aimed(weight, cap, size);  /* (room: PLACED_ITEMS) */
}

/* How many units below (their copies) of resources whose units start with `letter`: of those that aim factors at
 * other cards (aimers 1), or of the others (0); at most as many as the letter's facts allow. */
static int letter_units(const Reach *w, int letter, int aimers) {
    int n = 0;
    for (int k = 0; k < w->n_cand; k++)
        if (w->cand[k].letter == letter && (int)(w->aiming >> w->cand[k].res & 1) == aimers) n += w->cand[k].copies;
    return n < w->facts[letter] ? n : w->facts[letter];
}

/* The letter the units below aiming factors at other cards start with, when other units below start with it too and
 * the subtree has too few of it for all of them (so a word taking more of the ones has fewer of the others); -1 when
 * none does. Of several, the one with the largest factor. */
static int shared_letter(const Reach *w) {
    int best = -1;
    int64_t factor = 0;
    for (int i = 0; i < w->n_aimers; i++) {
        int letter = w->res_letter[w->aimer_res[i]];
        if (letter < 0 || w->aimer[i] <= factor) continue;
        int others = letter_units(w, letter, 0);
        if (others > 0 && letter_units(w, letter, 1) + others > w->facts[letter]) {
            best = letter;
            factor = w->aimer[i];
        }
    }
    return best;
}

/* What a factor of the units below multiplies the product at other cards by (Factors.sides). */
static int64_t aimer_sides(const Reach *w, int i) { return w->aimer_two[i] ? times(w->aimer[i], w->aimer[i]) : w->aimer[i]; }

/* The product of the factors below in a word taking at most `t` units of `letter` (-1: any) from the resources
 * aiming factors: of each kind, the largest `height` of the others' and of the t largest of that letter. */
static int64_t below_product(const Reach *w, int letter, int t) {
    int64_t f[MAX_AIMERS], product = 1;
    uint8_t two[MAX_AIMERS], taken[MAX_AIMERS] = {0};
    int n = 0;
    for (int i = 0; i < w->n_aimers; i++)
        if (letter < 0 || w->res_letter[w->aimer_res[i]] != letter) {
            f[n] = w->aimer[i];
            two[n++] = w->aimer_two[i];
        }
    for (int j = 0; j < t && letter >= 0; j++) {  /* the t largest of the letter */
        int best = -1;
        for (int i = 0; i < w->n_aimers; i++)
            if (!taken[i] && w->res_letter[w->aimer_res[i]] == letter && (best < 0 || aimer_sides(w, i) > aimer_sides(w, best)))
                best = i;
        if (best < 0) break;
        taken[best] = 1;
        f[n] = w->aimer[best];
        two[n++] = w->aimer_two[best];
    }
    for (int kind = 0; kind < 2; kind++)
        for (int j = 0; j < w->height; j++) {  /* the largest `height` of each kind */
            int best = -1;
            for (int i = 0; i < n; i++)
                if (two[i] == kind && f[i] > 1 && (best < 0 || f[i] > f[best])) best = i;
            if (best < 0) break;
            product = times(product, kind ? times(f[best], f[best]) : f[best]);
            f[best] = 0;
        }
    return product;
}

/* Of the units below's values[] (their entries), those starting with `letter`: keep the best k of the resources
 * aiming factors and the best (the subtree's facts less k) of the others; the rest 0. */
static void keep_letter(const Reach *w, int letter, int k, int64_t *values) {
    int8_t group[MAX_ENTRIES];  /* -1: not of the letter; 1: an aimer's; 0: another's */
    for (int i = 0; i < w->n_adds; i++)
        group[i] = (int8_t)(w->add_letter[i] != letter ? -1 : (int)(w->aiming >> w->from[i] & 1));
    for (int g = 0; g < 2; g++) {
        int keep = g ? k : w->facts[letter] - k;
        for (int kept = 0; kept < keep; kept++) {  /* the best left in the group, kept out of it */
            int best = -1;
            for (int i = 0; i < w->n_adds; i++)
                if (group[i] == g && (best < 0 || values[i] > values[best])) best = i;
            if (best < 0) break;
            group[best] = -1;
        }
        for (int i = 0; i < w->n_adds; i++)
            if (group[i] == g) values[i] = 0;
    }
}

/* Case k of read_placed (k units of `letter` from the resources aiming factors; letter -1: any number): the cards
 * the unknown factors may aim at, into w->placed[k], and ln of their product into w->room[k]. */
static void place_case(Reach *w, int k, int letter, int64_t laid_unknown) {
    const int64_t *at = w->x.at, *below = w->x.below_at, *known = w->laid_known, *laid_value = w->laid_value;
    int m = w->m;
    int64_t unknown = times(laid_unknown, letter < 0 ? w->x.below_sides : below_product(w, letter, k));
    w->room[k] = unknown > 1 ? log((double)unknown) : 0;
    w->n_placed[k] = 0;
    if (unknown <= 1) return;
    /* From one and two to its right, the cards below: the first of them, when a card is laid, one that may come next */
    double more = w->height ? (double)(m ? w->x.next_left : below[AIM_LEFT]) * (double)below[AIM_LEFT2] : 1;
    if (!m) {
        double cap = w->most.cards < 2 ? more * (double)at[AIM_LAST] : more;  /* (the first card the last) */
        if (cap > 1 && w->first_value > 0) w->first_placed = 0;
        may_aim(w, k, (double)w->first_value, cap, cap > 1 ? log(cap) : 0);
    }
    for (int i = m >= 2 ? m - 2 : 0; i < m; i++) {
        double cap = i == m - 2 ? (w->height ? (double)below[AIM_LEFT2] : 1) : more > at[AIM_LAST] ? more : (double)at[AIM_LAST];
        if (!i && cap > 1 && w->first_value > 0) w->first_placed = w->n_placed[k];
        may_aim(w, k, (double)laid_value[i] * (double)known[i], cap, cap > 1 ? log(cap) : 0);
    }
    /* The units below: no more of them than factors of 2 in `unknown` gain from it; of `letter`, k from the
     * resources aiming factors and the subtree's facts less k from the others */
    double mid = (double)below[AIM_LEFT] * (double)at[AIM_RIGHT] * (double)below[AIM_LEFT2] * (double)at[AIM_RIGHT2];
    double last = (double)at[AIM_LAST] * (double)at[AIM_RIGHT] * (double)at[AIM_RIGHT2];
    if (mid <= 1 && last <= 1) return;
    int64_t values[MAX_ENTRIES], best[MAX_ENTRIES];
    uint8_t copy[MAX_ENTRIES];
    int most = 64 - __builtin_clzll((uint64_t)unknown), height = w->height < most ? w->height : most;
    memcpy(values, w->peaks, sizeof(int64_t) * (size_t)w->n_adds);
    memcpy(copy, w->peak_copy, (size_t)w->n_adds);
    if (letter >= 0) keep_letter(w, letter, k, values);
    /* The last card: the best unit below that may end a word of the subtree (its last letter one of its ends), at its
     * value there (no letter to its right) */
    int64_t ending = 0;
    uint32_t ends = facts_ends(w->facts);
    for (int i = 0; i < w->n_adds && last > mid; i++) {
        int64_t v = w->last_peaks[i] < values[i] ? w->last_peaks[i] : values[i];  /* (0: kept out of this case) */
        if ((w->end_letter[i] < 0 || ends >> w->end_letter[i] & 1) && v > ending) ending = v;
    }
    int n = top_list(values, copy, w->n_adds, height, w->copies_left, best);
    double ln_mid = mid > 1 ? log(mid) : 0, ln_last = last > mid ? log(last) : ln_mid;
    int apart = last > mid && n && ending < best[0];  /* (not the best: the last card another item) */
    for (int i = 0; i < n; i++) {
        int is_last = i == 0 && last > mid && !apart;
        may_aim(w, k, (double)best[i], is_last ? last : mid, is_last ? ln_last : ln_mid);
    }
    if (apart) may_aim(w, k, (double)ending, last, ln_last);
}

/* Where the factors aimed at cards are placed (placed_gain): a laid card gets exactly the factors the laid cards aim
 * at it (laid_known), and of the others (those of the units below, and the laid cards' aimed past the prefix or at
 * the last card: their product `unknown`) at most one from each place beside it (AIM_*) not yet laid, or every factor
 * at the last card if it is the last. So a laid card before the last two gets none of them, the one before the last
 * at most one from two to its right, the last the largest from one and two to its right or every one at the last
 * card; a unit below, at most the largest from each place (the best of them the last card's, when that is more); the
 * first card, when it is below, from one and two to its right. The sum of the cards' gains is at most the knapsack's
 * of those caps within ln unknown. */
static void read_placed(Reach *w) {
    const Ceiling *c = w->c;
    int64_t laid_unknown = 1, *known = w->laid_known;
    int m = w->m;
    for (int k = 0; k < c->epistolary; k++) laid_unknown = times(laid_unknown, 2);
    for (int i = 0; i < (m ? m : 1); i++) known[i] = 1;
    for (int i = 0; i < m; i++) {
        const FaceCeiling *fc = &c->face[w->seq[i].face];
        if (!fc->aims) continue;
        int64_t f = fc->factor;
        if (fc->aims >> AIM_LEFT & 1 && i >= 1) known[i - 1] = times(known[i - 1], f);
        if (fc->aims >> AIM_LEFT2 & 1 && i >= 2) known[i - 2] = times(known[i - 2], f);
        if (fc->aims >> AIM_RIGHT & 1) {
            if (i + 1 < m) known[i + 1] = times(known[i + 1], f);
            else laid_unknown = times(laid_unknown, f);
        }
        if (fc->aims >> AIM_RIGHT2 & 1) {
            if (i + 2 < m) known[i + 2] = times(known[i + 2], f);
            else laid_unknown = times(laid_unknown, f);
        }
        if (fc->aims >> AIM_LAST & 1) laid_unknown = times(laid_unknown, f);
    }
    w->known_gain = 0;
    for (int i = 1; i < m; i++) w->known_gain += (double)w->laid_value[i] * (double)(known[i] - 1);
    /* The cases: how many units of the letter the factors below spell (shared), or one case when no letter is */
    int letter = shared_letter(w), most = letter < 0 ? 0 : letter_units(w, letter, 1);
    w->cases = letter < 0 || most >= PLACED_CASES ? 1 : most + 1;
    if (w->cases == 1) letter = -1;
    w->first_placed = -1;
    for (int k = 0; k < w->cases; k++) place_case(w, k, letter, laid_unknown);
}

/* What the factors aimed at cards add, `product` of them at the first card: the least of three bounds. The others'
 * factors at the first card and at each of the best cards they may aim at (spread); the most either way of placing
 * them all, at the first card or at the best other card: every card c of value v_c gets a product P_c of the factors
 * aimed at it (one aimed at two cards counted on each: Factors.sides), and sum_c v_c (P_c - 1) is at most the best
 * value times (prod_c P_c - 1); with the first card's own `product` apart, the sum is convex in what the first card
 * takes of the others, so at most its larger end; and placed where they can be (placed_gain). */
static int64_t aimed_gain(const Reach *w, int64_t product) {
    int64_t spread = (times(product, w->x.other) - 1) * w->first_value + w->others_gain;
    int64_t placed = w->x.sides > 1 ? placed_gain(w, product) : spread;  /* (no factor aims at another card) */
    int64_t at_first = (times(product, w->x.sides) - 1) * w->first_value;
    int64_t apart = (product - 1) * w->first_value + (w->x.sides - 1) * w->other_best;
    int64_t most = at_first > apart ? at_first : apart;
    if (placed < most) most = placed;
    return most < spread ? most : spread;
}

/* What the factors aimed at cards add: at the first card (laid, or the best a unit below could be), then at the
 * others (the laid cards after the first, and the units below). */
static int64_t factor_gain(Reach *w) {
    const Ceiling *c = w->c;
    int64_t first = 0;
    int64_t received = w->priced ? w->received_first : w->received;
    if (w->m > 0) {
        first = c->face[w->seq[0].face].self_factor * (own_value(c, w->seq[0].face, laid_shape(w, 0)) + received);
    } else if (w->priced) {
        for (int k = 0; k < w->n_cand; k++) {
            int64_t v = w->cand[k].self_factor * (w->cand[k].own + received);
            if (v > first) first = v;
        }
    } else {
        for (int i = 0; i < w->n_peaks; i++)
            if (w->peaks[i] > first) first = w->peaks[i];
    }
    for (int i = 1; i < w->m; i++) {
        w->laid_value[i] = c->face[w->seq[i].face].self_factor * (own_value(c, w->seq[i].face, laid_shape(w, i)) + w->received);
        if (w->n_peaks < MAX_ENTRIES) {
            w->peak_copy[w->n_peaks] = 0;
            w->peaks[w->n_peaks++] = w->laid_value[i];
        }
    }
    for (int k = 0; k < c->first_letter; k++) {
        w->x.first = times(w->x.first, 2);
        w->first_laid = times(w->first_laid, 2);
    }
    for (int k = 0; k < c->epistolary; k++) {
        w->x.other = times(w->x.other, 2);
        w->x.sides = times(w->x.sides, 2);
        w->x.at[AIM_LAST] = times(w->x.at[AIM_LAST], 2);
        w->x.aimed += 1;
    }
    int aimed = w->x.aimed < w->most.cards ? w->x.aimed : w->most.cards;
    w->first_value = w->laid_value[0] = first > 0 ? first : 0;
    if (w->x.sides > 1) read_placed(w);
    int64_t best[MAX_ENTRIES], sum = 0;  /* (the other cards the factors may aim at, best first) */
    int n_best = top_list(w->peaks, w->peak_copy, w->n_peaks, aimed, w->copies_left, best);
    for (int i = 0; i < n_best; i++) sum += best[i];
    w->others_gain = (w->x.other - 1) * sum;
    w->other_best = n_best ? best[0] : 0;
    return aimed_gain(w, w->x.first);
}

/* What a unit of resource r adds below, at the word's factor, less its price (1/PRICE_SCALE points): as the tail
 * counts it. */
static int64_t priced_add(const Reach *w, int r, int64_t factor, const int64_t *cheap) {
    for (int k = 0; k < w->n_cand; k++)
        if (w->cand[k].res == r) return times(factor, unit_add(w, &w->cand[k])) * PRICE_SCALE - cheap[r];
    return 0;
}

/* A head of the word's points at its factor W: W * head, or head when it is negative (W multiplies the units below
 * too, each of whose additions is at least 0). */
static int64_t at_factor(int64_t head, int64_t factor) { return head > 0 ? times(factor, head) : head; }

/* The head at the word's factor (less prices), the most over how many units below that multiply the first card the
 * word takes: j of them bring at most the j largest factors, and cost at least the j least of what each costs
 * beyond what it adds (a unit that adds more than its price costs nothing: the tail counts it). A word taking none
 * pays none of their prices: with prices, the factors at the first card are worth their units' prices only when
 * they bring more. */
static int64_t priced_head(const Reach *w, int64_t rest, int64_t factor, const int64_t *cheap) {
    int64_t cost[MAX_BELOW], best = INT64_MIN, paid = 0, product = w->first_laid;
    for (int i = 0; i < w->n_first; i++) {  /* insertion sort, least first (a few) */
        int64_t net = priced_add(w, w->first_res[i], factor, cheap), v = net < 0 ? -net : 0;
        int j = i;
        for (; j > 0 && cost[j - 1] > v; j--) cost[j] = cost[j - 1];
        cost[j] = v;
    }
    for (int j = 0; j <= w->n_first; j++) {
        if (j) {
            product = times(product, w->first_below[j - 1]);
            paid += cost[j - 1];
        }
        int64_t head = rest + aimed_gain(w, product);
        int64_t v = at_factor(head, factor) * PRICE_SCALE - paid;
        if (v > best) best = v;
    }
    return best;
}

/* What the split motif (Ceiling.split) may do to the word: whether it may apply, and then double it or add `extra`. */
typedef struct {
    int applies, doubles;
    int64_t extra;
} Split;

/* What the word itself may earn: word-level additions, the motifs that may still apply, awards; the word motifs
 * that may double it into *doublers. The split motif's part is not in them but in *split. */
static int64_t word_level(const Reach *w, int *doublers, Split *split) {
    const Ceiling *c = w->c;
    const Tables *t = c->t;
    Spelled spelled;
    spell(w->seq, w->m, &spelled);
    int64_t extra = w->word_adds + c->red_blue + (w->wild_laid ? 0 : c->hermit) + c->awards_fixed
                    + (c->grandiloquent ? w->most.letters : 0);
    *doublers = 0;
    *split = (Split){0};
    for (int j = 0; j < t->scorer.n_motifs; j++) {
        int motif = t->scorer.motifs[j], doubles = 0;
        int64_t add = 0;
        if (!may_apply(motif, &spelled, w->facts, w->letters, w->is_word)) continue;
        switch (motif) {
        case MOTIF_utopia: case MOTIF_trilogy: case MOTIF_fight_back_to_back: doubles = 1; break;
        case MOTIF_uncopyrightable: add = 1; break;
        case MOTIF_chekhovs_gun: case MOTIF_bookkeeper: case MOTIF_strengths: case MOTIF_lipogram:
            add = w->most.letters;
            break;
        case MOTIF_my_name_is: add = name_repeats(&spelled, w->facts, w->height, t->param.my_name_is_extra); break;
        }
        if (motif == c->priced.split && !split->applies) {  /* (the same motif twice: the other counts as any) */
            *split = (Split){.applies = 1, .doubles = doubles, .extra = add};
        } else {
            *doublers += doubles;
            extra += add;
        }
    }
    return extra;
}

/* Which priced paths are at this word factor, or -1 (none). */
static int priced_index(const Ceiling *c, int64_t factor) {
    for (int k = 0; k < c->priced.factors; k++)
        if (factor == (int64_t)1 << k) return c->priced.usable[k] ? k : -1;
    return -1;
}

/* The most the units below add at the word's factor (less their prices, with cheap), the least of three bounds:
 * the best units within the letters the subtree holds, within the copies left, and along the list's words. */
static int64_t below_tail(Reach *w, uint32_t node, int64_t factor, const int64_t *cheap) {
    int64_t scale = cheap ? PRICE_SCALE : 1, value[MAX_RESOURCES];
    for (int i = 0; i < w->n_runs; i++)
        value[i] = times(factor, w->run_add[i]) * scale - (cheap ? cheap[w->run_res[i]] : 0);
    int64_t by_letter, by_copies;
    top_sums(value, w->run_letter, w->run_count, w->run_copies, w->n_runs, w->height, w->facts, w->copies_left,
             &by_letter, &by_copies);
    int64_t tail = by_letter < by_copies ? by_letter : by_copies;
    const Ceiling *c = w->c;
    if (c->path && !(cheap && priced_index(c, factor) >= 0)) {  /* along the list's words: what the units below add */
        int64_t by_path = times(factor, c->path[node]) * scale;
        if (by_path < tail) tail = by_path;
    }
    return tail;
}

/* The head at the word's factor with the j largest factors the units below may bring to the first card, free. */
static int64_t first_head(const Reach *w, int64_t rest, int64_t factor, int j) {
    int64_t product = w->first_laid;
    for (int i = 0; i < j; i++) product = times(product, w->first_below[i]);
    return at_factor(rest + aimed_gain(w, product), factor);
}

/* The priced ceiling of the words whose factor is at most `factor` and whose own points are at most `extra` (split:
 * along the words that may get the split motif), the units below bounded by `tail` (at a factor at least this one)
 * and the priced paths, when there are some. Along the paths every unit below pays its price: the first card's
 * factors come free, as many as the completion holds counted letters (the last class: all of them). */
static int64_t priced_case(const Reach *w, int split, uint32_t node, int64_t sum, int64_t gain, int64_t extra,
                           int64_t path_extra, int64_t factor, int64_t tail, const int64_t *cheap) {
    const PricedPaths *pp = &w->c->priced;
    int64_t head = at_factor(sum + gain + extra, factor) * PRICE_SCALE;
    int64_t with_tail = (w->n_first ? priced_head(w, sum + extra, factor, cheap) : head) + tail;
    int k = priced_index(w->c, factor);
    if (k < 0) return with_tail;
    /* Along the paths (which count the rest of the points: path_extra) */
    int64_t path_head = at_factor(sum + gain + path_extra, factor) * PRICE_SCALE;
    int pending = letter_pending(w->c->t, w->seq, w->m);
    int64_t by_path = INT64_MIN;
    for (int i = 0; i < pp->n_counts; i++) {  /* (letters pending: the card laid spells them, paid for) */
        int64_t path = path_after(pp, k, split, i, node, pending, w->firsts);
        if (path <= NO_PATH) continue;
        int j = i == pp->n_counts - 1 || i > w->n_first ? w->n_first : i;
        int64_t v = (pp->n_counts == 1 || !w->n_first ? path_head : first_head(w, sum + path_extra, factor, j) * PRICE_SCALE)
                    + path;
        if (v > by_path) by_path = v;
    }
    if (by_path == INT64_MIN) by_path = path_head + NO_PATH;  /* (no completion: no word below gets this case) */
    return by_path < with_tail ? by_path : with_tail;
}

int64_t word_ceiling(const Ceiling *c, uint32_t node, const Placed *seq, int m, int letters, const int *left,
                     const int *held, int copies_left, const uint8_t *facts, const int64_t *cheap, uint32_t firsts) {
    Reach reach, *w = &reach;  /* (its arrays are filled as far as they are read, not cleared: this runs per node) */
    w->c = c;
    w->seq = seq;
    w->m = m;
    w->letters = letters;
    w->height = facts[FACT_HEIGHT];
    w->most.letters = letters + w->height;
    w->most.cards = m + w->height;
    w->most.vowels = facts[FACT_VOWELS];
    w->most.left = w->most.right = -1;
    w->most.left_least = cheap ? letters : 0;  /* (the units below: after the prefix; unpriced, as before) */
    w->most.right_least = 0;
    w->is_word = steps_is_word(&c->t->steps, node);
    w->node = node;
    w->copies_left = copies_left;
    w->facts = facts;
    w->firsts = firsts;
    w->x = (Factors){.first = 1, .other = 1, .word = 1, .sides = 1, .at = {1, 1, 1, 1, 1}, .below_at = {1, 1, 1, 1, 1},
                     .below_sides = 1, .next_left = 1};
    w->word_adds = w->received = w->received_first = w->gives_total = 0;
    w->priced = cheap != NULL;
    w->wild_laid = 0;
    w->most_self = 1;
    w->n_cand = w->n_adds = w->n_peaks = 0;
    read_prefix(w);
    if (w->priced) lay_shapes(w);
    read_below(w, left, held);
    list_entries(w);
    /* T: the prefix's values (their additions given to any card, doubled at most by most_self), then the factors'
     * gain and what the word earns. */
    int64_t sum = w->most_self * w->gives_total;
    for (int i = 0; i < m; i++) sum += c->face[seq[i].face].self_factor * own_value(c, seq[i].face, laid_shape(w, i));
    int doublers;
    Split split;
    int64_t gain = factor_gain(w), apart = word_level(w, &doublers, &split), extra = apart + split.extra;
    /* The word's factor W, at most: (head + the units below) * W <= head * W (or head, when head is negative) plus
     * W times each unit's addition; less its price, when units are priced (in 1/PRICE_SCALE points then). */
    int64_t without = times(w->x.word, power(2, doublers)), factor = split.doubles ? times(without, 2) : without;
    int64_t tail = below_tail(w, node, factor, cheap);
    if (!cheap) return at_factor(sum + gain + extra, factor) + tail;
    if (c->priced.split < 0) return priced_case(w, 0, node, sum, gain, extra, extra, factor, tail, cheap);
    /* The split motif apart: the words that get it, along the words of the list that may (their paths count its
     * point per letter below the node); those that do not. */
    int64_t along = apart + (c->priced.split_per_letter ? w->letters : split.extra);
    int64_t gets = split.applies ? priced_case(w, 1, node, sum, gain, extra, along, factor, tail, cheap) : INT64_MIN;
    int64_t not = priced_case(w, 0, node, sum, gain, apart, apart, without, tail, cheap);
    return gets > not ? gets : not;
}

#define MAX_HELD_FACES (2 * MAX_FACES)  /* each face, and as printed */

/* The faces a unit of a resource held may show (copies are of classes held), with their resources; how many (-1:
 * more than there is room for). */
static int held_faces(const Tables *t, int16_t *faces, int8_t *res) {
    int n = 0;
    for (int r = 0; r < t->n_res; r++) {
        if (t->res[r].kind == RES_KIND_copy_pool || t->res[r].capacity + t->twin_cap[r] <= 0) continue;
        for (int i = 0; i < t->n_res_faces[r]; i++)
            for (int face = t->res_faces[r][i], alt = 0; face >= 0 && alt < 2; face = t->scorer.faces[face].as_printed,
                     alt++) {
                if (n == MAX_HELD_FACES) return -1;
                faces[n] = (int16_t)face;
                res[n++] = (int8_t)r;
            }
    }
    return n;
}

/* The largest self factor of the faces held. */
static int most_self_factor(const Ceiling *c, const int16_t *faces, int k) {
    int most_self = 1;
    for (int i = 0; i < k; i++)
        if (c->face[faces[i]].self_factor > most_self) most_self = c->face[faces[i]].self_factor;
    return most_self;
}

/* What a unit of each of the k faces held adds in a word of that shape (its own value, what it gives, doubled by the
 * largest self factor), into add[]. */
static void unit_adds(const Ceiling *c, const int16_t *faces, int k, const Shape *most, int64_t *add) {
    int most_self = most_self_factor(c, faces, k);
    for (int i = 0; i < k; i++)
        add[i] = c->face[faces[i]].self_factor * own_value(c, faces[i], most)
                 + most_self * gives(&c->t->scorer.faces[faces[i]], most->cards);
}

/* The longest word's shape (the list's, below the root). */
static Shape longest(const Tables *t) {
    int n = t->facts[FACT_HEIGHT];
    return (Shape){.letters = n, .cards = n, .vowels = t->facts[FACT_VOWELS], .left = -1, .right = -1, .left_least = 0,
                   .right_least = 0};
}

/* The shape of a word with `left` letters before a unit and at most `below` after its first letter. */
static Shape edge_shape(const Tables *t, int left, int below) {
    Shape s = longest(t);
    if (left < PATH_EDGE - 1 && below < PATH_EDGE - 1 && left + 1 + below < s.letters) s.letters = s.cards = left + 1 + below;
    s.left = left < PATH_EDGE - 1 ? left : -1;
    s.left_least = left < PATH_EDGE - 1 ? left : PATH_EDGE - 1;
    s.right = below < PATH_EDGE - 1 ? below : -1;
    return s;
}

/* The best value a unit starting with each letter adds, at least 0 (Ceiling.path). */
static void letter_values(const Ceiling *c, int64_t value[26]) {
    int16_t faces[MAX_HELD_FACES];
    int8_t res[MAX_HELD_FACES];
    int64_t add[MAX_HELD_FACES];
    int n = held_faces(c->t, faces, res);
    Shape most = longest(c->t);
    if (n >= 0) unit_adds(c, faces, n, &most, add);
    for (int letter = 0; letter < 26; letter++) {
        value[letter] = n < 0 ? FACTOR_CAP : 0;  /* (too many: no path) */
        for (int i = 0; i < n; i++) {
            const Face *f = &c->t->scorer.faces[faces[i]];
            uint32_t starts = f->wild == WILD_fixed ? 1u << f->letter1 : wild_spells(f->wild);
            if (starts >> letter & 1 && add[i] > value[letter]) value[letter] = add[i];
        }
    }
}

/* Half of x, rounded up (so that two halves are at least x). */
static int64_t half_up(int64_t x) { return x >= 0 ? (x + 1) / 2 : -(-x / 2); }

/* Per letter and edge, the most a unit spelling it there adds less its price (Ceiling.priced_path), NO_PATH for a
 * letter no unit spells: a unit's letters are worth at least what it adds less its price in all (a two-letter unit's,
 * when it is worth less than its price, half on each letter; else all on its first and 0 on its second), so no
 * completion's units are worth more than its letters. Never above Ceiling.path's values. */
static void priced_letter_values(const Ceiling *c, const int64_t *cheap, int64_t factor, EdgeValues value) {
    int16_t faces[MAX_HELD_FACES];
    int8_t res[MAX_HELD_FACES];
    int64_t add[MAX_HELD_FACES];
    int n = held_faces(c->t, faces, res);
    for (int d = 0; d < PATH_EDGE; d++)
        for (int h = 0; h < PATH_EDGE; h++) {
            Shape shape = edge_shape(c->t, d, h);
            if (n >= 0) unit_adds(c, faces, n, &shape, add);
            for (int letter = 0; letter < 26; letter++) value[letter][d][h] = n < 0 ? FACTOR_CAP : NO_PATH;  /* (as above) */
            for (int i = 0; i < n; i++) {
                const Face *f = &c->t->scorer.faces[faces[i]];
                int64_t net = at_factor(add[i], factor) * PRICE_SCALE - cheap[res[i]];  /* (a word may be worth less) */
                uint32_t starts = f->wild == WILD_fixed ? 1u << f->letter1 : wild_spells(f->wild);
                uint32_t seconds = face_width(f) == 1 ? 0 : f->wild == WILD_fixed ? 1u << f->letter2 : wild_spells(f->wild);
                int64_t first = seconds && net < 0 ? half_up(net) : net, second = net < 0 ? half_up(net) : 0;
                for (int letter = 0; letter < 26; letter++) {
                    int64_t *v = &value[letter][d][h];
                    if (starts >> letter & 1 && first > *v) *v = first;
                    if (seconds >> letter & 1 && second > *v) *v = second;
                }
            }
        }
}

/* The word motif in play the priced ceiling weighs apart: a double first, else points a word earns; -1: none. */
static int split_motif(const Tables *t) {
    static const int doubles[] = {MOTIF_utopia, MOTIF_trilogy, MOTIF_fight_back_to_back},
                     earns[] = {MOTIF_chekhovs_gun, MOTIF_bookkeeper, MOTIF_strengths, MOTIF_lipogram,
                                MOTIF_uncopyrightable};
    for (int pass = 0; pass < 2; pass++)
        for (int j = 0; j < t->scorer.n_motifs; j++)
            for (int i = 0; i < (pass ? 5 : 3); i++)
                if (t->scorer.motifs[j] == (pass ? earns : doubles)[i]) return t->scorer.motifs[j];
    return -1;
}

/* The letters of the units that may multiply the first card, as bits (0: none, or a wild may). */
static uint32_t first_factor_letters(const Ceiling *c) {
    const Tables *t = c->t;
    uint32_t letters = 0;
    for (int r = 0; r < t->n_res; r++)
        for (int i = 0; i < t->n_res_faces[r] && t->res[r].kind != RES_KIND_copy_pool; i++)
            for (int face = t->res_faces[r][i], alt = 0; face >= 0 && alt < 2; face = t->scorer.faces[face].as_printed,
                     alt++) {
                const Face *f = &t->scorer.faces[face];
                if (c->face[face].mult_kind != MULT_FIRST) continue;
                if (f->wild != WILD_fixed) return 0;
                letters |= 1u << f->letter1;
            }
    return letters;
}

/* How many doubles a word may get at most (word motifs that double, and the units that multiply a word, each
 * counted as a double per factor of 2 or part of one): the priced paths' factors are 2^k for k up to it. */
static int most_doubles_in_word(const Ceiling *c) {
    const Tables *t = c->t;
    int n = 0;
    for (int j = 0; j < t->scorer.n_motifs; j++) {
        int motif = t->scorer.motifs[j];
        n += motif == MOTIF_utopia || motif == MOTIF_trilogy || motif == MOTIF_fight_back_to_back;
    }
    for (int r = 0; r < t->n_res; r++) {
        int64_t most = 1;
        for (int i = 0; i < t->n_res_faces[r] && t->res[r].kind != RES_KIND_copy_pool; i++)
            for (int face = t->res_faces[r][i], alt = 0; face >= 0 && alt < 2; face = t->scorer.faces[face].as_printed,
                     alt++)
                if (c->face[face].mult_kind == MULT_WORD && c->face[face].factor > most) most = c->face[face].factor;
        int doubles = 0;
        while (most > 1 && doubles < 8) {
            most = (most + 1) / 2;
            doubles++;
        }
        n += doubles * (t->res[r].capacity + t->twin_cap[r]);
    }
    return n;
}

/* Per letter, the largest factor a unit starting with it multiplies the first card by (at least 1) into factor[];
 * whether some unit does (0 also when a wild face does: any letter may hold it). */
static int first_factors(const Ceiling *c, int64_t factor[26]) {
    const Tables *t = c->t;
    int some = 0;
    for (int letter = 0; letter < 26; letter++) factor[letter] = 1;
    for (int r = 0; r < t->n_res; r++)
        for (int i = 0; i < t->n_res_faces[r] && t->res[r].kind != RES_KIND_copy_pool; i++)
            for (int face = t->res_faces[r][i], alt = 0; face >= 0 && alt < 2; face = t->scorer.faces[face].as_printed,
                     alt++) {
                const Face *f = &t->scorer.faces[face];
                if (c->face[face].mult_kind != MULT_FIRST || c->face[face].factor <= 1) continue;
                if (f->wild != WILD_fixed) return 0;
                if (c->face[face].factor > factor[f->letter1]) factor[f->letter1] = c->face[face].factor;
                some = 1;
            }
    return some;
}

/* The path values (Ceiling.path, Ceiling.first_path). */
static int paths(Ceiling *c) {
    int64_t value[26], factor[26];
    letter_values(c, value);
    size_t n = c->t->steps.n_nodes;
    if (!(c->path = malloc(sizeof *c->path * n))) return -1;
    if (first_factors(c, factor) && !(c->first_path = malloc(sizeof *c->first_path * n))) return -1;
    paths_fill_plain(&c->t->steps, value, c->path, factor, FACTOR_CAP, c->first_path);
    return 0;
}

int ceiling_price(Ceiling *c, const int64_t *cheap, int threads) {
    const Tables *t = c->t;
    double started = now_seconds();
    if (!c->priced.depth  /* (the priced paths' layout, at the first prices) */
        && paths_init(&c->priced, &t->steps, t->facts, split_motif(t), first_factor_letters(c),
                      most_doubles_in_word(c) + 1) < 0)
        return -1;
    EdgeValues *value = malloc(sizeof *value * PRICED_FACTORS);
    if (!value) return -1;
    for (int k = 0; k < c->priced.factors; k++) priced_letter_values(c, cheap, (int64_t)1 << k, value[k]);
    int rc = paths_fill(&c->priced, (const EdgeValues *)value, threads);
    free(value);
    c->fill_seconds = now_seconds() - started;
    return rc;
}
