/* The words a play's doubles double (doubled.c). */
#ifndef NOVELTY_DOUBLED_H
#define NOVELTY_DOUBLED_H

#include "ceiling.h"

/* The words holding two shorter-word doubles or more (walked before: doublers >= 2), longest first, then first
 * found: into *h the units each takes, its letters and its doubles (30 at most). 0, or -1 out of memory (*h then
 * holds nothing). */
int holders_of(const Tables *t, const Groups *gs, Holders *h);

/* Walk for the words the words holding two shorter-word doubles or more (in gs: walked before) may double, keeping
 * them in gs: with DOUBLED_WORDS_SHARE of the walk's time left (until walk_end), the best word of each length shorter
 * than the longest of those, holding none, each length an equal part of it, every word those walks score kept; then,
 * with DOUBLED_PAIRS_SHARE of what is left, the best word within what each pair of them that fit together leaves,
 * shorter than both, each one better than those before kept in its every spelling. 0, or -1 out of memory. */
int doubled_words(const Tables *t, const Ceiling *c, Groups *gs, Budget *b, double walk_end);

#endif
