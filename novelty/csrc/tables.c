/* One search's tables (tables.h): what the caller's rows say, checked, and what the walk and the packing derive
 * from them once. */
#include <stdio.h>
#include <string.h>

#include "tables.h"

static int face_in_range(const Face *f, int n_faces, int n_res, int n_units) {
    return f->resource >= 0 && f->resource < n_res && f->unit >= 0 && f->unit < n_units && f->wild >= 0
           && f->wild < N_WILD_KINDS && f->op >= 0 && f->op < N_OPS && f->target >= 0 && f->target < N_TARGETS
           && f->condition >= 0 && f->condition < N_CONDITIONS && f->per >= 0 && f->per < N_COUNTERS
           && f->as_printed < n_faces && f->letter1 < 26 && f->letter2 < 26 && f->colour >= 0
           && f->colour <= COLOUR_BLUE && f->later_twin >= -1 && f->later_twin < n_faces;
}

int check_faces(const Face *faces, int n_faces, int n_res, int n_units, char error[TABLE_ERROR_SIZE]) {
    for (int i = 0; i < n_faces; i++) {
        const Face *f = &faces[i];
        if (!face_in_range(f, n_faces, n_res, n_units)) {
            snprintf(error, TABLE_ERROR_SIZE, "face %d is out of range", i);
            return -1;
        }
        if (f->later_twin >= 0 && faces[f->later_twin].unit <= f->unit) {
            snprintf(error, TABLE_ERROR_SIZE, "face %d: its later twin must be of a later unit", i);  /* no cycle */
            return -1;
        }
    }
    return 0;
}

/* Each resource's faces (not the "as printed" alternates, reached through their wild faces). */
static int list_faces(Tables *t, char *error) {
    for (int i = 0; i < t->scorer.n_faces; i++) {
        const Face *f = &t->scorer.faces[i];
        int r = f->resource;
        if (f->copy_motif >= t->n_copies) {
            snprintf(error, TABLE_ERROR_SIZE, "face %d: unknown copy motif", i);
            return -1;
        }
        if (f->printed == -2) continue;
        if (t->n_res_faces[r] >= MAX_FACES_PER_RESOURCE) {
            snprintf(error, TABLE_ERROR_SIZE, "too many faces for one resource");
            return -1;
        }
        t->res_faces[r][t->n_res_faces[r]++] = (int16_t)i;
    }
    return 0;
}

static int read_resources(Tables *t, char *error) {
    t->pool_res = -1;
    for (int r = 0; r < t->n_res; r++) {
        const Resource *row = &t->res[r];
        t->twin_cap[r] = 0;
        t->is_class[r] = row->kind == RES_KIND_cards;
        t->real_cap[r] = t->is_class[r] ? row->capacity : 0;
        if (row->capacity < 0 || row->kind < 0 || row->kind >= N_RES_KINDS) {
            snprintf(error, TABLE_ERROR_SIZE, "resource %d is out of range", r);
            return -1;
        }
    }
    for (int r = 0; r < t->n_res; r++)
        if (t->res[r].kind == RES_KIND_copy_pool) t->pool_res = r;
    return 0;
}

/* The grants, sorted by class; what each class may be granted in all; the one twin motif granting every copy. */
static int read_grants(Tables *t, const Grant *grants, int n_grants, char *error) {
    t->n_grants = n_grants;
    for (int g = 0; g < n_grants; g++) {
        const Grant *row = &grants[g];
        if (row->copy_motif < 0 || row->copy_motif >= t->n_copies || row->resource < 0 || row->resource >= t->n_res
            || t->res[row->resource].kind != RES_KIND_cards || t->pool_res < 0 || row->cap < 0) {
            snprintf(error, TABLE_ERROR_SIZE, "grant %d is out of range", g);
            return -1;
        }
        int at = g;
        while (at > 0 && t->grant[at - 1].resource > row->resource) {
            t->grant[at] = t->grant[at - 1];
            at--;
        }
        t->grant[at] = *row;
        int r = row->resource, pool = t->res[t->pool_res].capacity;
        t->twin_cap[r] = t->twin_cap[r] + row->cap < pool ? t->twin_cap[r] + row->cap : pool;
    }
    t->single_twin = n_grants ? t->grant[0].copy_motif : -1;
    for (int g = 1; g < n_grants; g++)
        if (t->grant[g].copy_motif != t->single_twin || t->grant[g].resource == t->grant[g - 1].resource)
            t->single_twin = -1;
    return 0;
}

static int check_units(const Tables *t, char *error) {
    for (int r = 0; r < t->n_res; r++)
        if (t->res[r].kind == RES_KIND_cards && (r >= t->n_units || t->unit[r].resource != r)) {
            snprintf(error, TABLE_ERROR_SIZE, "class %d must be unit %d", r, r);
            return -1;
        }
    for (int u = 0; u < t->n_units; u++)
        if (t->unit[u].resource < 0 || t->unit[u].resource >= t->n_res || t->unit[u].copy_motif >= t->n_copies) {
            snprintf(error, TABLE_ERROR_SIZE, "unit %d is out of range", u);
            return -1;
        }
    return 0;
}

static void read_awards(Tables *t) {
    const int32_t given[N_AWARDS] = {t->param.grandiloquent, t->param.sesquipedalian, t->param.pangram};
    t->grand_bit = -1;
    for (int a = 0; a < N_AWARDS; a++)
        if (given[a]) {
            if (a == MOTIF_grandiloquent) t->grand_bit = t->n_award_bits;
            t->award_motif[t->n_award_bits++] = a;
        }
    t->n_combos = 1 << t->n_award_bits;
}

/* What the walk reads: every resource's faces, printed ones by first letter, then the wilds; the first letters
 * each face can spell; the classes of one printed face; a random code per unit. */
static void derive_walk(Tables *t) {
    for (int i = 0; i < t->scorer.n_faces; i++) {
        const Face *f = &t->scorer.faces[i];
        t->face_letters[i] = f->wild == WILD_fixed ? 1u << f->letter1 : wild_spells(f->wild);
    }
    int n = 0;
    for (int c = 0; c <= 26; c++) {
        t->lay_start[c] = n;
        for (int r = 0; r < t->n_res; r++)
            for (int i = 0; i < t->n_res_faces[r]; i++) {
                const Face *f = &t->scorer.faces[t->res_faces[r][i]];
                if (c < 26 ? f->wild != WILD_fixed || f->letter1 != c : f->wild == WILD_fixed) continue;
                t->lay_res[n] = (int16_t)r;
                t->lay_face[n++] = t->res_faces[r][i];
            }
    }
    t->lay_start[27] = n;
    for (int r = 0; r < t->n_res; r++)
        t->printed_only[r] = t->res[r].kind == RES_KIND_cards && t->n_res_faces[r] == 1
                             && t->scorer.faces[t->res_faces[r][0]].wild == WILD_fixed;
    uint64_t x = 0x243F6A8885A308D3ull;  /* splitmix64 */
    for (int u = 0; u < t->n_units; u++) {
        uint64_t z = (x += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        t->zobrist[u] = z ^ (z >> 31);
    }
}

int tables_build(Tables *t, const TableRows *rows, char error[TABLE_ERROR_SIZE]) {
    memset(t, 0, sizeof *t);
    t->steps = rows->steps;
    t->facts = rows->facts;
    t->param = *rows->params;
    t->scorer = (Scorer){rows->faces, rows->n_faces, rows->motifs, rows->n_motifs, t->param.motifs_after_cards,
                         t->param.my_name_is_extra};
    t->n_res = rows->n_res;
    t->n_units = rows->n_units;
    t->n_copies = rows->n_copies;
    memcpy(t->res, rows->res, sizeof *t->res * (size_t)rows->n_res);
    memcpy(t->unit, rows->units, sizeof *t->unit * (size_t)rows->n_units);
    memcpy(t->copy, rows->copies, sizeof *t->copy * (size_t)rows->n_copies);
    if (check_faces(rows->faces, rows->n_faces, rows->n_res, rows->n_units, error) < 0 || list_faces(t, error) < 0
        || read_resources(t, error) < 0 || read_grants(t, rows->grants, rows->n_grants, error) < 0
        || check_units(t, error) < 0)
        return -1;
    read_awards(t);
    derive_walk(t);
    return 0;
}
