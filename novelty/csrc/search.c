/* The whole search, phase by phase, and the packing of the groups found into plays.
 *
 * With a limit (time or work), first the printed cards' words alone are walked and packed (quick, and a good answer
 * when the whole walk cannot finish), then every word until WALK_SHARE of the limit; the packing of what was found
 * has the rest. With the list's facts under a clock alone (big hands), the walks for the words holding two
 * shorter-word doubles, for the words they may double and for the best words come first and
 * the packing's bound from prices is followed by the fill by walking and the packing by prices (the glossary's), side
 * by side on two threads where the walks may share two.
 * Each phase's shares are budget.h's.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "ceiling.h"
#include "doubled.h"
#include "packing.h"

typedef struct ByPrices ByPrices;
static int pack_plays(const Tables *t, const Groups *gs, Budget *b, Result *result, Fixing *fixing,
                      const Fixing *priced, Groups *beaters, ByPrices *side);

/* Whether some resource holds cards other than printed ones of a class of one face (else one walk is enough). */
static int more_than_printed(const Tables *t) {
    for (int r = 0; r < t->n_res; r++)
        if (!t->printed_only[r] && t->res[r].capacity) return 1;
    return 0;
}

/* Walk the printed cards' words and pack them into `early`: a first answer (walk_end: the walk's deadline). */
static int printed_first(const Tables *t, Groups *gs, Budget *b, Result *early, double started, double seconds,
                         double walk_end) {
    double walk_until = started + PRINTED_WALK_SECONDS < walk_end ? started + PRINTED_WALK_SECONDS : walk_end;
    budget_phase(b, seconds > 0 ? walk_until : 0, PRINTED_WALK_WORK);
    int rc = walk_words(t, gs, b, 1);
    if (rc != 0) return rc;
    double share = PRINTED_PACK_SHARE * (walk_end - now_seconds());  /* greedy plays at once, then a short search */
    budget_phase(b, seconds > 0 ? now_seconds() + (share < PRINTED_PACK_SECONDS ? share : PRINTED_PACK_SECONDS) : 0,
                 PRINTED_PACK_WORK);
    return pack_plays(t, gs, b, early, NULL, NULL, NULL, NULL);
}

/* Walk for the best words first, below only the nodes whose ceiling beats the best word found, keeping the words
 * scored in their groups: the search may not reach them in time otherwise (the walk goes in letter order). Until
 * BEST_WORDS_SHARE of the time limit and the `spent` seconds the doubling words' walks took before it. */
static int best_words_first(const Tables *t, const Ceiling *c, Groups *gs, Budget *b, double started, double seconds,
                            double spent, double *walk_share) {
    budget_phase(b, seconds > 0 ? started + seconds * BEST_WORDS_SHARE + spent : 0, BEST_WORDS_WORK);
    uint64_t ticks = b->ticks;
    WordWalk found;
    int rc = walk_best_word(t, c, t->facts, gs, b, 1, &found);
    gs->best_word = found.best;
    gs->best_word_done = found.done;
    gs->best_word_most = found.most;
    if (b->work) *walk_share -= (double)(b->ticks - ticks) / (double)b->work;  /* the work it took, from the walk's */
    return rc;
}

/* When the walk in letter order cannot finish (it reaches only the first letters): walk again below only the nodes
 * whose ceiling beats a floor, keeping every word, the floor from 3/4 of the best word lowered by a quarter after each
 * walk that finishes, until `walk_end`: the words worth most, from the whole list, first. */
static int words_over_floors(const Tables *t, const Ceiling *c, Groups *gs, Budget *b, double walk_end) {
    int rc = 0;
    budget_phase(b, walk_end, 1.0);
    int64_t best = gs->best_word > 0 ? gs->best_word : 0;  /* (INT64_MIN when no word was found in time) */
    for (int64_t floor = best / 4 * 3; floor > 0 && rc == 0 && !b->stopped; floor = floor / 4 * 3) {
        WordWalk found;
        rc = walk_over(t, c, gs, b, floor, &found);
    }
    return rc;
}

/* The words of a fixing's walk that finished (its groups, and the aim it was walked at; INT64_MAX: none yet): every
 * word that may be in a play scoring more than that aim, or any higher. */
typedef struct {
    Groups gs;
    int64_t aim;
} FixedWalk;

/* Whether group g may be in a play scoring more than the fixing's aim: its best, with what it could save under Unseen
 * Character, beats its units at their least prices by more than -gap (the walk at that aim charges no unit less). */
static int may_beat_aim(const Tables *t, const Groups *gs, int32_t g, const Fixing *fixing) {
    int used[MAX_RESOURCES] = {0};
    group_uses(t, gs, &gs->groups[g], used);
    int64_t value = group_top(gs, g), paid = 0;
    for (int r = 0; r < t->n_res; r++) {
        value += unseen_saved(t, r, used[r]);
        paid += fixing->price.cheap[r] * used[r];
    }
    return value * PRICE_SCALE - paid > -fixing->gap;
}

/* The groups of `walked` that may be in a play scoring more than the fixing's aim, into `fixed` (initialised, empty);
 * 0, or -1 when out of memory. */
static int fixed_words(const Tables *t, const FixedWalk *walked, const Fixing *fixing, Groups *fixed) {
    const Groups *gs = &walked->gs;
    uint8_t *kept = malloc(gs->n_groups ? (size_t)gs->n_groups : 1);
    int32_t *map = malloc(sizeof *map * (size_t)(gs->n_groups + 1));
    int rc = kept && map ? 0 : -1;
    for (int32_t g = 0; rc == 0 && g < gs->n_groups; g++) kept[g] = (uint8_t)may_beat_aim(t, gs, g, fixing);
    if (rc == 0) rc = groups_subset(gs, kept, fixed, map);
    free(kept);
    free(map);
    return rc;
}

/* One try of a reduced-cost fixing aimed at `aim` (price.c): the words that may be in a play scoring more than it, and
 * pack them exactly into `found` (top 1, its groups `fixed`), looking only for plays scoring more than `aim` (the
 * packing bounded by the fixing's prices: bound.c). The words are those of `walked` when it was walked at `aim` or
 * lower; else walked for, and (the walk finishing) kept in `walked` for the tries after it. 1 when both finished
 * (found's play, when it scores more than `aim`, is the best play of those words), 0 when one was cut short, -1 when
 * memory ran out. */
static int fixed_try(const Tables *t, Ceiling *c, Budget *b, Fixing *fixing, int64_t aim, FixedWalk *walked,
                     Groups *fixed, Result *found) {
    fixing_aim(fixing, aim);
    memset(found, 0, sizeof *found);
    found->top = 1;
    if (walked->aim > aim) {
        WordWalk walk;
        Groups words = {0};
        int rc = groups_init(&words, t->n_combos);
        if (rc == 0) rc = walk_fixed(t, c, fixing, &words, b, &walk);
        if (rc != 0 || !walk.done) {
            groups_free(&words);
            return rc < 0 ? -1 : 0;
        }
        groups_free(&walked->gs);
        *walked = (FixedWalk){words, aim};
    }
    if (groups_init(fixed, t->n_combos) < 0 || fixed_words(t, walked, fixing, fixed) < 0) return -1;
    fixed->walk_done = 1;  /* every word that counts: its packing is exact */
    fixed->sequences = walked->gs.sequences;
    found->floored = 1;
    found->floor = aim;
    int rc = pack_plays(t, fixed, b, found, NULL, fixing, NULL, NULL);
    return rc < 0 ? -1 : found->pack_done;
}

/* Take the fixing's play `found` (its groups `fixed`) as the best found: its groups replace the search's. */
static void take_fixed(Groups *gs, Result *result, Groups *fixed, const Result *found) {
    fixed->walk_done = 0;  /* (the walk over every word did not finish) */
    fixed->sequences += gs->sequences;
    groups_free(gs);
    *gs = *fixed;
    *fixed = (Groups){0};
    result->n_plays = 1;
    result->plays[0] = found->plays[0];
}

/* With a reduced-cost fixing (price.c), until the phase's deadline: bisect between the best play found B (or a first
 * search's, when better: result->known) and the bound U. A try aimed at A, halfway (B <= A < U), walks the words that
 * may be in a play scoring more than A and packs them exactly: when both finish, a play P scoring more than A is the
 * best play there is (the bound becomes P), else no play scores more than A (the bound becomes A). A try aimed higher
 * keeps fewer words and finishes sooner: each has FIX_TRY_SHARE of the time left, and one cut short is followed by one
 * aimed halfway up to U (a play it found is taken all the same). The last try, aimed at B or again where one was cut
 * short, has the rest. The answer's bound over every word is U (result->word_bound); U = B proves the best play. */
static int prove_fixed(const Tables *t, Ceiling *c, Groups *gs, Budget *b, Result *result, Fixing *fixing) {
    int tries = !past_deadline(b);  /* (their priced paths take 20-60 ms to fill, whatever the clock says) */
    Result *found = tries ? calloc(1, sizeof *found) : NULL;
    if (tries && (!found || ceiling_price(c, fixing->price.cheap, b->threads) < 0)) {
        free(found);
        return -1;
    }
    double deadline = b->deadline;
    int64_t best = result->plays[0].total, upper = (fixing->bound + PRICE_SCALE - 1) / PRICE_SCALE;
    if (result->knows && result->known > best) best = result->known;  /* (a first search's play: the aims are over it) */
    if (result->word_bound_known && result->word_bound < upper) upper = result->word_bound;
    int64_t aim = best + (upper - best) / 2, cut = INT64_MIN;
    FixedWalk walked = {.aim = INT64_MAX};
    int rc = 0;
    while (tries && rc == 0 && best < upper && aim < upper && now_seconds() < deadline) {
        double now = now_seconds();
        budget_phase(b, aim == best || aim == cut ? deadline : now + (deadline - now) * FIX_TRY_SHARE, 1.0);
        Groups fixed = {0};
        rc = fixed_try(t, c, b, fixing, aim, &walked, &fixed, found);
        int64_t most = found->n_plays ? found->plays[0].total : INT64_MIN;
        if (rc >= 0 && most > best) {  /* (a play found by a try cut short counts too) */
            take_fixed(gs, result, &fixed, found);
            best = most;
        }
        if (rc == 1) {
            upper = most > aim ? most : aim;
            rc = 0;
        } else if (rc == 0) {
            cut = aim;  /* (cut short: aimed higher, fewer words) */
            aim = cut >= best ? cut + (upper - cut + 1) / 2 : best + (upper - best) / 2;
            groups_free(&fixed);
            continue;
        }
        groups_free(&fixed);
        aim = best + (upper - best) / 2;
        if (aim <= cut && aim > best) aim = cut;  /* (not from lower than a try cut short: again, with the rest) */
    }
    budget_phase(b, deadline, 1.0);
    groups_free(&walked.gs);
    if (rc == 0 && (!result->word_bound_known || upper < result->word_bound)) {
        result->word_bound = upper;
        result->word_bound_known = 1;
    }
    free(found);
    return rc;
}

/* How far group g's best beats the relaxation's duals (per unit of each resource it takes). */
static double beyond_prices(const Tables *t, const Groups *gs, int32_t g, const double *dual) {
    const Group *group = &gs->groups[g];
    double value = (double)group_top(gs, g);
    const uint8_t *units = group_units(gs, group);
    for (int k = 0; k < group->ncards; k++) value -= dual[t->unit[units[k]].resource];
    return value;
}

typedef struct {
    double value;
    int32_t group;
} Beyond;

static int by_beyond(const void *a, const void *b) {  /* most first, then first found */
    const Beyond *x = a, *y = b;
    if (x->value != y->value) return x->value < y->value ? 1 : -1;
    return (x->group > y->group) - (x->group < y->group);
}

/* The groups by how far they beat the duals, most first (all[i].group); NULL when out of memory. */
static Beyond *rank_by_prices(const Tables *t, const Groups *gs, const double *dual) {
    Beyond *all = malloc(sizeof *all * (gs->n_groups ? (size_t)gs->n_groups : 1));
    if (!all) return NULL;
    for (int32_t g = 0; g < gs->n_groups; g++) all[g] = (Beyond){beyond_prices(t, gs, g, dual), g};
    qsort(all, (size_t)gs->n_groups, sizeof *all, by_beyond);
    return all;
}

/* The plays of a packing of the groups `map` took from gs, as plays of gs (their groups, and the key sorted). */
static void plays_of(Result *found, const int32_t *map) {
    for (int i = 0; i < found->n_plays; i++) {
        Play *play = &found->plays[i];
        for (int w = 0; w < play->n_words; w++) {
            play->groups[w] = map[play->groups[w]];
            int32_t key = play->groups[w];
            int j = w;
            for (; j > 0 && play->key[j - 1] > key; j--) play->key[j] = play->key[j - 1];
            play->key[j] = key;
        }
    }
}

/* Pack exactly the groups kept[g] of gs; its plays join the result's. Whether that packing finished (0), or not (1);
 * -1 out of memory. */
static int pack_kept(const Tables *t, const Groups *gs, Budget *b, Result *result, const uint8_t *kept,
                     int32_t *map) {
    Groups some = {0};
    Result *found = calloc(1, sizeof *found);
    int rc = found && groups_init(&some, gs->n_combos) == 0 ? 0 : -1;
    if (rc == 0) rc = groups_subset(gs, kept, &some, map);
    if (rc == 0) {
        found->top = result->top;
        some.walk_done = 1;  /* (its packing is exact: these groups' best plays) */
        rc = pack_plays(t, &some, b, found, NULL, NULL, NULL, NULL);
    }
    if (rc == 0) {
        plays_of(found, map);
        merge_plays(gs, result, found);
        rc = !found->pack_done;
    }
    groups_free(&some);
    free(found);
    return rc;
}

/* Mark kept[] the groups of the play's words but those in `drop`. */
static void keep_words(const Play *play, uint32_t drop, uint8_t *kept) {
    for (int w = 0; w < play->n_words; w++)
        if (!(drop >> w & 1)) kept[play->groups[w]] = 1;
}

/* Pack exactly the first n groups of `ranked` and the best play's (pack_kept). */
static int pack_ranked(const Tables *t, const Groups *gs, Budget *b, Result *result, const Beyond *ranked, int32_t n,
                       uint8_t *kept, int32_t *map) {
    memset(kept, 0, gs->n_groups ? (size_t)gs->n_groups : 1);
    for (int32_t i = 0; i < n && i < gs->n_groups; i++) kept[ranked[i].group] = 1;
    if (result->n_plays) keep_words(&result->plays[0], 0, kept);
    return pack_kept(t, gs, b, result, kept, map);
}

/* The units of each resource a play's words but those in `drop` leave: of a class, its cards held they leave and as
 * many copies as it and the pool of copies have left: those the dropped words took (with `copies_too`, any). */
static void units_left(const Tables *t, const Groups *gs, const Play *play, uint32_t drop, int copies_too, int *left) {
    int held[MAX_RESOURCES] = {0}, copies[MAX_RESOURCES] = {0}, freed[MAX_RESOURCES] = {0};
    int pool = t->pool_res >= 0 ? t->res[t->pool_res].capacity : 0;
    for (int w = 0; w < play->n_words; w++) {
        const Group *g = &gs->groups[play->groups[w]];
        const Placed *seq = group_sequence(gs, g, play->combos[w]);
        for (int k = 0; k < g->ncards; k++) {
            int r = t->scorer.faces[seq[k].face].resource, copy = play->granted[w][k] >= 0;
            if (drop >> w & 1) {
                freed[r] += copy;
                continue;
            }
            copies[r] += copy;
            held[r] += !copy;
            pool -= copy && t->twin_cap[r];
        }
    }
    for (int r = 0; r < t->n_res; r++) {
        int copies_left = t->twin_cap[r] - copies[r] < pool ? t->twin_cap[r] - copies[r] : pool;
        if (!copies_too && freed[r] < copies_left) copies_left = freed[r];
        left[r] = (t->is_class[r] ? t->real_cap[r] : t->res[r].capacity) - held[r] + (copies_left > 0 ? copies_left : 0);
    }
}

/* Whether group g takes no more units of each resource than left[]. */
static int fits_in(const Tables *t, const Groups *gs, int32_t g, const int *left) {
    int used[MAX_RESOURCES] = {0};
    group_uses(t, gs, &gs->groups[g], used);
    for (int r = 0; r < t->n_res; r++)
        if (used[r] > left[r]) return 0;
    return 1;
}

/* Keep the best play's words but those in `drop`, walk every word the cards they leave can spell (with `copies_too`,
 * and the copies the pool leaves: the walks before may not have reached them, as they went in letter order, or by
 * value over the whole hand) and pack those words exactly beside them (FILL_GROUPS of them at most, the best). */
static int fill_one(const Tables *t, Groups *gs, Budget *b, Result *result, const Play *best, uint32_t drop,
                    int copies_too) {
    int left[MAX_RESOURCES];
    units_left(t, gs, best, drop, copies_too, left);
    int rc = walk_left(t, gs, b, left);
    Beyond *fitting = malloc(sizeof *fitting * (gs->n_groups ? (size_t)gs->n_groups : 1));
    uint8_t *kept = calloc(gs->n_groups ? (size_t)gs->n_groups : 1, 1);
    int32_t *map = malloc(sizeof *map * (gs->n_groups + 1)), n = 0;
    if (rc == 0 && (!fitting || !kept || !map)) rc = -1;
    for (int32_t g = 0; rc == 0 && g < gs->n_groups; g++)
        if (fits_in(t, gs, g, left)) fitting[n++] = (Beyond){(double)group_top(gs, g), g};
    if (rc == 0) {
        qsort(fitting, (size_t)n, sizeof *fitting, by_beyond);
        for (int32_t i = 0; i < n && i < FILL_GROUPS; i++) kept[fitting[i].group] = 1;
        keep_words(best, drop, kept);
        rc = pack_kept(t, gs, b, result, kept, map);
    }
    free(fitting);
    free(kept);
    free(map);
    return rc < 0 ? rc : 0;
}

/* The ways of dropping some of a play's words (all of them but one at most; none first), the fewest cards freed
 * first, into drops[]; how many. */
static uint32_t drops_by_cards(const Groups *gs, const Play *best, uint32_t *drops) {
    uint32_t n = 0, all = (1u << best->n_words) - 1;
    int freed[1u << FILL_WORDS];
    for (uint32_t drop = 0; drop < all || drop == 0; drop++) {  /* insertion by cards freed */
        int cards = 0;
        for (int w = 0; w < best->n_words; w++) cards += drop >> w & 1 ? gs->groups[best->groups[w]].ncards : 0;
        uint32_t at = n++;
        for (; at > 0 && freed[at - 1] > cards; at--) {
            drops[at] = drops[at - 1];
            freed[at] = freed[at - 1];
        }
        drops[at] = drop;
        freed[at] = cards;
    }
    return n;
}

/* The packing by prices on a second thread (start_by_prices), beside the packing's refills and the fill by walking:
 * its own copy of the groups (the search's, then the words the bound's rounds kept, adopted as the search adopts them
 * after the packing: the same numbering), budget, prices and plays, so that the walks adding groups share nothing
 * with it. Its best play is posted after each packing (post_best), and the fill by walking takes it (take_posted):
 * the fill then walks round it as round a better play of its own. */
struct ByPrices {
    const Tables *t;
    Groups groups;   /* owned; read-only once its thread starts (the fill reads its groups' hashes) */
    Budget b;
    Result *result;  /* owned: the search's plays when it started, and its own */
    double dual[MAX_RESOURCES];
    double until;    /* its end, and the fill's: then the fixing's tries (fix_near) or the search's end */
    pthread_t thread;
    int running, rc;
    pthread_mutex_t lock;             /* over what is posted: */
    Play posted;                      /* its best play, when `posts` */
    int posts, taken;                 /* plays posted, and taken (the last one's number) */
};

/* On the second thread: post its best play, when it beats the one posted. */
static void post_best(ByPrices *x, const Result *result) {
    if (!result->n_plays) return;
    pthread_mutex_lock(&x->lock);
    if (!x->posts || result->plays[0].total > x->posted.total) {
        x->posted = result->plays[0];
        x->posts++;
    }
    pthread_mutex_unlock(&x->lock);
}

/* Whether the search's groups hold a play of the packing by prices beside it, over its copy of them: the same group
 * at each of its groups' numbers (by hash). */
static int search_holds(const Groups *gs, const Groups *copy, const Play *play) {
    for (int w = 0; w < play->n_words; w++) {
        int32_t g = play->groups[w];
        if (g >= gs->n_groups || gs->groups[g].hash != copy->groups[g].hash) return 0;
    }
    return 1;
}

/* Take the play the packing by prices beside posted last into the search's plays (side may be NULL or not running),
 * when it is new and its groups are the search's (and their bests: merge_plays). */
static void take_posted(ByPrices *side, const Groups *gs, Result *result) {
    if (!side || !side->running) return;
    pthread_mutex_lock(&side->lock);
    int fresh = side->posts != side->taken, held = fresh && search_holds(gs, &side->groups, &side->posted);
    Play posted = side->posted;
    side->taken = side->posts;
    pthread_mutex_unlock(&side->lock);
    result->beside_lost += fresh && !held;
    Result *one = held ? malloc(sizeof *one) : NULL;
    if (!one) return;
    *one = (Result){.top = result->top, .n_plays = 1};
    one->plays[0] = posted;
    merge_plays(gs, result, one);
    free(one);
}

/* Fill round the best play found by walking: what it leaves, then what it and some of its words leave, the fewest
 * cards freed first (fill_one), from each better play found in turn, while time is left: first with only the copies
 * the dropped words took (a walk of the cards left alone is quick; with one copy of every class the cards left are
 * nearly the whole hand), then with any the pool has left. A better play the packing by prices beside it posts (side:
 * may be NULL) is taken as one of its own. */
static int fill_by_walking(const Tables *t, Groups *gs, Budget *b, Result *result, ByPrices *side) {
    int group_limit = b->group_limit, rc = 0, passes = t->pool_res >= 0 ? 2 : 1;
    for (int copies_too = 0; copies_too < passes && rc == 0; copies_too++) {
        int again = 1;
        while (again && rc == 0 && !b->stopped && !past_deadline(b) && result->n_plays
               && result->plays[0].n_words <= FILL_WORDS) {
            take_posted(side, gs, result);
            Play best = result->plays[0];
            uint32_t drops[1u << FILL_WORDS], n = drops_by_cards(gs, &best, drops);
            again = 0;
            for (uint32_t i = 0; i < n && rc == 0 && !b->stopped && !past_deadline(b) && !again; i++) {
                rc = fill_one(t, gs, b, result, &best, drops[i], copies_too);
                take_posted(side, gs, result);
                again = result->plays[0].total > best.total;  /* (from the better play) */
            }
        }
    }
    b->group_limit = group_limit;  /* (a cap these walks meet leaves nothing out of the answer's search) */
    return rc;
}

/* After the bound from prices (fixing->dual, its relaxation's duals): pack exactly the BY_PRICES_GROUPS groups beating
 * the duals by most, then twice as many while that finishes in time. The packing by worth keeps the groups worth
 * most, however many cards they take, and misses plays of words that fit together; these plays join its. The groups
 * hold the words the bound's rounds found beating their prices (pack_plays' `beaters`): the words the relaxation
 * takes, which the walks by value, cut short, may never reach. Beside the search (`beside`, may be NULL), each
 * packing's best play is posted to it. */
static int pack_by_prices(const Tables *t, const Groups *gs, Budget *b, Result *result, const double *dual,
                          ByPrices *beside) {
    if (past_deadline(b)) return 0;
    Beyond *ranked = rank_by_prices(t, gs, dual);
    uint8_t *kept = malloc(gs->n_groups ? (size_t)gs->n_groups : 1);
    int32_t *map = malloc(sizeof *map * (gs->n_groups + 1));
    int rc = ranked && kept && map ? 0 : -1, option_limit = b->option_limit, state_limit = b->state_limit;
    for (int32_t n = BY_PRICES_GROUPS; rc == 0; n *= 2) {
        rc = pack_ranked(t, gs, b, result, ranked, n, kept, map);
        if (beside) post_best(beside, result);
        if (n >= gs->n_groups || b->stopped) break;
    }
    b->option_limit = option_limit;  /* (a cap these packings meet leaves nothing out of the answer's search) */
    b->state_limit = state_limit;
    free(ranked);
    free(kept);
    free(map);
    return rc < 0 ? rc : 0;
}

static void *by_prices_part(void *arg) {
    ByPrices *x = arg;
    x->rc = pack_by_prices(x->t, &x->groups, &x->b, x->result, x->dual, x);
    return NULL;
}

/* Start the packing by prices on a second thread until `until`, over the groups and the words the bound's rounds kept
 * (`beaters`, may be NULL): x->running says whether it did (no room, or no thread: the search packs by prices itself,
 * after the fill). */
static void start_by_prices(const Tables *t, const Groups *gs, const Groups *beaters, const Budget *b,
                            const Result *result, const double *dual, double until, ByPrices *x) {
    uint8_t *every = malloc(gs->n_groups ? (size_t)gs->n_groups : 1);
    int32_t *map = malloc(sizeof *map * (gs->n_groups + 1));
    *x = (ByPrices){.t = t, .b = *b, .result = malloc(sizeof *x->result), .until = until};
    memcpy(x->dual, dual, sizeof x->dual);
    int ok = every && map && x->result && groups_init(&x->groups, gs->n_combos) == 0;
    if (ok) {
        memset(every, 1, gs->n_groups ? (size_t)gs->n_groups : 1);
        ok = groups_subset(gs, every, &x->groups, map) == 0;  /* (every group, in order: the same numbering) */
    }
    if (ok && beaters) ok = groups_adopt(t, &x->groups, beaters, NULL, &x->b) == 0;
    free(every);
    free(map);
    if (ok) {
        *x->result = *result;
        x->b.caps.options /= BESIDE_CAPS_DIVISOR;  /* (the search's own packing holds its options and states meanwhile) */
        x->b.caps.states /= BESIDE_CAPS_DIVISOR;
        budget_phase(&x->b, until, 1.0);
        ok = pthread_mutex_init(&x->lock, NULL) == 0;
        x->running = ok && pthread_create(&x->thread, NULL, by_prices_part, x) == 0;
        if (ok && !x->running) pthread_mutex_destroy(&x->lock);
    }
    if (!x->running) {
        groups_free(&x->groups);
        free(x->result);
    }
}

/* Wait for the packing by prices (when it runs) and take its plays whose words are the search's groups' (the same
 * group, by its hash, and its best as the play counts it: merge_plays). Its return code, or 0. */
static int join_by_prices(ByPrices *x, const Groups *gs, Result *result) {
    if (!x->running) return 0;
    pthread_join(x->thread, NULL);
    pthread_mutex_destroy(&x->lock);
    x->running = 0;
    result->beside = 1;
    Result *r = x->result;
    int kept = 0;
    for (int i = 0; i < r->n_plays; i++) {
        if (search_holds(gs, &x->groups, &r->plays[i])) r->plays[kept++] = r->plays[i];
        else result->beside_lost++;
    }
    r->n_plays = kept;
    if (x->rc == 0) merge_plays(gs, result, r);
    groups_free(&x->groups);
    free(r);
    return x->rc;
}

/* Until `until`: the fill by walking, and the packing by prices: beside it when that started on a second thread (the
 * fill has all of the time then), else after it. */
static int fill_and_pack_by_prices(const Tables *t, Groups *gs, Budget *b, Result *result, const Fixing *fixing,
                                   double until, ByPrices *side) {
    double now = now_seconds();
    budget_phase(b, side->running ? until : now + (until - now) * FILL_SHARE, 1.0);
    int rc = fill_by_walking(t, gs, b, result, side);
    if (side->running) {
        int side_rc = join_by_prices(side, gs, result);
        return rc < 0 ? rc : side_rc;
    }
    budget_phase(b, until, 1.0);
    return rc == 0 ? pack_by_prices(t, gs, b, result, fixing->dual, NULL) : rc;
}


/* The words holding `wanted` shorter-word doubles or more, which the walks by value and in letter order may not reach
 * (a double is worth little in its own word, and the doubles' words are worth most to a play), with
 * DOUBLING_WALK_SHARE of the walk's time left (until walk_end): those holding two or more before the walk for the best
 * words (those holding the most first: a word doubled by all of them is worth most, and they are few), those holding
 * one after it. */
static int doubling_words(const Tables *t, Groups *gs, Budget *b, double walk_end, int wanted) {
    double now = now_seconds();
    budget_phase(b, now + (walk_end - now) * (wanted > 1 ? DOUBLING_TWO_SHARE : DOUBLING_WALK_SHARE), 1.0);
    int rc = 0;
    for (int most = wanted > 1 ? most_doubles(t) : wanted; most > wanted && rc == 0 && !b->stopped; most--)
        rc = walk_doubling(t, gs, b, most);
    if (rc == 0 && !b->stopped) rc = walk_doubling(t, gs, b, wanted);
    if (rc == 0 && !b->stopped && wanted == 2) gs->doubles_walked = 2;  /* (the bound from prices reads them: price.c) */
    return rc < 0 ? rc : 0;
}

/* Whether the bound from prices is within FIX_NEAR of the best play found (a fixing aimed between them may finish) and
 * the fixing's share of the `left` seconds is FIX_LEAST_SECONDS at least (else the packing by prices has them). */
static int fix_near(const Fixing *fixing, const Result *result, double left) {
    return fixing->known && result->n_plays && result->top == 1 && left * FIX_SHARE >= FIX_LEAST_SECONDS
           && (double)fixing->bound <= (1 + FIX_NEAR) * (double)result->plays[0].total * PRICE_SCALE;
}

/* When the fixing's tries start, from now until `end`: with their share when its bound is near, else at `end`. */
static double fixing_starts(const Fixing *fixing, const Result *result, double end) {
    double now = now_seconds();
    return fix_near(fixing, result, end - now) ? now + (end - now) * (1 - FIX_SHARE) : end;
}

/* One search: walk, pack, within `seconds` (0: no limit) of `started`. */
static int search_once(const Tables *t, Groups *gs, Budget *b, Result *result, double started, double seconds) {
    double cpu = cpu_seconds();
    /* With the list's facts (a big hand under a time limit alone), the packing keeps more time: for a bound over
     * every word, from prices. */
    double share = t->facts && seconds > 0 && !b->work ? PRICED_WALK_SHARE : WALK_SHARE;
    double walk_end = seconds > 0 ? started + seconds * share : 0, end = seconds > 0 ? started + seconds : 0;
    double walk_share = WALK_SHARE - WALK_WORK_HELD_BACK;
    Result *early = NULL;
    Fixing fixing = {.ready = 0};
    ByPrices side = {.running = 0};  /* (the packing by prices beside the packing's refills and the fill) */
    int rc = groups_init(gs, t->n_combos);
    /* Under a time limit alone: with a work limit (decision help, self-play) the answers stay what they were. */
    int ceilings = t->facts && seconds > 0 && !b->work && more_than_printed(t);
    Ceiling *c = ceilings ? malloc(sizeof *c) : NULL;
    if (ceilings && (!c || ceiling_init(c, t) < 0)) rc = -1;
    double doubling_from = now_seconds();
    if (rc == 0 && ceilings) rc = doubling_words(t, gs, b, walk_end, 2);
    if (rc == 0 && ceilings && gs->doubles_walked >= 2) rc = doubled_words(t, c, gs, b, walk_end);
    double spent = now_seconds() - doubling_from;  /* (nothing, but for a hand holding two doubles) */
    if (rc == 0 && ceilings) rc = best_words_first(t, c, gs, b, started, seconds, spent, &walk_share);
    if (rc == 0 && ceilings) rc = doubling_words(t, gs, b, walk_end, 1);
    if (rc == 0 && (seconds > 0 || b->work) && more_than_printed(t)) {
        early = calloc(1, sizeof *early);
        if (early) early->top = result->top;
        rc = early ? printed_first(t, gs, b, early, now_seconds(), seconds, walk_end) : -1;  /* after the best words */
    }
    if (rc == 0) {
        double now = now_seconds();
        budget_phase(b, ceilings ? now + (walk_end - now) * LETTER_WALK_SHARE : walk_end, walk_share);
        rc = walk_words(t, gs, b, 0);
    }
    if (rc == 0 && ceilings && !gs->walk_done && !b->broken_index) rc = words_over_floors(t, c, gs, b, walk_end);
    result->walk_s = now_seconds() - started;
    result->walk_cpu_s = cpu_seconds() - cpu;
    if (rc == 0) {  /* the packing has the rest of the time, and of the work (a quarter of it at least) */
        double left = b->work && b->ticks < b->work ? (double)(b->work - b->ticks) / (double)b->work : 0;
        budget_phase(b, end, left > 1 - WALK_SHARE ? left : 1 - WALK_SHARE);
        Groups beaters = {0};  /* (the words the bound's rounds find beating their prices: for the packings after) */
        if (ceilings && groups_init(&beaters, t->n_combos) < 0) rc = -1;
        if (rc == 0)
            rc = pack_plays(t, gs, b, result, ceilings ? &fixing : NULL, NULL, ceilings ? &beaters : NULL,
                            ceilings && b->threads > 1 ? &side : NULL);  /* (ceilings: no work limit) */
        result->beaters = beaters.n_groups;
        if (rc == 0 && ceilings && groups_adopt(t, gs, &beaters, NULL, b) < 0) rc = -1;
        groups_free(&beaters);
    }
    if (early && rc == 0) merge_plays(gs, result, early);
    free(early);
    if (rc == 0 && fixing.priced && !fixing.ready) {  /* the fixing's tries have a share when its bound is near */
        double until = side.running ? side.until : fixing_starts(&fixing, result, end);
        rc = fill_and_pack_by_prices(t, gs, b, result, &fixing, until, &side);
    }
    int side_rc = join_by_prices(&side, gs, result);  /* (when the search stopped before the fill) */
    if (rc == 0) rc = side_rc;
    if (rc == 0 && fixing.known && result->n_plays && result->top == 1) {  /* (each try aims itself: fixed_try) */
        budget_phase(b, end, 1.0);
        rc = prove_fixed(t, c, gs, b, result, &fixing);
    }
    if (c) ceiling_free(c);
    free(c);
    result->pack_cpu_s = cpu_seconds() - cpu - result->walk_cpu_s;
    return rc;
}

static void pack_start(Pack *p, const Tables *t, const Groups *gs, Budget *b, Result *result) {
    *p = (Pack){.t = t, .gs = gs, .b = b, .result = result};
}

/* Lay the options out: every group's, or (when that cannot prove anything, or does not fit in time or room) the
 * best groups'; *reduced says which. 0 ok, -1 out of memory, -2 too many resource units. */
static int pack_prepare(Pack *p, int *reduced) {
    *reduced = !p->gs->walk_done;
    int rc = prepare(p, *reduced);
    if (rc == LATE) {
        const Fixing *priced = p->priced;
        free_options(p);
        pack_start(p, p->t, p->gs, p->b, p->result);
        p->priced = priced;
        p->result->kept = 0;
        *reduced = 1;
        rc = prepare(p, *reduced);
    }
    return rc < 0 ? rc : bound_init(p);
}

/* The bound on every play, when the search can prove one: set in the result unless it could not be finished. */
static void prove_bound(Pack *p) {
    p->doubling_bound = !p->anytime && p->bonus.n_doubling && doublers_in(p, p->lay.full) <= MAX_CREDITS;
    if (p->anytime) return;
    int64_t root = root_bound(p);
    if (!p->b->stopped && !p->failed) {
        p->result->bound = p->bonus.base + root;
        p->result->bound_known = 1;
    }
}

/* Pack the groups found into the top K plays (result->top), and (fixing, may be NULL) keep the prices of the least
 * bound from prices for a reduced-cost fixing, the words its rounds find beating their prices kept in `beaters` (may be
 * NULL: the caller adds them to the groups for the packings after), and (side, may be NULL) start the packing by prices
 * on a second thread once that bound is known (the caller joins it: join_by_prices); 0 ok, -1 out of memory, -2 too
 * many resource units. */
static int pack_plays(const Tables *t, const Groups *gs, Budget *b, Result *result, Fixing *fixing,
                      const Fixing *priced, Groups *beaters, ByPrices *side) {
    Pack p;
    int reduced;
    pack_start(&p, t, gs, b, result);
    p.priced = priced;  /* (its options are sorted by their prices: options.c) */
    int rc = pack_prepare(&p, &reduced);
    p.fixing = fixing;
    p.beaters = beaters;
    if (p.bonus.n_doubling) p.priced = NULL;  /* (the doubles' bound is the DP's) */
    if (rc < 0) {
        free_options(&p);
        free_bound(&p);
        return rc;
    }
    result->bound_known = 0;
    offer(&p);  /* the empty play */
    greedy(&p);
    p.anytime = reduced;  /* the play is not provable: improve on greedy, bounded quickly */
    /* A double's plays, which greedy plays by worth miss: for an exact packing too under a clock alone (its search may
     * not finish: SOWPODS big hand 2 at 60 s, 588,000 words) */
    if (p.bonus.n_doubling && (p.anytime || (b->deadline > 0 && !b->work)))
        greedy_doubled(&p, b->deadline > 0 ? now_seconds() + (b->deadline - now_seconds()) / IMPROVE_DIVISOR : 1e300);
    /* With the list's facts under a clock (and a fixing to fill: not for a first answer, nor a packing's own), a bound
     * over every word, from prices, comes first (it takes most of what is left) and the exact refills after it (half
     * of what is then left: the packing by prices follows, search.c); else at once. */
    int pricing = fixing && p.anytime && t->facts && b->deadline > 0 && !b->work
                  && b->deadline - now_seconds() >= PRICE_LEAST_SECONDS;
    if (p.anytime && (b->deadline > 0 || b->work_end) && result->n_plays) {
        double divisor = pricing ? IMPROVE_PRICED_DIVISOR : IMPROVE_DIVISOR;  /* (the fixing improves on it too) */
        double until = b->deadline > 0 ? now_seconds() + (b->deadline - now_seconds()) / divisor : 1e300;
        uint64_t until_tick = b->work_end > b->ticks ? b->ticks + (b->work_end - b->ticks) / IMPROVE_DIVISOR : 0;
        improve(&p, until, until_tick);
        if (!pricing) refill_exactly(&p, until, until_tick);
    }
    prove_bound(&p);
    if (pricing) {
        double end = b->deadline, now = now_seconds();
        budget_phase(b, now + (end - now) * PRICE_FIRST_SHARE, 1.0);  /* a first round that finishes: a bound */
        result->word_bound_known = price_bound(&p, &result->word_bound, now + (end - now) * PRICE_SHARE);
        budget_phase(b, now_seconds() + (end - now_seconds()) * RESPELL_SHARE, 1.0);  /* before the packings */
        if (beaters && respell_wilds(t, beaters, b) < 0) p.failed = 1;
        if (side && fixing && fixing->priced && !fixing->ready && now_seconds() < end
            && gs->n_groups + (beaters ? beaters->n_groups : 0) <= BESIDE_GROUPS_MAX)
            start_by_prices(t, gs, beaters, b, result, fixing->dual, fixing_starts(fixing, result, end), side);
        if (fixing && fixing->priced && !fixing->ready) end = now_seconds() + (end - now_seconds()) * (1 - BY_PRICES_SHARE);
        budget_phase(b, end, 1.0);
        if (result->n_plays && !(fixing && fixing->ready)) refill_exactly(&p, end, 0);
    }
    if (fixing && fix_near(fixing, result, b->deadline - now_seconds()))  /* the fixing's tries have a share: prove_fixed */
        budget_phase(b, now_seconds() + (b->deadline - now_seconds()) * (1 - FIX_SHARE), 1.0);
    if (!fixing || !fixing->ready) branch(&p);  /* (else the fixing's packing has the time) */
    if (p.anytime) fill(&p);  /* the short words a search stopped on its clock left out */
    result->pack_done = !b->stopped && !p.failed && !reduced;
    free_options(&p);
    free_bound(&p);
    return p.failed ? -1 : 0;
}

/* Take the scout's answer instead of the search's: its groups and plays; the search's bound over every word stays
 * (it holds for every play), and its times and counts are the two searches' together. */
static void take_scout(Groups *gs, Result *result, Groups *scout_gs, Result *scout) {
    scout_gs->sequences += gs->sequences;
    scout->word_bound = result->word_bound;
    scout->word_bound_known = result->word_bound_known;
    scout->walk_s += result->walk_s;
    scout->walk_cpu_s += result->walk_cpu_s;
    scout->pack_cpu_s += result->pack_cpu_s;
    scout->nodes += result->nodes;
    scout->evaluated += result->evaluated;
    groups_free(gs);
    *gs = *scout_gs;
    *scout_gs = (Groups){0};
    *result = *scout;
}

/* A first search (`first`: the tables, or the same without the list's facts) with `first_seconds` of the limit, its
 * answer kept when it proves its play or beats the search with the rest of the time. */
static int first_then(const Tables *first, const Tables *t, Groups *gs, Budget *b, Result *result, double started,
                      double seconds, double first_seconds) {
    Groups scout_gs = {0};
    Result *scout = calloc(1, sizeof *scout);
    if (!scout) return -1;
    scout->top = result->top;
    /* (a doubling hand's scout scouts too, search_plays: a search of 60 s answers at least what one of 12 s would,
     * which answers at least what one of 2.4 s would) */
    int rc = first == t ? search_plays(t, &scout_gs, b, scout, started, first_seconds)
                        : search_once(first, &scout_gs, b, scout, started, first_seconds);
    if (rc == 0 && scout_gs.walk_done && scout->pack_done) {  /* proved: nothing more to search */
        take_scout(gs, result, &scout_gs, scout);
    } else if (rc == 0) {
        double now = now_seconds();
        if (scout->n_plays) {
            result->knows = 1;
            result->known = scout->plays[0].total;
        }
        rc = search_once(t, gs, b, result, now, seconds - (now - started));
        int proved = (gs->walk_done && result->pack_done)
                     || (result->word_bound_known && result->n_plays && result->word_bound == result->plays[0].total);
        if (rc == 0 && !proved && scout->n_plays
            && (!result->n_plays || scout->plays[0].total > result->plays[0].total))
            take_scout(gs, result, &scout_gs, scout);
    }
    groups_free(&scout_gs);
    free(scout);
    return rc;
}

/* The cards held (hand and pool; copies and granted wilds aside). */
static int cards_held(const Tables *t) {
    int n = 0;
    for (int r = 0; r < t->n_res; r++)
        if (t->res[r].kind == RES_KIND_cards) n += t->is_class[r] ? t->real_cap[r] : t->res[r].capacity;
    return n;
}

/* With the list's facts under a clock: a hand of fewer than PLAIN_FIRST_CARDS cards, whose walk over every word may
 * well finish, first searches as a smaller hand does (no facts: every phase's time for the walk and the exact
 * packing) with PLAIN_FIRST_SHARE of the limit, and only when that proves nothing searches with the facts (the bound
 * from prices) for the rest. Under a long limit, a big hand searches a scout first: the search with SCOUT_SHARE of
 * the limit (SCOUT_SECONDS at most), its answer kept when it proves its play or beats the longer search's, so that
 * more time never answers worse than a short search would (each phase's shares follow the limit: a longer search
 * keeps other words and plays). A hand holding shorter-word doubles takes a fifth of any limit, its scout scouting
 * in turn: its best plays double a word by words worth little, which a packing of more words may lose (SOWPODS big
 * hand 2 answered 637 in 10 s and 476 in 60 s with a 2 s scout); a hand holding none keeps the longer walk, which
 * proves more (TWL big hand 5 at 60 s: proved in 32 s after a 2 s scout, not at all after a 12 s one). */
int search_plays(const Tables *t, Groups *gs, Budget *b, Result *result, double started, double seconds) {
    if (!t->facts || b->work || seconds <= 0 || !more_than_printed(t))
        return search_once(t, gs, b, result, started, seconds);
    if (cards_held(t) < PLAIN_FIRST_CARDS) {
        Tables *plain = malloc(sizeof *plain);
        if (!plain) return -1;
        *plain = *t;
        plain->facts = NULL;
        int rc = first_then(plain, t, gs, b, result, started, seconds, seconds * PLAIN_FIRST_SHARE);
        free(plain);
        return rc;
    }
    if (seconds < SCOUT_FROM) return search_once(t, gs, b, result, started, seconds);
    double scouting = seconds * SCOUT_SHARE;
    if (!most_doubles(t) && scouting > SCOUT_SECONDS) scouting = SCOUT_SECONDS;
    return first_then(t, t, gs, b, result, started, seconds, scouting);
}
