// The card catalog on the page: card tiles that look like the printed cards, and the card picker.

/** The parts of a card token as plays write it: "th2", "wild4=m", "k3+alliteration", "qfwfq=t". */
export function parseToken(token) {
  const [base, letters = ''] = token.split('=');
  const [id, copyOf = ''] = base.split('+');
  return { id, letters, copyOf };
}

/** What the card shows in its letter corner: the printed letters, or the wild's kind until it is chosen. */
export function face(kind, letters = '') {
  if (letters) return letters.toUpperCase();
  if (!kind) return '?';
  if (kind.letters) return kind.letters.toUpperCase();
  return { any: '★', vowel: 'V★', consonant: 'C★', double: '★★' }[kind.wild] || '★';
}

/** A short spoken description of a card kind, for screen readers. */
export function describe(kind, letters = '') {
  if (!kind) return letters ? `${letters.toUpperCase()}` : 'unknown card';
  const what = kind.letters ? kind.letters.toUpperCase() : kind.letter + (letters ? ` as ${letters.toUpperCase()}` : '');
  const pts = `${kind.points} point${Math.abs(kind.points) === 1 ? '' : 's'}`;
  const colour = kind.colour ? `, ${kind.colour}` : '';
  const effect = kind.effect && !['Red', 'Blue'].includes(kind.effect) ? `, ${kind.effect}` : '';
  return `${kind.id}: ${what}, ${pts}${colour}${effect}`;
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children.flat(Infinity)) if (child !== null && child !== undefined && child !== false) {
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}
export { el };

/** The inside of a card: letter, points (bottom left, as printed), colour and effect text. */
export function tileBody(kind, { letters = '', compact = false, note = '' } = {}) {
  const parts = [el('span', { class: 't-letter', 'aria-hidden': 'true', text: face(kind, letters) })];
  if (kind) {
    parts.push(el('span', { class: 't-points', 'aria-hidden': 'true', text: String(kind.points) }));
    if (!kind.letters) parts.push(el('span', { class: 't-wild', 'aria-hidden': 'true', text: kind.letter }));
    const effect = kind.effect && !['Red', 'Blue'].includes(kind.effect) ? kind.effect : '';
    if (!compact && effect) parts.push(el('span', { class: 't-effect', 'aria-hidden': 'true', text: effect }));
    if (kind.colour) parts.push(el('span', { class: 't-colour', 'aria-hidden': 'true', text: kind.colour }));
  }
  if (note) parts.push(el('span', { class: 't-note', 'aria-hidden': 'true', text: note }));
  return parts;
}

export function tileClass(kind, extra = '') {
  return ['tile', kind && kind.colour ? kind.colour : 'plain', kind && !kind.letters ? 'wild' : '', extra]
    .filter(Boolean).join(' ');
}

/** A small card for a token in a word, a hand or an answer (not a button). */
export function miniCard(kinds, token) {
  const { id, letters, copyOf } = parseToken(token);
  const kind = kinds.get(id);
  const note = copyOf ? `copy: ${copyOf}` : (kind ? '' : id);
  return el('span', { class: tileClass(kind, 'mini'), role: 'img', 'aria-label': describe(kind, letters) + (copyOf ? `, a copy from ${copyOf}` : ''), title: token },
    tileBody(kind, { letters, compact: true, note }));
}

/**
 * The card picker: a search by letter, a letter bar, and a tile per card kind showing how many are left.
 * ``left(kind)`` says how many copies are still free; ``onPick(kind)`` is called when a tile is tapped.
 */
export class Picker {
  constructor(root, kinds, { left, onPick, label }) {
    this.root = root;
    this.kinds = [...kinds.values()];
    this.left = left;
    this.onPick = onPick;
    this.tiles = new Map();
    const searchId = `${root.id}-search`;
    this.search = el('input', { id: searchId, type: 'search', autocomplete: 'off', autocapitalize: 'none',
      spellcheck: 'false', placeholder: 'e.g. th, e, wild', oninput: () => this.filter() });
    const bar = el('div', { class: 'letters', role: 'group', 'aria-label': 'Show cards of one letter' },
      [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '★', 'All'].map(l => el('button', {
        type: 'button', class: 'letter-key', 'aria-label': l === '★' ? 'Wild cards' : l === 'All' ? 'All cards' : `Letter ${l}`,
        onclick: () => { this.search.value = l === 'All' ? '' : l === '★' ? 'wild' : l.toLowerCase(); this.filter(); },
        text: l })));
    this.grid = el('div', { class: 'grid', role: 'group', 'aria-label': label });
    for (const kind of this.kinds) {
      const count = el('span', { class: 't-count', 'aria-hidden': 'true' });
      const button = el('button', { type: 'button', class: tileClass(kind), 'data-id': kind.id,
        onclick: () => { if (this.left(kind) > 0) this.onPick(kind); } },
        count, tileBody(kind));
      this.tiles.set(kind.id, { button, count, kind });
      this.grid.append(button);
    }
    this.empty = el('p', { class: 'hint', hidden: true, text: 'No card has that letter.' });
    root.append(el('div', { class: 'field' }, el('label', { for: searchId, text: 'Search by letter' }), this.search),
      bar, this.grid, this.empty);
    this.update();
  }

  /** Show only the kinds whose letter starts with the search ("t" shows T and TH; "wild" the wilds). */
  filter() {
    const q = this.search.value.trim().toLowerCase().replace(/\s+/g, '');
    let shown = 0;
    for (const { button, kind } of this.tiles.values()) {
      const label = (kind.letters || kind.letter).toLowerCase().replace(/\s+/g, '');
      const match = !q || label.startsWith(q) || kind.id === q;
      button.hidden = !match;
      shown += match;
    }
    this.empty.hidden = shown > 0;
  }

  /** Refresh how many of each kind are left; a kind with none left cannot be tapped. */
  update() {
    for (const { button, count, kind } of this.tiles.values()) {
      const n = this.left(kind);
      count.textContent = `${n}/${kind.count}`;
      button.setAttribute('aria-disabled', n > 0 ? 'false' : 'true');
      button.classList.toggle('spent', n <= 0);
      button.setAttribute('aria-label', `${describe(kind)}; ${n} of ${kind.count} left`);
    }
  }
}
