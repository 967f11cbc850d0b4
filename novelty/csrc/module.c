/* novelty._core: the compiled search core's Python face.
 *
 * solve(request)  one search: the word walk, then the packing; flat int32 tables in (read from the request's
 *                  attributes by name), plays out.
 * score_word(...)  the compiled word scorer alone (held to novelty.scoring.score_checked_word by tests).
 * best_doubling(...) the play-level shorter-word doubles alone.
 * The *_FIELDS and code tuples name the table layouts and codes in order (see core.h).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#include <limits.h>

#include "ceiling.h"
#include "listing.h"
#include "pack.h"

typedef struct {
    Py_buffer view;
    const int32_t *data;   /* borrowed from the view */
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
static int count_rows(const Ints *t, int width, int most, const char *what) {
    if (t->n % width || t->n / width > most) {
        PyErr_Format(PyExc_ValueError, "%s: expected rows of %d items, at most %d rows", what, width, most);
        return -1;
    }
    return (int)(t->n / width);
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

static PyObject *sequence_of(const Groups *gs, const Group *g, int combo, const int8_t *granted) {
    const Placed *seq = group_sequence(gs, g, combo);
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

static PyObject *plays_of(const Groups *gs, const Result *r) {
    PyObject *plays = PyList_New(r->n_plays);
    if (!plays) return NULL;
    for (int i = 0; i < r->n_plays; i++) {
        const Play *play = &r->plays[i];
        PyObject *words = PyList_New(play->n_words);
        if (!words) goto fail;
        for (int w = 0; w < play->n_words; w++) {
            PyObject *cards = sequence_of(gs, &gs->groups[play->groups[w]], play->combos[w], play->granted[w]);
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

/* The request's tables, by attribute name, in TableRows order. */
enum { T_MASK, T_FIRST, T_FACES, T_RES, T_UNITS, T_COPIES, T_GRANTS, T_MOTIFS, T_PARAMS, N_TABLES };
static const char *const table_names[N_TABLES] = {"mask", "first", "faces", "resources", "units", "copies", "grants",
                                                  "motifs", "params"};

/* Check the tables' shapes and point the rows at them; 0, or -1 with a Python error set (what they say is checked
 * by tables_build, and the step index step by step as the walk takes it). */
static int rows_from(const Ints *t, TableRows *rows) {
    rows->n_faces = count_rows(&t[T_FACES], N_FACE_FIELDS, MAX_FACES, "faces");
    rows->n_res = count_rows(&t[T_RES], N_RES_FIELDS, MAX_RESOURCES, "resources");
    rows->n_units = count_rows(&t[T_UNITS], N_UNIT_FIELDS, MAX_UNITS, "units");
    rows->n_copies = count_rows(&t[T_COPIES], N_COPY_FIELDS, MAX_MOTIFS, "copies");
    rows->n_grants = count_rows(&t[T_GRANTS], N_GRANT_FIELDS, MAX_GRANTS, "grants");
    if (rows->n_faces < 0 || rows->n_res < 0 || rows->n_units < 0 || rows->n_copies < 0 || rows->n_grants < 0
        || count_rows(&t[T_PARAMS], N_PARAM_FIELDS, 1, "params") != 1 || check_motifs(&t[T_MOTIFS]) < 0)
        return -1;
    if (t[T_MASK].n != t[T_FIRST].n || t[T_MASK].n == 0) {
        PyErr_SetString(PyExc_ValueError, "the step index's arrays differ in length");
        return -1;
    }
    rows->facts = NULL;
    rows->steps = (Steps){(const uint32_t *)t[T_MASK].data, (const uint32_t *)t[T_FIRST].data, (uint32_t)t[T_MASK].n};
    rows->faces = (const Face *)t[T_FACES].data;
    rows->res = (const Resource *)t[T_RES].data;
    rows->units = (const Unit *)t[T_UNITS].data;
    rows->copies = (const CopyLimit *)t[T_COPIES].data;
    rows->grants = (const Grant *)t[T_GRANTS].data;
    rows->motifs = t[T_MOTIFS].data;
    rows->n_motifs = (int)t[T_MOTIFS].n;
    rows->params = (const Params *)t[T_PARAMS].data;
    return 0;
}

/* One search's request, read by attribute name (novelty.search.CoreRequest): its tables and its limits. */
typedef struct {
    Ints tables[N_TABLES];
    Py_buffer progress;      /* a writable int64, or none (obj NULL) */
    Py_buffer facts;         /* the step index's subtree facts, or none (obj NULL) */
    int top;
    double seconds;
    long long caps[4], work;
    long long threads;       /* the threads a walk that prunes may share (Budget.threads) */
} Request;

static void release_request(Request *q) {
    release(q->tables, N_TABLES);
    if (q->progress.obj) PyBuffer_Release(&q->progress);
    if (q->facts.obj) PyBuffer_Release(&q->facts);
}

static PyObject *attribute(PyObject *request, const char *name) {
    PyObject *value = PyObject_GetAttrString(request, name);
    if (!value) PyErr_Format(PyExc_TypeError, "the request has no %s", name);
    return value;
}

static int number_of(PyObject *request, const char *name, long long low, long long high, long long *out) {
    PyObject *value = attribute(request, name);
    if (!value) return -1;
    *out = PyLong_AsLongLong(value);
    Py_DECREF(value);
    if (*out == -1 && PyErr_Occurred()) return -1;
    if (*out < low || *out > high) {
        PyErr_Format(PyExc_ValueError, "%s must be %lld to %lld", name, low, high);
        return -1;
    }
    return 0;
}

static int progress_of(PyObject *request, Py_buffer *out) {
    PyObject *value = attribute(request, "progress");
    if (!value) return -1;
    int rc = 0;
    if (value != Py_None) {
        rc = PyObject_GetBuffer(value, out, PyBUF_WRITABLE);
        if (rc == 0 && out->len < (Py_ssize_t)sizeof(int64_t)) {
            PyBuffer_Release(out);
            out->obj = NULL;
            PyErr_SetString(PyExc_ValueError, "progress: a writable buffer of one 64-bit integer");
            rc = -1;
        }
    }
    Py_DECREF(value);
    return rc;
}

/* The request's subtree facts, if it has any: FACTS_PER_NODE bytes per node of its step index. */
static int facts_of(PyObject *request, Request *q) {
    PyObject *value = PyObject_HasAttrString(request, "facts") ? attribute(request, "facts") : Py_NewRef(Py_None);
    if (!value) return -1;
    int rc = 0;
    if (value != Py_None) {
        rc = PyObject_GetBuffer(value, &q->facts, PyBUF_SIMPLE);
        if (rc == 0 && q->facts.len != (Py_ssize_t)q->tables[T_MASK].n * FACTS_PER_NODE) {
            PyBuffer_Release(&q->facts);
            q->facts.obj = NULL;
            PyErr_SetString(PyExc_ValueError, "facts: FACTS_PER_NODE bytes per node of the step index");
            rc = -1;
        }
    }
    Py_DECREF(value);
    return rc;
}

static int request_from(PyObject *request, Request *q) {
    static const char *const caps[4] = {"max_groups", "max_options", "max_states", "anytime_groups"};
    long long top;
    for (int i = 0; i < N_TABLES; i++) {
        PyObject *value = attribute(request, table_names[i]);
        int rc = value ? ints_from(value, &q->tables[i], table_names[i]) : -1;
        Py_XDECREF(value);
        if (rc < 0) return -1;
    }
    PyObject *seconds = attribute(request, "seconds");
    if (!seconds) return -1;
    q->seconds = PyFloat_AsDouble(seconds);
    Py_DECREF(seconds);
    if (q->seconds == -1.0 && PyErr_Occurred()) return -1;
    if (number_of(request, "top", 1, MAX_TOP, &top) < 0 || number_of(request, "work", 0, LLONG_MAX, &q->work) < 0)
        return -1;
    q->top = (int)top;
    for (int i = 0; i < 4; i++)
        if (number_of(request, caps[i], 1, INT32_MAX, &q->caps[i]) < 0) return -1;
    if (number_of(request, "threads", 1, 2, &q->threads) < 0) return -1;
    return progress_of(request, &q->progress) < 0 ? -1 : facts_of(request, q);
}

static PyObject *answer_of(const Groups *gs, const Budget *b, const Result *r, double started) {
    PyObject *plays = plays_of(gs, r);
    if (!plays) return NULL;
    PyObject *bound = r->bound_known && gs->walk_done ? PyLong_FromLongLong(r->bound) : Py_NewRef(Py_None);
    PyObject *priced = r->word_bound_known ? PyLong_FromLongLong(r->word_bound) : Py_NewRef(Py_None);
    return Py_BuildValue(
        "{s:N,s:O,s:O,s:N,s:N,s:{s:K,s:i,s:i,s:i,s:i,s:i,s:K,s:K,s:K,s:d,s:d,s:d,s:d,s:O,s:O,s:O}}", "plays", plays,
        "walk_done", gs->walk_done ? Py_True : Py_False, "pack_done", r->pack_done ? Py_True : Py_False,
        "bound", bound, "priced_bound", priced, "stats", "sequences", (unsigned long long)gs->sequences, "groups", gs->n_groups,
        "kept", r->kept, "beaters", r->beaters, "beside", r->beside, "beside_lost", r->beside_lost, "nodes", (unsigned long long)r->nodes,
        "evaluated", (unsigned long long)r->evaluated,
        "states", (unsigned long long)r->states, "walk_s", r->walk_s, "pack_s", now_seconds() - started - r->walk_s,
        "walk_cpu_s", r->walk_cpu_s, "pack_cpu_s", r->pack_cpu_s,
        "group_limit", b->group_limit ? Py_True : Py_False, "option_limit", b->option_limit ? Py_True : Py_False,
        "state_limit", b->state_limit ? Py_True : Py_False);
}

/* Run the search with the GIL released; its answer, or NULL with a Python error set. */
static PyObject *run(const Tables *t, const Request *q, double started) {
    Groups gs = {0};
    Budget b = {.caps = {q->caps[0], q->caps[1], q->caps[2], q->caps[3]}, .work = (uint64_t)q->work,
                .progress = q->progress.obj ? (int64_t *)q->progress.buf : NULL, .threads = (int)q->threads};
    Result *r = calloc(1, sizeof *r);
    if (!r) return PyErr_NoMemory();
    r->top = q->top;
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = search_plays(t, &gs, &b, r, started, q->seconds);
    Py_END_ALLOW_THREADS
    PyObject *out = rc == -1 ? PyErr_NoMemory()
                    : rc == -2 ? PyErr_Format(PyExc_ValueError, "too many resource units for the packing")
                    : b.broken_index ? PyErr_Format(PyExc_ValueError, "the step index points outside itself")
                    : answer_of(&gs, &b, r, started);
    groups_free(&gs);
    free(r);
    return out;
}

static PyObject *core_solve(PyObject *self, PyObject *request) {
    Request q;
    memset(&q, 0, sizeof q);
    Tables *t = malloc(sizeof *t);
    PyObject *out = NULL;
    char error[TABLE_ERROR_SIZE];
    TableRows rows;
    if (!t) {
        PyErr_NoMemory();
    } else if (request_from(request, &q) == 0 && rows_from(q.tables, &rows) == 0) {
        rows.facts = q.facts.obj ? q.facts.buf : NULL;
        double started = now_seconds();
        if (tables_build(t, &rows, error) < 0) PyErr_SetString(PyExc_ValueError, error);
        else out = run(t, &q, started);
    }
    free(t);
    release_request(&q);
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
    int n_faces = count_rows(&t[0], N_FACE_FIELDS, MAX_FACES, "faces"), m;
    Placed placed[MAX_CARDS_IN_WORD];
    char error[TABLE_ERROR_SIZE];
    if (n_faces >= 0 && check_faces((const Face *)t[0].data, n_faces, INT32_MAX / 2, INT32_MAX / 2, error) < 0)
        PyErr_SetString(PyExc_ValueError, error);
    else if (n_faces >= 0 && check_motifs(&t[1]) == 0 && placed_from(cards, n_faces, placed, &m) == 0) {
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
    int n = count_rows(&t[2], 4, MAX_RESOURCES, "pieces");
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

static PyObject *core_subtree_facts(PyObject *self, PyObject *args) {
    PyObject *objs[2];
    if (!PyArg_ParseTuple(args, "OO:subtree_facts", &objs[0], &objs[1])) return NULL;
    Ints t[2];
    memset(t, 0, sizeof t);
    for (int i = 0; i < 2; i++)
        if (ints_from(objs[i], &t[i], "step index") < 0) {
            release(t, i);
            return NULL;
        }
    PyObject *out = NULL;
    if (t[0].n != t[1].n || t[0].n == 0) {
        PyErr_SetString(PyExc_ValueError, "the step index's arrays differ in length");
    } else if ((out = PyBytes_FromStringAndSize(NULL, t[0].n * FACTS_PER_NODE))) {
        Steps st = {(const uint32_t *)t[0].data, (const uint32_t *)t[1].data, (uint32_t)t[0].n};
        int rc;
        Py_BEGIN_ALLOW_THREADS
        rc = subtree_facts(&st, (uint8_t *)PyBytes_AS_STRING(out));
        Py_END_ALLOW_THREADS
        if (rc < 0) {
            Py_CLEAR(out);
            PyErr_SetString(PyExc_ValueError, "the step index points outside itself");
        }
    }
    release(t, 2);
    return out;
}

static PyObject *placed_list(const Placed *seq, int n) {
    PyObject *cards = PyList_New(n);
    for (int k = 0; cards && k < n; k++) {
        PyObject *card = Py_BuildValue("(iii)", seq[k].face, seq[k].letters[0], seq[k].letters[1]);
        if (!card) {
            Py_CLEAR(cards);
            break;
        }
        PyList_SET_ITEM(cards, k, card);
    }
    return cards;
}

/* The prices of a unit of each resource from a sequence of ints (1/PRICE_SCALE points, one per resource at least):
 * 0, or -2 with a Python error set. */
static int read_prices(PyObject *prices, const Tables *t, Prices *price) {
    int64_t scaled[MAX_RESOURCES];
    PyObject *seq = PySequence_Fast(prices, "prices: a sequence of ints");
    if (!seq) return -2;
    int rc = 0;
    if (PySequence_Fast_GET_SIZE(seq) < t->n_res) {
        PyErr_Format(PyExc_ValueError, "prices: one per resource, %d at least", t->n_res);
        rc = -2;
    }
    for (int r = 0; r < t->n_res && rc == 0; r++) {
        scaled[r] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(seq, r));
        if (PyErr_Occurred()) rc = -2;
    }
    Py_DECREF(seq);
    if (rc == 0) prices_from(t, scaled, price);
    return rc;
}

/* One count per resource, 0 to 127, from a sequence (`what` names it in an error): 0, or -2 with a Python error set. */
static int read_units(PyObject *obj, const Tables *t, uint8_t *out, const char *what) {
    PyObject *row = PySequence_Fast(obj, what);
    if (!row) return -2;
    int rc = 0;
    if (PySequence_Fast_GET_SIZE(row) != t->n_res) {
        PyErr_Format(PyExc_ValueError, "%s: one count per resource (%d)", what, t->n_res);
        rc = -2;
    }
    for (int r = 0; r < t->n_res && rc == 0; r++) {
        long k = PyLong_AsLong(PySequence_Fast_GET_ITEM(row, r));
        if (PyErr_Occurred() || k < 0 || k > 127) {
            if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "%s: counts from 0 to 127", what);
            rc = -2;
        } else {
            out[r] = (uint8_t)k;
        }
    }
    Py_DECREF(row);
    return rc;
}

/* Words to fit beside from a sequence of (letters, units of each resource[, shorter-word doubles held: 2 if not
 * given]), longest first (Within.beside): 0, or -2 with a Python error set (and nothing to free). */
static int read_beside(PyObject *obj, const Tables *t, Holders *out) {
    PyObject *seq = PySequence_Fast(obj, "beside: a sequence of (letters, units[, doubles]) tuples");
    if (!seq) return -2;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    *out = (Holders){.n = (int32_t)n, .used = calloc((size_t)n + 1, MAX_RESOURCES),
                     .letters = malloc(sizeof(int16_t) * ((size_t)n + 1)), .doubles = malloc((size_t)n + 1)};
    int rc = out->used && out->letters && out->doubles ? 0 : (PyErr_NoMemory(), -2);
    for (Py_ssize_t i = 0; i < n && rc == 0; i++) {
        PyObject *units;
        int word_letters, doubles = 2;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, i), "iO|i", &word_letters, &units, &doubles)) {
            rc = -2;
            break;
        }
        if (doubles < 0 || doubles > 30) {
            PyErr_SetString(PyExc_ValueError, "beside: doubles from 0 to 30");
            rc = -2;
            break;
        }
        out->doubles[i] = (int8_t)doubles;
        if (word_letters < 0 || word_letters > MAX_LETTERS || (i > 0 && word_letters > out->letters[i - 1])) {
            PyErr_SetString(PyExc_ValueError, "beside: longest first");
            rc = -2;
        }
        if (rc == 0) rc = read_units(units, t, out->used + (size_t)i * MAX_RESOURCES, "beside: units");
        out->letters[i] = (int16_t)word_letters;
    }
    Py_DECREF(seq);
    if (rc < 0) holders_free(out);
    return rc;
}

static PyObject *core_best_word(PyObject *self, PyObject *args) {
    PyObject *request, *facts_obj, *prices_obj = Py_None, *beside_obj = Py_None, *given_obj = Py_None;
    int prune, copies = -1, letters = 0, doubles = -1, keep = 0, pair_over = 0;
    int needs = 0, room = 0;
    long long floor = LLONG_MIN;
    if (!PyArg_ParseTuple(args, "OOp|OiiLOiOpiii:best_word", &request, &facts_obj, &prune, &prices_obj, &copies,
                          &letters, &floor, &given_obj, &doubles, &beside_obj, &keep, &pair_over, &needs, &room))
        return NULL;
    Holders beside = {.n = 0};
    uint8_t given[MAX_RESOURCES] = {0};
    Request q;
    memset(&q, 0, sizeof q);
    Py_buffer facts = {0};
    Tables *t = malloc(sizeof *t);
    Ceiling *c = malloc(sizeof *c);
    PyObject *out = NULL;
    char error[TABLE_ERROR_SIZE];
    TableRows rows;
    if (!t || !c) {
        PyErr_NoMemory();
    } else if (request_from(request, &q) == 0 && rows_from(q.tables, &rows) == 0
               && PyObject_GetBuffer(facts_obj, &facts, PyBUF_SIMPLE) == 0) {
        if (facts.len != (Py_ssize_t)q.tables[T_MASK].n * FACTS_PER_NODE) {
            PyErr_SetString(PyExc_ValueError, "facts: FACTS_PER_NODE bytes per node of the step index");
        } else if (tables_build(t, &rows, error) < 0) {
            PyErr_SetString(PyExc_ValueError, error);
        } else if (given_obj != Py_None && read_units(given_obj, t, given, "given") < 0) {
        } else {
            Budget b = {.caps = {q.caps[0], q.caps[1], q.caps[2], q.caps[3]}, .work = (uint64_t)q.work,
                        .threads = (int)q.threads};
            double started = now_seconds();
            budget_phase(&b, q.seconds > 0 ? started + q.seconds : 0, 1.0);
            WordWalk ww;
            Prices price;
            Groups kept = {0};
            long long kept_total = 0;
            int rc, priced = prices_obj != Py_None;
            t->facts = facts.buf;
            rc = ceiling_init(c, t);
            if (rc == 0 && keep && (floor == LLONG_MIN || priced || !prune)) {
                PyErr_SetString(PyExc_ValueError, "keep: with a floor, pruned, unpriced");
                rc = -2;
            }
            if (rc == 0 && priced) rc = read_prices(prices_obj, t, &price);
            if (rc == 0 && beside_obj != Py_None) rc = read_beside(beside_obj, t, &beside);
            if (rc == 0 && priced) rc = ceiling_price(c, price.cheap, b.threads);
            Py_BEGIN_ALLOW_THREADS
            int limited = copies >= 0 || letters > 0 || given_obj != Py_None || doubles >= 0;
            Within within = {copies, letters, given_obj != Py_None ? given : NULL,
                             floor == LLONG_MIN ? INT64_MIN : floor == LLONG_MAX ? INT64_MAX : (int64_t)floor + 1,
                             doubles, beside_obj != Py_None ? &beside : NULL, pair_over > 0 ? pair_over : 0,
                             needs > 0 ? needs : 0, room};
            if (rc == 0 && keep) rc = groups_init(&kept, t->n_combos);
            if (rc == 0 && keep) {
                rc = walk_over(t, c, &kept, &b, (int64_t)floor, &ww);
                for (int32_t g = 0; g < kept.n_groups; g++) kept_total += group_best(&kept, g, 0);
            } else if (rc == 0)
                rc = priced && prune ? walk_priced_within(t, c, &price, (int64_t)floor, &b, &within, &ww)
                              : priced ? walk_every_priced(t, c, &price, &b, limited ? &within : NULL, &ww)
                              : limited ? walk_best_within(t, c, &b, prune, &within, &ww)
                              : floor != LLONG_MIN ? walk_best_over(t, c, &b, (int64_t)floor, &ww)
                                                   : walk_best_word(t, c, facts.buf, NULL, &b, prune, &ww);
            Py_END_ALLOW_THREADS
            int32_t n_kept = kept.n_groups;
            groups_free(&kept);
            ceiling_free(c);
            holders_free(&beside);
            out = rc == -2 ? NULL
                  : rc < 0 ? PyErr_NoMemory()
                  : b.broken_index ? PyErr_Format(PyExc_ValueError, "the step index points outside itself")
                  : Py_BuildValue("{s:N,s:L,s:L,s:L,s:K,s:K,s:K,s:K,s:O,s:d,s:i,s:L}", "word",
                                  placed_list(ww.seq, ww.len),
                                  "best", (long long)ww.best, "most", (long long)ww.most, "root",
                                  (long long)ww.root, "sequences", (unsigned long long)ww.sequences, "nodes",
                                  (unsigned long long)ww.nodes, "pruned", (unsigned long long)ww.pruned, "over",
                                  (unsigned long long)ww.over, "done", ww.done ? Py_True : Py_False, "seconds",
                                  now_seconds() - started, "kept", (int)n_kept, "kept_total", kept_total);
        }
    }
    if (facts.obj) PyBuffer_Release(&facts);
    free(t);
    free(c);
    release_request(&q);
    return out;
}

/* One group as (its word, its units, the units it takes of each resource, its best score per award combination). */
static PyObject *group_entry(const Tables *t, const Groups *gs, int32_t g) {
    const Group *group = &gs->groups[g];
    int8_t letters[MAX_LETTERS];
    char word[MAX_LETTERS + 1];
    int n = sequence_letters(group_kept_sequence(gs, g), group->ncards, letters), used[MAX_RESOURCES] = {0};
    for (int k = 0; k < n; k++) word[k] = (char)('a' + letters[k]);
    word[n] = 0;
    group_uses(t, gs, group, used);
    PyObject *units = PyTuple_New(group->ncards), *taken = PyTuple_New(t->n_res), *bests = PyTuple_New(gs->n_combos);
    for (int k = 0; units && k < group->ncards; k++)
        PyTuple_SET_ITEM(units, k, PyLong_FromLong(group_units(gs, group)[k]));
    for (int r = 0; taken && r < t->n_res; r++) PyTuple_SET_ITEM(taken, r, PyLong_FromLong(used[r]));
    for (int c = 0; bests && c < gs->n_combos; c++)
        PyTuple_SET_ITEM(bests, c, PyLong_FromLongLong(group_best(gs, g, c)));
    if (!units || !taken || !bests) {
        Py_XDECREF(units);
        Py_XDECREF(taken);
        Py_XDECREF(bests);
        return NULL;
    }
    return Py_BuildValue("(sNNN)", word, units, taken, bests);
}

static PyObject *core_spellings(PyObject *self, PyObject *args) {
    PyObject *request, *word_obj, *most_obj;
    if (!PyArg_ParseTuple(args, "OOO:spellings", &request, &word_obj, &most_obj)) return NULL;
    Request q;
    memset(&q, 0, sizeof q);
    Tables *t = NULL;
    Groups gs = {0};
    PyObject *out = NULL;
    char error[TABLE_ERROR_SIZE];
    TableRows rows;
    int most[MAX_RESOURCES];
    uint8_t units[MAX_RESOURCES] = {0};
    int8_t letters[MAX_LETTERS];
    Py_ssize_t n_letters = 0;
    const char *word = NULL;
    if (word_obj != Py_None && !(word = PyUnicode_AsUTF8AndSize(word_obj, &n_letters))) return NULL;
    for (Py_ssize_t i = 0; word && i < n_letters; i++)
        if (word[i] < 'a' || word[i] > 'z' || n_letters > MAX_LETTERS)
            return PyErr_Format(PyExc_ValueError, "word: at most %d letters a-z", MAX_LETTERS);
    for (Py_ssize_t i = 0; word && i < n_letters; i++) letters[i] = (int8_t)(word[i] - 'a');
    if (!(t = malloc(sizeof *t))) return PyErr_NoMemory();
    if (request_from(request, &q) == 0 && rows_from(q.tables, &rows) == 0) {
        if (tables_build(t, &rows, error) < 0) {
            PyErr_SetString(PyExc_ValueError, error);
        } else if (most_obj != Py_None && read_units(most_obj, t, units, "most") < 0) {
        } else if (groups_init(&gs, t->n_combos) < 0) {
            PyErr_NoMemory();
        } else {
            Budget b = {.caps = {q.caps[0], q.caps[1], q.caps[2], q.caps[3]}};
            budget_phase(&b, 0, 1.0);
            int rc;
            for (int r = 0; r < t->n_res; r++) most[r] = units[r];
            const int *cap = most_obj != Py_None ? most : NULL;
            Py_BEGIN_ALLOW_THREADS
            rc = word ? walk_spellings(t, &gs, &b, cap, letters, (int)n_letters)
                      : cap ? walk_left(t, &gs, &b, cap) : walk_words(t, &gs, &b, 0);
            Py_END_ALLOW_THREADS
            out = rc < 0 ? PyErr_NoMemory()
                  : b.broken_index ? PyErr_Format(PyExc_ValueError, "the step index points outside itself")
                  : PyList_New(gs.n_groups);
            for (int32_t g = 0; out && rc == 0 && !b.broken_index && g < gs.n_groups; g++) {
                PyObject *entry = group_entry(t, &gs, g);
                if (!entry) Py_CLEAR(out);
                else PyList_SET_ITEM(out, g, entry);
            }
        }
    }
    groups_free(&gs);
    free(t);
    release_request(&q);
    return out;
}

static PyMethodDef core_methods[] = {
    {"solve", core_solve, METH_O,
     "solve(request) -> dict: one search (novelty.search.CoreRequest: the tables, top, seconds, the caps, progress,"
     " work); progress: a writable int64 buffer given the best total found so far; work: at most this many steps of"
     " search (0: no limit), the same answer every time, however busy the machine"},
    {"score_word", core_score_word, METH_VARARGS,
     "score_word(faces, motifs, motifs_after_cards, my_name_is_extra, cards, awards) -> int"},
    {"best_doubling", core_best_doubling, METH_VARARGS, "best_doubling(values, lengths, doublers) -> int"},
    {"subtree_facts", core_subtree_facts, METH_VARARGS,
     "subtree_facts(mask, first) -> bytes: per node of the step index, the most of each letter and the most letters"
     " any completion below it holds"},
    {"best_word", core_best_word, METH_VARARGS,
     "best_word(request, facts, prune, prices=None, copies=-1, letters=0, floor=None, given=None,"
     " doubles=-1, beside=None) -> dict: the best word alone, walking below"
     " the nodes whose ceiling is over the best found (prune), or every node, holding each word to the ceilings on its"
     " way; with prices (one per resource, 1/1024 points), each word's value less its units' prices held"
     " to the priced ceilings (not prune), or the most that reaches over the floor (prune), within the limits; with a floor, the best word scoring more than it (the floor when none does, no probe first);"
     " else of the words taking at most `copies` copies (-1: as granted) and `letters` letters (0: any), `given` (one count"
     " per resource) taken by other words; beside (priced, pruned): (letters, units) of words, longest first, one of"
     " which the word must fit beside, longer than it"},
    {"spellings", core_spellings, METH_VARARGS,
     "spellings(request, word, most) -> [(word, units, units of each resource, best per award combination)]: every"
     " group the walk finds (word None: of every word; else the spellings of that one word alone, walked along its"
     " letters), within most (None, or the units of each resource at most)"},
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
        || PyModule_AddIntConstant(m, "MAX_TOP", MAX_TOP) < 0
        || PyModule_AddIntConstant(m, "FACTS_PER_NODE", FACTS_PER_NODE) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
