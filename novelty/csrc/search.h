/* One search: the tables it is given, the groups the walk finds, and the plays the packing keeps. */
#ifndef NOVELTY_SEARCH_H
#define NOVELTY_SEARCH_H

#include "core.h"

/* A unit of a group key: a class of physical cards, a repeat motif's copy of one class, or a free wild. */
#define UNIT_FIELDS(X) X(resource) X(copy_motif) X(cap)
#define E_UNIT(n) UNIT_##n,
enum { UNIT_FIELDS(E_UNIT) N_UNIT_FIELDS };

/* Every card sequence spelling a playable word from the same units, with its best scores. */
typedef struct {
    uint64_t hash;
    int32_t units;        /* offset of its sorted unit list in the unit arena */
    int32_t seqs;         /* offset of its best sequence per award combination in the sequence arena */
    int16_t ncards, length, distinct, doublers;
} Group;

typedef struct {
    uint64_t hash;
    int32_t group;               /* group index + 1; 0: empty */
} Slot;

typedef struct {
    /* inputs */
    const uint32_t *mask, *first;
    uint32_t n_nodes;
    Scorer scorer;
    int n_res, n_units, n_copy_motifs;
    int32_t res[MAX_RESOURCES][N_RES_FIELDS];
    int32_t unit[MAX_UNITS][N_UNIT_FIELDS];
    int32_t copy[MAX_MOTIFS][N_COPY_FIELDS];
    int16_t res_faces[MAX_RESOURCES][MAX_FACES / 4];
    int32_t grant[MAX_GRANTS][N_GRANT_FIELDS];   /* sorted by class */
    int n_grants;
    int real_cap[MAX_RESOURCES];  /* a class's cards held (0 for other resources) */
    uint8_t is_class[MAX_RESOURCES];  /* whether resource r is a class of cards (it may hold none: all granted) */
    uint32_t face_letters[MAX_FACES];  /* letter bits a face can start with */
    /* The (resource, face) pairs the walk may lay: faces printing letter c at lay_start[c] .. lay_start[c + 1],
     * then the wilds at lay_start[26] .. lay_start[27]. */
    int16_t lay_res[MAX_FACES], lay_face[MAX_FACES];
    int lay_start[28];
    int twin_cap[MAX_RESOURCES];  /* the most copies of a class the twin motifs may grant (0: none) */
    int pool_res;                 /* the shared pool of twin copies, or -1 */
    int single_twin;              /* the one twin motif every grant is from (a grant per class), or -1 */
    int n_res_faces[MAX_RESOURCES];
    int32_t param[N_PARAM_FIELDS];
    int award_motif[N_AWARDS];   /* the award motifs in play, in combination-bit order */
    int n_award_bits;
    int n_combos;
    uint64_t zobrist[MAX_UNITS];
    double deadline;             /* CLOCK_MONOTONIC seconds; 0: none */
    uint64_t ticks;              /* steps of search so far (a walk node, a DP state, a packing node) */
    uint64_t next_clock;         /* the step at which the clock is read next */
    uint64_t work, work_end;     /* at most `work` steps in all (0: no limit); this phase's last step */
    int stopped;                 /* out of time, or the step index is broken */
    int broken_index;            /* a step pointed outside the index: the search stopped, its answer is refused */
    int group_limit;             /* the walk met max_groups: words were left out */
    int option_limit;            /* the packing met max_options: ways of taking cards were left out */
    int state_limit;             /* the bound's table met max_states: the search stopped */
    /* walk state */
    int left[MAX_RESOURCES];
    int unit_count[MAX_UNITS];
    int excess[MAX_RESOURCES];   /* per class: its cards in the word less the cards held (0: not a class) */
    int excess_total, excess_classes;  /* the positive excess: cards in all, and classes */
    int face_count[MAX_FACES];   /* of each face: a twin is laid only before its later twin */
    int copy_total[MAX_MOTIFS], copy_distinct[MAX_MOTIFS];
    Placed seq[MAX_CARDS_IN_WORD];
    int seq_len, letters;
    uint64_t key;
    /* groups */
    Group *groups;
    int64_t *best;               /* n_groups x n_combos */
    int32_t n_groups;
    size_t cap_groups, cap_best;
    Slot *table;                 /* open addressing by hash */
    uint32_t table_mask;
    uint8_t *unit_arena;
    size_t unit_used, unit_cap;
    Placed *seq_arena;
    size_t seq_used, seq_cap;
    uint64_t sequences;          /* card sequences spelling a word */
    /* What one search may hold (module.c's solve takes them from novelty/search.py, which documents them). */
    int64_t max_groups;          /* groups the walk keeps */
    int64_t max_options;         /* options the packing lays out */
    int64_t max_states;          /* states the bound's tables hold, all of them together */
    int64_t anytime_groups;      /* groups an unprovable packing takes: the best by worth */
    int walk_done;
    int64_t *progress;           /* where the best total found so far is published (may be NULL) */
    int plain_only;              /* walking the printed cards alone */
    uint8_t plain[MAX_RESOURCES];
} Search;

/* Return `data` with room for `need` items of `size` bytes (capacity in *cap); on failure set *failed. */
void *grow(void *data, size_t *cap, size_t need, size_t size, int *failed);
double now_seconds(void);
double cpu_seconds(void);     /* this thread's CPU time */
int out_of_time(Search *s);
int walk_init(Search *s);        /* 0 ok, -1 out of memory */
/* Walk every word (or only those of the printed cards alone: quick, for a first answer); 0 ok (s->walk_done
 * says whether every word was found), -1 out of memory. */
int walk_words(Search *s, int plain_only);
/* Whether the twin repeat motifs can grant excess[r] copies of each class r; x (may be NULL): per grant. */
int twin_cover(const Search *s, const int *excess, int32_t *x);
/* Whether the one twin motif granting every copy (single_twin) allows `copies` copies of `classes` classes. */
static inline int single_twin_allows(const Search *s, int copies, int classes) {
    return copies <= s->copy[s->single_twin][COPY_total] && classes <= s->copy[s->single_twin][COPY_distinct];
}
void free_search(Search *s);

#endif
