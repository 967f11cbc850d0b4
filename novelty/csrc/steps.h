/* The step index: the word list letter by letter, as the walk and the listing read it.
 *
 * Nodes are numbered breadth-first with siblings in letter order. mask[n] has bit c when the child for letter c
 * exists and bit 26 when the path to n spells a word; the child for c is first[n] plus the number of n's children
 * before c. The index comes from a file, so a step outside it is reported (STEP_BROKEN), never followed: only the
 * steps a search takes are checked, not all of them before each search.
 */
#ifndef NOVELTY_STEPS_H
#define NOVELTY_STEPS_H

#include "core.h"

#define ALL_LETTERS ((1u << 26) - 1)
#define VOWEL_LETTERS ((1u << 0) | (1u << 4) | (1u << 8) | (1u << 14) | (1u << 20))
#define Y_LETTER (1u << 24)
#define MIN_WORD_LENGTH 4

enum { STEP_NONE = -1, STEP_BROKEN = -2 };

typedef struct {
    const uint32_t *mask, *first;   /* borrowed from the caller (the word list's index), n_nodes each */
    uint32_t n_nodes;
} Steps;

/* The letters some word continues with after `node`, as bits. */
static inline uint32_t steps_letters(const Steps *st, uint32_t node) { return st->mask[node] & ALL_LETTERS; }

/* Whether the path to `node` spells a word. */
static inline int steps_is_word(const Steps *st, uint32_t node) { return (st->mask[node] >> 26) & 1; }

/* The node reached from `node` by `letter`: STEP_NONE when no word goes on so, STEP_BROKEN when the index points
 * outside itself. */
static inline int32_t steps_child(const Steps *st, uint32_t node, int letter) {
    uint32_t bits = st->mask[node], bit = 1u << letter;
    if (!(bits & bit)) return STEP_NONE;
    uint32_t next = st->first[node] + (uint32_t)count_bits(bits & (bit - 1));
    if (__builtin_expect(next >= st->n_nodes, 0)) return STEP_BROKEN;
    return (int32_t)next;
}

/* Fetch the steps of node's children from memory (while something else is done). */
static inline void steps_prefetch_children(const Steps *st, uint32_t node) {
    if ((st->mask[node] & ALL_LETTERS) && st->first[node] < st->n_nodes) {
        __builtin_prefetch(&st->mask[st->first[node]]);
        __builtin_prefetch(&st->first[st->first[node]]);
    }
}

/* The letters a card of wild kind `kind` may spell (its first letter, for a Double Wild); none for a fixed card. */
static inline uint32_t wild_spells(int kind) {
    switch (kind) {
    case WILD_any: case WILD_double: return ALL_LETTERS;
    case WILD_consonant: return ALL_LETTERS & ~VOWEL_LETTERS;
    case WILD_vowel: return VOWEL_LETTERS | Y_LETTER;
    }
    return 0;
}

#endif
