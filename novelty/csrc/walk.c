/* The word walk: lay resources down one at a time along the step index (steps.h), following only letters some
 * word continues with, and keep every card sequence that spells a playable word in its group (the multiset of
 * units it uses, groups.h), scored exactly, the best sequence per award combination kept.
 *
 * Under a clock alone a walk that prunes by ceilings may be shared by two walkers on two threads (walk_shared): they
 * take the nodes one card down in turn, and their answers are merged. Each walker's state is its own; the tables,
 * the index and the ceiling are read only.
 */
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "ceiling.h"
#include "groups.h"

/* A child of a node, its ceiling worked out: the walks with ceilings go below the children best ceiling first. */
typedef struct {
    int64_t ceiling;
    uint32_t node;
    int16_t lay, face;   /* its index in the tables' lay list; the face laid (before the printed face is taken) */
    int8_t a, b;         /* the letters it spells */
} Kid;
#define PROBE_NODES 1000 /* walk_best_word's probe: nodes below each child of the root */
#define MAX_KIDS 2048    /* a node's children kept to be gone below in order; past that, gone below at once */
#define PAIR_CHECKS 100000  /* fits_beside: pairs of words looked at, at most */
#define TASK_DEPTH 1     /* a shared walk's tasks: the nodes this many cards down, each walked below by one walker */

/* What the walkers of one shared walk share (walk_shared): the next task to take, counted in the order every walker
 * reaches the nodes TASK_DEPTH cards down, and the highest floor any of them has reached. */
typedef struct {
    int64_t next, floor;  /* (atomic) */
} Tasks;

#define COVER_BITS 10
#define COVER_SLOTS (1 << COVER_BITS)  /* a walk's answers of twin_cover kept (Walker.cover_key) */

/* The walk's own state: the word being laid and what it has taken. Private to this file, one per walk. */
typedef struct {
    const Tables *t;             /* borrowed, like gs and b */
    Groups *gs;
    Budget *b;
    Steps steps;                 /* the tables' step index and faces, at hand (the walk reads them at every step) */
    const Face *faces;
    int printed_only;            /* walking the printed cards alone */
    const int8_t *target;        /* borrowed, or NULL: the letters of the one word to spell (walk_spellings) */
    int target_len;
    int32_t known;               /* the groups found before, left as they are (walk_left); 0: none */
    uint32_t doubler_letters;    /* walk_doubling: the shorter-word doubles' letters (0: another walk) ... */
    int doubles_wanted;          /* ... the doubles a word kept holds, at least ... */
    int doubles_laid;            /* ... and the doubles in the word (walk_doubling, or walk_best_within's cap) */
    int left[MAX_RESOURCES];     /* units of each resource not yet in the word */
    int unit_count[MAX_UNITS];
    int excess[MAX_RESOURCES];   /* per class: its cards in the word less the cards held (0: not a class) */
    int excess_total, excess_classes;  /* the positive excess: cards in all, and classes */
    const Within *within;        /* borrowed, or NULL: walk_best_within's limits ... */
    int given_copies;            /* ... and the copies other words took already (give_away; in excess_total too) */
    int away[MAX_RESOURCES];     /* ... and the units of each resource they took (left[] and excess[] count them) */
    int face_count[MAX_FACES];   /* of each face: a twin is laid only before its later twin */
    int copy_total[MAX_MOTIFS], copy_distinct[MAX_MOTIFS];
    Placed seq[MAX_CARDS_IN_WORD];
    int seq_len, letters;
    uint64_t key;                /* the sum of the word's units' codes */
    /* Finding the best word alone (walk_best_word): */
    const Ceiling *ceiling;      /* borrowed, or NULL: no ceilings */
    const uint8_t *facts;        /* borrowed: the step index's subtree facts */
    int prune;                   /* leave a node whose ceiling is at most `floor` */
    int keep;                    /* keep every word scored in its group too */
    int keep_beaters;            /* pricing: keep the words found beating their prices in their groups (gs) */
    int64_t floor;               /* the best word scored so far (pricing: the least a word beats its prices by to count) */
    int fixed_floor;             /* the floor stays where it is (walk_over) */
    int64_t ceilings[MAX_CARDS_IN_WORD + 1];  /* the ceiling at each node of the current path */
    int64_t halves[MAX_CARDS_IN_WORD + 1];    /* checking: the ceiling of a Double Wild at d - 1 spelling its first
                                               * letter alone (INT64_MAX: none) */
    int64_t unlettered[MAX_CARDS_IN_WORD + 1];  /* checking: the ceiling of a wild at d - 1 whose letters are left to
                                                 * the subtree (INT64_MAX: none) */
    uint64_t nodes, pruned, over;  /* nodes reached, left by their ceiling, words over a ceiling on their path */
    Placed best_seq[MAX_CARDS_IN_WORD];  /* the best word's cards */
    int best_len;
    /* Pricing (walk_priced): a word's value less the prices of its units, in 1/PRICE_SCALE points. */
    const Prices *price;         /* borrowed, or NULL: what the units of each resource cost */
    int64_t paid;                /* the prices of the units laid */
    int start_left[MAX_RESOURCES];
    Beaters *beaters;            /* borrowed, or NULL: the words found beating their prices */
    int64_t most_beaten;         /* the most a word found beats its prices by */
    /* Best ceiling first (the walks that prune): each node's children are gathered with their ceilings, then gone
     * below in order, so that the best words are found early and the floor rises soon. */
    Kid (*kids)[MAX_KIDS];       /* owned, or NULL: per depth, the children of the node there */
    int n_kids[MAX_CARDS_IN_WORD + 1];
    int gathering;               /* laying a card gathers the child instead of going below it */
    int lay_index;               /* the lay list's entry being laid */
    int has_given;               /* the next node's ceiling is `given` (worked out when it was gathered) */
    uint64_t probe, probe_end;   /* probing: nodes below each child of the root, at most; where this one's end */
    int64_t given;
    int64_t unwalked;            /* stopped: the most the ceiling of a node left unwalked is (INT64_MIN: none) */
    /* Sharing the walk (walk_shared): each walker goes below the nodes TASK_DEPTH cards down that it takes, and
     * above them prunes by the floor it started from, so that every walker reaches the same nodes in the same order. */
    Tasks *tasks;                /* borrowed, or NULL: the walk is this walker's alone */
    int64_t task_seen, task_mine;  /* the tasks reached so far; the one to take next */
    int lead;                    /* the walker that scores the words above the tasks */
    int64_t start_floor;
    int64_t best_found;          /* the score of best_seq, the best word this walker found (INT64_MIN: none) */
    /* What twin_cover answered of a word's excess over the cards held (excess_key's): one entry per key's hash, the
     * key (0: none) and the answer. */
    uint64_t cover_key[COVER_SLOTS];
    uint8_t cover_ok[COVER_SLOTS];
} Walker;

/* The floor a node's ceiling is held to: a shared walk's walkers hold the nodes above their tasks, and the tasks
 * themselves until one is taken (`above`), to the floor they started from (the same for all); below them, to the
 * highest any has reached. */
static inline int64_t floor_of(Walker *w, int above) {
    if (!w->tasks) return w->floor;
    if (above) return w->start_floor;
    int64_t shared = __atomic_load_n(&w->tasks->floor, __ATOMIC_RELAXED);
    if (shared > w->floor) w->floor = shared;
    return w->floor;
}

/* Raise the floors of a shared walk's walkers to `floor` (a walker's own is raised already). */
static void share_floor(Walker *w, int64_t floor) {
    int64_t was = __atomic_load_n(&w->tasks->floor, __ATOMIC_RELAXED);
    while (floor > was && !__atomic_compare_exchange_n(&w->tasks->floor, &was, floor, 1, __ATOMIC_RELAXED,
                                                       __ATOMIC_RELAXED)) {
    }
}

/* The letters a card laid at `node` may start with, `at` letters into the word: those of the step index, or only the
 * target word's letter there (walk_spellings). */
static inline uint32_t next_letters(const Walker *w, uint32_t node, int at) {
    uint32_t bits = w->steps.mask[node];
    if (!w->target) return bits;
    return at < w->target_len ? bits & (1u << w->target[at]) : 0;
}

/* The node reached from `node` by `letter`, or -1; a step outside the index stops the search (the module then
 * refuses its answer). */
static inline int32_t child(Walker *w, uint32_t node, int letter) {
    int32_t next = steps_child(&w->steps, node, letter);
    if (__builtin_expect(next == STEP_BROKEN, 0)) {
        w->b->broken_index = w->b->stopped = 1;
        return -1;
    }
    return next;
}

void *grow(void *data, size_t *cap, size_t need, size_t size, int *failed) {
    if (need <= *cap || *failed) return data;
    size_t wanted = *cap ? *cap : 1024;
    while (wanted < need) wanted *= 2;
    void *bigger = realloc(data, wanted * size);
    if (!bigger) {
        *failed = 1;
        return data;
    }
    *cap = wanted;
    return bigger;
}

static int rehash(Groups *gs) {
    uint32_t size = gs->table_mask ? 2 * (gs->table_mask + 1) : 1u << 12;
    Slot *table = calloc(size, sizeof *table);
    if (!table) return -1;
    for (int32_t g = 0; g < gs->n_groups; g++) {
        uint32_t h = (uint32_t)(gs->groups[g].hash >> 7) & (size - 1);
        while (table[h].group) h = (h + 1) & (size - 1);
        table[h] = (Slot){gs->groups[g].hash, g + 1};
    }
    free(gs->table);
    gs->table = table;
    gs->table_mask = size - 1;
    return 0;
}

int groups_init(Groups *gs, int n_combos) {
    memset(gs, 0, sizeof *gs);
    gs->n_combos = n_combos;
    return rehash(gs);
}

void groups_free(Groups *gs) {
    free(gs->groups);
    free(gs->best);
    free(gs->table);
    free(gs->unit_arena);
    free(gs->seq_arena);
    gs->groups = NULL;
    gs->best = NULL;
    gs->table = NULL;
    gs->unit_arena = NULL;
    gs->seq_arena = NULL;
}

int groups_subset(const Groups *from, const uint8_t *kept, Groups *to, int32_t *map) {
    int failed = 0, n_combos = from->n_combos;
    for (int32_t g = 0; g < from->n_groups && !failed; g++) {
        if (!kept[g]) continue;
        const Group *src = &from->groups[g];
        size_t n = (size_t)to->n_groups + 1, seqs = (size_t)src->ncards * n_combos;
        to->groups = grow(to->groups, &to->cap_groups, n, sizeof *to->groups, &failed);
        to->best = grow(to->best, &to->cap_best, n * n_combos, sizeof *to->best, &failed);
        to->unit_arena = grow(to->unit_arena, &to->unit_cap, to->unit_used + src->ncards, 1, &failed);
        to->seq_arena = grow(to->seq_arena, &to->seq_cap, to->seq_used + seqs, sizeof(Placed), &failed);
        if (failed) break;
        Group *dst = &to->groups[to->n_groups];
        *dst = *src;
        dst->units = (int32_t)to->unit_used;
        dst->seqs = (int32_t)to->seq_used;
        memcpy(to->unit_arena + to->unit_used, group_units(from, src), src->ncards);
        memcpy(to->seq_arena + to->seq_used, from->seq_arena + src->seqs, sizeof(Placed) * seqs);
        memcpy(to->best + (size_t)to->n_groups * n_combos, from->best + (size_t)g * n_combos, sizeof *to->best * n_combos);
        to->unit_used += src->ncards;
        to->seq_used += seqs;
        map[to->n_groups++] = g;
    }
    if (failed) return -1;
    uint32_t size = 1u << 12;  /* a table at most a quarter full (rehash doubles its size) */
    while (size < 4 * (uint32_t)to->n_groups) size *= 2;
    to->table_mask = size / 2 - 1;
    return rehash(to);
}

/* Whether group g uses exactly the units of the current sequence. */
static int same_units(const Walker *w, const Group *g) {
    if (g->ncards != w->seq_len) return 0;
    const uint8_t *u = group_units(w->gs, g);
    for (int i = 0; i < g->ncards;) {
        int j = i;
        while (j < g->ncards && u[j] == u[i]) j++;
        if (w->unit_count[u[i]] != j - i) return 0;
        i = j;
    }
    return 1;
}

static int distinct_letters(const Walker *w) {
    uint32_t seen = 0;
    for (int i = 0; i < w->seq_len; i++)
        for (int k = 0; k < 2 && w->seq[i].letters[k] >= 0; k++) seen |= 1u << w->seq[i].letters[k];
    return count_bits(seen);
}

static int new_group(Walker *w, uint64_t hash, int distinct) {
    Groups *gs = w->gs;
    int failed = 0, n_combos = gs->n_combos;
    size_t n = (size_t)gs->n_groups + 1;
    gs->groups = grow(gs->groups, &gs->cap_groups, n, sizeof *gs->groups, &failed);
    gs->best = grow(gs->best, &gs->cap_best, n * n_combos, sizeof *gs->best, &failed);
    if (failed) return -1;
    gs->unit_arena = grow(gs->unit_arena, &gs->unit_cap, gs->unit_used + w->seq_len, 1, &failed);
    gs->seq_arena = grow(gs->seq_arena, &gs->seq_cap, gs->seq_used + (size_t)w->seq_len * n_combos, sizeof(Placed),
                         &failed);
    if (failed) return -1;
    Group *g = &gs->groups[gs->n_groups];
    *g = (Group){.hash = hash, .units = (int32_t)gs->unit_used, .seqs = (int32_t)gs->seq_used,
                 .ncards = (int16_t)w->seq_len, .length = (int16_t)w->letters, .distinct = (int16_t)distinct};
    uint8_t *u = gs->unit_arena + gs->unit_used;
    int k = 0;
    for (int unit = 0; unit < w->t->n_units; unit++)
        for (int c = 0; c < w->unit_count[unit]; c++) u[k++] = (uint8_t)unit;
    for (int i = 0; i < w->seq_len; i++) g->doublers += doubles_shorter(&w->faces[w->seq[i].face]);
    gs->unit_used += w->seq_len;
    gs->seq_used += (size_t)w->seq_len * n_combos;
    for (int c = 0; c < n_combos; c++) gs->best[(size_t)gs->n_groups * n_combos + c] = INT64_MIN;
    return gs->n_groups++;
}

/* The group of the current sequence (hash: its key with length and letters), found or added at slot *h; -1 when out
 * of memory, -2 when the group cap is met (the walk stops). */
static int32_t find_group(Walker *w, uint64_t hash, int distinct, uint32_t h) {
    Groups *gs = w->gs;
    while (gs->table[h].group) {
        if (gs->table[h].hash == hash) {
            const Group *cand = &gs->groups[gs->table[h].group - 1];
            if (cand->distinct == distinct && cand->length == w->letters && same_units(w, cand))
                return gs->table[h].group - 1;
        }
        h = (h + 1) & gs->table_mask;
    }
    if (gs->n_groups >= w->b->caps.groups) {
        w->b->group_limit = 1;
        w->b->stopped = 1;
        return -2;
    }
    int32_t g = new_group(w, hash, distinct);
    if (g >= 0) gs->table[h] = (Slot){hash, g + 1};
    return g;
}

/* The units of resource r the word laid takes itself (those given away are other words'). */
static inline int own_units(const Walker *w, int r) {
    return w->start_left[r] - w->left[r] - w->away[r];
}

void holders_free(Holders *h) {
    free(h->used);
    free(h->letters);
    free(h->doubles);
    *h = (Holders){.n = 0};
}

/* Whether the words beside the word laid, holding `doubles` shorter-word doubles and `letters` letters, may double it
 * as often as it needs (Within.needs): they hold as many, or the room left holds another word longer than it. */
static int doubled_enough(const Walker *w, const Within *within, int doubles, int letters) {
    return doubles >= within->needs || within->room - w->letters - letters > w->letters;
}

/* Whether the word laid fits beside one of the words `beside` longer than it (Within.beside), or (of more letters
 * than Within.pair_over) beside two of them that fit together, as often doubled as it needs (doubled_enough):
 * PAIR_CHECKS pairs looked at, at most (past them, it may). */
static int fits_beside(const Walker *w, const Within *within) {
    const Tables *t = w->t;
    const Holders *beside = within->beside;
    int pair = within->pair_over && w->letters > within->pair_over;
    uint8_t own[MAX_RESOURCES], both[MAX_RESOURCES];
    for (int r = 0; r < t->n_res; r++) own[r] = (uint8_t)own_units(w, r);
    int64_t checks = 0;
    for (int32_t h = 0; h < beside->n && beside->letters[h] > w->letters; h++) {
        const uint8_t *used = beside->used + (size_t)h * MAX_RESOURCES;
        if (!units_fit(t, own, used)) continue;
        if (!pair) {
            if (doubled_enough(w, within, beside->doubles[h], beside->letters[h])) return 1;
            continue;
        }
        for (int r = 0; r < t->n_res; r++) both[r] = (uint8_t)(own[r] + used[r]);
        for (int32_t k = h + 1; k < beside->n && beside->letters[k] > w->letters; k++) {
            if (++checks > PAIR_CHECKS) return 1;
            if (units_fit(t, both, beside->used + (size_t)k * MAX_RESOURCES)
                && doubled_enough(w, within, beside->doubles[h] + beside->doubles[k],
                                  beside->letters[h] + beside->letters[k]))
                return 1;
        }
    }
    return 0;
}

static int record(Walker *w);

/* Whether a priced walk keeping the words beating their prices may keep one more group: BEATERS_KEPT at most, and
 * never so many that the cap on groups stops the walk (the bound needs it whole). */
static int keeps_another(const Walker *w) {
    return w->keep_beaters && w->gs->n_groups < BEATERS_KEPT && w->gs->n_groups < w->b->caps.groups;
}

/* Score the current sequence for walk_best_word: raise the floor, and count it if it is over a ceiling on its way. */

static int score_only(Walker *w) {
    const Tables *t = w->t;
    int n_combos = t->n_combos;
    int64_t totals[1 << N_AWARDS], best = INT64_MIN, least = INT64_MAX;
    int32_t awards[1 << N_AWARDS][N_AWARDS];
    for (int c = 0; c < n_combos; c++) combo_awards(t, c, w->letters, awards[c]);
    score_word_awards(&t->scorer, w->seq_len, w->seq, n_combos, (const int32_t (*)[N_AWARDS])awards, totals);
    for (int c = 0; c < n_combos; c++)
        if (totals[c] > best) best = totals[c];
    for (int d = 0; d <= w->seq_len; d++) {
        if (w->ceilings[d] < least) least = w->ceilings[d];
        if (w->halves[d] < least) least = w->halves[d];
        if (w->unlettered[d] < least) least = w->unlettered[d];
    }
    if (w->price) {  /* its value less its units' prices, with what it could save under Unseen Character */
        int64_t credit = 0;
        for (int r = 0; r < t->n_res && t->param.unseen; r++)
            credit += unseen_saved(t, r, w->start_left[r] - w->left[r]);
        int64_t value = best + credit;
        best = value * PRICE_SCALE - w->paid;
        w->over += best > least;
        if (w->within && w->within->beside && best > w->floor && !fits_beside(w, w->within)) return 0;
        if (best > w->floor && keeps_another(w) && record(w) < 0) return -1;
        if (best > w->floor && w->beaters && w->beaters->n < MAX_BEATERS) {
            Beater *x = &w->beaters->word[w->beaters->n++];
            x->value = value;
            for (int r = 0; r < t->n_res; r++) x->used[r] = (int8_t)(w->start_left[r] - w->left[r]);
        }
        /* Walk on for the words beating their prices by half the most found: more of them for the relaxation. */
        if (best > w->most_beaten) w->most_beaten = best;
        if (w->beaters) best /= 2;
    } else {
        w->over += best > least;
    }
    w->gs->sequences += !w->keep;  /* record() counts it when the word is kept */
    if (best > w->floor && !w->fixed_floor) {
        w->floor = w->best_found = best;
        memcpy(w->best_seq, w->seq, sizeof(Placed) * w->seq_len);
        w->best_len = w->seq_len;
        if (w->tasks) share_floor(w, best);
    }
    return 0;
}

/* Keep `total` and its sequence `seq` as group g's best of award combination c, when it is more than the best kept. */
static void keep_best(Groups *gs, int32_t g, int c, int64_t total, const Placed *seq) {
    int64_t *best = &gs->best[(size_t)g * gs->n_combos + c];
    const Group *group = &gs->groups[g];
    if (total <= *best) return;
    *best = total;
    memcpy(gs->seq_arena + group->seqs + (size_t)c * group->ncards, seq, sizeof(Placed) * group->ncards);
}

/* Keep the current sequence in its group if it scores better there. The group's slot is fetched from memory
 * while the sequence is scored: with many groups the table lookup would otherwise wait on a cache miss. */
static int record(Walker *w) {
    const Tables *t = w->t;
    Groups *gs = w->gs;
    int distinct = t->param.pangram && t->param.round_given ? distinct_letters(w) : 0;
    /* A group's words have one length: a unit may spell one letter or two (one minor copy of any card). */
    uint64_t hash = w->key + (uint64_t)distinct * 0x9E3779B97F4A7C15ull + (uint64_t)w->letters * 0xC2B2AE3D27D4EB4Full;
    gs->sequences++;
    if ((uint32_t)gs->n_groups * 2 >= gs->table_mask && rehash(gs) < 0) return -1;
    uint32_t h = (uint32_t)(hash >> 7) & gs->table_mask;
    __builtin_prefetch(&gs->table[h]);
    int64_t totals[1 << N_AWARDS];
    int32_t awards[1 << N_AWARDS][N_AWARDS];
    for (int c = 0; c < gs->n_combos; c++) combo_awards(t, c, w->letters, awards[c]);
    score_word_awards(&t->scorer, w->seq_len, w->seq, gs->n_combos, (const int32_t (*)[N_AWARDS])awards, totals);
    int32_t g = find_group(w, hash, distinct, h);
    if (g < 0) return g == -2 ? 0 : -1;
    if (g < w->known) return 0;  /* (walk_left: a play found may hold it, scored as it was) */
    for (int c = 0; c < gs->n_combos; c++) keep_best(gs, g, c, totals[c], w->seq);
    return 0;
}

static int extend(Walker *w, uint32_t node);
static int double_may_pay(Walker *w, int face, int a, uint32_t node);
static int64_t ceiling_at(Walker *w, uint32_t node);
static int64_t ceiling_with(Walker *w, uint32_t node, const uint8_t *facts, uint32_t firsts);
static int over_floor(Walker *w, int64_t c);

/* The copies the word may still take itself under walk_best_within's cap (INT_MAX: no cap). */
static int own_copies_left(const Walker *w) {
    if (!w->within || w->within->copies < 0) return INT_MAX;
    return w->within->copies - (w->excess_total - w->given_copies);
}

/* A word's excess over the cards held (the classes past them, each as many times as it is), as a key: 7 bits a card
 * past them, at most 9 of them (0: more, no key). */
static uint64_t excess_key(const Tables *t, const int *excess) {
    uint64_t key = 0;
    int n = 0;
    for (int r = 0; r < t->n_res; r++)
        for (int k = 0; k < excess[r]; k++) {
            if (++n > 9) return 0;
            key = key << 7 | (uint64_t)(r + 1);
        }
    return key;
}

/* Whether one more card of class r than held, with the word's other excess, can be granted as copies. */
static int excess_granted(Walker *w, int r) {
    const Tables *t = w->t;
    if (!t->twin_cap[r] || own_copies_left(w) <= 0) return 0;
    if (t->single_twin >= 0) {  /* one twin motif grants every copy: its limits are counts */
        int mine = w->excess[r] + 1;
        return mine <= t->twin_cap[r] && single_twin_allows(t, w->excess_total + 1, w->excess_classes + (mine == 1));
    }
    w->excess[r]++;
    uint64_t key = excess_key(t, w->excess);
    size_t slot = (size_t)(key * 0x9E3779B97F4A7C15ull >> (64 - COVER_BITS));
    int ok = key && w->cover_key[slot] == key ? w->cover_ok[slot] : twin_cover(t, w->excess, NULL);
    if (key) {
        w->cover_key[slot] = key;
        w->cover_ok[slot] = (uint8_t)ok;
    }
    w->excess[r]--;
    return ok;
}

/* Count one card more (step 1) or less (step -1) of class r in the word's excess over the cards held. */
static void count_excess(Walker *w, int r, int step) {
    if (!w->t->is_class[r]) return;
    if (step < 0 && w->excess[r] > 0) {
        w->excess_total--;
        w->excess_classes -= w->excess[r] == 1;
    }
    w->excess[r] += step;
    if (step > 0 && w->excess[r] > 0) {
        w->excess_total++;
        w->excess_classes += w->excess[r] == 1;
    }
}

static int gather(Walker *w, int face, int a, int b, uint32_t node);

/* Lay face `face` spelling a (and b, or -1) reaching `node`, then go on (or gather it, when gathering). */
static int lay(Walker *w, int face, int a, int b, uint32_t node) {
    const Tables *t = w->t;
    const Face *f = &w->faces[face];
    if (f->as_printed >= 0 && b < 0 && a == f->printed) face = f->as_printed;
    int unit = w->faces[face].unit, r = w->faces[face].resource;
    if (t->is_class[r] && w->unit_count[unit] >= t->real_cap[r] && !excess_granted(w, r)) return 0;
    const Face *laid = &w->faces[face];
    int doubles = doubles_shorter(laid) && (w->doubler_letters || (w->within && w->within->doubles >= 0));
    if (doubles && w->within && w->doubles_laid >= w->within->doubles) return 0;  /* (other words hold the rest) */
    w->seq[w->seq_len] = (Placed){(int16_t)face, {(int8_t)a, (int8_t)b}};
    w->seq_len++;
    w->letters += b < 0 ? 1 : 2;
    w->unit_count[unit]++;
    w->face_count[face]++;
    count_excess(w, r, 1);
    w->key += t->zobrist[unit];
    w->doubles_laid += doubles;
    int rc = w->gathering ? gather(w, f - w->faces, a, b, node) : extend(w, node);
    w->doubles_laid -= doubles;
    w->key -= t->zobrist[unit];
    count_excess(w, r, -1);
    w->face_count[face]--;
    w->unit_count[unit]--;
    w->letters -= b < 0 ? 1 : 2;
    w->seq_len--;
    return rc;
}

/* Whether one more copy of face f's unit keeps within its motif's limits in this word. */
static int copy_allowed(const Walker *w, const Face *f) {
    int motif = f->copy_motif, unit = f->unit;
    if (motif < 0) return 1;
    if (w->unit_count[unit] >= w->t->unit[unit].cap) return 0;
    if (w->copy_total[motif] >= w->t->copy[motif].total) return 0;
    return w->unit_count[unit] > 0 || w->copy_distinct[motif] < w->t->copy[motif].distinct;
}

/* Lay a Double Wild's two letters, the first `a` reaching `next`. */
static int lay_double(Walker *w, int face, int a, uint32_t next) {
    int rc = 0;
    if (!double_may_pay(w, face, a, next)) return 0;
    uint32_t seconds = w->target ? next_letters(w, next, w->letters + 1) : steps_letters(&w->steps, next);
    for (; seconds && !rc; seconds &= seconds - 1) {
        int b = __builtin_ctz(seconds);
        int32_t last = child(w, next, b);
        if (last < 0) break;
        rc = lay(w, face, a, b, (uint32_t)last);
    }
    w->halves[w->seq_len + 1] = INT64_MAX;
    return rc;
}

/* Lay wild `face` at `node` spelling each of `letters` in turn. */
static int lay_each(Walker *w, int face, uint32_t node, uint32_t letters) {
    int rc = 0, double_wild = w->faces[face].wild == WILD_double;
    for (; letters && !rc && !w->b->broken_index; letters &= letters - 1) {
        int a = __builtin_ctz(letters);
        int32_t next = child(w, node, a);
        if (next < 0) break;  /* a broken index: the search has stopped */
        rc = double_wild ? lay_double(w, face, a, (uint32_t)next) : lay(w, face, a, -1, (uint32_t)next);
    }
    return rc;
}

/* Lay wild `face` (no printed face) at `node` spelling each of `letters`, when the ceiling with its letters left to
 * the completions below `node` starting with one of `firsts`, which have these facts (they hold its letters and what
 * follows), beats the floor: it is at least the ceiling of each letter it may spell, as a Double Wild's second letter
 * is (double_may_pay). Above two letters, each half of them gets its own ceiling so (group_facts) before its letters
 * are laid. One ceiling instead of one per letter, when it prunes. */
static int lay_pending(Walker *w, int face, uint32_t node, uint32_t letters, const uint8_t *facts, uint32_t firsts) {
    w->seq[w->seq_len] = (Placed){(int16_t)face, {-1, -1}};
    w->seq_len++;
    int64_t c = ceiling_with(w, node, facts, firsts), *held_to = &w->unlettered[w->seq_len], kept = *held_to;
    w->seq_len--;
    if (!w->prune && c < kept) *held_to = c;  /* (checking: these letters' words are held to it too) */
    int rc = 0, n = __builtin_popcount(letters), go = over_floor(w, c);
    if (go && n <= 2) {
        rc = lay_each(w, face, node, letters);
    } else if (go) {
        uint32_t low = 0, rest = letters;
        for (int k = 0; k < n / 2; k++, rest &= rest - 1) low |= rest & -rest;
        uint32_t half[2] = {low, letters & ~low};
        for (int h = 0; h < 2 && !rc && !w->b->broken_index; h++) {
            uint8_t below[FACTS_PER_NODE];
            if (group_facts(&w->steps, w->facts, node, half[h], below) < 0) break;
            rc = lay_pending(w, face, node, half[h], below, half[h]);
        }
    }
    *held_to = kept;
    return rc;
}

static int lay_face(Walker *w, int face, uint32_t node) {
    const Face *f = &w->faces[face];
    int kind = f->wild, rc = 0;
    if (kind == WILD_fixed) {
        if (w->target && f->letter2 >= 0  /* (a two-letter card's second letter: the word's next one too) */
            && !(w->letters + 1 < w->target_len && w->target[w->letters + 1] == f->letter2))
            return 0;
        int32_t next = child(w, node, f->letter1);
        if (next >= 0 && f->letter2 >= 0) next = child(w, (uint32_t)next, f->letter2);
        return next < 0 ? 0 : lay(w, face, f->letter1, f->letter2, (uint32_t)next);
    }
    uint32_t allowed = next_letters(w, node, w->letters) & w->t->face_letters[face];
    int pending = w->ceiling && f->as_printed < 0 && (allowed & (allowed - 1)) && w->price;
    rc = pending ? lay_pending(w, face, node, allowed, w->facts + (size_t)node * FACTS_PER_NODE, ALL_LETTERS)
                 : lay_each(w, face, node, allowed);
    return w->b->broken_index ? 0 : rc;
}

/* Lay face i of the walk's list (taking one unit of its resource), then go on; or, with `kid`, lay the face and
 * letters gathered as that child. */
static int try_face(Walker *w, int i, uint32_t node, const Kid *kid) {
    const Tables *t = w->t;
    int r = t->lay_res[i], face = t->lay_face[i];
    if (!w->left[r] || (w->printed_only && !t->printed_only[r])) return 0;
    const Face *f = &w->faces[face];
    if (f->later_twin >= 0 && w->face_count[f->later_twin]) return 0;  /* its twin's mirror is walked */
    if (!copy_allowed(w, f)) return 0;
    int motif = f->copy_motif;
    if (motif >= 0) {
        w->copy_total[motif]++;
        w->copy_distinct[motif] += w->unit_count[f->unit] == 0;
    }
    w->left[r]--;
    int64_t cost = 0;
    if (w->price) {
        const Prices *pr = w->price;
        /* (left[r] is down; the word's own units go cheapest first) */
        cost = own_units(w, r) <= pr->first[r] ? pr->cheap[r] : pr->dear[r];
        w->paid += cost;
    }
    w->lay_index = i;
    int rc = kid ? lay(w, kid->face, kid->a, kid->b, kid->node) : lay_face(w, face, node);
    w->paid -= cost;
    w->left[r]++;
    if (motif >= 0) {
        w->copy_total[motif]--;
        w->copy_distinct[motif] -= w->unit_count[f->unit] == 0;
    }
    return rc;
}

/* The facts of a node as walk_best_within's letters leave them: a completion of at most the letters left (a word
 * running over them, a two-letter card laid last, is not scored), so of as many of each letter and vowels at most (in
 * `capped`). */
static const uint8_t *within_letters(const Walker *w, const uint8_t *facts, uint8_t *capped) {
    int room = w->within->letters - w->letters;
    if (room < 0) room = 0;
    if (room >= facts[FACT_HEIGHT]) return facts;
    memcpy(capped, facts, FACTS_PER_NODE);
    for (int i = 0; i <= FACT_VOWELS; i++)
        if (capped[i] > room) capped[i] = (uint8_t)room;
    return capped;
}

/* The ceiling at `node` of the word laid so far, less the prices laid when pricing (each unit may save 2 under
 * Unseen Character then). */
static int64_t ceiling_at(Walker *w, uint32_t node) {
    return ceiling_with(w, node, w->facts + (size_t)node * FACTS_PER_NODE, ALL_LETTERS);
}

/* The same, of the completions below the node starting with one of `firsts`, which have these facts (lay_pending). */
static int64_t ceiling_with(Walker *w, uint32_t node, const uint8_t *facts, uint32_t firsts) {
    const Tables *t = w->t;
    uint8_t capped[FACTS_PER_NODE];
    if (w->within && w->within->letters) facts = within_letters(w, facts, capped);
    int held[MAX_RESOURCES];
    for (int r = 0; r < t->n_res; r++) {  /* a class's cards not yet in the word, of those held */
        int used = w->start_left[r] - w->left[r];
        held[r] = !t->is_class[r] ? w->left[r] : used < t->real_cap[r] ? t->real_cap[r] - used : 0;
    }
    int copies_left = (t->pool_res >= 0 ? t->res[t->pool_res].capacity : 0) - w->excess_total, own = own_copies_left(w);
    if (own < copies_left) copies_left = own;
    int64_t c = word_ceiling(w->ceiling, node, w->seq, w->seq_len, w->letters, w->left, held,
                             copies_left < 0 ? 0 : copies_left, facts, w->price ? w->price->cheap : NULL, firsts);
    if (w->price)
        c += (w->t->param.unseen ? 2 * (int64_t)(w->seq_len + facts[FACT_HEIGHT]) : 0) * PRICE_SCALE - w->paid;
    return c;
}

/* Whether a node whose ceiling is c may be gone on from (walk_best_word, walk_priced); `above`: a shared walk's task
 * not yet taken, or a node above them. */
static int over_floor_at(Walker *w, int64_t c, int above) {
    w->nodes++;
    if (w->prune && c <= floor_of(w, above)) {
        w->pruned++;
        return 0;
    }
    return 1;
}

/* The same, of the node laid last or (a Double Wild's second letter, a wild's letters pending) the next one down. */
static int over_floor(Walker *w, int64_t c) { return over_floor_at(w, c, w->seq_len < TASK_DEPTH); }

/* The walk stopped before going below a node whose ceiling is c: no word left there scores more. */
static void left_unwalked(Walker *w, int64_t c) {
    if (c > w->unwalked) w->unwalked = c;
}

/* The ceiling of the current node: whether to go on from it. */
static int under_ceiling(Walker *w, uint32_t node) {
    int given = w->has_given;
    int64_t c = given ? w->given : ceiling_at(w, node);
    w->has_given = 0;
    w->ceilings[w->seq_len] = c;
    if (!given) return over_floor(w, c);
    if (c > floor_of(w, w->seq_len < TASK_DEPTH)) return 1;  /* (counted when gathered; the floor may have risen) */
    w->pruned++;
    return 0;
}

/* Gather the child just laid (reaching `node`) with its ceiling, unless the ceiling leaves it; past MAX_KIDS children,
 * go below it at once. */
static int gather(Walker *w, int face, int a, int b, uint32_t node) {
    int depth = w->seq_len - 1;
    if (w->n_kids[depth] == MAX_KIDS) {
        w->gathering = 0;
        int rc = extend(w, node);
        w->gathering = 1;
        return rc;
    }
    if (out_of_time(w->b)) return 0;
    int64_t c = ceiling_at(w, node);
    if (over_floor_at(w, c, w->seq_len <= TASK_DEPTH))  /* (a shared walk's tasks are gathered alike by every walker) */
        w->kids[depth][w->n_kids[depth]++] = (Kid){c, node, (int16_t)w->lay_index, (int16_t)face, (int8_t)a, (int8_t)b};
    return 0;
}

static int by_ceiling(const void *x, const void *y) {  /* best first */
    int64_t a = ((const Kid *)x)->ceiling, b = ((const Kid *)y)->ceiling;
    return (a < b) - (a > b);
}

/* Whether a Double Wild `face`, spelling `a` to reach `node` (its unit taken), may lead to a word over the floor,
 * before its second letter is chosen: the ceiling with it spelling only `a`, the second letter left to the
 * completions below `node`, is at least the ceiling of each second letter (the facts of `node` hold every such
 * completion, and a letter left out of the prefix only lets more motifs apply). One ceiling instead of one per second
 * letter, when it prunes. */
static int double_may_pay(Walker *w, int face, int a, uint32_t node) {
    if (!w->ceiling) return 1;
    w->seq[w->seq_len] = (Placed){(int16_t)face, {(int8_t)a, -1}};
    w->seq_len++;
    w->letters++;
    int64_t c = ceiling_at(w, node);
    w->letters--;
    w->seq_len--;
    if (w->prune) return over_floor(w, c);
    w->halves[w->seq_len + 1] = c;  /* (checking: each second letter's words are held to it too) */
    return 1;
}

/* Lay each card some word goes on with from `node` (the printed letters, then the wilds), going below each child (or
 * gathering it, when gathering). */
static int lay_children(Walker *w, uint32_t node) {
    const Tables *t = w->t;
    uint32_t bits = next_letters(w, node, w->letters);
    int rc = 0, wilds_first = w->tasks && w->seq_len < TASK_DEPTH;  /* (a shared walk's largest tasks first) */
    for (int i = t->lay_start[26]; wilds_first && i < t->lay_start[27] && rc >= 0; i++)
        if (bits & t->face_letters[t->lay_face[i]]) rc = try_face(w, i, node, NULL);
    for (uint32_t next = bits & ALL_LETTERS; next && rc >= 0; next &= next - 1) {
        int c = __builtin_ctz(next);
        for (int i = t->lay_start[c]; i < t->lay_start[c + 1] && rc >= 0; i++) rc = try_face(w, i, node, NULL);
    }
    for (int i = t->lay_start[26]; !wilds_first && i < t->lay_start[27] && rc >= 0; i++)
        if (bits & t->face_letters[t->lay_face[i]]) rc = try_face(w, i, node, NULL);
    return rc;
}

/* Gather the children of `node` with their ceilings, then go below them best ceiling first. */
static int children_in_order(Walker *w, uint32_t node) {
    int depth = w->seq_len;
    w->n_kids[depth] = 0;
    w->gathering = 1;
    int rc = lay_children(w, node);
    w->gathering = 0;
    Kid *kids = w->kids[depth];
    qsort(kids, (size_t)w->n_kids[depth], sizeof(Kid), by_ceiling);
    int k = 0;
    for (; k < w->n_kids[depth] && rc >= 0 && !w->b->stopped; k++) {
        w->has_given = 1;
        w->given = kids[k].ceiling;
        if (w->probe && depth == 0) w->probe_end = w->nodes + w->probe;
        rc = try_face(w, kids[k].lay, node, &kids[k]);
        w->has_given = 0;
    }
    /* Stopped while gathering: every child is left (this node's ceiling covers them); else those after the last
     * gone below (best first: the next is the most), which covers what it left itself. */
    if (w->b->stopped) left_unwalked(w, k == 0 ? w->ceilings[depth] : k < w->n_kids[depth] ? kids[k].ceiling : INT64_MIN);
    return rc;
}

/* walk_doubling: whether no word below `node` can hold the doubles wanted (those laid, and the most of the doubles'
 * letters a completion holds). */
static int too_few_doubles_below(const Walker *w, uint32_t node) {
    if (!w->doubler_letters || w->doubles_laid >= w->doubles_wanted) return 0;
    const uint8_t *facts = w->t->facts + (size_t)node * FACTS_PER_NODE;
    int below = 0;
    for (uint32_t bits = w->doubler_letters; bits; bits &= bits - 1) below += facts[__builtin_ctz(bits)];
    return w->doubles_laid + below < w->doubles_wanted;
}

static int extend_below(Walker *w, uint32_t node);

/* Go on from `node`; in a shared walk, below a node TASK_DEPTH cards down only when this walker takes it (the next
 * not yet taken, once it is done with the last). */
static int extend(Walker *w, uint32_t node) {
    if (!w->tasks || w->seq_len != TASK_DEPTH) return extend_below(w, node);
    if (w->task_seen++ != w->task_mine) return 0;  /* (another walker's) */
    int rc = extend_below(w, node);
    w->task_mine = __atomic_fetch_add(&w->tasks->next, 1, __ATOMIC_RELAXED);
    return rc;
}

static int extend_below(Walker *w, uint32_t node) {
    if (out_of_time(w->b)) {  /* (a node gathered has its ceiling given; the others' are worked out) */
        left_unwalked(w, w->has_given ? w->given : w->ceiling ? ceiling_at(w, node) : INT64_MAX);
        return 0;
    }
    if (w->probe && w->nodes > w->probe_end) return 0;
    steps_prefetch_children(&w->steps, node);  /* while this word is scored */
    if (w->ceiling && !under_ceiling(w, node)) return 0;
    if (too_few_doubles_below(w, node)) return 0;
    int scores = !w->tasks || w->lead || w->seq_len >= TASK_DEPTH;  /* (above the tasks: the lead's words) */
    if (scores && w->letters >= MIN_WORD_LENGTH && steps_is_word(&w->steps, node)
        && w->doubles_laid >= w->doubles_wanted && !(w->within && w->within->letters && w->letters > w->within->letters)
        && (!w->target || w->letters == w->target_len)
        && ((w->ceiling && score_only(w) < 0) || ((!w->ceiling || w->keep) && record(w) < 0)))
        return -1;
    if (w->b->stopped) {
        left_unwalked(w, w->ceiling ? w->ceilings[w->seq_len] : INT64_MAX);
        return 0;
    }
    if (w->seq_len >= MAX_CARDS_IN_WORD || w->letters + 2 > MAX_LETTERS) return 0;
    if (w->within && w->within->letters && w->letters >= w->within->letters) return 0;
    return w->kids ? children_in_order(w, node) : lay_children(w, node);
}

/* Give the walker every unit there is (a class may run past its cards by the copies granted to it). */
static void every_unit(Walker *w) {
    const Tables *t = w->t;
    for (int r = 0; r < t->n_res; r++) {
        w->excess[r] = -t->real_cap[r];
        w->left[r] = w->start_left[r] = t->res[r].kind == RES_KIND_copy_pool ? 0 : t->res[r].capacity + t->twin_cap[r];
    }
}

static int walk_within(const Tables *t, Groups *gs, Budget *b, int printed_only, const int *most,
                       const int8_t *target, int target_len) {
    Walker *w = calloc(1, sizeof *w);
    if (!w) return -1;
    *w = (Walker){.t = t, .gs = gs, .b = b, .steps = t->steps, .faces = t->scorer.faces, .printed_only = printed_only,
                  .known = most ? gs->n_groups : 0, .target = target, .target_len = target_len};
    every_unit(w);
    for (int r = 0; r < t->n_res && most; r++)
        if (most[r] < w->left[r]) w->left[r] = most[r] > 0 ? most[r] : 0;
    int rc = extend(w, 0);
    free(w);
    return rc;
}

int walk_words(const Tables *t, Groups *gs, Budget *b, int printed_only) {
    int rc = walk_within(t, gs, b, printed_only, NULL, NULL, 0);
    gs->walk_done = rc == 0 && !b->stopped && !printed_only;
    return rc;
}

int walk_left(const Tables *t, Groups *gs, Budget *b, const int *most) {
    return walk_within(t, gs, b, 0, most, NULL, 0);
}

int walk_spellings(const Tables *t, Groups *gs, Budget *b, const int *most, const int8_t *letters, int n) {
    return walk_within(t, gs, b, 0, most, letters, n);
}

static int walk_shared(Walker *w);

int walk_doubling(const Tables *t, Groups *gs, Budget *b, int wanted) {
    uint32_t letters = 0;
    for (int i = 0; i < t->scorer.n_faces; i++) {
        const Face *f = &t->scorer.faces[i];
        if (!doubles_shorter(f)) continue;
        if (f->wild != WILD_fixed) return 1;  /* (a double on a wild face: any letter may hold it) */
        letters |= 1u << f->letter1;
    }
    if (!letters || !t->facts) return 1;
    Walker *w = calloc(1, sizeof *w);
    if (!w) return -1;
    *w = (Walker){.t = t, .gs = gs, .b = b, .steps = t->steps, .faces = t->scorer.faces, .doubler_letters = letters,
                  .doubles_wanted = wanted, .keep = 1};
    every_unit(w);
    int rc = b->threads > 1 && !b->work ? walk_shared(w) : extend(w, 0);  /* (under a clock alone, as those pruning) */
    free(w);
    return rc;
}

/* Take given[r] units of each resource r out of the walk, as other words' (of a class, those past the cards held are
 * copies granted). */
static void give_away(Walker *w, const uint8_t *given) {
    const Tables *t = w->t;
    for (int r = 0; r < t->n_res; r++) {
        for (int u = 0; u < t->n_units && t->is_class[r]; u++)
            if (t->unit[u].resource == r && t->unit[u].copy_motif < 0) w->unit_count[u] += given[r];
        for (int k = 0; k < given[r]; k++) count_excess(w, r, 1);
        w->away[r] = w->left[r] > given[r] ? given[r] : w->left[r];
        w->left[r] -= w->away[r];
    }
    w->given_copies = w->excess_total;
}

/* Take group g of `from` (a second walker's groups) into the walker's groups, found there or added, each award
 * combination's best sequence the better of the two; the walker is at the root, as after its walk. 0, or -1 when out
 * of memory (the group cap met stops the walk, as it stops a walk). */
static int adopt_group(Walker *w, const Groups *from, int32_t g) {
    const Group *src = &from->groups[g];
    Groups *gs = w->gs;
    int n_combos = gs->n_combos, first = 0;
    while (first < n_combos && group_best(from, g, first) == INT64_MIN) first++;
    if (first == n_combos) return 0;  /* (no sequence kept) */
    if ((uint32_t)gs->n_groups * 2 >= gs->table_mask && rehash(gs) < 0) return -1;
    const uint8_t *units = group_units(from, src);
    for (int k = 0; k < src->ncards; k++) w->unit_count[units[k]]++;
    w->seq_len = src->ncards;
    w->letters = src->length;
    memcpy(w->seq, group_sequence(from, src, first), sizeof(Placed) * src->ncards);  /* (a new group's doublers) */
    int32_t to = find_group(w, src->hash, src->distinct, (uint32_t)(src->hash >> 7) & gs->table_mask);
    for (int k = 0; k < src->ncards; k++) w->unit_count[units[k]]--;
    w->seq_len = w->letters = 0;
    if (to < 0) return to == -2 ? 0 : -1;
    for (int c = 0; c < n_combos; c++) keep_best(gs, to, c, group_best(from, g, c), group_sequence(from, src, c));
    return 0;
}

int groups_adopt(const Tables *t, Groups *into, const Groups *from, const uint8_t *kept, Budget *b) {
    Walker *w = calloc(1, sizeof *w);
    if (!w) return -1;
    *w = (Walker){.t = t, .gs = into, .b = b, .steps = t->steps, .faces = t->scorer.faces};
    int rc = 0;
    for (int32_t g = 0; g < from->n_groups && rc == 0 && into->n_groups < b->caps.groups; g++)
        if (!kept || kept[g]) rc = adopt_group(w, from, g);
    free(w);
    return rc;
}

/* A second walker's thread: its part of the shared walk. */
static void *walk_part(void *walker) {
    Walker *w = walker;
    intptr_t rc = extend(w, 0);
    return (void *)rc;
}

/* What the second walker found, into the first's: its best word, the most it beat the prices by, the words beating
 * them, what it left unwalked, its counts and its budget's ticks and stops. */
static void merge_walker(Walker *w, const Walker *v, uint64_t ticks_before) {
    if (v->floor > w->floor) w->floor = v->floor;
    if (v->best_len && (!w->best_len || v->best_found > w->best_found)) {
        w->best_found = v->best_found;
        memcpy(w->best_seq, v->best_seq, sizeof(Placed) * v->best_len);
        w->best_len = v->best_len;
    }
    if (v->most_beaten > w->most_beaten) w->most_beaten = v->most_beaten;
    if (v->unwalked > w->unwalked) w->unwalked = v->unwalked;
    for (int i = 0; w->beaters && i < v->beaters->n && w->beaters->n < MAX_BEATERS; i++)
        w->beaters->word[w->beaters->n++] = v->beaters->word[i];
    w->nodes += v->nodes;
    w->pruned += v->pruned;
    w->over += v->over;
    w->gs->sequences += v->gs->sequences;
    w->b->ticks += v->b->ticks - ticks_before;
    w->b->stopped |= v->b->stopped;
    w->b->broken_index |= v->b->broken_index;
    w->b->group_limit |= v->b->group_limit;
}

/* Walk from the root with a second walker on a thread of its own, the nodes TASK_DEPTH cards down shared out as they
 * are reached: both walkers reach them in the same order (above them each holds a node to the floor it started from),
 * and each goes below those it takes, one after the other, the floor either reaches both's. The second's words
 * kept (its own groups), found beating their prices and best are then the first's too. When no thread can be had,
 * the second walker's part follows the first's. The budget's clock is each walker's own copy. */
static int walk_shared(Walker *w) {
    Tasks tasks = {0};
    Walker *v = malloc(sizeof *v);
    Beaters *beaters = w->beaters ? malloc(sizeof *beaters) : NULL;
    Budget *b = malloc(sizeof *b);
    Groups own = {0};
    Kid (*kids)[MAX_KIDS] = w->kids ? malloc(sizeof(*w->kids) * (MAX_CARDS_IN_WORD + 1)) : NULL;
    int rc = -1;
    int ready = v && b && (beaters || !w->beaters) && (kids || !w->kids);
    int keeps = w->keep || w->keep_beaters;
    if (ready && (!keeps || groups_init(&own, w->gs->n_combos) == 0)) {
        *v = *w;
        *b = *w->b;
        b->progress = NULL;
        if (beaters) beaters->n = 0;
        v->b = b;
        v->gs = &own;
        v->beaters = beaters;
        v->kids = kids;
        w->tasks = v->tasks = &tasks;
        w->start_floor = v->start_floor = tasks.floor = w->floor;
        w->lead = 1;
        w->task_mine = tasks.next++;
        v->task_mine = tasks.next++;
        uint64_t ticks = b->ticks;
        int64_t caps = w->b->caps.groups, room = caps - w->gs->n_groups;  /* (the groups cap: half the room each) */
        if (keeps) {
            b->caps.groups = room / 2;
            w->b->caps.groups = caps - room / 2;
        }
        pthread_t thread;
        int started = pthread_create(&thread, NULL, walk_part, v) == 0;
        rc = extend(w, 0);
        void *part = NULL;
        if (started) pthread_join(thread, &part);
        else part = (void *)(intptr_t)extend(v, 0);
        if ((intptr_t)part < 0) rc = -1;
        w->b->caps.groups = caps;
        merge_walker(w, v, ticks);
        w->tasks = NULL;
        for (int32_t g = 0; keeps && g < own.n_groups && rc == 0 && (w->keep || keeps_another(w)); g++)
            rc = adopt_group(w, &own, g);
    }
    groups_free(&own);
    free(kids);
    free(b);
    free(beaters);
    free(v);
    return rc;
}

static int walk_ceilings(const Tables *t, const Ceiling *c, const uint8_t *facts, Groups *keep, Budget *b, int prune,
                         const Prices *price, int64_t floor, Beaters *beaters, int fixed_floor, uint64_t probe,
                         const Within *within, WordWalk *out) {
    Walker *w = calloc(1, sizeof *w);
    Groups none = {0};
    if (!w) return -1;
    *w = (Walker){.t = t, .gs = keep ? keep : &none, .b = b, .steps = t->steps, .faces = t->scorer.faces,
                  .ceiling = c, .facts = facts, .prune = prune, .keep = keep && !beaters,
                  .keep_beaters = keep && beaters,
                  .floor = floor, .fixed_floor = fixed_floor, .probe = probe, .price = price,
                  .beaters = beaters, .most_beaten = INT64_MIN, .within = within, .unwalked = INT64_MIN,
                  .best_found = INT64_MIN};
    for (int d = 0; d <= MAX_CARDS_IN_WORD; d++) w->halves[d] = w->unlettered[d] = INT64_MAX;
    every_unit(w);
    if (within && within->given) give_away(w, within->given);
    /* The best word's walks go below the best ceilings first (the others gain nothing from it) */
    if (prune && !fixed_floor && !beaters && !(w->kids = malloc(sizeof(*w->kids) * (MAX_CARDS_IN_WORD + 1)))) {
        free(w);
        return -1;
    }
    /* A walk that prunes, under a clock alone (a work limit gives the same answer every time): shared (a probe's nodes
     * are counted per child of the root, each a task) */
    int shared = prune && b->threads > 1 && !b->work;
    int rc = shared ? walk_shared(w) : extend(w, 0);
    free(w->kids);
    int64_t best = w->price && w->most_beaten > w->floor ? w->most_beaten : w->floor;
    int done = rc == 0 && !b->stopped;
    *out = (WordWalk){.best = best, .root = w->ceilings[0], .sequences = w->gs->sequences, .nodes = w->nodes,
                      .pruned = w->pruned, .over = w->over, .done = done, .len = w->best_len,
                      .most = done ? best : w->unwalked > best ? w->unwalked : best};
    memcpy(out->seq, w->best_seq, sizeof(Placed) * w->best_len);
    free(w);
    return rc;
}

static int best_word_within(const Tables *t, const Ceiling *c, const uint8_t *facts, Groups *keep, Budget *b,
                            int prune, const Within *within, WordWalk *out) {
    WordWalk probe = {.len = 0};
    int64_t floor = INT64_MIN;
    if (prune && !(within && within->known > INT64_MIN)) {  /* a probe: the best word of a few nodes below each child
                                                              * of the root, the floor to start from */
        int rc = walk_ceilings(t, c, facts, keep, b, prune, NULL, INT64_MIN, NULL, 0, PROBE_NODES, within, &probe);
        if (rc < 0) return rc;
        if (probe.len) floor = probe.best - 1;  /* (that word is scored again, its cards kept) */
    }
    if (within && within->known > floor + 1) floor = within->known - 1;  /* (found again, or a better one) */
    int rc = walk_ceilings(t, c, facts, keep, b, prune, NULL, floor, NULL, 0, 0, within, out);
    out->nodes += probe.nodes;
    out->pruned += probe.pruned;
    out->over += probe.over;
    if (!out->len && probe.len) {  /* stopped before finding the probe's word again */
        out->best = probe.best;
        out->len = probe.len;
        memcpy(out->seq, probe.seq, sizeof(Placed) * probe.len);
    }
    if (out->most < out->best) out->most = out->best;
    return rc;
}

int walk_best_word(const Tables *t, const Ceiling *c, const uint8_t *facts, Groups *keep, Budget *b, int prune,
                   WordWalk *out) {
    return best_word_within(t, c, facts, keep, b, prune, NULL, out);
}

int walk_best_within(const Tables *t, const Ceiling *c, Budget *b, int prune, const Within *within, WordWalk *out) {
    return best_word_within(t, c, t->facts, NULL, b, prune, within, out);
}

int walk_best_kept(const Tables *t, const Ceiling *c, Groups *keep, Budget *b, const Within *within, WordWalk *out) {
    return best_word_within(t, c, t->facts, keep, b, 1, within, out);
}

int walk_best_over(const Tables *t, const Ceiling *c, Budget *b, int64_t floor, WordWalk *out) {
    return walk_ceilings(t, c, t->facts, NULL, b, 1, NULL, floor, NULL, 0, 0, NULL, out);
}

int walk_over(const Tables *t, const Ceiling *c, Groups *keep, Budget *b, int64_t floor, WordWalk *out) {
    return walk_ceilings(t, c, t->facts, keep, b, 1, NULL, floor, NULL, 1, 0, NULL, out);
}

int walk_fixed(const Tables *t, const Ceiling *c, const Fixing *fixing, Groups *keep, Budget *b, WordWalk *out) {
    return walk_ceilings(t, c, t->facts, keep, b, 1, &fixing->price, -fixing->gap, NULL, 1, 0, NULL, out);
}

int walk_every_priced(const Tables *t, const Ceiling *c, const Prices *price, Budget *b, const Within *within,
                      WordWalk *out) {
    return walk_ceilings(t, c, t->facts, NULL, b, 0, price, INT64_MIN, NULL, 0, 0, within, out);
}

int walk_priced(const Tables *t, const Ceiling *c, const Prices *price, int64_t slack, Beaters *beaters, Groups *kept,
                Budget *b, WordWalk *out) {
    if (beaters) beaters->n = 0;
    return walk_ceilings(t, c, t->facts, kept, b, 1, price, slack, beaters, 0, 0, NULL, out);
}

int walk_priced_within(const Tables *t, const Ceiling *c, const Prices *price, int64_t floor, Budget *b,
                       const Within *within, WordWalk *out) {
    return walk_ceilings(t, c, t->facts, NULL, b, 1, price, floor, NULL, 0, 0, within, out);
}

int64_t ceiling_within(const Tables *t, const Ceiling *c, const Within *within) {
    Walker *w = calloc(1, sizeof *w);
    if (!w) return INT64_MAX;
    *w = (Walker){.t = t, .steps = t->steps, .faces = t->scorer.faces, .ceiling = c, .facts = t->facts,
                  .within = within};
    every_unit(w);
    if (within->given) give_away(w, within->given);
    int64_t most = ceiling_at(w, 0);
    free(w);
    return most;
}
