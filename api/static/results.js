// Rendering the API's answers: verdicts, plays with each word's arithmetic, rounds and challenges.
import { el, miniCard } from './cards.js';

const number = new Intl.NumberFormat('en');

/** The list an answer was judged by: name, size and hash, as word judges quote it. */
export function dictionaryLine(d) {
  return el('p', { class: 'dictionary' }, 'Word list: ', el('strong', { text: d.label }),
    ` · ${number.format(d.words)} words · sha256 `,
    el('code', { title: d.sha256, text: `${d.sha256.slice(0, 12)}…` }));
}

/** Big verdicts, one per word, readable across a table. */
export function verdicts(answer) {
  return [dictionaryLine(answer.dictionary), ...answer.results.map(r => el('div', {
    class: `verdict ${r.valid ? 'ok' : 'no'}` },
  el('span', { class: 'v-word', text: r.word.toUpperCase() }),
  el('span', { class: 'v-says', text: r.valid ? '✓ Playable' : '✗ Not playable' }),
  r.reason ? el('span', { class: 'v-reason', text: r.reason }) : null))];
}

/** A settled challenge: the verdict and who scores what. */
export function settlement(answer) {
  return [dictionaryLine(answer.dictionary), el('div', { class: `verdict ${answer.valid ? 'ok' : 'no'}` },
    el('span', { class: 'v-word', text: answer.word.toUpperCase() }),
    el('span', { class: 'v-says', text: answer.valid ? '✓ Playable' : '✗ Not playable' }),
    el('span', { class: 'v-reason', text: answer.text }))];
}

function points(n) {
  return `${n} point${Math.abs(n) === 1 ? '' : 's'}`;
}

/** One word: its letters, score, cards, and the arithmetic (the same steps as `novelty score`). */
export function wordView(kinds, w, { open = false } = {}) {
  const status = w.forfeited ? 'lost to a challenge: scores nothing' : w.valid ? '' : (w.reason || 'not playable');
  return el('div', { class: `word ${w.valid && !w.forfeited ? '' : 'bad'}` },
    el('div', { class: 'w-head' },
      el('span', { class: 'w-text', text: w.word }),
      el('span', { class: 'w-score', text: points(w.score) })),
    status ? el('p', { class: 'w-status', text: status }) : null,
    el('div', { class: 'w-cards' }, w.cards.map(c => miniCard(kinds, c))),
    el('details', { class: 'arith', open },
      el('summary', { text: `How ${w.word} scores ${w.score}` }),
      el('ol', {}, w.breakdown.map(s => el('li', { text: s.text }))),
      w.word_score !== w.score ? el('p', { text: `word ${w.word_score} → ${w.score} after the play's effects` }) : null));
}

function adjustments(list, title) {
  if (!list || !list.length) return null;
  return el('div', { class: 'adjust' }, el('h4', { text: title }),
    el('ul', {}, list.map(a => el('li', {}, el('strong', { text: `${a.points > 0 ? '+' : ''}${a.points}` }), ` ${a.source}: ${a.text}`))));
}

function notes(list) {
  return list && list.length ? el('ul', { class: 'notes' }, list.map(n => el('li', { text: n }))) : null;
}

/** A play's words, adjustments and notes (a scored play, or one of the best plays). */
export function playBody(kinds, play, { open = false } = {}) {
  return [
    play.words.length ? play.words.map(w => wordView(kinds, w, { open })) : el('p', { class: 'hint', text: 'No words.' }),
    adjustments(play.adjustments, 'Whole-play effects'),
    play.escaped ? el('p', {}, 'Escaped from Captivity letter: ', el('strong', { text: play.escaped.toUpperCase() })) : null,
    notes(play.notes),
  ];
}

/** The best plays: proved best or not, each play's arithmetic, runners-up and unused cards. */
export function bestView(kinds, answer, seconds) {
  const [first] = answer.plays;
  const proved = answer.optimal;
  const head = el('div', { class: `verdict ${proved ? 'ok' : 'warn'} best-head` },
    el('span', { class: 'v-word', text: points(first.total) }),
    el('span', { class: 'v-says', text: proved ? '✓ Proved best' : 'Best found in the time' }),
    el('span', { class: 'v-reason', text: proved
      ? `No play of these cards scores more (searched in ${seconds.toFixed(1)} s).`
      : `The search ran out of time; no play can score more than ${answer.bound}.` }));
  const plays = answer.plays.map((play, i) => el('article', { class: 'play' },
    el('h3', { text: i === 0 ? `Best play · ${points(play.total)}` : `Runner-up ${i} · ${points(play.total)}` }),
    playBody(kinds, play, { open: i === 0 }),
    el('div', { class: 'unused' }, el('h4', { text: 'Unused cards' }),
      play.unused.length ? el('div', { class: 'w-cards' }, play.unused.map(c => miniCard(kinds, c)))
        : el('p', { class: 'hint', text: 'none' }))));
  return [head, dictionaryLine(answer.dictionary), notes(answer.notes), ...plays];
}

/** A scored play (`POST /v1/score`). */
export function scoreView(kinds, answer, name) {
  return [el('div', { class: 'verdict ok winner' },
    el('span', { class: 'v-word', text: points(answer.total) }),
    el('span', { class: 'v-says', text: name })),
  dictionaryLine(answer.dictionary), el('article', { class: 'play' }, playBody(kinds, answer, { open: true }))];
}

/** A scored round (`POST /v1/round`): the winner, each player's play, cross-player motifs, challenges. */
export function roundView(kinds, answer) {
  const best = Math.max(...Object.values(answer.scores));
  const winners = Object.keys(answer.scores).filter(n => answer.scores[n] === best);
  const banner = el('div', { class: 'verdict ok winner' },
    el('span', { class: 'v-word', text: winners.join(' & ') }),
    el('span', { class: 'v-says', text: winners.length > 1 ? `tie with ${points(best)}` : `wins with ${points(best)}` }));
  const table = el('table', { class: 'totals' },
    el('caption', { text: 'Totals' }),
    el('thead', {}, el('tr', {}, el('th', { scope: 'col', text: 'Player' }), el('th', { scope: 'col', text: 'Points' }))),
    el('tbody', {}, Object.entries(answer.scores).map(([n, s]) => el('tr', { class: winners.includes(n) ? 'won' : '' },
      el('th', { scope: 'row', text: n }), el('td', { text: String(s) })))));
  const challenges = answer.challenges.length ? el('div', { class: 'adjust' }, el('h3', { text: 'Challenges' }),
    el('ul', {}, answer.challenges.map(c => el('li', {}, el('strong', { text: `${c.by} challenged ${c.player}'s ${c.word.toUpperCase()}: ` }), c.text)))) : null;
  const players = answer.players.map(p => el('article', { class: 'play' },
    el('h3', { text: `${p.name} · ${points(p.total)}` }),
    playBody(kinds, p.play),
    adjustments(p.round_adjustments, 'Round effects (across players)')));
  return [banner, dictionaryLine(answer.dictionary), table, challenges, ...players];
}
