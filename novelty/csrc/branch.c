/* Branch and bound over the options: the top K plays, no resource used more often than it exists.
 *
 * Each option is anchored at the lowest resource it takes (fields are laid out rarest first); a node either takes an
 * option anchored at the lowest resource still available or leaves that resource unused, so no set of options is
 * tried in two orders. A subtree is cut when its bound (bound.c) cannot beat the K-th best play found.
 */
#include <string.h>

#include "packing.h"

/* Mark the options anchored at r that fit in `packed`: a bit each in `bits`, from option start[r] on. The options
 * that fit are found through r's needs, as the DP finds them, not by looking at every option of r. */
static void mark_fitting(Pack *p, u128 packed, int r, uint64_t *bits) {
    Fitting f;
    fitting_start(p, &f, r, packed);
    for (const Need *nd; (nd = fitting_next(p, &f));)
        for (int32_t e = nd->first; e < nd->last; e++) {
            int32_t k = p->o.ends[e] - p->o.start[r];
            bits[k >> 6] |= (uint64_t)1 << (k & 63);
        }
}

static void dfs(Pack *p, u128 packed, int64_t current, int anchor, int from);

/* Whether no option of the anchor from k on (best first) can beat the play to beat. By worth: none is worth more than
 * option k, and the resources but one unit add at most after_one. By prices (a fixing's packing, its options sorted
 * by their worth less their units' prices: options.c): none adds more than option k's reduced worth and what
 * `packed` may add by prices (priced_rest, priced_total's), rounded up, which is at least its worth and words_bound
 * over the resources it leaves (bound.c). */
static int none_better(Pack *p, int64_t current, int32_t k, int64_t bonus, int64_t after_one, int64_t priced_rest) {
    if (p->doubling_bound) return 0;
    if (!p->o.reduced) return current + p->o.options[k].worth + bonus + after_one <= kth(p);
    if (!p->priced) return 0;  /* (sorted by prices, bounded otherwise: no order to stop by) */
    int64_t most = p->o.reduced[k] + priced_rest;
    return current + bonus + (most >= 0 ? (most + PRICE_SCALE - 1) / PRICE_SCALE : -(-most / PRICE_SCALE)) <= kth(p);
}

/* Take option k (fitting `packed`) into the play being built and search on; return 0 when no later option of the
 * anchor can do better (they are best first). */
static int try_option(Pack *p, u128 packed, int64_t current, int r, int32_t k, int64_t bonus, int64_t after_one,
                      int64_t priced_rest) {
    const Option *o = &p->o.options[k];
    if (none_better(p, current, k, bonus, after_one, priced_rest)) return 0;
    if (out_of_time(p->b)) return 0;
    u128 rest = packed - o->need;
    /* (bonus, not extra(rest): the doubles o itself holds count too) */
    if (!p->doubling_bound && current + o->worth + bonus + words_bound(p, rest) <= kth(p)) return 1;
    if (p->play.n >= words_limit(p->t)) return 1;
    if (enter(p, k) && (!p->doubling_bound || upper(p, rest, current + o->worth) > kth(p))) {
        if (current + o->worth + extra(p, 0) > kth(p)) offer(p);
        /* a play at the word limit takes no more words (the bounds, counting more, still hold) */
        if (p->play.n < words_limit(p->t)) dfs(p, rest, current + o->worth, r, k);
    }
    leave(p);
    return 1;
}

/* Search the plays from `packed`: take an option anchored at its lowest resource r (from option `from` on, best
 * first), or leave r unused. */
static void dfs(Pack *p, u128 packed, int64_t current, int anchor, int from) {
    p->result->nodes++;
    if (!packed || p->failed || out_of_time(p->b)) return;
    int r = lowest_resource(p, packed);
    if (r != anchor) from = p->o.start[r];
    int64_t after_one = 0, bonus = 0, priced_rest = 0;
    if (!p->doubling_bound) {  /* a bound for every option at once, good until the options are worth too little */
        if (!p->o.reduced) after_one = words_bound(p, packed - (p->lay.field[r] & -p->lay.field[r]));  /* (one unit less) */
        else if (p->priced) priced_rest = priced_total(p, packed);  /* (sorted by prices, bounded otherwise: neither) */
        bonus = extra(p, packed);
    }
    int32_t base = p->o.start[r], words = (p->o.start[r + 1] - base + 63) >> 6, first = (from - base) >> 6;
    uint64_t *bits = p->marks + (size_t)p->play.n * (size_t)p->mark_words;
    if (from < p->o.start[r + 1]) {
        memset(bits + first, 0, sizeof(uint64_t) * (size_t)(words - first));
        mark_fitting(p, packed, r, bits);
        bits[first] &= ~(uint64_t)0 << ((from - base) & 63);
    }
    for (int32_t w = first; w < words && from < p->o.start[r + 1] && !p->b->stopped; w++)
        for (uint64_t m = bits[w]; m && !p->b->stopped; m &= m - 1)
            if (!try_option(p, packed, current, r, base + (w << 6) + __builtin_ctzll(m), bonus, after_one,
                            priced_rest)) {
                w = words;
                break;
            }
    u128 rest = packed & ~p->lay.field[r];  /* no further word takes resource r */
    if (upper(p, rest, current) > kth(p)) dfs(p, rest, current, -1, 0);
}

void branch(Pack *p) { dfs(p, p->lay.full, p->bonus.base, -1, 0); }

void branch_from(Pack *p, u128 packed, int64_t current) { dfs(p, packed, current, -1, 0); }
