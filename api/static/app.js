// The table companion: judge words, find the best play of a hand, keep the scoresheet of a whole game.
// Plain JavaScript modules, no build step; every answer comes from the JSON API under /v1.
import { api } from './api.js';
import { setUpBest } from './best.js';
import { setUpGame } from './game.js';
import { setUpJudge } from './judge.js';

const $ = sel => document.querySelector(sel);

// -- the Judge and Best play tabs' fields, kept in the address so a position can be shared --------------------

const TABS = ['judge', 'best', 'game'];
const state = {
  tab: 'judge', dict: 'twl', words: '',
  cw: '', cb: '', cp: '', printed: false,
  motifs: [], hand: [], pool: [],
  limit: '10', top: '3', escaped: '', opponents: '',
};

function readUrl() {
  const q = new URLSearchParams(location.search);
  const get = (key, fallback) => q.get(key) ?? fallback;
  const tab = q.get('tab') === 'score' ? 'game' : q.get('tab');
  state.tab = TABS.includes(tab) ? tab : 'judge';
  state.dict = get('dict', localStorage.getItem('novelty-dict') || 'twl') === 'sowpods' ? 'sowpods' : 'twl';
  state.words = get('w', '');
  state.cw = get('cw', ''); state.cb = get('cb', ''); state.cp = get('cp', ''); state.printed = q.get('cap') === '1';
  state.motifs = get('m', '').split(',').filter(Boolean).slice(0, 10);
  state.hand = get('h', '').split(/\s+/).filter(Boolean).slice(0, 60);
  state.pool = get('pl', '').split(/\s+/).filter(Boolean).slice(0, 60);
  state.limit = get('tl', '10'); state.top = get('top', '3');
  state.escaped = get('esc', ''); state.opponents = get('opp', '');
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
  history.replaceState(null, '', `${location.pathname}?${q}`);
}

// -- tabs, and the action bar showing the open tab's main action -------------------------------------------------

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
  for (const action of document.querySelectorAll('#actions [data-for]')) {
    action.classList.toggle('off', action.dataset.for !== tab);
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

// -- start ------------------------------------------------------------------------------------------------------

function network() {
  $('#net').textContent = navigator.onLine === false ? 'Offline: answers need the server.' : '';
}

async function start() {
  readUrl();
  setUpTabs();
  showTab(state.tab);
  const dict = $('#dict');
  const setDict = value => {
    state.dict = value;
    dict.value = value;
    try { localStorage.setItem('novelty-dict', value); } catch { /* private mode */ }
    writeUrl();
  };
  dict.value = state.dict;
  dict.addEventListener('change', () => setDict(dict.value));
  window.addEventListener('online', network);
  window.addEventListener('offline', network);
  network();
  setUpJudge(state, writeUrl);
  let ctx;
  try {
    const [cardList, motifList] = await Promise.all([api('/v1/cards'), api('/v1/motifs?fields=id,name,scope,effect')]);
    ctx = { kinds: new Map(cardList.map(k => [k.id, k])), motifs: new Map(motifList.map(m => [m.id, m])) };
  } catch (err) {
    $('#net').textContent = `The card list could not be loaded: ${err.message}`;
    return;
  }
  setUpBest(state, ctx, writeUrl);
  setUpGame(ctx, () => state.dict, setDict);
  document.body.dataset.ready = 'true';
  if ('serviceWorker' in navigator && window.isSecureContext) {
    navigator.serviceWorker.register('/sw.js').catch(() => { /* the page works without it, online */ });
  }
}

start();
