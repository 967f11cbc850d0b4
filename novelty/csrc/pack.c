/* The packing: the top K plays made of groups, no resource used more often than it exists.
 *
 * Branch and bound. Each group is anchored at the lowest resource it uses; a node either takes a
 * group anchored at the lowest resource still available or leaves that resource unused. The bound
 * most(S) is exact for everything that adds up word by word: the most any set of groups fitting in
 * the resources S can score, each group counted at its best with every award it could earn plus the
 * Unseen Character credit of the hand cards it uses, by dynamic programming over resource multisets
 * (memoised; the groups fitting a state are found 64 at a time with bitsets of what they take). When shorter-word
 * doubles are in reach, most_doubled(S, owed) carries the doubles given and taken through the same DP,
 * so that each double doubles one other word. Play-level effects (which longest word Grandiloquent
 * rewards, which word is shorter than which, round motifs, Laconic, the copies' limits across words,
 * Unseen Character) are settled exactly only for plays that could enter the top K. */
#include <stdlib.h>
#include <string.h>

#include "pack.h"
#include "prune.h"

typedef unsigned __int128 u128;

/* A group as the packing takes it: which of its cards are cards held and which are granted copies. */
typedef struct {
    int64_t worth;   /* best score with every award but Grandiloquent, plus its Unseen Character credit */
    int64_t word;    /* the score part of worth: what a shorter-word double doubles */
    u128 need;       /* resource units, packed: cards held, copies of each class, the pool of copies */
    int32_t group;
    int32_t copies;  /* offset of its (class, copies) pairs in Pack.pairs, or -1 */
    int16_t n_copies;
    int16_t doublers; /* the shorter-word doubles it holds */
} Option;

/* Shorter-word doubles a play may hold for the doubling-aware bound (more: the loose allowance instead). */
#define MAX_CREDITS 8

typedef struct {
    u128 key;
    int64_t value;
} Entry;

typedef struct {
    Entry *slots;    /* a state's key and value side by side: one cache line per probe */
    uint32_t mask;
    uint32_t used;
} Memo;

/* The options anchored at one resource that take the same units share a need: the DP and the search look at needs,
 * and each need's options are Pack.ends[first..last), best first. */
typedef struct {
    u128 units;              /* what each of its options takes */
    int64_t worth;           /* the best worth of its options */
    int32_t first, last;
} Need;

/* The needs of one anchor and which fit a state, read off bitsets a resource at a time: row c of resource i (at
 * Pack.rows + row[i] + c * words) has a bit for each need taking at most c units of i. A state holding at least
 * most[i] units of i fits every need as far as i goes, so only counts below most[i] have rows. */
typedef struct {
    int32_t first, n, words;      /* needs[first .. first + n), rows of `words` 64-bit words */
    size_t row[MAX_RESOURCES];
    uint8_t most[MAX_RESOURCES];
} Anchor;

typedef struct {
    Search *s;
    u128 field[MAX_RESOURCES], guard, full;
    int8_t owner[128];                  /* bit position -> resource */
    int shift[MAX_RESOURCES];           /* where each resource's field starts */
    int anytime;                        /* the walk did not finish: search under a quick bound, not the DP */
    double share[MAX_RESOURCES];        /* the best worth per unit of any option using the resource (>= 0) */
    Option *options;
    Need *needs;                        /* each anchor's, in the order of their best options */
    int32_t *ends;                      /* the needs' options */
    Anchor anchor[MAX_RESOURCES];
    uint64_t *rows;
    int32_t n_options;
    int32_t start[MAX_RESOURCES + 1];   /* options anchored at r: start[r] .. start[r + 1] */
    Memo memo;
    Memo credit_memo[2 * MAX_CREDITS + 1]; /* most_doubled(), by credits owed + MAX_CREDITS */
    uint64_t states;                    /* in memo and credit_memo together */
    int doubling_bound;                 /* shorter-word doubles are in reach: most_doubled() bounds the search */
    uint64_t visits;                    /* bitset words read by the DP and the search */
    uint64_t *marks;                    /* the options fitting a search node, a bit per option of its anchor: */
    int32_t mark_words;                 /* words per node, one node per play size (a node's outlive no deeper one) */
    int failed;
    int16_t (*pairs)[2];                /* (class, copies) of the options that take copies */
    size_t n_pairs, cap_pairs;
    /* the play being built */
    int32_t chosen[MAX_PLAY_WORDS];     /* groups */
    int32_t chosen_opt[MAX_PLAY_WORDS]; /* options */
    int n_chosen;
    int twin_copies[MAX_RESOURCES];     /* copies of each class the play takes */
    int copy_count[MAX_UNITS];
    int copy_distinct[MAX_MOTIFS];
    int64_t laconic;                    /* Laconic's +5, when it could be earned */
    int64_t top_upper;                  /* the best any word could be worth */
    int64_t grand_gain;                 /* the most Grandiloquent adds to any one word (one word a play) */
    int n_doubling, doubling[MAX_RESOURCES]; /* resources that may hold a shorter-word double */
    int chosen_doublers;                /* shorter-word doubles in the play being built */
    int64_t base;                       /* Unseen Character: -2 per hand card, before credits */
    Result *result;
} Pack;

static const u128 EMPTY = ~(u128)0;

static int memo_init(Memo *m, uint32_t size) {
    m->slots = malloc(size * sizeof *m->slots);
    if (!m->slots) return -1;
    for (uint32_t i = 0; i < size; i++) m->slots[i].key = EMPTY;
    m->mask = size - 1;
    m->used = 0;
    return 0;
}

static inline uint32_t hash_units(u128 key) {
    uint64_t h = (uint64_t)key * 0x9E3779B97F4A7C15ull ^ (uint64_t)(key >> 64) * 0xC2B2AE3D27D4EB4Full;
    return (uint32_t)(h >> 32);
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

static inline int fits(const Pack *p, u128 packed, u128 need) {
    return (((packed | p->guard) - need) & p->guard) == p->guard;
}

/* The resource whose field holds the lowest set bit: fields are laid out rarest resource first. */
static inline int lowest_resource(const Pack *p, u128 packed) {
    uint64_t low = (uint64_t)packed;
    return p->owner[low ? __builtin_ctzll(low) : 64 + __builtin_ctzll((uint64_t)(packed >> 64))];
}

static int field_value(const Pack *p, u128 packed, int r) {
    return (int)((packed & p->field[r]) >> p->shift[r]);
}

/* A quick bound on what the resources in `packed` can add: each unit at the best worth per unit of any
 * option using its resource. Looser than most(), but it needs no table of states. */
static int64_t quick_bound(const Pack *p, u128 packed) {
    double total = 0;
    for (int r = 0; r < p->s->n_res; r++)
        if (p->share[r] > 0) total += (double)field_value(p, packed, r) * p->share[r];
    return (int64_t)total + 1;
}

#define NO_PLAY (INT64_MIN / 4)
#define LATE 1   /* prepare(): the exact packing's options took too long or too much room */
#define FULL 2   /* push_option(): max_options reached */
enum { ALL_OPTIONS, FEWEST_COPIES, MORE_COPIES };  /* which options of a group add_options() lays out */
#define MIN_PACKED 1024  /* the best groups a reduced packing takes even out of time (a few milliseconds' work) */
#define PLAIN (-1000)   /* owed, for most(): no shorter-word doubles in the bound */

static int64_t most(Pack *p, u128 packed);
static int64_t most_doubled(Pack *p, u128 packed, int owed);
static int doublers_in(const Pack *p, u128 packed);

/* Store a state's value in one of the bound's tables, the states of all of them within max_states: past it the
 * search stops (what it found stands, but proves nothing further). */
static void remember(Pack *p, Memo *m, u128 packed, int64_t value) {
    if (p->states >= (uint64_t)p->s->max_states) {
        p->s->state_limit = p->s->stopped = 1;
        return;
    }
    int added = memo_put(m, packed, value);
    if (added < 0) p->failed = 1;
    else p->states += (uint64_t)added;
}

/* The best value of the options of one need (all take the same units, leaving `rest`) and what `rest` can add,
 * with `owed` shorter-word doubles to give (PLAIN: none counted). */
static int64_t need_value(Pack *p, const Need *nd, u128 rest, int owed) {
    if (owed == PLAIN) return nd->worth + most(p, rest);
    int64_t value = NO_PLAY;
    int others = (owed > 0 ? owed : 0) + doublers_in(p, rest);  /* doubles these words may take */
    for (int32_t e = nd->first; e < nd->last; e++) {
        const Option *o = &p->options[p->ends[e]];
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

/* The needs of one anchor that fit a state, one at a time (fitting_start, then fitting_next until NULL): 64 needs
 * at a time, the and of their words in the rows of the counts the state holds. */
typedef struct {
    const Anchor *a;
    const uint64_t *rows[MAX_RESOURCES];  /* for the resources where a need may take more than the state holds */
    int n_rows;
    int32_t w;                            /* the word of needs being read, and its fitting needs not yet given */
    uint64_t m;
} Fitting;

static void fitting_start(Pack *p, Fitting *f, int r, u128 packed) {
    const Anchor *a = f->a = &p->anchor[r];
    f->n_rows = 0;
    for (int i = 0; i < p->s->n_res; i++) {
        int have = field_value(p, packed, i);
        if (have < a->most[i]) f->rows[f->n_rows++] = p->rows + a->row[i] + (size_t)have * (size_t)a->words;
    }
    f->w = -1;
    f->m = 0;
    uint64_t before = p->visits;
    p->visits += (uint64_t)a->words;
    p->s->ticks += (p->visits >> 3) - (before >> 3);  /* a step of work per 8 words (see out_of_time) */
}

static inline const Need *fitting_next(const Pack *p, Fitting *f) {
    while (!f->m) {
        if (++f->w >= f->a->words) return NULL;
        f->m = f->w + 1 < f->a->words || !(f->a->n & 63) ? ~(uint64_t)0 : ((uint64_t)1 << (f->a->n & 63)) - 1;
        for (int k = 0; k < f->n_rows && f->m; k++) f->m &= f->rows[k][f->w];
    }
    int32_t e = (f->w << 6) + __builtin_ctzll(f->m);
    f->m &= f->m - 1;
    return &p->needs[f->a->first + e];
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
static int64_t most(Pack *p, u128 packed) {
    if (!packed) return 0;
    uint32_t i = memo_slot(&p->memo, packed);
    if (p->memo.slots[i].key == packed) return p->memo.slots[i].value;
    if (p->failed || out_of_time(p->s)) return 0;
    int r = lowest_resource(p, packed);
    int64_t value = best_anchored(p, packed, r, PLAIN, most(p, packed & ~p->field[r]));
    if (p->s->stopped || p->failed) return value;
    remember(p, &p->memo, packed, value);
    return value;
}

/* Shorter-word doubles the resources in `packed` could hold. */
static int doublers_in(const Pack *p, u128 packed) {
    int doublers = 0;
    for (int i = 0; i < p->n_doubling; i++) doublers += field_value(p, packed, p->doubling[i]);
    return doublers;
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
    Memo *m = &p->credit_memo[owed + MAX_CREDITS];
    if (!m->slots && memo_init(m, 1u << 10) < 0) {
        p->failed = 1;
        return 0;
    }
    uint32_t i = memo_slot(m, packed);
    if (m->slots[i].key == packed) return m->slots[i].value;
    if (p->failed || out_of_time(p->s)) return 0;
    int r = lowest_resource(p, packed);
    int64_t value = best_anchored(p, packed, r, owed, most_doubled(p, packed & ~p->field[r], owed));
    if (p->s->stopped || p->failed) return value;
    remember(p, m, packed, value);
    return value;
}

/* A bound on what the chosen words and words from `packed` add to the chosen words' worth, shorter-word
 * doubles given optimistically: `take` doubles go to the chosen words (all to the best word that may take
 * them: 2^a + 2^b <= 2^(a+b) + 1), the rest are owed by or to the words from `packed`. */
static int64_t doubled_rest(Pack *p, u128 packed) {
    int reach = doublers_in(p, packed), held = p->chosen_doublers;
    int64_t best_word = 0, value = NO_PLAY;
    for (int i = 0; i < p->n_chosen; i++) {
        const Option *o = &p->options[p->chosen_opt[i]];
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

static int64_t evaluate(Pack *p, int n, const int32_t *chosen, const int32_t *options, int8_t *combos) {
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
    if (prm[PARAM_unseen]) {  /* -2 per hand card unused: the cards held each option takes */
        for (int r = 0; r < s->n_res; r++) {
            if (!s->res[r][RES_hand]) continue;
            int unused = s->res[r][RES_hand];
            for (int i = 0; i < n; i++) unused -= field_value(p, p->options[options[i]].need, r);
            if (unused > 0) adjust -= 2 * unused;
        }
    }
    return best + adjust;
}

/* The most play-level bonuses could add to a play of the chosen words plus words from `packed`: Laconic,
 * and every shorter-word double still within reach doubling the best word there is. */
static int64_t extra(const Pack *p, u128 packed) {
    int doublers = p->chosen_doublers + doublers_in(p, packed);
    if (doublers > 40) doublers = 40;
    return p->laconic + p->grand_gain + (doublers ? (((int64_t)1 << doublers) - 1) * p->top_upper : 0);
}

static int64_t kth(const Pack *p) {
    const Result *r = p->result;
    return r->n_plays >= r->top ? r->plays[r->n_plays - 1].total : INT64_MIN;
}

/* Consider the play being built for the top K (kept best first, earlier found first among equals). */
/* Mark which cards of each word are granted copies, and by which motif (-1: a card held). */
static void grant_copies(const Pack *p, Play *play) {
    const Search *s = p->s;
    int32_t x[MAX_GRANTS];
    memset(play->granted, -1, sizeof play->granted);
    if (!twin_cover(s, p->twin_copies, x)) return;  /* never: the search keeps only plays it can grant */
    for (int w = 0; w < play->n_words; w++) {
        const Option *o = &p->options[p->chosen_opt[w]];
        const Group *g = &s->groups[o->group];
        const Placed *seq = s->seq_arena + g->seqs + (size_t)play->combos[w] * g->ncards;
        for (int i = 0; i < o->n_copies; i++) {
            int cls = p->pairs[o->copies + i][0], k = p->pairs[o->copies + i][1];
            for (int c = g->ncards - 1; c >= 0 && k; c--) {  /* the class's last cards are the copies */
                if (s->scorer.faces[seq[c].face].f[FACE_unit] != cls) continue;
                int gi = 0;
                while (s->grant[gi][GRANT_resource] != cls || !x[gi]) gi++;
                x[gi]--;
                play->granted[w][c] = (int8_t)s->grant[gi][GRANT_copy_motif];
                k--;
            }
        }
    }
}

static int by_id(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* Consider the play being built for the top K, kept best first (earlier found first among equals); the same
 * words found again (the greedy plays, or copies taken differently) count once, at their best. */
static void offer(Pack *p) {
    Result *r = p->result;
    Play play;
    play.total = evaluate(p, p->n_chosen, p->chosen, p->chosen_opt, play.combos);
    play.n_words = p->n_chosen;
    memcpy(play.groups, p->chosen, sizeof(int32_t) * p->n_chosen);
    memcpy(play.options, p->chosen_opt, sizeof(int32_t) * p->n_chosen);
    r->evaluated++;
    if (r->n_plays >= r->top && play.total <= r->plays[r->n_plays - 1].total) return;
    int32_t key[MAX_PLAY_WORDS];
    memcpy(key, play.groups, sizeof(int32_t) * play.n_words);
    qsort(key, (size_t)play.n_words, sizeof(int32_t), by_id);
    for (int i = 0; i < r->n_plays; i++) {
        const Play *other = &r->plays[i];
        if (other->n_words != play.n_words || memcmp(other->key, key, sizeof(int32_t) * play.n_words)) continue;
        if (other->total >= play.total) return;
        memmove(&r->plays[i], &r->plays[i + 1], sizeof(Play) * (size_t)(r->n_plays - i - 1));
        r->n_plays--;
        break;
    }
    memcpy(play.key, key, sizeof key);
    for (int w = 0; w < play.n_words; w++)
        play.values[w] = p->s->best[(size_t)play.groups[w] * p->s->n_combos + play.combos[w]];
    grant_copies(p, &play);
    if (p->s->progress && play.total > __atomic_load_n(p->s->progress, __ATOMIC_RELAXED))
        __atomic_store_n(p->s->progress, play.total, __ATOMIC_RELAXED);  /* read by a watcher thread */
    int at = r->n_plays < r->top ? r->n_plays++ : r->n_plays - 1;
    while (at > 0 && r->plays[at - 1].total < play.total) {
        r->plays[at] = r->plays[at - 1];
        at--;
    }
    r->plays[at] = play;
}

/* Add option k to the play being built; return whether every repeat motif's copies stay within its limits
 * across the play. leave() undoes it either way. */
static int enter(Pack *p, int32_t k) {
    Search *s = p->s;
    const Option *o = &p->options[k];
    const Group *g = &s->groups[o->group];
    const uint8_t *u = s->unit_arena + g->units;
    int ok = 1;
    for (int c = 0; c < g->ncards; c++) {  /* minor copies: a unit per class copied (or one per motif) */
        int unit = u[c], motif = s->unit[unit][UNIT_copy_motif];
        if (motif < 0) continue;
        if (p->copy_count[unit]++ == 0) p->copy_distinct[motif]++;
        if (p->copy_count[unit] > s->unit[unit][UNIT_cap] || p->copy_distinct[motif] > s->copy[motif][COPY_distinct])
            ok = 0;
    }
    for (int i = 0; i < o->n_copies; i++) p->twin_copies[p->pairs[o->copies + i][0]] += p->pairs[o->copies + i][1];
    if (o->n_copies && ok) ok = twin_cover(s, p->twin_copies, NULL);
    p->chosen[p->n_chosen] = o->group;
    p->chosen_opt[p->n_chosen++] = k;
    p->chosen_doublers += g->doublers;
    return ok;
}

static void leave(Pack *p) {
    Search *s = p->s;
    const Option *o = &p->options[p->chosen_opt[--p->n_chosen]];
    const Group *g = &s->groups[o->group];
    const uint8_t *u = s->unit_arena + g->units;
    for (int c = 0; c < g->ncards; c++) {
        int unit = u[c], motif = s->unit[unit][UNIT_copy_motif];
        if (motif >= 0 && --p->copy_count[unit] == 0) p->copy_distinct[motif]--;
    }
    for (int i = 0; i < o->n_copies; i++) p->twin_copies[p->pairs[o->copies + i][0]] -= p->pairs[o->copies + i][1];
    p->chosen_doublers -= g->doublers;
}

/* The most words a play may hold: the param max_words (a house rule; 0: no rule), within MAX_PLAY_WORDS. */
static inline int words_limit(const Search *s) {
    int limit = s->param[PARAM_max_words];
    return limit > 0 && limit < MAX_PLAY_WORDS ? limit : MAX_PLAY_WORDS;
}

static void greedy_from(Pack *p, const int32_t *order, int32_t n, int32_t first) {
    u128 packed = p->full;
    for (int32_t i = -1; i < n && p->n_chosen < words_limit(p->s); i++) {
        int32_t k = order[i < 0 ? first : i];
        if (!fits(p, packed, p->options[k].need)) continue;
        if (enter(p, k)) {
            packed -= p->options[k].need;
        } else {
            leave(p);
        }
    }
    offer(p);
    while (p->n_chosen) leave(p);
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
    memcpy(head, p->start, sizeof(int32_t) * p->s->n_res);
    while (n < limit && n < p->n_options && !(until > 0 && (n & 4095) == 4095 && now_seconds() > until)) {
        int pick = -1;
        for (int r = 0; r < p->s->n_res; r++)
            if (head[r] < p->start[r + 1]
                && (pick < 0 || p->options[head[r]].worth > p->options[head[pick]].worth))
                pick = r;
        order[n++] = head[pick]++;
    }
    Dense *dense = malloc(sizeof(Dense) * (size_t)(n ? n : 1));
    if (!dense) {
        memcpy(order + n, order, sizeof(int32_t) * (size_t)n);  /* out of memory: by worth twice */
        return n;
    }
    for (int32_t i = 0; i < n; i++)
        dense[i] = (Dense){p->options[order[i]].worth, p->s->groups[p->options[order[i]].group].ncards, order[i]};
    qsort(dense, (size_t)n, sizeof(Dense), by_density);
    for (int32_t i = 0; i < n; i++) order[n + i] = dense[i].option;
    free(dense);
    return n;
}

/* Greedy plays, offered before the search so that even a search cut short answers well: from each of the
 * best options by worth, and by worth per card, keep adding the best option that still fits. */
static void greedy(Pack *p) {
    enum { POOL = 4096 };
    int starts = p->s->deadline > 0 ? 32 : 4;  /* no deadline: the exact search follows at once */
    int32_t *order = malloc(sizeof(int32_t) * 2 * POOL);
    if (!order) return;
    int32_t n = best_orders(p, POOL, order, 0);
    for (int32_t start = 0; start < starts && start < n; start++) greedy_from(p, order, n, start);
    for (int32_t start = 0; start < starts && start < n; start++) greedy_from(p, order + n, n, start);
    free(order);
}

/* What words from `packed` can add, word by word: most(), or the quick bound when the search is anytime. */
static int64_t words_bound(Pack *p, u128 packed) {
    return p->anytime ? quick_bound(p, packed) : most(p, packed);
}

/* The most the chosen words (worth `current`) and words from `packed` could score, play-level bonuses included. */
static int64_t upper(Pack *p, u128 packed, int64_t current) {
    if (p->doubling_bound) return current + p->laconic + p->grand_gain + doubled_rest(p, packed);
    return current + extra(p, packed) + words_bound(p, packed);
}

/* Take the kept words of `play` (those not in `drop`, a bit per word) and refill what they leave from `order`
 * (option indexes), each option that still fits; offer the result. */
static void refill(Pack *p, const Play *play, uint32_t drop, const int32_t *order, int32_t n) {
    u128 packed = p->full;
    int ok = 1;
    for (int w = 0; w < play->n_words && ok; w++) {
        if (drop >> w & 1) continue;
        ok = enter(p, play->options[w]);
        packed -= p->options[play->options[w]].need;
    }
    for (int32_t i = 0; i < n && ok && p->n_chosen < words_limit(p->s); i++) {
        if (!fits(p, packed, p->options[order[i]].need)) continue;
        if (enter(p, order[i])) packed -= p->options[order[i]].need;
        else leave(p);
    }
    if (ok) offer(p);
    while (p->n_chosen) leave(p);
}

/* Local search from the best play found, for searches that cannot be exhaustive: drop one or two of its words
 * and refill the cards they free, best worth first and then best worth per card, while that finds a better
 * play and time remains (until `until`, CLOCK_MONOTONIC seconds). */
static void improve(Pack *p, double until, uint64_t until_tick) {
    if (now_seconds() > until) return;  /* (ordering the options takes a while when there are many) */
    int32_t *order = malloc(sizeof(int32_t) * 2 * (size_t)(p->n_options ? p->n_options : 1));
    if (!order) return;
    int32_t n = best_orders(p, p->n_options, order, until);
    int64_t before;
    do {
        before = p->result->plays[0].total;
        Play best = p->result->plays[0];
        for (uint32_t drop = 1; drop < (1u << best.n_words) && best.n_words <= 16; drop++) {
            if (count_bits(drop) > 2) continue;
            if (now_seconds() > until || (until_tick && p->s->ticks > until_tick)) break;
            p->s->ticks += (uint64_t)n / 64 + 1;  /* two refills: a step of work per 128 options looked at */
            refill(p, &best, drop, order, n);
            refill(p, &best, drop, order + n, n);
        }
    } while (p->result->plays[0].total > before && now_seconds() < until && (!until_tick || p->s->ticks <= until_tick));
    free(order);
}

/* Mark the options anchored at r that fit in `packed`: a bit each in `bits`, from option start[r] on. */
static void mark_fitting(Pack *p, u128 packed, int r, uint64_t *bits) {
    Fitting f;
    fitting_start(p, &f, r, packed);
    for (const Need *nd; (nd = fitting_next(p, &f));)
        for (int32_t e = nd->first; e < nd->last; e++) {
            int32_t k = p->ends[e] - p->start[r];
            bits[k >> 6] |= (uint64_t)1 << (k & 63);
        }
}

static void dfs(Pack *p, u128 packed, int64_t current, int anchor, int from);

/* Take option k (fitting `packed`) into the play being built and search on; return 0 when no later option of the
 * anchor can do better (they are best first). */
static int try_option(Pack *p, u128 packed, int64_t current, int r, int32_t k, int64_t bonus, int64_t after_one) {
    const Option *o = &p->options[k];
    if (!p->doubling_bound && current + o->worth + bonus + after_one <= kth(p)) return 0;
    if (out_of_time(p->s)) return 0;
    u128 rest = packed - o->need;
    /* (bonus, not extra(rest): the doubles o itself holds count too) */
    if (!p->doubling_bound && current + o->worth + bonus + words_bound(p, rest) <= kth(p)) return 1;
    if (p->n_chosen >= words_limit(p->s)) return 1;
    if (enter(p, k) && (!p->doubling_bound || upper(p, rest, current + o->worth) > kth(p))) {
        if (current + o->worth + extra(p, 0) > kth(p)) offer(p);
        /* a play at the word limit takes no more words (the bounds, counting more, still hold) */
        if (p->n_chosen < words_limit(p->s)) dfs(p, rest, current + o->worth, r, k);
    }
    leave(p);
    return 1;
}

/* Search the plays from `packed`: take an option anchored at its lowest resource r (from option `from` on, best
 * first, so that no set of options is tried in two orders), or leave r unused. The options that fit are found
 * through r's needs, as the DP finds them, not by looking at every option of r. */
static void dfs(Pack *p, u128 packed, int64_t current, int anchor, int from) {
    Result *res = p->result;
    res->nodes++;
    if (!packed || p->failed || out_of_time(p->s)) return;
    int r = lowest_resource(p, packed);
    if (r != anchor) from = p->start[r];
    int64_t after_one = 0, bonus = 0;
    if (!p->doubling_bound) {  /* a bound for every option at once, good until the options are worth too little */
        u128 one_less = packed - (p->field[r] & -p->field[r]);
        after_one = words_bound(p, one_less);
        bonus = extra(p, packed);
    }
    int32_t base = p->start[r], words = (p->start[r + 1] - base + 63) >> 6, first = (from - base) >> 6;
    uint64_t *bits = p->marks + (size_t)p->n_chosen * (size_t)p->mark_words;
    if (from < p->start[r + 1]) {
        memset(bits + first, 0, sizeof(uint64_t) * (size_t)(words - first));
        mark_fitting(p, packed, r, bits);
        bits[first] &= ~(uint64_t)0 << ((from - base) & 63);
    }
    for (int32_t w = first; w < words && from < p->start[r + 1] && !p->s->stopped; w++)
        for (uint64_t m = bits[w]; m && !p->s->stopped; m &= m - 1)
            if (!try_option(p, packed, current, r, base + (w << 6) + __builtin_ctzll(m), bonus, after_one)) {
                w = words;
                break;
            }
    u128 rest = packed & ~p->field[r];  /* no further word takes resource r */
    if (upper(p, rest, current) > kth(p)) dfs(p, rest, current, -1, 0);
}

static int by_worth(const void *a, const void *b) {
    const Option *x = a, *y = b;
    if (x->worth != y->worth) return x->worth < y->worth ? 1 : -1;
    return x->group - y->group;
}

/* Lay out the packed resource fields and each group's option. */
static int push_option(Pack *p, const Option *o, const int16_t (*pairs)[2], size_t *cap) {
    if (p->n_options >= p->s->max_options) return FULL;
    int failed = 0;
    p->options = grow(p->options, cap, (size_t)p->n_options + 1, sizeof(Option), &failed);
    if (o->n_copies)
        p->pairs = grow(p->pairs, &p->cap_pairs, p->n_pairs + (size_t)o->n_copies, sizeof *p->pairs, &failed);
    if (failed) return -1;
    p->options[p->n_options] = *o;
    if (o->n_copies) {
        p->options[p->n_options].copies = (int32_t)p->n_pairs;
        memcpy(p->pairs + p->n_pairs, pairs, sizeof *pairs * (size_t)o->n_copies);
        p->n_pairs += (size_t)o->n_copies;
    }
    p->n_options++;
    return 0;
}

/* What taking `take` cards of resource r saves at most under Unseen Character: 2 per hand card among them. */
static int64_t saved(const Search *s, int r, int take) {
    if (!s->param[PARAM_unseen]) return 0;
    return 2 * (take < s->res[r][RES_hand] ? take : s->res[r][RES_hand]);
}

/* Add group gi's options: one for each way of taking its cards, held or granted as copies out of the shared
 * pool (`which`: ALL_OPTIONS, only the one taking the FEWEST_COPIES, or the others, MORE_COPIES). */
static int add_options(Pack *p, int32_t gi, int64_t plain_upper, size_t *cap, int which) {
    const Search *s = p->s;
    const Group *g = &s->groups[gi];
    const uint8_t *u = s->unit_arena + g->units;
    int used[MAX_RESOURCES] = {0}, classes[MAX_CARDS_IN_WORD], n_classes = 0;
    for (int k = 0; k < g->ncards; k++) {
        int r = s->unit[u[k]][UNIT_resource];
        if (!used[r]++ && s->twin_cap[r]) classes[n_classes++] = r;
    }
    int pool = s->pool_res >= 0 ? s->res[s->pool_res][RES_capacity] : 0;
    int copies[MAX_CARDS_IN_WORD] = {0}, low[MAX_CARDS_IN_WORD], high[MAX_CARDS_IN_WORD];
    for (int i = 0; i < n_classes; i++) {
        int r = classes[i], granted = s->twin_cap[r];
        low[i] = used[r] > s->real_cap[r] ? used[r] - s->real_cap[r] : 0;
        high[i] = which == FEWEST_COPIES ? low[i] : used[r] < granted ? used[r] : granted;
        copies[i] = low[i];
    }
    int total = 0;
    for (int i = 0; i < n_classes; i++) total += copies[i];
    if (total > pool) return 0;
    u128 held = 0;    /* every card a card held, and what that would save under Unseen Character */
    int64_t credit = 0;
    for (int r = 0; r < s->n_res; r++) {
        if (!used[r]) continue;
        held += (u128)used[r] << p->shift[r];
        credit += saved(s, r, used[r]);
    }
    for (int first = 1;; first = 0) {  /* every combination of copies per class within the pool, odometer style */
        if (!first || which != MORE_COPIES) {  /* (the first takes the fewest copies) */
            Option o = {.group = gi, .copies = -1, .need = held, .worth = plain_upper + credit, .word = plain_upper,
                        .doublers = g->doublers};
            int16_t pairs[MAX_CARDS_IN_WORD][2];
            for (int i = 0; i < n_classes; i++) {  /* (classes come in resource order) */
                if (!copies[i]) continue;
                int r = classes[i];
                o.need -= (u128)copies[i] << p->shift[r];
                o.worth -= saved(s, r, used[r]) - saved(s, r, used[r] - copies[i]);
                pairs[o.n_copies][0] = (int16_t)r;
                pairs[o.n_copies++][1] = (int16_t)copies[i];
            }
            if (total) o.need += (u128)total << p->shift[s->pool_res];
            int rc = push_option(p, &o, pairs, cap);
            if (rc) return rc;
        }
        int i = 0;
        while (i < n_classes && (copies[i] == high[i] || total == pool)) total -= copies[i] - low[i], copies[i] = low[i], i++;
        if (i == n_classes) return 0;
        copies[i]++;
        total++;
    }
}

/* Gather each anchor's options into needs (options come bucketed by anchor, best first in each bucket), through a
 * table of the units taken: an anchor's needs come in the order of their best options. */
static int gather_needs(Pack *p) {
    size_t n_opt = p->n_options ? (size_t)p->n_options : 1, size = 64;
    while (size < 2 * n_opt) size *= 2;
    int32_t *table = malloc(sizeof(int32_t) * size), *need_of = malloc(sizeof(int32_t) * n_opt);
    p->needs = malloc(sizeof(Need) * n_opt);
    p->ends = malloc(sizeof(int32_t) * n_opt);
    if (!table || !need_of || !p->needs || !p->ends) {
        free(table);
        free(need_of);
        return -1;
    }
    for (size_t i = 0; i < size; i++) table[i] = -1;
    int32_t n = 0;
    for (int r = 0; r < p->s->n_res; r++) {
        p->anchor[r].first = n;
        for (int32_t k = p->start[r]; k < p->start[r + 1]; k++) {
            u128 units = p->options[k].need;
            uint32_t i = hash_units(units) & (uint32_t)(size - 1);
            while (table[i] >= 0 && p->needs[table[i]].units != units) i = (i + 1) & (uint32_t)(size - 1);
            if (table[i] < 0) {
                table[i] = n;
                p->needs[n++] = (Need){units, p->options[k].worth, 0, 0};
            }
            need_of[k] = table[i];
            p->needs[table[i]].last++;  /* its options, counted */
        }
        p->anchor[r].n = n - p->anchor[r].first;
    }
    for (int32_t e = 0, total = 0; e < n; e++) {
        int32_t count = p->needs[e].last;
        p->needs[e].first = p->needs[e].last = total;
        total += count;
    }
    for (int32_t k = 0; k < p->n_options; k++) p->ends[p->needs[need_of[k]].last++] = k;
    free(table);
    free(need_of);
    return 0;
}

/* Group the options into needs and lay out each anchor's rows. */
static int build_needs(Pack *p) {
    const Search *s = p->s;
    if (gather_needs(p) < 0) return -1;
    size_t n_words = 0;
    for (int r = 0; r < s->n_res; r++) {
        Anchor *a = &p->anchor[r];
        a->words = (a->n + 63) >> 6;
        for (int i = 0; i < s->n_res; i++) {
            for (int32_t e = a->first; e < a->first + a->n; e++) {
                int take = field_value(p, p->needs[e].units, i);
                if (take > a->most[i]) a->most[i] = (uint8_t)take;
            }
            a->row[i] = n_words;
            n_words += (size_t)a->most[i] * (size_t)a->words;
        }
    }
    p->rows = calloc(n_words ? n_words : 1, sizeof(uint64_t));
    if (!p->rows) return -1;
    for (int r = 0; r < s->n_res; r++) {
        const Anchor *a = &p->anchor[r];
        for (int32_t e = 0; e < a->n; e++)
            for (int i = 0; i < s->n_res; i++)
                for (int c = field_value(p, p->needs[a->first + e].units, i); c < a->most[i]; c++)
                    p->rows[a->row[i] + (size_t)c * (size_t)a->words + (size_t)(e >> 6)] |= (uint64_t)1 << (e & 63);
    }
    return 0;
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
                int64_t t = v[i];
                v[i++] = v[j];
                v[j--] = t;
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

/* Lay out the resource fields, drop dominated groups, and list every option anchored and best first. With `reduced`
 * (a packing that cannot prove its play best) only the anytime_groups best groups by worth are packed, and only as
 * many options as max_options; otherwise every group is, and prepare returns LATE when its options do not fit in
 * max_options or cannot be laid out in 40 % of the time left (the caller then packs reduced). */
static int prepare(Pack *p, int reduced) {
    Search *s = p->s;
    /* Lay the fields out from the resource fewest groups use to the one most use: an option is anchored at
     * its rarest resource, so the long lists belong to the states that still hold rare ones. Copies go last. */
    int uses[MAX_RESOURCES] = {0}, order[MAX_RESOURCES];
    for (int32_t gi = 0; gi < s->n_groups; gi++) {
        const Group *g = &s->groups[gi];
        for (int k = 0; k < g->ncards; k++) uses[s->unit[s->unit_arena[g->units + k]][UNIT_resource]]++;
    }
    for (int r = 0; r < s->n_res; r++) {
        if (s->res[r][RES_kind] == RES_KIND_copy_pool) uses[r] = INT32_MAX;
        int at = r;
        while (at > 0 && uses[order[at - 1]] > uses[r]) {
            order[at] = order[at - 1];
            at--;
        }
        order[at] = r;
    }
    int offset = 0;
    for (int i = 0; i < s->n_res; i++) {
        int r = order[i], cap = s->res[r][RES_capacity], width = 1;
        while ((1 << (width - 1)) <= cap) width++;   /* room for the count, plus a guard bit */
        if (offset + width > 128) return -2;
        p->field[r] = (((u128)1 << (width - 1)) - 1) << offset;
        p->guard |= (u128)1 << (offset + width - 1);
        p->full |= (u128)cap << offset;
        p->shift[r] = offset;
        for (int b = offset; b < offset + width; b++) p->owner[b] = (int8_t)r;
        offset += width;
    }
    size_t n = s->n_groups ? (size_t)s->n_groups : 1;
    int64_t *lowest = malloc(sizeof(int64_t) * n), *highest = malloc(sizeof(int64_t) * n), *plain = NULL;
    uint8_t *kept = malloc(n);
    plain = malloc(sizeof(int64_t) * n);
    int rc = !lowest || !highest || !kept || !plain ? -1 : 0;
    int grand_combo = 0;
    for (int bit = 0; bit < s->n_award_bits; bit++)
        if (s->award_motif[bit] == MOTIF_grandiloquent) grand_combo = 1 << bit;
    for (int32_t gi = 0; gi < s->n_groups && rc == 0; gi++) {
        const Group *g = &s->groups[gi];
        const uint8_t *u = s->unit_arena + g->units;
        int64_t upper = INT64_MIN, plain_upper = INT64_MIN, credit = 0;  /* plain: without Grandiloquent */
        for (int c = 0; c < s->n_combos; c++) {
            int64_t v = s->best[(size_t)gi * s->n_combos + c];
            if (v > upper) upper = v;
            if (!(c & grand_combo) && v > plain_upper) plain_upper = v;
        }
        if (upper - plain_upper > p->grand_gain) p->grand_gain = upper - plain_upper;
        if (upper > p->top_upper) p->top_upper = upper;
        if (s->param[PARAM_unseen]) {  /* the most it could save, every card a card held */
            int used[MAX_RESOURCES] = {0};
            for (int k = 0; k < g->ncards; k++) used[s->unit[u[k]][UNIT_resource]]++;
            for (int r = 0; r < s->n_res; r++) credit += saved(s, r, used[r]);
        }
        plain[gi] = plain_upper;
        /* At its worst a group takes no award, and (when copies could stand in for its cards) no credit. */
        lowest[gi] = s->best[(size_t)gi * s->n_combos] + (s->pool_res < 0 ? credit : 0);
        highest[gi] = upper + credit;
    }
    if (rc == 0) {  /* a packing that proves nothing takes only the best groups: its time and memory stay bounded */
        memset(kept, 1, n);
        if (reduced && s->n_groups > s->anytime_groups) rc = keep_best(highest, s->n_groups, (int32_t)s->anytime_groups,
                                                                         kept);
    }
    /* With a deadline, dominance gets 40 % of the time left and the options must be laid out by 70 % (or the exact
     * packing gives way to a reduced one), the search has the rest. */
    double started = now_seconds(), left = s->deadline - started;
    double until = s->deadline > 0 ? started + 0.4 * left : 0, options_until = s->deadline > 0 ? started + 0.7 * left : 0;
    if (rc == 0) rc = prune_groups(s, lowest, highest, p->result->top, until, kept);
    size_t cap = 0;
    int doubler_units = 0;
    int32_t n_packed = 0;  /* the groups to pack: reduced, best first, so that max_options leaves out the worst */
    Ranked *packed = rc == 0 ? malloc(sizeof(Ranked) * n) : NULL;
    if (rc == 0 && !packed) rc = -1;
    for (int32_t gi = 0; gi < s->n_groups && rc == 0; gi++)
        if (kept[gi]) packed[n_packed++] = (Ranked){highest[gi], gi};
    if (rc == 0 && reduced) qsort(packed, (size_t)n_packed, sizeof(Ranked), by_rank);
    /* Every option of every group; reduced, first each group's option taking the fewest copies (of MIN_PACKED groups
     * at least, even out of time: a real play), then the others while they fit in max_options and 10 % of the time
     * or work left (what is built from them takes about four times as long as laying them out). */
    double more_until = s->deadline > 0 ? now_seconds() + 0.1 * (s->deadline - now_seconds()) : 0;
    int64_t more = s->work_end > s->ticks ? (int64_t)(s->work_end - s->ticks) / 10 : -1;  /* the same by work */
    for (int32_t k = 0; k < (reduced ? 2 : 1) * n_packed && rc == 0; k++) {
        int32_t gi = packed[k % n_packed].group;
        if (k == n_packed && more >= 0) more += p->n_options;  /* an option for a step of work */
        if (k >= n_packed && more >= 0 && p->n_options > more) break;
        if ((k & 255) == 0 && s->deadline > 0) {
            double now = now_seconds();
            if (!reduced && now > options_until) rc = LATE;  /* the exact packing cannot lay its options out in time */
            if (reduced && k >= MIN_PACKED && now > (k < n_packed ? s->deadline : more_until)) break;
        }
        int which = !reduced ? ALL_OPTIONS : k < n_packed ? FEWEST_COPIES : MORE_COPIES;
        if (rc == 0) rc = add_options(p, gi, plain[gi], &cap, which);
        if (rc == FULL) {  /* max_options: the exact packing cannot hold every option; the reduced one packs these */
            s->option_limit = 1;
            rc = reduced ? 0 : LATE;
            break;
        }
        if (k >= n_packed) continue;
        p->result->kept++;
        doubler_units += s->groups[gi].doublers > 0;
    }
    free(packed);
    free(lowest);
    free(highest);
    free(kept);
    free(plain);
    if (rc != 0) return rc;
    /* bucket by anchor, best first within each */
    int count[MAX_RESOURCES + 1] = {0};
    for (int32_t k = 0; k < p->n_options; k++) count[lowest_resource(p, p->options[k].need)]++;
    p->start[0] = 0;
    for (int r = 0; r < s->n_res; r++) p->start[r + 1] = p->start[r] + count[r];
    Option *sorted = malloc(sizeof(Option) * (p->n_options ? (size_t)p->n_options : 1));
    if (!sorted) return -1;
    int32_t fill[MAX_RESOURCES + 1];
    memcpy(fill, p->start, sizeof fill);
    for (int32_t k = 0; k < p->n_options; k++) sorted[fill[lowest_resource(p, p->options[k].need)]++] = p->options[k];
    free(p->options);
    p->options = sorted;
    for (int r = 0; r < s->n_res; r++)
        qsort(p->options + p->start[r], (size_t)(p->start[r + 1] - p->start[r]), sizeof(Option), by_worth);
    for (int r = 0; r < s->n_res; r++) {  /* room to mark the options of the largest anchor, at every play size */
        int32_t words = (p->start[r + 1] - p->start[r] + 63) >> 6;
        if (words > p->mark_words) p->mark_words = words;
    }
    p->marks = malloc(sizeof(uint64_t) * (size_t)(MAX_PLAY_WORDS + 1) * (size_t)(p->mark_words ? p->mark_words : 1));
    if (!p->marks) return -1;
    if (build_needs(p) < 0) return -1;
    for (int32_t k = 0; k < p->n_options; k++) {  /* each resource's best worth per unit */
        const Option *o = &p->options[k];
        int units = 0;
        for (int r = 0; r < s->n_res; r++) units += field_value(p, o->need, r);
        double per_unit = units ? (double)o->worth / units : 0;
        for (int r = 0; r < s->n_res; r++)
            if (per_unit > p->share[r] && field_value(p, o->need, r)) p->share[r] = per_unit;
    }
    p->laconic = s->param[PARAM_laconic] && s->param[PARAM_round_given] ? 5 : 0;
    for (int r = 0; r < s->n_res && doubler_units; r++) {  /* resources that may hold a shorter-word double */
        int may_double = 0;
        for (int i = 0; i < s->n_res_faces[r]; i++) {
            const int32_t *f = s->scorer.faces[s->res_faces[r][i]].f;
            may_double |= f[FACE_op] == OP_multiply && f[FACE_target] == TARGET_shorter_word;
        }
        for (int g = 0; g < s->n_grants && s->res[r][RES_kind] == RES_KIND_copy_pool; g++) {  /* a copy of a doubler */
            int of = s->grant[g][GRANT_resource];
            for (int i = 0; i < s->n_res_faces[of]; i++) {
                const int32_t *f = s->scorer.faces[s->res_faces[of][i]].f;
                may_double |= f[FACE_op] == OP_multiply && f[FACE_target] == TARGET_shorter_word;
            }
        }
        if (!may_double) continue;
        p->doubling[p->n_doubling++] = r;
    }
    if (s->param[PARAM_unseen])
        for (int r = 0; r < s->n_res; r++) p->base -= 2 * s->res[r][RES_hand];
    return memo_init(&p->memo, 1u << 12);
}

/* Whether a word of the play has since been found spelled better (the walk went on after the play was scored): its
 * total is then not what its words, written out from their groups' best sequences, score. */
static int stale(const Search *s, const Play *play) {
    for (int w = 0; w < play->n_words; w++)
        if (s->best[(size_t)play->groups[w] * s->n_combos + play->combos[w]] != play->values[w]) return 1;
    return 0;
}

/* Add the plays of `from` (found before the walk ended) to `into`, best first, the same words once, but none whose
 * words the walk has since spelled better. */
static void merge_plays(const Search *s, Result *into, const Result *from) {
    for (int i = 0; i < from->n_plays; i++) {
        const Play *play = &from->plays[i];
        if (stale(s, play)) continue;
        int seen = 0;
        for (int j = 0; j < into->n_plays && !seen; j++)
            seen = into->plays[j].n_words == play->n_words
                   && !memcmp(into->plays[j].key, play->key, sizeof(int32_t) * play->n_words);
        if (seen || (into->n_plays >= into->top && play->total <= into->plays[into->n_plays - 1].total)) continue;
        int at = into->n_plays < into->top ? into->n_plays++ : into->n_plays - 1;
        while (at > 0 && into->plays[at - 1].total < play->total) {
            into->plays[at] = into->plays[at - 1];
            at--;
        }
        into->plays[at] = *play;
    }
}

/* Start a phase of the search: it stops at `deadline` (0: none) or after `share` of the work limit (when set). */
static void phase(Search *s, double deadline, double share) {
    s->stopped = s->broken_index;  /* a broken step index stops every phase: the answer will be refused */
    s->deadline = deadline;
    s->work_end = s->work ? s->ticks + (uint64_t)(share * (double)s->work) + 1 : 0;
}

int search_plays(Search *s, Result *result, double started, double seconds, double walk_share) {
    double cpu = cpu_seconds();
    int has_other = 0, rc = walk_init(s);
    for (int r = 0; r < s->n_res; r++) has_other |= !s->plain[r] && s->res[r][RES_capacity];
    double walk_end = seconds > 0 ? started + seconds * walk_share : 0, end = seconds > 0 ? started + seconds : 0;
    Result *early = NULL;
    if (rc == 0 && (seconds > 0 || s->work) && has_other) {
        /* With a limit: first the printed cards' words alone and their plays (quick, and a good answer when
         * the whole walk cannot finish), then every word. */
        phase(s, seconds > 0 ? (started + 0.035 < walk_end ? started + 0.035 : walk_end) : 0, 0.05);
        rc = walk_words(s, 1);
        early = calloc(1, sizeof *early);
        if (!early) rc = -1;
        if (rc == 0) {
            early->top = result->top;
            double share = 0.1 * (walk_end - now_seconds());  /* greedy plays at once, then a short search */
            phase(s, seconds > 0 ? now_seconds() + (share < 0.025 ? share : 0.025) : 0, 0.02);
            rc = pack_plays(s, early);
        }
    }
    if (rc == 0) {
        phase(s, walk_end, walk_share - 0.07);
        rc = walk_words(s, 0);
    }
    result->walk_s = now_seconds() - started;
    result->walk_cpu_s = cpu_seconds() - cpu;
    if (rc == 0) {
        int walk_stopped = s->stopped;
        /* the packing has the rest of the time, and of the work (a quarter of it at least) */
        double left = s->work && s->ticks < s->work ? (double)(s->work - s->ticks) / (double)s->work : 0;
        phase(s, end, left > 1 - walk_share ? left : 1 - walk_share);
        rc = pack_plays(s, result);
        s->stopped |= walk_stopped;
    }
    if (early && rc == 0) merge_plays(s, result, early);
    free(early);
    result->pack_cpu_s = cpu_seconds() - cpu - result->walk_cpu_s;
    return rc;
}

/* Free the options and what is built from them. */
static void free_lists(Pack *p) {
    free(p->options);
    free(p->marks);
    free(p->ends);
    free(p->pairs);
    free(p->needs);
    free(p->rows);
}

int pack_plays(Search *s, Result *result) {
    Pack p;
    memset(&p, 0, sizeof p);
    p.s = s;
    p.result = result;
    int reduced = !s->walk_done, rc = prepare(&p, reduced);
    if (rc == LATE) {  /* every option cannot be laid out in time or room: pack the best groups, proving nothing */
        free_lists(&p);
        memset(&p, 0, sizeof p);
        p.s = s;
        p.result = result;
        result->kept = 0;
        reduced = 1;
        rc = prepare(&p, reduced);
    }
    if (rc < 0) {
        free_lists(&p);
        return rc;
    }
    result->bound_known = 0;
    offer(&p);  /* the empty play */
    greedy(&p);
    p.anytime = reduced;  /* the play is not provable: improve on greedy, bounded quickly */
    if (p.anytime && (s->deadline > 0 || s->work_end) && result->n_plays)  /* a third of what is left: local search */
        improve(&p, s->deadline > 0 ? now_seconds() + (s->deadline - now_seconds()) / 3 : 1e300,
                s->work_end > s->ticks ? s->ticks + (s->work_end - s->ticks) / 3 : 0);
    p.doubling_bound = !p.anytime && p.n_doubling && doublers_in(&p, p.full) <= MAX_CREDITS;
    if (!p.anytime) {
        int64_t root = p.doubling_bound ? p.laconic + p.grand_gain + doubled_rest(&p, p.full)
                                        : extra(&p, p.full) + most(&p, p.full);
        if (!s->stopped && !p.failed) {
            result->bound = p.base + root;
            result->bound_known = 1;
        }
    }
    dfs(&p, p.full, p.base, -1, 0);
    result->states = p.memo.used;
    result->pack_done = !s->stopped && !p.failed && !reduced;
    free_lists(&p);
    free(p.memo.slots);
    for (int c = 0; c <= 2 * MAX_CREDITS; c++) {
        result->states += p.credit_memo[c].used;
        free(p.credit_memo[c].slots);
    }
    return p.failed ? -1 : 0;
}
