// The round's motifs in flip order: a list to add to, reorder and take from (the Best play tab and each round of
// the scoresheet have their own).
import { el } from './cards.js';

const SCOPES = { word: 'Scores cards and words', player: "Scores a player's play", round: 'Compares players',
  cards: 'Changes the cards', draft: 'Drafting only (no score)' };
export const MAX_MOTIFS = 10;

/**
 * Render the motif list ``ids`` (edited in place) into ``root``; ``onChange(what)`` after each change.
 * ``name`` tells this list's controls apart from another's on the page.
 */
export function renderMotifs(root, motifs, ids, name, onChange) {
  const selectId = `motif-add-${name}`;
  const select = el('select', { id: selectId, 'aria-describedby': `motifs-${name}-error` },
    el('option', { value: '', text: 'Choose a motif…' }),
    Object.entries(SCOPES).map(([scope, label]) => el('optgroup', { label },
      [...motifs.values()].filter(m => m.scope === scope && !ids.includes(m.id))
        .map(m => el('option', { value: m.id, text: m.name })))));
  const again = focus => { renderMotifs(root, motifs, ids, name, onChange); if (focus) root.querySelector(focus)?.focus(); };
  select.addEventListener('change', () => {
    if (!select.value || ids.length >= MAX_MOTIFS) return;
    ids.push(select.value);
    onChange(`motif ${motifs.get(select.value)?.name || select.value} added`);
    again(`#${selectId}`);
  });
  const list = el('ol', { class: 'motif-list' }, ids.map((id, i) => {
    const m = motifs.get(id) || { name: id, effect: '' };
    const move = (delta, verb, text) => el('button', { type: 'button', class: `icon ${verb}`,
      disabled: i + delta < 0 || i + delta >= ids.length, onclick: () => {
        [ids[i], ids[i + delta]] = [ids[i + delta], ids[i]];
        onChange(`${m.name} flipped ${verb}`);
        again(`[data-motif="${id}"] .${verb}`);
      } }, el('span', { 'aria-hidden': 'true', text }), el('span', { class: 'sr-only', text: `Flip ${m.name} ${verb}` }));
    return el('li', { 'data-motif': id }, el('span', { class: 'm-name', text: m.name }),
      el('span', { class: 'm-effect', text: m.effect }),
      el('span', { class: 'm-actions' },
        move(-1, 'earlier', '↑'), move(1, 'later', '↓'),
        el('button', { type: 'button', class: 'icon', onclick: () => {
          ids.splice(i, 1);
          onChange(`motif ${m.name} removed`);
          again(`#${selectId}`);
        } }, el('span', { 'aria-hidden': 'true', text: '✕' }), el('span', { class: 'sr-only', text: `Remove ${m.name}` }))));
  }));
  root.replaceChildren(ids.length ? list : el('p', { class: 'hint', text: 'No motifs.' }),
    el('div', { class: 'field' }, el('label', { for: selectId, text: ids.length >= MAX_MOTIFS ? 'Ten motifs at most' : 'Add a motif' }),
      select),
    el('p', { class: 'field-error', id: `motifs-${name}-error`, hidden: true }));
  select.disabled = ids.length >= MAX_MOTIFS;
}
