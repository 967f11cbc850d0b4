/* novelty._core: the compiled search core's Python face.
 *
 * solve(...)       one search: the word walk, then the packing; flat int32 tables in, plays out.
 * score_word(...)  the compiled word scorer alone (held to novelty.scoring.score_checked_word by tests).
 * best_doubling(...) the play-level shorter-word doubles alone.
 * The *_FIELDS and code tuples name the table layouts and codes in order (see core.h).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#include "listing.h"
#include "pack.h"

typedef struct {
    Py_buffer view;
    const int32_t *data;
    Py_ssize_t n;   /* int32 items */
} Ints;

static int ints_from(PyObject *obj, Ints *out, const char *what) {
    if (PyObject_GetBuffer(obj, &out->view, PyBUF_SIMPLE) < 0) return -1;
    if (out->view.len % 4) {
        PyErr_Format(PyExc_ValueError, "%s: not a whole number of 32-bit items", what);
        PyBuffer_Release(&out->view);
        return -1;
    }
    out->data = out->view.buf;
    out->n = out->view.len / 4;
    return 0;
}

static void release(Ints *ints, int n) {
    for (int i = 0; i < n; i++)
        if (ints[i].view.obj) PyBuffer_Release(&ints[i].view);
}

/* Check a table of rows of `width` items, at most `most` rows; return its row count or -1. */
static int rows(const Ints *t, int width, int most, const char *what) {
    if (t->n % width || t->n / width > most) {
        PyErr_Format(PyExc_ValueError, "%s: expected rows of %d items, at most %d rows", what, width, most);
        return -1;
    }
    return (int)(t->n / width);
}

static int check_faces(const Face *faces, int n_faces, int n_res, int n_units) {
    for (int i = 0; i < n_faces; i++) {
        const int32_t *f = faces[i].f;
        if (f[FACE_resource] < 0 || f[FACE_resource] >= n_res || f[FACE_unit] < 0 || f[FACE_unit] >= n_units
            || f[FACE_wild] < 0 || f[FACE_wild] >= N_WILD_KINDS || f[FACE_op] < 0 || f[FACE_op] >= N_OPS
            || f[FACE_target] < 0 || f[FACE_target] >= N_TARGETS || f[FACE_condition] < 0
            || f[FACE_condition] >= N_CONDITIONS || f[FACE_per] < 0 || f[FACE_per] >= N_COUNTERS
            || f[FACE_as_printed] >= n_faces || f[FACE_letter1] >= 26 || f[FACE_letter2] >= 26
            || f[FACE_colour] < 0 || f[FACE_colour] > COLOUR_BLUE || f[FACE_later_twin] < -1
            || f[FACE_later_twin] >= n_faces) {
            PyErr_Format(PyExc_ValueError, "face %d is out of range", i);
            return -1;
        }
        if (f[FACE_later_twin] >= 0 && faces[f[FACE_later_twin]].f[FACE_unit] <= f[FACE_unit]) {
            PyErr_Format(PyExc_ValueError, "face %d: its later twin must be of a later unit", i);  /* no cycle */
            return -1;
        }
    }
    return 0;
}

static int check_motifs(const Ints *m) {
    if (m->n > MAX_MOTIFS) {
        PyErr_SetString(PyExc_ValueError, "too many motifs");
        return -1;
    }
    for (Py_ssize_t i = 0; i < m->n; i++)
        if (m->data[i] < 0 || m->data[i] >= N_MOTIF_CODES) {
            PyErr_Format(PyExc_ValueError, "unknown motif code %d", m->data[i]);
            return -1;
        }
    return 0;
}

static PyObject *sequence_of(const Search *s, const Group *g, int combo, const int8_t *granted) {
    const Placed *seq = s->seq_arena + g->seqs + (size_t)combo * g->ncards;
    PyObject *cards = PyList_New(g->ncards);
    if (!cards) return NULL;
    for (int k = 0; k < g->ncards; k++) {
        PyObject *card = Py_BuildValue("(iiii)", seq[k].face, seq[k].letters[0], seq[k].letters[1], granted[k]);
        if (!card) {
            Py_DECREF(cards);
            return NULL;
        }
        PyList_SET_ITEM(cards, k, card);
    }
    return cards;
}

static PyObject *plays_of(const Search *s, const Result *r) {
    PyObject *plays = PyList_New(r->n_plays);
    if (!plays) return NULL;
    for (int i = 0; i < r->n_plays; i++) {
        const Play *play = &r->plays[i];
        PyObject *words = PyList_New(play->n_words);
        if (!words) goto fail;
        for (int w = 0; w < play->n_words; w++) {
            PyObject *cards = sequence_of(s, &s->groups[play->groups[w]], play->combos[w], play->granted[w]);
            if (!cards) {
                Py_DECREF(words);
                goto fail;
            }
            PyList_SET_ITEM(words, w, cards);
        }
        PyObject *item = Py_BuildValue("(LN)", (long long)play->total, words);
        if (!item) goto fail;
        PyList_SET_ITEM(plays, i, item);
    }
    return plays;
fail:
    Py_DECREF(plays);
    return NULL;
}

/* Fill the search from the tables (the step index is checked step by step as the walk takes it); return 0, or -1
 * with a Python error set. */
static int setup(Search *s, Ints *t, double deadline, const long long caps[4]) {
    Ints *mask = &t[0], *first = &t[1], *faces = &t[2], *res = &t[3], *units = &t[4], *copies = &t[5],
         *grants = &t[6], *motifs = &t[7], *params = &t[8];
    int n_faces = rows(faces, N_FACE_FIELDS, MAX_FACES, "faces");
    int n_res = rows(res, N_RES_FIELDS, MAX_RESOURCES, "resources");
    int n_units = rows(units, N_UNIT_FIELDS, MAX_UNITS, "units");
    int n_copies = rows(copies, N_COPY_FIELDS, MAX_MOTIFS, "copies");
    int n_grants = rows(grants, N_GRANT_FIELDS, MAX_GRANTS, "grants");
    if (n_faces < 0 || n_res < 0 || n_units < 0 || n_copies < 0 || n_grants < 0
        || rows(params, N_PARAM_FIELDS, 1, "params") != 1
        || check_motifs(motifs) < 0)
        return -1;
    if (mask->n != first->n || mask->n == 0) {
        PyErr_SetString(PyExc_ValueError, "the step index's arrays differ in length");
        return -1;
    }
    s->mask = (const uint32_t *)mask->data;
    s->first = (const uint32_t *)first->data;
    s->n_nodes = (uint32_t)mask->n;
    s->scorer.faces = (const Face *)faces->data;
    s->scorer.n_faces = n_faces;
    s->scorer.motifs = motifs->data;
    s->scorer.n_motifs = (int)motifs->n;
    memcpy(s->param, params->data, sizeof s->param);
    s->scorer.motifs_after_cards = s->param[PARAM_motifs_after_cards];
    s->scorer.my_name_is_extra = s->param[PARAM_my_name_is_extra];
    s->n_res = n_res;
    s->n_units = n_units;
    s->n_copy_motifs = n_copies;
    memcpy(s->res, res->data, sizeof(int32_t) * res->n);
    memcpy(s->unit, units->data, sizeof(int32_t) * units->n);
    memcpy(s->copy, copies->data, sizeof(int32_t) * copies->n);
    if (check_faces(s->scorer.faces, n_faces, n_res, n_units) < 0) return -1;
    for (int i = 0; i < n_faces; i++) {
        const int32_t *f = s->scorer.faces[i].f;
        int r = f[FACE_resource];
        if (f[FACE_copy_motif] >= n_copies) {
            PyErr_Format(PyExc_ValueError, "face %d: unknown copy motif", i);
            return -1;
        }
        if (f[FACE_printed] == -2) continue;  /* an "as printed" alternate, reached through its wild face */
        if (s->n_res_faces[r] >= MAX_FACES / 4) {
            PyErr_SetString(PyExc_ValueError, "too many faces for one resource");
            return -1;
        }
        s->res_faces[r][s->n_res_faces[r]++] = (int16_t)i;
    }
    s->pool_res = -1;
    for (int r = 0; r < n_res; r++) {
        const int32_t *row = s->res[r];
        s->twin_cap[r] = 0;
        s->is_class[r] = row[RES_kind] == RES_KIND_cards;
        s->real_cap[r] = s->is_class[r] ? row[RES_capacity] : 0;
        if (row[RES_capacity] < 0 || row[RES_kind] < 0 || row[RES_kind] >= N_RES_KINDS) {
            PyErr_Format(PyExc_ValueError, "resource %d is out of range", r);
            return -1;
        }
    }
    for (int r = 0; r < n_res; r++)
        if (s->res[r][RES_kind] == RES_KIND_copy_pool) s->pool_res = r;
    s->n_grants = n_grants;
    for (int g = 0; g < n_grants; g++) {  /* sorted by class */
        const int32_t *row = grants->data + g * N_GRANT_FIELDS;
        if (row[GRANT_copy_motif] < 0 || row[GRANT_copy_motif] >= n_copies || row[GRANT_resource] < 0
            || row[GRANT_resource] >= n_res || s->res[row[GRANT_resource]][RES_kind] != RES_KIND_cards
            || s->pool_res < 0 || row[GRANT_cap] < 0) {
            PyErr_Format(PyExc_ValueError, "grant %d is out of range", g);
            return -1;
        }
        int at = g;
        while (at > 0 && s->grant[at - 1][GRANT_resource] > row[GRANT_resource]) {
            memcpy(s->grant[at], s->grant[at - 1], sizeof s->grant[at]);
            at--;
        }
        memcpy(s->grant[at], row, sizeof s->grant[at]);
        int r = row[GRANT_resource], pool = s->res[s->pool_res][RES_capacity];
        s->twin_cap[r] = s->twin_cap[r] + row[GRANT_cap] < pool ? s->twin_cap[r] + row[GRANT_cap] : pool;
    }
    s->single_twin = n_grants ? s->grant[0][GRANT_copy_motif] : -1;
    for (int g = 1; g < n_grants; g++)
        if (s->grant[g][GRANT_copy_motif] != s->single_twin
            || s->grant[g][GRANT_resource] == s->grant[g - 1][GRANT_resource])
            s->single_twin = -1;
    for (int r = 0; r < n_res; r++)
        if (s->res[r][RES_kind] == RES_KIND_cards && (r >= n_units || s->unit[r][UNIT_resource] != r)) {
            PyErr_Format(PyExc_ValueError, "class %d must be unit %d", r, r);
            return -1;
        }
    for (int u = 0; u < n_units; u++)
        if (s->unit[u][UNIT_resource] < 0 || s->unit[u][UNIT_resource] >= n_res
            || s->unit[u][UNIT_copy_motif] >= n_copies) {
            PyErr_Format(PyExc_ValueError, "unit %d is out of range", u);
            return -1;
        }
    static const int award_param[N_AWARDS] = {PARAM_grandiloquent, PARAM_sesquipedalian, PARAM_pangram};
    for (int a = 0; a < N_AWARDS; a++)
        if (s->param[award_param[a]]) s->award_motif[s->n_award_bits++] = a;
    s->n_combos = 1 << s->n_award_bits;
    s->deadline = deadline;
    for (int i = 0; i < 4; i++)
        if (caps[i] < 1 || caps[i] > INT32_MAX) {
            PyErr_SetString(PyExc_ValueError, "limits: (groups, options, states, anytime groups), each 1 to 2**31 - 1");
            return -1;
        }
    s->max_groups = caps[0];
    s->max_options = caps[1];
    s->max_states = caps[2];
    s->anytime_groups = caps[3];
    return 0;
}

static PyObject *core_solve(PyObject *self, PyObject *args) {
    PyObject *objs[9], *progress_obj = Py_None;
    double seconds, walk_share;
    long long caps[4], work = 0;
    int top;
    if (!PyArg_ParseTuple(args, "OOOOOOOOOidd(LLLL)|OL:solve", &objs[0], &objs[1], &objs[2], &objs[3], &objs[4],
                          &objs[5], &objs[6], &objs[7], &objs[8], &top, &seconds, &walk_share, &caps[0], &caps[1],
                          &caps[2], &caps[3], &progress_obj, &work))
        return NULL;
    if (work < 0) {
        PyErr_SetString(PyExc_ValueError, "work must be 0 (no limit) or more");
        return NULL;
    }
    Py_buffer progress = {0};
    if (progress_obj != Py_None) {
        if (PyObject_GetBuffer(progress_obj, &progress, PyBUF_WRITABLE) < 0) return NULL;
        if (progress.len < (Py_ssize_t)sizeof(int64_t)) {
            PyBuffer_Release(&progress);
            PyErr_SetString(PyExc_ValueError, "progress: a writable buffer of one 64-bit integer");
            return NULL;
        }
    }
    static const char *names[9] = {"mask", "first", "faces", "resources", "units", "copies", "grants", "motifs",
                                   "params"};
    Ints t[9];
    memset(t, 0, sizeof t);
    for (int i = 0; i < 9; i++)
        if (ints_from(objs[i], &t[i], names[i]) < 0) {
            release(t, i);
            return NULL;
        }
    Search *s = calloc(1, sizeof *s);
    Result *r = calloc(1, sizeof *r);
    PyObject *out = NULL;
    if (!s || !r) {
        PyErr_NoMemory();
        goto done;
    }
    if (top < 1 || top > MAX_TOP) {
        PyErr_Format(PyExc_ValueError, "top must be 1 to %d", MAX_TOP);
        goto done;
    }
    double started = now_seconds();
    if (setup(s, t, 0, caps) < 0) goto done;
    s->progress = progress.obj ? (int64_t *)progress.buf : NULL;
    s->work = (uint64_t)work;
    r->top = top;
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = search_plays(s, r, started, seconds, walk_share);
    Py_END_ALLOW_THREADS
    if (rc == -1) {
        PyErr_NoMemory();
        goto done;
    }
    if (rc == -2) {
        PyErr_SetString(PyExc_ValueError, "too many resource units for the packing");
        goto done;
    }
    if (s->broken_index) {
        PyErr_SetString(PyExc_ValueError, "the step index points outside itself");
        goto done;
    }
    PyObject *plays = plays_of(s, r);
    if (!plays) goto done;
    PyObject *bound = r->bound_known && s->walk_done ? PyLong_FromLongLong(r->bound) : Py_NewRef(Py_None);
    out = Py_BuildValue(
        "{s:N,s:O,s:O,s:N,s:{s:K,s:i,s:i,s:K,s:K,s:K,s:d,s:d,s:d,s:d,s:O,s:O,s:O}}", "plays", plays,
        "walk_done", s->walk_done ? Py_True : Py_False, "pack_done", r->pack_done ? Py_True : Py_False,
        "bound", bound, "stats", "sequences", (unsigned long long)s->sequences, "groups", s->n_groups, "kept", r->kept,
        "nodes", (unsigned long long)r->nodes, "evaluated", (unsigned long long)r->evaluated,
        "states", (unsigned long long)r->states, "walk_s", r->walk_s, "pack_s", now_seconds() - started - r->walk_s, "walk_cpu_s", r->walk_cpu_s,
        "pack_cpu_s", r->pack_cpu_s,
        "group_limit", s->group_limit ? Py_True : Py_False, "option_limit", s->option_limit ? Py_True : Py_False,
        "state_limit", s->state_limit ? Py_True : Py_False);
done:
    if (s) free_search(s);
    free(s);
    free(r);
    release(t, 9);
    if (progress.obj) PyBuffer_Release(&progress);
    return out;
}

static int placed_from(PyObject *cards, int n_faces, Placed *out, int *m) {
    PyObject *seq = PySequence_Fast(cards, "cards must be a sequence of (face, letter, letter)");
    if (!seq) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n < 1 || n > MAX_CARDS_IN_WORD) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "a word holds 1 to 48 cards");
        return -1;
    }
    int letters = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        int face, a, b;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, i), "iii", &face, &a, &b)) {
            Py_DECREF(seq);
            return -1;
        }
        letters += b < 0 ? 1 : 2;
        if (face < 0 || face >= n_faces || a < 0 || a >= 26 || b >= 26 || letters > MAX_LETTERS) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "card out of range");
            return -1;
        }
        out[i] = (Placed){(int16_t)face, {(int8_t)a, (int8_t)(b < 0 ? -1 : b)}};
    }
    *m = (int)n;
    Py_DECREF(seq);
    return 0;
}

static PyObject *core_score_word(PyObject *self, PyObject *args) {
    PyObject *faces_obj, *motifs_obj, *cards;
    int after, extra, awards[N_AWARDS];
    if (!PyArg_ParseTuple(args, "OOiiO(iii):score_word", &faces_obj, &motifs_obj, &after, &extra, &cards,
                          &awards[0], &awards[1], &awards[2]))
        return NULL;
    Ints t[2];
    memset(t, 0, sizeof t);
    if (ints_from(faces_obj, &t[0], "faces") < 0) return NULL;
    if (ints_from(motifs_obj, &t[1], "motifs") < 0) {
        release(t, 1);
        return NULL;
    }
    PyObject *out = NULL;
    int n_faces = rows(&t[0], N_FACE_FIELDS, MAX_FACES, "faces"), m;
    Placed placed[MAX_CARDS_IN_WORD];
    if (n_faces >= 0 && check_motifs(&t[1]) == 0 && check_faces((const Face *)t[0].data, n_faces, INT32_MAX / 2,
                                                                 INT32_MAX / 2) == 0
        && placed_from(cards, n_faces, placed, &m) == 0) {
        Scorer sc = {(const Face *)t[0].data, n_faces, t[1].data, (int)t[1].n, after, extra};
        int32_t a[N_AWARDS] = {awards[0], awards[1], awards[2]};
        out = PyLong_FromLongLong(score_word(&sc, m, placed, a));
    }
    release(t, 2);
    return out;
}

static PyObject *core_best_doubling(PyObject *self, PyObject *args) {
    PyObject *values_obj, *lengths_obj, *doublers_obj;
    if (!PyArg_ParseTuple(args, "OOO:best_doubling", &values_obj, &lengths_obj, &doublers_obj)) return NULL;
    int64_t values[MAX_PLAY_WORDS];
    int16_t lengths[MAX_PLAY_WORDS], doublers[MAX_PLAY_WORDS];
    PyObject *lists[3] = {values_obj, lengths_obj, doublers_obj};
    Py_ssize_t n = PySequence_Size(values_obj);
    if (n < 0) return NULL;
    if (n > MAX_PLAY_WORDS || PySequence_Size(lengths_obj) != n || PySequence_Size(doublers_obj) != n) {
        PyErr_SetString(PyExc_ValueError, "values, lengths and doublers: equal lengths, at most 24 words");
        return NULL;
    }
    int total = 0;
    for (int k = 0; k < 3; k++)
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *item = PySequence_GetItem(lists[k], i);
            if (!item) return NULL;
            long long v = PyLong_AsLongLong(item);
            Py_DECREF(item);
            if (v == -1 && PyErr_Occurred()) return NULL;
            if (k == 0) values[i] = v;
            else if (k == 1) lengths[i] = (int16_t)v;
            else {
                doublers[i] = (int16_t)v;
                total += (int)v;
                if (v < 0 || total > MAX_DOUBLERS) {
                    PyErr_SetString(PyExc_ValueError, "0 to 48 doublers in all");
                    return NULL;
                }
            }
        }
    return PyLong_FromLongLong(best_doubling((int)n, values, lengths, doublers));
}

static PyObject *core_list_words(PyObject *self, PyObject *args) {
    PyObject *objs[3];
    double seconds;
    if (!PyArg_ParseTuple(args, "OOOd:list_words", &objs[0], &objs[1], &objs[2], &seconds)) return NULL;
    Ints t[3];
    memset(t, 0, sizeof t);
    for (int i = 0; i < 3; i++)
        if (ints_from(objs[i], &t[i], i == 2 ? "pieces" : "step index") < 0) {
            release(t, i);
            return NULL;
        }
    PyObject *out = NULL;
    int n = rows(&t[2], 4, MAX_RESOURCES, "pieces");
    if (n >= 0 && t[0].n == t[1].n && t[0].n > 0) {
        uint64_t words = 0;
        int rc;
        Py_BEGIN_ALLOW_THREADS
        rc = list_words((const uint32_t *)t[0].data, (const uint32_t *)t[1].data, (uint32_t)t[0].n, t[2].data, n,
                        seconds > 0 ? now_seconds() + seconds : 0, &words);
        Py_END_ALLOW_THREADS
        out = rc == -2 ? PyErr_Format(PyExc_ValueError, "the step index points outside itself")
              : rc < 0 ? PyErr_NoMemory() : Py_BuildValue("(KO)", (unsigned long long)words, rc ? Py_False : Py_True);
    } else if (n >= 0) {
        PyErr_SetString(PyExc_ValueError, "the step index's arrays differ in length");
    }
    release(t, 3);
    return out;
}

static PyMethodDef core_methods[] = {
    {"solve", core_solve, METH_VARARGS,
     "solve(mask, first, faces, resources, units, copies, grants, motifs, params, top, seconds, walk_share,"
     " (max_groups, max_options, max_states, anytime_groups)[, progress[, work]]) -> dict; progress: a writable int64 buffer given the best total found so far;"
     " work: at most this many steps of search (0: no limit), the same answer every time, however busy the machine"
     " -> dict"},
    {"score_word", core_score_word, METH_VARARGS,
     "score_word(faces, motifs, motifs_after_cards, my_name_is_extra, cards, awards) -> int"},
    {"best_doubling", core_best_doubling, METH_VARARGS, "best_doubling(values, lengths, doublers) -> int"},
    {"list_words", core_list_words, METH_VARARGS,
     "list_words(mask, first, pieces, seconds) -> (distinct words of 4+ letters, finished)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "_core", "The compiled search core of novelty (see novelty/search.py).", -1, core_methods,
    NULL, NULL, NULL, NULL,
};

#define NAME(n) #n,
static int add_names(PyObject *module, const char *attr, const char *const *names, int n) {
    PyObject *tuple = PyTuple_New(n);
    if (!tuple) return -1;
    for (int i = 0; i < n; i++) {
        PyObject *name = PyUnicode_FromString(names[i]);
        if (!name) {
            Py_DECREF(tuple);
            return -1;
        }
        PyTuple_SET_ITEM(tuple, i, name);
    }
    int rc = PyModule_AddObjectRef(module, attr, tuple);
    Py_DECREF(tuple);
    return rc;
}

PyMODINIT_FUNC PyInit__core(void) {
    static const char *const wilds[] = {WILD_KINDS(NAME)}, *const ops[] = {OPS(NAME)},
                             *const targets[] = {TARGETS(NAME)}, *const conditions[] = {CONDITIONS(NAME)},
                             *const counters[] = {COUNTERS(NAME)}, *const motifs[] = {MOTIFS(NAME)},
                             *const faces[] = {FACE_FIELDS(NAME)}, *const res[] = {RES_FIELDS(NAME)},
                             *const units[] = {UNIT_FIELDS(NAME)}, *const copies[] = {COPY_FIELDS(NAME)},
                             *const grants[] = {GRANT_FIELDS(NAME)}, *const res_kinds[] = {RES_KINDS(NAME)},
                             *const params[] = {PARAM_FIELDS(NAME)};
    PyObject *m = PyModule_Create(&core_module);
    if (!m) return NULL;
    if (add_names(m, "WILD_KINDS", wilds, N_WILD_KINDS) < 0 || add_names(m, "OPS", ops, N_OPS) < 0
        || add_names(m, "TARGETS", targets, N_TARGETS) < 0 || add_names(m, "CONDITIONS", conditions, N_CONDITIONS) < 0
        || add_names(m, "COUNTERS", counters, N_COUNTERS) < 0 || add_names(m, "MOTIFS", motifs, N_MOTIF_CODES) < 0
        || add_names(m, "FACE_FIELDS", faces, N_FACE_FIELDS) < 0 || add_names(m, "RES_FIELDS", res, N_RES_FIELDS) < 0
        || add_names(m, "UNIT_FIELDS", units, N_UNIT_FIELDS) < 0
        || add_names(m, "COPY_FIELDS", copies, N_COPY_FIELDS) < 0
        || add_names(m, "GRANT_FIELDS", grants, N_GRANT_FIELDS) < 0
        || add_names(m, "RES_KINDS", res_kinds, N_RES_KINDS) < 0
        || add_names(m, "PARAM_FIELDS", params, N_PARAM_FIELDS) < 0
        || PyModule_AddIntConstant(m, "MAX_TOP", MAX_TOP) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
