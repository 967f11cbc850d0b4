/* The packing: the top K plays made of groups, no resource used more often than it exists.
 *
 * Branch and bound. Each group is anchored at the lowest resource it uses; a node either takes a
 * group anchored at the lowest resource still available or leaves that resource unused. The bound
 * most(S) is exact for everything that adds up word by word: the most any set of groups fitting in
 * the resources S can score, each group counted at its best with every award it could earn plus the
 * Unseen Character credit of the hand cards it uses, by dynamic programming over resource multisets
 * (memoised). Play-level effects (which longest word Grandiloquent rewards, shorter-word doubles,
 * round motifs, Laconic, the copies' limits across words, Unseen Character) are settled exactly only
 * for plays that could enter the top K.
 */
#include <stdlib.h>
#include <string.h>

#include "pack.h"
#include "prune.h"

typedef unsigned __int128 u128;

typedef struct {
    int64_t worth;   /* best score with every award it could earn, plus its Unseen Character credit */
    u128 need;       /* resource units, packed */
    int32_t group;
} Option;

typedef struct {
    u128 *keys;
    int64_t *values;
    uint32_t mask;
    uint32_t used;
} Memo;

typedef struct {
    Search *s;
    int n_res;
    u128 field[MAX_RESOURCES], guard, full;
    int8_t owner[128];                  /* bit position -> resource */
    Option *options;
    int32_t start[MAX_RESOURCES + 1];   /* options anchored at r: start[r] .. start[r + 1] */
    Memo memo;
    int failed;
    /* the play being built */
    int32_t chosen[MAX_PLAY_WORDS];
    int n_chosen;
    int copy_count[MAX_UNITS];
    int copy_distinct[MAX_MOTIFS];
    int64_t laconic;                    /* Laconic's +5, when it could be earned */
    int64_t top_upper;                  /* the best any word could be worth */
    int64_t grand_gain;                 /* the most Grandiloquent adds to any one word (one word a play) */
    int n_doubling, doubling_shift[MAX_RESOURCES];
    u128 doubling_field[MAX_RESOURCES]; /* resources that may hold a shorter-word double */
    int chosen_doublers;                /* shorter-word doubles in the play being built */
    int64_t base;                       /* Unseen Character: -2 per hand card, before credits */
    Result *result;
} Pack;

static const u128 EMPTY = ~(u128)0;

static int memo_init(Memo *m, uint32_t size) {
    m->keys = malloc(size * sizeof *m->keys);
    m->values = malloc(size * sizeof *m->values);
    if (!m->keys || !m->values) return -1;
    for (uint32_t i = 0; i < size; i++) m->keys[i] = EMPTY;
    m->mask = size - 1;
    m->used = 0;
    return 0;
}

static inline uint32_t memo_slot(const Memo *m, u128 key) {
    uint64_t h = (uint64_t)key * 0x9E3779B97F4A7C15ull ^ (uint64_t)(key >> 64) * 0xC2B2AE3D27D4EB4Full;
    uint32_t i = (uint32_t)(h >> 32) & m->mask;
    while (m->keys[i] != EMPTY && m->keys[i] != key) i = (i + 1) & m->mask;
    return i;
}

static int memo_put(Memo *m, u128 key, int64_t value) {
    if (2 * (m->used + 1) > m->mask) {
        Memo bigger;
        if (memo_init(&bigger, 2 * (m->mask + 1)) < 0) return -1;
        for (uint32_t i = 0; i <= m->mask; i++)
            if (m->keys[i] != EMPTY) {
                uint32_t j = memo_slot(&bigger, m->keys[i]);
                bigger.keys[j] = m->keys[i];
                bigger.values[j] = m->values[i];
            }
        bigger.used = m->used;
        free(m->keys);
        free(m->values);
        *m = bigger;
    }
    uint32_t i = memo_slot(m, key);
    if (m->keys[i] == EMPTY) m->used++;
    m->keys[i] = key;
    m->values[i] = value;
    return 0;
}

static inline int fits(const Pack *p, u128 packed, u128 need) {
    return (((packed | p->guard) - need) & p->guard) == p->guard;
}

/* The resource whose field holds the lowest set bit: fields are laid out rarest resource first. */
static inline int lowest_resource(const Pack *p, u128 packed) {
    uint64_t low = (uint64_t)packed;
    return p->owner[low ? __builtin_ctzll(low) : 64 + __builtin_ctzll((uint64_t)(packed >> 64))];
}

/* The most any set of groups fitting in `packed` can score (optimistically); -1 bits: out of time. */
static int64_t most(Pack *p, u128 packed) {
    if (!packed) return 0;
    uint32_t i = memo_slot(&p->memo, packed);
    if (p->memo.keys[i] == packed) return p->memo.values[i];
    if (p->failed || out_of_time(p->s)) return 0;
    int r = lowest_resource(p, packed);
    int64_t value = most(p, packed & ~p->field[r]);
    /* Every option anchored at r uses a unit of r, so worth + most(packed - one r) bounds the rest. */
    int64_t after_one = most(p, packed - (p->field[r] & -p->field[r]));
    for (int k = p->start[r]; k < p->start[r + 1]; k++) {
        const Option *o = &p->options[k];
        if (o->worth + after_one <= value) break;
        if (fits(p, packed, o->need)) {
            int64_t v = o->worth + most(p, packed - o->need);
            if (v > value) value = v;
        }
    }
    if (p->s->stopped || p->failed) return value;
    if (memo_put(&p->memo, packed, value) < 0) p->failed = 1;
    return value;
}

/* The best total of words with these values, lengths and shorter-word doublers (ruling E2), exactly:
 * a doubler in a word of length L doubles one word shorter than L (forced when there is one), so the
 * choices are nested by length; going from the longest words down, count the doublers available. */
int64_t best_doubling(int n, const int64_t *values, const int16_t *lengths, const int16_t *doublers) {
    int order[MAX_PLAY_WORDS], total_doublers = 0;
    for (int i = 0; i < n; i++) {
        order[i] = i;
        total_doublers += doublers[i];
    }
    int64_t plain = 0;
    for (int i = 0; i < n; i++) plain += values[i];
    if (!total_doublers) return plain;
    for (int i = 1; i < n; i++)  /* longest first */
        for (int j = i; j > 0 && lengths[order[j]] > lengths[order[j - 1]]; j--) {
            int t = order[j]; order[j] = order[j - 1]; order[j - 1] = t;
        }
    int64_t dp[MAX_DOUBLERS + 1], next[MAX_DOUBLERS + 1];
    const int64_t NONE = INT64_MIN / 4;
    for (int k = 0; k <= total_doublers; k++) dp[k] = NONE;
    dp[0] = 0;
    int pending = 0;
    for (int i = 0; i < n;) {
        int j = i;
        while (j < n && lengths[order[j]] == lengths[order[i]]) j++;
        if (pending) {  /* the doublers of every longer word may now choose these */
            for (int k = total_doublers; k >= 0; k--) dp[k] = k >= pending ? dp[k - pending] : NONE;
            pending = 0;
        }
        for (int w = i; w < j; w++) {
            int64_t v = values[order[w]];
            for (int k = 0; k <= total_doublers; k++) next[k] = NONE;
            for (int k = 0; k <= total_doublers; k++) {
                if (dp[k] == NONE) continue;
                for (int a = 0; a <= k; a++) {
                    int64_t candidate = dp[k] + v * ((int64_t)1 << a);
                    if (candidate > next[k - a]) next[k - a] = candidate;
                }
            }
            memcpy(dp, next, sizeof dp);
        }
        for (int w = i; w < j; w++) pending += doublers[order[w]];
        i = j;
    }
    return dp[0];
}

/* The exact total of the chosen groups as a play, and the award combination each word scores under. */
static int64_t evaluate(Pack *p, int n, const int32_t *chosen, int8_t *combos) {
    Search *s = p->s;
    const int32_t *prm = s->param;
    int16_t lengths[MAX_PLAY_WORDS], doublers[MAX_PLAY_WORDS];
    int base_combo[MAX_PLAY_WORDS];
    int longest = 0, most_distinct = 0;
    for (int i = 0; i < n; i++) {
        const Group *g = &s->groups[chosen[i]];
        lengths[i] = g->length;
        doublers[i] = g->doublers;
        if (g->length > longest) longest = g->length;
        if (g->distinct > most_distinct) most_distinct = g->distinct;
        base_combo[i] = 0;
    }
    int64_t adjust = 0;
    if (prm[PARAM_round_given] && n) {
        int round_longest = longest > prm[PARAM_opp_longest] ? longest : prm[PARAM_opp_longest];
        int round_distinct = most_distinct > prm[PARAM_opp_most_distinct] ? most_distinct
                                                                          : prm[PARAM_opp_most_distinct];
        for (int bit = 0; bit < s->n_award_bits; bit++) {
            int motif = s->award_motif[bit];
            for (int i = 0; i < n; i++) {
                const Group *g = &s->groups[chosen[i]];
                if ((motif == MOTIF_sesquipedalian && g->length == round_longest)
                    || (motif == MOTIF_pangram && g->distinct == round_distinct))
                    base_combo[i] |= 1 << bit;
            }
        }
        int fewest = prm[PARAM_opp_fewest_words];
        if (prm[PARAM_laconic] && (fewest <= 0 || n <= fewest)) adjust += 5;
    }
    int grand_bit = -1;
    for (int bit = 0; bit < s->n_award_bits; bit++)
        if (s->award_motif[bit] == MOTIF_grandiloquent) grand_bit = bit;
    int64_t best = INT64_MIN;
    int best_grand = -1;
    for (int grand = grand_bit >= 0 ? 0 : -1; grand < (grand_bit >= 0 ? n : 0); grand++) {
        if (grand >= 0 && lengths[grand] != longest) continue;
        int64_t values[MAX_PLAY_WORDS];
        for (int i = 0; i < n; i++) {
            int combo = base_combo[i] | (i == grand ? 1 << grand_bit : 0);
            values[i] = s->best[(size_t)chosen[i] * s->n_combos + combo];
        }
        int64_t total = best_doubling(n, values, lengths, doublers);
        if (total > best) {
            best = total;
            best_grand = grand;
        }
    }
    if (n == 0) best = 0;
    for (int i = 0; i < n; i++)
        combos[i] = (int8_t)(base_combo[i] | (i == best_grand ? 1 << grand_bit : 0));
    if (prm[PARAM_unseen]) {
        int used[MAX_RESOURCES] = {0};
        for (int i = 0; i < n; i++) {
            const Group *g = &s->groups[chosen[i]];
            const uint8_t *u = s->unit_arena + g->units;
            for (int k = 0; k < g->ncards; k++) used[s->unit[u[k]][UNIT_resource]]++;
        }
        for (int r = 0; r < s->n_res; r++) {
            int unused = s->res[r][RES_hand] - used[r];
            if (unused > 0) adjust -= 2 * unused;
        }
    }
    return best + adjust;
}

/* The most play-level bonuses could add to a play of the chosen words plus words from `packed`: Laconic,
 * and every shorter-word double still within reach doubling the best word there is. */
static int64_t extra(const Pack *p, u128 packed) {
    int doublers = p->chosen_doublers;
    for (int i = 0; i < p->n_doubling; i++) doublers += (int)((packed & p->doubling_field[i]) >> p->doubling_shift[i]);
    if (doublers > 40) doublers = 40;
    return p->laconic + p->grand_gain + (doublers ? (((int64_t)1 << doublers) - 1) * p->top_upper : 0);
}

static int64_t kth(const Pack *p) {
    const Result *r = p->result;
    return r->n_plays >= r->top ? r->plays[r->n_plays - 1].total : INT64_MIN;
}

/* Consider the play being built for the top K (kept best first, earlier found first among equals). */
static void offer(Pack *p) {
    Result *r = p->result;
    Play play;
    play.total = evaluate(p, p->n_chosen, p->chosen, play.combos);
    play.n_words = p->n_chosen;
    memcpy(play.groups, p->chosen, sizeof(int32_t) * p->n_chosen);
    r->evaluated++;
    if (r->n_plays >= r->top && play.total <= r->plays[r->n_plays - 1].total) return;
    int at = r->n_plays < r->top ? r->n_plays++ : r->n_plays - 1;
    while (at > 0 && r->plays[at - 1].total < play.total) {
        r->plays[at] = r->plays[at - 1];
        at--;
    }
    r->plays[at] = play;
}

/* Whether taking group g keeps every repeat motif's copies within its limits across the play. */
static int copies_fit(Pack *p, const Group *g, int sign) {
    Search *s = p->s;
    const uint8_t *u = s->unit_arena + g->units;
    int ok = 1;
    for (int k = 0; k < g->ncards; k++) {
        int unit = u[k], motif = s->unit[unit][UNIT_copy_motif];
        if (motif < 0) continue;
        if (sign > 0) {
            if (p->copy_count[unit]++ == 0) p->copy_distinct[motif]++;
            if (p->copy_count[unit] > s->unit[unit][UNIT_cap]
                || p->copy_distinct[motif] > s->copy[motif][COPY_distinct]) ok = 0;
        } else if (--p->copy_count[unit] == 0) {
            p->copy_distinct[motif]--;
        }
    }
    return ok;
}

/* Greedy plays, offered before the search so that even a search cut short answers well: starting from each
 * of the best few groups, keep adding the best group that still fits. */
static void greedy(Pack *p, int32_t n_options) {
    enum { POOL = 4096 };
    int32_t *by_worth = malloc(sizeof(int32_t) * POOL), head[MAX_RESOURCES], pool = 0;
    if (!by_worth) return;
    memcpy(head, p->start, sizeof(int32_t) * p->s->n_res);
    while (pool < POOL && pool < n_options) {  /* merge the anchors' lists, each sorted best first */
        int pick = -1;
        for (int r = 0; r < p->s->n_res; r++)
            if (head[r] < p->start[r + 1]
                && (pick < 0 || p->options[head[r]].worth > p->options[head[pick]].worth))
                pick = r;
        by_worth[pool++] = head[pick]++;
    }
    for (int start = 0; start < 8 && start < pool; start++) {
        u128 packed = p->full;
        p->n_chosen = 0;
        for (int32_t i = -1; i < pool && p->n_chosen < MAX_PLAY_WORDS; i++) {
            const Option *o = &p->options[by_worth[i < 0 ? start : i]];
            if (!fits(p, packed, o->need)) continue;
            const Group *g = &p->s->groups[o->group];
            if (!copies_fit(p, g, +1)) {
                copies_fit(p, g, -1);
                continue;
            }
            p->chosen[p->n_chosen++] = o->group;
            packed -= o->need;
        }
        offer(p);
        for (int k = 0; k < p->n_chosen; k++) copies_fit(p, &p->s->groups[p->chosen[k]], -1);
        p->n_chosen = 0;
    }
    free(by_worth);
}

static void dfs(Pack *p, u128 packed, int64_t current, int anchor, int from) {
    Result *res = p->result;
    res->nodes++;
    if (!packed || p->failed || out_of_time(p->s)) return;
    int r = lowest_resource(p, packed);
    if (r != anchor) from = p->start[r];
    int64_t after_one = most(p, packed - (p->field[r] & -p->field[r])), bonus = extra(p, packed);
    for (int k = from; k < p->start[r + 1] && !p->s->stopped; k++) {
        const Option *o = &p->options[k];
        if (current + o->worth + bonus + after_one <= kth(p)) break;  /* options come best first */
        if (!fits(p, packed, o->need)) continue;
        u128 rest = packed - o->need;
        if (current + o->worth + bonus + most(p, rest) <= kth(p)) continue;
        const Group *g = &p->s->groups[o->group];
        int ok = copies_fit(p, g, +1);
        if (ok && p->n_chosen < MAX_PLAY_WORDS) {
            p->chosen[p->n_chosen++] = o->group;
            p->chosen_doublers += g->doublers;
            if (current + o->worth + extra(p, 0) > kth(p)) offer(p);
            dfs(p, rest, current + o->worth, r, k);
            p->chosen_doublers -= g->doublers;
            p->n_chosen--;
        }
        copies_fit(p, g, -1);
    }
    u128 rest = packed & ~p->field[r];  /* no further word takes resource r */
    if (current + extra(p, rest) + most(p, rest) > kth(p)) dfs(p, rest, current, -1, 0);
}

static int by_worth(const void *a, const void *b) {
    const Option *x = a, *y = b;
    if (x->worth != y->worth) return x->worth < y->worth ? 1 : -1;
    return x->group - y->group;
}

/* Lay out the packed resource fields and each group's option. */
static int prepare(Pack *p) {
    Search *s = p->s;
    /* Lay the fields out from the resource fewest groups use to the one most use: a group is anchored at
     * its rarest resource, so the long lists of groups belong to the states that still hold rare ones. */
    int uses[MAX_RESOURCES] = {0}, order[MAX_RESOURCES];
    for (int32_t gi = 0; gi < s->n_groups; gi++) {
        const Group *g = &s->groups[gi];
        for (int k = 0; k < g->ncards; k++) uses[s->unit[s->unit_arena[g->units + k]][UNIT_resource]]++;
    }
    for (int r = 0; r < s->n_res; r++) {
        int at = r;
        while (at > 0 && uses[order[at - 1]] > uses[r]) {
            order[at] = order[at - 1];
            at--;
        }
        order[at] = r;
    }
    int offset = 0;
    p->guard = 0;
    p->full = 0;
    for (int i = 0; i < s->n_res; i++) {
        int r = order[i], cap = s->res[r][RES_capacity], width = 1;
        while ((1 << (width - 1)) <= cap) width++;   /* room for the count, plus a guard bit */
        if (offset + width > 128) return -2;
        p->field[r] = (((u128)1 << (width - 1)) - 1) << offset;
        p->guard |= (u128)1 << (offset + width - 1);
        p->full |= (u128)cap << offset;
        for (int b = offset; b < offset + width; b++) p->owner[b] = (int8_t)r;
        offset += width;
    }
    size_t n = s->n_groups ? (size_t)s->n_groups : 1;
    p->options = malloc(sizeof(Option) * n);
    int64_t *lowest = malloc(sizeof(int64_t) * n), *highest = malloc(sizeof(int64_t) * n);
    uint8_t *kept = malloc(n);
    int *count = calloc(s->n_res + 1, sizeof(int));
    if (!p->options || !lowest || !highest || !kept || !count) {
        free(lowest);
        free(highest);
        free(kept);
        free(count);
        return -1;
    }
    int64_t top_upper = 0;
    int grand_combo = 0;
    for (int bit = 0; bit < s->n_award_bits; bit++)
        if (s->award_motif[bit] == MOTIF_grandiloquent) grand_combo = 1 << bit;
    for (int32_t gi = 0; gi < s->n_groups; gi++) {
        const Group *g = &s->groups[gi];
        const uint8_t *u = s->unit_arena + g->units;
        int used[MAX_RESOURCES] = {0};
        for (int k = 0; k < g->ncards; k++) used[s->unit[u[k]][UNIT_resource]]++;
        Option *o = &p->options[gi];
        o->group = gi;
        o->need = 0;
        int64_t upper = INT64_MIN, plain_upper = INT64_MIN, credit = 0;  /* plain: without Grandiloquent */
        for (int c = 0; c < s->n_combos; c++) {
            int64_t v = s->best[(size_t)gi * s->n_combos + c];
            if (v > upper) upper = v;
            if (!(c & grand_combo) && v > plain_upper) plain_upper = v;
        }
        if (upper - plain_upper > p->grand_gain) p->grand_gain = upper - plain_upper;
        for (int r = 0; r < s->n_res; r++) {
            if (!used[r]) continue;
            int shift = 0;
            while (!((p->field[r] >> shift) & 1)) shift++;
            o->need += (u128)used[r] << shift;
            if (s->param[PARAM_unseen])  /* each hand card it uses saves 2, at most */
                credit += 2 * (used[r] < s->res[r][RES_hand] ? used[r] : s->res[r][RES_hand]);
        }
        o->worth = plain_upper + credit;
        lowest[gi] = s->best[(size_t)gi * s->n_combos] + credit;
        highest[gi] = upper + credit;
        if (upper > top_upper) top_upper = upper;
    }
    int rc = prune_groups(s, lowest, highest, p->result->top, kept);
    free(lowest);
    free(highest);
    if (rc < 0) {
        free(kept);
        free(count);
        return -1;
    }
    int doubler_units = 0, n_kept = 0;
    for (int32_t gi = 0; gi < s->n_groups; gi++) {
        if (!kept[gi]) continue;
        p->options[n_kept++] = p->options[gi];
        count[lowest_resource(p, p->options[gi].need)]++;
        doubler_units += s->groups[gi].doublers > 0;
    }
    free(kept);
    p->result->kept = n_kept;
    p->start[0] = 0;
    for (int r = 0; r < s->n_res; r++) p->start[r + 1] = p->start[r] + count[r];
    /* bucket by anchor, best first within each */
    Option *sorted = malloc(sizeof(Option) * n);
    if (!sorted) {
        free(count);
        return -1;
    }
    int fill[MAX_RESOURCES + 1];
    memcpy(fill, p->start, sizeof fill);
    for (int k = 0; k < n_kept; k++) {
        const Option *o = &p->options[k];
        sorted[fill[lowest_resource(p, o->need)]++] = *o;  /* anchored at its lowest resource */
    }
    free(p->options);
    free(count);
    p->options = sorted;
    for (int r = 0; r < s->n_res; r++)
        qsort(p->options + p->start[r], (size_t)(p->start[r + 1] - p->start[r]), sizeof(Option), by_worth);
    p->laconic = s->param[PARAM_laconic] && s->param[PARAM_round_given] ? 5 : 0;
    p->top_upper = top_upper;
    for (int r = 0; r < s->n_res && doubler_units; r++) {
        int may_double = 0;
        for (int i = 0; i < s->n_res_faces[r]; i++) {
            const int32_t *f = s->scorer.faces[s->res_faces[r][i]].f;
            may_double |= f[FACE_op] == OP_multiply && f[FACE_target] == TARGET_shorter_word;
        }
        if (!may_double) continue;
        int shift = 0;
        while (!((p->field[r] >> shift) & 1)) shift++;
        p->doubling_field[p->n_doubling] = p->field[r];
        p->doubling_shift[p->n_doubling++] = shift;
    }
    p->base = 0;
    if (s->param[PARAM_unseen])
        for (int r = 0; r < s->n_res; r++) p->base -= 2 * s->res[r][RES_hand];
    return memo_init(&p->memo, 1u << 12);
}

int pack_plays(Search *s, Result *result) {
    Pack p;
    memset(&p, 0, sizeof p);
    p.s = s;
    p.result = result;
    int rc = prepare(&p);
    if (rc < 0) {
        free(p.options);
        return rc;
    }
    result->bound_known = 0;
    offer(&p);  /* the empty play */
    greedy(&p, p.start[s->n_res]);
    int64_t root = most(&p, p.full);
    if (!s->stopped && !p.failed) {
        result->bound = p.base + extra(&p, p.full) + root;
        result->bound_known = 1;
    }
    dfs(&p, p.full, p.base, -1, 0);
    result->states = p.memo.used;
    result->pack_done = !s->stopped && !p.failed;
    free(p.options);
    free(p.memo.keys);
    free(p.memo.values);
    return p.failed ? -1 : 0;
}
