/* Priced paths (issue 25): per node of the step index, the most the units of a completion below it can add less
 * their prices, along the words of the list, each letter at the value of its edge.
 *
 * A completion's units each start at one of its letters (a two-letter unit takes its second too), so no completion's
 * units are worth more than the sum of its letters' values when each letter is worth at least what any unit laid
 * there adds less its price (ceiling.c works the values out, per letter and edge). The walk that prices words (the
 * bound from prices) takes the least of these paths and the ceiling's other bounds on what the units below add.
 *
 * The paths are kept apart by what the words must be to earn something more:
 * - one word motif (the split motif: a double, or points a word earns), per node whether the word there may get it
 *   (whatever cards spell it): the paths along those words alone, each letter worth a point more (at the word's
 *   factor) when the motif earns a point per letter;
 * - the letters of the units that multiply the first card (`counted`): the completions holding none, one, or two or
 *   more of them (a word takes as many of those units below as it has such letters at most).
 */
#ifndef NOVELTY_PATHS_H
#define NOVELTY_PATHS_H

#include <stdint.h>

#include "tables.h"

#define PATH_EDGE 17         /* edges by letters before and below: 0 .. PATH_EDGE - 2 exactly, PATH_EDGE - 1 for more */
#define PRICED_FACTORS 3     /* word factors 1, 2 and 4 have priced paths */
#define PATH_COUNTS 3        /* completions by the counted letters they hold: 0, 1, 2 or more */
#define NO_PATH (-((int64_t)1 << 50))  /* no completion (a value below this is none) */

/* Per letter, letters before and letters below (path_edge of each), what a letter is worth there. */
typedef int64_t EdgeValues[26][PATH_EDGE][PATH_EDGE];

static inline int path_edge(int x) { return x < PATH_EDGE - 1 ? x : PATH_EDGE - 1; }

static inline int vowel_code(int c) { return c == 0 || c == 4 || c == 8 || c == 14 || c == 20; }
static inline int vowel_or_y(int letter) { return vowel_code(letter) || letter == 24; }

typedef struct {
    const Steps *st;     /* borrowed */
    uint8_t *depth;      /* owned: per node, its prefix's letters (path_edge of it) */
    uint8_t *height;     /* owned: per node, the most letters below it (path_edge of it) */
    int split;           /* the split motif, or -1 */
    int split_per_letter;  /* it earns a point per letter of the word: its paths count them (1), or not (0) */
    uint8_t *split_word; /* owned, or NULL: per node, whether the word there may get the split motif */
    uint8_t *half;       /* owned, or NULL (a node with two parents: not a tree): per node, which of two sets of the
                          * root's children's subtrees it is in, of about as many nodes each (2: the root), so that a
                          * fill on two threads takes a set each; worked out at the first such fill (`halved`) */
    int halved;
    uint32_t counted;    /* the counted letters (0: none; then one count class, every completion) */
    int n_counts;
    int factors;         /* the word factors 2^k with paths: k < factors */
    /* Owned, or NULL: [k][0] along every word, [k][1] along those that may get the split motif; per node, its count
     * classes side by side (node * n_counts + class: a ceiling reads them together). */
    int32_t *path[PRICED_FACTORS][2];
    int usable[PRICED_FACTORS];  /* the paths at 2^k were filled and every value fit */
    /* Owned, or NULL: the same, one letter down: per node and count class, the most over its children of their paths
     * (path_after of one free letter, any first); after_usable[k][split]: filled, and every value fit (else
     * path_after reads the children's paths itself). */
    int32_t *after[PRICED_FACTORS][2];
    int after_usable[PRICED_FACTORS][2];
} PricedPaths;

/* Set up for the index and its facts: depths, heights, and the split motif's words. 0, or -1 when out of memory. */
int paths_init(PricedPaths *pp, const Steps *st, const uint8_t *facts, int split, uint32_t counted, int factors);
void paths_free(PricedPaths *pp);
/* Fill the paths at every word factor 2^k (k < factors) from the letters' values there (value[k]), in one pass over
 * the index (`threads` 2: two passes side by side, each of half the factors and splits); 0, or -1 when out of
 * memory. */
int paths_fill(PricedPaths *pp, const EdgeValues *value, int threads);
/* The most any completion adds, each letter at value[letter], at least 0 (every node may end one), into path[]
 * (n_nodes of them): Ceiling.path; in the same pass (product: may be NULL), the most any completion multiplies by,
 * each letter at factor[letter] (at least 1), a product over `cap` counted as cap: Ceiling.first_path. */
void paths_fill_plain(const Steps *st, const int64_t value[26], int64_t *path, const int64_t *factor, int64_t cap,
                      int64_t *product);

/* A stored path's value (INT32_MIN: none). */
static inline int64_t path_at_raw(int32_t v) { return v == INT32_MIN ? NO_PATH : v; }

/* Where a node's path of count class i is in each of PricedPaths.path's arrays. */
static inline size_t path_index(const PricedPaths *pp, uint32_t node, int i) {
    return (size_t)node * (size_t)pp->n_counts + (size_t)i;
}

/* The path at node of count class i, factor 2^k (split: along the split motif's words), or NO_PATH. */
static inline int64_t path_at(const PricedPaths *pp, int k, int split, int i, uint32_t node) {
    return path_at_raw(pp->path[k][split][path_index(pp, node, i)]);
}

/* The same, of the completions whose first `free` letters (0 .. 2) are free (a card laid already spells them, its
 * price paid: a wild whose letters the walk left to the subtree), the first of them one of `firsts`: the most over the
 * nodes that many letters down of their paths, with the bonus of those letters; NO_PATH when none. */
int64_t path_after(const PricedPaths *pp, int k, int split, int i, uint32_t node, int free, uint32_t firsts);

#endif
