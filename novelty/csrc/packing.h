/* The packing's own types, shared by its files (not by the walk or the module):
 *
 *   options.c   lays out the resource fields and every group's options, gathered into needs per anchor
 *   bound.c     the bounds: the DP over resource multisets (most, most_doubled) and the quick bound
 *   evaluate.c  the play being built (enter, leave), its exact value, the top K
 *   greedy.c    greedy plays and local search from the best play found
 *   branch.c    branch and bound over the options
 *   search.c    the packing and the whole search, phase by phase
 *
 * Terms (option, need, anchor, field ...) are defined in README.md.
 */
#ifndef NOVELTY_PACKING_H
#define NOVELTY_PACKING_H

#include "ceiling.h"
#include "pack.h"
#include "prune.h"

typedef unsigned __int128 u128;

/* A group as the packing takes it: which of its cards are cards held and which are granted copies. */
typedef struct {
    int64_t worth;   /* best score with every award but Grandiloquent, plus its Unseen Character credit */
    int64_t word;    /* the score part of worth: what a shorter-word double doubles */
    u128 need;       /* resource units, packed: cards held, copies of each class, the pool of copies */
    int32_t group;
    int32_t copies;  /* offset of its (class, copies) pairs in Options.pairs, or -1 */
    int16_t n_copies;
    int16_t doublers; /* the shorter-word doubles it holds */
} Option;

/* The options anchored at one resource that take the same units share a need: the DP and the search look at needs,
 * and each need's options are Options.ends[first..last), best first. */
typedef struct {
    u128 units;              /* what each of its options takes */
    int64_t worth;           /* the best worth of its options */
    int32_t first, last;
} Need;

/* The needs of one anchor and which fit a state, read off bitsets a resource at a time: row c of resource i (at
 * Options.rows + row[i] + c * words) has a bit for each need taking at most c units of i. A state holding at least
 * most[i] units of i fits every need as far as i goes, so only counts below most[i] have rows. */
typedef struct {
    int32_t first, n, words;      /* needs[first .. first + n), rows of `words` 64-bit words */
    size_t row[MAX_RESOURCES];
    uint8_t most[MAX_RESOURCES];
} Anchor;

/* Where each resource's count sits in a packed state (a u128): fields laid out rarest resource first, each with a
 * guard bit above it, so that a state fits a need when subtracting leaves every guard bit set. */
typedef struct {
    u128 field[MAX_RESOURCES], guard, full;
    int8_t owner[128];                  /* bit position -> resource */
    int shift[MAX_RESOURCES];           /* where each resource's field starts */
} Layout;

/* The options, and the lists built from them: built once per packing (options.c), read-only after. Every pointer
 * here is owned (free_options). */
typedef struct {
    Option *options;                    /* bucketed by anchor, best first in each (by `reduced`, when set) */
    int64_t *reduced;                   /* NULL, or (a fixing's packing: Pack.priced) each option's worth less its
                                         * units' prices (1/PRICE_SCALE points), each anchor's options sorted by it,
                                         * most first */
    int32_t n_options;
    size_t cap;
    int32_t start[MAX_RESOURCES + 1];   /* options anchored at r: start[r] .. start[r + 1] */
    int16_t (*pairs)[2];                /* (class, copies) of the options that take copies */
    size_t n_pairs, cap_pairs;
    Need *needs;                        /* each anchor's, in the order of their best options */
    int32_t *ends;                      /* the needs' options */
    Anchor anchor[MAX_RESOURCES];
    uint64_t *rows;
    double share[MAX_RESOURCES];        /* the best worth per unit of any option using the resource (>= 0) */
} Options;

typedef struct {
    u128 key;
    int64_t value;
} Entry;

typedef struct {
    Entry *slots;    /* owned: a state's key and value side by side, one cache line per probe */
    uint32_t mask;
    uint32_t used;
} Memo;

/* Shorter-word doubles a play may hold for the doubling-aware bound (more: the loose allowance instead). */
#define MAX_CREDITS 8

/* The bound's tables (bound.c), filled as the search asks. */
typedef struct {
    Memo memo;                          /* most() */
    Memo credit[2 * MAX_CREDITS + 1];   /* most_doubled(), by credits owed + MAX_CREDITS */
    uint64_t states;                    /* in all of them */
    uint64_t visits;                    /* bitset words read by the DP and the search */
} BoundTables;

/* What play-level bonuses may add, fixed once the options are laid out. */
typedef struct {
    int64_t laconic;                    /* Laconic's +5, when it could be earned */
    int64_t top_upper;                  /* the best any word could be worth */
    int64_t grand_gain;                 /* the most Grandiloquent adds to any one word (one word a play) */
    int64_t base;                       /* Unseen Character: -2 per hand card, before credits */
    int n_doubling, doubling[MAX_RESOURCES]; /* resources that may hold a shorter-word double */
} Bonuses;

/* The play being built (evaluate.c's enter and leave). */
typedef struct {
    int32_t groups[MAX_PLAY_WORDS];
    int32_t options[MAX_PLAY_WORDS];
    int n;
    int twin_copies[MAX_RESOURCES];     /* copies of each class the play takes */
    int copy_count[MAX_UNITS];
    int copy_distinct[MAX_MOTIFS];
    int doublers;                       /* shorter-word doubles in the play */
} Building;

typedef struct {
    const Tables *t;                    /* borrowed */
    const Groups *gs;                   /* borrowed */
    Budget *b;                          /* borrowed */
    Result *result;                     /* borrowed: the top K so far */
    Layout lay;
    Options o;
    Bonuses bonus;
    BoundTables bt;
    Building play;
    int anytime;                        /* the play is not provable: search under the quick bound, not the DP */
    int doubling_bound;                 /* shorter-word doubles are in reach: most_doubled() bounds the search */
    Fixing *fixing;                     /* borrowed, or NULL: the prices of the least bound, for a reduced-cost fixing */
    const Fixing *priced;               /* borrowed, or NULL: a fixing's words packed, bounded by its prices (bound.c) */
    Groups *beaters;                    /* borrowed, or NULL: the bound's rounds keep the words beating their prices */
    uint64_t *marks;                    /* owned: the options fitting a search node, a bit per option of its */
    int32_t mark_words;                 /* anchor: words per node, one node per play size */
    int failed;                         /* out of memory */
} Pack;

#define NO_PLAY (INT64_MIN / 4)

static inline int fits(const Pack *p, u128 packed, u128 need) {
    return (((packed | p->lay.guard) - need) & p->lay.guard) == p->lay.guard;
}

/* The resource whose field holds the lowest set bit: fields are laid out rarest resource first. */
static inline int lowest_resource(const Pack *p, u128 packed) {
    uint64_t low = (uint64_t)packed;
    return p->lay.owner[low ? __builtin_ctzll(low) : 64 + __builtin_ctzll((uint64_t)(packed >> 64))];
}

static inline int field_value(const Pack *p, u128 packed, int r) {
    return (int)((packed & p->lay.field[r]) >> p->lay.shift[r]);
}

static inline uint32_t hash_units(u128 key) {
    uint64_t h = (uint64_t)key * 0x9E3779B97F4A7C15ull ^ (uint64_t)(key >> 64) * 0xC2B2AE3D27D4EB4Full;
    return (uint32_t)(h >> 32);
}

/* The most words a play may hold: the param max_words (a house rule; 0: no rule), within MAX_PLAY_WORDS. */
static inline int words_limit(const Tables *t) {
    int limit = t->param.max_words;
    return limit > 0 && limit < MAX_PLAY_WORDS ? limit : MAX_PLAY_WORDS;
}

/* The needs of one anchor that fit a state, one at a time (fitting_start, then fitting_next until NULL): 64 needs
 * at a time, the and of their words in the rows of the counts the state holds. */
typedef struct {
    const Anchor *a;                      /* borrowed, like rows */
    const uint64_t *rows[MAX_RESOURCES];  /* for the resources where a need may take more than the state holds */
    int n_rows;
    int32_t w;                            /* the word of needs being read, and its fitting needs not yet given */
    uint64_t m;
} Fitting;

static inline void fitting_start(Pack *p, Fitting *f, int r, u128 packed) {
    const Anchor *a = f->a = &p->o.anchor[r];
    f->n_rows = 0;
    for (int i = 0; i < p->t->n_res; i++) {
        int have = field_value(p, packed, i);
        if (have < a->most[i]) f->rows[f->n_rows++] = p->o.rows + a->row[i] + (size_t)have * (size_t)a->words;
    }
    f->w = -1;
    f->m = 0;
    uint64_t before = p->bt.visits;
    p->bt.visits += (uint64_t)a->words;
    p->b->ticks += (p->bt.visits >> 3) - (before >> 3);  /* a tick per 8 words (see budget.h) */
}

static inline const Need *fitting_next(const Pack *p, Fitting *f) {
    while (!f->m) {
        if (++f->w >= f->a->words) return NULL;
        f->m = f->w + 1 < f->a->words || !(f->a->n & 63) ? ~(uint64_t)0 : ((uint64_t)1 << (f->a->n & 63)) - 1;
        for (int k = 0; k < f->n_rows && f->m; k++) f->m &= f->rows[k][f->w];
    }
    int32_t e = (f->w << 6) + __builtin_ctzll(f->m);
    f->m &= f->m - 1;
    return &p->o.needs[f->a->first + e];
}

/* The total a play must beat to enter the top K. */
static inline int64_t kth(const Pack *p) {
    const Result *r = p->result;
    int64_t k = r->n_plays >= r->top ? r->plays[r->n_plays - 1].total : INT64_MIN;
    return r->floored && r->floor > k ? r->floor : k;
}

/* Groups by length, for the reduced packing's groups holding a double and the plays built round them (the longest
 * lengths in one bucket). */
#define LENGTH_BUCKETS 32
static inline int length_bucket(const Group *g) { return g->length < LENGTH_BUCKETS ? g->length : LENGTH_BUCKETS - 1; }

/* Shorter-word doubles the resources in `packed` could hold. */
static inline int doublers_in(const Pack *p, u128 packed) {
    int doublers = 0;
    for (int i = 0; i < p->bonus.n_doubling; i++) doublers += field_value(p, packed, p->bonus.doubling[i]);
    return doublers;
}

/* The most play-level bonuses could add to a play of the chosen words plus words from `packed`: Laconic,
 * and every shorter-word double still within reach doubling the best word there is. */
static inline int64_t extra(const Pack *p, u128 packed) {
    int doublers = p->play.doublers + doublers_in(p, packed);
    if (doublers > 40) doublers = 40;
    return p->bonus.laconic + p->bonus.grand_gain + (doublers ? (((int64_t)1 << doublers) - 1) * p->bonus.top_upper : 0);
}

/* options.c */
enum { PREPARED = 0, LATE = 1, FULL = 2 };  /* prepare(): LATE, the exact packing's options took too long or too much
                                               room; FULL, push_option() met caps.options */
int prepare(Pack *p, int reduced);          /* 0 ok, LATE, -1 out of memory, -2 too many resource units */
void free_options(Pack *p);
/* A bound over every word, from prices on the resources, when the walk could not find them all (price.c): 1 with
 * *bound set, or 0 when none could be had in time. Its first round has until the phase's deadline, the others until
 * `later` (0: the same). */
int price_bound(Pack *p, int64_t *bound, double later);

/* bound.c */
int64_t most(Pack *p, u128 packed);
int64_t doubled_rest(Pack *p, u128 packed);
int64_t upper(Pack *p, u128 packed, int64_t current);
int64_t words_bound(Pack *p, u128 packed);
/* A fixing's packing (Pack.priced): the prices of the units in `packed`, and those with what as many words as their
 * letters make may beat their prices by (priced_bound's, before rounding up); 1/PRICE_SCALE points. */
int64_t units_price(const Pack *p, u128 packed);
int64_t priced_total(const Pack *p, u128 packed);
int64_t root_bound(Pack *p);
int bound_init(Pack *p);    /* 0 ok, -1 out of memory */
void free_bound(Pack *p);

/* evaluate.c */
int enter(Pack *p, int32_t k);
void leave(Pack *p);
void offer(Pack *p);
void merge_plays(const Groups *gs, Result *into, const Result *from);

/* greedy.c */
void greedy(Pack *p);
void improve(Pack *p, double until, uint64_t until_tick);
void greedy_doubled(Pack *p, double until);
void refill_exactly(Pack *p, double until, uint64_t until_tick);
void fill(Pack *p);  /* the best play found, with each option that still fits added */

/* branch.c */
void branch(Pack *p);
/* The plays from the words entered (worth `current` with the base) and options fitting in `packed`. */
void branch_from(Pack *p, u128 packed, int64_t current);

#endif
