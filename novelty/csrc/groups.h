/* The walk's output: every word the cards can spell, grouped by the units it takes, with each group's best card
 * sequence per award combination. Owned by the search (search.c frees it); the walk fills it, the packing reads it.
 */
#ifndef NOVELTY_GROUPS_H
#define NOVELTY_GROUPS_H

#include <stddef.h>

#include "budget.h"
#include "tables.h"

/* Every card sequence spelling a playable word from the same units, with its best scores. */
typedef struct {
    uint64_t hash;
    int32_t units;        /* offset of its sorted unit list in the unit arena */
    int32_t seqs;         /* offset of its best sequence per award combination in the sequence arena */
    int16_t ncards, length, distinct, doublers;
} Group;

typedef struct {
    uint64_t hash;
    int32_t group;        /* group index + 1; 0: empty */
} Slot;

typedef struct {
    int n_combos;                /* award combinations (from the tables) */
    Group *groups;               /* owned, n_groups */
    int64_t *best;               /* owned: n_groups x n_combos, each group's best score per award combination */
    int32_t n_groups;
    size_t cap_groups, cap_best;
    Slot *table;                 /* owned: the groups by hash, open addressing */
    uint32_t table_mask;
    uint8_t *unit_arena;         /* owned: each group's units, sorted */
    size_t unit_used, unit_cap;
    Placed *seq_arena;           /* owned: each group's best sequence per award combination */
    size_t seq_used, seq_cap;
    uint64_t sequences;          /* card sequences spelling a word */
    int walk_done;               /* every word was found */
    int64_t best_word;           /* the best word's score, when best_word_done: the walk for the best words finished */
    int best_word_done;
    int64_t best_word_most;      /* no word scores more (that walk's WordWalk.most) */
    int doubles_walked;          /* every word holding this many shorter-word doubles or more was found (0: not known) */
} Groups;

static inline const uint8_t *group_units(const Groups *gs, const Group *g) { return gs->unit_arena + g->units; }
static inline const Placed *group_sequence(const Groups *gs, const Group *g, int combo) {
    return gs->seq_arena + g->seqs + (size_t)combo * g->ncards;
}
static inline int64_t group_best(const Groups *gs, int32_t g, int combo) {
    return gs->best[(size_t)g * gs->n_combos + combo];
}
/* Group g's best score, over the award combinations. */
static inline int64_t group_top(const Groups *gs, int32_t g) {
    int64_t best = INT64_MIN;
    for (int c = 0; c < gs->n_combos; c++)
        if (group_best(gs, g, c) > best) best = group_best(gs, g, c);
    return best;
}
/* Group g's sequence of its first award combination with one kept (each spells the group's word; the last when
 * none is kept). */
static inline const Placed *group_kept_sequence(const Groups *gs, int32_t g) {
    int combo = 0;
    while (combo < gs->n_combos - 1 && group_best(gs, g, combo) == INT64_MIN) combo++;
    return group_sequence(gs, &gs->groups[g], combo);
}
/* The letters (0-25) of the word the n cards of seq spell, into letters[] (MAX_LETTERS at most): how many. */
static inline int sequence_letters(const Placed *seq, int n, int8_t *letters) {
    int count = 0;
    for (int k = 0; k < n; k++)
        for (int j = 0; j < 2 && seq[k].letters[j] >= 0 && count < MAX_LETTERS; j++) letters[count++] = seq[k].letters[j];
    return count;
}
/* Add the units group g takes of each resource into used[]. */
static inline void group_uses(const Tables *t, const Groups *gs, const Group *g, int *used) {
    const uint8_t *units = group_units(gs, g);
    for (int k = 0; k < g->ncards; k++) used[t->unit[units[k]].resource]++;
}

/* Return `data` with room for `need` items of `size` bytes (capacity in *cap); on failure set *failed. */
void *grow(void *data, size_t *cap, size_t need, size_t size, int *failed);

int groups_init(Groups *gs, int n_combos);   /* 0 ok, -1 out of memory */
/* Copy the groups g of `from` with kept[g] into `to` (initialised, empty), in order, map[i] the group of `from` that
 * to's group i is; 0 ok, -1 out of memory (walk.c). */
int groups_subset(const Groups *from, const uint8_t *kept, Groups *to, int32_t *map);
/* Take every group g of `from` (with kept[g]; kept NULL: every one) into `into` (of the same tables), found there or
 * added, each award combination's best sequence the better of the two, while `into` is under the budget's cap on
 * groups; 0 ok, -1 out of memory (walk.c). */
int groups_adopt(const Tables *t, Groups *into, const Groups *from, const uint8_t *kept, Budget *b);
void groups_free(Groups *gs);
/* Walk every word into `gs` (or only those of the printed cards alone: quick, for a first answer); 0 ok
 * (gs->walk_done says whether every word was found), -1 out of memory (walk.c). */
int walk_words(const Tables *t, Groups *gs, Budget *b, int printed_only);
/* The same, of every word taking at most most[r] units of each resource r (the pool: how many of them may be
 * copies is left to the packing), adding only the groups not found before (a play found may hold those, scored as
 * they were); gs->walk_done is left as it was. */
int walk_left(const Tables *t, Groups *gs, Budget *b, const int *most);
/* The same, of one word only, of these n letters (0-25): its every spelling with the units `most` allows. */
int walk_spellings(const Tables *t, Groups *gs, Budget *b, const int *most, const int8_t *letters, int n);
/* Spell again every group of gs spelling a letter with a wild: its units and one more of each resource a face of one
 * letter of which spells such a letter, adding the spellings that score more (respell.c). 0, or -1 out of memory. */
int respell_wilds(const Tables *t, Groups *gs, Budget *b);
/* Walk every word holding at least `wanted` shorter-word doubles into `gs` (adding only the groups not found before),
 * leaving the parts of the word list where no word holds that many of their letters: 0 (b->stopped says whether it
 * finished), -1 out of memory, 1 nothing walked (no double, no facts, or a double on a wild face). */
int walk_doubling(const Tables *t, Groups *gs, Budget *b, int wanted);

#endif
