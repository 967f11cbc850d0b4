/* Dominance between groups, before the packing (prune.c). */
#ifndef NOVELTY_PRUNE_H
#define NOVELTY_PRUNE_H

#include "groups.h"

/* Set kept[g] to 0 for each kept group (kept[g] 1) that `enough` kept groups dominate; lowest/highest: each group's worth at
 * its worst and best, Unseen Character credit included; stop at `until` (CLOCK_MONOTONIC seconds, 0: never).
 * Return 0, or -1 when out of memory. */
int prune_groups(const Tables *t, const Groups *gs, const int64_t *lowest, const int64_t *highest, int enough,
                 double until, uint8_t *kept);

#endif
