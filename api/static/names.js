// Cards and motifs as the players know them: the names printed on the cards, never the catalog's ids.
// Pure functions of the API's answers and catalogs (`GET /v1/cards`, `GET /v1/motifs`): no DOM, so node can test them.

/**
 * parseToken(token) → { id, letters, copyOf, copy, at }
 * The parts of a card token as plays and breakdowns write it: "th2", "wild4=m", "k3+alliteration", "k3+" (a copy
 * whose motif the scorer picks), "qfwfq=t" (a motif's free wild), "wild4=m+clones", and the breakdown's "e1@3"
 * (the third card of a word holding two e1).
 */
export function parseToken(token) {
  const text = String(token).trim().toLowerCase();
  const m = /^([a-z0-9-]+?)(?:=([a-z]*))?(?:\+([a-z-]*))?(?:@(\d+))?$/.exec(text);
  if (!m) {
    const [base, letters = ''] = text.split('=');
    const [id, copyOf = ''] = base.split('+');
    return { id, letters, copyOf, copy: base.includes('+'), at: 0 };
  }
  return { id: m[1], letters: m[2] || '', copyOf: m[3] || '', copy: m[3] !== undefined, at: m[4] ? Number(m[4]) : 0 };
}

/** The short form of every effect text printed on a card, for small tiles (at most 15 characters). Data, not logic. */
export const SHORT_EFFECTS = Object.freeze({
  '+1 per vowel in word': '+1/vowel',
  '+1 per letter in word': '+1/letter',
  '+2 per letter in word': '+2/letter',
  '+1 per letter to the left': '+1/letter left',
  '+1 per letter to the right': '+1/letter right',
  '+1 per letter to right': '+1/letter right',
  '+1 per adjacent vowel': '+1/adj. vowel',
  '+1 per adjacent consonant': '+1/adj. cons.',
  '+1 if first letter in word': '+1 if 1st',
  '+2 if first letter in word': '+2 if 1st',
  '+2, if first letter in word': '+2 if 1st',
  '+1 if second letter in word': '+1 if 2nd',
  '+1 if third letter in word': '+1 if 3rd',
  '+2 if third letter in word': '+2 if 3rd',
  '+1 if last letter in word': '+1 if last',
  '+2 if last letter in word': '+2 if last',
  '+3 if last letter in word': '+3 if last',
  '+1 if second to last letter in word': '+1 if 2nd last',
  '+2 if third to last letter in word': '+2 if 3rd last',
  '+2 if not last letter in word': '+2 if not last',
  '+1 if word is five letters or longer': '+1 if ≥5 long',
  '+2 if word is five letters or longer': '+2 if ≥5 long',
  '+2 if word is 5 letters or longer': '+2 if ≥5 long',
  '+2 if word is 6 letters or longer': '+2 if ≥6 long',
  '+1 if no wilds in word': '+1 if no wilds',
  '+1 if adjacent to a vowel': '+1 by a vowel',
  '+1 if adjacent to a consonant': '+1 by consonant',
  '+1 to adjacent cards': '+1 adjacent',
  '+2 to the card to the left': '+2 left card',
  '+1 to the card two to the left': '+1 2nd left',
  '+2 to card two to the right': '+2 2nd right',
  '+1 to the card two to the right': '+1 2nd right',
  '+2 to the first card in word': '+2 1st card',
  'All cards in word are worth +1': '+1 all cards',
  'Double score of adjacent cards': '×2 adjacent',
  'Triple score of adjacent cards': '×3 adjacent',
  'Triple score of card to the left': '×3 left card',
  'Double score of card two to the left': '×2 2nd left',
  'Double score of card two to the right': '×2 2nd right',
  'Double score of first card in word': '×2 1st card',
  'Double the score of first card in word': '×2 1st card',
  'Triple score of first card in word': '×3 1st card',
  'Double score of last card in word': '×2 last card',
  'Double score of word': '×2 word',
  'Triple score of word': '×3 word',
  'Double score of a word shorter than this one': '×2 shorter word',
});

/** The motifs that give a free wild, and what the wild is called (data from the motif cards' texts). */
const FREE_WILDS = { 'choices-choices': 'Free Wild', qfwfq: 'Free Wild Consonant' };

/** Why a motif that rewards words chosen from the whole play or round adds to this word (its step has no note). */
const AWARDS = {
  sesquipedalian: 'a longest word of the round',
  pangram: 'most different letters in the round',
  grandiloquent: "the player's longest word, +1 per letter",
};

const plural = (n, one, many = `${one}s`) => `${n} ${Math.abs(n) === 1 ? one : many}`;
const signed = n => (n > 0 ? `+${n}` : String(n));

/** ordinal(n) → "1st", "2nd", "3rd", "11th", "22nd"... */
export function ordinal(n) {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : { 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] || 'th';
  return `${n}${suffix}`;
}

/** The effect printed on a kind, or '' when it only repeats the card's colour ("Red") or there is none. */
function effectOf(kind) {
  const effect = (kind && kind.effect) || '';
  return effect && effect.toLowerCase() !== String(kind.colour || '').toLowerCase() ? effect : '';
}

function lowerFirst(text) {
  return text ? text[0].toLowerCase() + text.slice(1) : text;
}

function kindList(kinds) {
  if (!kinds) return [];
  return kinds instanceof Map ? [...kinds.values()] : [...kinds];
}

/** What a card shows but its points: letters (or wild's name), effect and colour. */
const face = k => `${k.letters || k.letter}|${effectOf(k)}|${k.colour || ''}`;

/** How many kinds of a catalog show each face (kept per catalog Map: the page loads it once). */
const faceCounts = new WeakMap();

/** Whether another kind of the catalog shows the same face, differing only in points. */
function hasTwin(kind, kinds) {
  if (!kinds) return false;
  let counts = kinds instanceof Map ? faceCounts.get(kinds) : undefined;
  if (!counts) {
    counts = new Map();
    for (const k of kindList(kinds)) counts.set(face(k), (counts.get(face(k)) || 0) + 1);
    if (kinds instanceof Map) faceCounts.set(kinds, counts);
  }
  const own = (kinds instanceof Map ? kinds.has(kind.id) : kindList(kinds).some(k => k.id === kind.id)) ? 1 : 0;
  return (counts.get(face(kind)) || 0) > own;
}

/** The printed letters (or the wild's name), and what tells the kind apart from its siblings. */
function nameParts(kind, letters = '', kinds = null) {
  if (!kind) return { base: letters ? letters.toUpperCase() : '?', details: [] };
  const base = kind.letters ? kind.letters.toUpperCase() : kind.letter;
  const effect = effectOf(kind);
  const details = [];
  if (effect) details.push(lowerFirst(effect));
  if (kind.colour) details.push(kind.colour);
  if (hasTwin(kind, kinds)) details.push(plural(kind.points, 'point'));
  if (letters) details.push(`as ${letters.toUpperCase()}`);
  return { base, details };
}

function joinParts({ base, details }, suffix = '') {
  return `${base}${details.length ? ` (${details.join(', ')})` : ''}${suffix}`;
}

/**
 * printedName(kind, letters = '', kinds = null) → "E (+1 if first letter in word)", "E (red)", "J", "Wild (as M)",
 * "Wild Vowel (red, as A)", "Double Wild (as TH)".
 * A card as printed: its letters in capitals, then its effect, else its colour; a wild's chosen letters. Given the
 * whole catalog (`kinds`, a Map or list), a kind that differs from a sibling only in points says its points too.
 */
export function printedName(kind, letters = '', kinds = null) {
  return joinParts(nameParts(kind, letters, kinds));
}

/**
 * shortEffect(kind) → "+1 if 1st", "×2 adjacent", "+1/vowel"... ('' for a card with no effect beyond its colour)
 * The effect in a few characters, for small tiles. An effect the table does not know is given in full.
 */
export function shortEffect(kind) {
  const effect = effectOf(kind);
  if (!effect) return '';
  return Object.hasOwn(SHORT_EFFECTS, effect) ? SHORT_EFFECTS[effect] : effect;
}

/** motifName(id, motifs) → the motif's printed name ("Alliteration"), or the id when the catalog lacks it. */
export function motifName(id, motifs) {
  const motif = motifs && motifs.get(id);
  return motif ? motif.name : id;
}

/** What a token names: a catalog card, a motif's free wild, a motif, the challenge, or something unknown. */
function nameToken(token, kinds, motifs) {
  const { id, letters, copyOf, copy, at } = parseToken(token);
  const kind = kinds && kinds.get(id);
  if (!kind && Object.hasOwn(FREE_WILDS, id) && (letters || (motifs && motifs.has(id)))) {
    const parts = { base: FREE_WILDS[id], details: letters ? [`as ${letters.toUpperCase()}`] : [] };
    if (at) parts.details.push(`${ordinal(at)} card`);
    return joinParts(parts, `, from ${motifName(id, motifs)}`);
  }
  if (!kind && motifs && motifs.has(id) && !letters && !copy) return motifName(id, motifs);
  const parts = kind ? nameParts(kind, letters, kinds)
    : { base: id.toUpperCase(), details: letters ? [`as ${letters.toUpperCase()}`] : [] };
  if (at) parts.details.push(`${ordinal(at)} card`);
  const suffix = copy ? (copyOf ? `, copied by ${motifName(copyOf, motifs)}` : ', a copy from a repeat motif') : '';
  return joinParts(parts, suffix);
}

/**
 * cardName(token, kinds, motifs) → "K (double score of adjacent cards), copied by Alliteration",
 * "Free Wild Consonant (as T), from Qfwfq", "Wild (as M)", "E (red, 3rd card)".
 * A token of a play or a breakdown in printed words. `kinds` and `motifs` are Maps from id to catalog entry.
 */
export function cardName(token, kinds, motifs) {
  return nameToken(token, kinds, motifs);
}

/** noteText(note, motifs) → the engine's note with each motif id replaced by the motif's name. */
export function noteText(note, motifs) {
  let text = String(note || '');
  for (const [id, motif] of (motifs || new Map()).entries()) {
    const bare = new RegExp(`(^|[^\\w-])${id.replace(/-/g, '\\-')}(?![\\w-])`, 'g');
    text = text.replace(bare, (_, before) => before + motif.name);
  }
  return text.replace('(give --hand)', '(give the cards left in hand)');
}

/** Who makes a step: a card (printed name), a motif (its name), or the challenge. */
function sourceName(source, kinds, motifs) {
  if (source === 'challenge') return 'Lost challenge';
  return nameToken(source, kinds, motifs);
}

/** "(note)", with a "per ..." bonus spelled out as the card's unit times the count when the card says so. */
function how(step, kinds) {
  const note = step.note;
  if (!note) return '';
  if (note.startsWith('per ')) {
    const kind = kinds && kinds.get(parseToken(step.source).id);
    const unit = Number((/^\+(\d+) per /.exec(effectOf(kind)) || [])[1]);
    if (unit && step.amount % unit === 0) return ` (${step.amount / unit} × +${unit} ${note})`;
  }
  return ` (${note})`;
}

const VERBS = { 2: 'doubles', 3: 'triples' };

/**
 * stepText(step, kinds, motifs) → one line of a word's arithmetic in printed names:
 * "E (+1 if first letter in word): +1 (first letter): 1→2", "Assonance: +1 to I (blue): 1→2",
 * "Q (double score of word): doubles the word: 7→14", "Lost challenge: the word scores nothing: 6→0".
 * The numbers are the step's own (amount, from→to); ops are points, add, multiply and forfeit.
 */
export function stepText(step, kinds, motifs) {
  const source = sourceName(step.source, kinds, motifs);
  const arrow = step.from === null || step.from === undefined ? '' : `: ${step.from}→${step.to}`;
  if (step.op === 'points') return `${source}: ${plural(step.amount, 'point')}`;
  if (step.op === 'forfeit') return `${source}: the word scores nothing${arrow}`;
  const shorter = step.note === 'a word shorter than this one';  // a card of a longer word of the play doubles this one
  let target = '';
  if (step.target === 'word') target = shorter ? 'this word (shorter than the word the card is in)' : 'the word';
  else if (step.target !== step.source) target = nameToken(step.target, kinds, motifs);
  const award = !step.note && step.target === 'word' && Object.hasOwn(AWARDS, step.source)
    ? ` (${AWARDS[step.source]})` : '';
  const note = shorter ? '' : how(step, kinds) + award;
  if (step.op === 'add') {
    return `${source}: +${step.amount}${target ? ` to ${target}` : note ? '' : ' to itself'}${note}${arrow}`;
  }
  if (step.op === 'multiply') {
    const verb = Object.hasOwn(VERBS, step.amount) ? VERBS[step.amount] : `multiplies by ${step.amount}`;
    return `${source}: ${verb} ${target || 'its own score'}${note}${arrow}`;
  }
  return `${source}: ${step.op} ${step.amount}${target ? ` ${target}` : ''}${note}${arrow}`;
}

/**
 * adjustmentText(adjustment, kinds, motifs) → a play's or round's change to a player's score:
 * "Laconic: +5 points (fewest words in the round: 1)", "Unseen Character: -4 points (2 unused cards in hand × -2)",
 * "Challenge: +5 points for challenging Bob's XQZV". The points are the adjustment's own.
 */
export function adjustmentText(adjustment, kinds, motifs) {
  const { source, points: n, text = '' } = adjustment;
  const amount = `${signed(n)} ${Math.abs(n) === 1 ? 'point' : 'points'}`;
  let m;
  if (source === 'challenge' && (m = /^challenged (.+) \((.+)\)$/.exec(text))) {
    return `Challenge: ${amount} for challenging ${m[2]}'s ${m[1]}`;
  }
  const name = source === 'challenge' ? 'Challenge' : nameToken(source, kinds, motifs);
  if (source === 'unseen-character' && (m = /^(\d+) unused hand cards? × (-?\d+)$/.exec(text))) {
    return `${name}: ${amount} (${plural(Number(m[1]), 'unused card')} in hand × ${m[2]})`;
  }
  if (source === 'laconic' && (m = /^fewest words \((\d+)\)$/.exec(text))) {
    return `${name}: ${amount} (fewest words in the round: ${m[1]})`;
  }
  return `${name}: ${amount}${text ? ` (${noteText(text, motifs)})` : ''}`;
}
