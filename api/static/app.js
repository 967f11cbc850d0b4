// The table companion: judge words, find the best play of a hand, score a play or a round.
// Plain JavaScript modules, no build step; every answer comes from the JSON API under /v1.
import { Picker, el, parseToken, describe, tileBody, tileClass } from './cards.js';
import { verdicts, settlement, bestView, scoreView, roundView } from './results.js';

const $ = (sel, root = document) => root.querySelector(sel);

/** Replace what ``root`` shows with ``nodes`` (nested lists flattened, missing parts left out). */
function show(root, nodes) {
  root.replaceChildren(...[nodes].flat(Infinity).filter(node => node !== null && node !== undefined && node !== false));
}

// -- state, kept in the URL so a position can be shared ------------------------------------------------

const TABS = ['judge', 'best', 'score'];
const state = {
  tab: 'judge', dict: 'twl', words: '',
  cw: '', cb: '', cp: '', printed: false,
  motifs: [], hand: [], pool: [],
  limit: '10', top: '3', escaped: '', opponents: '',
  players: [{ name: 'Player 1', words: [[]], unused: [] }],
  challenges: [],
};
let target = { kind: 'word', p: 0, w: 0 };  // where a tap on the Score tab's picker puts the card
let kinds = new Map();
let motifs = new Map();

function readUrl() {
  const q = new URLSearchParams(location.search);
  const get = (key, fallback) => q.get(key) ?? fallback;
  state.tab = TABS.includes(q.get('tab')) ? q.get('tab') : 'judge';
  state.dict = get('dict', 'twl') === 'sowpods' ? 'sowpods' : 'twl';
  state.words = get('w', '');
  state.cw = get('cw', ''); state.cb = get('cb', ''); state.cp = get('cp', ''); state.printed = q.get('cap') === '1';
  state.motifs = get('m', '').split(',').filter(Boolean);
  state.hand = get('h', '').split(/\s+/).filter(Boolean);
  state.pool = get('pl', '').split(/\s+/).filter(Boolean);
  state.limit = get('tl', '10'); state.top = get('top', '3');
  state.escaped = get('esc', ''); state.opponents = get('opp', '');
  const players = q.getAll('p').map(s => {
    const [name, ...words] = s.split('|');
    const left = words.length && words[words.length - 1].startsWith('~') ? words.pop().slice(1) : '';
    return { name, words: words.map(w => w.split(/\s+/).filter(Boolean)), unused: left.split(/\s+/).filter(Boolean) };
  });
  if (players.length) state.players = players;
  state.challenges = q.getAll('c').map(s => {
    const [by = '', player = '', word = '1'] = s.split('|');
    return { by, player, word: Number(word) || 1 };
  });
}

function writeUrl() {
  const q = new URLSearchParams();
  q.set('tab', state.tab);
  if (state.dict !== 'twl') q.set('dict', state.dict);
  if (state.words) q.set('w', state.words);
  for (const [key, value] of [['cw', state.cw], ['cb', state.cb], ['cp', state.cp]]) if (value) q.set(key, value);
  if (state.printed) q.set('cap', '1');
  if (state.motifs.length) q.set('m', state.motifs.join(','));
  if (state.hand.length) q.set('h', state.hand.join(' '));
  if (state.pool.length) q.set('pl', state.pool.join(' '));
  if (state.limit !== '10') q.set('tl', state.limit);
  if (state.top !== '3') q.set('top', state.top);
  if (state.escaped) q.set('esc', state.escaped);
  if (state.opponents) q.set('opp', state.opponents);
  const blank = state.players.length === 1 && state.players[0].name === 'Player 1'
    && state.players[0].words.every(w => !w.length);
  if (!blank) {
    for (const p of state.players) {
      const left = p.unused.length ? [`~${p.unused.join(' ')}`] : [];
      q.append('p', [p.name, ...p.words.map(w => w.join(' ')), ...left].join('|'));
    }
  }
  for (const c of state.challenges) q.append('c', `${c.by}|${c.player}|${c.word}`);
  history.replaceState(null, '', `${location.pathname}?${q}`);
}

// -- talking to the API --------------------------------------------------------------------------------

class ApiError extends Error {
  constructor(message, errors = [], status = 0) {
    super(message);
    this.errors = errors;
    this.status = status;
  }
}

async function api(path, body, signal) {
  let response;
  try {
    response = await fetch(path, body === undefined ? { signal } : {
      method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body), signal,
    });
  } catch (err) {
    if (signal && signal.aborted) throw new DOMException(String(signal.reason), 'AbortError');
    throw new ApiError(navigator.onLine === false
      ? 'You are offline: the page works, but judging and scoring need the server.'
      : 'Cannot reach the server: is `novelty serve` still running?');
  }
  let data = null;
  try { data = await response.json(); } catch { /* not JSON: said below */ }
  if (!response.ok) {
    if (response.status === 429) {
      const wait = response.headers.get('Retry-After') || 'a few';
      throw new ApiError(`The server is busy: try again in ${wait} s.`, [], 429);
    }
    throw new ApiError((data && data.detail) || `The server answered ${response.status} ${response.statusText}.`,
      (data && data.errors) || [], response.status);
  }
  return data;
}

// -- errors next to the field they concern ---------------------------------------------------------------

let firstError = true;  // the first error shown after a press is scrolled into view

function clearErrors(root) {
  firstError = true;
  for (const p of root.querySelectorAll('.field-error')) { p.hidden = true; p.textContent = ''; }
  for (const node of root.querySelectorAll('[aria-invalid="true"]')) node.removeAttribute('aria-invalid');
}

function showError(id, message) {
  const p = document.getElementById(`${id}-error`);
  p.textContent = message;
  p.hidden = false;
  const field = document.getElementById(id);
  if (field) field.setAttribute('aria-invalid', 'true');
  if (firstError) {
    firstError = false;
    p.scrollIntoView({ block: 'center', behavior: 'instant' });
  }
  return p;
}

/**
 * Put an API error next to its field: each entry of a validation problem by its location's first part
 * (``fields`` maps it to an element id), and anything else beside ``fallback``.
 */
function showApiError(err, fields, fallback) {
  if (err.name === 'AbortError') return;
  const placed = new Set();
  for (const e of err.errors || []) {
    const id = fields[String(e.loc).split('.')[0]] || fallback;
    if (placed.has(id)) continue;
    placed.add(id);
    showError(id, `${e.msg}${String(e.loc).includes('.') ? ` (${e.loc})` : ''}`);
  }
  if (!placed.size) {
    const id = Object.entries(fields).find(([name]) => err.message.startsWith(`${name}:`))?.[1] || fallback;
    showError(id, err.message);
  }
}

// -- tabs ---------------------------------------------------------------------------------------------------

function showTab(tab, focus = false) {
  state.tab = tab;
  for (const name of TABS) {
    const button = document.getElementById(`tab-${name}`);
    const on = name === tab;
    button.setAttribute('aria-selected', String(on));
    button.tabIndex = on ? 0 : -1;
    document.getElementById(name).hidden = !on;
    if (on && focus) button.focus();
  }
  writeUrl();
}

function setUpTabs() {
  for (const button of document.querySelectorAll('[role="tab"]')) {
    button.addEventListener('click', () => showTab(button.dataset.tab));
    button.addEventListener('keydown', event => {
      const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
      if (!step) return;
      event.preventDefault();
      showTab(TABS[(TABS.indexOf(state.tab) + step + TABS.length) % TABS.length], true);
    });
  }
}

// -- motifs in flip order (shared by the Best play and Score tabs) ----------------------------------------

const UNSEEN = 'unseen-character';  // the one motif that counts the cards left in a hand

function renderMotifs() {
  if (scorePicker) renderPlayers();
  for (const [index, root] of document.querySelectorAll('[data-motifs]').entries()) {
    root.replaceChildren();
    const selectId = `motif-add-${index}`;
    const select = el('select', { id: selectId },
      el('option', { value: '', text: 'Choose a motif…' }),
      ['word', 'player', 'round', 'cards', 'draft'].map(scope => el('optgroup', { label: {
        word: 'Scores cards and words', player: "Scores a player's play", round: 'Compares players',
        cards: 'Changes the cards', draft: 'Drafting only (no score)' }[scope] },
      [...motifs.values()].filter(m => m.scope === scope && !state.motifs.includes(m.id))
        .map(m => el('option', { value: m.id, text: m.name })))));
    const add = () => {
      if (!select.value || state.motifs.length >= 10) return;
      state.motifs.push(select.value);
      renderMotifs();
      writeUrl();
      document.getElementById(selectId).focus();
    };
    const list = el('ol', { class: 'motif-list' }, state.motifs.map((id, i) => {
      const m = motifs.get(id) || { name: id, effect: '' };
      const move = (delta, label, text) => el('button', { type: 'button', class: 'icon', 'aria-label': `${label} ${m.name}`,
        disabled: i + delta < 0 || i + delta >= state.motifs.length, text, onclick: () => {
          [state.motifs[i], state.motifs[i + delta]] = [state.motifs[i + delta], state.motifs[i]];
          renderMotifs(); writeUrl();
        } });
      return el('li', {}, el('span', { class: 'm-name', text: m.name }), el('span', { class: 'm-effect', text: m.effect }),
        el('span', { class: 'm-actions' }, move(-1, 'Flip earlier:', '↑'), move(1, 'Flip later:', '↓'),
          el('button', { type: 'button', class: 'icon', 'aria-label': `Remove ${m.name}`, text: '✕', onclick: () => {
            state.motifs.splice(i, 1); renderMotifs(); writeUrl();
          } })));
    }));
    root.append(state.motifs.length ? list : el('p', { class: 'hint', text: 'No motifs this round.' }),
      el('div', { class: 'row' }, el('label', { for: selectId, class: 'sr-only', text: 'Motif to add' }), select,
        el('button', { type: 'button', text: 'Add motif', onclick: add, disabled: state.motifs.length >= 10 })),
      el('p', { class: 'field-error', id: `motifs-${index}-error`, hidden: true }));
  }
}

// -- Judge ---------------------------------------------------------------------------------------------------

function setUpJudge() {
  const form = $('#judge-form');
  const input = $('#judge-words');
  input.value = state.words;
  input.addEventListener('input', () => { state.words = input.value; writeUrl(); });
  form.addEventListener('submit', async event => {
    event.preventDefault();
    clearErrors(form);
    const words = input.value.split(/[\s,]+/).filter(Boolean);
    if (!words.length) { showError('judge-words', 'Type a word to judge.'); return; }
    const out = $('#judge-out');
    try {
      show(out, verdicts(await api('/v1/check', { words, dict: state.dict })));
    } catch (err) {
      out.replaceChildren();
      showApiError(err, { words: 'judge-words' }, 'judge-words');
    }
  });

  const challenge = $('#challenge-form');
  for (const [id, key] of [['challenge-word', 'cw'], ['challenge-by', 'cb'], ['challenge-player', 'cp']]) {
    const field = document.getElementById(id);
    field.value = state[key];
    field.addEventListener('input', () => { state[key] = field.value; writeUrl(); });
  }
  $('#challenge-printed').checked = state.printed;
  $('#challenge-printed').addEventListener('change', e => { state.printed = e.target.checked; writeUrl(); });
  challenge.addEventListener('submit', async event => {
    event.preventDefault();
    clearErrors(challenge);
    const word = state.cw.trim();
    if (!word) { showError('challenge-word', 'Type the challenged word.'); return; }
    const body = { word, dict: state.dict, as_printed: state.printed };
    if (state.cb.trim()) body.by = state.cb.trim();
    if (state.cp.trim()) body.player = state.cp.trim();
    const out = $('#challenge-out');
    try {
      show(out, settlement(await api('/v1/challenge', body)));
    } catch (err) {
      out.replaceChildren();
      const where = err.message.includes('cannot challenge their own') ? 'challenge-player' : 'challenge-word';
      showApiError(err, { word: 'challenge-word', by: 'challenge-by', player: 'challenge-player' }, where);
    }
  });
}

// -- Best play -----------------------------------------------------------------------------------------------

function counted(tokens) {
  const n = new Map();
  for (const token of tokens) {
    const { id, copyOf } = parseToken(token);
    if (!copyOf) n.set(id, (n.get(id) || 0) + 1);
  }
  return n;
}

function chosenCards(root, tokens, where, onRemove) {
  root.replaceChildren(...tokens.map((token, i) => {
    const kind = kinds.get(parseToken(token).id);
    return el('button', { type: 'button', class: tileClass(kind, 'mini'), 'aria-label': `${describe(kind)}. Remove from ${where}`,
      onclick: () => onRemove(i) }, tileBody(kind, { compact: true }));
  }));
  if (!tokens.length) root.append(el('p', { class: 'hint', text: 'Tap cards below to add them.' }));
}

let bestPicker;
function renderBestCards() {
  const removeFrom = (list, name) => i => {
    list.splice(i, 1);
    renderBestCards();
    writeUrl();
    const next = $(`#${name}`).querySelector('button');
    (next || $(`#best-picker input`)).focus();
  };
  chosenCards($('#hand'), state.hand, 'the hand', removeFrom(state.hand, 'hand'));
  chosenCards($('#pool'), state.pool, 'the pool', removeFrom(state.pool, 'pool'));
  $('#hand-count').textContent = `${state.hand.length} card${state.hand.length === 1 ? '' : 's'}`;
  $('#pool-count').textContent = `${state.pool.length} card${state.pool.length === 1 ? '' : 's'}`;
  bestPicker?.update();
}

function setUpBest() {
  const used = () => counted([...state.hand, ...state.pool]);
  bestPicker = new Picker($('#best-picker'), kinds, {
    label: 'Card kinds: tap to add',
    left: kind => kind.count - (used().get(kind.id) || 0),
    onPick: kind => {
      const where = document.querySelector('input[name="best-target"]:checked').value;
      (where === 'pool' ? state.pool : state.hand).push(kind.id);
      clearErrors($('#best'));
      renderBestCards();
      writeUrl();
    },
  });
  $('#best-clear').addEventListener('click', () => { state.hand = []; state.pool = []; renderBestCards(); writeUrl(); });
  for (const [id, key] of [['best-limit', 'limit'], ['best-top', 'top'], ['best-escaped', 'escaped'], ['best-opponents', 'opponents']]) {
    const field = document.getElementById(id);
    field.value = state[key];
    field.addEventListener(field.tagName === 'SELECT' ? 'change' : 'input', () => { state[key] = field.value.trim(); writeUrl(); });
  }
  renderBestCards();

  let running = null;
  $('#best-cancel').addEventListener('click', () => running?.abort('cancelled'));
  $('#best-form').addEventListener('submit', async event => {
    event.preventDefault();
    if (running) return;
    clearErrors($('#best'));
    if (!state.hand.length) { showError('hand', 'Tap cards to put them in the hand first.'); return; }
    if (state.escaped && !/^[a-z]$/i.test(state.escaped)) { showError('best-escaped', 'One letter, a to z.'); return; }
    const limit = Number(state.limit);
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
    try {
      const answer = await api('/v1/best', body, controller.signal);
      show(out, bestView(kinds, answer, (performance.now() - started) / 1000));
      status.textContent = '';
      $('#best-progress').hidden = true;
    } catch (err) {
      if (controller.signal.aborted) {
        status.textContent = controller.signal.reason === 'overdue'
          ? `The server did not answer within ${limit + 20} s: try again.` : 'Search cancelled.';
        bar.value = 0;
      } else {
        $('#best-progress').hidden = true;
        showApiError(err, { hand: 'hand', pool: 'pool', top: 'best-top', time_limit: 'best-limit',
          escaped: 'best-escaped', opponents: 'best-opponents', motifs: 'motifs-0' },
        /pool/.test(err.message) ? 'pool' : /motif/.test(err.message) ? 'motifs-0' : err.status ? 'hand' : 'best');
      }
    } finally {
      clearInterval(timer);
      clearTimeout(overdue);
      running = null;
      $('#best-cancel').hidden = true;
      $('#best-go').disabled = false;
    }
  });
}

// -- Score a play or a round -------------------------------------------------------------------------------

let scorePicker;

function wordLabel(p, w) {
  const letters = state.players[p].words[w].map(t => {
    const { id, letters: chosen } = parseToken(t);
    const kind = kinds.get(id);
    return chosen || (kind && kind.letters) || '?';
  }).join('').toUpperCase();
  return letters || `word ${w + 1}`;
}

function targetName() {
  if (target.kind === 'pool') return 'the common pool';
  const p = state.players[target.p];
  if (target.kind === 'unused') return `the cards ${p.name || `player ${target.p + 1}`} did not play`;
  return `${p.name || `player ${target.p + 1}`}'s word ${target.w + 1}`;
}

function renderPlayers(focusSelector) {
  const root = $('#players');
  if (target.kind === 'word' && !state.players[target.p]?.words[target.w]) target = { kind: 'word', p: 0, w: 0 };
  if (target.kind === 'unused' && (!state.players[target.p] || !state.motifs.includes(UNSEEN))) target = { kind: 'word', p: 0, w: 0 };
  if (!state.players[0].words.length) state.players[0].words.push([]);
  root.replaceChildren(...state.players.map((player, p) => {
    const nameId = `player-${p}-name`;
    const words = player.words.map((tokens, w) => {
      const active = target.kind === 'word' && target.p === p && target.w === w;
      const cards = tokens.map((token, t) => {
        const { id, letters, copyOf } = parseToken(token);
        const kind = kinds.get(id);
        const remove = el('button', { type: 'button', class: tileClass(kind, 'mini'),
          'aria-label': `${describe(kind, letters)}. Remove from ${player.name || 'this player'}'s word ${w + 1}`,
          onclick: () => { tokens.splice(t, 1); renderPlayers(`#players [data-word="${p}-${w}"] .w-target`); writeUrl(); scorePicker.update(); } },
        tileBody(kind, { letters, compact: true, note: copyOf ? `copy: ${copyOf}` : '' }));
        if (!kind || kind.letters) return remove;
        const inputId = `wild-${p}-${w}-${t}`;
        const width = kind.wild === 'double' ? 2 : 1;
        const input = el('input', { id: inputId, class: 'wild-letter', type: 'text', maxlength: width, size: width,
          autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false', value: letters.toUpperCase(),
          'aria-label': `Letter${width > 1 ? 's' : ''} the ${kind.letter} stands for in word ${w + 1}`,
          oninput: event => {
            const v = event.target.value.replace(/[^a-z]/gi, '').toLowerCase().slice(0, width);
            tokens[t] = v ? `${id}${copyOf ? `+${copyOf}` : ''}=${v}` : `${id}${copyOf ? `+${copyOf}` : ''}`;
            remove.querySelector('.t-letter').textContent = v ? v.toUpperCase() : '★';
            event.target.removeAttribute('aria-invalid');
            writeUrl();
          } });
        return el('span', { class: 'wild-pair' }, remove, input);
      });
      return el('li', { class: `word-row ${active ? 'active' : ''}`, 'data-word': `${p}-${w}` },
        el('div', { class: 'row' },
          el('button', { type: 'button', class: 'w-target', 'aria-pressed': String(active),
            text: active ? `Word ${w + 1}: adding here` : `Word ${w + 1}: add cards here`,
            onclick: () => { target = { kind: 'word', p, w }; renderPlayers(`#players [data-word="${p}-${w}"] .w-target`); } }),
          el('button', { type: 'button', class: 'icon', 'aria-label': `Remove word ${w + 1} of ${player.name || 'this player'}`, text: '✕',
            onclick: () => {
              player.words.splice(w, 1);
              fixChallenges();
              renderPlayers(); writeUrl(); scorePicker.update();
            } })),
        el('div', { class: 'chosen' }, cards.length ? cards : el('p', { class: 'hint', text: 'No cards yet.' })));
    });
    return el('div', { class: 'player', 'data-player': String(p) },
      el('div', { class: 'row' },
        el('label', { for: nameId, text: 'Name' }),
        el('input', { id: nameId, type: 'text', value: player.name, autocomplete: 'off', maxlength: 40,
          'aria-describedby': `player-${p}-error`,
          oninput: event => {
            const old = player.name;
            player.name = event.target.value.replace(/\|/g, '');
            for (const c of state.challenges) {
              if (c.by === old) c.by = player.name;
              if (c.player === old) c.player = player.name;
            }
            renderChallenges(); updateTargetLabel(); writeUrl();
          } }),
        state.players.length > 1 ? el('button', { type: 'button', class: 'quiet', text: 'Remove player',
          'aria-label': `Remove ${player.name || `player ${p + 1}`}`,
          onclick: () => {
            state.players.splice(p, 1);
            state.challenges = state.challenges.filter(c => c.by !== player.name && c.player !== player.name);
            target = { kind: 'word', p: 0, w: 0 };
            renderPlayers(); renderChallenges(); writeUrl(); scorePicker.update();
          } }) : null),
      el('ol', { class: 'words' }, words),
      el('button', { type: 'button', class: 'quiet', text: 'Add a word', 'aria-label': `Add a word for ${player.name || `player ${p + 1}`}`,
        onclick: () => {
          player.words.push([]);
          target = { kind: 'word', p, w: player.words.length - 1 };
          renderPlayers(`#players [data-word="${p}-${player.words.length - 1}"] .w-target`); writeUrl();
        } }),
      state.motifs.includes(UNSEEN) ? unusedRow(player, p) : null,
      el('p', { class: 'field-error', id: `player-${p}-error`, hidden: true }));
  }));
  const poolTarget = $('#score-pool-target');
  poolTarget.setAttribute('aria-pressed', String(target.kind === 'pool'));
  poolTarget.textContent = target.kind === 'pool' ? 'Adding cards to the pool' : 'Add cards to the pool';
  $('#score-pool').classList.toggle('active', target.kind === 'pool');
  chosenCards($('#score-pool'), state.pool, 'the pool', i => { state.pool.splice(i, 1); renderPlayers(); writeUrl(); scorePicker.update(); });
  $('#score-pool-count').textContent = `${state.pool.length} card${state.pool.length === 1 ? '' : 's'}`;
  updateTargetLabel();
  renderChallenges();
  if (focusSelector) $(focusSelector)?.focus();
}

/** The cards a player kept in hand, for Unseen Character: tapped like a word's. */
function unusedRow(player, p) {
  const active = target.kind === 'unused' && target.p === p;
  const who = player.name || `player ${p + 1}`;
  return el('div', { class: `word-row ${active ? 'active' : ''}`, 'data-word': `${p}-u` },
    el('div', { class: 'row' }, el('button', { type: 'button', class: 'w-target', 'aria-pressed': String(active),
      text: active ? 'Cards left in hand: adding here' : 'Cards left in hand (Unseen Character): add here',
      onclick: () => { target = { kind: 'unused', p }; renderPlayers(`#players [data-word="${p}-u"] .w-target`); } })),
    el('div', { class: 'chosen' }, player.unused.length ? player.unused.map((id, i) => {
      const kind = kinds.get(id);
      return el('button', { type: 'button', class: tileClass(kind, 'mini'), 'aria-label': `${describe(kind)}. Remove from ${who}'s cards left in hand`,
        onclick: () => { player.unused.splice(i, 1); renderPlayers(); writeUrl(); scorePicker.update(); } }, tileBody(kind, { compact: true }));
    }) : el('p', { class: 'hint', text: 'None.' })));
}

/** A player's hand for the API: the cards of their words not taken from the pool, and the cards left over. */
function handOf(player) {
  const pool = counted(state.pool);
  const hand = [];
  for (const token of player.words.flat()) {
    const { id, copyOf } = parseToken(token);
    if (copyOf || !kinds.has(id)) continue;  // a motif's copy or free wild is no card of the hand
    if (pool.get(id)) pool.set(id, pool.get(id) - 1);
    else hand.push(id);
  }
  return [...hand, ...player.unused].join(' ');
}

function updateTargetLabel() {
  $('#score-target-label').textContent = `(tapping adds to ${targetName()})`;
}

function fixChallenges() {
  state.challenges = state.challenges.filter(c => {
    const p = state.players.find(pl => pl.name === c.player);
    return p && c.word <= p.words.length;
  });
}

function renderChallenges() {
  const names = state.players.map(p => p.name).filter(Boolean);
  $('#challenges').replaceChildren(...state.challenges.map((c, i) => {
    const select = (id, label, value, options, onchange) => el('div', { class: 'field' },
      el('label', { for: id, text: label }),
      el('select', { id, onchange }, options.map(([v, text]) => el('option', { value: v, text, selected: String(v) === String(value) }))));
    const player = state.players.find(p => p.name === c.player);
    return el('div', { class: 'challenge', 'data-challenge': String(i) },
      select(`ch-${i}-by`, 'Challenger', c.by, names.map(n => [n, n]), e => { c.by = e.target.value; writeUrl(); }),
      select(`ch-${i}-player`, 'Whose word', c.player, names.map(n => [n, n]), e => { c.player = e.target.value; c.word = 1; renderChallenges(); writeUrl(); }),
      select(`ch-${i}-word`, 'Word', c.word, (player ? player.words : []).map((_, w) => [w + 1, `${w + 1}: ${wordLabel(state.players.indexOf(player), w)}`]),
        e => { c.word = Number(e.target.value); writeUrl(); }),
      el('button', { type: 'button', class: 'icon', 'aria-label': `Remove challenge ${i + 1}`, text: '✕',
        onclick: () => { state.challenges.splice(i, 1); renderChallenges(); writeUrl(); } }));
  }));
}

function setUpScore() {
  const used = () => counted([...state.pool, ...state.players.flatMap(p => [...p.words.flat(), ...p.unused])]);
  scorePicker = new Picker($('#score-picker'), kinds, {
    label: 'Card kinds: tap to add to the chosen word',
    left: kind => kind.count - (used().get(kind.id) || 0),
    onPick: kind => {
      clearErrors($('#score'));
      if (target.kind === 'pool') {
        state.pool.push(kind.id);
        renderPlayers();
      } else if (target.kind === 'unused') {
        state.players[target.p].unused.push(kind.id);
        renderPlayers();
      } else {
        const { p, w } = target;
        state.players[p].words[w].push(kind.id);
        const t = state.players[p].words[w].length - 1;
        renderPlayers();
        if (!kind.letters) $(`#wild-${p}-${w}-${t}`)?.focus();  // a wild in a play names its letter
      }
      writeUrl();
      scorePicker.update();
    },
  });
  $('#score-pool-target').addEventListener('click', () => {
    target = target.kind === 'pool' ? { kind: 'word', p: 0, w: 0 } : { kind: 'pool' };
    renderPlayers('#score-pool-target');
  });
  $('#add-player').addEventListener('click', () => {
    const taken = new Set(state.players.map(p => p.name));
    let n = state.players.length + 1;
    while (taken.has(`Player ${n}`)) n += 1;
    state.players.push({ name: `Player ${n}`, words: [[]], unused: [] });
    target = { kind: 'word', p: state.players.length - 1, w: 0 };
    renderPlayers(`#player-${state.players.length - 1}-name`);
    writeUrl();
  });
  $('#add-challenge').addEventListener('click', () => {
    clearErrors($('#score-form'));
    if (state.players.length < 2) { showError('challenges', 'Add a second player first: a player cannot challenge their own word.'); return; }
    const [a, b] = state.players;
    state.challenges.push({ by: b.name, player: a.name, word: 1 });
    renderChallenges();
    $(`#ch-${state.challenges.length - 1}-by`).focus();
    writeUrl();
  });
  renderPlayers();

  $('#score-form').addEventListener('submit', async event => {
    event.preventDefault();
    clearErrors($('#score'));
    const out = $('#score-out');
    // Checks the page can make itself, shown where the fix is: a name, a wild's letter.
    const names = state.players.map(p => p.name.trim());
    for (const [p, name] of names.entries()) {
      if (!name) { showError(`player-${p}`, 'Give this player a name.'); $(`#player-${p}-name`).setAttribute('aria-invalid', 'true'); return; }
      if (names.indexOf(name) !== p) { showError(`player-${p}`, `Two players are called ${name}: names must differ.`); return; }
    }
    for (const [p, player] of state.players.entries()) {
      for (const [w, tokens] of player.words.entries()) {
        for (const [t, token] of tokens.entries()) {
          const { id, letters } = parseToken(token);
          const kind = kinds.get(id);
          if (kind && !kind.letters && !letters) {
            showError(`player-${p}`, `Word ${w + 1}: type the letter${kind.wild === 'double' ? 's' : ''} the ${kind.letter} stands for.`);
            const input = $(`#wild-${p}-${w}-${t}`);
            input.setAttribute('aria-invalid', 'true');
            input.focus();
            return;
          }
        }
      }
    }
    const counting = state.motifs.includes(UNSEEN);
    const plays = state.players.map(p => ({ name: p.name.trim(), words: p.words.filter(w => w.length).map(w => w.join(' ')),
      ...(counting ? { hand: handOf(p) } : {}) }));
    if (plays.every(p => !p.words.length)) { showError('player-0', 'Pick a word and tap its cards first.'); return; }
    const pool = state.pool.length ? state.pool.join(' ') : undefined;
    const single = plays.length === 1 && !state.challenges.length;
    try {
      if (single) {
        const body = { words: plays[0].words, motifs: state.motifs, dict: state.dict };
        if (counting) body.hand = plays[0].hand;
        if (pool) body.pool = pool;
        show(out, scoreView(kinds, await api('/v1/score', body), plays[0].name));
      } else {
        const body = { players: plays, motifs: state.motifs, dict: state.dict,
          challenges: state.challenges.map(c => ({ by: c.by, player: c.player, word: c.word })) };
        if (pool) body.pool = pool;
        show(out, roundView(kinds, await api('/v1/round', body)));
      }
    } catch (err) {
      out.replaceChildren();
      const who = plays.findIndex(p => err.message.includes(`'${p.name}'`));
      const fallback = /challeng/.test(err.message) ? 'challenges' : /pool/.test(err.message) ? 'score-pool'
        : /motif/.test(err.message) ? 'motifs-1' : err.status ? `player-${Math.max(0, who)}` : 'score';
      showApiError(err, { players: 'players', challenges: 'challenges', pool: 'score-pool', motifs: 'motifs-1', words: 'player-0' }, fallback);
    }
  });
}

// -- start ---------------------------------------------------------------------------------------------------

function network() {
  $('#net').textContent = navigator.onLine === false ? 'Offline: answers need the server.' : '';
}

async function start() {
  readUrl();
  setUpTabs();
  showTab(state.tab);
  const dict = $('#dict');
  dict.value = state.dict;
  dict.addEventListener('change', () => { state.dict = dict.value; writeUrl(); });
  window.addEventListener('online', network);
  window.addEventListener('offline', network);
  network();
  setUpJudge();
  try {
    const [cardList, motifList] = await Promise.all([api('/v1/cards'), api('/v1/motifs')]);
    kinds = new Map(cardList.map(k => [k.id, k]));
    motifs = new Map(motifList.map(m => [m.id, m]));
  } catch (err) {
    $('#net').textContent = `The card list could not be loaded: ${err.message}`;
    return;
  }
  renderMotifs();
  setUpBest();
  setUpScore();
  document.body.dataset.ready = 'true';
  if ('serviceWorker' in navigator && window.isSecureContext) {
    navigator.serviceWorker.register('/sw.js').catch(() => { /* the page works without it, online */ });
  }
}

start();
