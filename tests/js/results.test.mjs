// The result views of api/static/results.js, rendered in node on a minimal stand-in for the DOM (the few calls
// cards.js's `el` makes: createElement, createTextNode, setAttribute, addEventListener, append, textContent).
// The answers are the engine's own (tests/js/fixtures/answers.json). Run: node --test tests/js/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

class FakeNode {
  constructor() {
    this.childNodes = [];
  }

  append(...nodes) {
    for (const n of nodes) this.childNodes.push(n instanceof FakeNode ? n : new FakeText(String(n)));
  }

  get textContent() {
    return this.childNodes.map(c => c.textContent).join('');
  }

  set textContent(value) {
    this.childNodes = [];
    if (value !== '' && value !== null && value !== undefined) this.append(String(value));
  }
}

class FakeText extends FakeNode {
  constructor(data) {
    super();
    this.data = data;
  }

  get textContent() {
    return this.data;
  }
}

class FakeElement extends FakeNode {
  constructor(tag) {
    super();
    this.tagName = tag.toUpperCase();
    this.className = '';
    this.attributes = new Map();
    this.listeners = {};
  }

  setAttribute(key, value) {
    this.attributes.set(key, String(value));
  }

  getAttribute(key) {
    return this.attributes.has(key) ? this.attributes.get(key) : null;
  }

  addEventListener(type, listener) {
    (this.listeners[type] ||= []).push(listener);
  }

  click() {
    for (const listener of this.listeners.click || []) listener({ type: 'click', target: this });
  }
}

globalThis.Node = FakeNode;
globalThis.document = { createElement: tag => new FakeElement(tag), createTextNode: data => new FakeText(data) };

const { bestView, dictionaryLine, gameView, playBody, roundView, scoreView, settlement, verdicts, wordView } =
  await import('../../api/static/results.js');
const { stepText } = await import('../../api/static/names.js');

const data = JSON.parse(readFileSync(new URL('./fixtures/answers.json', import.meta.url), 'utf8'));
const kinds = new Map(data.cards.map(k => [k.id, k]));
const motifs = new Map(data.motifs.map(m => [m.id, m]));
const ctx = { kinds, motifs };

/** What the page shows: the nodes a view returns, without the empty parts (as app.js's show() keeps them). */
function shown(nodes) {
  return [nodes].flat(Infinity).filter(n => n !== null && n !== undefined && n !== false);
}

function* walk(node) {
  yield node;
  for (const child of node.childNodes || []) yield* walk(child);
}

function all(nodes, pred) {
  return shown(nodes).flatMap(n => [...walk(n)]).filter(n => n instanceof FakeElement && pred(n));
}

const hasClass = cls => n => n.className.split(/\s+/).includes(cls);
const tag = name => n => n.tagName === name.toUpperCase();

/** The text a player reads, without the card tiles (cards.js's) and the word list's hash line. */
function readable(node) {
  if (node instanceof FakeText) return node.data;
  if (hasClass('tile')(node) || hasClass('dictionary')(node)) return '';
  return node.childNodes.map(readable).join('');
}

const ids = [...kinds.keys(), ...motifs.keys()];
function rawIds(text) {
  const found = ids.filter(id => new RegExp(`(^|[^\\w-])${id}(?![\\w-])`).test(text));
  const card = text.match(/\b[a-z]+\d+\b/);
  return card ? [...found, card[0]] : found;
}

function checkView(nodes, where) {
  const list = shown(nodes);
  assert.ok(list.length > 0, where);
  assert.equal(list[0].tagName, 'H2', `${where}: starts with a heading`);
  for (const node of list) {
    const text = readable(node);
    assert.deepEqual(rawIds(text), [], `${where}: ${text.slice(0, 200)}`);
    assert.ok(!/undefined|NaN|\[object/.test(text), `${where}: ${text.slice(0, 200)}`);
  }
  for (const th of all(list, tag('th'))) assert.ok(['col', 'row'].includes(th.getAttribute('scope')), `${where}: th scope`);
  for (const table of all(list, tag('table'))) assert.equal(all([table], tag('caption')).length, 1, `${where}: caption`);
  return list;
}

test('a scored play shows each step in printed names, keeping the engine text aside', () => {
  for (const { name, answer } of data.scores) {
    const view = checkView(scoreView(ctx, answer, 'Ann'), name);
    const steps = answer.words.flatMap(w => w.breakdown);
    const stepItems = all(view, n => n.tagName === 'OL').flatMap(ol => ol.childNodes);
    assert.equal(stepItems.length, steps.length, name);
    stepItems.forEach((li, i) => {
      assert.equal(li.textContent, stepText(steps[i], kinds, motifs));
      assert.equal(li.getAttribute('data-text'), steps[i].text);
    });
    assert.equal(all(view, hasClass('w-score')).map(n => n.textContent).join('|'),
      answer.words.map(w => `${w.score} point${Math.abs(w.score) === 1 ? '' : 's'}`).join('|'));
  }
});

test('whole-play effects and notes are named as printed', () => {
  const unseen = data.scores.find(s => s.name === 'unseen-character').answer;
  const view = checkView(scoreView(ctx, unseen, 'Ann'), 'unseen');
  assert.match(all(view, hasClass('adjust'))[0].textContent, /Unseen Character: -4 points \(2 unused cards in hand × -2\)/);
  const drafted = data.scores.find(s => s.name === 'draft-motif-notes').answer;
  const notes = all(checkView(scoreView(ctx, drafted, 'Ann'), 'notes'), hasClass('notes'))[0].textContent;
  assert.match(notes, /Chaotic Neutral changes drafting/);
  assert.match(notes, /Sesquipedalian needs every player's play/);
});

test('a round names its winner, motifs, challenges and round effects', () => {
  const answer = data.round.answer;
  const view = checkView(roundView(ctx, answer), 'round');
  const best = Math.max(...Object.values(answer.scores));
  const winners = Object.keys(answer.scores).filter(n => answer.scores[n] === best);
  assert.equal(all(view, hasClass('winner'))[0].childNodes[0].textContent, winners.join(' & '));
  const rows = all(view, tag('tbody'))[0].childNodes;
  assert.deepEqual(Object.fromEntries(rows.map(r => [r.childNodes[0].textContent, Number(r.childNodes[1].textContent)])),
    answer.scores);
  const text = view.map(readable).join('\n');
  assert.match(text, /Motifs in flip order: Assonance, Sesquipedalian, Laconic, Pangram/);
  for (const c of answer.challenges) assert.ok(text.includes(c.text));
  assert.match(text, /Laconic: \+5 points \(fewest words in the round: 1\)/);
  assert.match(text, /Challenge: \+5 points for challenging Cy's XQZV/);
  assert.match(text, /Lost challenge: the word scores nothing/);
  assert.deepEqual(all(all(view, hasClass('play')), tag('h3')).map(h => h.textContent),
    answer.players.map(p => `${p.name} · ${p.total} point${p.total === 1 ? '' : 's'}`));
});

test('a game: the winner, a table of rounds with their winners in words, and each round folded', () => {
  const answer = data.game.answer;
  const view = checkView(gameView(ctx, answer), 'game');
  const banner = all(view, hasClass('winner'))[0];
  assert.equal(banner.childNodes[0].textContent, answer.winners.join(' & '));
  assert.match(banner.textContent, /wins the game with \d+ points/);
  const table = all(view, tag('table'))[0];
  const head = all([table], tag('thead'))[0].childNodes[0].childNodes;
  assert.equal(head.length, answer.rounds.length + 2);
  assert.deepEqual(head.map(th => readable(th)),
    ['Player', ...answer.rounds.map((_, i) => `R${i + 1}Round ${i + 1}`), 'Total']);
  const rows = all([table], tag('tbody'))[0].childNodes;
  assert.deepEqual(rows.map(r => r.childNodes[0].childNodes[0].textContent), answer.ranking.map(r => r.name));
  for (const row of rows) {
    const name = row.childNodes[0].childNodes[0].textContent;
    answer.rounds.forEach((round, i) => {
      const cell = row.childNodes[i + 1];
      const best = Math.max(...Object.values(round.scores));
      assert.equal(cell.childNodes[0].textContent, String(round.scores[name]));
      assert.equal(cell.textContent.includes('(won the round)'), round.scores[name] === best, `${name} round ${i + 1}`);
    });
    assert.equal(row.childNodes.at(-1).textContent, String(answer.totals[name]));
    assert.equal(row.childNodes[0].textContent.includes('(wins the game)'), answer.winners.includes(name));
  }
  const tie = answer.rounds.at(-1).scores;
  assert.equal(new Set(Object.values(tie)).size, 1, 'the fixture game ends with a tied round');
  assert.equal(rows.filter(r => r.childNodes.at(-2).textContent.includes('(won the round)')).length, rows.length);
  const details = all(view, tag('details')).filter(hasClass('round-details'));
  assert.equal(details.length, answer.rounds.length);
  assert.match(details.at(-1).childNodes[0].textContent, /^Round 4: Ann & Bob tie with \d+ points$/);
  assert.match(details[0].childNodes[0].textContent, /^Round 1: \w+ wins with \d+ points$/);
  assert.match(readable(details[0]), /Motifs in flip order: Hermit/);
  assert.ok(all([details[0]], tag('h4')).length >= 2, 'players under the round');
});

test('an unfinished search says the bound is a ceiling, not missed points, and offers a longer search', () => {
  const answer = data.best.answer;
  assert.equal(answer.optimal, false);
  const asked = [];
  const view = checkView(bestView(ctx, answer, { seconds: 0.2, limit: 5, onLonger: s => asked.push(s) }), 'best');
  const text = view.map(readable).join('\n');
  assert.match(text, /Best found in the time/);
  assert.match(text, /The search stopped at its time limit of 5 s/);
  assert.ok(text.includes(`no play can score more than ${answer.bound} points`));
  assert.match(text, /ceiling, not a score: no play of these cards scores more/);
  assert.ok(text.includes(`scores at most ${answer.bound - answer.plays[0].total} point`));
  assert.match(text, /not points you missed/);
  assert.match(text, /Searching longer may prove this play best, or find a better one/);
  const [button] = all(view, tag('button'));
  assert.equal(button.textContent, 'Search longer (15 s)');
  assert.equal(button.getAttribute('type'), 'button');
  button.click();
  assert.deepEqual(asked, [15]);

  const longest = (limit, onLonger = () => {}) => all(bestView(ctx, answer, { limit, onLonger }), tag('button'));
  assert.equal(longest(12)[0].textContent, 'Search longer (30 s)');
  assert.equal(longest(0.2)[0].textContent, 'Search longer (0.6 s)');
  assert.equal(longest(30).length, 0);
  assert.match(shown(bestView(ctx, answer, { limit: 30, onLonger: () => {} })).map(readable).join(''),
    /already had the longest time allowed \(30 s\)/);
  assert.equal(all(bestView(ctx, answer, { limit: 5 }), tag('button')).length, 0, 'no button without onLonger');
  assert.equal(all(view, hasClass('play')).length, answer.plays.length);
});

test('a proved search says so, with no longer search offered', () => {
  const answer = { ...data.best.answer, optimal: true };
  const view = checkView(bestView(ctx, answer, { seconds: 1.25, limit: 10, onLonger: () => {} }), 'proved');
  const text = view.map(readable).join('\n');
  assert.match(text, /✓ Proved best/);
  assert.match(text, /No play of these cards scores more \(searched in 1\.3 s\)/);
  assert.equal(all(view, tag('button')).length, 0);
  assert.doesNotMatch(text, /ceiling/);
});

test('verdicts and settlements start with a heading; the old call with the kinds alone still renders', () => {
  const dictionary = data.scores[0].answer.dictionary;
  checkView(verdicts({ dictionary, results: [{ word: 'qi', valid: false, reason: 'too short' }] }), 'verdicts');
  checkView(settlement({ dictionary, word: 'xqzv', valid: false, text: 'XQZV is not playable' }), 'settlement');
  assert.equal(dictionaryLine(dictionary).tagName, 'P');
  const answer = data.scores[0].answer;
  assert.equal(shown(scoreView(kinds, answer, 'Ann'))[0].tagName, 'H2');
  assert.equal(wordView(ctx, answer.words[0]).tagName, 'DIV');
  assert.ok(shown(playBody(ctx, answer)).length > 0);
});
