/* One search's tables: what it is given (the step index, faces, resources, units, copies, grants, motifs,
 * scalars) and what is derived from them once, before the walk. Read-only once built: the walk, the packing and
 * the writing out of plays all read them, none writes them.
 */
#ifndef NOVELTY_TABLES_H
#define NOVELTY_TABLES_H

#include "core.h"
#include "steps.h"

/* A unit of a group key: a class of physical cards, a repeat motif's copy of one class, or a free wild. */
#define UNIT_FIELDS(X) X(resource) X(copy_motif) X(cap)
#define E_UNIT(n) UNIT_##n,
enum { UNIT_FIELDS(E_UNIT) N_UNIT_FIELDS };
typedef struct {
    UNIT_FIELDS(AS_FIELD)
} Unit;

/* What the caller hands over: its rows. Every pointer is borrowed for the search (module.c checks their shapes). */
typedef struct {
    Steps steps;
    const uint8_t *facts;         /* the step index's subtree facts (ceiling.h), or NULL */
    const Face *faces;
    int n_faces;
    const Resource *res;
    int n_res;
    const Unit *units;
    int n_units;
    const CopyLimit *copies;
    int n_copies;
    const Grant *grants;
    int n_grants;
    const int32_t *motifs;
    int n_motifs;
    const Params *params;
} TableRows;

#define MAX_FACES_PER_RESOURCE (MAX_FACES / 4)
#define TABLE_ERROR_SIZE 96

typedef struct {
    Steps steps;                  /* borrowed: the word list's step index */
    const uint8_t *facts;         /* borrowed, or NULL: its subtree facts (ceiling.h), FACTS_PER_NODE a node */
    Scorer scorer;                /* its faces and motifs borrowed */
    Params param;
    int n_res, n_units, n_copies, n_grants;
    Resource res[MAX_RESOURCES];
    Unit unit[MAX_UNITS];
    CopyLimit copy[MAX_MOTIFS];
    Grant grant[MAX_GRANTS];      /* sorted by class */
    /* derived */
    int16_t res_faces[MAX_RESOURCES][MAX_FACES_PER_RESOURCE];  /* the faces laid for each resource */
    int n_res_faces[MAX_RESOURCES];
    uint8_t is_class[MAX_RESOURCES];  /* whether resource r is a class of cards (it may hold none: all granted) */
    int real_cap[MAX_RESOURCES];      /* a class's cards held (0 for other resources) */
    int twin_cap[MAX_RESOURCES];      /* the most copies of a class the twin motifs may grant (0: none) */
    uint8_t printed_only[MAX_RESOURCES];  /* a class of one printed face: the first, quick walk lays only these */
    int pool_res;                 /* the shared pool of twin copies, or -1 */
    int single_twin;              /* the one twin motif every grant is from (a grant per class), or -1 */
    int award_motif[N_AWARDS];    /* the award motifs in play, in combination-bit order */
    int n_award_bits, n_combos;
    int grand_bit;                /* the combination bit of Grandiloquent, or -1 */
    uint32_t face_letters[MAX_FACES];  /* letter bits a face can start with */
    /* The (resource, face) pairs the walk may lay: faces printing letter c at lay_start[c] .. lay_start[c + 1],
     * then the wilds at lay_start[26] .. lay_start[27]. */
    int16_t lay_res[MAX_FACES], lay_face[MAX_FACES];
    int lay_start[28];
    uint64_t zobrist[MAX_UNITS];  /* a random code per unit: a group's key is the sum over its cards */
} Tables;

/* Check what a face says (its codes in range, its later twin of a later unit); 0, or -1 with `error` written. */
int check_faces(const Face *faces, int n_faces, int n_res, int n_units, char error[TABLE_ERROR_SIZE]);
/* Fill `t` from the rows, checking what they say; 0, or -1 with `error` written. */
int tables_build(Tables *t, const TableRows *rows, char error[TABLE_ERROR_SIZE]);

/* The awards of combination `combo` for a word of `length` letters (indexed like MOTIF_grandiloquent ..). */
static inline void combo_awards(const Tables *t, int combo, int length, int32_t awards[N_AWARDS]) {
    for (int a = 0; a < N_AWARDS; a++) awards[a] = 0;
    for (int bit = 0; bit < t->n_award_bits; bit++)
        if (combo >> bit & 1) {
            int motif = t->award_motif[bit];
            awards[motif] = motif == MOTIF_grandiloquent ? length : t->param.award_points;
        }
}

/* Whether a face of resource r doubles a shorter word (x1, z2). */
static inline int holds_doubler(const Tables *t, int r) {
    for (int i = 0; i < t->n_res_faces[r]; i++)
        if (doubles_shorter(&t->scorer.faces[t->res_faces[r][i]])) return 1;
    return 0;
}

/* The most shorter-word doubles one word may hold: the units (cards and copies) of the resources holding one. */
static inline int most_doubles(const Tables *t) {
    int n = 0;
    for (int r = 0; r < t->n_res; r++)
        if (holds_doubler(t, r) && t->res[r].kind != RES_KIND_copy_pool) n += t->res[r].capacity + t->twin_cap[r];
    return n;
}

/* What taking `take` cards of resource r saves at most under Unseen Character: 2 per hand card among them. */
static inline int64_t unseen_saved(const Tables *t, int r, int take) {
    if (!t->param.unseen) return 0;
    return 2 * (take < t->res[r].hand ? take : t->res[r].hand);
}

/* Whether the twin repeat motifs can grant excess[r] copies of each class r; x (may be NULL): per grant (copies.c). */
int twin_cover(const Tables *t, const int *excess, int32_t *x);
/* Whether the one twin motif granting every copy (single_twin) allows `copies` copies of `classes` classes. */
/* Whether two words taking used[] and other[] units of each resource fit the units there are (a class's copies
 * within the pool). */
static inline int units_fit(const Tables *t, const uint8_t *used, const uint8_t *other) {
    int copies = 0, pool = t->pool_res >= 0 ? t->res[t->pool_res].capacity : 0;
    for (int r = 0; r < t->n_res; r++) {
        int n = used[r] + other[r];
        if (n > t->res[r].capacity + t->twin_cap[r]) return 0;
        if (t->is_class[r] && n > t->real_cap[r]) copies += n - t->real_cap[r];
    }
    return copies <= pool;
}

static inline int single_twin_allows(const Tables *t, int copies, int classes) {
    return copies <= t->copy[t->single_twin].total && classes <= t->copy[t->single_twin].distinct;
}

#endif
