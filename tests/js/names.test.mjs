// The printed names of api/static/names.js, against the real catalogs and scored answers of the engine
// (tests/js/fixtures/answers.json, written by `python -m tests.test_page_names`). Run: node --test tests/js/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import {
  SHORT_EFFECTS, adjustmentText, cardName, noteText, ordinal, parseToken, printedName, shortEffect, stepText,
} from '../../api/static/names.js';

const data = JSON.parse(readFileSync(new URL('./fixtures/answers.json', import.meta.url), 'utf8'));
const kinds = new Map(data.cards.map(k => [k.id, k]));
const motifs = new Map(data.motifs.map(m => [m.id, m]));

/** Every scored play of the fixtures: plays scored alone, each round's players (the game's too), the best plays. */
const plays = [
  ...data.scores.map(s => s.answer),
  ...data.round.answer.players.map(p => p.play),
  ...data.game.answer.rounds.flatMap(r => r.players.map(p => p.play)),
  ...data.best.answer.plays,
];
const steps = plays.flatMap(p => p.words.flatMap(w => w.breakdown));
const adjustments = [
  ...plays.flatMap(p => p.adjustments),
  ...data.round.answer.players.flatMap(p => p.round_adjustments),
  ...data.game.answer.rounds.flatMap(r => r.players.flatMap(p => p.round_adjustments)),
];

const CARD_ID = /\b[a-z]+\d+\b/;
const ids = [...kinds.keys(), ...motifs.keys()];

/** The raw ids a text still speaks in (catalog ids are lower case; printed names are capitalised). */
function rawIds(text) {
  const found = ids.filter(id => new RegExp(`(^|[^\\w-])${id}(?![\\w-])`).test(text));
  if (CARD_ID.test(text)) found.push(text.match(CARD_ID)[0]);
  return found;
}

const effectKinds = data.cards.filter(k => k.effect && !['Red', 'Blue'].includes(k.effect));

test('the fixtures are the whole catalog', () => {
  assert.equal(kinds.size, 134);
  assert.equal(motifs.size, 48);
  assert.ok(steps.length > 300, `only ${steps.length} steps`);
  const silent = steps.filter(s => s.op !== 'forfeit' && !rawIds(s.text).length).map(s => s.text);
  assert.deepEqual(silent, [], 'the raw-id check finds the ids in every engine text it replaces');
});

test('tokens are parsed as plays and breakdowns write them', () => {
  const cases = {
    th2: { id: 'th2', letters: '', copyOf: '', copy: false, at: 0 },
    'wild4=m': { id: 'wild4', letters: 'm', copyOf: '', copy: false, at: 0 },
    'doublewild1=th': { id: 'doublewild1', letters: 'th', copyOf: '', copy: false, at: 0 },
    'k3+alliteration': { id: 'k3', letters: '', copyOf: 'alliteration', copy: true, at: 0 },
    'k3+': { id: 'k3', letters: '', copyOf: '', copy: true, at: 0 },
    'qfwfq=t': { id: 'qfwfq', letters: 't', copyOf: '', copy: false, at: 0 },
    'choices-choices=m': { id: 'choices-choices', letters: 'm', copyOf: '', copy: false, at: 0 },
    'wild4=m+clones': { id: 'wild4', letters: 'm', copyOf: 'clones', copy: true, at: 0 },
    'e1@3': { id: 'e1', letters: '', copyOf: '', copy: false, at: 3 },
    'e1+clones@2': { id: 'e1', letters: '', copyOf: 'clones', copy: true, at: 2 },
  };
  for (const [token, parts] of Object.entries(cases)) assert.deepEqual(parseToken(token), parts, token);
});

test('printed names: letters in capitals, then the effect, else the colour; wilds say what they stand for', () => {
  const name = (id, letters = '') => printedName(kinds.get(id), letters, kinds);
  assert.equal(name('e4'), 'E (+1 if first letter in word)');
  assert.equal(name('e1'), 'E (red)');
  assert.equal(name('e2'), 'E (blue)');
  assert.equal(name('e3'), 'E');
  assert.equal(name('j1'), 'J');
  assert.equal(name('k3'), 'K (double score of adjacent cards)');
  assert.equal(name('th2'), 'TH');
  assert.equal(name('wild4', 'm'), 'Wild (as M)');
  assert.equal(name('wildvowel1', 'a'), 'Wild Vowel (red, as A)');
  assert.equal(name('doublewild1', 'th'), 'Double Wild (as TH)');
  assert.equal(name('wild1'), 'Wild (+1 if word is five letters or longer)');
  assert.equal(printedName(kinds.get('e4')), 'E (+1 if first letter in word)');  // the catalog is optional
});

test('every one of the 134 kinds has a name of its own', () => {
  const names = data.cards.map(k => printedName(k, '', kinds));
  const twice = names.filter((n, i) => names.indexOf(n) !== i);
  assert.deepEqual(twice, []);
  assert.equal(new Set(names).size, 134);
  for (const n of names) assert.deepEqual(rawIds(n), [], n);
});

test('kinds that differ only in points say their points', () => {
  const twins = [
    { id: 'j1', letter: 'j', letters: 'j', wild: null, count: 1, points: 6, colour: null, effect: '' },
    { id: 'j9', letter: 'j', letters: 'j', wild: null, count: 1, points: 8, colour: null, effect: '' },
  ];
  assert.equal(printedName(twins[0], '', twins), 'J (6 points)');
  assert.equal(printedName(twins[1], '', new Map(twins.map(k => [k.id, k]))), 'J (8 points)');
  assert.equal(printedName(twins[0], '', [twins[0]]), 'J');
});

test('every effect printed in the catalog has a short form for small tiles', () => {
  const effects = [...new Set(effectKinds.map(k => k.effect))].sort();
  const missing = effects.filter(e => !(e in SHORT_EFFECTS));
  assert.deepEqual(missing, [], `new effect texts need a short form in SHORT_EFFECTS (names.js): ${missing.join(' | ')}`);
  const stale = Object.keys(SHORT_EFFECTS).filter(e => !effects.includes(e));
  assert.deepEqual(stale, [], 'SHORT_EFFECTS has texts no card prints');
  for (const kind of effectKinds) {
    const short = shortEffect(kind);
    assert.ok(short.length > 0 && short.length <= 15, `${kind.id}: ${short}`);
    assert.ok(/^[+×]\d/.test(short), `${kind.id}: ${short} starts with what it does`);
  }
  for (const id of ['e1', 'e2', 'e3', 'j1', 'wild4', 'wildvowel1']) assert.equal(shortEffect(kinds.get(id)), '', id);
  assert.equal(shortEffect(kinds.get('e4')), '+1 if 1st');
  assert.equal(shortEffect(kinds.get('k3')), '×2 adjacent');
  assert.equal(shortEffect(kinds.get('a4')), '+1/vowel');
  assert.equal(shortEffect(kinds.get('j2')), '×3 word');
  assert.equal(shortEffect(kinds.get('g3')), '+2 if ≥6 long');
  assert.equal(Object.keys(SHORT_EFFECTS).length, effects.length);
});

test('card names: copies, free wilds, positions and unknown ids', () => {
  assert.equal(cardName('k3+alliteration', kinds, motifs), 'K (double score of adjacent cards), copied by Alliteration');
  assert.equal(cardName('t3+chekhovs-gun', kinds, motifs), "T, copied by Chekhov's Gun");
  assert.equal(cardName('k3+', kinds, motifs), 'K (double score of adjacent cards), a copy from a repeat motif');
  assert.equal(cardName('qfwfq=t', kinds, motifs), 'Free Wild Consonant (as T), from Qfwfq');
  assert.equal(cardName('choices-choices=m', kinds, motifs), 'Free Wild (as M), from Choices, Choices');
  assert.equal(cardName('wild4=m', kinds, motifs), 'Wild (as M)');
  assert.equal(cardName('e1@3', kinds, motifs), 'E (red, 3rd card)');
  assert.equal(cardName('e1=x', kinds, motifs), 'E (red, as X)');
  assert.equal(cardName('wild4=m+clones', kinds, motifs), 'Wild (as M), copied by Clones');
  assert.equal(cardName('zz9', kinds, motifs), 'ZZ9');
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal),
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st']);
  for (const play of plays) {
    for (const token of [...play.words.flatMap(w => w.cards), ...(play.unused || [])]) {
      const name = cardName(token, kinds, motifs);
      assert.deepEqual(rawIds(name), [], `${token}: ${name}`);
    }
  }
});

test('the fixtures cover every card effect, every op and every motif that scores', () => {
  const sources = new Set(steps.filter(s => s.op !== 'points' && s.from !== s.to).map(s => parseToken(s.source).id));
  const quiet = effectKinds.filter(k => !sources.has(k.id)).map(k => k.id);
  assert.deepEqual(quiet, [], 'card effects never seen acting');
  assert.deepEqual([...new Set(steps.map(s => s.op))].sort(), ['add', 'forfeit', 'multiply', 'points']);
  const scoring = data.motifs.filter(m => ['word', 'round', 'player'].includes(m.scope)).map(m => m.id);
  const seen = new Set([...sources, ...adjustments.map(a => a.source)]);
  assert.deepEqual(scoring.filter(id => !seen.has(id)), [], 'motifs that score but never do in the fixtures');
  const tokens = plays.flatMap(p => p.words.flatMap(w => w.cards));
  for (const id of ['alliteration', 'clones', 'chekhovs-gun', 'my-name-is', 'bookkeeper']) {
    assert.ok(tokens.some(t => parseToken(t).copyOf === id), `a copy by ${id}`);
  }
  for (const id of ['qfwfq', 'choices-choices']) assert.ok(tokens.some(t => parseToken(t).id === id), `free wild of ${id}`);
  assert.ok(steps.some(s => s.note === 'a word shorter than this one'), 'a shorter word doubled');
  assert.ok(steps.some(s => parseToken(s.target).at), 'a card told apart by its place');
  assert.deepEqual([...new Set(adjustments.map(a => a.source))].sort(), ['challenge', 'laconic', 'unseen-character']);
});

test('every step speaks in printed names, with the numbers of the step', () => {
  for (const step of steps) {
    const text = stepText(step, kinds, motifs);
    const where = `${step.text} → ${text}`;
    assert.deepEqual(rawIds(text), [], where);
    assert.ok(!/undefined|null|NaN|\[object/.test(text), where);
    assert.ok(/^[A-Z]/.test(text), where);
    if (step.from !== null) assert.ok(text.endsWith(`: ${step.from}→${step.to}`), where);
    const numbers = (text.match(/-?\d+→-?\d+/g) || []);
    assert.deepEqual(numbers, step.from === null ? [] : [`${step.from}→${step.to}`], where);
    if (step.op === 'points') assert.ok(text.endsWith(`: ${step.amount} point${Math.abs(step.amount) === 1 ? '' : 's'}`), where);
    if (step.op === 'add') assert.ok(text.includes(`: +${step.amount}`), where);
    if (step.op === 'multiply') {
      assert.ok(text.includes({ 2: ': doubles ', 3: ': triples ' }[step.amount] || `multiplies by ${step.amount}`), where);
    }
    if (step.op === 'forfeit') assert.ok(text.includes('scores nothing'), where);
    if (step.target === 'word' && step.op !== 'forfeit') assert.ok(/ (the|this) word\b/.test(text), where);
  }
});

test('steps read as players say them', () => {
  const find = (pred, label) => {
    const step = steps.find(pred);
    assert.ok(step, label);
    return stepText(step, kinds, motifs);
  };
  assert.equal(find(s => s.source === 'e4' && s.op === 'add', 'e4 first letter'),
    'E (+1 if first letter in word): +1 (first letter): 1→2');
  assert.equal(find(s => s.source === 'assonance' && s.target === 'u2', 'assonance on u2'),
    'Assonance: +1 to U (blue): 1→2');
  assert.match(find(s => s.source === 'k3+alliteration' && s.op === 'multiply', 'a copy doubling'),
    /^K \(double score of adjacent cards\), copied by Alliteration: doubles .+: \d+→\d+$/);
  assert.match(find(s => s.op === 'forfeit', 'a forfeit'), /^Lost challenge: the word scores nothing: -?\d+→0$/);
  assert.match(find(s => s.source === 'z2' && s.op === 'multiply', 'z2 doubling'),
    /^Z \(double score of a word shorter than this one\): doubles this word \(shorter than the word the card is in\): \d+→\d+$/);
  assert.match(find(s => s.source === 'hermit', 'hermit'), /^Hermit: \+1 to the word \(no wilds\): \d+→\d+$/);
  assert.match(find(s => s.source === 'a4' && s.op === 'add', 'a4 per vowel'),
    /^A \(\+1 per vowel in word\): \+(\d+) \(\1 × \+1 per vowel in word\): \d+→\d+$/);
  assert.match(find(s => s.source === 'x2' && s.op === 'add', 'x2 per letter'),
    /^X \(\+2 per letter in word\): \+(\d+) \(\d+ × \+2 per letter in word\): \d+→\d+$/);
  assert.match(find(s => s.source === 'sesquipedalian', 'sesquipedalian'), /^Sesquipedalian: \+5 to the word \(.+\): \d+→\d+$/);
  assert.match(find(s => s.source.startsWith('qfwfq='), 'free wild'), /^Free Wild Consonant \(as [A-Z]\), from Qfwfq: 0 points$/);
});

test('adjustments speak in motif names, with their points', () => {
  for (const a of adjustments) {
    const text = adjustmentText(a, kinds, motifs);
    const where = `${a.source}: ${a.text} → ${text}`;
    assert.deepEqual(rawIds(text), [], where);
    assert.ok(text.includes(`${a.points > 0 ? '+' : ''}${a.points} point`), where);
  }
  assert.equal(adjustmentText({ source: 'laconic', points: 5, text: 'fewest words (1)' }, kinds, motifs),
    'Laconic: +5 points (fewest words in the round: 1)');
  assert.equal(adjustmentText({ source: 'unseen-character', points: -2, text: '1 unused hand cards × -2' }, kinds, motifs),
    'Unseen Character: -2 points (1 unused card in hand × -2)');
  assert.equal(adjustmentText({ source: 'challenge', points: 5, text: 'challenged XQZV (Cy)' }, kinds, motifs),
    "Challenge: +5 points for challenging Cy's XQZV");
  assert.equal(adjustmentText({ source: 'pangram', points: 3, text: 'something new' }, kinds, motifs),
    'Pangram: +3 points (something new)');
});

test('notes name motifs as printed', () => {
  const notes = data.scores.flatMap(s => s.answer.notes);
  assert.ok(notes.length >= 2);
  for (const n of notes) assert.deepEqual(rawIds(noteText(n, motifs)), [], n);
  assert.equal(noteText('chaotic-neutral changes drafting or the pool, not the score', motifs),
    'Chaotic Neutral changes drafting or the pool, not the score');
});
