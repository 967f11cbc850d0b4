/* The packing's bounds: no set of words fitting in the resources left scores more than these.
 *
 * most(S) is exact for everything that adds up word by word: the most any set of groups fitting in the resources S
 * can score, each group counted at its best with every award it could earn plus the Unseen Character credit of the
 * hand cards it uses, by dynamic programming over resource multisets (memoised; the needs fitting a state are found
 * 64 at a time with bitsets of what they take). When shorter-word doubles are in reach, most_doubled(S, owed)
 * carries the doubles given and taken through the same DP, so that each double doubles one other word. extra()
 * adds what play-level bonuses could. The quick bound, each unit at the best worth per unit of any option using its
 * resource, needs no table: a packing that cannot prove its play uses it. A reduced-cost fixing's packing (search.c
 * prove_fixed), whose DP over thousands of words would take seconds, is bounded by the fixing's prices instead (and
 * the DP over the states of a few units).
 */
#include <stdlib.h>

#include "packing.h"

#define PLAIN (-1000)       /* owed, for need_value(): no shorter-word doubles in the bound */
#define PRICED_DP_UNITS 12  /* a fixing's packing: states of this many units or fewer are bounded by the DP too */

static const u128 EMPTY = ~(u128)0;

static int memo_init(Memo *m, uint32_t size) {
    m->slots = malloc(size * sizeof *m->slots);
    if (!m->slots) return -1;
    for (uint32_t i = 0; i < size; i++) m->slots[i].key = EMPTY;
    m->mask = size - 1;
    m->used = 0;
    return 0;
}

static inline uint32_t memo_slot(const Memo *m, u128 key) {
    uint32_t i = hash_units(key) & m->mask;
    while (m->slots[i].key != EMPTY && m->slots[i].key != key) i = (i + 1) & m->mask;
    return i;
}

/* Store a state's value; return 1 when the state is new, 0 when it was there, -1 when out of memory. */
static int memo_put(Memo *m, u128 key, int64_t value) {
    if (2 * (m->used + 1) > m->mask) {
        Memo bigger;
        if (memo_init(&bigger, 2 * (m->mask + 1)) < 0) return -1;
        for (uint32_t i = 0; i <= m->mask; i++)
            if (m->slots[i].key != EMPTY) bigger.slots[memo_slot(&bigger, m->slots[i].key)] = m->slots[i];
        bigger.used = m->used;
        free(m->slots);
        *m = bigger;
    }
    uint32_t i = memo_slot(m, key);
    int added = m->slots[i].key == EMPTY;
    m->used += (uint32_t)added;
    m->slots[i] = (Entry){key, value};
    return added;
}

/* Store a state's value in one of the bound's tables, the states of all of them within caps.states: past it the
 * search stops (what it found stands, but proves nothing further). */
static void remember(Pack *p, Memo *m, u128 packed, int64_t value) {
    if (p->bt.states >= (uint64_t)p->b->caps.states) {
        p->b->state_limit = p->b->stopped = 1;
        return;
    }
    int added = memo_put(m, packed, value);
    if (added < 0) p->failed = 1;
    else p->bt.states += (uint64_t)added;
}

/* A quick bound on what the resources in `packed` can add: each unit at the best worth per unit of any
 * option using its resource. Looser than most(), but it needs no table of states. */
static int64_t quick_bound(const Pack *p, u128 packed) {
    double total = 0;
    for (int r = 0; r < p->t->n_res; r++)
        if (p->o.share[r] > 0) total += (double)field_value(p, packed, r) * p->o.share[r];
    return (int64_t)total + 1;
}

static int64_t most_doubled(Pack *p, u128 packed, int owed);

/* The best value of the options of one need (all take the same units, leaving `rest`) and what `rest` can add,
 * with `owed` shorter-word doubles to give (PLAIN: none counted). */
static int64_t need_value(Pack *p, const Need *nd, u128 rest, int owed) {
    if (owed == PLAIN) return nd->worth + most(p, rest);
    int64_t value = NO_PLAY;
    int others = (owed > 0 ? owed : 0) + doublers_in(p, rest);  /* doubles these words may take */
    for (int32_t e = nd->first; e < nd->last; e++) {
        const Option *o = &p->o.options[p->o.ends[e]];
        for (int take = 0; take <= others && take <= MAX_CREDITS; take++) {
            if (take && o->word <= 0) break;
            int next = owed - take + o->doublers;
            int64_t after = most_doubled(p, rest, next > MAX_CREDITS ? MAX_CREDITS : next);
            if (after == NO_PLAY) continue;
            int64_t v = o->worth + (o->word > 0 ? o->word * (((int64_t)1 << take) - 1) : 0) + after;
            if (v > value) value = v;
        }
    }
    return value;
}

/* The best option anchored at resource r (the lowest `packed` holds) plus what the rest can add. */
static int64_t best_anchored(Pack *p, u128 packed, int r, int owed, int64_t value) {
    Fitting f;
    fitting_start(p, &f, r, packed);
    for (const Need *nd; (nd = fitting_next(p, &f));) {
        int64_t v = need_value(p, nd, packed - nd->units, owed);
        if (v > value) value = v;
    }
    return value;
}

/* The most any set of groups fitting in `packed` can score (optimistically). */
int64_t most(Pack *p, u128 packed) {
    if (!packed) return 0;
    uint32_t i = memo_slot(&p->bt.memo, packed);
    if (p->bt.memo.slots[i].key == packed) return p->bt.memo.slots[i].value;
    if (p->failed || out_of_time(p->b)) return 0;
    int r = lowest_resource(p, packed);
    int64_t value = best_anchored(p, packed, r, PLAIN, most(p, packed & ~p->lay.field[r]));
    if (p->b->stopped || p->failed) return value;
    remember(p, &p->bt.memo, packed, value);
    return value;
}

/* most() with shorter-word doubles: the most any set of groups fitting in `packed` can score when `owed`
 * doubles are still to be given (owed < 0: the words from `packed` must hold -owed doubles that other words
 * already took). Each double doubles one word, never the word holding it (that word is not shorter than
 * itself); which word is shorter than which is not checked, so this is a bound, much tighter than letting
 * every double double the best word anywhere. NO_PLAY when the doubles taken cannot be given. */
static int64_t most_doubled(Pack *p, u128 packed, int owed) {
    int reach = doublers_in(p, packed);
    if (owed + reach < 0) return NO_PLAY;
    if (!packed) return 0;
    Memo *m = &p->bt.credit[owed + MAX_CREDITS];
    if (!m->slots && memo_init(m, 1u << 10) < 0) {
        p->failed = 1;
        return 0;
    }
    uint32_t i = memo_slot(m, packed);
    if (m->slots[i].key == packed) return m->slots[i].value;
    if (p->failed || out_of_time(p->b)) return 0;
    int r = lowest_resource(p, packed);
    int64_t value = best_anchored(p, packed, r, owed, most_doubled(p, packed & ~p->lay.field[r], owed));
    if (p->b->stopped || p->failed) return value;
    remember(p, m, packed, value);
    return value;
}

/* A bound on what the chosen words and words from `packed` add to the chosen words' worth, shorter-word
 * doubles given optimistically: `take` doubles go to the chosen words (all to the best word that may take
 * them: 2^a + 2^b <= 2^(a+b) + 1), the rest are owed by or to the words from `packed`. */
int64_t doubled_rest(Pack *p, u128 packed) {
    int reach = doublers_in(p, packed), held = p->play.doublers;
    int64_t best_word = 0, value = NO_PLAY;
    for (int i = 0; i < p->play.n; i++) {
        const Option *o = &p->o.options[p->play.options[i]];
        if (o->word > best_word && held - o->doublers + reach > 0) best_word = o->word;
    }
    for (int take = 0; take <= held + reach && take <= MAX_CREDITS; take++) {
        if (take && !best_word) break;
        int64_t after = most_doubled(p, packed, held - take > MAX_CREDITS ? MAX_CREDITS : held - take);
        if (after == NO_PLAY) continue;
        int64_t v = best_word * (((int64_t)1 << take) - 1) + after;
        if (v > value) value = v;
    }
    return value;
}

/* A fixing's bound on what words from `packed` can add (its words packed: search.c prove_fixed): each word is worth at
 * most its units' prices and what any word beats its prices by (price.c), so words from `packed` at most its units'
 * prices and that for as many words as its letters make (MIN_WORD_LENGTH each). It needs no table, as the quick
 * bound, and is much tighter. */
static int64_t priced_bound(const Pack *p, u128 packed) {
    return (priced_total(p, packed) + PRICE_SCALE - 1) / PRICE_SCALE;
}

int64_t units_price(const Pack *p, u128 packed) {
    int64_t total = 0;
    for (int r = 0; r < p->t->n_res; r++) total += p->priced->scaled[r] * field_value(p, packed, r);
    return total;
}

int64_t priced_total(const Pack *p, u128 packed) {
    const Fixing *f = p->priced;
    int letters = 0;
    for (int r = 0; r < p->t->n_res; r++) letters += f->letters[r] * field_value(p, packed, r);
    int words = letters / MIN_WORD_LENGTH < f->words ? letters / MIN_WORD_LENGTH : f->words;
    return units_price(p, packed) + (int64_t)words * f->excess;
}

/* The units in `packed`. */
static int units_in(const Pack *p, u128 packed) {
    int n = 0;
    for (int r = 0; r < p->t->n_res; r++) n += field_value(p, packed, r);
    return n;
}

/* What words from `packed` can add, word by word: most(), the quick bound when the search is anytime, or a fixing's
 * bound from prices. */
int64_t words_bound(Pack *p, u128 packed) {
    if (p->anytime) return quick_bound(p, packed);
    if (!p->priced) return most(p, packed);
    int64_t priced = priced_bound(p, packed);
    if (units_in(p, packed) > PRICED_DP_UNITS) return priced;
    int64_t exact = most(p, packed);
    return exact < priced ? exact : priced;
}

/* The most the chosen words (worth `current`) and words from `packed` could score, play-level bonuses included. */
int64_t upper(Pack *p, u128 packed, int64_t current) {
    if (p->doubling_bound) return current + p->bonus.laconic + p->bonus.grand_gain + doubled_rest(p, packed);
    return current + extra(p, packed) + words_bound(p, packed);
}

/* The bound on every play, before the search (the empty play being built). */
int64_t root_bound(Pack *p) {
    u128 full = p->lay.full;
    return p->doubling_bound ? p->bonus.laconic + p->bonus.grand_gain + doubled_rest(p, full)
                             : extra(p, full) + words_bound(p, full);
}

int bound_init(Pack *p) { return memo_init(&p->bt.memo, 1u << 12); }

/* Free the bound's tables, counting their states into the result. */
void free_bound(Pack *p) {
    p->result->states = p->bt.memo.used;
    free(p->bt.memo.slots);
    for (int c = 0; c <= 2 * MAX_CREDITS; c++) {
        p->result->states += p->bt.credit[c].used;
        free(p->bt.credit[c].slots);
    }
}
