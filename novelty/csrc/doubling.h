/* The doubling allowance (doubling.c): what shorter-word doubles may add to a play, for the bound from prices. */
#ifndef NOVELTY_DOUBLING_H
#define NOVELTY_DOUBLING_H

#include "ceiling.h"
#include "packing.h"

/* What is known of the words shorter-word doubles may double: word[j], the most a word doubled j times scores
 * (1 <= j <= most: the best word), and their limits. */
typedef struct {
    int most;
    int64_t word[31];
    Within within[31];  /* the limits of a word doubled j times (`known` not kept; `letters`: the most letters it
                         * holds, so the most units it takes) */
    uint8_t given[31][MAX_RESOURCES];  /* their `given`: of the one class holding every double, j units */
    /* When the words holding two doubles or more are known (apart): the limits of a word doubled j times when each
     * word holding its doubles holds one (one[j]), and when one holds two or more (two[j]: it fits beside one of
     * `holders`, longer than it); a limit of fewer than MIN_WORD_LENGTH letters: no such word. */
    int apart;
    Within one[31], two[31];
    Holders holders;   /* owned (doubling_free) */
    double walk_time;  /* seconds for the walks within those limits, after the price rounds (price.c) */
} Doubling;

/* The most letters a play may hold: every unit there is, two for a two-letter card or a copy (price.c). */
int most_letters(const Tables *t);

/* Work out what shorter-word doubles may add (*d) and the limits of the words they double, keeping part of the time
 * to the phase's deadline for the walks within them: 0, or -1 when there are more than 30 doubles. */
int doubling_allowance(const Pack *p, const Ceiling *c, Doubling *d);
void doubling_free(Doubling *d);

/* What doubling the word doubled j times adds to a play, at most: (2^j - 1) times the most it scores (no more than
 * cap[j], as doubling_at's; at most a quarter of INT64_MAX). */
int64_t doubling_term(const Doubling *d, const int64_t *cap, int j);
/* What the doubles may add to a play, no word doubled j times scoring more than cap[j] (1 <= j <= d->most; cap NULL:
 * no cap). */
int64_t doubling_at(const Doubling *d, const int64_t *cap);
/* The most sum of term[j_i] over the ways of splitting the doubles into words doubled j_i times (every term[j] >= 0,
 * 1 <= j <= d->most; at most a quarter of INT64_MAX). */
int64_t doubling_split(const Doubling *d, const int64_t *term);
/* The same, and (taken, 31 entries) how many words doubled j times one of the most splits takes: lowering a term it
 * does not take cannot lower it. */
int64_t doubling_split_taking(const Doubling *d, const int64_t *term, int *taken);

#endif
