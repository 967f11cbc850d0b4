/* What one search may spend: its clock, its work, what it may hold, and why it stopped.
 *
 * A search runs in phases (search.c): each has a deadline and a share of the work limit. Every step of search (a
 * walk node, a state of the bound's tables, a packing node, a few bitset words read) is a tick; the clock is read
 * every CLOCK_EVERY ticks, so a deadline is kept without a system call per step, and a work limit (ticks in all)
 * gives the same answer however busy the machine is.
 */
#ifndef NOVELTY_BUDGET_H
#define NOVELTY_BUDGET_H

#include <stdint.h>

/* How a search with a limit shares it out (search.c, options.c, greedy.c): the search's policy, in one place. */
#define WALK_SHARE 0.75              /* of a time limit: the word walk; the packing of what it found has the rest */
#define WALK_WORK_HELD_BACK 0.07     /* of the work limit: kept from the walk's share for the packing's first plays */
#define BEST_WORDS_SHARE 0.25        /* of a time limit: first, the best words (below nodes whose ceiling beats them) */
#define DOUBLING_WALK_SHARE 0.2      /* of the walk's time left then: the words holding one shorter-word double
                                      * (after the best words) */
#define DOUBLING_TWO_SHARE 0.4       /* the same: the words holding two or more (before the best words, which have
                                      * the time these walks took besides their own share: the doubling bound reads
                                      * both, price.c) */
#define DOUBLED_WORDS_SHARE 0.15     /* of the walk's time left then: the best word of each length they may double */
#define DOUBLED_PAIRS_SHARE 0.15     /* of the walk's time left then: the best word within what each pair of them leaves
                                      * (doubled.c) */
#define LETTER_WALK_SHARE 0.3       /* of the walk's time left then: the walk in letter order, before walks by value */
#define BEST_WORDS_WORK 0.2          /* of the work limit: the same, taken from the walk's share */
#define PRINTED_WALK_SECONDS 0.035   /* at most: the first walk, of the printed cards alone */
#define PRINTED_WALK_WORK 0.05       /* of the work limit: the same */
#define PRINTED_PACK_SHARE 0.1       /* of the walk's time left: packing the printed cards' words */
#define PRINTED_PACK_SECONDS 0.025   /* at most: the same */
#define PRINTED_PACK_WORK 0.02       /* of the work limit: the same */
#define PRUNE_SHARE 0.4              /* of the packing's time: dominance between groups */
#define OPTIONS_SHARE 0.7            /* of the packing's time: every option laid out by then, or a reduced packing */
#define MORE_OPTIONS_SHARE 0.1       /* of what is left: a reduced packing's options beyond the fewest copies */
#define MORE_OPTIONS_WORK_DIVISOR 10 /* the same, of the work left */
#define SCOUT_FROM 5.0               /* seconds: a time limit this long or longer searches a scout first ... */
#define SCOUT_SHARE 0.2              /* ... with this share of the limit ... */
#define SCOUT_SECONDS 2.0            /* ... and at most this long, but for a hand holding shorter-word doubles (its scout
                                      * then scouting in turn) */
#define PLAIN_FIRST_CARDS 17         /* fewer cards (with the list's facts): a search without them first ... */
#define PLAIN_FIRST_SHARE 0.5        /* ... with this share of the limit (search.c) */
#define PRICED_WALK_SHARE 0.3       /* of a time limit, instead of WALK_SHARE, when the bound from prices follows */
#define PRICE_SHARE 0.8              /* of what is left then: a bound over every word, from prices (price.c) ... */
#define PRICE_FIRST_SHARE 0.95       /* ... its first round, without which there is none, this much ... */
#define PRICE_LEAST_SECONDS 0.1      /* ... when the packing has this long left at least (its priced paths alone take
                                      * 20-60 ms to fill, whatever the clock says) */
#define RESPELL_SHARE 0.1            /* of what is left after it, at most: its rounds' words spelled again (respell.c) */
#define BY_PRICES_SHARE 0.5          /* of what is left after it: the packing of the groups beating its prices most
                                      * (beside the others on a second thread: all of it, and the refills keep the
                                      * rest of theirs for the fill by walking) */
#define BY_PRICES_GROUPS 256         /* ... of that many groups first (then twice as many, while it finishes) */
#define BESIDE_GROUPS_MAX 262144     /* ... beside the fill when the groups are this many at most: it packs a copy of
                                      * them (about 180 bytes a group: 47 MB at this many; with more it runs after
                                      * the fill) */
#define BESIDE_CAPS_DIVISOR 4        /* ... its options and states capped at this part of the search's caps */
#define FIX_NEAR 0.25                /* of the best play found: a bound from prices this near it ... */
#define FIX_SHARE 0.8                /* ... keeps this share of what is left after it for the fixing's tries (search.c) */
#define FIX_LEAST_SECONDS 0.4        /* ... when that share is this long at least (a shorter one proves nothing on a big
                                      * hand: its tries' priced paths take 20-60 ms to fill and their walks are cut
                                      * short; the packing by prices has the time) */
#define FIX_TRY_SHARE 0.5            /* of what is left: a fixing's try aimed over the best play found, at most */
#define FILL_SHARE 0.3               /* of what is left then: walks of the cards the best play leaves (search.c; all
                                      * of it when the packing by prices runs beside them) */
#define FILL_GROUPS 1024             /* ... and an exact packing of that many of their words, the best, beside it */
#define FILL_WORDS 8                 /* ... round a best play of at most this many words */
#define IMPROVE_DIVISOR 3            /* a third of what is left: local search, when nothing can be proved ... */
#define IMPROVE_PRICED_DIVISOR 6     /* ... a sixth when the bound from prices follows (its rounds want the time) */
#define GREEDY_STARTS_TIMED 32       /* greedy plays from the best options, under a time limit ... */
#define GREEDY_STARTS 4              /* ... and without one (the exact search follows at once) */
#define MIN_PACKED 1024              /* the best groups a reduced packing takes even out of time (a real play) */
#define CLOCK_EVERY 1024             /* ticks between readings of the clock */

typedef struct {
    int64_t groups;          /* groups the walk keeps */
    int64_t options;         /* options the packing lays out */
    int64_t states;          /* states the bound's tables hold, all of them together */
    int64_t anytime_groups;  /* groups an unprovable packing takes: the best by worth */
} Caps;

typedef struct {
    Caps caps;               /* what one search may hold (novelty/search.py documents them) */
    uint64_t work;           /* at most this many ticks in all (0: no limit) */
    double deadline;         /* this phase's end, CLOCK_MONOTONIC seconds; 0: none */
    uint64_t work_end;       /* this phase's last tick (0: no work limit) */
    uint64_t ticks;          /* steps of search so far */
    uint64_t next_clock;     /* the tick at which the clock is read next */
    int stopped;             /* this phase is out of time or work, or the search must stop */
    int broken_index;        /* a step pointed outside the index: the search stopped, its answer is refused */
    int group_limit;         /* the walk met caps.groups: words were left out */
    int option_limit;        /* the packing met caps.options: ways of taking cards were left out */
    int state_limit;         /* the bound's tables met caps.states: the search stopped */
    int64_t *progress;       /* borrowed (may be NULL): the best total found so far is published here */
    int threads;             /* the threads a walk that prunes may share under a clock alone (walk.c walk_shared) */
} Budget;

double now_seconds(void);
double cpu_seconds(void);     /* this thread's CPU time */

/* Read the clock: whether this phase's deadline has passed (slow path of out_of_time). */
int budget_clock(Budget *b);

/* Count one step of search; return whether the phase must stop. */
static inline int out_of_time(Budget *b) {
    if (b->stopped) return 1;
    b->ticks++;
    if (b->work_end && b->ticks > b->work_end) b->stopped = 1;
    else if (b->deadline > 0 && b->ticks >= b->next_clock) b->stopped = budget_clock(b);
    return b->stopped;
}

/* Whether this phase's deadline has passed, read now (out_of_time reads the clock only every CLOCK_EVERY ticks): a
 * phase whose first work comes before any reading of the clock (a packing laying its options out, a fixing filling
 * its priced paths) is left when it has. */
static inline int past_deadline(const Budget *b) { return b->deadline > 0 && now_seconds() >= b->deadline; }

/* Start a phase: it stops at `deadline` (0: none) or after `share` of the work limit (when there is one). */
void budget_phase(Budget *b, double deadline, double share);

/* Publish a total found (a watcher thread reads it). */
void budget_publish(Budget *b, int64_t total);

#endif
