/* Listing every word some cards can spell: the least any exact solver must do, for the benchmark.
 *
 * A piece is one card's worth of letters: printed letters, or a wild kind. Equal pieces are counted,
 * not told apart, so each distinct word is reached once per distinct spelling; the distinct words are
 * the distinct step-index nodes reached that spell a word of four or more letters.
 */
#include <stdlib.h>
#include <string.h>

#include "budget.h"
#include "listing.h"
#include "steps.h"

typedef struct {
    Steps steps;                /* borrowed */
    int broken;   /* a step pointed outside the index */
    int n;
    int32_t wild[MAX_RESOURCES], a[MAX_RESOURCES], b[MAX_RESOURCES], left[MAX_RESOURCES];
    uint8_t *seen;              /* owned: a bit per node, the words counted */
    uint64_t words;
    double deadline;
    uint64_t ticks;
    int stopped;
} Lister;

static int32_t step(Lister *l, uint32_t node, int c) {
    int32_t next = steps_child(&l->steps, node, c);
    if (next != STEP_BROKEN) return next;
    l->broken = l->stopped = 1;
    return STEP_NONE;
}

static void visit(Lister *l, uint32_t node, int letters);

static void go(Lister *l, int32_t node, int letters) {
    if (node >= 0) visit(l, (uint32_t)node, letters);
}

static void visit(Lister *l, uint32_t node, int letters) {
    if (l->stopped || (l->deadline > 0 && (++l->ticks & 1023) == 0 && now_seconds() > l->deadline)) {
        l->stopped = 1;
        return;
    }
    if (letters >= MIN_WORD_LENGTH && steps_is_word(&l->steps, node) && !(l->seen[node >> 3] & (1 << (node & 7)))) {
        l->seen[node >> 3] |= (uint8_t)(1 << (node & 7));
        l->words++;
    }
    for (int i = 0; i < l->n; i++) {
        if (!l->left[i]) continue;
        l->left[i]--;
        if (l->wild[i] == WILD_fixed) {
            int32_t next = step(l, node, l->a[i]);
            if (next >= 0 && l->b[i] >= 0) next = step(l, (uint32_t)next, l->b[i]);
            go(l, next, letters + (l->b[i] >= 0 ? 2 : 1));
        } else {
            uint32_t allowed = steps_letters(&l->steps, node) & wild_spells(l->wild[i]);
            for (; allowed; allowed &= allowed - 1) {
                int32_t next = step(l, node, __builtin_ctz(allowed));
                if (l->wild[i] != WILD_double) {
                    go(l, next, letters + 1);
                    continue;
                }
                if (next < 0) break;  /* a broken index */
                for (uint32_t second = steps_letters(&l->steps, (uint32_t)next); second; second &= second - 1)
                    go(l, step(l, (uint32_t)next, __builtin_ctz(second)), letters + 2);
            }
        }
        l->left[i]++;
    }
}

int list_words(const uint32_t *mask, const uint32_t *first, uint32_t n_nodes, const int32_t *pieces, int n_pieces,
               double deadline, uint64_t *words) {
    Lister l;
    memset(&l, 0, sizeof l);
    l.steps = (Steps){mask, first, n_nodes};
    l.deadline = deadline;
    for (int i = 0; i < n_pieces && l.n < MAX_RESOURCES; i++, l.n++) {
        l.wild[l.n] = pieces[4 * i];
        l.a[l.n] = pieces[4 * i + 1];
        l.b[l.n] = pieces[4 * i + 2];
        l.left[l.n] = pieces[4 * i + 3];
    }
    l.seen = calloc(n_nodes / 8 + 1, 1);
    if (!l.seen) return -1;
    visit(&l, 0, 0);
    free(l.seen);
    *words = l.words;
    return l.broken ? -2 : l.stopped ? 1 : 0;
}
