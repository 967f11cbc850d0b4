/* Words spelled with a wild, spelled again with a card or a copy of the wild's letter. A walk by value keeps, for a
 * word, the spellings it reached; the cheapest in the cards the other words need may be one it did not: SOWPODS big
 * hand 5's best play holds MUGGING with a Clones copy of g3 and a wild i (26 points), where the bound's rounds found it
 * only with a Double Wild gi (16). Spelling the one word again, along its own letters, within its own units and one
 * more of each resource that can stand in for a wild's letter, takes a few spellings a word, not thousands.
 */
#include <stdlib.h>

#include "groups.h"

/* The letters (0-25) group g's word spells into letters[]; how many. *wild: the letters wild faces spell there, as
 * bits. */
static int spelled(const Tables *t, const Groups *gs, int32_t g, int8_t *letters, uint32_t *wild) {
    const Placed *seq = group_kept_sequence(gs, g);
    int ncards = gs->groups[g].ncards;
    *wild = 0;
    for (int k = 0; k < ncards; k++)
        for (int j = 0; j < 2 && seq[k].letters[j] >= 0; j++)
            if (t->scorer.faces[seq[k].face].wild != WILD_fixed) *wild |= 1u << seq[k].letters[j];
    return sequence_letters(seq, ncards, letters);
}

/* Whether a face of resource r spells one letter, one of `letters` (a card or copy of it, or a wild of one letter). */
static int stands_in(const Tables *t, int r, uint32_t letters) {
    for (int i = 0; i < t->n_res_faces[r]; i++) {
        int face = t->res_faces[r][i];
        const Face *f = &t->scorer.faces[face];
        if (f->wild == WILD_fixed ? f->letter2 < 0 && (letters >> f->letter1 & 1)
                                  : f->wild != WILD_double && (t->face_letters[face] & letters))
            return 1;
    }
    return 0;
}

/* Spell group g's word again within its units and one more of each resource standing in for a letter a wild spells
 * in it, and add to gs those spellings that score more than g. 0, or -1 out of memory. */
static int respell_one(const Tables *t, Groups *gs, Budget *b, int32_t g) {
    int8_t letters[MAX_LETTERS];
    uint32_t wild;
    int n = spelled(t, gs, g, letters, &wild);
    if (!wild) return 0;
    int most[MAX_RESOURCES] = {0};
    group_uses(t, gs, &gs->groups[g], most);
    for (int r = 0; r < t->n_res; r++) most[r] += stands_in(t, r, wild);
    Groups fresh = {0};
    int rc = groups_init(&fresh, gs->n_combos);
    if (rc == 0) rc = walk_spellings(t, &fresh, b, most, letters, n);
    uint8_t *kept = rc == 0 ? calloc(fresh.n_groups ? (size_t)fresh.n_groups : 1, 1) : NULL;
    if (rc == 0 && !kept) rc = -1;
    int64_t own = group_top(gs, g);
    for (int32_t k = 0; rc == 0 && k < fresh.n_groups; k++) kept[k] = group_top(&fresh, k) > own;
    if (rc == 0) rc = groups_adopt(t, gs, &fresh, kept, b);
    free(kept);
    groups_free(&fresh);
    return rc;
}

int respell_wilds(const Tables *t, Groups *gs, Budget *b) {
    int rc = 0;
    for (int32_t g = 0, n = gs->n_groups; g < n && rc == 0 && !b->stopped; g++) rc = respell_one(t, gs, b, g);
    return rc;
}
