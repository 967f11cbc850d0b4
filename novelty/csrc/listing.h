/* Listing every word some cards can spell (listing.c), the benchmark's floor. */
#ifndef NOVELTY_LISTING_H
#define NOVELTY_LISTING_H

#include <stdint.h>

/* pieces: rows of (wild kind, letter, letter or -1, how many); return 0 done, 1 out of time, -1 no memory,
 * -2 a step of the index points outside it. */
int list_words(const uint32_t *mask, const uint32_t *first, uint32_t n_nodes, const int32_t *pieces, int n_pieces,
               double deadline, uint64_t *words);

#endif
