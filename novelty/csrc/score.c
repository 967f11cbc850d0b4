/* The word scorer: the compiled twin of novelty.scoring.score_checked_word.
 *
 * A word's cards start at their printed points; card effects and motifs are events on one value per
 * card plus word-level points. Motifs keep their flip order; card additions go first and card
 * multiplications last (or, with motifs_after_cards, card multiplications before the motifs), which is
 * the best order because every addition is non-negative and every factor at least 2. Each Y is a vowel
 * or a consonant, chosen to the player's best (unless its card says which).
 */
#include "core.h"

typedef struct {
    int n;                         /* letters */
    int m;                         /* cards */
    int8_t text[MAX_LETTERS];
    int8_t vowel[MAX_LETTERS];
    int start[MAX_CARDS_IN_WORD];  /* first letter of each card */
    int width[MAX_CARDS_IN_WORD];
    const Face *face[MAX_CARDS_IN_WORD];
    uint32_t seen, twice, thrice;  /* letters the word holds at least once, twice, three times */
    int red, blue;                 /* letters on red cards, on blue cards */
    int effects[MAX_CARDS_IN_WORD], n_effects;  /* the cards with an effect on this word (most have none) */
} View;

typedef struct {
    int64_t value[MAX_CARDS_IN_WORD];
    int64_t extra;                 /* word-level points */
    int64_t award[N_AWARDS];       /* what one point of each award adds: 0 before its motif, then the word's factors */
} State;

static inline int is_vowel_letter(int c) { return c == 0 || c == 4 || c == 8 || c == 14 || c == 20; }

static int vowels(const View *v) {
    int k = 0;
    for (int p = 0; p < v->n; p++) k += v->vowel[p];
    return k;
}

/* Letter positions touching card i: before its first letter and after its last. */
static int touching(const View *v, int i, int out[2]) {
    int k = 0, before = v->start[i] - 1, after = v->start[i] + v->width[i];
    if (before >= 0) out[k++] = before;
    if (after < v->n) out[k++] = after;
    return k;
}

static int holds_position(const View *v, int i, int pos) {
    return pos >= v->start[i] && pos < v->start[i] + v->width[i];
}

static int any_wild(const View *v) {
    for (int i = 0; i < v->m; i++)
        if (v->face[i]->is_wild) return 1;
    return 0;
}

static int condition_holds(const View *v, int i) {
    const Face *f = v->face[i];
    int t[2], k;
    switch (f->condition) {
    case COND_first_letter: return holds_position(v, i, 0);
    case COND_second_letter: return holds_position(v, i, 1 % v->n);
    case COND_third_letter: return holds_position(v, i, 2 % v->n);
    case COND_last_letter: return holds_position(v, i, v->n - 1);
    case COND_second_to_last_letter: return holds_position(v, i, ((v->n - 2) % v->n + v->n) % v->n);
    case COND_third_to_last_letter: return holds_position(v, i, ((v->n - 3) % v->n + v->n) % v->n);
    case COND_not_last_letter: return !holds_position(v, i, v->n - 1);
    case COND_min_length: return v->n >= f->length;
    case COND_no_wilds: return !any_wild(v);
    case COND_adjacent_vowel:
        k = touching(v, i, t);
        for (int j = 0; j < k; j++) if (v->vowel[t[j]]) return 1;
        return 0;
    case COND_adjacent_consonant:
        k = touching(v, i, t);
        for (int j = 0; j < k; j++) if (!v->vowel[t[j]]) return 1;
        return 0;
    }
    return 0;
}

static int count_for(const View *v, int i) {
    int t[2], k, c = 0;
    switch (v->face[i]->per) {
    case COUNT_vowel_in_word: return vowels(v);
    case COUNT_letter_in_word: return v->n;
    case COUNT_letter_to_left: return v->start[i];
    case COUNT_letter_to_right: return v->n - v->start[i] - v->width[i];
    case COUNT_adjacent_vowel:
        k = touching(v, i, t);
        for (int j = 0; j < k; j++) c += v->vowel[t[j]];
        return c;
    case COUNT_adjacent_consonant:
        k = touching(v, i, t);
        for (int j = 0; j < k; j++) c += !v->vowel[t[j]];
        return c;
    }
    return 0;
}

static void apply(State *s, const View *v, int target, int op, int64_t amount) {
    if (target < 0) {  /* the whole word */
        if (op == OP_add) {
            s->extra += amount;
        } else {
            for (int i = 0; i < v->m; i++) s->value[i] *= amount;
            s->extra *= amount;
            for (int a = 0; a < N_AWARDS; a++) s->award[a] *= amount;
        }
    } else if (op == OP_add) {
        s->value[target] += amount;
    } else {
        s->value[target] *= amount;
    }
}

/* Apply card i's effect if it is of the wanted op (a shorter-word double is a play-level effect). */
static void card_effect(State *s, const View *v, int i, int want_op) {
    const Face *f = v->face[i];
    int op = f->op, m = v->m;
    if (op != want_op || f->target == TARGET_shorter_word) return;
    int64_t amount = f->amount;
    switch (f->target) {
    case TARGET_self:
        if (f->condition != COND_none) {
            if (condition_holds(v, i)) apply(s, v, i, op, amount);
        } else if (f->per != COUNT_none) {
            apply(s, v, i, op, amount * count_for(v, i));
        } else {
            apply(s, v, i, op, amount);
        }
        return;
    case TARGET_left: if (i - 1 >= 0) apply(s, v, i - 1, op, amount); return;
    case TARGET_left2: if (i - 2 >= 0) apply(s, v, i - 2, op, amount); return;
    case TARGET_right: if (i + 1 < m) apply(s, v, i + 1, op, amount); return;
    case TARGET_right2: if (i + 2 < m) apply(s, v, i + 2, op, amount); return;
    case TARGET_adjacent:
        if (i - 1 >= 0) apply(s, v, i - 1, op, amount);
        if (i + 1 < m) apply(s, v, i + 1, op, amount);
        return;
    case TARGET_first: apply(s, v, 0, op, amount); return;
    case TARGET_last: apply(s, v, m - 1, op, amount); return;
    case TARGET_all: for (int j = 0; j < m; j++) apply(s, v, j, op, amount); return;
    case TARGET_word: apply(s, v, -1, op, amount); return;
    }
}

static int has_doubled_letter(const View *v, int vowels_only) {
    for (int p = 0; p + 1 < v->n; p++)
        if (v->text[p] == v->text[p + 1] && (!vowels_only || (v->vowel[p] && v->vowel[p + 1]))) return 1;
    return 0;
}

/* Apply what one motif does to this word (nothing when it does not apply). */
static void motif_effect(State *s, const View *v, int motif, int my_name_is_extra) {
    int n = v->n, m = v->m, k;
    switch (motif) {
    case MOTIF_grandiloquent: case MOTIF_sesquipedalian: case MOTIF_pangram:
        s->award[motif] = 1;  /* the award's points are added after, by combination: see score_word_awards */
        return;
    case MOTIF_consonance: case MOTIF_assonance:
        for (int i = 0; i < m; i++) {
            k = 0;
            for (int p = v->start[i]; p < v->start[i] + v->width[i]; p++) k += v->vowel[p];
            s->value[i] += motif == MOTIF_assonance ? k : v->width[i] - k;
        }
        return;
    case MOTIF_wild_child:
        for (int i = 0; i < m; i++) if (v->face[i]->is_wild) s->value[i] += 2;
        return;
    case MOTIF_red_symbolism: case MOTIF_blue_symbolism:
        for (int i = 0; i < m; i++)
            if (v->face[i]->colour == (motif == MOTIF_red_symbolism ? COLOUR_RED : COLOUR_BLUE))
                s->value[i] += 1;
        return;
    case MOTIF_epistolary_novel: s->value[m - 1] *= 2; return;
    case MOTIF_first_letter: s->value[0] *= 2; return;
    case MOTIF_adventure_duo:
        for (int i = 0; i < m; i++) if (v->width[i] == 2) s->value[i] *= 2;
        return;
    case MOTIF_chekhovs_gun: if (v->text[0] == v->text[n - 1]) s->extra += n; return;
    case MOTIF_bookkeeper: if (has_doubled_letter(v, 0)) s->extra += n; return;
    case MOTIF_uncopyrightable: if (!v->twice) s->extra += 1; return;
    case MOTIF_strengths: if (vowels(v) == 1) s->extra += n; return;
    case MOTIF_lipogram:
        for (int p = 0; p < n; p++) {
            int c = v->text[p];
            if (c == 0 || c == 13 || c == 19 || c == 4) return;  /* a, n, t, e */
        }
        s->extra += n;
        return;
    case MOTIF_utopia:
        if (2 * vowels(v) > n) apply(s, v, -1, OP_multiply, 2);
        return;
    case MOTIF_trilogy: if (v->thrice) apply(s, v, -1, OP_multiply, 2); return;
    case MOTIF_fight_back_to_back: if (has_doubled_letter(v, 1)) apply(s, v, -1, OP_multiply, 2); return;
    case MOTIF_hermit: if (!any_wild(v)) s->extra += 1; return;
    case MOTIF_my_name_is:  /* +1 per letter repeated, or per repeat of a letter */
        s->extra += my_name_is_extra ? n - count_bits(v->seen) : count_bits(v->twice);
        return;
    case MOTIF_red_pill_blue_pill:
        if (v->red > v->blue) s->extra += 2;
        return;
    case MOTIF_red_eyes_blue_eyes:
        if (v->blue > v->red) s->extra += 2;
        return;
    }
}

/* The word's total for the current vowel choice, events in the best order, without its awards; into award[]
 * what one point of each award would add (every event is linear in the word-level points an award adds). */
static int64_t total_for(const Scorer *sc, const View *v, int64_t award[N_AWARDS]) {
    State s;
    for (int i = 0; i < v->m; i++) s.value[i] = v->face[i]->points;
    s.extra = 0;
    for (int a = 0; a < N_AWARDS; a++) s.award[a] = 0;
    for (int e = 0; e < v->n_effects; e++) card_effect(&s, v, v->effects[e], OP_add);
    if (sc->motifs_after_cards)
        for (int e = 0; e < v->n_effects; e++) card_effect(&s, v, v->effects[e], OP_multiply);
    for (int j = 0; j < sc->n_motifs; j++) motif_effect(&s, v, sc->motifs[j], sc->my_name_is_extra);
    if (!sc->motifs_after_cards)
        for (int e = 0; e < v->n_effects; e++) card_effect(&s, v, v->effects[e], OP_multiply);
    int64_t total = s.extra;
    for (int i = 0; i < v->m; i++) total += s.value[i];
    for (int a = 0; a < N_AWARDS; a++) award[a] = s.award[a];
    return total;
}

/* The best score of the word under each of `n` award combinations, into totals[]: the word is read once. */
void score_word_awards(const Scorer *sc, int m, const Placed *cards, int n, const int32_t (*awards)[N_AWARDS],
                       int64_t *totals) {
    View v;
    int ys[MAX_LETTERS], ny = 0, letters = 0;
    v.m = m;
    v.seen = v.twice = v.thrice = 0;
    v.red = v.blue = 0;
    v.n_effects = 0;
    for (int i = 0; i < m; i++) {
        const Face *face = &sc->faces[cards[i].face];
        v.face[i] = face;
        if (face->op != OP_none && face->target != TARGET_shorter_word) v.effects[v.n_effects++] = i;
        v.start[i] = letters;
        v.width[i] = cards[i].letters[1] < 0 ? 1 : 2;
        v.red += face->colour == COLOUR_RED ? v.width[i] : 0;
        v.blue += face->colour == COLOUR_BLUE ? v.width[i] : 0;
        for (int k = 0; k < v.width[i]; k++, letters++) {
            int c = cards[i].letters[k];
            uint32_t bit = 1u << c;
            v.thrice |= v.twice & bit;
            v.twice |= v.seen & bit;
            v.seen |= bit;
            v.text[letters] = (int8_t)c;
            v.vowel[letters] = (int8_t)is_vowel_letter(c);
            if (c == 24) {  /* y */
                int rule = face->y_rule;
                if (rule == 0) ys[ny++] = letters;
                else v.vowel[letters] = rule == 2;
            }
        }
    }
    v.n = letters;
    for (int a = 0; a < n; a++) totals[a] = INT64_MIN;
    for (uint32_t choice = 0; choice < (1u << ny); choice++) {
        for (int k = 0; k < ny; k++) v.vowel[ys[k]] = (int8_t)(choice >> k & 1);
        int64_t award[N_AWARDS], base = total_for(sc, &v, award);
        for (int a = 0; a < n; a++) {
            int64_t total = base;
            for (int k = 0; k < N_AWARDS; k++) total += award[k] * awards[a][k];
            if (total > totals[a]) totals[a] = total;
        }
    }
}

int64_t score_word(const Scorer *sc, int m, const Placed *cards, const int32_t awards[N_AWARDS]) {
    int64_t total;
    score_word_awards(sc, m, cards, 1, (const int32_t (*)[N_AWARDS])awards, &total);
    return total;
}
