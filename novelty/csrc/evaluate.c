/* The play being built (enter, leave), its exact value, and the top K plays.
 *
 * The bounds count what adds up word by word; play-level effects (which longest word Grandiloquent rewards, which
 * word is shorter than which, round motifs, Laconic, the copies' limits across words, Unseen Character) are settled
 * here, exactly, only for plays that could enter the top K.
 */
#include <stdlib.h>
#include <string.h>

#include "packing.h"

/* The words sorted longest first (a stable insertion sort: equal lengths keep their order). */
static void longest_first(int n, const int16_t *lengths, int *order) {
    for (int i = 0; i < n; i++) order[i] = i;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && lengths[order[j]] > lengths[order[j - 1]]; j--) {
            int t = order[j]; order[j] = order[j - 1]; order[j - 1] = t;
        }
}

/* The best total of words with these values, lengths and shorter-word doublers (ruling E2), exactly:
 * a doubler in a word of length L doubles one word shorter than L (forced when there is one), so the
 * choices are nested by length; going from the longest words down, count the doublers available. */
int64_t best_doubling(int n, const int64_t *values, const int16_t *lengths, const int16_t *doublers) {
    int order[MAX_PLAY_WORDS], total_doublers = 0;
    int64_t plain = 0;
    for (int i = 0; i < n; i++) {
        total_doublers += doublers[i];
        plain += values[i];
    }
    if (!total_doublers) return plain;
    longest_first(n, lengths, order);
    int64_t dp[MAX_DOUBLERS + 1], next[MAX_DOUBLERS + 1];
    const int64_t NONE = INT64_MIN / 4;
    for (int k = 0; k <= total_doublers; k++) dp[k] = NONE;
    dp[0] = 0;
    int pending = 0;
    for (int i = 0; i < n;) {
        int j = i;
        while (j < n && lengths[order[j]] == lengths[order[i]]) j++;
        if (pending) {  /* the doublers of every longer word may now choose these */
            for (int k = total_doublers; k >= 0; k--) dp[k] = k >= pending ? dp[k - pending] : NONE;
            pending = 0;
        }
        for (int w = i; w < j; w++) {
            int64_t v = values[order[w]];
            for (int k = 0; k <= total_doublers; k++) next[k] = NONE;
            for (int k = 0; k <= total_doublers; k++) {
                if (dp[k] == NONE) continue;
                for (int a = 0; a <= k; a++) {
                    int64_t candidate = dp[k] + v * ((int64_t)1 << a);
                    if (candidate > next[k - a]) next[k - a] = candidate;
                }
            }
            memcpy(dp, next, sizeof dp);
        }
        for (int w = i; w < j; w++) pending += doublers[order[w]];
        i = j;
    }
    return dp[0];
}

/* A play's words as evaluate() reads them. */
typedef struct {
    int n;
    const int32_t *groups, *options;    /* borrowed: the play's */
    int16_t lengths[MAX_PLAY_WORDS], doublers[MAX_PLAY_WORDS];
    int base_combo[MAX_PLAY_WORDS];     /* the round awards each word takes */
    int longest, most_distinct;
} Words;

/* The round awards (Sesquipedalian, Pangram) each word takes against the other players' words, and Laconic's +5. */
static int64_t round_awards(const Tables *t, const Groups *gs, Words *w) {
    const Params *prm = &t->param;
    if (!prm->round_given || !w->n) return 0;
    int round_longest = w->longest > prm->opp_longest ? w->longest : prm->opp_longest;
    int round_distinct = w->most_distinct > prm->opp_most_distinct ? w->most_distinct : prm->opp_most_distinct;
    for (int bit = 0; bit < t->n_award_bits; bit++) {
        int motif = t->award_motif[bit];
        for (int i = 0; i < w->n; i++) {
            const Group *g = &gs->groups[w->groups[i]];
            if ((motif == MOTIF_sesquipedalian && g->length == round_longest)
                || (motif == MOTIF_pangram && g->distinct == round_distinct))
                w->base_combo[i] |= 1 << bit;
        }
    }
    int fewest = prm->opp_fewest_words;
    return prm->laconic && (fewest <= 0 || w->n <= fewest) ? prm->award_points : 0;
}

/* The best total over which longest word takes Grandiloquent (none when it is not in play); its word into *grand. */
static int64_t best_grandiloquent(const Tables *t, const Groups *gs, const Words *w, int *grand) {
    int64_t best = INT64_MIN;
    int bit = t->grand_bit;
    *grand = -1;
    for (int g = bit >= 0 ? 0 : -1; g < (bit >= 0 ? w->n : 0); g++) {
        if (g >= 0 && w->lengths[g] != w->longest) continue;
        int64_t values[MAX_PLAY_WORDS];
        for (int i = 0; i < w->n; i++)
            values[i] = group_best(gs, w->groups[i], w->base_combo[i] | (i == g ? 1 << bit : 0));
        int64_t total = best_doubling(w->n, values, w->lengths, w->doublers);
        if (total > best) {
            best = total;
            *grand = g;
        }
    }
    return w->n == 0 ? 0 : best;
}

/* Unseen Character: -2 per hand card the play leaves unused (the cards held each option takes). */
static int64_t unseen_penalty(const Pack *p, const Words *w) {
    const Tables *t = p->t;
    int64_t penalty = 0;
    if (!t->param.unseen) return 0;
    for (int r = 0; r < t->n_res; r++) {
        if (!t->res[r].hand) continue;
        int unused = t->res[r].hand;
        for (int i = 0; i < w->n; i++) unused -= field_value(p, p->o.options[w->options[i]].need, r);
        if (unused > 0) penalty -= 2 * unused;
    }
    return penalty;
}

/* The exact total of the chosen groups as a play, and the award combination each word scores under. */
static int64_t evaluate(const Pack *p, int n, const int32_t *chosen, const int32_t *options, int8_t *combos) {
    const Groups *gs = p->gs;
    Words w = {.n = n, .groups = chosen, .options = options};
    for (int i = 0; i < n; i++) {
        const Group *g = &gs->groups[chosen[i]];
        w.lengths[i] = g->length;
        w.doublers[i] = g->doublers;
        if (g->length > w.longest) w.longest = g->length;
        if (g->distinct > w.most_distinct) w.most_distinct = g->distinct;
    }
    int64_t adjust = round_awards(p->t, gs, &w);
    int grand;
    int64_t best = best_grandiloquent(p->t, gs, &w, &grand);
    for (int i = 0; i < n; i++) combos[i] = (int8_t)(w.base_combo[i] | (i == grand ? 1 << p->t->grand_bit : 0));
    return best + adjust + unseen_penalty(p, &w);
}

/* Mark which cards of each word are granted copies, and by which motif (-1: a card held). */
static void grant_copies(const Pack *p, Play *play) {
    const Tables *t = p->t;
    int32_t x[MAX_GRANTS];
    memset(play->granted, -1, sizeof play->granted);
    if (!twin_cover(t, p->play.twin_copies, x)) return;  /* never: the search keeps only plays it can grant */
    for (int w = 0; w < play->n_words; w++) {
        const Option *o = &p->o.options[p->play.options[w]];
        const Group *g = &p->gs->groups[o->group];
        const Placed *seq = group_sequence(p->gs, g, play->combos[w]);
        for (int i = 0; i < o->n_copies; i++) {
            int cls = p->o.pairs[o->copies + i][0], k = p->o.pairs[o->copies + i][1];
            for (int c = g->ncards - 1; c >= 0 && k; c--) {  /* the class's last cards are the copies */
                if (t->scorer.faces[seq[c].face].unit != cls) continue;
                int gi = 0;
                while (t->grant[gi].resource != cls || !x[gi]) gi++;
                x[gi]--;
                play->granted[w][c] = (int8_t)t->grant[gi].copy_motif;
                k--;
            }
        }
    }
}

static int by_id(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* Whether `play` (keyed `key`) is already in the top K: drop the copy found worse (return 0), or return 1 when the
 * one found is as good. */
static int known(Result *r, const Play *play, const int32_t *key) {
    for (int i = 0; i < r->n_plays; i++) {
        const Play *other = &r->plays[i];
        if (other->n_words != play->n_words || memcmp(other->key, key, sizeof(int32_t) * play->n_words)) continue;
        if (other->total >= play->total) return 1;
        memmove(&r->plays[i], &r->plays[i + 1], sizeof(Play) * (size_t)(r->n_plays - i - 1));
        r->n_plays--;
        return 0;
    }
    return 0;
}

/* Put `play` into the top K, best first (earlier found first among equals). */
static void insert_play(Result *r, const Play *play) {
    int at = r->n_plays < r->top ? r->n_plays++ : r->n_plays - 1;
    while (at > 0 && r->plays[at - 1].total < play->total) {
        r->plays[at] = r->plays[at - 1];
        at--;
    }
    r->plays[at] = *play;
}

/* Consider the play being built for the top K, kept best first (earlier found first among equals); the same
 * words found again (the greedy plays, or copies taken differently) count once, at their best. */
void offer(Pack *p) {
    Result *r = p->result;
    Play play;
    play.total = evaluate(p, p->play.n, p->play.groups, p->play.options, play.combos);
    play.n_words = p->play.n;
    memcpy(play.groups, p->play.groups, sizeof(int32_t) * p->play.n);
    memcpy(play.options, p->play.options, sizeof(int32_t) * p->play.n);
    r->evaluated++;
    if (r->n_plays >= r->top && play.total <= r->plays[r->n_plays - 1].total) return;
    int32_t key[MAX_PLAY_WORDS];
    memcpy(key, play.groups, sizeof(int32_t) * play.n_words);
    qsort(key, (size_t)play.n_words, sizeof(int32_t), by_id);
    if (known(r, &play, key)) return;
    memcpy(play.key, key, sizeof key);
    for (int w = 0; w < play.n_words; w++) play.values[w] = group_best(p->gs, play.groups[w], play.combos[w]);
    grant_copies(p, &play);
    budget_publish(p->b, play.total);
    insert_play(r, &play);
}

/* Add option k to the play being built; return whether every repeat motif's copies stay within its limits
 * across the play. leave() undoes it either way. */
int enter(Pack *p, int32_t k) {
    const Tables *t = p->t;
    const Option *o = &p->o.options[k];
    const Group *g = &p->gs->groups[o->group];
    const uint8_t *u = group_units(p->gs, g);
    Building *b = &p->play;
    int ok = 1;
    for (int c = 0; c < g->ncards; c++) {  /* minor copies: a unit per class copied (or one per motif) */
        int unit = u[c], motif = t->unit[unit].copy_motif;
        if (motif < 0) continue;
        if (b->copy_count[unit]++ == 0) b->copy_distinct[motif]++;
        if (b->copy_count[unit] > t->unit[unit].cap || b->copy_distinct[motif] > t->copy[motif].distinct) ok = 0;
    }
    for (int i = 0; i < o->n_copies; i++) b->twin_copies[p->o.pairs[o->copies + i][0]] += p->o.pairs[o->copies + i][1];
    if (o->n_copies && ok) ok = twin_cover(t, b->twin_copies, NULL);
    b->groups[b->n] = o->group;
    b->options[b->n++] = k;
    b->doublers += g->doublers;
    return ok;
}

void leave(Pack *p) {
    const Tables *t = p->t;
    Building *b = &p->play;
    const Option *o = &p->o.options[b->options[--b->n]];
    const Group *g = &p->gs->groups[o->group];
    const uint8_t *u = group_units(p->gs, g);
    for (int c = 0; c < g->ncards; c++) {
        int unit = u[c], motif = t->unit[unit].copy_motif;
        if (motif >= 0 && --b->copy_count[unit] == 0) b->copy_distinct[motif]--;
    }
    for (int i = 0; i < o->n_copies; i++) b->twin_copies[p->o.pairs[o->copies + i][0]] -= p->o.pairs[o->copies + i][1];
    b->doublers -= g->doublers;
}

/* Whether a word of the play has since been found spelled better (the walk went on after the play was scored): its
 * total is then not what its words, written out from their groups' best sequences, score. */
static int stale(const Groups *gs, const Play *play) {
    for (int w = 0; w < play->n_words; w++)
        if (group_best(gs, play->groups[w], play->combos[w]) != play->values[w]) return 1;
    return 0;
}

/* Add the plays of `from` (found before the walk ended) to `into`, best first, the same words once, but none whose
 * words the walk has since spelled better. */
void merge_plays(const Groups *gs, Result *into, const Result *from) {
    for (int i = 0; i < from->n_plays; i++) {
        const Play *play = &from->plays[i];
        if (stale(gs, play)) continue;
        int seen = 0;
        for (int j = 0; j < into->n_plays && !seen; j++)
            seen = into->plays[j].n_words == play->n_words
                   && !memcmp(into->plays[j].key, play->key, sizeof(int32_t) * play->n_words);
        if (seen || (into->n_plays >= into->top && play->total <= into->plays[into->n_plays - 1].total)) continue;
        insert_play(into, play);
    }
}
