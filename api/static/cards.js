// Cards on the page: tiles that look like the printed cards (letter, points bottom left, colour frame, effect in
// short), the card grid (one tab stop, arrow keys inside), and card lines (typed letters become cards; tapping a
// card offers the other kinds it could be).
import { parseToken, printedName, shortEffect } from './names.js';
import { alternatives, defaultKind } from './pick.js';

export { parseToken };

export function el(tag, attrs = {}, ...children) {
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

/** What the card shows in its letter corner: the printed letters, or the wild's kind until it is chosen. */
export function face(kind, letters = '') {
  if (letters) return letters.toUpperCase();
  if (!kind) return '?';
  if (kind.letters) return kind.letters.toUpperCase();
  return { any: '★', vowel: 'V★', consonant: 'C★', double: '★★' }[kind.wild] || '★';
}

function points(n) {
  return `${n} point${Math.abs(n) === 1 ? '' : 's'}`;
}

/** A card in words, as a screen reader says it: "E (+1 if first letter in word), 1 point". */
export function spoken(kind, letters = '') {
  if (!kind) return letters ? letters.toUpperCase() : 'unknown card';
  return `${printedName(kind, letters)}, ${points(kind.points)}`;
}

/**
 * The inside of a card. What is seen is hidden from screen readers, which hear one sentence instead (so the
 * accessible name is the words, never a mismatch of a label and what is shown).
 */
export function tileBody(kind, { letters = '', note = '', extra = '' } = {}) {
  const seen = [el('span', { class: 't-letter', text: face(kind, letters) })];
  if (kind) {
    seen.push(el('span', { class: 't-points', text: String(kind.points) }));
    const effect = shortEffect(kind);
    if (effect) seen.push(el('span', { class: 't-effect', text: effect }));
    else if (kind.colour) seen.push(el('span', { class: 't-effect', text: kind.colour }));
  }
  if (note) seen.push(el('span', { class: 't-note', text: note }));
  return [el('span', { class: 't-seen', 'aria-hidden': 'true' }, seen),
    el('span', { class: 'sr-only', text: `${spoken(kind, letters)}${extra ? `; ${extra}` : ''}` })];
}

export function tileClass(kind, extra = '') {
  return ['tile', kind && kind.colour ? kind.colour : 'plain', kind && !kind.letters ? 'wild' : '', extra]
    .filter(Boolean).join(' ');
}

/** A small card for a token in an answer (not a button). */
export function miniCard(kinds, token) {
  const { id, letters, copyOf } = parseToken(token);
  const kind = kinds.get(id);
  return el('span', { class: tileClass(kind, 'mini'), title: kind ? printedName(kind, letters) : token, 'data-token': token },
    tileBody(kind, { letters, note: copyOf ? 'copy' : (kind ? '' : id), extra: copyOf ? `a copy from ${copyOf}` : '' }));
}

/**
 * The card grid: every card kind as a tile with how many are left, and a search to narrow it. The grid is one
 * tab stop; the arrow keys, Home and End move inside it, Enter or Space adds the card.
 * ``left(kind)`` says how many copies are free; ``onPick(kind)`` is called when a tile is chosen.
 */
export class Picker {
  constructor(root, kinds, { left, onPick, label }) {
    this.root = root;
    this.left = left;
    this.onPick = onPick;
    this.tiles = [];
    const searchId = `${root.id}-search`;
    this.search = el('input', { id: searchId, type: 'search', autocomplete: 'off', autocapitalize: 'none',
      spellcheck: 'false', enterkeyhint: 'search', oninput: () => this.filter() });
    this.grid = el('div', { class: 'grid', role: 'group', 'aria-label': label, onkeydown: e => this.key(e) });
    for (const kind of kinds.values()) {
      const count = el('span', { class: 't-count', 'aria-hidden': 'true' });
      const said = el('span', { class: 'sr-only' });
      const button = el('button', { type: 'button', class: tileClass(kind, 'pick'), 'data-id': kind.id, tabindex: '-1',
        onclick: () => { this.focusTile(button); if (this.left(kind) > 0) this.onPick(kind); } },
      count, tileBody(kind), said);
      this.tiles.push({ button, count, said, kind });
      this.grid.append(button);
    }
    if (this.tiles.length) this.tiles[0].button.tabIndex = 0;
    this.empty = el('p', { class: 'hint', hidden: true, text: 'No card has those letters.' });
    root.append(el('div', { class: 'field' },
      el('label', { for: searchId, text: 'Find a card by its letters ', }, el('span', { class: 'hint', text: '(th, e, wild)' })),
      this.search), this.grid, this.empty);
    this.update();
  }

  shown() {
    return this.tiles.filter(t => !t.button.hidden).map(t => t.button);
  }

  focusTile(button) {
    for (const t of this.tiles) t.button.tabIndex = t.button === button ? 0 : -1;
    button.focus();
  }

  key(event) {
    const shown = this.shown();
    const at = shown.indexOf(document.activeElement);
    if (at < 0) return;
    const columns = Math.max(1, shown.filter(b => b.offsetTop === shown[0].offsetTop).length);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, ArrowDown: at + columns, ArrowUp: at - columns,
      Home: 0, End: shown.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    this.focusTile(shown[Math.max(0, Math.min(shown.length - 1, to))]);
  }

  /** Show only the kinds whose letters start with the search ("t" shows T and TH; "wild" the wilds). */
  filter() {
    const q = this.search.value.trim().toLowerCase().replace(/\s+/g, '');
    for (const { button, kind } of this.tiles) {
      const label = (kind.letters || kind.letter).toLowerCase().replace(/\s+/g, '');
      button.hidden = !(!q || label.startsWith(q) || kind.id === q);
    }
    const shown = this.shown();
    this.empty.hidden = shown.length > 0;
    if (shown.length && !shown.some(b => b.tabIndex === 0)) {
      for (const t of this.tiles) t.button.tabIndex = -1;
      shown[0].tabIndex = 0;
    }
  }

  /** Refresh how many of each kind are left; a kind with none left cannot be added. */
  update() {
    for (const { button, count, said, kind } of this.tiles) {
      const n = this.left(kind);
      count.textContent = `${Math.max(0, n)}/${kind.count}`;
      said.textContent = `, ${Math.max(0, n)} of ${kind.count} left`;
      button.setAttribute('aria-disabled', n > 0 ? 'false' : 'true');
      button.classList.toggle('spent', n <= 0);
    }
  }
}

/**
 * A row of cards (a hand, a pool, a typed word) that can be typed into: each letter typed becomes a card of that
 * letter (the first kind in the catalog's order with a copy left; * is a wild), Backspace in the empty box takes
 * the last card back. Tapping a card opens its choices: the other kinds it could be, or taking it out.
 * ``tokens`` is the list it edits; ``left(kind)`` the copies free; ``onChange(what)`` is called after each change.
 */
export class CardLine {
  constructor(root, kinds, { id, label, tokens, left, onChange, typing = true, choices = null, swap = false }) {
    this.root = root;
    this.kinds = kinds;
    this.id = id;
    this.label = label;
    this.tokens = tokens;
    this.left = left;
    this.onChange = onChange;
    this.choices = choices;  // token -> the kind ids it could be instead (default: every kind of its letters)
    this.swap = swap;  // a choice already used elsewhere in the line swaps places with it (a known hand)
    this.row = el('div', { class: 'chosen', role: 'group', 'aria-label': label });
    this.menu = el('div', { class: 'choices', hidden: true });
    this.input = typing ? el('input', { id: `${id}-type`, type: 'text', class: 'type-cards', autocomplete: 'off',
      autocapitalize: 'none', spellcheck: 'false', enterkeyhint: 'done', 'aria-describedby': `${id}-error`,
      oninput: () => this.typed(), onkeydown: e => this.backspace(e) }) : null;
    root.replaceChildren(...[this.row, this.menu,
      typing ? el('div', { class: 'type-row' }, el('label', { for: `${id}-type`, text: `Type letters to add to ${label.toLowerCase()}` }),
        this.input) : null,
      el('p', { id: `${id}-error`, class: 'field-error', hidden: true })].filter(Boolean));
    this.render();
  }

  typed() {
    const text = this.input.value;
    this.input.value = '';
    let added = 0;
    for (const ch of text.toLowerCase()) {
      let kind = null;
      if (/[a-z]/.test(ch)) kind = defaultKind(this.kinds, ch, this.left);
      else if (ch === '*' || ch === '?') kind = [...this.kinds.values()].find(k => k.wild === 'any' && this.left(k) > 0);
      if (!kind) continue;
      this.tokens.push(kind.id);
      added += 1;
    }
    if (added) this.changed(`added ${added}`);
  }

  backspace(event) {
    if (event.key !== 'Backspace' || this.input.value || !this.tokens.length) return;
    event.preventDefault();
    this.tokens.pop();
    this.changed('removed');
  }

  changed(what) {
    this.menu.hidden = true;
    this.render();
    this.onChange(what);
  }

  /** Add one card of a given kind (from the card grid). */
  add(kind) {
    this.tokens.push(kind.id);
    this.changed('added');
  }

  render() {
    this.row.replaceChildren(...this.tokens.map((token, i) => {
      const { id, letters } = parseToken(token);
      const kind = this.kinds.get(id);
      return el('button', { type: 'button', class: tileClass(kind, 'mini'), 'aria-expanded': 'false',
        'data-token': token, onclick: event => this.open(i, event.currentTarget) },
      tileBody(kind, { letters, extra: `card ${i + 1} of ${this.label.toLowerCase()}: change or remove` }));
    }));
    if (!this.tokens.length) this.row.append(el('p', { class: 'hint', text: this.input ? 'No cards yet: type their letters, or tap them below.' : 'No cards.' }));
  }

  /** Show the choices for card ``i``: each other kind it could be (a tap swaps it in), and Remove. */
  open(i, button, question = '') {
    const token = this.tokens[i];
    const { id, letters } = parseToken(token);
    const kind = this.kinds.get(id);
    const ids = this.choices ? this.choices(token, i) : alternatives(this.kinds, token).map(k => k.id);
    const name = kind ? printedName(kind, letters) : token;
    const close = () => { this.menu.hidden = true; button.setAttribute('aria-expanded', 'false'); button.focus(); };
    const stands = letters || kind?.letters || '';  // what the place spells: a wild chosen for it stands for that
    const options = ids.map(other => this.kinds.get(other)).filter(Boolean).map(other =>
      el('button', { type: 'button', class: tileClass(other, 'mini option'), 'data-id': other.id,
        onclick: () => {
          const j = this.swap ? this.tokens.findIndex((t, k) => k !== i && parseToken(t).id === other.id) : -1;
          if (j >= 0) this.tokens[j] = token;  // the only such card is elsewhere in the line: the two change places
          this.tokens[i] = stands && !other.letters ? `${other.id}=${stands}` : other.id;
          this.changed('changed');
          this.row.children[i]?.focus();
        } }, tileBody(other, { letters: other.letters ? '' : stands, extra: `instead of ${name}` })));
    for (const b of this.row.querySelectorAll('[aria-expanded]')) b.setAttribute('aria-expanded', 'false');
    button.setAttribute('aria-expanded', 'true');
    this.menu.replaceChildren(
      el('p', { class: 'q', text: question || `Card ${i + 1}, ${name}: ${options.length ? 'change it to' : 'no other kind fits'}` }),
      el('div', { class: 'option-row' }, options),
      el('div', { class: 'row' },
        el('button', { type: 'button', class: 'quiet', text: 'Remove this card', onclick: () => {
          this.tokens.splice(i, 1); this.changed('removed'); (this.input || this.row.querySelector('button'))?.focus();
        } }),
        el('button', { type: 'button', class: 'quiet', text: 'Keep it', onclick: close })));
    this.menu.hidden = false;
    this.menu.onkeydown = e => { if (e.key === 'Escape') close(); };
    (options[0] || this.menu.querySelector('button')).focus();
  }

  error(message) {
    const p = this.root.querySelector('.field-error');
    p.textContent = message;
    p.hidden = !message;
    if (this.input) {
      if (message) this.input.setAttribute('aria-invalid', 'true');
      else this.input.removeAttribute('aria-invalid');
    }
  }
}
