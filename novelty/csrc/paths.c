/* Priced paths (paths.h): dynamic programming over the step index, children before parents. */
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "paths.h"
#include "ceiling.h"

#define MAX_DEPTH 64  /* letters of a word, at most, for the split motif's words (a longer one: no split motif) */

/* Whether a word of these letters may get a word motif, whatever cards spell it (a Y may be a vowel or not). */
static int word_may_get(int motif, const int8_t *text, int n) {
    int count[26] = {0}, vowels = 0, ys = 0, doubled = 0, doubled_vowel = 0, repeated = 0, thrice = 0;
    for (int p = 0; p < n; p++) {
        int c = text[p];
        repeated |= count[c] > 0;
        thrice |= ++count[c] >= 3;
        vowels += vowel_code(c);
        ys += c == 24;
        if (p && text[p - 1] == c) {
            doubled = 1;
            doubled_vowel |= vowel_or_y(c);
        }
    }
    switch (motif) {
    case MOTIF_utopia: return 2 * (vowels + ys) > n;
    case MOTIF_trilogy: return thrice;
    case MOTIF_fight_back_to_back: return doubled_vowel;
    case MOTIF_bookkeeper: return doubled;
    case MOTIF_chekhovs_gun: return n > 0 && text[0] == text[n - 1];
    case MOTIF_strengths: return vowels <= 1 && vowels + ys >= 1;
    case MOTIF_lipogram: return !count[0] && !count[13] && !count[19] && !count[4];  /* a, n, t, e */
    case MOTIF_uncopyrightable: return !repeated;
    }
    return 1;
}

/* Mark the nodes whose word may get the split motif, walking the index depth first with the letters on the way; 0,
 * or -1 when out of memory. A word too long for the walk leaves no split motif. */
static int split_words(PricedPaths *pp) {
    const Steps *st = pp->st;
    if (pp->split < 0) return 0;
    if (!(pp->split_word = calloc(st->n_nodes, 1))) return -1;
    uint32_t node[MAX_DEPTH], rest[MAX_DEPTH];
    int8_t text[MAX_DEPTH];
    int depth = 0;
    node[0] = 0;
    rest[0] = steps_letters(st, 0);
    while (depth >= 0) {
        if (!rest[depth]) {
            depth--;
            continue;
        }
        int letter = __builtin_ctz(rest[depth]);
        rest[depth] &= rest[depth] - 1;
        int32_t child = steps_child(st, node[depth], letter);
        if (child <= (int32_t)node[depth]) continue;  /* (a broken index: subtree_facts refused it already) */
        if (depth + 1 == MAX_DEPTH) {
            free(pp->split_word);
            pp->split_word = NULL;
            pp->split = -1;
            return 0;
        }
        text[depth] = (int8_t)letter;
        pp->split_word[child] = steps_is_word(st, (uint32_t)child) && word_may_get(pp->split, text, depth + 1);
        node[++depth] = (uint32_t)child;
        rest[depth] = steps_letters(st, (uint32_t)child);
    }
    return 0;
}

/* Split the root's children's subtrees into two sets of about as many nodes each (PricedPaths.half; each node's first
 * letter first, children after parents); 0, or -1 when out of memory. A node with two parents leaves half NULL. */
static int halves(PricedPaths *pp) {
    const Steps *st = pp->st;
    const uint8_t unset = 0xff;
    pp->halved = 1;
    if (!(pp->half = malloc(st->n_nodes))) return -1;
    memset(pp->half, unset, st->n_nodes);
    pp->half[0] = 2;
    uint32_t size[26] = {0};
    for (uint32_t node = 0; node < st->n_nodes; node++)
        for (uint32_t bits = steps_letters(st, node); bits; bits &= bits - 1) {
            int letter = __builtin_ctz(bits);
            int32_t child = steps_child(st, node, letter);
            if (child <= (int32_t)node) continue;  /* (a broken index: subtree_facts refused it already) */
            if (pp->half[child] != unset) {  /* (not a tree: the fill takes factors and splits apart instead) */
                free(pp->half);
                pp->half = NULL;
                return 0;
            }
            int first = node ? pp->half[node] : letter;
            pp->half[child] = (uint8_t)(first == unset ? 0 : first);
            size[pp->half[child]]++;
        }
    uint8_t of[26];
    uint64_t load[2] = {0, 0};
    for (int taken = 0; taken < 26; taken++) {  /* the largest subtree left to the lighter set */
        int most = -1;
        for (int c = 0; c < 26; c++)
            if (size[c] != UINT32_MAX && (most < 0 || size[c] > size[most])) most = c;
        of[most] = load[1] < load[0];
        load[of[most]] += size[most];
        size[most] = UINT32_MAX;
    }
    for (uint32_t node = 1; node < st->n_nodes; node++) pp->half[node] = pp->half[node] == unset ? 0 : of[pp->half[node]];
    return 0;
}

int paths_init(PricedPaths *pp, const Steps *st, const uint8_t *facts, int split, uint32_t counted, int factors) {
    *pp = (PricedPaths){.st = st, .split = split, .counted = counted, .n_counts = counted ? PATH_COUNTS : 1,
                        .factors = factors < PRICED_FACTORS ? factors : PRICED_FACTORS,
                        .split_per_letter = split == MOTIF_chekhovs_gun || split == MOTIF_bookkeeper
                                            || split == MOTIF_strengths || split == MOTIF_lipogram};
    if (!(pp->depth = calloc(st->n_nodes, 1)) || !(pp->height = malloc(st->n_nodes))) return -1;
    for (uint32_t node = 0; node < st->n_nodes; node++)
        pp->height[node] = (uint8_t)path_edge(facts[(size_t)node * FACTS_PER_NODE + FACT_HEIGHT]);
    for (uint32_t node = 0; node < st->n_nodes; node++)
        for (uint32_t bits = steps_letters(st, node); bits; bits &= bits - 1) {
            int32_t child = steps_child(st, node, __builtin_ctz(bits));
            if (child > (int32_t)node) pp->depth[child] = (uint8_t)path_edge(pp->depth[node] + 1);
        }
    return split_words(pp);
}

void paths_free(PricedPaths *pp) {
    free(pp->half);
    free(pp->depth);
    free(pp->height);
    free(pp->split_word);
    for (int k = 0; k < PRICED_FACTORS; k++)
        for (int s = 0; s < 2; s++) {
            free(pp->path[k][s]);
            free(pp->after[k][s]);
        }
    *pp = (PricedPaths){.split = -1};
}

void paths_fill_plain(const Steps *st, const int64_t value[26], int64_t *path, const int64_t *factor, int64_t cap,
                      int64_t *product) {
    for (int64_t node = (int64_t)st->n_nodes - 1; node >= 0; node--) {
        int64_t best = 0, most = 1;
        for (uint32_t bits = steps_letters(st, (uint32_t)node); bits; bits &= bits - 1) {
            int letter = __builtin_ctz(bits);
            int32_t child = steps_child(st, (uint32_t)node, letter);
            if (child <= node) continue;  /* (a broken index: subtree_facts refused it already) */
            int64_t v = value[letter] + path[child];
            if (v > best) best = v;
            if (!product) continue;
            int64_t x = product[child] > cap / factor[letter] ? cap : factor[letter] * product[child];
            if (x > most) most = x;
        }
        path[node] = best;
        if (product) product[node] = most;
    }
}

/* Store v (a path's value) at *path: INT32_MIN for none, a value below the range raised to its least (still at
 * least v); 0, or -1 when above the range (the paths at this factor are then not used). */
static int store(int32_t *path, int64_t v) {
    if (v > INT32_MAX) return -1;
    *path = v <= NO_PATH ? INT32_MIN : v <= INT32_MIN ? INT32_MIN + 1 : (int32_t)v;
    return 0;
}

/* The count classes a completion of class i may have below a child reached by `letter`, into j[]: the same, or one
 * fewer when the letter is counted (the last class: one fewer, or the same); how many (0 .. 2). */
static int child_classes(const PricedPaths *pp, int i, int letter, int *j) {
    if (!(pp->counted >> letter & 1)) {
        j[0] = i;
        return 1;
    }
    int n = 0;
    if (i > 0) j[n++] = i - 1;
    if (i > 0 && i == pp->n_counts - 1) j[n++] = i;
    return n;
}

/* A node's children: the letter to each, the child, its height (path_edge of its letters below). */
typedef struct {
    int n;
    int8_t letter[26];
    uint8_t height[26];
    int32_t child[26];
} Kids;

static void kids_of(const PricedPaths *pp, uint32_t node, Kids *kids) {
    kids->n = 0;
    for (uint32_t bits = steps_letters(pp->st, node); bits; bits &= bits - 1) {
        int letter = __builtin_ctz(bits);
        int32_t child = steps_child(pp->st, node, letter);
        if (child <= (int32_t)node) continue;  /* (a broken index: subtree_facts refused it already) */
        kids->letter[kids->n] = (int8_t)letter;
        kids->height[kids->n] = pp->height[child];
        kids->child[kids->n++] = child;
    }
}

/* The most any completion below a node adds at factor 2^k along (split) the split motif's words, per count class,
 * into best[] (NO_PATH: none): the node's own word (`word`: class 0), and each child's edge value (by the node's
 * letters before, `depth`; `bonus` more per letter) with the child's paths; and into after[], the most over the
 * children of `bonus` and the child's path (the paths one free letter down: path_after). */
static void node_paths(const PricedPaths *pp, const Kids *kids, int depth, int word, int k, int split,
                       const EdgeValues value, int64_t bonus, int64_t *best, int64_t *after) {
    for (int i = 0; i < pp->n_counts; i++) {
        best[i] = i == 0 && word ? 0 : NO_PATH;
        after[i] = NO_PATH;
    }
    for (int c = 0; c < kids->n; c++) {
        int letter = kids->letter[c], j[2];
        int64_t v = value[letter][depth][kids->height[c]] + bonus;
        for (int i = 0; i < pp->n_counts; i++) {
            int classes = child_classes(pp, i, letter, j);
            for (int x = 0; x < classes; x++) {
                int64_t below = path_at(pp, k, split, j[x], (uint32_t)kids->child[c]);
                if (below > NO_PATH && v + below > best[i]) best[i] = v + below;
                if (below > NO_PATH && bonus + below > after[i]) after[i] = bonus + below;
            }
        }
    }
}

/* One thread's part of a fill: the paths at the factors and splits of every `step`th of them from `first` (each its own
 * arrays), of the nodes in PricedPaths.half's set `half` (-1: every node), and whether each one's values fit (fits)
 * and its paths one letter down (after_fits). */
typedef struct {
    PricedPaths *pp;
    const EdgeValues *value;
    int first, step, half, fits[2 * PRICED_FACTORS], after_fits[2 * PRICED_FACTORS];
} FillPart;

static void *fill_part(void *arg) {
    FillPart *f = arg;
    PricedPaths *pp = f->pp;
    int splits = pp->split >= 0 ? 2 : 1, n = pp->factors * splits;
    Kids kids;
    int64_t last = f->half == 2 ? 0 : (int64_t)pp->st->n_nodes - 1;  /* (set 2: the root alone) */
    for (int64_t node = last; node >= 0; node--) {  /* (children before parents) */
        if (f->half >= 0 && pp->half[node] != f->half) continue;
        kids_of(pp, (uint32_t)node, &kids);
        int word = steps_is_word(pp->st, (uint32_t)node);
        for (int x = f->first; x < n; x += f->step) {
            int k = x / splits, s = x % splits;
            if (!f->fits[x]) continue;
            int64_t best[PATH_COUNTS], after[PATH_COUNTS], bonus = s && pp->split_per_letter ? PRICE_SCALE << k : 0;
            node_paths(pp, &kids, pp->depth[node], word && (!s || pp->split_word[node]), k, s, f->value[k], bonus,
                       best, after);
            int32_t *at = pp->path[k][s] + path_index(pp, (uint32_t)node, 0);
            int32_t *down = pp->after[k][s] + path_index(pp, (uint32_t)node, 0);
            for (int i = 0; i < pp->n_counts; i++) {
                if (store(at + i, best[i] < NO_PATH ? NO_PATH : best[i]) < 0) f->fits[x] = 0;
                if (store(down + i, after[i]) < 0) f->after_fits[x] = 0;
            }
        }
    }
    return NULL;
}

int paths_fill(PricedPaths *pp, const EdgeValues *value, int threads) {
    int splits = pp->split >= 0 ? 2 : 1, n = pp->factors * splits;
    for (int k = 0; k < pp->factors; k++) {
        pp->usable[k] = 0;
        for (int s = 0; s < splits; s++) {
            pp->after_usable[k][s] = 0;
            if (!pp->path[k][s] && !(pp->path[k][s] = malloc(sizeof(int32_t) * pp->st->n_nodes * (size_t)pp->n_counts)))
                return -1;
            if (!pp->after[k][s] && !(pp->after[k][s] = malloc(sizeof(int32_t) * pp->st->n_nodes * (size_t)pp->n_counts)))
                return -1;
        }
    }
    if (threads > 1 && !pp->halved && halves(pp) < 0) return -1;
    /* Two threads: a set of the root's subtrees each, then the root (a tree); else every other factor and split each */
    int by_half = threads > 1 && pp->half, step = by_half || threads < 2 || n < 2 ? 1 : 2, parts = by_half ? 3 : step;
    FillPart part[3];
    for (int i = 0; i < parts; i++) {
        part[i] = (FillPart){pp, value, by_half ? 0 : i, step, by_half ? i : -1, {0}, {0}};
        for (int x = 0; x < n; x++) part[i].fits[x] = part[i].after_fits[x] = 1;  /* (until a value does not fit) */
    }
    pthread_t thread;
    int started = parts > 1 && pthread_create(&thread, NULL, fill_part, &part[1]) == 0;
    fill_part(&part[0]);
    if (started) pthread_join(thread, NULL);
    else if (parts > 1) fill_part(&part[1]);
    if (parts > 2) fill_part(&part[2]);  /* (the root, after its children) */
    for (int k = 0; k < pp->factors; k++) {
        pp->usable[k] = 1;
        for (int s = 0; s < splits; s++) {
            pp->after_usable[k][s] = 1;
            for (int i = 0; i < parts; i++)
                if (by_half || (k * splits + s) % step == i) {
                    pp->usable[k] &= part[i].fits[k * splits + s];
                    pp->after_usable[k][s] &= part[i].after_fits[k * splits + s];
                }
        }
    }
    return 0;
}

int64_t path_after(const PricedPaths *pp, int k, int split, int i, uint32_t node, int free, uint32_t firsts) {
    if (!free) return path_at(pp, k, split, i, node);
    if (free == 1 && firsts == ALL_LETTERS && pp->after_usable[k][split])
        return path_at_raw(pp->after[k][split][path_index(pp, node, i)]);
    const Steps *st = pp->st;
    int64_t bonus = split && pp->split_per_letter ? PRICE_SCALE << k : 0, best = NO_PATH;
    for (uint32_t bits = steps_letters(st, node) & firsts; bits; bits &= bits - 1) {
        int letter = __builtin_ctz(bits), j[2], classes = child_classes(pp, i, letter, j);
        int32_t child = steps_child(st, node, letter);
        if (child <= (int32_t)node) continue;  /* (a broken index: subtree_facts refused it already) */
        for (int x = 0; x < classes; x++) {
            int64_t below = path_after(pp, k, split, j[x], (uint32_t)child, free - 1, ALL_LETTERS);
            if (below > NO_PATH && bonus + below > best) best = bonus + below;
        }
    }
    return best;
}
