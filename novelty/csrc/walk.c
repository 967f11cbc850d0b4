/* The word walk: lay resources down one at a time along the step index, following only letters some
 * word continues with, and keep every card sequence that spells a playable word in its group (the
 * multiset of units it uses), scored exactly, the best sequence per award combination kept.
 *
 * Step index: nodes numbered breadth-first with siblings in letter order; mask[n] has bit c when the
 * child for letter c exists and bit 26 when the path to n spells a word; the child for c is first[n]
 * plus the number of n's children before c.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "search.h"

#define WORD_BIT (1u << 26)
#define ALL_LETTERS ((1u << 26) - 1)
#define VOWEL_LETTERS ((1u << 0) | (1u << 4) | (1u << 8) | (1u << 14) | (1u << 20))
#define Y_LETTER (1u << 24)
#define MIN_WORD_LENGTH 4

static const uint32_t wild_letters[N_WILD_KINDS] = {
    [WILD_fixed] = 0, [WILD_any] = ALL_LETTERS, [WILD_consonant] = ALL_LETTERS & ~VOWEL_LETTERS,
    [WILD_vowel] = VOWEL_LETTERS | Y_LETTER, [WILD_double] = ALL_LETTERS,
};

double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

double cpu_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int out_of_time(Search *s) {
    if (s->stopped) return 1;
    s->ticks++;
    if (s->work_end && s->ticks > s->work_end) s->stopped = 1;
    else if (s->deadline > 0 && s->ticks >= s->next_clock) {  /* (the DP adds many steps at once) */
        s->next_clock = s->ticks + 1024;
        s->stopped = now_seconds() > s->deadline;
    }
    return s->stopped;
}

/* The node reached from `node` by `letter`, or -1. The index comes from a file, so a child outside it stops
 * the search (the module then refuses its answer): only the steps a search takes are checked, not all of them
 * before each search. */
static inline int32_t child(Search *s, uint32_t node, int letter) {
    uint32_t bits = s->mask[node], bit = 1u << letter;
    if (!(bits & bit)) return -1;
    uint32_t next = s->first[node] + (uint32_t)count_bits(bits & (bit - 1));
    if (__builtin_expect(next >= s->n_nodes, 0)) {
        s->broken_index = s->stopped = 1;
        return -1;
    }
    return (int32_t)next;
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

static int rehash(Search *s) {
    uint32_t size = s->table_mask ? 2 * (s->table_mask + 1) : 1u << 12;
    Slot *table = calloc(size, sizeof *table);
    if (!table) return -1;
    for (int32_t g = 0; g < s->n_groups; g++) {
        uint32_t h = (uint32_t)(s->groups[g].hash >> 7) & (size - 1);
        while (table[h].group) h = (h + 1) & (size - 1);
        table[h] = (Slot){s->groups[g].hash, g + 1};
    }
    free(s->table);
    s->table = table;
    s->table_mask = size - 1;
    return 0;
}

/* Whether group g uses exactly the units of the current sequence. */
static int same_units(const Search *s, const Group *g) {
    if (g->ncards != s->seq_len) return 0;
    const uint8_t *u = s->unit_arena + g->units;
    for (int i = 0; i < g->ncards;) {
        int j = i;
        while (j < g->ncards && u[j] == u[i]) j++;
        if (s->unit_count[u[i]] != j - i) return 0;
        i = j;
    }
    return 1;
}

static int distinct_letters(const Search *s) {
    uint32_t seen = 0;
    for (int i = 0; i < s->seq_len; i++)
        for (int k = 0; k < 2 && s->seq[i].letters[k] >= 0; k++) seen |= 1u << s->seq[i].letters[k];
    return count_bits(seen);
}

static int new_group(Search *s, uint64_t hash, int distinct) {
    int failed = 0;
    size_t n = (size_t)s->n_groups + 1;
    s->groups = grow(s->groups, &s->cap_groups, n, sizeof *s->groups, &failed);
    s->best = grow(s->best, &s->cap_best, n * s->n_combos, sizeof *s->best, &failed);
    if (failed) return -1;
    s->unit_arena = grow(s->unit_arena, &s->unit_cap, s->unit_used + s->seq_len, 1, &failed);
    s->seq_arena = grow(s->seq_arena, &s->seq_cap, s->seq_used + (size_t)s->seq_len * s->n_combos,
                        sizeof(Placed), &failed);
    if (failed) return -1;
    Group *g = &s->groups[s->n_groups];
    g->hash = hash;
    g->ncards = (int16_t)s->seq_len;
    g->length = (int16_t)s->letters;
    g->distinct = (int16_t)distinct;
    g->doublers = 0;
    g->units = (int32_t)s->unit_used;
    g->seqs = (int32_t)s->seq_used;
    uint8_t *u = s->unit_arena + s->unit_used;
    int k = 0;
    for (int unit = 0; unit < s->n_units; unit++)
        for (int c = 0; c < s->unit_count[unit]; c++) u[k++] = (uint8_t)unit;
    for (int i = 0; i < s->seq_len; i++) {
        const int32_t *f = s->scorer.faces[s->seq[i].face].f;
        g->doublers += f[FACE_op] == OP_multiply && f[FACE_target] == TARGET_shorter_word;
    }
    s->unit_used += s->seq_len;
    s->seq_used += (size_t)s->seq_len * s->n_combos;
    for (int c = 0; c < s->n_combos; c++) s->best[(size_t)s->n_groups * s->n_combos + c] = INT64_MIN;
    return s->n_groups++;
}

/* The awards of combination `combo` for a word of `length` letters. */
static void combo_awards(const Search *s, int combo, int length, int32_t awards[N_AWARDS]) {
    for (int a = 0; a < N_AWARDS; a++) awards[a] = 0;
    for (int bit = 0; bit < s->n_award_bits; bit++)
        if (combo >> bit & 1) {
            int motif = s->award_motif[bit];
            awards[motif] = motif == MOTIF_grandiloquent ? length : 5;
        }
}

/* Keep the current sequence in its group if it scores better there. The group's slot is fetched from memory
 * while the sequence is scored: with many groups the table lookup would otherwise wait on a cache miss. */
static int record(Search *s) {
    int distinct = s->param[PARAM_pangram] && s->param[PARAM_round_given] ? distinct_letters(s) : 0;
    /* A group's words have one length: a unit may spell one letter or two (one minor copy of any card). */
    uint64_t hash = s->key + (uint64_t)distinct * 0x9E3779B97F4A7C15ull + (uint64_t)s->letters * 0xC2B2AE3D27D4EB4Full;
    s->sequences++;
    if ((uint32_t)s->n_groups * 2 >= s->table_mask && rehash(s) < 0) return -1;
    uint32_t h = (uint32_t)(hash >> 7) & s->table_mask;
    __builtin_prefetch(&s->table[h]);
    int64_t totals[1 << N_AWARDS];
    int32_t awards[1 << N_AWARDS][N_AWARDS];
    for (int c = 0; c < s->n_combos; c++) combo_awards(s, c, s->letters, awards[c]);
    score_word_awards(&s->scorer, s->seq_len, s->seq, s->n_combos, (const int32_t (*)[N_AWARDS])awards, totals);
    int32_t g = -1;
    while (s->table[h].group) {
        if (s->table[h].hash == hash) {
            const Group *cand = &s->groups[s->table[h].group - 1];
            if (cand->distinct == distinct && cand->length == s->letters && same_units(s, cand)) {
                g = s->table[h].group - 1;
                break;
            }
        }
        h = (h + 1) & s->table_mask;
    }
    if (g < 0) {
        if (s->n_groups >= s->max_groups) {
            s->group_limit = 1;
            s->stopped = 1;
            return 0;
        }
        g = new_group(s, hash, distinct);
        if (g < 0) return -1;
        s->table[h] = (Slot){hash, g + 1};
    }
    Group *group = &s->groups[g];
    for (int c = 0; c < s->n_combos; c++) {
        int64_t *best = &s->best[(size_t)g * s->n_combos + c];
        if (totals[c] > *best) {
            *best = totals[c];
            memcpy(s->seq_arena + group->seqs + (size_t)c * group->ncards, s->seq, sizeof(Placed) * s->seq_len);
        }
    }
    return 0;
}

static int extend(Search *s, uint32_t node);

/* Whether one more card of class r than held, with the word's other excess, can be granted as copies. */
static int excess_granted(Search *s, int r) {
    if (!s->twin_cap[r]) return 0;
    if (s->single_twin >= 0) {  /* one twin motif grants every copy: its limits are counts */
        int mine = s->excess[r] + 1;
        return mine <= s->twin_cap[r] && single_twin_allows(s, s->excess_total + 1, s->excess_classes + (mine == 1));
    }
    s->excess[r]++;
    int ok = twin_cover(s, s->excess, NULL);
    s->excess[r]--;
    return ok;
}

/* Count one card more (step 1) or less (step -1) of class r in the word's excess over the cards held. */
static void count_excess(Search *s, int r, int step) {
    if (!s->is_class[r]) return;
    if (step < 0 && s->excess[r] > 0) {
        s->excess_total--;
        s->excess_classes -= s->excess[r] == 1;
    }
    s->excess[r] += step;
    if (step > 0 && s->excess[r] > 0) {
        s->excess_total++;
        s->excess_classes += s->excess[r] == 1;
    }
}

/* Lay face `face` spelling a (and b, or -1) reaching `node`, then go on. */
static int lay(Search *s, int face, int a, int b, uint32_t node) {
    const int32_t *f = s->scorer.faces[face].f;
    if (f[FACE_as_printed] >= 0 && b < 0 && a == f[FACE_printed]) face = f[FACE_as_printed];
    int unit = s->scorer.faces[face].f[FACE_unit], r = s->scorer.faces[face].f[FACE_resource];
    if (s->is_class[r] && s->unit_count[unit] >= s->real_cap[r] && !excess_granted(s, r)) return 0;
    s->seq[s->seq_len] = (Placed){(int16_t)face, {(int8_t)a, (int8_t)b}};
    s->seq_len++;
    s->letters += b < 0 ? 1 : 2;
    s->unit_count[unit]++;
    s->face_count[face]++;
    count_excess(s, r, 1);
    s->key += s->zobrist[unit];
    int rc = extend(s, node);
    s->key -= s->zobrist[unit];
    count_excess(s, r, -1);
    s->face_count[face]--;
    s->unit_count[unit]--;
    s->letters -= b < 0 ? 1 : 2;
    s->seq_len--;
    return rc;
}

/* Whether one more copy of face f's unit keeps within its motif's limits in this word. */
static int copy_allowed(const Search *s, const int32_t *f) {
    int motif = f[FACE_copy_motif], unit = f[FACE_unit];
    if (motif < 0) return 1;
    if (s->unit_count[unit] >= s->unit[unit][UNIT_cap]) return 0;
    if (s->copy_total[motif] >= s->copy[motif][COPY_total]) return 0;
    return s->unit_count[unit] > 0 || s->copy_distinct[motif] < s->copy[motif][COPY_distinct];
}

static int lay_face(Search *s, int face, uint32_t node) {
    const int32_t *f = s->scorer.faces[face].f;
    int kind = f[FACE_wild], rc = 0;
    if (kind == WILD_fixed) {
        int32_t next = child(s, node, f[FACE_letter1]);
        if (next >= 0 && f[FACE_letter2] >= 0) next = child(s, (uint32_t)next, f[FACE_letter2]);
        return next < 0 ? 0 : lay(s, face, f[FACE_letter1], f[FACE_letter2], (uint32_t)next);
    }
    uint32_t allowed = s->mask[node] & wild_letters[kind];
    while (allowed && !rc) {
        int a = __builtin_ctz(allowed);
        allowed &= allowed - 1;
        int32_t next = child(s, node, a);
        if (next < 0) return 0;  /* a broken index: the search has stopped */
        if (kind != WILD_double) {
            rc = lay(s, face, a, -1, (uint32_t)next);
            continue;
        }
        uint32_t seconds = s->mask[next] & ALL_LETTERS;
        while (seconds && !rc) {
            int b = __builtin_ctz(seconds);
            seconds &= seconds - 1;
            int32_t last = child(s, (uint32_t)next, b);
            if (last < 0) return 0;
            rc = lay(s, face, a, b, (uint32_t)last);
        }
    }
    return rc;
}

/* Lay face i of the walk's list (taking one unit of its resource), then go on. */
static int try_face(Search *s, int i, uint32_t node) {
    int r = s->lay_res[i], face = s->lay_face[i];
    if (!s->left[r] || (s->plain_only && !s->plain[r])) return 0;
    const int32_t *f = s->scorer.faces[face].f;
    if (f[FACE_later_twin] >= 0 && s->face_count[f[FACE_later_twin]]) return 0;  /* its twin's mirror is walked */
    if (!copy_allowed(s, f)) return 0;
    int motif = f[FACE_copy_motif];
    if (motif >= 0) {
        s->copy_total[motif]++;
        s->copy_distinct[motif] += s->unit_count[f[FACE_unit]] == 0;
    }
    s->left[r]--;
    int rc = lay_face(s, face, node);
    s->left[r]++;
    if (motif >= 0) {
        s->copy_total[motif]--;
        s->copy_distinct[motif] -= s->unit_count[f[FACE_unit]] == 0;
    }
    return rc;
}

static int extend(Search *s, uint32_t node) {
    if (out_of_time(s)) return 0;
    uint32_t bits = s->mask[node];
    if ((bits & ALL_LETTERS) && s->first[node] < s->n_nodes) {  /* fetch the children's steps while this word is scored */
        __builtin_prefetch(&s->mask[s->first[node]]);
        __builtin_prefetch(&s->first[s->first[node]]);
    }
    if (s->letters >= MIN_WORD_LENGTH && (bits & WORD_BIT) && record(s) < 0) return -1;
    if (s->stopped || s->seq_len >= MAX_CARDS_IN_WORD || s->letters + 2 > MAX_LETTERS) return 0;
    /* Only the printed letters some word goes on with, then the wilds. */
    for (uint32_t next = bits & ALL_LETTERS; next; next &= next - 1) {
        int c = __builtin_ctz(next);
        for (int i = s->lay_start[c]; i < s->lay_start[c + 1]; i++) {
            int rc = try_face(s, i, node);
            if (rc < 0) return rc;
        }
    }
    for (int i = s->lay_start[26]; i < s->lay_start[27]; i++) {
        if (!(bits & s->face_letters[s->lay_face[i]])) continue;
        int rc = try_face(s, i, node);
        if (rc < 0) return rc;
    }
    return 0;
}

int walk_init(Search *s) {
    for (int i = 0; i < s->scorer.n_faces; i++) {  /* the first letters each face can spell */
        const int32_t *f = s->scorer.faces[i].f;
        s->face_letters[i] = f[FACE_wild] == WILD_fixed ? 1u << f[FACE_letter1] : wild_letters[f[FACE_wild]];
    }
    int n = 0;  /* every resource's faces, printed ones by first letter, then the wilds */
    for (int c = 0; c <= 26; c++) {
        s->lay_start[c] = n;
        for (int r = 0; r < s->n_res; r++)
            for (int i = 0; i < s->n_res_faces[r]; i++) {
                const int32_t *f = s->scorer.faces[s->res_faces[r][i]].f;
                if (c < 26 ? f[FACE_wild] != WILD_fixed || f[FACE_letter1] != c : f[FACE_wild] == WILD_fixed) continue;
                s->lay_res[n] = (int16_t)r;
                s->lay_face[n++] = (int16_t)s->res_faces[r][i];
            }
    }
    s->lay_start[27] = n;
    s->excess_total = s->excess_classes = 0;
    for (int r = 0; r < s->n_res; r++) {  /* a class may run past its cards by the copies granted to it */
        s->excess[r] = -s->real_cap[r];
        s->left[r] = s->res[r][RES_kind] == RES_KIND_copy_pool ? 0 : s->res[r][RES_capacity] + s->twin_cap[r];
        s->plain[r] = s->res[r][RES_kind] == RES_KIND_cards && s->n_res_faces[r] == 1
                      && s->scorer.faces[s->res_faces[r][0]].f[FACE_wild] == WILD_fixed;
    }
    uint64_t x = 0x243F6A8885A308D3ull;  /* splitmix64: a random 64-bit code per unit */
    for (int u = 0; u < s->n_units; u++) {
        uint64_t z = (x += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        s->zobrist[u] = z ^ (z >> 31);
    }
    return rehash(s);
}

int walk_words(Search *s, int plain_only) {
    s->plain_only = plain_only;
    int rc = extend(s, 0);
    s->plain_only = 0;
    s->walk_done = rc == 0 && !s->stopped && !plain_only;
    return rc;
}

void free_search(Search *s) {
    free(s->groups);
    free(s->best);
    free(s->table);
    free(s->unit_arena);
    free(s->seq_arena);
    s->groups = NULL;
    s->best = NULL;
    s->table = NULL;
    s->unit_arena = NULL;
    s->seq_arena = NULL;
}
