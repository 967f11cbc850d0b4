// Rendering the API's answers: verdicts, plays with each word's arithmetic, rounds, games and challenges.
// Cards and motifs are named as printed (names.js), never by their catalog ids. Views that name cards take a
// context `ctx = { kinds, motifs }`: Maps from id to the entries of `GET /v1/cards` and `GET /v1/motifs`.
import { el, miniCard } from './cards.js';
import { adjustmentText, motifName, noteText, stepText } from './names.js';

const number = new Intl.NumberFormat('en');

/** The longest search the API allows (`time_limit`, seconds). */
const MAX_SECONDS = 30;

/** A context from what a caller passes: `{ kinds, motifs }`, or (as before) the kinds Map alone. */
function context(ctx) {
  if (ctx instanceof Map) return { kinds: ctx, motifs: new Map() };
  return { kinds: (ctx && ctx.kinds) || new Map(), motifs: (ctx && ctx.motifs) || new Map() };
}

function points(n) {
  return `${n} point${Math.abs(n) === 1 ? '' : 's'}`;
}

function heading(level, text, attrs = {}) {
  return el(`h${Math.min(6, Math.max(2, level))}`, { ...attrs, text });
}

/** The first element of every view: what the answer is, as a heading. */
function title(text) {
  return el('h2', { class: 'out-title', text });
}

/** Who has the most points (ties share), from a name → points object. */
function leaders(scores) {
  const values = Object.values(scores || {});
  if (!values.length) return { names: [], best: 0 };
  const best = Math.max(...values);
  return { names: Object.keys(scores).filter(n => scores[n] === best), best };
}

/** A visible mark with its meaning in words for screen readers (never colour alone). */
function mark(symbol, meaning) {
  return [el('span', { class: 'mark', 'aria-hidden': 'true', text: ` ${symbol}` }),
    el('span', { class: 'sr-only', text: ` (${meaning})` })];
}

/** dictionaryLine(d): the list an answer was judged by: name, size and hash, as word judges quote it. */
export function dictionaryLine(d) {
  return el('p', { class: 'dictionary' }, 'Word list: ', el('strong', { text: d.label }),
    ` · ${number.format(d.words)} words · sha256 `,
    el('code', { title: d.sha256, text: `${d.sha256.slice(0, 12)}…` }));
}

/** verdicts(answer): big verdicts for `POST /v1/check`, one per word, readable across a table. */
export function verdicts(answer) {
  return [title(answer.results.length === 1 ? 'Verdict' : 'Verdicts'), dictionaryLine(answer.dictionary),
    ...answer.results.map(r => el('div', { class: `verdict ${r.valid ? 'ok' : 'no'}` },
      el('span', { class: 'v-word', text: r.word.toUpperCase() }),
      el('span', { class: 'v-says', text: r.valid ? '✓ Playable' : '✗ Not playable' }),
      r.reason ? el('span', { class: 'v-reason', text: r.reason }) : null))];
}

/** settlement(answer): a settled challenge (`POST /v1/challenge`): the verdict and who scores what. */
export function settlement(answer) {
  return [title('Challenge settled'), dictionaryLine(answer.dictionary),
    el('div', { class: `verdict ${answer.valid ? 'ok' : 'no'}` },
      el('span', { class: 'v-word', text: answer.word.toUpperCase() }),
      el('span', { class: 'v-says', text: answer.valid ? '✓ Playable' : '✗ Not playable' }),
      el('span', { class: 'v-reason', text: answer.text }))];
}

/**
 * wordView(ctx, w, { open = false }): one word: its letters, score, cards, and the arithmetic in printed names
 * (the steps of `novelty score`; each line keeps the engine's own text in `data-text`).
 */
export function wordView(ctx, w, { open = false } = {}) {
  const { kinds, motifs } = context(ctx);
  const status = w.forfeited ? 'lost to a challenge: scores nothing' : w.valid ? '' : (w.reason || 'not playable');
  return el('div', { class: `word ${w.valid && !w.forfeited ? '' : 'bad'}` },
    el('div', { class: 'w-head' },
      el('span', { class: 'w-text', text: w.word }),
      el('span', { class: 'w-score', text: points(w.score) })),
    status ? el('p', { class: 'w-status', text: status }) : null,
    el('div', { class: 'w-cards' }, w.cards.map(c => miniCard(kinds, c))),
    el('details', { class: 'arith', open },
      el('summary', { text: `How ${w.word} scores ${w.score}` }),
      el('ol', {}, w.breakdown.map(s => el('li', { 'data-text': s.text, text: stepText(s, kinds, motifs) }))),
      w.word_score !== undefined && w.word_score !== w.score
        ? el('p', { text: `word ${w.word_score} → ${w.score} after the play's effects` }) : null));
}

function adjustments(ctx, list, text, level) {
  if (!list || !list.length) return null;
  return el('div', { class: 'adjust' }, heading(level, text),
    el('ul', {}, list.map(a => el('li', { 'data-text': `${a.source}: ${a.text}` },
      adjustmentText(a, ctx.kinds, ctx.motifs)))));
}

function notes(ctx, list) {
  return list && list.length
    ? el('ul', { class: 'notes' }, list.map(n => el('li', { text: noteText(n, ctx.motifs) }))) : null;
}

/**
 * playBody(ctx, play, { open = false, level = 4 }): a play's words, adjustments and notes (a scored play, a
 * player's play in a round, or one of the best plays); `level` is the heading level of its sub-parts.
 */
export function playBody(ctx, play, { open = false, level = 4 } = {}) {
  ctx = context(ctx);
  return [
    play.words.length ? play.words.map(w => wordView(ctx, w, { open })) : el('p', { class: 'hint', text: 'No words.' }),
    adjustments(ctx, play.adjustments, 'Whole-play effects', level),
    play.escaped ? el('p', {}, `${motifName('escaped-from-captivity', ctx.motifs)} letter: `,
      el('strong', { text: play.escaped.toUpperCase() })) : null,
    notes(ctx, play.notes),
  ];
}

/** How much longer a new search may run: three times the last, at most the API's limit (one decimal). */
function longerLimit(limit) {
  return Math.min(MAX_SECONDS, Math.round(limit * 30) / 10);
}

/** `n point(s)` with thousands separated: `1 point`, `14 points`, `44,626 points`. */
function bigPoints(n) {
  return `${number.format(n)} point${Math.abs(n) === 1 ? '' : 's'}`;
}

/**
 * How far an answer's bound is from its best play: `proved` (the search finished, or the bound is the play's total:
 * nothing scores more), the `gap` a better play could add (null when no bound is known), and whether the bound is
 * `loose`: the gap is more than the play itself (a bound over twice the play, the search cut short).
 */
function boundGap(answer, total) {
  if (answer.optimal) return { proved: true, gap: 0, loose: false };
  if (typeof answer.bound !== 'number') return { proved: false, gap: null, loose: false };
  const gap = Math.max(0, answer.bound - total);
  return { proved: gap === 0, gap, loose: gap > total };
}

/**
 * bestView(ctx, answer, { seconds, limit, onLonger }): the best plays (`POST /v1/best`): proved best or not, each
 * play's arithmetic, runners-up and unused cards. `seconds` is how long the search took, `limit` the time limit it
 * was given; when the search stopped at the limit, `onLonger(seconds)` (if given) is offered to search again longer.
 * An unproved answer says how far its bound is: a better play scores at most N points more (the bound less the best
 * play's total), that no bound is known, or, when the bound is the best play's total, that no play scores more; and
 * when the answer `kept` the last search's best play (best.js keepBetter), that the longer search found none better.
 */
export function bestView(ctx, answer, options = {}) {
  ctx = context(ctx);
  const { seconds, limit, onLonger } = typeof options === 'number' ? { seconds: options } : options;
  const [first] = answer.plays;
  const total = first ? first.total : 0;
  const { proved, gap, loose } = boundGap(answer, total);
  const took = typeof seconds === 'number' ? ` (searched in ${seconds.toFixed(1)} s)` : '';
  const atLimit = `at its time limit${limit ? ` of ${limit} s` : ''}`;
  const ceiling = typeof answer.bound === 'number' ? `no play can score more than ${bigPoints(answer.bound)}` : '';
  let reason;
  if (answer.optimal) reason = `No play of these cards scores more${took}.`;
  else if (proved) reason = `No play of these cards scores more: ${ceiling}, though the search stopped ${atLimit} `
    + 'before it finished.';
  else if (gap === null) reason = `The search stopped ${atLimit} before it could prove this play best, and no bound `
    + 'is known on how much more a better play could score.';
  else reason = `The search stopped ${atLimit} before it could prove this play best: a better play, if there is one, `
    + `scores at most ${bigPoints(gap)} more (${ceiling}).`;
  if (answer.kept) reason += ' The longer search found no better play than the last search’s, shown here.';
  const head = el('div', { class: `verdict ${proved ? 'ok' : 'warn'} best-head` },
    el('span', { class: 'v-word', text: points(total) }),
    el('span', { class: 'v-says', text: answer.optimal ? '✓ Proved best' : proved ? '✓ Best possible'
      : 'Best found in the time' }),
    el('span', { class: 'v-reason', text: reason }));
  let unproved = null;
  if (!proved) {
    const canLonger = typeof onLonger === 'function' && typeof limit === 'number' && limit < MAX_SECONDS;
    const longer = canLonger ? longerLimit(limit) : 0;
    unproved = el('div', { class: 'unproved' },
      gap === null ? null : el('p', { text: `${number.format(answer.bound)} is a ceiling, not a score: no play of `
        + 'these cards scores more, but no real play may reach it. It is not points you missed.' }),
      loose ? el('p', { text: `That ceiling is loose (the search was cut short): it is more than twice this play's `
        + `${points(total)}, so it says little about how good this play is.` }) : null,
      el('p', { text: limit >= MAX_SECONDS
        ? `This search already had the longest time allowed (${MAX_SECONDS} s).`
        : 'Searching longer may prove this play best, or find a better one.' }),
      canLonger ? el('button', { type: 'button', class: 'search-longer', onclick: () => onLonger(longer),
        text: `Search longer (${longer} s)` }) : null);
  }
  const plays = answer.plays.map((play, i) => el('article', { class: 'play' },
    heading(3, i === 0 ? `Best play · ${points(play.total)}` : `Runner-up ${i} · ${points(play.total)}`),
    playBody(ctx, play, { open: i === 0, level: 4 }),
    el('div', { class: 'unused' }, heading(4, 'Unused cards'),
      play.unused.length ? el('div', { class: 'w-cards' }, play.unused.map(c => miniCard(ctx.kinds, c)))
        : el('p', { class: 'hint', text: 'none' }))));
  return [title('Best play'), head, unproved, dictionaryLine(answer.dictionary), notes(ctx, answer.notes),
    plays.length ? plays : el('p', { class: 'hint', text: 'No playable word can be made from these cards.' })];
}

/** scoreView(ctx, answer, name): a scored play (`POST /v1/score`) of the player called `name`. */
export function scoreView(ctx, answer, name) {
  ctx = context(ctx);
  return [title(name ? `${name}'s play` : 'Scored play'),
    el('div', { class: 'verdict ok winner' },
      el('span', { class: 'v-word', text: points(answer.total) }),
      el('span', { class: 'v-says', text: name })),
    dictionaryLine(answer.dictionary),
    el('article', { class: 'play' }, playBody(ctx, answer, { open: true }))];
}

function motifsLine(ctx, ids) {
  if (!ids) return null;
  return el('p', { class: 'motifs-line' }, ids.length
    ? ['Motifs in flip order: ', el('strong', { text: ids.map(id => motifName(id, ctx.motifs)).join(', ') })]
    : 'No motifs this round.');
}

/** The parts of a scored round, with player headings at `level`: banner, totals, challenges and players. */
function roundParts(ctx, round, level) {
  const { names, best } = leaders(round.scores);
  const banner = el('div', { class: 'verdict ok winner' },
    el('span', { class: 'v-word', text: names.join(' & ') }),
    el('span', { class: 'v-says', text: names.length > 1 ? `tie with ${points(best)}` : `wins with ${points(best)}` }));
  const table = el('table', { class: 'totals' },
    el('caption', { text: 'Totals' }),
    el('thead', {}, el('tr', {},
      el('th', { scope: 'col', text: 'Player' }), el('th', { scope: 'col', text: 'Points' }))),
    el('tbody', {}, Object.entries(round.scores).map(([n, s]) => el('tr', { class: names.includes(n) ? 'won' : '' },
      el('th', { scope: 'row', text: n }), el('td', { text: String(s) })))));
  const challenges = round.challenges.length ? el('div', { class: 'adjust' }, heading(level, 'Challenges'),
    el('ul', {}, round.challenges.map(c => el('li', {},
      el('strong', { text: `${c.by} challenged ${c.player}'s ${c.word.toUpperCase()}: ` }), c.text)))) : null;
  const players = round.players.map(p => el('article', { class: 'play' },
    heading(level, `${p.name} · ${points(p.total)}`),
    playBody(ctx, p.play, { level: level + 1 }),
    adjustments(ctx, p.round_adjustments, 'Round effects (across players)', level + 1)));
  return { banner, table, challenges, players, motifs: motifsLine(ctx, round.motifs), winners: names, best };
}

/** roundView(ctx, answer): a scored round (`POST /v1/round`): winner, motifs, totals, challenges, every play. */
export function roundView(ctx, answer) {
  ctx = context(ctx);
  const parts = roundParts(ctx, answer, 3);
  return [title('Round scores'), parts.banner, dictionaryLine(answer.dictionary), parts.motifs, parts.table,
    parts.challenges, ...parts.players];
}

/**
 * gameView(ctx, answer): a scored game (`POST /v1/game`): the winner(s), a table of each player's points per round
 * (round winners marked ★, said in words to screen readers) with the totals, then each round folded in <details>.
 */
export function gameView(ctx, answer) {
  ctx = context(ctx);
  const totals = answer.totals || {};
  const winners = answer.winners && answer.winners.length ? answer.winners : leaders(totals).names;
  const best = winners.length ? totals[winners[0]] : 0;
  const banner = el('div', { class: 'verdict ok winner game-winner' },
    el('span', { class: 'v-word', text: winners.join(' & ') }),
    el('span', { class: 'v-says', text: winners.length > 1
      ? `share the win with ${points(best)} each` : `wins the game with ${points(best)}` }));
  const order = answer.ranking && answer.ranking.length ? answer.ranking.map(r => r.name) : Object.keys(totals);
  const rounds = answer.rounds.map((r, i) => ({ round: r, number: i + 1, ...roundParts(ctx, r, 4) }));
  const table = el('div', { class: 'table-scroll', role: 'region', 'aria-label': 'Points per round', tabindex: '0' },
    el('table', { class: 'totals game-table' },
      el('caption', {}, 'Points per round',
        el('span', { class: 'legend', text: ' (★ won the round; ties share it)' })),
      el('thead', {}, el('tr', {},
        el('th', { scope: 'col', text: 'Player' }),
        rounds.map(r => el('th', { scope: 'col' },
          el('span', { 'aria-hidden': 'true', text: `R${r.number}` }),
          el('span', { class: 'sr-only', text: `Round ${r.number}` }))),
        el('th', { scope: 'col', text: 'Total' }))),
      el('tbody', {}, order.map(name => el('tr', { class: winners.includes(name) ? 'won' : '' },
        el('th', { scope: 'row' }, name, winners.includes(name) ? mark('♛', 'wins the game') : null),
        rounds.map(r => el('td', {}, name in r.round.scores ? String(r.round.scores[name]) : '–',
          r.winners.includes(name) ? mark('★', 'won the round') : null)),
        el('td', { class: 'total', text: String(totals[name] ?? 0) }))))));
  const details = rounds.map(r => el('details', { class: 'round-details' },
    el('summary', { text: `Round ${r.number}: ${r.winners.join(' & ')} `
      + `${r.winners.length > 1 ? 'tie with' : 'wins with'} ${points(r.best)}` }),
    r.motifs, r.challenges, ...r.players));
  return [title('Game scores'), banner, dictionaryLine(answer.dictionary), table,
    heading(3, 'Rounds'), ...details];
}
