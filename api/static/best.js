// The Best play tab: a hand and a pool, typed or tapped, the round's motifs, and the best plays found within a
// time limit the player chooses (an unproved answer offers to search longer).
import { answer, api, clearErrors, clearsOnChange, showApiError, showError } from './api.js';
import { CardLine, Picker, parseToken } from './cards.js';
import { renderMotifs } from './motifs.js';
import { usedCounts } from './pick.js';
import { bestView } from './results.js';

const $ = sel => document.querySelector(sel);
export const MAX_SECONDS = 30;

/** A play's words (their cards) and Escaped letter: the same play in two answers. */
const playKey = play => JSON.stringify([play.words.map(w => w.cards.join(' ')).sort(), play.escaped]);

/**
 * What a longer search of the same question answers, given the last answer: a search cut short by its limit may miss
 * a play a shorter one found, so unless the longer one is proved, its plays and the last one's are pooled (the best
 * `top`, the longer search's first among equals) and the lower bound kept (each holds for every play). `kept` says
 * the best play is the last answer's.
 */
export function keepBetter(last, found, top) {
  if (found.optimal || !last.plays.length) return found;
  const seen = new Set();
  const plays = [...found.plays, ...last.plays].filter(play => {
    const key = playKey(play);
    return !seen.has(key) && seen.add(key);
  }).sort((a, b) => b.total - a.total).slice(0, top);  // (a stable sort: the longer search's first among equals)
  const bounds = [found.bound, last.bound].filter(b => typeof b === 'number');
  const kept = !found.plays.length || plays[0].total > found.plays[0].total;
  return { ...found, plays, bound: bounds.length === 2 ? Math.min(...bounds) : found.bound, kept };
}

/** Set up the tab. ``state`` holds its fields (kept in the address); ``ctx`` = {kinds, motifs}. */
export function setUpBest(state, ctx, saved) {
  const { kinds } = ctx;
  let target = 'hand';
  const left = kind => kind.count - (usedCounts([...state.hand, ...state.pool]).get(kind.id) || 0);
  const lines = {};
  const refresh = () => {
    $('#hand-count').textContent = `${state.hand.length} card${state.hand.length === 1 ? '' : 's'}`;
    $('#pool-count').textContent = `${state.pool.length} card${state.pool.length === 1 ? '' : 's'}`;
    picker.update();
    overDeck();
  };
  const changed = () => { clearErrors($('#best-form')); refresh(); saved(); };
  for (const where of ['hand', 'pool']) {
    lines[where] = new CardLine($(`#${where}`), kinds, { id: where, label: where === 'hand' ? 'The hand' : 'The pool',
      tokens: state[where], left, onChange: changed });
    lines[where].input.addEventListener('focus', () => aim(where));
  }
  const aim = where => {
    target = where;
    for (const b of document.querySelectorAll('#best .seg')) b.setAttribute('aria-pressed', String(b.dataset.target === where));
  };
  for (const b of document.querySelectorAll('#best .seg')) b.addEventListener('click', () => aim(b.dataset.target));
  const picker = new Picker($('#best-picker'), kinds, { label: 'Cards: choose one to add it', left,
    onPick: kind => lines[target].add(kind) });

  /** A hand from an address may hold more copies of a kind than the deck has: say so beside the hand. */
  function overDeck() {
    const over = [...usedCounts([...state.hand, ...state.pool])].filter(([id, n]) => kinds.has(id) && n > kinds.get(id).count);
    const unknown = [...state.hand, ...state.pool].filter(t => !kinds.has(parseToken(t).id));
    const message = unknown.length ? `No card is called ${unknown[0]}: take it out.`
      : over.length ? `The deck has ${kinds.get(over[0][0]).count} of that card, and the hand and pool hold ${over[0][1]}: take one out.` : '';
    lines.hand.error(message);
  }

  renderMotifs($('[data-motifs="best"]'), ctx.motifs, state.motifs, 'best', () => { clearErrors($('#best')); saved(); });
  $('#best-clear').addEventListener('click', () => {
    state.hand.length = 0;
    state.pool.length = 0;
    lines.hand.render(); lines.pool.render(); changed();
    lines.hand.input.focus();
  });
  for (const [id, key] of [['best-limit', 'limit'], ['best-top', 'top'], ['best-escaped', 'escaped'], ['best-opponents', 'opponents']]) {
    const field = document.getElementById(id);
    field.value = state[key];
    field.addEventListener(field.tagName === 'SELECT' ? 'change' : 'input', () => { state[key] = field.value.trim(); saved(); });
    clearsOnChange(field);
  }
  refresh();

  let running = null;
  let last = null;  // the last answer shown, and its question (the request but its time limit)
  $('#best-cancel').addEventListener('click', () => running?.abort('cancelled'));
  $('#best-form').addEventListener('submit', event => { event.preventDefault(); search(); });

  /** Ask for the best plays; ``longer`` is a new time limit chosen from an unproved answer. */
  async function search(longer = 0) {
    if (running) return;
    clearErrors($('#best'));
    if (longer) { state.limit = String(longer); $('#best-limit').value = state.limit; saved(); }
    if (!state.hand.length) { showError('hand', 'Type or tap the cards of the hand first.', lines.hand.input); return; }
    const limit = Number(state.limit || 10);
    if (!(limit > 0 && limit <= MAX_SECONDS)) {
      showError('best-limit', `Choose a time limit above 0 and at most ${MAX_SECONDS} seconds.`);
      return;
    }
    if (state.escaped && !/^[a-z]$/i.test(state.escaped)) { showError('best-escaped', 'One letter, a to z.'); return; }
    const body = { hand: state.hand.join(' '), motifs: state.motifs, top: Number(state.top), time_limit: limit, dict: state.dict };
    if (state.pool.length) body.pool = state.pool.join(' ');
    if (state.escaped) body.escaped = state.escaped.toLowerCase();
    const opponents = state.opponents.split('\n').map(line => line.split(/[\s,]+/).filter(Boolean)).filter(w => w.length);
    if (opponents.length) body.opponents = opponents;

    const controller = new AbortController();
    running = controller;
    const started = performance.now();
    const bar = $('#best-bar');
    const status = $('#best-status');
    const out = $('#best-out');
    $('#best-progress').hidden = false;
    $('#best-cancel').hidden = false;
    $('#best-go').disabled = true;
    out.replaceChildren();
    const tick = () => {
      const s = (performance.now() - started) / 1000;
      bar.value = Math.min(100, (100 * s) / limit);
      status.textContent = s < limit
        ? `Searching… ${s.toFixed(1)} s of at most ${limit} s. At the limit the best play found so far is shown.`
        : `Scoring the best play found… ${s.toFixed(1)} s`;
    };
    tick();
    const timer = setInterval(tick, 100);
    const overdue = setTimeout(() => controller.abort('overdue'), (limit + 20) * 1000);
    const question = JSON.stringify({ ...body, time_limit: null });
    try {
      const found = await api('/v1/best', body, controller.signal);
      const shown = longer && last?.question === question ? keepBetter(last.answer, found, body.top) : found;
      last = { question, answer: shown };
      status.textContent = '';
      $('#best-progress').hidden = true;
      answer(out, bestView(ctx, shown, { seconds: (performance.now() - started) / 1000, limit,
        onLonger: seconds => search(seconds) }));
    } catch (err) {
      if (controller.signal.aborted) {
        status.textContent = controller.signal.reason === 'overdue'
          ? `The server did not answer within ${limit + 20} s: try again.` : 'Search cancelled.';
        bar.value = 0;
      } else {
        $('#best-progress').hidden = true;
        showApiError(err, { hand: 'hand', pool: 'pool', top: 'best-top', time_limit: 'best-limit',
          escaped: 'best-escaped', opponents: 'best-opponents', motifs: 'motifs-best' },
        /pool/.test(err.message) ? 'pool' : /motif/.test(err.message) ? 'motifs-best' : err.status ? 'hand' : 'best');
      }
    } finally {
      clearInterval(timer);
      clearTimeout(overdue);
      running = null;
      $('#best-cancel').hidden = true;
      $('#best-go').disabled = false;
    }
  }
}
