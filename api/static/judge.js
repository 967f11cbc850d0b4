// The Judge tab: is a word playable, and how a challenge is settled.
import { answer, api, clearErrors, clearsOnChange, showApiError, showError } from './api.js';
import { settlement, verdicts } from './results.js';

const $ = sel => document.querySelector(sel);
const MAX_JUDGED = 500;
const LONGEST = 64;

/** Set up the two forms; ``state`` holds their fields (kept in the address), ``saved()`` is called on a change. */
export function setUpJudge(state, saved) {
  const input = $('#judge-words');
  input.value = state.words;
  input.addEventListener('input', () => { state.words = input.value; saved(); });
  clearsOnChange(input);
  $('#judge-form').addEventListener('submit', async event => {
    event.preventDefault();
    clearErrors($('#judge'));
    const words = input.value.split(/[\s,]+/).filter(Boolean);
    if (!words.length) { showError('judge-words', 'Type a word to judge.'); return; }
    if (words.length > MAX_JUDGED) { showError('judge-words', `That is ${words.length} words: judge at most ${MAX_JUDGED} at once.`); return; }
    const long = words.find(w => w.length > LONGEST);
    if (long) { showError('judge-words', `${long.slice(0, 12).toUpperCase()}… is ${long.length} letters: no word in the list is longer than ${LONGEST}.`); return; }
    const out = $('#judge-out');
    try {
      answer(out, verdicts(await api('/v1/check', { words, dict: state.dict })));
    } catch (err) {
      out.replaceChildren();
      showApiError(err, { words: 'judge-words' }, 'judge-words');
    }
  });

  for (const [id, key] of [['challenge-word', 'cw'], ['challenge-by', 'cb'], ['challenge-player', 'cp']]) {
    const field = document.getElementById(id);
    field.value = state[key];
    field.addEventListener('input', () => { state[key] = field.value; saved(); });
    clearsOnChange(field);
  }
  $('#challenge-printed').checked = state.printed;
  $('#challenge-printed').addEventListener('change', e => { state.printed = e.target.checked; saved(); });
  $('#challenge-form').addEventListener('submit', async event => {
    event.preventDefault();
    clearErrors($('#judge'));
    const word = state.cw.trim();
    const by = state.cb.trim();
    const player = state.cp.trim();
    if (!word) { showError('challenge-word', 'Type the challenged word.'); return; }
    if (word.length > LONGEST) { showError('challenge-word', `That is ${word.length} letters: no word in the list is longer than ${LONGEST}.`); return; }
    if (by.length > 40) { showError('challenge-by', 'A name is at most 40 letters.'); return; }
    if (player.length > 40) { showError('challenge-player', 'A name is at most 40 letters.'); return; }
    if (by && by === player) {
      showError('challenge-player', `${player} cannot challenge their own word: name the player who played it.`);
      return;
    }
    const body = { word, dict: state.dict, as_printed: state.printed };
    if (by) body.by = by;
    if (player) body.player = player;
    const out = $('#challenge-out');
    try {
      answer(out, settlement(await api('/v1/challenge', body)));
    } catch (err) {
      out.replaceChildren();
      const where = /own word/.test(err.message) ? 'challenge-player' : 'challenge-word';
      showApiError(err, { word: 'challenge-word', by: 'challenge-by', player: 'challenge-player' }, where);
    }
  });
}
