/* The doubling allowance (doubling.h): what shorter-word doubles may add to a play, for the bound from prices
 * (price.c), and the limits of the words they double, which the bound's walks at prices keep to.
 *
 * A double (x1, z2, and the copies the repeat motifs grant them) doubles a word shorter than the one holding it. The
 * bound from prices holds for the words' values undoubled; what doubling adds on top is at most the most sum of
 * (2^j - 1) times a word doubled j times over the ways of splitting the doubles, each such word bounded by the best
 * word within its limits: shorter than the words holding its doubles, holding none of them itself.
 */
#include <stdlib.h>
#include <string.h>

#include "doubled.h"
#include "doubling.h"

#define COPIES_WALK_SHARE 0.45  /* of the first round's time: the walks for the doubled words, after the price rounds
                                 * at their prices (price.c; a quarter of it at most for the pair search first) */
#define BEST_WORD_AGAIN_SHARE 0.1  /* of the first round's time: the best word, when the search's walk was cut short */
#define RUNG_GROWTH 4.0  /* a walk for the best word from a floor halfway down takes about this many times as long
                          * as the last one (best_word_known) */

/* Whether resource r's units may double a shorter word; the letters they spell into *letters (26: a wild's, 27: a
 * two-letter face's). */
static int doubles(const Tables *t, int r, uint32_t *letters) {
    int found = 0;
    for (int i = 0; i < t->n_res_faces[r]; i++) {
        int face = t->res_faces[r][i];
        for (int alt = 0; alt < 2 && face >= 0; alt++, face = t->scorer.faces[face].as_printed) {
            const Face *f = &t->scorer.faces[face];
            if (!doubles_shorter(f)) continue;
            found = 1;
            *letters |= 1u << (f->wild == WILD_fixed ? f->letter1 : 26);
            if (f->letter2 >= 0 || f->wild == WILD_double) *letters |= 1u << 27;
        }
    }
    return found;
}

/* What the walk for the words holding two shorter-word doubles or more found, when it finished (search.c; else not
 * `known`): the longest of those holding k or more (longest[k], 0: none; 2 <= k <= 30), and the most letters the
 * shorter of two of them the cards hold together has (0: none; at most, when the pair search ran out of time). */
typedef struct {
    int known, longest[31], pair;
} TwoDoubles;

/* Read the words holding two doubles or more from the groups, looking for a pair that fits together until `until`
 * (CLOCK_MONOTONIC seconds: then the pair is at most as long as the shorter word it reached). */
static void two_doubles(const Pack *p, double until, TwoDoubles *two, Holders *holders) {
    const Tables *t = p->t;
    *two = (TwoDoubles){.known = p->gs->doubles_walked >= 2};
    *holders = (Holders){.n = 0};
    if (!two->known) return;
    if (holders_of(t, p->gs, holders) < 0) {
        two->known = 0;
        return;
    }
    int32_t n = holders->n;
    const uint8_t *used = holders->used;
    for (int32_t i = 0; i < n; i++)  /* (longest first) */
        for (int k = holders->doubles[i]; k >= 2; k--)
            if (!two->longest[k]) two->longest[k] = holders->letters[i];
    for (int32_t i = 1; i < n && !two->pair; i++) {  /* the shorter one i: the first pair found is it */
        if ((i & 63) == 0 && now_seconds() > until) two->pair = holders->letters[i];  /* (no pair of longer ones) */
        for (int32_t j = 0; j < i && !two->pair; j++)
            if (units_fit(t, used + (size_t)i * MAX_RESOURCES, used + (size_t)j * MAX_RESOURCES))
                two->pair = holders->letters[i];
    }
}

void doubling_free(Doubling *d) { holders_free(&d->holders); }

/* The letters a play may hold when `copies` of the pool's copies are one-letter doublers (most_letters counts each
 * as two). */
static int play_letters(const Tables *t, uint32_t doubler_letters, int copies) {
    return most_letters(t) - (doubler_letters >> 27 & 1 ? 0 : copies);
}

/* The longest word d doubles may double: they sit in words longer than it, beside it, in the letters a play may
 * hold (play_letters). At least
 * d / X of them, X the most doubles one word of the list holds (of each doubler letter, the most any word holds).
 * When the words holding two or more are known (`two`): m words holding them, the one holding most holding q of them
 * (so shorter than the longest word holding q, when q >= 2), and when another holds two or more, shorter than the
 * shorter of a pair that fits together; of the ways with q_least <= q <= q_most (`alone`: and no other holding two). */
static int longest_doubled(const Tables *t, uint32_t doubler_letters, int d, int copies, const TwoDoubles *two,
                           int q_least, int q_most, int alone) {
    int letters = play_letters(t, doubler_letters, copies);
    int per_word = 0;
    for (int l = 0; l < 26; l++)
        if (doubler_letters >> l & 1) per_word += t->facts[l];  /* the root's facts: over every word */
    if (doubler_letters >> 26 & 1 || per_word > d) per_word = d;
    if (per_word < 1) return 0;
    if (!two->known) {
        int words = (d + per_word - 1) / per_word;
        return (letters - words) / (1 + words);
    }
    int most = 0;
    for (int q = q_least; q <= per_word && q <= q_most; q++)
        for (int m = 1; m <= d - q + 1; m++) {
            int rest = d - q;  /* over m - 1 words, each holding 1 to q */
            if (rest < m - 1 || rest > (m - 1) * q || (q >= 2 && !two->longest[q]) || (alone && rest > m - 1)) continue;
            int longest = (letters - m) / (1 + m);
            if (q >= 2 && two->longest[q] - 1 < longest) longest = two->longest[q] - 1;
            if (rest > m - 1 && two->pair - 1 < longest) longest = two->pair - 1;  /* (another holds two or more) */
            if (longest > most) most = longest;
        }
    return most;
}

/* The most a word scores: the best word, which the search's walk for it found (search.c), or, when that walk was cut
 * short, walks with `share` of the time to the phase's deadline from floors between the best it found and its most
 * (the ceilings of what it left), halving the gap: a walk that finishes finding no word over its floor brings the most
 * down to it, one finding a word knows the best; the first cut short ends them (its own most, if less), and none
 * starts that would not finish by the last one's time (RUNG_GROWTH): what is left goes to the rounds. A walk from a
 * floor far over the best word found is quick; one from that word itself repeats most of the first walk (its floor
 * saves it a sixth of the nodes at most) and is cut short too. */
static int64_t best_word_known(const Pack *p, const Ceiling *c, double share) {
    const Groups *gs = p->gs;
    if (gs->best_word_done) return gs->best_word > 0 ? gs->best_word : 0;
    double deadline = p->b->deadline, now = now_seconds(), until = now + (deadline - now) * share;
    budget_phase(p->b, until, 1.0);
    int64_t found_best = gs->best_word > 0 ? gs->best_word : 0, most = gs->best_word_most;
    while (most > found_best && !p->b->stopped) {
        WordWalk found;
        double started = now_seconds();
        if (walk_best_over(p->t, c, p->b, found_best + (most - found_best) / 2, &found) != 0) break;
        if (found.len) found_best = found.best;  /* (over the floor, itself over the best found) */
        if (found.most < most) most = found.most;  /* (finished: the best word over the floor, or the floor) */
        double took = now_seconds() - started;
        if (!found.done || (deadline > 0 && now_seconds() + took * RUNG_GROWTH > until)) break;
    }
    budget_phase(p->b, deadline, 1.0);
    return most > 0 ? most : 0;
}

/* What doubling a word scoring `word` j times adds to it: (2^j - 1) times it (nothing for a word worth nothing). */
static __int128 doubled_adds(int j, int64_t word) { return (((__int128)1 << j) - 1) * (word > 0 ? word : 0); }

int64_t doubling_term(const Doubling *d, const int64_t *cap, int j) {
    int64_t word = cap && cap[j] < d->word[j] ? cap[j] : d->word[j];
    __int128 adds = doubled_adds(j, word);
    return adds > INT64_MAX / 4 ? INT64_MAX / 4 : (int64_t)adds;
}

/* What the doubles may add to a play, no word doubled j times scoring more than cap[j] (cap NULL: no cap): the most
 * sum of (2^d_j - 1) times the word doubled d_j times over the ways of splitting them (at most a quarter of
 * INT64_MAX). */
int64_t doubling_split(const Doubling *d, const int64_t *term) { return doubling_split_taking(d, term, NULL); }

int64_t doubling_split_taking(const Doubling *d, const int64_t *term, int *taken) {
    const __int128 top = INT64_MAX / 4;
    __int128 split[31] = {0};
    int last[31] = {0};  /* (the j of the most split of k doubles' last word; 0: none) */
    for (int k = 1; k <= d->most; k++)
        for (int j = 1; j <= k; j++) {
            __int128 v = (__int128)term[j] + split[k - j];
            if (v > split[k]) {
                split[k] = v > top ? top : v;
                last[k] = j;
            }
        }
    for (int j = 0; j <= 30 && taken; j++) taken[j] = 0;
    for (int k = d->most; taken && k > 0 && last[k]; k -= last[k]) taken[last[k]]++;
    return (int64_t)split[d->most];
}

int64_t doubling_at(const Doubling *d, const int64_t *cap) {
    int64_t term[31] = {0};
    for (int j = 1; j <= d->most; j++) term[j] = doubling_term(d, cap, j);
    return doubling_split(d, term);
}

/* What shorter-word doubles may add to a play: each doubles one word at most, the words doubled taking d_j doubles
 * each, and (2^d_j - 1) times its score added. A word doubled j times is shorter than the words holding its doubles,
 * beside it (longest_doubled), and does not hold them: it holds `most` - j doubles at most, and of the one class
 * holding doubles, j units with the copies past its cards (else that many copies from the twin motifs' pool) are
 * taken by other words. So it is worth at most the best word and the ceiling within those limits at the root (no
 * more than any play of one word: each round of prices says how much), and the doubles add at most the most sum over
 * the ways of splitting them (doubling_at). The walks within those limits at each word's prices (price.c,
 * doubled_at_prices) have COPIES_WALK_SHARE of the time to the phase's deadline (d->walk_time, after the rounds).
 * *d set and 0, or -1 when there are more than 30 doubles. */
int doubling_allowance(const Pack *p, const Ceiling *c, Doubling *d) {
    const Tables *t = p->t;
    int held = 0, copies = 0, pool = t->pool_res >= 0 ? t->res[t->pool_res].capacity : 0, doublers = 0, doubler = -1;
    uint32_t letters = 0;
    for (int r = 0; r < t->n_res; r++) {
        if (t->res[r].kind == RES_KIND_copy_pool || !doubles(t, r, &letters)) continue;
        held += t->res[r].capacity;
        copies += t->twin_cap[r];
        doublers++;
        doubler = r;
    }
    if (doublers != 1 || !t->is_class[doubler]) doubler = -1;  /* (one class holds every double: its units are known) */
    int most = held + (copies < pool ? copies : pool);
    *d = (Doubling){.most = most, .holders = {.n = 0}};
    if (!most) return 0;
    if (most > 30) return -1;
    int64_t best = best_word_known(p, c, BEST_WORD_AGAIN_SHARE);
    double deadline = p->b->deadline, now = now_seconds(), walks_end = now + (deadline - now) * COPIES_WALK_SHARE;
    TwoDoubles two;
    two_doubles(p, now + (deadline - now) * COPIES_WALK_SHARE / 4, &two, &d->holders);
    d->walk_time = deadline > 0 && walks_end > now_seconds() ? walks_end - now_seconds() : 0;
    for (int j = 1; j <= most; j++) {
        int copied = j > held ? j - held : 0;  /* (copies among the doubles) */
        if (doubler >= 0) d->given[j][doubler] = (uint8_t)j;
        d->within[j] = (Within){copied ? pool - copied : -1, longest_doubled(t, letters, j, copied, &two, 1, 30, 0),
                                doubler >= 0 ? d->given[j] : NULL, INT64_MIN, most - j, NULL, 0, 0, 0};
        if (two.known) {  /* the ways apart: every word holding its doubles holds one, or one holds two or more */
            d->one[j] = d->two[j] = d->within[j];
            d->one[j].letters = longest_doubled(t, letters, j, copied, &two, 1, 1, 0);
            d->two[j].letters = longest_doubled(t, letters, j, copied, &two, 2, 30, 0);
            d->two[j].beside = &d->holders;
            d->two[j].needs = j;  /* (the words it fits beside double it j times, or there is room for another) */
            d->two[j].room = play_letters(t, letters, copied);
            /* (longer than the most when no other word holds two: beside two of those holding two, both longer) */
            int alone = longest_doubled(t, letters, j, copied, &two, 2, 30, 1);
            if (alone < d->two[j].letters) d->two[j].pair_over = alone > 1 ? alone : 1;
        }
        int64_t root = d->within[j].letters < MIN_WORD_LENGTH ? 0 : ceiling_within(t, c, &d->within[j]);
        d->word[j] = root < best ? (root > 0 ? root : 0) : best;
    }
    d->apart = two.known;
    return 0;
}
