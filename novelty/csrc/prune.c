/* Dominance: drop the groups no best play needs, before the packing.
 *
 * Group A dominates group B when A uses a sub-multiset of B's units, A at its worst (no awards, its own
 * Unseen Character credit) is worth at least B at its best (every award, its credit), A is worth at least
 * 0, and B holds no shorter-word double. Then swapping B for A in any play gives a play worth at least as
 * much: A is no longer than B, so every award and every double B could take or give stays possible (or
 * moves to another word), A's copies are among B's, and the hand cards B used beyond A cost at most the
 * credit B counted for them. With the top K wanted, B is dropped only when K kept groups dominate it.
 * (Under Pangram with the other players' words a shorter word may hold more different letters and take
 * the award from another word, so nothing is dropped then.)
 *
 * Kept groups live in a trie keyed by their sorted unit lists, each node holding the best worst-case
 * worth below it; a group's dominators are found by walking only the sub-multisets of its units.
 */
#include <stdlib.h>
#include <string.h>

#include "prune.h"

typedef struct {
    int32_t child, sibling;     /* first child, next sibling: node indexes, 0 none */
    int64_t best;               /* the best worth of a kept group at or below this node */
    int64_t here;               /* the worth of the kept group ending here, or INT64_MIN */
    uint8_t unit;
} Node;

typedef struct {
    Node *nodes;                /* owned */
    size_t n, cap;
} Trie;

static int32_t add_node(Trie *t, uint8_t unit) {
    if (t->n == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 1024;
        Node *bigger = realloc(t->nodes, cap * sizeof *bigger);
        if (!bigger) return -1;
        t->nodes = bigger;
        t->cap = cap;
    }
    t->nodes[t->n] = (Node){0, 0, INT64_MIN, INT64_MIN, unit};
    return (int32_t)t->n++;
}

static int insert(Trie *t, const uint8_t *units, int n, int64_t worth) {
    int32_t node = 0;
    for (int i = 0; i < n; i++) {
        if (worth > t->nodes[node].best) t->nodes[node].best = worth;
        int32_t c = t->nodes[node].child;
        while (c && t->nodes[c].unit != units[i]) c = t->nodes[c].sibling;
        if (!c) {
            c = add_node(t, units[i]);
            if (c < 0) return -1;
            t->nodes[c].sibling = t->nodes[node].child;
            t->nodes[node].child = c;
        }
        node = c;
    }
    if (worth > t->nodes[node].best) t->nodes[node].best = worth;
    if (worth > t->nodes[node].here) t->nodes[node].here = worth;
    return 0;
}

/* Count kept groups below `node` worth at least `need`, using units from `left`, stopping at `enough`. */
static int count(const Trie *t, int32_t node, int *left, int64_t need, int found, int enough) {
    const Node *x = &t->nodes[node];
    if (x->here >= need && node) found++;
    for (int32_t c = x->child; c && found < enough; c = t->nodes[c].sibling) {
        const Node *y = &t->nodes[c];
        if (y->best < need || !left[y->unit]) continue;
        left[y->unit]--;
        found = count(t, c, left, need, found, enough);
        left[y->unit]++;
    }
    return found;
}

int prune_groups(const Tables *t, const Groups *gs, const int64_t *lowest, const int64_t *highest, int enough,
                 double until, uint8_t *kept) {
    if (t->param.pangram && t->param.round_given) return 0;
    int32_t *order = malloc(sizeof(int32_t) * (gs->n_groups ? gs->n_groups : 1));
    int32_t by_size[MAX_CARDS_IN_WORD + 2] = {0};
    Trie trie = {0};
    if (!order || add_node(&trie, 0) < 0) {
        free(order);
        free(trie.nodes);
        return -1;
    }
    for (int32_t g = 0; g < gs->n_groups; g++) by_size[gs->groups[g].ncards + 1]++;
    for (int k = 1; k <= MAX_CARDS_IN_WORD + 1; k++) by_size[k] += by_size[k - 1];
    for (int32_t g = 0; g < gs->n_groups; g++) order[by_size[gs->groups[g].ncards]++] = g;  /* fewest cards first */
    int left[MAX_UNITS] = {0}, rc = 0;
    for (int32_t i = 0; i < gs->n_groups && rc == 0; i++) {
        const Group *g = &gs->groups[order[i]];
        if (until > 0 && (i & 255) == 0 && now_seconds() > until) break;  /* out of time: keep the rest */
        if (!kept[order[i]]) continue;  /* not packed at all */
        const uint8_t *u = group_units(gs, g);
        if (!g->doublers) {
            for (int k = 0; k < g->ncards; k++) left[u[k]]++;
            int found = count(&trie, 0, left, highest[order[i]], 0, enough);
            for (int k = 0; k < g->ncards; k++) left[u[k]]--;
            if (found >= enough) {
                kept[order[i]] = 0;
                continue;
            }
        }
        if (group_best(gs, order[i], 0) >= 0) rc = insert(&trie, u, g->ncards, lowest[order[i]]);
    }
    free(order);
    free(trie.nodes);
    return rc;
}
