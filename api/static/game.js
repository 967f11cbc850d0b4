// The scoresheet: a whole game of three rounds. Players are named once; each round has its motifs in flip order,
// its common pool, each player's words (typed: the page picks the cards) and challenges. It is kept in the
// browser, can be undone change by change, and exported or imported as the JSON `novelty game` reads.
import { answer, api, clearErrors, clearsOnChange, showApiError, showError } from './api.js';
import { CardLine, Picker, el, parseToken } from './cards.js';
import { MAX_MOTIFS, renderMotifs } from './motifs.js';
import { ordinal } from './names.js';
import { alternatives, pickWord, usedCounts } from './pick.js';
import { gameView } from './results.js';

const $ = sel => document.querySelector(sel);
const KEY = 'novelty-scoresheet-1';
const ROUNDS = 3;
const MAX_PLAYERS = 8;
const MAX_ROUNDS = 10;
const MAX_WORDS = 20;
const UNSEEN = 'unseen-character';  // the one motif that counts the cards left in a hand
const UNDO_DEPTH = 100;

const emptyRound = players => ({ motifs: [], pool: [], hands: players.map(() => null), words: players.map(() => []), challenges: [] });

/** A new sheet: two players, three empty rounds. */
export function newSheet(players = ['Player 1', 'Player 2']) {
  return { players: [...players], rounds: Array.from({ length: ROUNDS }, () => emptyRound(players)), round: 0 };
}

/** The sheet as `novelty game` reads it: the rounds up to the last one with a word, players by name. */
export function toGameJson(sheet, dict) {
  const last = sheet.rounds.reduce((at, r, i) => (r.words.some(w => w.length) ? i : at), 0);
  return {
    dict,
    rounds: sheet.rounds.slice(0, last + 1).map(r => {
      const round = { motifs: [...r.motifs] };
      if (r.pool.length) round.pool = r.pool.join(' ');
      round.players = sheet.players.map((name, p) => {
        const player = { name, words: r.words[p].map(w => w.join(' ')) };
        if (r.hands[p]) player.hand = r.hands[p].join(' ');
        return player;
      });
      round.challenges = r.challenges.map(c => ({ by: sheet.players[c.by], player: sheet.players[c.player], word: c.word }));
      return round;
    }),
  };
}

/** A sheet from the JSON `novelty game` reads (its players in order of first appearance); throws Error in players'
 * words when the file is not such a game. */
export function fromGameJson(data, kinds) {
  if (!data || typeof data !== 'object' || !Array.isArray(data.rounds)) throw new Error('This file is not a game: it has no "rounds" list.');
  if (!data.rounds.length) throw new Error('This game has no rounds.');
  if (data.rounds.length > MAX_ROUNDS) throw new Error(`This game has ${data.rounds.length} rounds: at most ${MAX_ROUNDS}.`);
  const names = [];
  for (const r of data.rounds) for (const p of r.players || []) if (typeof p.name === 'string' && !names.includes(p.name)) names.push(p.name);
  if (!names.length) throw new Error('This game names no players.');
  if (names.length > MAX_PLAYERS) throw new Error(`This game has ${names.length} players: at most ${MAX_PLAYERS}.`);
  const cards = (value, where) => {
    const tokens = Array.isArray(value) ? value.map(String) : String(value ?? '').split(/[\s,]+/).filter(Boolean);
    const bad = tokens.find(t => !kinds.has(parseToken(t).id) && !parseToken(t).copyOf);
    if (bad) throw new Error(`${where}: no card is called ${bad}.`);
    return tokens;
  };
  const sheet = newSheet(names);
  sheet.rounds = data.rounds.map((r, i) => {
    const round = emptyRound(names);
    round.motifs = Array.isArray(r.motifs) ? r.motifs.map(String).slice(0, MAX_MOTIFS) : [];
    round.pool = r.pool ? cards(r.pool, `Round ${i + 1}'s pool`) : [];
    for (const p of r.players || []) {
      const at = names.indexOf(p.name);
      round.words[at] = (p.words || []).map((w, n) => cards(w, `Round ${i + 1}, ${p.name}'s word ${n + 1}`));
      if (p.hand) round.hands[at] = cards(p.hand, `Round ${i + 1}, ${p.name}'s hand`);
    }
    round.challenges = (r.challenges || []).map(c => {
      const by = names.indexOf(c.by);
      const player = names.indexOf(c.player);
      if (by < 0 || player < 0) throw new Error(`Round ${i + 1}: a challenge names a player who is not in the game.`);
      let word = Number(c.word);
      if (!Number.isInteger(word)) {
        const letters = String(c.word).toLowerCase();
        word = 1 + round.words[player].findIndex(w => spelled(kinds, w) === letters);
        if (!word) throw new Error(`Round ${i + 1}: ${c.player} played no word ${String(c.word).toUpperCase()}.`);
      }
      return { by, player, word };
    });
    return round;
  });
  while (sheet.rounds.length < ROUNDS) sheet.rounds.push(emptyRound(names));
  return sheet;
}

/** The letters a word's cards spell. */
export function spelled(kinds, tokens) {
  return tokens.map(t => {
    const { id, letters } = parseToken(t);
    return letters || kinds.get(id)?.letters || '?';
  }).join('');
}

/** Set up the scoresheet tab. ``ctx`` = {kinds, motifs}; ``dict()`` is the word list chosen at the top. */
export function setUpGame(ctx, dict, setDict) {
  const { kinds } = ctx;
  let sheet = load() || newSheet();
  let kept = JSON.stringify(sheet);
  const undo = [];
  let target = null;  // the card line the card grid adds to (the pool, or a hand)

  function load() {
    try {
      const data = JSON.parse(localStorage.getItem(KEY) || 'null');
      return data && Array.isArray(data.players) && Array.isArray(data.rounds) ? data : null;
    } catch { return null; }
  }

  /** Record a change made to the sheet: it is kept in the browser and can be undone. */
  function changed(what, { render = true } = {}) {
    const now = JSON.stringify(sheet);
    if (now === kept) return;
    undo.push({ before: kept, what });
    if (undo.length > UNDO_DEPTH) undo.shift();
    kept = now;
    try { localStorage.setItem(KEY, now); } catch { /* private mode: the sheet lasts as long as the tab */ }
    $('#game-undo').disabled = false;
    say(what ? `${what[0].toUpperCase()}${what.slice(1)}.` : '');
    if (render) draw();
  }

  /** Keep the sheet without making an undo step (a name being typed, the round being looked at). */
  function store() {
    try { localStorage.setItem(KEY, JSON.stringify(sheet)); } catch { /* as above */ }
  }

  function say(text) { $('#game-status').textContent = text; }

  $('#game-undo').addEventListener('click', () => {
    const last = undo.pop();
    if (!last) return;
    sheet = JSON.parse(last.before);
    kept = last.before;
    try { localStorage.setItem(KEY, kept); } catch { /* as above */ }
    $('#game-undo').disabled = !undo.length;
    say(`Undone: ${last.what}.`);
    draw();
  });

  const round = () => sheet.rounds[sheet.round];
  const nameOf = p => sheet.players[p] || `Player ${p + 1}`;

  /** Copies of each kind the round has used: the pool, each hand (or, without one, the words' cards not taken
   * from the pool). */
  function roundUsed(skip = -1) {
    const r = round();
    const used = usedCounts(r.pool);
    for (const [p, words] of r.words.entries()) {
      if (p === skip) continue;
      for (const [id, n] of playerCards(r, p)) used.set(id, (used.get(id) || 0) + n);
    }
    return used;
  }

  /** A player's own cards in a round: the hand when known, else the words' cards beyond what the pool gives. */
  function playerCards(r, p) {
    if (r.hands[p]) return usedCounts(r.hands[p]);
    const pool = usedCounts(r.pool);
    const own = new Map();
    for (const [id, n] of usedCounts(r.words[p].flat())) {
      const extra = n - (pool.get(id) || 0);
      if (extra > 0) own.set(id, extra);
    }
    return own;
  }

  const left = kind => kind.count - (roundUsed().get(kind.id) || 0);

  /** Where a player's typed word takes its cards from, best first. */
  function sources(p, skipWord = -1) {
    const r = round();
    const mine = r.words[p].filter((_, w) => w !== skipWord).flat();
    const pool = usedCounts(r.pool);
    const poolLeft = new Map(pool);
    const handLeft = r.hands[p] ? usedCounts(r.hands[p]) : null;
    for (const id of mine.map(t => parseToken(t).id)) {
      if (handLeft && (handLeft.get(id) || 0) > 0) handLeft.set(id, handLeft.get(id) - 1);
      else if ((poolLeft.get(id) || 0) > 0) poolLeft.set(id, poolLeft.get(id) - 1);
    }
    if (handLeft) return [{ name: 'hand', counts: handLeft, cost: 0 }, { name: 'pool', counts: poolLeft, cost: 0 }];
    const used = roundUsed(p);
    for (const [id, n] of usedCounts(mine)) used.set(id, (used.get(id) || 0) + Math.max(0, n - (pool.get(id) || 0)));
    const deck = new Map([...kinds.values()].map(k => [k.id, Math.max(0, k.count - (used.get(k.id) || 0))]));
    return [{ name: 'pool', counts: poolLeft, cost: 0 }, { name: 'deck', counts: deck, cost: 1 }];
  }

  // -- drawing ------------------------------------------------------------------------------------------------

  let picker;
  function draw(focus) {
    drawPlayers();
    drawRound();
    picker?.update();
    if (focus) document.querySelector(focus)?.focus();
  }

  function drawPlayers() {
    $('#players').replaceChildren(...sheet.players.map((name, p) => el('li', { class: 'row player-name' },
      el('label', { for: `player-${p}-name`, class: 'sr-only', text: `Player ${p + 1}'s name` }),
      el('input', { id: `player-${p}-name`, type: 'text', value: name, autocomplete: 'off', maxlength: 40,
        'aria-describedby': `player-${p}-name-error`,
        oninput: event => { sheet.players[p] = event.target.value; store(); drawRoundNames(); },
        onchange: () => changed(`player ${p + 1} renamed ${sheet.players[p]}`, { render: false }) }),
      sheet.players.length > 1 ? el('button', { type: 'button', class: 'quiet', onclick: () => {
        sheet.players.splice(p, 1);
        for (const r of sheet.rounds) {
          r.hands.splice(p, 1);
          r.words.splice(p, 1);
          r.challenges = r.challenges.filter(c => c.by !== p && c.player !== p)
            .map(c => ({ ...c, by: c.by > p ? c.by - 1 : c.by, player: c.player > p ? c.player - 1 : c.player }));
        }
        changed(`${name || `player ${p + 1}`} removed`);
        $('#add-player').focus();
      } }, 'Remove', el('span', { class: 'sr-only', text: ` ${name || `player ${p + 1}`}` })) : null,
      el('p', { id: `player-${p}-name-error`, class: 'field-error', hidden: true }))));
    $('#add-player').disabled = sheet.players.length >= MAX_PLAYERS;
  }

  function drawRoundNames() {
    for (const [p, name] of sheet.players.entries()) {
      const h = document.querySelector(`#round-players [data-player="${p}"] h3 .who`);
      if (h) h.textContent = name || `Player ${p + 1}`;
    }
  }

  function drawRound() {
    const r = round();
    $('#round-pick').replaceChildren(...sheet.rounds.map((rr, i) => el('button', { type: 'button', class: 'seg',
      'aria-pressed': String(i === sheet.round), onclick: () => { sheet.round = i; store(); draw(`#round-pick button:nth-child(${i + 1})`); } },
    `Round ${i + 1}`, rr.words.some(w => w.length) ? el('span', { class: 'sr-only', text: ' (has words)' }) : null,
    rr.words.some(w => w.length) ? el('span', { 'aria-hidden': 'true', text: ' ✓' }) : null)));
    $('#round-title').textContent = `Round ${sheet.round + 1}`;
    renderMotifs($('[data-motifs="game"]'), ctx.motifs, r.motifs, 'game', what => changed(`round ${sheet.round + 1}: ${what}`, { render: false }));
    const pool = new CardLine($('#round-pool'), kinds, { id: 'round-pool', label: 'The pool', tokens: r.pool, left,
      onChange: what => { changed(`round ${sheet.round + 1}'s pool: ${what}`, { render: false }); picker.update(); } });
    pool.input.addEventListener('focus', () => aim(pool, 'the pool'));
    if (!target) aim(pool, 'the pool');
    $('#round-players').replaceChildren(...sheet.players.map((_, p) => playerBlock(p)));
    drawChallenges();
  }

  function aim(line, name) {
    target = line;
    $('#game-target').textContent = `Tapped cards go to ${name}.`;
  }

  function playerBlock(p) {
    const r = round();
    const who = nameOf(p);
    const inputId = `word-${p}`;
    const words = el('ol', { class: 'words' }, r.words[p].map((tokens, w) => {
      const holder = el('div', { class: 'word-cards' });
      const line = new CardLine(holder, kinds, { id: `word-${p}-${w}`, label: `${who}'s word ${w + 1}`, tokens, typing: false,
        left, onChange: what => changed(`${who}'s ${spelled(kinds, tokens).toUpperCase() || `word ${w + 1}`}: card ${what}`),
        choices: token => choicesFor(p, w, token), swap: Boolean(r.hands[p]) });
      holder.dataset.word = `${p}-${w}`;
      holder._line = line;
      return el('li', { class: 'word-row' },
        el('div', { class: 'row' },
          el('span', { class: 'w-text', text: spelled(kinds, tokens).toUpperCase() }),
          el('button', { type: 'button', class: 'quiet', onclick: () => {
            r.words[p].splice(w, 1);
            r.challenges = r.challenges.filter(c => !(c.player === p && c.word === w + 1))
              .map(c => (c.player === p && c.word > w + 1 ? { ...c, word: c.word - 1 } : c));
            changed(`${who}'s ${spelled(kinds, tokens).toUpperCase()} removed`, { render: true });
            document.getElementById(inputId)?.focus();
          } }, 'Remove', el('span', { class: 'sr-only', text: ` ${who}'s word ${spelled(kinds, tokens).toUpperCase()}` }))),
        holder);
    }));
    const type = el('input', { id: inputId, type: 'text', autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false',
      enterkeyhint: 'done', maxlength: 40, 'aria-describedby': `${inputId}-error`,
      onkeydown: event => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        if (type.value.trim()) addWord(p, type);
        else document.getElementById(`word-${(p + 1) % sheet.players.length}`)?.focus();  // Enter on nothing: the next player
      } });
    clearsOnChange(type);
    const handHolder = el('div', { id: `hand-${p}` });
    const hand = r.hands[p];
    const block = el('section', { class: 'player', 'data-player': String(p), 'aria-labelledby': `player-${p}-title` },
      el('h3', { id: `player-${p}-title` }, el('span', { class: 'who', text: who })),
      words,
      el('div', { class: 'field' },
        el('label', { for: inputId }, `Type a word ${who} played `,
          el('span', { class: 'hint', text: '(Enter adds it; Enter on an empty box goes to the next player)' })),
        el('div', { class: 'row' }, type, el('button', { type: 'button', onclick: () => addWord(p, type) },
          'Add', el('span', { class: 'sr-only', text: ` ${who}'s word` }))),
        el('p', { id: `${inputId}-error`, class: 'field-error', hidden: true })),
      el('details', { class: 'hand', open: hand !== null || r.motifs.includes(UNSEEN) },
        el('summary', {}, `${who}'s hand `, el('span', { class: 'hint', text: r.motifs.includes(UNSEEN)
          ? '(Unseen Character counts the cards left in it)' : '(optional: the page then picks the cards from it)' })),
        handHolder));
    const line = new CardLine(handHolder, kinds, { id: `hand-${p}`, label: `${who}'s hand`, tokens: hand || [],
      left: kind => kind.count - (roundUsed(p).get(kind.id) || 0) - (usedCounts(hand || []).get(kind.id) || 0),
      onChange: what => {
        r.hands[p] = line.tokens.length ? line.tokens : null;
        changed(`${who}'s hand: ${what}`, { render: false });
        picker.update();
      } });
    line.input.addEventListener('focus', () => aim(line, `${who}'s hand`));
    return block;
  }

  /** The kinds a card of a player's word could be instead: from the hand and pool when the hand is known, else
   * any kind of those letters with a copy left. */
  function choicesFor(p, w, token) {
    const r = round();
    if (!r.hands[p]) {
      const used = roundUsed();
      return alternatives(kinds, token).filter(k => (used.get(k.id) || 0) < k.count).map(k => k.id);
    }
    const have = new Set([...r.hands[p], ...r.pool].map(t => parseToken(t).id));
    return alternatives(kinds, token).filter(k => have.has(k.id)).map(k => k.id);
  }

  function addWord(p, input) {
    const r = round();
    const who = nameOf(p);
    const text = input.value.trim().replace(/\s+/g, '');
    clearErrors(input.closest('.field'));
    if (!text) { showError(input.id, `Type the letters of ${who}'s word.`); return; }
    if (r.words[p].length >= MAX_WORDS) { showError(input.id, `${who} has ${MAX_WORDS} words already: that is the most a play may have.`); return; }
    const picked = pickWord(kinds, text, sources(p));
    if (picked.error) {
      const where = r.hands[p] ? `${who}'s hand and the pool have` : 'the deck and the pool have';
      showError(input.id, picked.error.replace(/^No card is left/, `${where[0].toUpperCase()}${where.slice(1)} no card left`));
      return;
    }
    r.words[p].push(picked.cards.map(c => c.token));
    input.value = '';
    const w = r.words[p].length - 1;
    changed(`${who} played ${text.toUpperCase()}`);
    document.getElementById(`word-${p}`)?.focus();
    // A choice that matters: the hand holds another kind that could stand in a place. Ask, with the page's pick kept.
    const ask = picked.cards.findIndex(c => c.from === 'hand' && c.choices.length);
    if (ask >= 0) {
      const holder = document.querySelector(`#round-players [data-word="${p}-${w}"]`);
      const button = holder?.querySelectorAll('.chosen button')[ask];
      if (holder && button) {
        const card = picked.cards[ask];
        holder._line.open(ask, button, `Which ${card.letters.toUpperCase()} did ${who} play as the ${ordinal(ask + 1)} card of ${text.toUpperCase()}? (the page chose the first shown)`);
      }
    }
  }

  function drawChallenges() {
    const r = round();
    const root = $('#challenges');
    const select = (id, label, value, options, onchange) => el('div', { class: 'field' },
      el('label', { for: id, text: label }),
      el('select', { id, onchange }, options.map(([v, text]) => el('option', { value: v, text, selected: String(v) === String(value) }))));
    root.replaceChildren(...r.challenges.map((c, i) => el('div', { class: 'challenge grid3', 'data-challenge': String(i) },
      select(`ch-${i}-by`, 'Challenger', c.by, sheet.players.map((n, p) => [p, n]), e => { c.by = Number(e.target.value); changed(`challenge ${i + 1} changed`); }),
      select(`ch-${i}-player`, 'Whose word', c.player, sheet.players.map((n, p) => [p, n]), e => {
        c.player = Number(e.target.value); c.word = 1; changed(`challenge ${i + 1} changed`, { render: true });
      }),
      select(`ch-${i}-word`, 'Word', c.word, r.words[c.player].map((t, w) => [w + 1, `${w + 1}: ${spelled(kinds, t).toUpperCase()}`]),
        e => { c.word = Number(e.target.value); changed(`challenge ${i + 1} changed`); }),
      el('button', { type: 'button', class: 'quiet', onclick: () => {
        r.challenges.splice(i, 1); changed(`challenge ${i + 1} removed`); $('#add-challenge').focus();
      } }, 'Remove', el('span', { class: 'sr-only', text: ` challenge ${i + 1}` })))));
  }

  // -- controls ----------------------------------------------------------------------------------------------

  $('#add-player').addEventListener('click', () => {
    if (sheet.players.length >= MAX_PLAYERS) return;
    let n = sheet.players.length + 1;
    while (sheet.players.includes(`Player ${n}`)) n += 1;
    sheet.players.push(`Player ${n}`);
    for (const r of sheet.rounds) { r.hands.push(null); r.words.push([]); }
    changed(`player ${n} added`);
    const input = document.getElementById(`player-${sheet.players.length - 1}-name`);
    input?.focus();
    input?.select();
  });
  $('#add-challenge').addEventListener('click', () => {
    clearErrors($('#game'));
    const r = round();
    const played = r.words.findIndex(w => w.length);
    if (sheet.players.length < 2) { showError('challenges', 'Add a second player first: nobody challenges their own word.'); return; }
    if (played < 0) { showError('challenges', 'Type the words of this round first: a challenge is made to a word.'); return; }
    r.challenges.push({ by: played === 0 ? 1 : 0, player: played, word: 1 });
    changed('challenge added');
    $(`#ch-${r.challenges.length - 1}-by`)?.focus();
  });
  $('#game-new').addEventListener('click', () => {
    sheet = newSheet(sheet.players);
    target = null;
    changed('new game started (Undo brings the old one back)');
    $('#game-out').replaceChildren();
  });
  $('#game-export').addEventListener('click', () => {
    clearErrors($('#game'));
    if (!namesOk()) return;
    const blob = new Blob([`${JSON.stringify(toGameJson(sheet, dict()), null, 2)}\n`], { type: 'application/json' });
    const link = el('a', { href: URL.createObjectURL(blob), download: 'novelty-game.json' });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    say('Exported novelty-game.json.');
  });
  const file = $('#game-import');
  file.addEventListener('change', async () => {
    clearErrors($('#game'));
    const chosen = file.files[0];
    file.value = '';
    if (!chosen) return;
    if (chosen.size > 256 * 1024) { showError('game-import', `${chosen.name} is ${Math.round(chosen.size / 1024)} KB: a game's JSON is far smaller.`); return; }
    try {
      const data = JSON.parse(await chosen.text());
      sheet = fromGameJson(data, kinds);
      if (data.dict === 'sowpods' || data.dict === 'twl') setDict(data.dict);
      target = null;
      changed(`${chosen.name} imported (Undo brings the old sheet back)`);
    } catch (err) {
      showError('game-import', err instanceof SyntaxError ? `${chosen.name} is not JSON: ${err.message}` : err.message);
    }
  });

  function namesOk() {
    const names = sheet.players.map(n => n.trim());
    for (const [p, name] of names.entries()) {
      const id = `player-${p}-name`;
      if (!name) { showError(id, 'Give this player a name.'); return false; }
      if (names.indexOf(name) !== p) { showError(id, `Two players are called ${name}: names must differ.`); return false; }
    }
    sheet.players = names;
    return true;
  }

  $('#game-form').addEventListener('submit', async event => {
    event.preventDefault();
    clearErrors($('#game'));
    if (!namesOk()) return;
    if (!sheet.rounds.some(r => r.words.some(w => w.length))) {
      showError(`word-0`, 'Type the words each player played first.');
      return;
    }
    for (const [i, r] of sheet.rounds.entries()) {
      if (!r.motifs.includes(UNSEEN)) continue;
      const p = r.hands.findIndex((h, q) => !h && r.words[q].length);
      if (p >= 0) {
        if (sheet.round !== i) { sheet.round = i; draw(); }
        showError(`hand-${p}`, `Unseen Character counts the cards left in hand: type ${nameOf(p)}'s whole hand here.`);
        return;
      }
    }
    const body = toGameJson(sheet, dict());
    const out = $('#game-out');
    try {
      answer(out, gameView(ctx, await api('/v1/game', body)));
    } catch (err) {
      out.replaceChildren();
      const who = sheet.players.findIndex(n => err.message.includes(n));
      const at = /round (\d+)/i.exec(err.message);
      if (at && Number(at[1]) - 1 !== sheet.round && Number(at[1]) <= sheet.rounds.length) { sheet.round = Number(at[1]) - 1; draw(); }
      showApiError(err, {}, /challeng/.test(err.message) ? 'challenges' : /pool/.test(err.message) ? 'round-pool'
        : /motif/.test(err.message) ? 'motifs-game' : who >= 0 ? `word-${who}` : 'game');
    }
  });

  picker = new Picker($('#game-picker'), kinds, { label: 'Cards: choose one to add it', left,
    onPick: kind => target?.add(kind) });
  draw();
  $('#game-undo').disabled = true;
}
