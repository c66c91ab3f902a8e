// text.js — puzzles as text: the symbols doku writes (1-9 then A-Z, or
// 0-9A-Z for hexadoku, or A-Z), the one-line and grid forms, and the
// share link (#p=...) that holds a puzzle, its shape and its constraints.

import { fromLink, toLink } from './constraints.js';

export const ALPHABETS = {
  '1-9A-Z': '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  '0-9A-Z': '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  'A-Z': 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
};

/** The symbol of value v (1..n) in alphabet; '.' for 0. */
export function symbol(alphabet, v) {
  return v ? ALPHABETS[alphabet][v - 1] || '?' : '.';
}

/** The value a typed key stands for in alphabet (0 when none or > n). */
export function keyValue(alphabet, n, key) {
  if (key.length !== 1) return 0;
  const i = ALPHABETS[alphabet].indexOf(key.toUpperCase());
  return i >= 0 && i < n ? i + 1 : 0;
}

/** n*n values as one line, '.' empty. */
export function toLine(alphabet, values) {
  return Array.from(values, (v) => symbol(alphabet, v)).join('');
}

/** Values from a line of n*n symbols ('.', '0' when not a digit, '-', '_' empty); null if it does not fit. */
export function fromLine(alphabet, n, line) {
  const chars = [...line.replace(/\s+/g, '')];
  if (chars.length !== n * n) return null;
  const out = new Uint8Array(n * n);
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i].toUpperCase();
    const k = ALPHABETS[alphabet].indexOf(ch);
    if (k >= 0 && k < n) out[i] = k + 1;
    else if ('.0-_*X'.includes(ch)) out[i] = 0;
    else return null;
  }
  return out;
}

/** A framed grid as text, boxes separated (by region ids when jigsaw). */
export function toGrid(alphabet, shape, values) {
  const { n, box } = shape;
  const lines = [];
  const [br, bc] = box && !shape.regions ? box : [n, n];
  const rule = Array.from({ length: n / bc }, () => '-'.repeat(bc * 2 + 1)).join('+');
  for (let r = 0; r < n; r++) {
    if (r && r % br === 0) lines.push(rule);
    const row = [];
    for (let c = 0; c < n; c++) {
      if (c && c % bc === 0) row.push('|');
      row.push(symbol(alphabet, values[r * n + c]));
    }
    lines.push(' ' + row.join(' '));
  }
  return lines.join('\n') + '\n';
}

/** The share fragment for a puzzle, its shape and its constraints (cs=, constraints.js toLink). */
export function shareHash(alphabet, shape, givens, constraints = [], words = null) {
  const p = new URLSearchParams();
  p.set('p', toLine(alphabet, givens));
  p.set('n', String(shape.n));
  if (shape.box && !shape.regions) p.set('box', shape.box.join('x'));
  const v = [shape.x && 'x', shape.hyper && 'hyper'].filter(Boolean).join(',');
  if (v) p.set('v', v);
  if (shape.regions) p.set('r', shape.regions.map((id) => ALPHABETS['1-9A-Z'][id]).join(''));
  if (shape.keepBoxes) p.set('keep', '1');
  if (alphabet !== '1-9A-Z') p.set('s', alphabet);
  if (constraints.length) p.set('cs', toLink(constraints, shape.n));
  // a variant puzzle's title and author (f-puzzles, SudokuPad) travel with it
  if (words && words.title) p.set('t', words.title);
  if (words && words.author) p.set('a', words.author);
  return '#' + p.toString();
}

/** The share fragment with the player's progress too (opt-in): entries as
 * a line (e=, '.' where none), corner and centre marks as base-36 masks
 * (m=, c=: comma separated, empty for none, trailing empties cut), colours
 * as one digit a cell (k=, trailing 0s cut). */
export function progressHash(alphabet, shape, givens, entries, marks, centre = null, colours = null, constraints = [], words = null) {
  const p = new URLSearchParams(shareHash(alphabet, shape, givens, constraints, words).slice(1));
  p.set('e', toLine(alphabet, entries.map((v, i) => (givens[i] ? 0 : v))));
  const masks = (list) => {
    const m = Array.from(list, (k, i) => (k && !givens[i] && !entries[i] ? k.toString(36) : ''));
    while (m.length && !m[m.length - 1]) m.pop();
    return m.join(',');
  };
  if (masks(marks)) p.set('m', masks(marks));
  if (centre && masks(centre)) p.set('c', masks(centre));   // centre marks, as m=
  if (colours && colours.some((k) => k)) p.set('k', Array.from(colours, String).join('').replace(/0+$/, ''));   // a digit a cell
  return '#' + p.toString();
}

/** Reads a share fragment: { n, box, x, hyper, regions, keepBoxes, alphabet, givens, constraints, entries, marks, centre, colours, title, author } or null (the last four null when the link has none; a link whose constraints do not read is none). */
export function readHash(hash) {
  if (!hash || hash.length < 2) return null;
  const p = new URLSearchParams(hash.slice(1));
  const n = parseInt(p.get('n') || '9', 10);
  if (!(n >= 4 && n <= 25)) return null;
  const alphabet = ALPHABETS[p.get('s')] ? p.get('s') : '1-9A-Z';
  const givens = fromLine(alphabet, n, p.get('p') || '.'.repeat(n * n));
  if (!givens) return null;
  let box = null;
  const bm = /^(\d+)x(\d+)$/.exec(p.get('box') || '');
  if (bm && +bm[1] * +bm[2] === n) box = [+bm[1], +bm[2]];
  const v = (p.get('v') || '').split(',');
  let regions = null;
  const r = p.get('r');
  if (r && r.length === n * n) {
    regions = [...r].map((ch) => ALPHABETS['1-9A-Z'].indexOf(ch));
    if (regions.some((id) => id < 0 || id >= n)) regions = null;
  }
  const constraints = fromLink(p.get('cs') || '', n);
  if (!constraints) return null;
  const entries = p.get('e') ? fromLine(alphabet, n, p.get('e')) : null;
  const masks = (text) => {
    const m = (text || '').split(',');
    return text && m.length <= n * n ? Array.from({ length: n * n }, (_, i) => (parseInt(m[i] || '0', 36) || 0) & ((1 << n) - 1)) : null;
  };
  const k = p.get('k') || '';
  const colours = /^[0-9]+$/.test(k) && k.length <= n * n ? Uint8Array.from({ length: n * n }, (_, i) => +(k[i] || 0)) : null;
  return { n, box, x: v.includes('x'), hyper: v.includes('hyper'), regions, keepBoxes: p.get('keep') === '1', alphabet, givens,
    constraints, entries, marks: masks(p.get('m')), centre: masks(p.get('c')), colours, title: p.get('t') || '', author: p.get('a') || '' };
}
