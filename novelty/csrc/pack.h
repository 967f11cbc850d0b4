/* The packing's results: the top K plays, and what the search proved. */
#ifndef NOVELTY_PACK_H
#define NOVELTY_PACK_H

#include "groups.h"

#define MAX_PLAY_WORDS 24
#define MAX_DOUBLERS 48

typedef struct {
    int64_t total;
    int n_words;
    int32_t groups[MAX_PLAY_WORDS];
    int32_t options[MAX_PLAY_WORDS]; /* how each group takes its cards (the packing's own numbering) */
    int32_t key[MAX_PLAY_WORDS];     /* the groups, sorted: the same words found twice are one play */
    int8_t combos[MAX_PLAY_WORDS];   /* the award combination each word scores under */
    int64_t values[MAX_PLAY_WORDS];  /* each word's score then: its group's best under its combination */
    int8_t granted[MAX_PLAY_WORDS][MAX_CARDS_IN_WORD];  /* per card: the repeat motif granting it as a copy, or -1 */
} Play;

typedef struct {
    int top;
    int n_plays;
    Play plays[MAX_TOP];
    int64_t bound;                   /* no play of the groups found scores more (when bound_known) */
    int bound_known;
    int64_t word_bound;              /* no play of any words scores more (when word_bound_known): price.c */
    int word_bound_known;
    int pack_done;
    int floored;                     /* only plays scoring more than `floor` are wanted (a fixing's packing: search.c) */
    int64_t floor;
    int knows;                       /* a play scoring `known` was found by a first search (search.c first_then) */
    int64_t known;
    uint64_t nodes, evaluated, states;
    int32_t kept;                    /* groups left after dominance */
    int32_t beaters;                 /* words the bound's rounds found beating their prices, kept for the packings */
    int beside;                      /* the packing by prices ran on a second thread, beside the refills and the fill */
    int beside_lost;                 /* ... and found plays whose groups were not the search's (never, unless a bug) */
    double walk_s;                   /* seconds until the walk ended */
    double walk_cpu_s, pack_cpu_s;   /* this thread's CPU time in the walk and the packing */
} Result;

/* The whole search, the one entry point: walk, pack, within `seconds` (0: no limit) of `started` (search.c). */
int search_plays(const Tables *t, Groups *gs, Budget *b, Result *result, double started, double seconds);
/* The best total of words with these values, lengths and shorter-word doublers (evaluate.c). */
int64_t best_doubling(int n, const int64_t *values, const int16_t *lengths, const int16_t *doublers);

#endif
