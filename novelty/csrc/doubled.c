/* The words a play's doubles double. x1, z2 and the copies the repeat motifs grant them double a word shorter than the
 * one holding them: worth little in its own word, a double is worth what it doubles, and a word doubled d times is
 * worth 2^d times its score. The search walks the words holding two doubles or more first (search.c doubling_words),
 * then, here, the words they may double: the best word of each length shorter than the longest of them, and the best
 * word within the cards each pair of them leaves. The best words alone may need the cards every such pair takes: on
 * TWL big hand 2 each pair of words holding the four doubles takes a card HUBBUB (61) needs, and the best play doubles
 * PEGBOX (27) beside MAXIXES and XEROXES.
 */
#include <stdlib.h>
#include <string.h>

#include "doubled.h"

#define PAIRS_FOUND_SHARE 0.5  /* of that: finding the pairs and the ceilings of what they leave */
#define MAX_PAIRS 16384  /* pairs of holders, each pair's units once */
#define MAX_PAIR_CHECKS (1u << 22)  /* pairs of holders looked at, at most (TWL big hand 2: 750,000; a hand whose
                                     * holders never fit in pairs would look at all of them until the phase's end) */
#define SEEN_BITS 16     /* the pairs' units found, in a table of 2^16 */

typedef struct {
    int32_t length, group;
} Sized;

static int by_length(const void *a, const void *b) {  /* longest first, then first found */
    const Sized *x = a, *y = b;
    return x->length != y->length ? (x->length < y->length) - (x->length > y->length)
                                  : (x->group > y->group) - (x->group < y->group);
}

int holders_of(const Tables *t, const Groups *gs, Holders *h) {
    int32_t n = 0;
    for (int32_t g = 0; g < gs->n_groups; g++) n += gs->groups[g].doublers >= 2;
    Sized *sized = malloc(sizeof *sized * ((size_t)n + 1));
    *h = (Holders){.n = n, .used = calloc((size_t)n + 1, MAX_RESOURCES),
                   .letters = malloc(sizeof(int16_t) * ((size_t)n + 1)), .doubles = malloc((size_t)n + 1)};
    if (!sized || !h->used || !h->letters || !h->doubles) {
        free(sized);
        holders_free(h);
        return -1;
    }
    n = 0;
    for (int32_t g = 0; g < gs->n_groups; g++)
        if (gs->groups[g].doublers >= 2) sized[n++] = (Sized){gs->groups[g].length, g};
    qsort(sized, (size_t)n, sizeof *sized, by_length);
    for (int32_t i = 0; i < n; i++) {
        const Group *group = &gs->groups[sized[i].group];
        int used[MAX_RESOURCES] = {0};
        group_uses(t, gs, group, used);
        for (int r = 0; r < t->n_res; r++) h->used[(size_t)i * MAX_RESOURCES + r] = (uint8_t)used[r];
        h->letters[i] = group->length;
        h->doubles[i] = (int8_t)(group->doublers < 30 ? group->doublers : 30);
    }
    free(sized);
    return 0;
}

/* Whether the units `used` are new to the table of those seen (then added; a full table: not new). */
static int first_seen(uint64_t *seen, const uint8_t *used) {
    uint64_t key = 1469598103934665603u;  /* (FNV-1a; 0 marks an empty slot) */
    for (int r = 0; r < MAX_RESOURCES; r++) key = (key ^ used[r]) * 1099511628211u;
    key |= 1;
    uint32_t mask = (1u << SEEN_BITS) - 1;
    for (uint32_t i = (uint32_t)(key >> 40) & mask, probes = 0; probes < 64; i = (i + 1) & mask, probes++) {
        if (seen[i] == key) return 0;
        if (!seen[i]) {
            seen[i] = key;
            return 1;
        }
    }
    return 0;
}

/* The limits of the words within what other words taking `used` leave: fewer than `letters` letters, holding no
 * double, scoring `known` or more. */
static Within left_by(const uint8_t *used, int letters, int64_t known) {
    return (Within){.copies = -1, .letters = letters - 1, .given = used, .doubles = 0, .known = known};
}

/* The best word within what other words taking `used` leave, fewer than `letters` letters, holding no double, scoring
 * more than *best: its every spelling kept in gs, its score into *best. 0, or -1 out of memory. */
static int best_within_left(const Tables *t, const Ceiling *c, Groups *gs, Budget *b, const uint8_t *used,
                            int letters, int64_t *best) {
    Within within = left_by(used, letters, *best == INT64_MIN ? INT64_MIN : *best + 1);
    WordWalk found;
    if (walk_best_within(t, c, b, 1, &within, &found) < 0) return -1;
    if (!found.len) return 0;
    *best = found.best;
    int8_t word[MAX_LETTERS];
    int n = sequence_letters(found.seq, found.len, word);
    return walk_spellings(t, gs, b, NULL, word, n);
}

/* What a pair of holders that fit together leaves: the units both take (row `row` of the pairs' units), the letters
 * of the shorter, and the ceiling of the words within what they leave. */
typedef struct {
    int64_t ceiling;
    int32_t row;
    int32_t letters;
} Pair;

static int by_ceiling(const void *a, const void *b) {  /* most first, then first found */
    const Pair *x = a, *y = b;
    return x->ceiling != y->ceiling ? (x->ceiling < y->ceiling) - (x->ceiling > y->ceiling)
                                    : (x->row > y->row) - (x->row < y->row);
}

typedef struct {
    Pair *pair;
    uint8_t *used;  /* MAX_PAIRS rows of MAX_RESOURCES */
    int32_t n;
} Pairs;

/* The pairs of holders that fit together, each pair's units once (MAX_PAIRS at most), with the ceilings of what they
 * leave, until the phase's end or MAX_PAIR_CHECKS pairs looked at. 0, or -1 out of memory. */
static int pairs_of(const Tables *t, const Ceiling *c, Budget *b, const Holders *h, Pairs *out) {
    uint64_t *seen = calloc((size_t)1 << SEEN_BITS, sizeof *seen);
    *out = (Pairs){.pair = malloc(sizeof(Pair) * MAX_PAIRS), .used = malloc((size_t)MAX_PAIRS * MAX_RESOURCES)};
    int rc = seen && out->pair && out->used ? 0 : -1;
    uint32_t checks = 0;
    for (int32_t j = 1; rc == 0 && j < h->n && out->n < MAX_PAIRS && checks < MAX_PAIR_CHECKS && !b->stopped; j++) {
        int letters = h->letters[j];  /* (the shorter of the pair: j) */
        if (letters <= MIN_WORD_LENGTH) break;
        const uint8_t *second = h->used + (size_t)j * MAX_RESOURCES;
        for (int32_t i = 0; i < j && out->n < MAX_PAIRS && ++checks < MAX_PAIR_CHECKS && !out_of_time(b); i++) {
            const uint8_t *first = h->used + (size_t)i * MAX_RESOURCES;
            if (!units_fit(t, first, second)) continue;
            uint8_t *both = out->used + (size_t)out->n * MAX_RESOURCES;
            for (int r = 0; r < MAX_RESOURCES; r++) both[r] = (uint8_t)(first[r] + second[r]);
            if (!first_seen(seen, both)) continue;
            Within within = left_by(both, letters, INT64_MIN);
            out->pair[out->n] = (Pair){ceiling_within(t, c, &within), out->n, letters};
            out->n++;
        }
    }
    free(seen);
    return rc;
}

/* The best word within what each pair of holders that fit together leaves (pairs_of, until half the time to the
 * phase's end), walked pairs of the highest ceiling first while it is over the best found, until the phase's end.
 * 0, or -1 out of memory. */
static int words_beside_pairs(const Tables *t, const Ceiling *c, Groups *gs, Budget *b) {
    Holders h = {.n = 0};
    Pairs pairs = {0};
    double end = b->deadline, now = now_seconds();
    budget_phase(b, now + (end - now) * PAIRS_FOUND_SHARE, 1.0);
    int rc = holders_of(t, gs, &h) == 0 && pairs_of(t, c, b, &h, &pairs) == 0 ? 0 : -1;
    budget_phase(b, end, 1.0);
    if (rc == 0) qsort(pairs.pair, (size_t)pairs.n, sizeof *pairs.pair, by_ceiling);
    int64_t best = INT64_MIN;
    int32_t k = 0;
    for (; rc == 0 && k < pairs.n && pairs.pair[k].ceiling > best && !out_of_time(b); k++) {
        const Pair *x = &pairs.pair[k];
        rc = best_within_left(t, c, gs, b, pairs.used + (size_t)x->row * MAX_RESOURCES, x->letters, &best);
    }
    holders_free(&h);
    free(pairs.pair);
    free(pairs.used);
    return rc;
}

int doubled_words(const Tables *t, const Ceiling *c, Groups *gs, Budget *b, double walk_end) {
    int longest = 0;
    for (int32_t g = 0; g < gs->n_groups; g++)
        if (gs->groups[g].doublers >= 2 && gs->groups[g].length > longest) longest = gs->groups[g].length;
    int rc = 0, lengths = longest - MIN_WORD_LENGTH;
    double now = now_seconds(), end = now + (walk_end - now) * DOUBLED_WORDS_SHARE;
    for (int letters = MIN_WORD_LENGTH; letters < longest && rc == 0; letters++, lengths--) {
        now = now_seconds();
        budget_phase(b, now + (end - now) / lengths, 1.0);
        Within within = {.copies = -1, .letters = letters, .known = INT64_MIN, .doubles = 0};
        WordWalk found;
        rc = walk_best_kept(t, c, gs, b, &within, &found);
    }
    if (rc == 0 && most_doubles(t) >= 4) {  /* (two words holding two doubles or more each) */
        now = now_seconds();
        budget_phase(b, now + (walk_end - now) * DOUBLED_PAIRS_SHARE, 1.0);
        rc = words_beside_pairs(t, c, gs, b);
    }
    return rc < 0 ? rc : 0;
}
