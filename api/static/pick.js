// Typed letters to cards: which card kinds a word or a row of typed letters stands for. Pure functions (no DOM):
// the page's card lines and the scoresheet's typed words use them, and node's test runner tests them.

import { ordinal, parseToken } from './names.js';

const VOWELS = new Set('aeiou');

/** How many copies of each kind ``tokens`` use (a motif's copy is no card of the deck). */
export function usedCounts(tokens) {
  const n = new Map();
  for (const token of tokens) {
    const { id, copy } = parseToken(token);
    if (!copy) n.set(id, (n.get(id) || 0) + 1);
  }
  return n;
}

/** The kinds a letter can be typed as, in the catalog's order: its printed cards first, then the wilds. */
function kindsFor(kinds, letters) {
  const printed = [];
  const wild = [];
  for (const kind of kinds.values()) {
    if (kind.letters === letters) printed.push(kind);
    else if (!kind.letters && fits(kind, letters)) wild.push(kind);
  }
  return { printed, wild };
}

/** Whether a wild kind may stand for ``letters``: one letter for a wild (a vowel or consonant one by kind), two
 * for a double wild. Y may be a vowel or a consonant. */
export function fits(kind, letters) {
  if (kind.wild === 'double') return letters.length === 2;
  if (letters.length !== 1) return false;
  if (kind.wild === 'vowel') return VOWELS.has(letters) || letters === 'y';
  if (kind.wild === 'consonant') return !VOWELS.has(letters);
  return true;
}

/**
 * The default card for one typed letter in a hand or pool: the first kind of that letter, in the catalog's
 * order, with a copy left in the deck (``left(kind)`` says how many). None left: the first kind all the same,
 * so the deck's limit is shown as an error rather than the letter silently dropped.
 */
export function defaultKind(kinds, letters, left) {
  const { printed } = kindsFor(kinds, letters);
  return printed.find(kind => left(kind) > 0) || printed[0] || null;
}

/** The other kinds a card in a hand, pool or word could be: the same letters' kinds, then fitting wilds. */
export function alternatives(kinds, token) {
  const { id, letters: chosen } = parseToken(token);
  const kind = kinds.get(id);
  const letters = chosen || (kind && kind.letters) || '';
  if (!letters) return [];
  const { printed, wild } = kindsFor(kinds, letters);
  return [...printed, ...wild].filter(k => k.id !== id);
}

/**
 * Pick a typed word's cards. ``sources`` lists where cards come from, best first: each {name, counts: Map id->n,
 * cost} (a player's hand, the common pool, the rest of the deck). Every letter is covered by a printed card of
 * those letters (one or two letters) or a wild standing for it; the pick with the lowest cost wins (a wild costs
 * more than any printed card, a two-letter card a little more than its letters apart unless a source holds it at
 * no cost), ties going to the catalog's order. Returns {cards: [{token, id, from, letters, choices}]} where
 * ``choices`` are the other kinds the same sources could have given for that place (the page asks about those
 * when a choice matters), or {error} naming the first letter nothing can cover.
 */
export function pickWord(kinds, word, sources) {
  const text = word.toLowerCase();
  if (!/^[a-z]+$/.test(text)) return { error: 'Type letters only, a to z.' };
  const left = sources.map(s => new Map(s.counts));
  // Per place, groups of kinds that cover the same letters at the same cost: the printed cards of one or two
  // letters, and each sort of wild. Within a group the first kind a source still holds is as good as any other
  // (they are interchangeable for the cost), so the search tries one kind per group and source.
  const groups = [];
  for (let i = 0; i < text.length; i++) {
    const here = [];
    for (const width of [1, 2]) {
      const letters = text.slice(i, i + width);
      if (letters.length < width) continue;
      const { printed, wild } = kindsFor(kinds, letters);
      if (printed.length) here.push({ kinds: printed, letters, width, wild: false });
      for (const sort of ['any', 'vowel', 'consonant', 'double']) {
        const these = wild.filter(kind => kind.wild === sort);
        if (these.length) here.push({ kinds: these, letters, width, wild: true });
      }
    }
    groups.push(here);
  }
  let best = null;
  let furthest = 0;
  const chosen = [];
  const costOf = (group, source) => source.cost + (group.wild ? 100 : 0) + (group.width === 2 && source.cost ? 1 : 0);
  const search = (i, cost) => {
    if (best && cost >= best.cost) return;
    furthest = Math.max(furthest, i);
    if (i === text.length) { best = { cost, cards: chosen.slice() }; return; }
    for (const group of groups[i]) {
      for (const [s, source] of sources.entries()) {
        const kind = group.kinds.find(k => (left[s].get(k.id) || 0) > 0);
        if (!kind) continue;
        left[s].set(kind.id, left[s].get(kind.id) - 1);
        chosen.push({ kind, letters: group.letters, width: group.width, wild: group.wild, from: source.name, s });
        search(i + group.width, cost + costOf(group, source));
        chosen.pop();
        left[s].set(kind.id, left[s].get(kind.id) + 1);
      }
    }
  };
  search(0, 0);
  if (!best) {
    const at = Math.min(furthest, text.length - 1);
    return { error: `No card is left for the ${ordinal(at + 1)} letter, ${text[at].toUpperCase()}.`, at };
  }
  return { cards: best.cards.map(card => ({
    token: card.wild ? `${card.kind.id}=${card.letters}` : card.kind.id,
    id: card.kind.id, from: card.from, letters: card.letters,
    choices: choicesFor(kinds, card, best.cards, sources[card.s]),
  })) };
}

/** The other kinds of the same letters that the source which gave a place its card holds: what could stand there
 * instead at the same cost (a kind the word already uses elsewhere is a swap). */
function choicesFor(kinds, card, cards, source) {
  const taken = usedCounts(cards.filter(other => other.s === card.s).map(other => other.kind.id));
  const out = [];
  for (const [id, n] of source.counts) {
    const kind = kinds.get(id);
    if (id === card.kind.id || !kind || n <= 0) continue;
    if (n - (taken.get(id) || 0) <= 0 && source.cost) continue;  // the deck's spent kinds are not offered
    if (card.wild ? !kind.letters && fits(kind, card.letters) : kind.letters === card.letters) out.push(id);
  }
  return out;
}
