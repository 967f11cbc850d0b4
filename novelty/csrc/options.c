/* The packing's options: the resource fields of a packed state, and every way each group can take its cards
 * (held, or granted as copies out of the shared pool), anchored at its rarest resource and gathered into needs.
 *
 * prepare() lays them out. With `reduced` (a packing that cannot prove its play best) only the caps.anytime_groups
 * best groups by worth are packed, and only as many options as caps.options; otherwise every group is, and prepare
 * returns LATE when its options do not fit in caps.options or cannot be laid out by OPTIONS_SHARE of the time left
 * (the caller then packs reduced).
 */
#include <stdlib.h>
#include <string.h>

#include "packing.h"

enum { ALL_OPTIONS, FEWEST_COPIES, MORE_COPIES };  /* which options of a group add_options() lays out */
#define PRINTED_KEPT 256 /* groups of printed cards alone kept for each class, reduced, beside the best */
#define DOUBLERS_KEPT 64 /* groups holding a shorter-word double kept for each length, reduced, beside the best */
#define KEPT_PRINTED 2   /* Worths.kept of those: their options are laid out first (they are few) */

/* Lay the fields out from the resource fewest groups use to the one most use: an option is anchored at its rarest
 * resource, so the long lists belong to the states that still hold rare ones. Copies go last. -2 when the fields
 * do not fit in 128 bits. */
static int lay_fields(Pack *p) {
    const Tables *t = p->t;
    const Groups *gs = p->gs;
    Layout *lay = &p->lay;
    int uses[MAX_RESOURCES] = {0}, order[MAX_RESOURCES];
    for (int32_t gi = 0; gi < gs->n_groups; gi++) {
        const Group *g = &gs->groups[gi];
        group_uses(t, gs, g, uses);
    }
    for (int r = 0; r < t->n_res; r++) {
        if (t->res[r].kind == RES_KIND_copy_pool) uses[r] = INT32_MAX;
        int at = r;
        while (at > 0 && uses[order[at - 1]] > uses[r]) {
            order[at] = order[at - 1];
            at--;
        }
        order[at] = r;
    }
    int offset = 0;
    for (int i = 0; i < t->n_res; i++) {
        int r = order[i], cap = t->res[r].capacity, width = 1;
        while ((1 << (width - 1)) <= cap) width++;   /* room for the count, plus a guard bit */
        if (offset + width > 128) return -2;
        lay->field[r] = (((u128)1 << (width - 1)) - 1) << offset;
        lay->guard |= (u128)1 << (offset + width - 1);
        lay->full |= (u128)cap << offset;
        lay->shift[r] = offset;
        for (int b = offset; b < offset + width; b++) lay->owner[b] = (int8_t)r;
        offset += width;
    }
    return 0;
}

/* Each group's worth: at its best (highest: every award, its credit), at its worst (lowest: no award, and no credit
 * when copies could stand in for its cards), and its best without Grandiloquent (plain); kept: whether it is packed.
 */
typedef struct {
    int64_t *lowest, *highest, *plain;  /* owned (free_worths), a value per group */
    uint8_t *kept;
} Worths;

static void free_worths(Worths *w) {
    free(w->lowest);
    free(w->highest);
    free(w->plain);
    free(w->kept);
}

static int group_worths(Pack *p, Worths *w) {
    const Tables *t = p->t;
    const Groups *gs = p->gs;
    size_t n = gs->n_groups ? (size_t)gs->n_groups : 1;
    w->lowest = malloc(sizeof(int64_t) * n);
    w->highest = malloc(sizeof(int64_t) * n);
    w->plain = malloc(sizeof(int64_t) * n);
    w->kept = malloc(n);
    if (!w->lowest || !w->highest || !w->plain || !w->kept) return -1;
    int grand_combo = t->grand_bit >= 0 ? 1 << t->grand_bit : 0;
    for (int32_t gi = 0; gi < gs->n_groups; gi++) {
        const Group *g = &gs->groups[gi];
        int64_t upper = INT64_MIN, plain_upper = INT64_MIN, credit = 0;
        for (int c = 0; c < gs->n_combos; c++) {
            int64_t v = group_best(gs, gi, c);
            if (v > upper) upper = v;
            if (!(c & grand_combo) && v > plain_upper) plain_upper = v;
        }
        if (upper - plain_upper > p->bonus.grand_gain) p->bonus.grand_gain = upper - plain_upper;
        if (upper > p->bonus.top_upper) p->bonus.top_upper = upper;
        if (t->param.unseen) {  /* the most it could save, every card a card held */
            int used[MAX_RESOURCES] = {0};
            group_uses(t, gs, g, used);
            for (int r = 0; r < t->n_res; r++) credit += unseen_saved(t, r, used[r]);
        }
        w->plain[gi] = plain_upper;
        w->lowest[gi] = group_best(gs, gi, 0) + (t->pool_res < 0 ? credit : 0);
        w->highest[gi] = upper + credit;
    }
    return 0;
}

/* Keep (kept[g] = 0 for the rest) only the k of the n groups worth most at their best, the first found among equals;
 * return 0, or -1 when out of memory. The k-th worth is found by quickselect, in linear time. */
static int keep_best(const int64_t *worth, int32_t n, int32_t k, uint8_t *kept) {
    int64_t *v = malloc(sizeof(int64_t) * (size_t)n);
    if (!v) return -1;
    memcpy(v, worth, sizeof(int64_t) * (size_t)n);
    int32_t lo = 0, hi = n - 1, want = k - 1;  /* v[want] once v is sorted high to low */
    while (lo < hi) {
        int64_t pivot = v[lo + (hi - lo) / 2];
        int32_t i = lo, j = hi;
        while (i <= j) {
            while (v[i] > pivot) i++;
            while (v[j] < pivot) j--;
            if (i <= j) {
                int64_t tmp = v[i];
                v[i++] = v[j];
                v[j--] = tmp;
            }
        }
        if (want <= j) hi = j;
        else if (want >= i) lo = i;
        else break;  /* v[j + 1 .. i - 1] all equal the pivot */
    }
    int64_t threshold = v[want];
    free(v);
    int32_t ties = k;
    for (int32_t g = 0; g < n; g++) ties -= worth[g] > threshold;
    for (int32_t g = 0; g < n; g++) kept[g] = worth[g] > threshold || (worth[g] == threshold && ties-- > 0);
    return 0;
}

/* Whether group g takes printed cards alone, no more of a class than are held (no wild, no copy). */
static int printed_alone(const Tables *t, const Groups *gs, const Group *g) {
    const uint8_t *u = group_units(gs, g);
    for (int i = 0, run = 0; i < g->ncards; i++) {
        const Unit *unit = &t->unit[u[i]];
        run = i && u[i] == u[i - 1] ? run + 1 : 1;  /* the units are sorted: a run is one unit's cards */
        if (!t->printed_only[unit->resource] || unit->copy_motif >= 0 || run > t->real_cap[unit->resource]) return 0;
    }
    return 1;
}

/* Put group gi among the n (at most `most`) best of one kind: a min-heap by worth, the least at the root. */
static void heap_offer(int32_t *heap, int *n, int most, int32_t gi, const int64_t *worth) {
    int i;
    if (*n < most) {
        for (i = (*n)++; i > 0 && worth[heap[(i - 1) / 2]] > worth[gi]; i = (i - 1) / 2) heap[i] = heap[(i - 1) / 2];
        heap[i] = gi;
        return;
    }
    if (worth[heap[0]] >= worth[gi]) return;
    for (i = 0;;) {  /* the root out, gi sifted down from it */
        int c = 2 * i + 1;
        if (c >= *n) break;
        if (c + 1 < *n && worth[heap[c + 1]] < worth[heap[c]]) c++;
        if (worth[heap[c]] >= worth[gi]) break;
        heap[i] = heap[c];
        i = c;
    }
    heap[i] = gi;
}

/* Mark kept (laid out first) the groups of `buckets` heaps of at most `most` groups each, n[i] in heap i. */
static void mark_kept(Worths *w, const int32_t *best, const int *n, int buckets, int most) {
    for (int i = 0; i < buckets; i++)
        for (int k = 0; k < n[i]; k++) w->kept[best[(size_t)i * most + k]] = KEPT_PRINTED;
}

/* Keep too, for each class of printed cards, the PRINTED_KEPT best groups of printed cards alone that take it: the
 * short words that fill in round the best words, whatever those take, left out by worth when there are many. */
static int keep_printed(const Pack *p, Worths *w) {
    const Tables *t = p->t;
    const Groups *gs = p->gs;
    int32_t *best = malloc(sizeof(int32_t) * PRINTED_KEPT * (size_t)t->n_res);
    int n[MAX_RESOURCES] = {0};
    if (!best) return -1;
    for (int32_t gi = 0; gi < gs->n_groups; gi++) {
        const Group *g = &gs->groups[gi];
        if (!printed_alone(t, gs, g)) continue;
        const uint8_t *u = group_units(gs, g);
        for (int i = 0; i < g->ncards; i++) {
            int r = t->unit[u[i]].resource;
            if (!i || u[i] != u[i - 1]) heap_offer(best + (size_t)r * PRINTED_KEPT, &n[r], PRINTED_KEPT, gi, w->highest);
        }
    }
    mark_kept(w, best, n, t->n_res, PRINTED_KEPT);
    free(best);
    return 0;
}

/* Keep too, for each length, the DOUBLERS_KEPT groups holding the most shorter-word doubles, the best of those
 * holding as many first: worth little alone, they double a shorter word (greedy_doubled pairs them), once for each
 * double, so a word holding two is kept before a better word holding one (SOWPODS big hand 2: XEROXING, worth three
 * points, holds two of the doubles that make PUBBING's 77 worth 616). */
static int keep_doublers(const Pack *p, Worths *w) {
    const Groups *gs = p->gs;
    int32_t *best = malloc(sizeof(int32_t) * DOUBLERS_KEPT * LENGTH_BUCKETS);
    int64_t *rank = malloc(sizeof(int64_t) * (size_t)(gs->n_groups ? gs->n_groups : 1));
    int n[LENGTH_BUCKETS] = {0};
    if (!best || !rank) {
        free(best);
        free(rank);
        return -1;
    }
    for (int32_t gi = 0; gi < gs->n_groups; gi++) rank[gi] = ((int64_t)gs->groups[gi].doublers << 40) + w->highest[gi];
    for (int32_t gi = 0; gi < gs->n_groups; gi++) {
        int length = length_bucket(&gs->groups[gi]);
        if (gs->groups[gi].doublers > 0)
            heap_offer(best + (size_t)length * DOUBLERS_KEPT, &n[length], DOUBLERS_KEPT, gi, rank);
    }
    mark_kept(w, best, n, LENGTH_BUCKETS, DOUBLERS_KEPT);
    free(best);
    free(rank);
    return 0;
}

/* Which groups are packed: all, or (reduced) the best, and the best of printed cards alone for each class (the
 * dominance between them comes next, prune.c). */
static int keep_groups(Pack *p, Worths *w, int reduced) {
    const Groups *gs = p->gs;
    int64_t anytime = p->b->caps.anytime_groups;
    memset(w->kept, 1, gs->n_groups ? (size_t)gs->n_groups : 1);
    if (!reduced || gs->n_groups <= anytime) return 0;
    if (keep_best(w->highest, gs->n_groups, (int32_t)anytime, w->kept) < 0 || keep_printed(p, w) < 0) return -1;
    return keep_doublers(p, w);
}

/* Lay out the packed resource fields and each group's option. */
static int push_option(Pack *p, const Option *o, const int16_t (*pairs)[2]) {
    Options *os = &p->o;
    if (os->n_options >= p->b->caps.options) return FULL;
    int failed = 0;
    os->options = grow(os->options, &os->cap, (size_t)os->n_options + 1, sizeof(Option), &failed);
    if (o->n_copies)
        os->pairs = grow(os->pairs, &os->cap_pairs, os->n_pairs + (size_t)o->n_copies, sizeof *os->pairs, &failed);
    if (failed) return -1;
    os->options[os->n_options] = *o;
    if (o->n_copies) {
        os->options[os->n_options].copies = (int32_t)os->n_pairs;
        memcpy(os->pairs + os->n_pairs, pairs, sizeof *pairs * (size_t)o->n_copies);
        os->n_pairs += (size_t)o->n_copies;
    }
    os->n_options++;
    return 0;
}

/* A group's cards by resource, and the classes among them that copies may stand in for. */
typedef struct {
    int used[MAX_RESOURCES];
    int classes[MAX_CARDS_IN_WORD], n_classes;
    int copies[MAX_CARDS_IN_WORD], low[MAX_CARDS_IN_WORD], high[MAX_CARDS_IN_WORD];  /* per class: now, fewest, most */
    int total, pool;           /* copies taken, and the pool's */
} Takings;

/* The option taking takings->copies of each class as copies, the rest as cards held. */
static int push_taking(Pack *p, int32_t gi, const Takings *tk, u128 held, int64_t worth, int64_t plain_upper) {
    const Tables *t = p->t;
    Option o = {.group = gi, .copies = -1, .need = held, .worth = worth, .word = plain_upper,
                .doublers = p->gs->groups[gi].doublers};
    int16_t pairs[MAX_CARDS_IN_WORD][2];
    for (int i = 0; i < tk->n_classes; i++) {  /* (classes come in resource order) */
        if (!tk->copies[i]) continue;
        int r = tk->classes[i];
        o.need -= (u128)tk->copies[i] << p->lay.shift[r];
        o.worth -= unseen_saved(t, r, tk->used[r]) - unseen_saved(t, r, tk->used[r] - tk->copies[i]);
        pairs[o.n_copies][0] = (int16_t)r;
        pairs[o.n_copies++][1] = (int16_t)tk->copies[i];
    }
    if (tk->total) o.need += (u128)tk->total << p->lay.shift[t->pool_res];
    return push_option(p, &o, (const int16_t (*)[2])pairs);
}

/* The next combination of copies per class within the pool, odometer style; 0 when there is none. */
static int next_taking(Takings *tk) {
    int i = 0;
    while (i < tk->n_classes && (tk->copies[i] == tk->high[i] || tk->total == tk->pool)) {
        tk->total -= tk->copies[i] - tk->low[i];
        tk->copies[i] = tk->low[i];
        i++;
    }
    if (i == tk->n_classes) return 0;
    tk->copies[i]++;
    tk->total++;
    return 1;
}

/* Add group gi's options: one for each way of taking its cards, held or granted as copies out of the shared
 * pool (`which`: ALL_OPTIONS, only the one taking the FEWEST_COPIES, or the others, MORE_COPIES). */
static int add_options(Pack *p, int32_t gi, int64_t plain_upper, int which) {
    const Tables *t = p->t;
    const Group *g = &p->gs->groups[gi];
    const uint8_t *u = group_units(p->gs, g);
    Takings tk = {.total = 0};
    for (int k = 0; k < g->ncards; k++) {
        int r = t->unit[u[k]].resource;
        if (!tk.used[r]++ && t->twin_cap[r]) tk.classes[tk.n_classes++] = r;
    }
    tk.pool = t->pool_res >= 0 ? t->res[t->pool_res].capacity : 0;
    for (int i = 0; i < tk.n_classes; i++) {
        int r = tk.classes[i], granted = t->twin_cap[r];
        tk.low[i] = tk.used[r] > t->real_cap[r] ? tk.used[r] - t->real_cap[r] : 0;
        tk.high[i] = which == FEWEST_COPIES ? tk.low[i] : tk.used[r] < granted ? tk.used[r] : granted;
        tk.copies[i] = tk.low[i];
        tk.total += tk.copies[i];
    }
    if (tk.total > tk.pool) return 0;
    u128 held = 0;    /* every card a card held, and what that would save under Unseen Character */
    int64_t credit = 0;
    for (int r = 0; r < t->n_res; r++) {
        if (!tk.used[r]) continue;
        held += (u128)tk.used[r] << p->lay.shift[r];
        credit += unseen_saved(t, r, tk.used[r]);
    }
    for (int first = 1;; first = 0) {  /* every combination, the first taking the fewest copies */
        if (!first || which != MORE_COPIES) {
            int rc = push_taking(p, gi, &tk, held, plain_upper + credit, plain_upper);
            if (rc) return rc;
        }
        if (!next_taking(&tk)) return 0;
    }
}

typedef struct {
    int64_t worth;
    int32_t group;
} Ranked;

static int by_rank(const void *a, const void *b) {  /* best first, then first found */
    const Ranked *x = a, *y = b;
    if (x->worth != y->worth) return x->worth < y->worth ? 1 : -1;
    return (x->group > y->group) - (x->group < y->group);
}

/* Order the reduced packing's second pass over `packed` (the options beyond the fewest copies) after its first, in
 * packed[n .. 2n) (room for 2n): the groups holding shorter-word doubles first, each run in its order. A double's copies
 * are doubles too: a play doubling a word once more takes its doubles' words with their letters as copies. */
static void more_copies_order(const Pack *p, Ranked *packed, int32_t n) {
    int32_t m = n;
    for (int doubling = 1; doubling >= 0; doubling--)
        for (int32_t i = 0; i < n; i++)
            if ((p->gs->groups[packed[i].group].doublers > 0) == doubling) packed[m++] = packed[i];
}

/* The kept groups to pack, reduced: those of printed cards alone kept for their classes first, then best first, so
 * that caps.options leaves out the worst. */
static Ranked *groups_to_pack(const Pack *p, const Worths *w, int reduced, int32_t *n_packed) {
    const Groups *gs = p->gs;
    Ranked *packed = malloc(sizeof(Ranked) * 2 * (gs->n_groups ? (size_t)gs->n_groups : 1));  /* (two passes) */
    if (!packed) return NULL;
    *n_packed = 0;
    for (int32_t gi = 0; gi < gs->n_groups; gi++)
        if (w->kept[gi])
            packed[(*n_packed)++] = (Ranked){w->highest[gi] + (w->kept[gi] == KEPT_PRINTED ? (int64_t)1 << 50 : 0), gi};
    if (reduced) qsort(packed, (size_t)*n_packed, sizeof(Ranked), by_rank);
    if (reduced) more_copies_order(p, packed, *n_packed);
    return packed;
}

/* Whether laying out option k of the packing must stop (reduced) or gives way to a reduced packing (LATE). */
static int options_late(const Pack *p, int32_t k, int32_t n_packed, int reduced, double options_until,
                        double more_until) {
    if ((k & 255) || p->b->deadline <= 0) return 0;
    double now = now_seconds();
    if (!reduced && now > options_until) return LATE;  /* the exact packing cannot lay its options out in time */
    return reduced && k >= MIN_PACKED && now > (k < n_packed ? p->b->deadline : more_until) ? -1 : 0;
}

/* Every option of every group to pack; reduced, first each group's option taking the fewest copies (of MIN_PACKED
 * groups at least, even out of time: a real play), then the others while they fit in caps.options and
 * MORE_OPTIONS_SHARE of the time or work left (what is built from them takes about four times as long as laying them
 * out). *doublers: whether a group packed holds a shorter-word double. */
static int lay_options(Pack *p, const Worths *w, int reduced, double options_until, int *doublers) {
    Budget *b = p->b;
    int32_t n_packed;
    Ranked *packed = groups_to_pack(p, w, reduced, &n_packed);
    if (!packed) return -1;
    double more_until = b->deadline > 0 ? now_seconds() + MORE_OPTIONS_SHARE * (b->deadline - now_seconds()) : 0;
    int64_t more = b->work_end > b->ticks ? (int64_t)(b->work_end - b->ticks) / MORE_OPTIONS_WORK_DIVISOR : -1;
    int rc = 0;
    for (int32_t k = 0; k < (reduced ? 2 : 1) * n_packed && rc == 0; k++) {
        int32_t gi = packed[k].group;
        if (k == n_packed && more >= 0) more += p->o.n_options;  /* an option for a tick of work */
        if (k >= n_packed && more >= 0 && p->o.n_options > more) break;
        int late = options_late(p, k, n_packed, reduced, options_until, more_until);
        if (late < 0) break;
        rc = late;
        int which = !reduced ? ALL_OPTIONS : k < n_packed ? FEWEST_COPIES : MORE_COPIES;
        if (rc == 0) rc = add_options(p, gi, w->plain[gi], which);
        if (rc == FULL) {  /* caps.options: the exact packing cannot hold every option; the reduced one packs these */
            b->option_limit = 1;
            rc = reduced ? 0 : LATE;
            break;
        }
        if (k >= n_packed) continue;
        p->result->kept++;
        *doublers += p->gs->groups[gi].doublers > 0;
    }
    free(packed);
    return rc;
}

static int by_worth(const void *a, const void *b) {
    const Option *x = a, *y = b;
    if (x->worth != y->worth) return x->worth < y->worth ? 1 : -1;
    return x->group - y->group;
}

/* An option with its worth less its units' prices, for sorting by that. */
typedef struct {
    int64_t reduced;
    Option option;
} Priced;

static int by_reduced(const void *a, const void *b) {
    const Priced *x = a, *y = b;
    if (x->reduced != y->reduced) return x->reduced < y->reduced ? 1 : -1;
    return by_worth(&x->option, &y->option);
}

/* A fixing's packing: each anchor's options sorted by their worth less their units' prices (most first, kept in
 * os->reduced), then by worth, so that the search stops at the first option whose bound from prices cannot beat the
 * play to beat (branch.c). */
static int sort_by_prices(Pack *p) {
    Options *os = &p->o;
    size_t n = os->n_options ? (size_t)os->n_options : 1;
    Priced *priced = malloc(sizeof *priced * n);
    os->reduced = malloc(sizeof *os->reduced * n);
    if (!priced || !os->reduced) {
        free(priced);
        return -1;
    }
    for (int32_t k = 0; k < os->n_options; k++)
        priced[k] = (Priced){os->options[k].worth * PRICE_SCALE - units_price(p, os->options[k].need), os->options[k]};
    for (int r = 0; r < p->t->n_res; r++)
        qsort(priced + os->start[r], (size_t)(os->start[r + 1] - os->start[r]), sizeof *priced, by_reduced);
    for (int32_t k = 0; k < os->n_options; k++) {
        os->options[k] = priced[k].option;
        os->reduced[k] = priced[k].reduced;
    }
    free(priced);
    return 0;
}

/* Bucket the options by anchor, best first within each (by prices, in a fixing's packing), and make room to mark the
 * options of the largest anchor at every play size. */
static int bucket_options(Pack *p) {
    const Tables *t = p->t;
    Options *os = &p->o;
    int count[MAX_RESOURCES + 1] = {0};
    for (int32_t k = 0; k < os->n_options; k++) count[lowest_resource(p, os->options[k].need)]++;
    os->start[0] = 0;
    for (int r = 0; r < t->n_res; r++) os->start[r + 1] = os->start[r] + count[r];
    Option *sorted = malloc(sizeof(Option) * (os->n_options ? (size_t)os->n_options : 1));
    if (!sorted) return -1;
    int32_t fill[MAX_RESOURCES + 1];
    memcpy(fill, os->start, sizeof fill);
    for (int32_t k = 0; k < os->n_options; k++) sorted[fill[lowest_resource(p, os->options[k].need)]++] = os->options[k];
    free(os->options);
    os->options = sorted;
    if (p->priced) {
        if (sort_by_prices(p) < 0) return -1;
    } else {
        for (int r = 0; r < t->n_res; r++)
            qsort(os->options + os->start[r], (size_t)(os->start[r + 1] - os->start[r]), sizeof(Option), by_worth);
    }
    for (int r = 0; r < t->n_res; r++) {
        int32_t words = (os->start[r + 1] - os->start[r] + 63) >> 6;
        if (words > p->mark_words) p->mark_words = words;
    }
    p->marks = malloc(sizeof(uint64_t) * (size_t)(MAX_PLAY_WORDS + 1) * (size_t)(p->mark_words ? p->mark_words : 1));
    return p->marks ? 0 : -1;
}

/* Gather each anchor's options into needs (options come bucketed by anchor, best first in each bucket), through a
 * table of the units taken: an anchor's needs come in the order of their best options. */
static int gather_needs(Pack *p) {
    Options *os = &p->o;
    size_t n_opt = os->n_options ? (size_t)os->n_options : 1, size = 64;
    while (size < 2 * n_opt) size *= 2;
    int32_t *table = malloc(sizeof(int32_t) * size), *need_of = malloc(sizeof(int32_t) * n_opt);
    os->needs = malloc(sizeof(Need) * n_opt);
    os->ends = malloc(sizeof(int32_t) * n_opt);
    if (!table || !need_of || !os->needs || !os->ends) {
        free(table);
        free(need_of);
        return -1;
    }
    for (size_t i = 0; i < size; i++) table[i] = -1;
    int32_t n = 0;
    for (int r = 0; r < p->t->n_res; r++) {
        os->anchor[r].first = n;
        for (int32_t k = os->start[r]; k < os->start[r + 1]; k++) {
            u128 units = os->options[k].need;
            uint32_t i = hash_units(units) & (uint32_t)(size - 1);
            while (table[i] >= 0 && os->needs[table[i]].units != units) i = (i + 1) & (uint32_t)(size - 1);
            if (table[i] < 0) {
                table[i] = n;
                os->needs[n++] = (Need){units, os->options[k].worth, 0, 0};
            }
            need_of[k] = table[i];
            os->needs[table[i]].last++;  /* its options, counted */
        }
        os->anchor[r].n = n - os->anchor[r].first;
    }
    for (int32_t e = 0, total = 0; e < n; e++) {
        int32_t count = os->needs[e].last;
        os->needs[e].first = os->needs[e].last = total;
        total += count;
    }
    for (int32_t k = 0; k < os->n_options; k++) os->ends[os->needs[need_of[k]].last++] = k;
    free(table);
    free(need_of);
    return 0;
}

/* Group the options into needs and lay out each anchor's rows. */
static int build_needs(Pack *p) {
    const Tables *t = p->t;
    Options *os = &p->o;
    if (gather_needs(p) < 0) return -1;
    size_t n_words = 0;
    for (int r = 0; r < t->n_res; r++) {
        Anchor *a = &os->anchor[r];
        a->words = (a->n + 63) >> 6;
        for (int i = 0; i < t->n_res; i++) {
            for (int32_t e = a->first; e < a->first + a->n; e++) {
                int take = field_value(p, os->needs[e].units, i);
                if (take > a->most[i]) a->most[i] = (uint8_t)take;
            }
            a->row[i] = n_words;
            n_words += (size_t)a->most[i] * (size_t)a->words;
        }
    }
    os->rows = calloc(n_words ? n_words : 1, sizeof(uint64_t));
    if (!os->rows) return -1;
    for (int r = 0; r < t->n_res; r++) {
        const Anchor *a = &os->anchor[r];
        for (int32_t e = 0; e < a->n; e++)
            for (int i = 0; i < t->n_res; i++)
                for (int c = field_value(p, os->needs[a->first + e].units, i); c < a->most[i]; c++)
                    os->rows[a->row[i] + (size_t)c * (size_t)a->words + (size_t)(e >> 6)] |= (uint64_t)1 << (e & 63);
    }
    return 0;
}

/* Each resource's best worth per unit, for the quick bound. */
static void unit_shares(Pack *p) {
    for (int32_t k = 0; k < p->o.n_options; k++) {
        const Option *o = &p->o.options[k];
        int units = 0;
        for (int r = 0; r < p->t->n_res; r++) units += field_value(p, o->need, r);
        double per_unit = units ? (double)o->worth / units : 0;
        for (int r = 0; r < p->t->n_res; r++)
            if (per_unit > p->o.share[r] && field_value(p, o->need, r)) p->o.share[r] = per_unit;
    }
}

/* The resources that may hold a shorter-word double: a class of doublers, or the pool of copies of one. */
static void find_doubling(Pack *p) {
    const Tables *t = p->t;
    for (int r = 0; r < t->n_res; r++) {
        int may_double = holds_doubler(t, r);
        for (int g = 0; g < t->n_grants && t->res[r].kind == RES_KIND_copy_pool; g++)
            may_double |= holds_doubler(t, t->grant[g].resource);
        if (may_double) p->bonus.doubling[p->bonus.n_doubling++] = r;
    }
}

int prepare(Pack *p, int reduced) {
    const Tables *t = p->t;
    int rc = lay_fields(p);
    if (rc < 0) return rc;
    Worths w = {0};
    rc = group_worths(p, &w);
    if (rc == 0) rc = keep_groups(p, &w, reduced);
    /* With a deadline, dominance has PRUNE_SHARE of the time left and the options must be laid out by OPTIONS_SHARE
     * of it (or the exact packing gives way to a reduced one); the search has the rest. */
    double started = now_seconds(), left = p->b->deadline - started;
    double until = p->b->deadline > 0 ? started + PRUNE_SHARE * left : 0;
    double options_until = p->b->deadline > 0 ? started + OPTIONS_SHARE * left : 0;
    int doublers = 0;
    if (rc == 0) rc = prune_groups(t, p->gs, w.lowest, w.highest, p->result->top, until, w.kept);
    if (rc == 0) rc = lay_options(p, &w, reduced, options_until, &doublers);
    free_worths(&w);
    if (rc != 0) return rc;
    if (bucket_options(p) < 0 || build_needs(p) < 0) return -1;
    unit_shares(p);
    p->bonus.laconic = t->param.laconic && t->param.round_given ? t->param.award_points : 0;
    if (doublers) find_doubling(p);
    if (t->param.unseen)
        for (int r = 0; r < t->n_res; r++) p->bonus.base -= 2 * t->res[r].hand;
    return 0;
}

/* Free the options and what is built from them. */
void free_options(Pack *p) {
    free(p->o.options);
    free(p->o.reduced);
    free(p->marks);
    free(p->o.ends);
    free(p->o.pairs);
    free(p->o.needs);
    free(p->o.rows);
}
