/* Listing every word some cards can spell: the least any exact solver must do, for the benchmark.
 *
 * A piece is one card's worth of letters: printed letters, or a wild kind. Equal pieces are counted,
 * not told apart, so each distinct word is reached once per distinct spelling; the distinct words are
 * the distinct step-index nodes reached that spell a word of four or more letters.
 */
#include <stdlib.h>
#include <string.h>

#include "listing.h"
#include "search.h"

#define WORD_BIT (1u << 26)
#define ALL_LETTERS ((1u << 26) - 1)
#define VOWEL_LETTERS ((1u << 0) | (1u << 4) | (1u << 8) | (1u << 14) | (1u << 20))

typedef struct {
    const uint32_t *mask, *first;
    uint32_t n_nodes;
    int broken;   /* a step pointed outside the index */
    int n;
    int32_t wild[MAX_RESOURCES], a[MAX_RESOURCES], b[MAX_RESOURCES], left[MAX_RESOURCES];
    uint8_t *seen;
    uint64_t words;
    double deadline;
    uint64_t ticks;
    int stopped;
} Lister;

static int32_t step(Lister *l, uint32_t node, int c) {
    uint32_t bits = l->mask[node], bit = 1u << c;
    if (!(bits & bit)) return -1;
    uint32_t next = l->first[node] + (uint32_t)count_bits(bits & (bit - 1));
    if (next < l->n_nodes) return (int32_t)next;
    l->broken = l->stopped = 1;
    return -1;
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
    if (letters >= 4 && (l->mask[node] & WORD_BIT) && !(l->seen[node >> 3] & (1 << (node & 7)))) {
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
            uint32_t allowed = l->mask[node] & (l->wild[i] == WILD_consonant ? ALL_LETTERS & ~VOWEL_LETTERS
                                                : l->wild[i] == WILD_vowel ? VOWEL_LETTERS | (1u << 24)
                                                                           : ALL_LETTERS);
            for (; allowed; allowed &= allowed - 1) {
                int32_t next = step(l, node, __builtin_ctz(allowed));
                if (l->wild[i] != WILD_double) {
                    go(l, next, letters + 1);
                    continue;
                }
                if (next < 0) break;  /* a broken index */
                for (uint32_t second = l->mask[next] & ALL_LETTERS; second; second &= second - 1)
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
    l.mask = mask;
    l.first = first;
    l.n_nodes = n_nodes;
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
