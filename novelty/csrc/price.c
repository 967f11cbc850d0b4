/* A bound over every word, when the walk could not find them all (issue 25): prices on the resources.
 *
 * For any prices pi >= 0 on the resources, a play's words take at most the resources held, so
 *
 *     play <= base + Laconic + shorter-word doubles + pi . capacity + K * max(0, rho*)
 *
 * where K is the most words a play can hold and rho* the most any word's value (its best score, its Unseen Character
 * credit) exceeds the prices of the units it takes. A unit of class r costs at least min(pi_r, pi_pool): it is a card
 * held or a copy from the pool. rho* comes from walk_priced, which walks below only the nodes whose ceiling, less
 * the prices laid, beats the best found, and must finish for the bound to hold. The prices are the duals of the
 * linear relaxation of packing the options the search laid out (a small revised simplex), each raised by a `lift`
 * (all of it for a wild or a copy, a quarter for a printed card): the closer the duals are to the relaxation over every
 * word, the nearer rho* is to 0 and the bound to that relaxation's value. The lift adds itself times every unit
 * there is to the bound, but takes as much from a word per unit it lays, so the walk leaves the words of many units
 * (long ones, of wilds and copies, which cards spell in the most ways) near the root, and finishes sooner. A round
 * that finishes gives a bound (without one there is none: the first round tries its lift with part of its time, then
 * four times the lift, until a walk finishes); the next halves the lift, the words found beating their prices added
 * to the relaxation, while time is left (less of a step when the walk it would take, by how the last steps grew it,
 * would not fit: next_lift); with no lift left and no word beating its prices by more than the slack, the next halves
 * the slack. While the words found beating their prices add more to the bound than halving the lift would take off,
 * the same lift goes again with them in the relaxation; and a round after one that did not lower the least bound
 * takes its prices halfway to that bound's (the relaxation's duals jump about as words are added: smoothing, as
 * column generation does).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ceiling.h"
#include "doubling.h"
#include "packing.h"

#define EPS 1e-9
#define PRICE_ROUNDS 64   /* at most: prices, then the words beating them added to the relaxation */
#define PRICE_SLACK 0.04  /* of the best play found (Round.of): what words may beat their prices by, in all, unwalked */
#define LAST_SLACK 0.005  /* the same: below this, the slack is 0 */
#define FIRST_LIFT 2.0    /* of the lift's scale (Rounds.scale), over every unit there is: what the first round's lift
                           * adds */
#define LAST_LIFT 0.01    /* the same: below this, the lift is 0 */
#define LIFT_OTHERS 0.25  /* of the lift: what units of a printed card's letters take */
#define ROUND_ROOM 0.8    /* of the time left: what the next round is planned to take, at most */
#define GROWTH 1.6        /* a walk at x times the lift takes x^-GROWTH times as long, until two rounds measure it */
#define SMOOTHING 0.5     /* of the prices of the least bound so far, in the next round's (the relaxation's the rest) */
#define FIRST_TRY_SHARE 0.3   /* of the first round's time left: a try at its lift, which may not finish ... */
#define FIRST_TRY_RAISE 4.0   /* ... and then this many times the lift (a quicker walk), until one finishes */
#define ROUND_CAP 3.0     /* a later round is cut short past this many times what it was planned to take ... */
#define ROUND_CAP_MIN 0.1 /* ... or this many seconds, whichever is more (its time goes to what follows) */
#define DOUBLED_AIM 0.7   /* of a doubled word's term: what its next walk's floor aims at (a walk finding no word over
                           * it lowers the term so far; from a lower floor, it takes longer and may be cut short) */
#define FIX_GAP 0.05      /* of the best play found: the most the bound may be above it for a reduced-cost fixing */

typedef struct {
    int m, n;                  /* rows (resources), columns (options and words worth something) */
    double cap[MAX_RESOURCES];
    int32_t *start;            /* owned: column j's entries are start[j] .. start[j + 1] */
    int8_t *row;               /* owned */
    double *value, *cost;      /* owned: entries' counts; columns' worths */
    size_t cap_start, cap_cost, cap_row, cap_value;  /* their capacities */
    int failed;
} Columns;

static void free_columns(Columns *c) {
    free(c->start);
    free(c->row);
    free(c->value);
    free(c->cost);
}

/* Add a column worth `cost` taking used[r] units of each resource r. */
static void add_column(Columns *c, double cost, const int *used) {
    size_t entries = c->n ? (size_t)c->start[c->n] : 0, more = 0;
    for (int r = 0; r < c->m; r++) more += used[r] != 0;
    c->start = grow(c->start, &c->cap_start, (size_t)c->n + 2, sizeof *c->start, &c->failed);
    c->cost = grow(c->cost, &c->cap_cost, (size_t)c->n + 2, sizeof *c->cost, &c->failed);
    c->row = grow(c->row, &c->cap_row, entries + more + 1, 1, &c->failed);
    c->value = grow(c->value, &c->cap_value, entries + more + 1, sizeof *c->value, &c->failed);
    if (c->failed) return;
    c->start[c->n] = (int32_t)entries;
    c->cost[c->n] = cost;
    for (int r = 0; r < c->m; r++)
        if (used[r]) {
            c->row[entries] = (int8_t)r;
            c->value[entries++] = used[r];
        }
    c->start[++c->n] = (int32_t)entries;
}

/* The needs worth more than 0 (each the best of the options taking the same units), as columns of the resources
 * they take. */
static void read_columns(const Pack *p, Columns *c) {
    const Tables *t = p->t;
    c->m = t->n_res;
    for (int r = 0; r < t->n_res; r++) c->cap[r] = field_value(p, p->lay.full, r);
    for (int a = 0; a < t->n_res; a++)
        for (int32_t e = 0; e < p->o.anchor[a].n && !c->failed; e++) {
            const Need *nd = &p->o.needs[p->o.anchor[a].first + e];
            if (nd->worth <= 0) continue;
            int used[MAX_RESOURCES];
            for (int r = 0; r < t->n_res; r++) used[r] = field_value(p, nd->units, r);
            add_column(c, (double)nd->worth, used);
        }
}

/* A word found beating its prices, as the column of its cheapest way of taking its cards: each class's cards held
 * or copies from the pool, whichever its price favours, within what is held and what may be granted. */
static void add_beater(const Tables *t, Columns *c, const Beater *x, const double *dual) {
    int used[MAX_RESOURCES] = {0}, pool = t->pool_res;
    for (int r = 0; r < t->n_res; r++) {
        int k = x->used[r];
        if (!k) continue;
        int copies = 0;
        if (t->twin_cap[r] && pool >= 0) {
            int least = k > t->real_cap[r] ? k - t->real_cap[r] : 0, most = k < t->twin_cap[r] ? k : t->twin_cap[r];
            copies = dual[pool] < dual[r] ? most : least;
        }
        used[r] += k - copies;
        if (copies) used[pool] += copies;
    }
    add_column(c, (double)x->value, used);
}

/* The simplex's state: the basis (column j >= 0, or the slack of row i as -1 - i), its inverse, its values. */
typedef struct {
    int basis[MAX_RESOURCES];
    double inverse[MAX_RESOURCES][MAX_RESOURCES], x[MAX_RESOURCES], cost[MAX_RESOURCES], dual[MAX_RESOURCES];
} Basis;

static void duals(Basis *s, int m) {
    for (int k = 0; k < m; k++) {
        double y = 0;
        for (int i = 0; i < m; i++) y += s->cost[i] * s->inverse[i][k];
        s->dual[k] = y;
    }
}

/* The column whose reduced cost is highest (a slack: -1 - row), or INT32_MIN when none is above EPS. */
static int32_t entering(const Columns *c, const Basis *s) {
    double best = EPS;
    int32_t q = INT32_MIN;
    for (int32_t j = 0; j < c->n; j++) {
        double d = c->cost[j];
        for (int32_t e = c->start[j]; e < c->start[j + 1]; e++) d -= s->dual[c->row[e]] * c->value[e];
        if (d > best) {
            best = d;
            q = j;
        }
    }
    for (int i = 0; i < c->m; i++)
        if (-s->dual[i] > best) {
            best = -s->dual[i];
            q = -1 - i;
        }
    return q;
}

/* Pivot column q into the basis; 0, or 1 when the relaxation is unbounded (it never is: every option takes a unit). */
static int pivot(const Columns *c, Basis *s, int32_t q) {
    int m = c->m, leave = -1;
    double alpha[MAX_RESOURCES], ratio = 0;
    for (int i = 0; i < m; i++) {
        if (q >= 0) {
            alpha[i] = 0;
            for (int32_t e = c->start[q]; e < c->start[q + 1]; e++) alpha[i] += s->inverse[i][c->row[e]] * c->value[e];
        } else {
            alpha[i] = s->inverse[i][-1 - q];
        }
        if (alpha[i] > EPS && (leave < 0 || s->x[i] / alpha[i] < ratio)) {
            leave = i;
            ratio = s->x[i] / alpha[i];
        }
    }
    if (leave < 0) return 1;
    double a = alpha[leave];
    for (int k = 0; k < m; k++) s->inverse[leave][k] /= a;
    s->x[leave] /= a;
    for (int i = 0; i < m; i++) {
        if (i == leave || alpha[i] == 0) continue;
        double f = alpha[i];
        for (int k = 0; k < m; k++) s->inverse[i][k] -= f * s->inverse[leave][k];
        s->x[i] -= f * s->x[leave];
        if (s->x[i] < 0 && s->x[i] > -EPS) s->x[i] = 0;
    }
    s->basis[leave] = q;
    s->cost[leave] = q >= 0 ? c->cost[q] : 0;
    return 0;
}

static void basis_init(Basis *s, const Columns *c) {
    for (int i = 0; i < c->m; i++) {
        s->basis[i] = -1 - i;
        s->inverse[i][i] = 1;
        s->x[i] = c->cap[i];
    }
}

/* Go on with the simplex from the basis s: max worth . x, columns . x <= capacity, x >= 0; the duals (each at least
 * 0) into dual[]. Stops at the optimum, or out of time. */
static void relaxation_duals(const Columns *c, Basis *s, Budget *b, double *dual) {
    for (int it = 0; it < 50 * c->m + 200; it++) {
        duals(s, c->m);
        int32_t q = entering(c, s);
        b->ticks += (uint64_t)c->n / 64 + 1;
        if (q == INT32_MIN || pivot(c, s, q) || out_of_time(b)) break;
    }
    duals(s, c->m);
    for (int i = 0; i < c->m; i++) dual[i] = s->dual[i] > 0 ? s->dual[i] : 0;
}

/* The most letters a unit of resource r spells: two for a two-letter card or a copy (of any card), else one. */
static int unit_letters(const Tables *t, int r) {
    if (t->res[r].kind == RES_KIND_copy_pool) return 2;
    for (int i = 0; i < t->n_res_faces[r]; i++) {
        const Face *f = &t->scorer.faces[t->res_faces[r][i]];
        if (f->letter2 >= 0 || f->wild == WILD_double) return 2;
    }
    return 1;
}

/* The most letters a play may hold: every unit there is, at its most letters. */
int most_letters(const Tables *t) {
    int letters = 0;
    for (int r = 0; r < t->n_res; r++) letters += t->res[r].capacity * unit_letters(t, r);
    return letters;
}

/* The most words a play may hold: four letters each. */
static int most_words(const Tables *t) {
    int k = most_letters(t) / MIN_WORD_LENGTH;
    return k < words_limit(t) ? k : words_limit(t);
}

/* How much of the lift a unit of resource r takes: all of it for wilds and copies, the units that spell a word in
 * the most ways, LIFT_OTHERS of it for the rest. */
static double lift_weight(const Tables *t, int r) {
    if (t->res[r].kind == RES_KIND_copy_pool) return 1;
    for (int i = 0; i < t->n_res_faces[r]; i++)
        if (t->scorer.faces[t->res_faces[r][i]].wild != WILD_fixed) return 1;
    return LIFT_OTHERS;
}

/* What a lift of 1 adds to the prices of every unit there is. */
static double lifted_units(const Tables *t, const Columns *c) {
    double n = 0;
    for (int r = 0; r < c->m; r++) n += c->cap[r] * lift_weight(t, r);
    return n;
}

/* The relaxation's value over the columns it has (prices x capacity at its optimum, in points), its duals into dual[]. */
static double relaxation_value(const Columns *c, Basis *s, Budget *b, double *dual) {
    relaxation_duals(c, s, b, dual);
    double value = 0;
    for (int r = 0; r < c->m; r++) value += dual[r] * c->cap[r];
    return value;
}

/* A round's lift (points per unit, as lift_weight shares it out) and slack (a share of the best play found, or of
 * `of` when less: with shorter-word doubles, what the words priced are worth, the doubles' part of a play being the
 * doubled words' terms, not the words' excess over their prices). */
typedef struct {
    double lift, slack, of;
    const double *center;  /* NULL, or the prices of the least bound: the round's are halfway between them and the
                            * relaxation's */
} Round;

void prices_from(const Tables *t, const int64_t *scaled, Prices *price) {
    for (int r = 0; r < t->n_res; r++) {  /* a class's cards: those held or copies, the cheaper first */
        int64_t held = scaled[r], copy = t->pool_res >= 0 ? scaled[t->pool_res] : held;
        int copies = t->twin_cap[r] && t->pool_res >= 0;
        price->cheap[r] = copies && copy < held ? copy : held;
        price->dear[r] = copies && copy > held ? copy : held;
        price->first[r] = !copies ? INT32_MAX : copy < held ? t->twin_cap[r] : t->real_cap[r];
    }
}

/* One round: the relaxation's prices (per unit of each resource, 1/PRICE_SCALE points, into scaled[]), each lifted, then
 * the most any word beats them by; the bound they give (0 when the walk could not finish). The words found beating
 * their prices are in *beaters. */
static int price_round(Pack *p, Ceiling *ceiling, Columns *c, Basis *s, Beaters *beaters, double *dual,
                       const Round *round, Prices *price, int64_t *scaled, int64_t *words, int64_t *excess) {
    const Tables *t = p->t;
    relaxation_duals(c, s, p->b, dual);
    for (int r = 0; r < t->n_res && round->center; r++) dual[r] = SMOOTHING * round->center[r] + (1 - SMOOTHING) * dual[r];
    int64_t paid = 0;
    for (int r = 0; r < t->n_res; r++) scaled[r] = (int64_t)((dual[r] + round->lift * lift_weight(t, r)) * PRICE_SCALE);
    prices_from(t, scaled, price);
    for (int r = 0; r < t->n_res; r++) paid += scaled[r] * field_value(p, p->lay.full, r);
    if (ceiling_price(ceiling, price->cheap, p->b->threads) < 0) {
        p->failed = 1;
        return 0;
    }
    WordWalk priced;
    int words_most = most_words(t);
    int64_t best = p->result->n_plays ? p->result->plays[0].total : 0;
    double of = round->of > 0 && round->of < (double)best ? round->of : (double)best;
    int64_t slack = of > 0 ? (int64_t)(round->slack * of * PRICE_SCALE / words_most) : 0;
    int rc = walk_priced(t, ceiling, price, slack, beaters, p->beaters, p->b, &priced);
    if (rc < 0) p->failed = 1;
    if (rc != 0 || !priced.done) return 0;
    *excess = (int64_t)words_most * priced.best;
    *words = paid + *excess;
    return 1;
}

/* The next round's lift after one that took `took` seconds with `left` seconds left, when lowering the lift by a
 * step x makes the walk x^-growth times as long: half of it when such a round fits in ROUND_ROOM of the time left,
 * less of a step when only a shorter one does, or -1 when no step worth a round fits (the packing's search has the
 * time). A round that does not finish is time lost. */
static double next_lift(double lift, double took, double left, double growth) {
    static const double step[] = {0.5, 0.6, 0.7, 0.8, 0.9};
    if (left <= 0) return lift / 2;  /* no clock, or no time left: the budget ends the rounds */
    for (int i = 0; i < 5; i++)
        if (took * pow(step[i], -growth) <= ROUND_ROOM * left) return lift * step[i];
    return -1;
}

/* A reduced-cost fixing at `price`, whose bound is `rest` (base, Laconic, doubles) + `words` (1/PRICE_SCALE points)
 * and no word beats it by more than `excess`: ready when that bound is within FIX_GAP of the best play found B. Every
 * play's words take at most the units there are, so a play is worth at most rest + prices x capacity + what each of
 * its words beats its prices by: to beat B, its words must beat their prices by more than B - rest - prices x capacity
 * in all, each of them by more than -gap, where gap = bound - B - excess (the others beat theirs by excess at most).
 * Those words alone, packed exactly, decide whether B is the best (search.c). */
static void fix(const Pack *p, const Prices *price, const int64_t *scaled, int64_t rest, int64_t words, int64_t excess,
                Fixing *fixing) {
    *fixing = (Fixing){.price = *price, .bound = rest * PRICE_SCALE + words, .excess = excess > 0 ? excess : 0,
                       .known = 1, .words = most_words(p->t)};
    memcpy(fixing->scaled, scaled, sizeof fixing->scaled);
    for (int r = 0; r < p->t->n_res; r++) fixing->letters[r] = (int8_t)unit_letters(p->t, r);
    fixing_aim(fixing, p->result->n_plays ? p->result->plays[0].total : 0);
    if (p->result->top != 1) fixing->ready = 0;  /* (it proves the best play alone: the runners-up are searched on) */
}

void fixing_aim(Fixing *fixing, int64_t best) {
    fixing->gap = fixing->bound - best * PRICE_SCALE - fixing->excess;
    fixing->ready = best > 0 && fixing->gap >= 0 && (double)fixing->gap <= FIX_GAP * (double)best * PRICE_SCALE;
}

/* The most a word doubled j times scores, by a round's prices (scaled[], per unit of each resource) under which no word
 * beats its prices by more than `beaten` (1/PRICE_SCALE points), into cap[j]: it takes at most as many units as it
 * has letters, its units cost at most the dearest that many of every unit there is, so it scores at most those and
 * `beaten` (and what Grandiloquent adds to one word: not in a word's value there). */
static void doubled_caps(const Pack *p, const Doubling *d, const int64_t *scaled, int64_t beaten, int64_t *cap) {
    enum { MOST_UNITS = 256 };
    int64_t dear[MOST_UNITS];
    int n = 0;
    for (int r = 0; r < p->t->n_res; r++)
        for (int k = field_value(p, p->lay.full, r); k > 0 && n < MOST_UNITS; k--) {  /* insertion, dearest first */
            int64_t v = scaled[r] > 0 ? scaled[r] : 0;
            int i = n++;
            for (; i > 0 && dear[i - 1] < v; i--) dear[i] = dear[i - 1];
            dear[i] = v;
        }
    for (int j = 1; j <= d->most; j++) {
        if (n == MOST_UNITS) {  /* (more units than kept: no cap) */
            cap[j] = INT64_MAX;
            continue;
        }
        int64_t most = beaten > 0 ? beaten : 0;
        for (int i = 0; i < d->within[j].letters && i < n; i++) most += dear[i];
        cap[j] = (most + PRICE_SCALE - 1) / PRICE_SCALE + p->bonus.grand_gain;
    }
}

typedef struct {
    int j, known, walked;
    const Within *within;
    int64_t term;
    int64_t most;  /* walked: the least most its walks found (at the prices halved j times, 1/PRICE_SCALE points) */
    int64_t start; /* the first walk's floor (INT64_MIN: DOUBLED_AIM of its term) */
    int apart;     /* a way apart (Doubling.one, .two), or (0) the limits of every such word (Doubling.within) */
} Way;  /* a word doubled j times, within these limits */

#define MOST_WAYS (3 * 31)  /* a word doubled j times: within its limits, and its two ways apart */

/* The doubled words' ways, and the prices their walks were at: what later rounds' prices make of them
 * (doubled_after). */
typedef struct {
    int n;
    Way way[MOST_WAYS];
    int64_t scaled[MAX_RESOURCES];
} Walked;

/* Each word's term (into out[j]): the least of its limits' and the most of its ways apart', at most the allowance's
 * (allowed[j]): every such word is within its limits, and in one of its ways apart when they are known. */
static void ways_term(const Way *way, int n, const Doubling *d, const int64_t *allowed, int64_t *out) {
    for (int j = 1; j <= d->most; j++) {
        int64_t most = allowed[j], apart = -1;
        for (int k = 0; k < n; k++) {
            if (way[k].j != j) continue;
            if (!way[k].apart && way[k].term < most) most = way[k].term;
            if (way[k].apart && way[k].term > apart) apart = way[k].term;
        }
        out[j] = apart >= 0 && apart < most ? apart : most;
    }
}

/* The way to walk next, of those whose walk may lower the most split of the doubles' terms (now_term[j], taken[j]:
 * lowering a term it does not take cannot lower it): a word's limits before its ways apart (their walk's floor rises
 * to the best word it finds, where a way apart's passes over the words that fit beside none and walks on below them),
 * then the way whose term is most; NULL when none may; *wanted: how many may. */
static Way *way_to_walk(Way *way, int n, const int64_t *now_term, const int *taken, int *wanted) {
    Way *w = NULL;
    *wanted = 0;
    for (int k = 0; k < n; k++) {
        Way *x = &way[k];
        if (x->known || !taken[x->j] || x->term < now_term[x->j]) continue;
        ++*wanted;
        if (!w || (!x->apart && w->apart) || (x->apart == w->apart && x->term > w->term)) w = x;
    }
    return w;
}

static int64_t prices_fall(const Tables *t, const int64_t *earlier, const int64_t *later, int j, int letters);

/* What a way adds, when no word within its limits beats the prices halved j times by more than `most` (1/PRICE_SCALE
 * points) and none beats its prices by more than `beaten`: 2^j most - beaten, in points (rounded up; 0 at least). */
static int64_t way_adds(const Way *w, int64_t most, int64_t beaten) {
    __int128 over = ((__int128)most << w->j) - beaten;
    return over <= 0 ? 0 : (int64_t)((over + PRICE_SCALE - 1) / PRICE_SCALE);
}

/* The most a word within way w's limits beats prices `later` halved j times by, from what its walks at prices
 * `earlier` found (w->most): that and what its units' prices fell by (prices_fall). */
static int64_t way_moved(const Tables *t, const Way *w, const int64_t *earlier, const int64_t *later) {
    return w->most + prices_fall(t, earlier, later, w->j, w->within->letters);
}

/* What the doubles may add, at a round's prices (scaled[], per unit of each resource, under which no word beats its
 * prices by more than `beaten`, 1/PRICE_SCALE points), over what the bound counts for the words they double. A play's
 * words other than those it doubles take the units left by them, so they are worth at most the prices of those units
 * and what each beats its prices by; a word W doubled j times adds (2^j - 1) v(W) to its own v(W), so over the prices
 * of its units and `beaten` it adds at most 2^j v(W) - prices(W) - beaten = 2^j (v(W) - prices(W) / 2^j) - beaten:
 * the most a word within j's limits beats the prices halved j times by (walk_priced_within, which bounds it when cut
 * short). That is at most what the allowance gives it ((2^j - 1) v(W), as v(W) - prices(W) <= beaten), so each word's
 * term is the least of the two, split over the doubles as the allowance's are (doubling_split). When the words
 * holding two doubles or more are known, the word's ways apart (Doubling.one, .two): each word holding its doubles
 * holds one (so there are j of them, each longer than it: it is short), or one holds two or more (and fits beside it,
 * longer than it); the term is the least of its limits' (Doubling.within) and the more of the two ways'
 * (ways_term). The walks go by way_to_walk, each aiming at DOUBLED_AIM of its way's term (a walk from a high floor
 * is quick), until `until`: a walk that
 * finds a word over its floor has the term exactly, one cut short bounds it by what it left. With `before` (walks at
 * earlier prices, of the same doubles), each way walked starts from what those found, moved to these prices
 * (way_moved), and its first walk from the floor they found (each of those the split wants has as much of the time
 * left; else each walk has half). The ways into *walked. -1 when out of memory. */
static int64_t doubled_at_prices(Pack *p, Ceiling *ceiling, const Doubling *d, const int64_t *scaled, int64_t beaten,
                                 const int64_t *cap, double until, const Walked *before, Walked *walked) {
    const Tables *t = p->t;
    Way *way = walked->way;
    int64_t term[31] = {0};
    int n = 0, filled = 0;  /* (the priced paths are at the prices halved `filled` times: 0, none yet) */
    memcpy(walked->scaled, scaled, sizeof walked->scaled);
    for (int j = 1; j <= d->most; j++) {
        term[j] = doubling_term(d, cap, j);
        const Within *ways[3] = {&d->within[j], d->apart ? &d->one[j] : NULL, d->apart ? &d->two[j] : NULL};
        for (int k = 0; k < 3; k++) {
            if (!ways[k]) continue;
            int none = ways[k]->letters < MIN_WORD_LENGTH;  /* (0 letters is no limit: never asked) */
            way[n] = (Way){j, none || term[j] <= 0, 0, ways[k], none ? 0 : term[j], 0, INT64_MIN, k > 0};
            const Way *was = before ? &before->way[n] : NULL;
            if (was && was->walked && !none) {  /* (its walks at earlier prices: a bound, and a first floor) */
                way[n].most = way_moved(t, was, before->scaled, scaled);
                way[n].walked = 1;
                int64_t adds = way_adds(&way[n], way[n].most, beaten);
                if (adds < way[n].term) way[n].term = adds;
                way[n].known = way[n].term <= 0;
                way[n].start = was->most;
            }
            n++;
        }
    }
    walked->n = n;
    for (;;) {
        int64_t now_term[31];
        int taken[31], wanted;
        ways_term(way, n, d, term, now_term);
        doubling_split_taking(d, now_term, taken);
        Way *w = way_to_walk(way, n, now_term, taken, &wanted);
        double now = now_seconds();
        if (!w || now >= until) break;
        /* Half the time left, or (walks again, each from the floor it found) a share for each walk the split wants */
        budget_phase(p->b, now + (until - now) / (before ? wanted : 2), 1.0);
        int64_t halved[MAX_RESOURCES];
        Prices price;
        for (int r = 0; r < t->n_res; r++) halved[r] = scaled[r] >> w->j;
        prices_from(t, halved, &price);
        if (filled != w->j && ceiling_price(ceiling, price.cheap, p->b->threads) < 0) return -1;
        filled = w->j;
        WordWalk found;
        int64_t aimed = (int64_t)((double)w->term * DOUBLED_AIM);
        __int128 aim = (__int128)aimed * PRICE_SCALE + beaten;  /* (the floor: 2^j times it, less beaten) */
        int64_t floor = w->start != INT64_MIN ? w->start : (int64_t)(aim >> w->j);
        w->start = INT64_MIN;
        if (walk_priced_within(t, ceiling, &price, floor, p->b, w->within, &found) < 0) return -1;
        int64_t points = way_adds(w, found.most, beaten);  /* (found.most: at least the floor) */
        if (points < w->term) w->term = points;
        if (!w->walked || found.most < w->most) w->most = found.most;
        w->walked = 1;
        w->known = !found.done || found.len || w->term <= 0;  /* (cut short, or exact: no walk lowers it) */
    }
    ways_term(way, n, d, term, term);
    return doubling_split(d, term);
}

/* How much less the units of a word of at most `letters` letters cost at prices `later` than at `earlier` (both
 * halved j times), at most: each unit's fall (a copy's, the pool's), the largest `letters` of them. */
static int64_t prices_fall(const Tables *t, const int64_t *earlier, const int64_t *later, int j, int letters) {
    int64_t fall[2 * MAX_RESOURCES];  /* (a resource's own, and a class's copies') */
    int count[2 * MAX_RESOURCES], n = 0;
    for (int r = 0; r < t->n_res; r++) {
        if (t->res[r].kind == RES_KIND_copy_pool) continue;  /* (a class's copies: beside it, below) */
        int64_t f = (earlier[r] >> j) - (later[r] >> j);
        fall[n] = f > 0 ? f : 0;
        count[n++] = t->res[r].capacity;
        if (t->twin_cap[r] && t->pool_res >= 0) {
            int64_t g = (earlier[t->pool_res] >> j) - (later[t->pool_res] >> j);
            fall[n] = g > 0 ? g : 0;
            count[n++] = t->twin_cap[r];
        }
    }
    int64_t sum = 0;
    while (letters > 0) {  /* (the largest first) */
        int i = -1;
        for (int k = 0; k < n; k++)
            if (count[k] > 0 && fall[k] > 0 && (i < 0 || fall[k] > fall[i])) i = k;
        if (i < 0) break;
        int take = count[i] < letters ? count[i] : letters;
        sum += fall[i] * take;
        letters -= take;
        count[i] = 0;
    }
    return sum;
}

/* What the doubles may add at a later round's prices (scaled[], no word beating them by more than `beaten`, the
 * allowance's caps cap[]), from the ways walked at earlier prices (doubled_at_prices): a word within a way's limits
 * beats the later prices halved j times by at most what its walks found it beat the earlier ones by and what its units'
 * prices fell by (prices_fall). A way not walked has the allowance's term. */
static int64_t doubled_after(const Pack *p, const Doubling *d, const Walked *walked, const int64_t *scaled,
                             int64_t beaten, const int64_t *cap) {
    Way way[MOST_WAYS];
    int64_t term[31] = {0};
    for (int j = 1; j <= d->most; j++) term[j] = doubling_term(d, cap, j);
    for (int k = 0; k < walked->n; k++) {
        way[k] = walked->way[k];
        const Way *w = &way[k];
        if (w->within->letters < MIN_WORD_LENGTH) continue;  /* (no such word: 0) */
        if (!w->walked) {
            way[k].term = term[w->j];
            continue;
        }
        way[k].term = way_adds(w, way_moved(p->t, w, walked->scaled, scaled), beaten);
    }
    ways_term(way, walked->n, d, term, term);
    return doubling_split(d, term);
}

/* A round, for the doubled words' walks at its prices (doubled_at_prices): its prices (scaled), what no word beats
 * them by, its caps and words (prices x capacity and what words beat them by, 1/PRICE_SCALE points; INT64_MAX: no
 * round). */
typedef struct {
    int64_t scaled[MAX_RESOURCES], beaten, cap[31], words;
} RoundAt;

/* The rounds of prices' state, kept between their runs: before the doubled words' walks at the least bound's prices,
 * and after them (price_rounds). */
typedef struct {
    Pack *p;
    Ceiling *ceiling;
    Columns *c;
    Basis *s;
    Beaters *beaters;
    const Doubling *d;
    Fixing *fixing;
    double *dual;
    int64_t fixed;
    double scale;  /* the lift's: the best play found, or the relaxation's value when less (price_rounds) */
    int known;   /* a round finished */
    int stalled; /* the rounds ended for want of time to lower the lift */
    Round round;
    double n, growth, last_lift, last_took;
    double planned;  /* what the next round should take, by the last one's time (0: not known) */
    double center[MAX_RESOURCES];
    int64_t least, fixable;  /* the least bound; the least by the allowance's terms alone (the fixing's: fix) */
    RoundAt at_least;  /* the least bound's round */
    RoundAt fewest;    /* since the doubled words' walks (walked): the round of the least prices x capacity and what
                        * words beat them by (their walks again at its prices may lower the least bound) */
    const Walked *walked;  /* NULL, or the doubled words' ways (the rounds after their walks: doubled_after) */
} Rounds;

/* A round's bound, in 1/PRICE_SCALE points, from `rest` (points) and `words`; INT64_MAX / 2 when `rest` is too large
 * to scale. */
static int64_t round_total(int64_t rest, int64_t words) {
    return rest > INT64_MAX / PRICE_SCALE / 2 ? INT64_MAX / 2 : rest * PRICE_SCALE + words;
}

/* A round's bound: `fixed`, what the doubles may add, prices x capacity and what words beat them by (`words`, in
 * 1/PRICE_SCALE points); kept when it is the least, and a fixing at its prices when the allowance's is. */
static void round_bound(Rounds *q, const Prices *price, const int64_t *scaled, int64_t words, int64_t excess) {
    int64_t cap[31] = {0}, beaten = excess / most_words(q->p->t);  /* (what any one word beats its prices by) */
    doubled_caps(q->p, q->d, scaled, beaten, cap);
    int64_t allowed = q->fixed + doubling_at(q->d, cap);
    int64_t rest = q->walked ? q->fixed + doubled_after(q->p, q->d, q->walked, scaled, beaten, cap) : allowed;
    int64_t total = round_total(rest, words), by_allowance = round_total(allowed, words);
    q->round.center = total < q->least ? NULL : q->center;  /* after a round that did not lower it: halfway */
    RoundAt *keep[2] = {total < q->least ? &q->at_least : NULL,
                        q->walked && words < q->fewest.words ? &q->fewest : NULL};
    for (int i = 0; i < 2; i++)
        if (keep[i]) {
            memcpy(keep[i]->scaled, scaled, sizeof keep[i]->scaled);
            memcpy(keep[i]->cap, cap, sizeof keep[i]->cap);
            keep[i]->beaten = beaten;
            keep[i]->words = words;
        }
    if (total < q->least) {
        q->least = total;
        memcpy(q->center, q->dual, sizeof q->center);
    }
    if (by_allowance < q->fixable) {
        q->fixable = by_allowance;
        fix(q->p, price, scaled, allowed, words, beaten, q->fixing);
    }
}

static int next_round(Rounds *q, double took, double deadline, int64_t excess);

/* The lift lowered by as much as a round that fits in the time `left` allows, after one at it took q->last_took
 * (next_lift); 0 when none fits (q->stalled: a later run may lower it, with more time). */
static int lower_lift(Rounds *q, double left) {
    Round *round = &q->round;
    double lift = next_lift(round->lift, q->last_took, left, q->growth);
    q->stalled = lift < 0;
    if (lift < 0) return 0;
    q->planned = q->last_took * pow(round->lift / lift, q->growth);
    round->lift = lift < LAST_LIFT * q->scale / q->n ? 0 : lift;
    return 1;
}

/* Whether a round fits in the time `left`: the one planned (none planned: yes), or, when the rounds stalled, one at a
 * lift lowered as far as that allows (lower_lift). */
static int round_fits(Rounds *q, double left) {
    return q->stalled ? lower_lift(q, left) : q->planned <= ROUND_ROOM * left;
}

/* Rounds of prices, each adding the words found beating them to the relaxation, the lift lowered after each
 * (next_lift), then the slack (round_bound keeps the least bound). The first round has until `deadline`, the others
 * until `later` (0: the same). */
static void run_rounds(Rounds *q, double deadline, double later) {
    Pack *p = q->p;
    Prices price;
    int64_t scaled[MAX_RESOURCES], words = 0, excess = 0;
    for (int k = 0; k < PRICE_ROUNDS && !q->c->failed && !p->b->stopped; k++) {
        double started = now_seconds(), planned = q->planned;
        double cap_s = planned * ROUND_CAP > ROUND_CAP_MIN ? planned * ROUND_CAP : ROUND_CAP_MIN;
        if (!q->known && deadline > 0) budget_phase(p->b, started + (deadline - started) * FIRST_TRY_SHARE, 1.0);
        else if (planned > 0 && deadline > 0 && started + cap_s < deadline) budget_phase(p->b, started + cap_s, 1.0);
        int done = price_round(p, q->ceiling, q->c, q->s, q->beaters, q->dual, &q->round, &price, scaled, &words,
                               &excess);
        if (deadline > 0) budget_phase(p->b, deadline, 1.0);
        if (!done && !q->known && !p->failed && q->round.lift > 0
            && now_seconds() + q->ceiling->fill_seconds < deadline) {  /* (a fill at least, which no clock cuts short) */
            q->round.lift *= FIRST_TRY_RAISE;  /* no bound yet: a walk that leaves more, sooner */
            continue;
        }
        if (!done) return;
        round_bound(q, &price, scaled, words, excess);
        int first = !q->known;
        q->known = 1;
        if (first && later > 0 && later < deadline) {  /* the first round had longer: the others end sooner */
            if (now_seconds() >= later) return;
            budget_phase(p->b, later, 1.0);
            deadline = later;
        }
        for (int i = 0; i < q->beaters->n; i++) add_beater(p->t, q->c, &q->beaters->word[i], q->dual);
        if (!next_round(q, now_seconds() - started, deadline, excess)) return;
    }
}

/* The next round's lift and slack after one that took `took` seconds, the words it found beating their prices by
 * `excess` in all, or 0 when none is worth the time to `deadline`. The lift down first; then, once no word beats its
 * prices by more than the slack (or by a point in all), the slack. But while the words found beating the prices add
 * more to the bound than halving the lift would take off, the same lift again, those words in the relaxation (its
 * prices move to them). */
static int next_round(Rounds *q, double took, double deadline, int64_t excess) {
    double left = deadline > 0 ? deadline - now_seconds() : 0;
    Round *round = &q->round;
    q->planned = took;  /* (the same lift again, or a lower slack: about as long) */
    if (round->lift && q->beaters->n && (double)excess / PRICE_SCALE > round->lift * q->n / 2)
        return !(deadline > 0 && took > ROUND_ROOM * left);
    if (round->lift) {
        if (q->last_lift > round->lift && q->last_took > 0 && took > 0) {  /* measured: the last step's */
            double g = log(took / q->last_took) / log(q->last_lift / round->lift);
            q->growth = g < 1.0 ? 1.0 : g > 4.0 ? 4.0 : g;
        }
        q->last_lift = round->lift;
        q->last_took = took;
        return lower_lift(q, left);
    } else if (!q->beaters->n || excess < PRICE_SCALE) {
        if (!round->slack || (deadline > 0 && took > ROUND_ROOM * left)) return 0;
        round->slack = round->slack / 2 < LAST_SLACK ? 0 : round->slack / 2;
    }
    return 1;
}

/* The walks for the words the doubles double, at the least bound's prices, until `until` (doubled_at_prices, their
 * ways into *walked): the least bound lowered by what they find. Whether they ran (-1 from them fails the search). */
static int walk_doubled(Rounds *q, const RoundAt *at, double until, const Walked *before, Walked *walked) {
    Pack *p = q->p;
    if (!q->known || !q->d->most || until <= 0 || q->c->failed || p->failed || now_seconds() >= until
        || at->words == INT64_MAX || doubling_at(q->d, at->cap) <= 0)
        return 0;
    int64_t again = doubled_at_prices(p, q->ceiling, q->d, at->scaled, at->beaten, at->cap, until, before, walked);
    budget_phase(p->b, until, 1.0);
    if (again < 0) {
        p->failed = 1;
        return 0;
    }
    int64_t rest = q->fixed + again;
    if (rest <= INT64_MAX / PRICE_SCALE / 2 && rest * PRICE_SCALE + at->words < q->least)
        q->least = rest * PRICE_SCALE + at->words;
    return 1;
}

/* The rounds of prices (run_rounds) until `later` (0: the phase's deadline) less the doubled words' walk time; then,
 * until the phase's deadline, those walks at the least bound's prices (doubled_at_prices); then, when the rounds kept
 * time for them and a round fits in what is left before `later` (round_fits), more rounds, the doubles' terms from
 * those walks (doubled_after). The least bound (in 1/PRICE_SCALE points) into *least, a fixing at its prices into
 * *fixing, the last round's duals into dual[]. Whether any round finished. */
static int price_rounds(Pack *p, Ceiling *ceiling, Columns *c, Basis *s, Beaters *beaters, int64_t fixed,
                        const Doubling *d, int64_t *least, Fixing *fixing, double *dual, double later) {
    Rounds *q = calloc(1, sizeof *q);
    if (!q) {
        c->failed = 1;
        return 0;
    }
    int64_t best = p->result->n_plays ? p->result->plays[0].total : 0;
    double n = lifted_units(p->t, c), phase_end = p->b->deadline;
    /* The lift's scale: the best play found, or less, what the relaxation is worth over the words found (a play's
     * doubles add to it what no word's value holds: the best play may be many times what the words priced are worth) */
    double value = relaxation_value(c, s, p->b, dual), scale = value > 0 && value < (double)best ? value : (double)best;
    *q = (Rounds){.p = p, .ceiling = ceiling, .c = c, .s = s, .beaters = beaters, .d = d, .fixing = fixing,
                  .dual = dual, .fixed = fixed, .scale = scale, .n = n, .growth = GROWTH, .least = INT64_MAX,
                  .fixable = INT64_MAX, .at_least.words = INT64_MAX, .fewest.words = INT64_MAX,
                  .round = {.lift = n > 0 ? FIRST_LIFT * scale / n : 0, .slack = PRICE_SLACK,
                            .of = d->most ? scale : 0}};
    run_rounds(q, phase_end, later > 0 ? later - d->walk_time : 0);
    /* Until the phase's deadline, the walks for the words shorter-word doubles double; then rounds again, and the
     * walks again at the prices of the one whose words' part is least, when it is less than the walks' round's */
    Walked *walked = malloc(2 * sizeof *walked);
    if (!walked) c->failed = 1;
    int64_t walked_words = q->at_least.words;  /* (the round the walks are at) */
    int ran = walked && walk_doubled(q, &q->at_least, phase_end, NULL, &walked[0]);
    if (walked && q->known && !c->failed && !p->failed && d->walk_time > 0 && later > 0 && now_seconds() < later
        && round_fits(q, later - now_seconds())) {
        q->walked = ran ? &walked[0] : NULL;  /* (none: the allowance's terms) */
        budget_phase(p->b, later, 1.0);
        run_rounds(q, later, 0);
        budget_phase(p->b, phase_end, 1.0);
        if (ran && q->fewest.words < walked_words) walk_doubled(q, &q->fewest, phase_end, &walked[0], &walked[1]);
    }
    *least = q->least;
    int known = q->known;
    free(walked);
    free(q);
    return known;
}

int price_bound(Pack *p, int64_t *bound, double later) {
    const Tables *t = p->t;
    Doubling doubling = {.most = 0};
    int64_t least;
    if (!t->facts) return 0;
    Columns c = {0};
    Basis *s = calloc(1, sizeof *s);
    Beaters *beaters = malloc(sizeof *beaters);
    Ceiling *ceiling = malloc(sizeof *ceiling);
    Fixing fixing = {.ready = 0};
    double dual[MAX_RESOURCES] = {0};
    int known = 0;
    if (s && beaters && ceiling) {
        read_columns(p, &c);
        basis_init(s, &c);
        if (ceiling_init(ceiling, t) < 0) c.failed = 1;
        int allowed = !c.failed && doubling_allowance(p, ceiling, &doubling) == 0;
        int64_t fixed = p->bonus.base + p->bonus.laconic;
        known = allowed && price_rounds(p, ceiling, &c, s, beaters, fixed, &doubling, &least, &fixing, dual, later);
        if (known) *bound = least >= 0 ? (least + PRICE_SCALE - 1) / PRICE_SCALE : -(-least / PRICE_SCALE);  /* (up) */
        if (known && p->fixing) *p->fixing = fixing;
        for (int r = 0; r < t->n_res && p->fixing && !c.failed; r++)  /* (all 0: the relaxation was not reached) */
            p->fixing->priced |= dual[r] > 0;
        if (p->fixing) memcpy(p->fixing->dual, dual, sizeof dual);
    }
    if (c.failed || !s || !beaters || !ceiling) p->failed = 1;
    doubling_free(&doubling);
    free_columns(&c);
    free(s);
    free(beaters);
    if (ceiling) ceiling_free(ceiling);
    free(ceiling);
    return known;
}
