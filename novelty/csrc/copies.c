/* Copies that keep score and effect (Alliteration, Clones, Bookkeeper, Fight Back to Back): which motif grants
 * which copy. A class used past the cards held needs its excess granted: each motif grants at most its total,
 * of at most its number of different cards, at most cap of one class. A tiny search over the grants of the
 * classes in excess decides it exactly. */
#include <string.h>

#include "tables.h"

typedef struct {
    const Tables *t;         /* borrowed */
    int grants[MAX_GRANTS], n;
    int left[MAX_RESOURCES];
    int used[MAX_MOTIFS], distinct[MAX_MOTIFS];
    int32_t *x;              /* borrowed (may be NULL): copies per grant, written */
} Cover;

static int cover_from(Cover *c, int i) {
    if (i == c->n) return 1;
    const Grant *g = &c->t->grant[c->grants[i]];
    int m = g->copy_motif, r = g->resource;
    int last = i + 1 == c->n || c->t->grant[c->grants[i + 1]].resource != r;
    int most = g->cap;
    if (most > c->left[r]) most = c->left[r];
    if (most > c->t->copy[m].total - c->used[m]) most = c->t->copy[m].total - c->used[m];
    for (int k = most; k >= 0; k--) {
        if (last && c->left[r] != k) continue;  /* the class's last grant must cover what is left */
        if (k && c->distinct[m] >= c->t->copy[m].distinct) continue;
        c->left[r] -= k;
        c->used[m] += k;
        c->distinct[m] += k > 0;
        int ok = cover_from(c, i + 1);
        c->left[r] += k;
        c->used[m] -= k;
        c->distinct[m] -= k > 0;
        if (ok) {
            if (c->x) c->x[c->grants[i]] = k;
            return 1;
        }
    }
    return 0;
}

/* One twin motif granting each class at most twin_cap[r] copies: the excess fits its total and its number of
 * different cards, or it does not (no search needed). */
static int single_cover(const Tables *t, const int *excess) {
    int total = 0, classes = 0;
    for (int r = 0; r < t->n_res; r++)
        if (excess[r] > 0) {
            if (excess[r] > t->twin_cap[r]) return 0;
            total += excess[r];
            classes++;
        }
    return single_twin_allows(t, total, classes);
}

int twin_cover(const Tables *t, const int *excess, int32_t *x) {
    if (!x && t->single_twin >= 0) return single_cover(t, excess);
    Cover c;  /* not zeroed whole: the walk asks this for every card past a class's cards held */
    c.t = t;
    c.x = x;
    c.n = 0;
    memset(c.used, 0, sizeof c.used);
    memset(c.distinct, 0, sizeof c.distinct);
    int classes = 0;
    for (int r = 0; r < t->n_res; r++) {
        c.left[r] = excess[r] > 0 ? excess[r] : 0;
        classes += c.left[r] > 0;
    }
    for (int g = 0; g < t->n_grants; g++) {
        if (x) x[g] = 0;
        if (c.left[t->grant[g].resource]) c.grants[c.n++] = g;
    }
    if (!classes) return 1;
    /* every class in excess must have a grant: the search covers each class at its last grant */
    int covered = 0;
    for (int i = 0; i < c.n; i++)
        covered += i + 1 == c.n || t->grant[c.grants[i + 1]].resource != t->grant[c.grants[i]].resource;
    return covered == classes && cover_from(&c, 0);
}
