// Talking to the JSON API, and putting what it says where the player looks: answers scrolled into view with the
// focus on them, errors in players' words beside the field they concern (cleared when that field changes).

export class ApiError extends Error {
  constructor(message, errors = [], status = 0) {
    super(message);
    this.errors = errors;
    this.status = status;
  }
}

export async function api(path, body, signal) {
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
      : 'The server cannot be reached: is `novelty serve` still running?');
  }
  let data = null;
  try { data = await response.json(); } catch { /* not JSON: said below */ }
  if (!response.ok) {
    if (response.status === 429 || response.status === 503) {
      const wait = response.headers.get('Retry-After') || 'a few';
      throw new ApiError(`The server is busy: try again in ${wait} s.`, [], response.status);
    }
    throw new ApiError(plain((data && data.detail) || `The server answered ${response.status} ${response.statusText}.`),
      (data && data.errors) || [], response.status);
  }
  return data;
}

/** A validation message in players' words: "String should have at most 64 characters" → "At most 64 letters". */
export function plain(message) {
  const text = String(message).replace(/^Value error, /, '').replace(/ after validation/, '');
  const rules = [
    [/^String should have at most (\d+) characters?/, (_, n) => `That is too long: at most ${n} letters.`],
    [/^String should have at least (\d+) characters?/, (_, n) => `Type at least ${n} letter${n === '1' ? '' : 's'}.`],
    [/^List should have at most (\d+) items?, not (\d+)/, (_, n, m) => `That is ${m}: at most ${n} are allowed.`],
    [/^List should have at least (\d+) items?/, (_, n) => `Give at least ${n}.`],
    [/^Input should be less than or equal to ([\d.]+)/, (_, n) => `At most ${n}.`],
    [/^Input should be greater than or equal to ([\d.]+)/, (_, n) => `At least ${n}.`],
    [/^Input should be greater than ([\d.]+)/, (_, n) => `More than ${n}.`],
    [/^Input should be a valid (number|integer)/, () => 'Type a number.'],
    [/^String should match pattern/, () => 'Use letters a to z only.'],
    [/^Field required/, () => 'This is needed.'],
  ];
  for (const [pattern, say] of rules) if (pattern.test(text)) return text.replace(pattern, say);
  return text.replace(/'([^']+)'/g, '$1');
}

// -- errors beside their fields --------------------------------------------------------------------------------

let firstError = true;  // the first error shown after a press is scrolled into view

/** Take back every error shown inside ``root``. */
export function clearErrors(root) {
  firstError = true;
  for (const p of root.querySelectorAll('.field-error')) { p.hidden = true; p.textContent = ''; }
  for (const node of root.querySelectorAll('[aria-invalid="true"]')) node.removeAttribute('aria-invalid');
}

/** Show ``message`` in the error paragraph ``#{id}-error``, mark ``#{id}`` (or ``field``) invalid. */
export function showError(id, message, field = null) {
  const p = document.getElementById(`${id}-error`);
  if (!p) return null;
  p.textContent = message;
  p.hidden = false;
  const target = field || document.getElementById(id);
  if (target && target.matches('input, select, textarea')) target.setAttribute('aria-invalid', 'true');
  if (firstError) {
    firstError = false;
    p.scrollIntoView({ block: 'center', behavior: 'instant' });
  }
  return p;
}

/** Clear a field's error as soon as the field changes. */
export function clearsOnChange(field, id = field.id) {
  const clear = () => {
    const p = document.getElementById(`${id}-error`);
    if (p) { p.hidden = true; p.textContent = ''; }
    field.removeAttribute('aria-invalid');
  };
  field.addEventListener('input', clear);
  field.addEventListener('change', clear);
}

/**
 * Put an API error beside its field: each entry of a validation problem by its location's first part (``fields``
 * maps it to an element id), and anything else beside ``fallback``.
 */
export function showApiError(err, fields, fallback) {
  if (err.name === 'AbortError') return;
  const placed = new Set();
  for (const e of err.errors || []) {
    const id = fields[String(e.loc).split('.')[0]] || fallback;
    if (placed.has(id)) continue;
    placed.add(id);
    showError(id, plain(e.msg));
  }
  if (!placed.size) {
    const id = Object.entries(fields).find(([name]) => err.message.startsWith(`${name}:`))?.[1] || fallback;
    showError(id, plain(err.message.replace(/^[a-z_]+: /, '')));
  }
}

// -- answers ----------------------------------------------------------------------------------------------------

/** Replace what ``root`` shows with ``nodes`` (nested lists flattened, missing parts left out). */
export function show(root, nodes) {
  root.replaceChildren(...[nodes].flat(Infinity).filter(node => node !== null && node !== undefined && node !== false));
}

/** Show an answer and bring it to the player: scrolled to the top of the screen, with the focus on it. */
export function answer(root, nodes) {
  show(root, nodes);
  root.focus({ preventScroll: true });
  root.scrollIntoView({ block: 'start', behavior: 'instant' });
}
