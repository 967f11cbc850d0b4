/* Greedy plays and local search: good plays at once, so that even a search cut short answers well, and, when
 * nothing can be proved, better ones from the best found. */
#include <stdlib.h>
#include <string.h>

#include "packing.h"

/* Enter option k when it fits `*packed` (taking its units) and the play may take another word, or leave it; whether
 * it stayed. */
static int try_enter(Pack *p, u128 *packed, int32_t k) {
    if (p->play.n >= words_limit(p->t) || !fits(p, *packed, p->o.options[k].need)) return 0;
    if (enter(p, k)) {
        *packed -= p->o.options[k].need;
        return 1;
    }
    leave(p);
    return 0;
}

/* Enter the words of `play` not in `drop` (a bit per word), taking their units from `*packed` and adding their worth
 * to `*worth`; whether every repeat motif's copies stay within its limits (leave() them either way). */
static int enter_kept(Pack *p, const Play *play, uint32_t drop, u128 *packed, int64_t *worth) {
    int ok = 1;
    for (int w = 0; w < play->n_words && ok; w++) {
        if (drop >> w & 1) continue;
        const Option *o = &p->o.options[play->options[w]];
        ok = enter(p, play->options[w]);
        *packed -= o->need;
        *worth += o->worth;
    }
    return ok;
}

/* Take the options of `order` that still fit, in turn (from `first`, then from the start), and offer the play. */
static void greedy_from(Pack *p, const int32_t *order, int32_t n, int32_t first) {
    u128 packed = p->lay.full;
    for (int32_t i = -1; i < n && p->play.n < words_limit(p->t); i++) try_enter(p, &packed, order[i < 0 ? first : i]);
    offer(p);
    while (p->play.n) leave(p);
}

typedef struct {
    int64_t worth;
    int32_t cards, option;
} Dense;

static int by_density(const void *a, const void *b) {  /* worth per card, best first */
    const Dense *x = a, *y = b;
    int64_t left = x->worth * y->cards, right = y->worth * x->cards;
    return (left < right) - (left > right);
}

/* The best `limit` options (at most) by worth into order[0 .. n), the anchors' lists merged (each is best first),
 * and the same options by worth per card into order[n .. 2n); return n. `order` holds 2 * limit. The merge stops
 * at `until` (CLOCK_MONOTONIC seconds, 0: never). */
static int32_t best_orders(const Pack *p, int32_t limit, int32_t *order, double until) {
    int32_t head[MAX_RESOURCES], n = 0;
    memcpy(head, p->o.start, sizeof(int32_t) * p->t->n_res);
    while (n < limit && n < p->o.n_options && !(until > 0 && (n & 4095) == 4095 && now_seconds() > until)) {
        int pick = -1;
        for (int r = 0; r < p->t->n_res; r++)
            if (head[r] < p->o.start[r + 1]
                && (pick < 0 || p->o.options[head[r]].worth > p->o.options[head[pick]].worth))
                pick = r;
        order[n++] = head[pick]++;
    }
    Dense *dense = malloc(sizeof(Dense) * (size_t)(n ? n : 1));
    if (!dense) {
        memcpy(order + n, order, sizeof(int32_t) * (size_t)n);  /* out of memory: by worth twice */
        return n;
    }
    for (int32_t i = 0; i < n; i++)
        dense[i] = (Dense){p->o.options[order[i]].worth, p->gs->groups[p->o.options[order[i]].group].ncards, order[i]};
    qsort(dense, (size_t)n, sizeof(Dense), by_density);
    for (int32_t i = 0; i < n; i++) order[n + i] = dense[i].option;
    free(dense);
    return n;
}

/* Greedy plays, offered before the search so that even a search cut short answers well: from each of the
 * best options by worth, and by worth per card, keep adding the best option that still fits. */
void greedy(Pack *p) {
    enum { POOL = 4096 };
    int starts = p->b->deadline > 0 ? GREEDY_STARTS_TIMED : GREEDY_STARTS;
    int32_t *order = malloc(sizeof(int32_t) * 2 * POOL);
    if (!order) return;
    int32_t n = best_orders(p, POOL, order, 0);
    for (int32_t start = 0; start < starts && start < n; start++) greedy_from(p, order, n, start);
    for (int32_t start = 0; start < starts && start < n; start++) greedy_from(p, order + n, n, start);
    free(order);
}

/* Per length, and per how many copies they take (0, 1, more), the best options of distinct groups, best first: a
 * word doubled by many doubles leaves the copies to them. */
enum { PER_LENGTH = 8, COPY_CLASSES = 3, DOUBLED_TRIES = 4, DOUBLED_SPELLINGS = 4, DOUBLERS = 1024 };
typedef struct {
    int32_t option[LENGTH_BUCKETS][COPY_CLASSES][PER_LENGTH];
    int n[LENGTH_BUCKETS][COPY_CLASSES];
} ByLength;

/* The copies option k takes: of the classes (twin motifs), and minor copies. */
static int copies_taken(const Pack *p, int32_t k) {
    const Option *o = &p->o.options[k];
    const Group *g = &p->gs->groups[o->group];
    const uint8_t *units = group_units(p->gs, g);
    int n = 0;
    for (int i = 0; i < o->n_copies; i++) n += p->o.pairs[o->copies + i][1];
    for (int c = 0; c < g->ncards; c++) n += p->t->unit[units[c]].copy_motif >= 0;
    return n;
}

static void by_length(const Pack *p, ByLength *out) {
    memset(out->n, 0, sizeof out->n);
    for (int32_t k = 0; k < p->o.n_options; k++) {
        const Option *o = &p->o.options[k];
        int length = length_bucket(&p->gs->groups[o->group]), copies = copies_taken(p, k);
        int cls = copies < COPY_CLASSES ? copies : COPY_CLASSES - 1;
        int32_t *list = out->option[length][cls], *n = &out->n[length][cls];
        int seen = 0;
        for (int i = 0; i < *n && !seen; i++) seen = p->o.options[list[i]].group == o->group;
        if (seen || (*n == PER_LENGTH && p->o.options[list[*n - 1]].worth >= o->worth)) continue;
        int at = *n < PER_LENGTH ? (*n)++ : *n - 1;
        while (at > 0 && p->o.options[list[at - 1]].worth < o->worth) {
            list[at] = list[at - 1];
            at--;
        }
        list[at] = k;
    }
}

typedef struct {
    int64_t key;
    int32_t option;
} Ranked;

/* Option k's worth less what its units could earn in other words (Options.share: the best worth per unit of any
 * option): a word holding doubles leaves the rest of the play the cards it does not take, and the best holder of a
 * double is the one whose cards are worth least elsewhere. */
static int64_t beyond_shares(const Pack *p, int32_t k) {
    double cost = 0;
    for (int r = 0; r < p->t->n_res; r++) cost += (double)field_value(p, p->o.options[k].need, r) * p->o.share[r];
    return p->o.options[k].worth - (int64_t)cost;
}

/* The options holding shorter-word doubles: per how many (1 .. DOUBLE_BUCKETS), the DOUBLERS best by worth beyond
 * their units' shares (beyond_shares). */
enum { DOUBLE_BUCKETS = 8 };
typedef struct {
    Ranked *option;     /* owned: bucket d at option[start[d] .. start[d] + n[d]), best first */
    int32_t start[DOUBLE_BUCKETS + 1], n[DOUBLE_BUCKETS + 1];
} Doublers;

/* An option holding shorter-word doubles: how many, its word's letters, and its worth beyond its units' shares. */
typedef struct {
    int64_t worth;
    int32_t doublers, length, option;
} Holder;

static int option_length(const Pack *p, int32_t k) { return p->gs->groups[p->o.options[k].group].length; }

/* Every option holding shorter-word doubles, by its worth beyond its units' shares, into `out` (room for every
 * option); how many. */
static int32_t every_holder(const Pack *p, Ranked *out) {
    int32_t n = 0;
    for (int32_t k = 0; k < p->o.n_options; k++)
        if (p->o.options[k].doublers > 0) out[n++] = (Ranked){beyond_shares(p, k), k};
    return n;
}

static int before(const Ranked *x, const Ranked *y) {  /* best key first, then the first option */
    return x->key != y->key ? x->key > y->key : x->option < y->option;
}

static int by_rank(const void *a, const void *b) {
    const Ranked *x = a, *y = b;
    return before(x, y) ? -1 : before(y, x);
}

/* Put the best k of a[0 .. n) first, in order (before's: a total order, options being distinct); how many (k at
 * most). The best k are selected first (quickselect), and only they sorted: a packing may hold 10^5 doubles' words. */
static int32_t best_first(Ranked *a, int32_t n, int32_t k) {
    for (int32_t lo = 0, hi = n - 1; n > k && lo < hi;) {
        Ranked pivot = a[lo + (hi - lo) / 2];
        int32_t i = lo, j = hi;
        while (i <= j) {
            while (before(&a[i], &pivot)) i++;
            while (before(&pivot, &a[j])) j--;
            if (i <= j) {
                Ranked swap = a[i];
                a[i++] = a[j];
                a[j--] = swap;
            }
        }
        if (k - 1 <= j) hi = j;
        else if (k - 1 >= i) lo = i;
        else break;
    }
    if (n > k) n = k;
    qsort(a, (size_t)n, sizeof *a, by_rank);
    return n;
}

static int doubler_options(const Pack *p, const Ranked *all, int32_t n_all, Doublers *out) {
    int32_t count[DOUBLE_BUCKETS + 1] = {0}, at = 0;
    for (int32_t i = 0; i < n_all; i++)
        if (p->o.options[all[i].option].doublers <= DOUBLE_BUCKETS) count[p->o.options[all[i].option].doublers]++;
    for (int d = 1; d <= DOUBLE_BUCKETS; d++) {
        out->start[d] = at;
        out->n[d] = 0;
        at += count[d];
    }
    if (!(out->option = malloc(sizeof(Ranked) * (size_t)(at ? at : 1)))) return -1;
    for (int32_t i = 0; i < n_all; i++) {
        int d = p->o.options[all[i].option].doublers;
        if (d <= DOUBLE_BUCKETS) out->option[out->start[d] + out->n[d]++] = all[i];
    }
    for (int d = 1; d <= DOUBLE_BUCKETS; d++) out->n[d] = best_first(out->option + out->start[d], out->n[d], DOUBLERS);
    return 0;
}

/* The doubler options longer than `word`, by what they add doubling it alone (their worth beyond their units' shares
 * and (2^d - 1) times its word), best first, into `ranked` (room for every bucket's); how many. Each bucket is in that
 * order already: merged. */
static int32_t rank_doublers(const Pack *p, int32_t word, const Doublers *ds, Ranked *ranked) {
    int64_t doubled = p->o.options[word].word > 0 ? p->o.options[word].word : 0;
    int32_t head[DOUBLE_BUCKETS + 1] = {0}, n = 0;
    int length = option_length(p, word);
    for (;;) {
        int pick = 0;
        int64_t best = 0;
        for (int d = 1; d <= DOUBLE_BUCKETS; d++) {
            while (head[d] < ds->n[d] && option_length(p, ds->option[ds->start[d] + head[d]].option) <= length) head[d]++;
            if (head[d] == ds->n[d]) continue;
            int64_t key = ds->option[ds->start[d] + head[d]].key + (((int64_t)1 << d) - 1) * doubled;
            if (!pick || key > best) {
                pick = d;
                best = key;
            }
        }
        if (!pick) return n;
        ranked[n++] = (Ranked){best, ds->option[ds->start[pick] + head[pick]++].option};
    }
}

/* The doubler options by the doubles they hold, most first, then shortest first, then best by worth beyond their
 * units' shares first (at most HOLDERS_PER of each number of doubles and length) into `out` (room for every option);
 * how many. A word doubled by many doubles wants them in as few words as may hold them, as short as may be. */
enum { HOLDERS_PER = 256 };

/* The run of holders_by_doubles option k is in: by its doubles (most first), then its length (shortest first). */
static int holder_run(const Pack *p, int32_t k) {
    return (MAX_CARDS_IN_WORD - p->o.options[k].doublers) * (MAX_LETTERS + 1) + option_length(p, k);
}

/* (into `out`, room for n_all: the options bucketed by doubles and length, then each bucket's best) */
static int32_t holders_by_doubles(const Pack *p, const Ranked *all, int32_t n_all, Holder *out) {
    enum { RUNS = (MAX_CARDS_IN_WORD + 1) * (MAX_LETTERS + 1) };
    int32_t *start = calloc(RUNS + 1, sizeof *start), kept = 0;
    Ranked *runs = malloc(sizeof *runs * (size_t)(n_all ? n_all : 1));
    if (!start || !runs) {
        free(start);
        free(runs);
        return 0;
    }
    for (int32_t i = 0; i < n_all; i++) start[holder_run(p, all[i].option) + 1]++;
    for (int r = 0; r < RUNS; r++) start[r + 1] += start[r];
    for (int32_t i = 0; i < n_all; i++) runs[start[holder_run(p, all[i].option)]++] = all[i];
    for (int r = 0, from = 0; r < RUNS; from = start[r++]) {  /* (start[r]: the end of run r now) */
        int32_t n = best_first(runs + from, start[r] - from, HOLDERS_PER);
        for (int32_t i = from; i < from + n; i++) {
            int32_t k = runs[i].option;
            out[kept++] = (Holder){runs[i].key, p->o.options[k].doublers, option_length(p, k), k};
        }
    }
    free(start);
    free(runs);
    return kept;
}

/* A key of the word group g spells (its first award combination's best sequence): the groups of one word differ in
 * the cards spelling it (a wild or a card for a letter), its options in which of them are copies. */
static uint64_t spelled(const Groups *gs, int32_t g) {
    int8_t letters[MAX_LETTERS];
    int n = sequence_letters(group_kept_sequence(gs, g), gs->groups[g].ncards, letters);
    uint64_t key = 1469598103934665603u;  /* (FNV-1a over the letters) */
    for (int k = 0; k < n; k++) key = (key ^ (uint64_t)(letters[k] + 1)) * 1099511628211u;
    return key;
}

/* The first holders a doubled word was tried with: their words (DOUBLED_TRIES at most), how many spellings (groups)
 * of each (DOUBLED_SPELLINGS at most), and those groups. */
typedef struct {
    uint64_t word[DOUBLED_TRIES];
    int spellings[DOUBLED_TRIES], n_words, n_groups;
    int32_t group[DOUBLED_TRIES * DOUBLED_SPELLINGS];
} Tried;

/* Whether option k is a first holder still to try: of a group not tried, and of a word tried in fewer spellings than
 * DOUBLED_SPELLINGS, or of another word while fewer than DOUBLED_TRIES are (*key: its word's). */
static int still_to_try(const Pack *p, int32_t k, const Tried *tried, uint64_t *key) {
    int32_t g = p->o.options[k].group;
    for (int i = 0; i < tried->n_groups; i++)
        if (tried->group[i] == g) return 0;
    *key = spelled(p->gs, g);
    for (int i = 0; i < tried->n_words; i++)
        if (tried->word[i] == *key) return tried->spellings[i] < DOUBLED_SPELLINGS;
    return tried->n_words < DOUBLED_TRIES;
}

/* Count group g, of the word `key`, as tried (still_to_try said it was to try). */
static void tried_with(Tried *tried, int32_t g, uint64_t key) {
    tried->group[tried->n_groups++] = g;
    for (int i = 0; i < tried->n_words; i++)
        if (tried->word[i] == key) {
            tried->spellings[i]++;
            return;
        }
    tried->word[tried->n_words] = key;
    tried->spellings[tried->n_words++] = 1;
}

static int all_tried(const Tried *tried) { return tried->n_groups == DOUBLED_TRIES * DOUBLED_SPELLINGS; }

/* The play of `word` doubled by option `first` and then by each of ranked[0 .. n_ranked) and (those longer than it) of
 * more[0 .. n_more) that fits, in turn, filled from `order`; whether the first doubler fitted beside the word. */
static int doubled_play(Pack *p, int32_t word, int32_t first, const Ranked *ranked, int32_t n_ranked,
                        const Holder *more, int32_t n_more, const int32_t *order, int32_t n) {
    u128 packed = p->lay.full;
    int fit = try_enter(p, &packed, word) && try_enter(p, &packed, first);
    if (fit) {
        int length = option_length(p, word);
        for (int32_t i = 0; i < n_ranked; i++)  /* more doubles */
            if (ranked[i].option != first) try_enter(p, &packed, ranked[i].option);
        for (int32_t i = 0; i < n_more; i++)
            if (more[i].option != first && more[i].length > length) try_enter(p, &packed, more[i].option);
        for (int32_t i = 0; i < n; i++) try_enter(p, &packed, order[i]);
        offer(p);
    }
    while (p->play.n) leave(p);
    return fit;
}

/* Plays built round a shorter-word double, which greedy plays by worth miss (a word holding a double is worth
 * little alone, the word it doubles a lot): each of the best words of each length (and copies taken) with each of
 * the DOUBLED_TRIES doubler words adding most to it that are longer and fit beside it, then the others that still
 * fit in that order; and again with each of the first DOUBLED_TRIES by the doubles they hold (holders_by_doubles: two
 * x's in a word of five letters leave more cards to the rest than two words of nine holding one each), then the others
 * in that order (doubled_play); until `until` (CLOCK_MONOTONIC seconds). Each first holder's word is tried in up to
 * DOUBLED_SPELLINGS spellings, the best first: the spelling leaving the cards another holder needs may not be the best
 * (SOWPODS big hand 2's XEROXING with a wild vowel as its i leaves i1 to PREFIXES, its third double), and the options
 * of one word can fill every try (84 of PAXWAXES before the first XEROXING). */
void greedy_doubled(Pack *p, double until) {
    enum { POOL = 4096 };
    int32_t *order = malloc(sizeof(int32_t) * 2 * POOL);
    Ranked *ranked = malloc(sizeof(Ranked) * DOUBLERS * DOUBLE_BUCKETS);
    Ranked *all = malloc(sizeof(Ranked) * (size_t)(p->o.n_options ? p->o.n_options : 1));
    int32_t n_all = all ? every_holder(p, all) : 0;
    Holder *holders = malloc(sizeof(Holder) * (size_t)(n_all ? n_all : 1));
    ByLength *words = malloc(sizeof *words);
    Doublers ds = {.option = NULL};
    if (order && words && ranked && holders && all && doubler_options(p, all, n_all, &ds) == 0) {
        int32_t n = best_orders(p, POOL, order, until);
        int32_t n_holders = holders_by_doubles(p, all, n_all, holders);
        by_length(p, words);
        for (int length = 0; length < LENGTH_BUCKETS && now_seconds() < until; length++)
            for (int c = 0; c < COPY_CLASSES; c++)
                for (int v = 0; v < words->n[length][c]; v++) {
                    int32_t word = words->option[length][c][v], n_ranked = rank_doublers(p, word, &ds, ranked);
                    Tried by_adding = {.n_words = 0}, by_doubles = {.n_words = 0};
                    uint64_t key;
                    for (int32_t x = 0; x < n_ranked && !all_tried(&by_adding); x++)
                        if (still_to_try(p, ranked[x].option, &by_adding, &key)
                            && doubled_play(p, word, ranked[x].option, ranked, n_ranked, NULL, 0, order, n))
                            tried_with(&by_adding, p->o.options[ranked[x].option].group, key);
                    for (int32_t x = 0; x < n_holders && !all_tried(&by_doubles); x++)
                        if (holders[x].length > length && still_to_try(p, holders[x].option, &by_doubles, &key)
                            && doubled_play(p, word, holders[x].option, NULL, 0, holders, n_holders, order, n))
                            tried_with(&by_doubles, p->o.options[holders[x].option].group, key);
                }
    }
    free(ds.option);
    free(order);
    free(ranked);
    free(holders);
    free(all);
    free(words);
}

/* Take the kept words of `play` (those not in `drop`, a bit per word) and refill what they leave from `order`
 * (option indexes), each option that still fits; offer the result. */
static void refill(Pack *p, const Play *play, uint32_t drop, const int32_t *order, int32_t n) {
    u128 packed = p->lay.full;
    int64_t worth = 0;
    int ok = enter_kept(p, play, drop, &packed, &worth);
    for (int32_t i = 0; i < n && ok && p->play.n < words_limit(p->t); i++) try_enter(p, &packed, order[i]);
    if (ok) offer(p);
    while (p->play.n) leave(p);
}

/* Whether local search must stop: out of time, or past its last tick (0: none). */
static int improve_over(const Pack *p, double until, uint64_t until_tick) {
    return now_seconds() > until || (until_tick && p->b->ticks > until_tick);
}

/* Local search from the best play found, for searches that cannot be exhaustive: drop one or two of its words
 * and refill the cards they free, best worth first and then best worth per card, while that finds a better
 * play and time remains (until `until`, CLOCK_MONOTONIC seconds, and tick `until_tick`, 0: none). */
void improve(Pack *p, double until, uint64_t until_tick) {
    if (now_seconds() > until) return;  /* (ordering the options takes a while when there are many) */
    int32_t *order = malloc(sizeof(int32_t) * 2 * (size_t)(p->o.n_options ? p->o.n_options : 1));
    if (!order) return;
    int32_t n = best_orders(p, p->o.n_options, order, until);
    int64_t before;
    do {
        before = p->result->plays[0].total;
        Play best = p->result->plays[0];
        for (uint32_t drop = 1; drop < (1u << best.n_words) && best.n_words <= 16; drop++) {
            if (count_bits(drop) > 2) continue;
            if (improve_over(p, until, until_tick)) break;
            p->b->ticks += (uint64_t)n / 64 + 1;  /* two refills: a tick per 128 options looked at */
            refill(p, &best, drop, order, n);
            refill(p, &best, drop, order + n, n);
        }
    } while (p->result->plays[0].total > before && !improve_over(p, until, until_tick));
    free(order);
}

/* Fill in round the best play found: keep its words and add each option that still fits what they leave, in the
 * order laid out (reduced: the classes' words of printed cards alone, then the best), offered if better. A search
 * that stops on its clock may not have tried the short words its best play leaves room for. */
void fill(Pack *p) {
    if (!p->result->n_plays || !p->o.n_options) return;
    int32_t *order = malloc(sizeof(int32_t) * (size_t)p->o.n_options);
    if (!order) return;
    for (int32_t k = 0; k < p->o.n_options; k++) order[k] = k;
    Play best = p->result->plays[0];
    refill(p, &best, 0, order, p->o.n_options);
    free(order);
}

/* Search one neighbourhood of `best`: its words but those in `drop` kept, the cards they free filled exactly (branch
 * and bound, the DP's bound over what is free), within `ticks` more steps and the phase's limits. */
static void refill_one(Pack *p, const Play *best, uint32_t drop, uint64_t ticks) {
    u128 packed = p->lay.full;
    int64_t current = p->bonus.base;
    if (enter_kept(p, best, drop, &packed, &current)) {
        Budget *b = p->b;
        uint64_t work_end = b->work_end;
        b->work_end = work_end && work_end < b->ticks + ticks ? work_end : b->ticks + ticks;
        branch_from(p, packed, current);
        b->stopped = work_end && b->ticks > work_end;
        b->work_end = work_end;
    }
    while (p->play.n) leave(p);
}

/* Large neighbourhoods of the best play found, for searches that cannot be exhaustive: keep all its words but one,
 * two or three and fill the cards they free exactly (refill_one), while that finds a better play and time remains
 * (until `until`, CLOCK_MONOTONIC seconds, and tick `until_tick`, 0: none). */
void refill_exactly(Pack *p, double until, uint64_t until_tick) {
    enum { NEIGHBOURHOOD_TICKS = 200000 };
    int anytime = p->anytime, doubling = p->doubling_bound;
    p->anytime = p->doubling_bound = 0;  /* the DP's bound: exact, and quick over the few cards freed */
    int64_t before;
    do {
        before = p->result->plays[0].total;
        Play best = p->result->plays[0];
        for (int size = 1; size <= 3 && size <= best.n_words; size++)
            for (uint32_t drop = 1; drop < (1u << best.n_words) && best.n_words <= 16; drop++) {
                if (count_bits(drop) != size) continue;
                if (improve_over(p, until, until_tick) || p->failed) goto out;
                refill_one(p, &best, drop, NEIGHBOURHOOD_TICKS);
            }
    } while (p->result->plays[0].total > before);
out:
    p->anytime = anytime;
    p->doubling_bound = doubling;
}
