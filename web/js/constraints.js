// constraints.js — the variant constraints of a puzzle as the page keeps
// them: { kind, cells (0-based indices in the model's order), params }
// with the kinds and parameters of include/doku_constraints.h. Here:
// the kinds' names, the API's JSON form (cells named "r1c1"), the share
// link's compact form, and doku's variant text format (docs/FORMATS.md),
// which the server reads back. The server validates; this module only
// converts.

import { cellName, parseCell } from './shape.js';

/* Every kind doku supports: its keyword, its name in words, and whether
 * it is drawn as a line (the pen of Edit mode draws those). */
export const KINDS = {
  cage: { name: 'killer cage' },
  'little-killer': { name: 'little killer' },
  sandwich: { name: 'sandwich' },
  xsum: { name: 'X-sum' },
  region: { name: 'extra region' },
  'disjoint-groups': { name: 'disjoint groups', global: true },
  thermo: { name: 'thermometer', line: true },
  arrow: { name: 'arrow', line: true },
  whisper: { name: 'German whispers', line: true },
  renban: { name: 'renban', line: true },
  palindrome: { name: 'palindrome', line: true },
  between: { name: 'between line', line: true },
  'region-sum': { name: 'region sum line', line: true },
  white: { name: 'white kropki dot' },
  black: { name: 'black kropki dot' },
  x: { name: 'X' },
  v: { name: 'V' },
  greater: { name: 'greater-than' },
  'white-all': { name: 'all white dots given', global: true },
  'black-all': { name: 'all black dots given', global: true },
  'x-all': { name: 'all X given', global: true },
  'v-all': { name: 'all V given', global: true },
  quadruple: { name: 'quadruple' },
  'anti-knight': { name: 'anti-knight', global: true },
  'anti-king': { name: 'anti-king', global: true },
  'non-consecutive': { name: 'non-consecutive', global: true },
  even: { name: 'even cell' },
  odd: { name: 'odd cell' },
  minimum: { name: 'minimum cell' },
  maximum: { name: 'maximum cell' },
};

/** Constraints of the API's JSON (an /api/open entry or a record) on side n; unknown kinds and cells outside the grid are left out. */
export function fromJson(list, n) {
  if (!Array.isArray(list)) return [];
  const out = [];
  for (const c of list) {
    if (!c || !KINDS[c.kind]) continue;
    const cells = (c.cells || []).map((name) => parseCell(n, String(name).toLowerCase()));
    if (cells.some((i) => i < 0)) continue;
    out.push({ kind: c.kind, cells, params: (c.params || []).map(Number), text: c.text || '' });
  }
  return out;
}

/** The API's JSON form of constraints on side n (the "constraints" request field). */
export function toJson(list, n) {
  return list.map((c) => ({ kind: c.kind, cells: c.cells.map((i) => cellName(n, i)), params: c.params }));
}

/** One constraint in words, as the server words it when it has not: "killer cage 15 at r1c1 r1c2". */
export function describe(c, n) {
  if (c.text) return c.text;
  const k = KINDS[c.kind], p = c.params.length ? ' ' + c.params.join(' ') : '';
  return k.global ? k.name : `${k.name}${p} at ${c.cells.map((i) => cellName(n, i)).join(' ')}`;
}

/* The share link's form: constraints joined by '_', each its keyword,
 * its params after '.' (joined by ',', '-' signs kept), its cells after
 * '.' as two base-36 digits each (row, column; sides up to 16). */
const B36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/** Constraints as the share link's "k" field on side n ('' for none). */
export function toLink(list, n) {
  return list.map((c) => [c.kind, c.params.join(','), c.cells.map((i) => B36[Math.floor(i / n)] + B36[i % n]).join('')].join('.')).join('_');
}

/** Constraints of a share link's field on side n; null when it is not one. */
export function fromLink(text, n) {
  if (!text) return [];
  const out = [];
  for (const part of text.split('_')) {
    const m = /^([a-z-]+)\.(-?\d+(?:,-?\d+)*)?\.([0-9a-z]*)$/.exec(part);
    if (!m || !KINDS[m[1]] || m[3].length % 2) return null;
    const cells = [];
    for (let k = 0; k < m[3].length; k += 2) {
      const r = B36.indexOf(m[3][k]), c = B36.indexOf(m[3][k + 1]);
      if (r >= n || c >= n) return null;
      cells.push(r * n + c);
    }
    out.push({ kind: m[1], cells, params: m[2] ? m[2].split(',').map(Number) : [] });
  }
  return out;
}

/**
 * The puzzle in doku's variant text format (docs/FORMATS.md "Variant
 * puzzles"): size, title and author (when given), variant, regions,
 * givens (symbols 1-9A-G), then one statement per constraint: its
 * keyword, its params, its cells.
 */
export function toVariantText(shape, givens, list, title = '', author = '') {
  const { n } = shape, sym = '123456789ABCDEFG';
  const lines = [`size ${n}`];
  // one line each; a '#' would start a comment there
  const words = (w) => String(w).replace(/[\x00-\x1f#]+/g, ' ').trim();
  if (title && words(title)) lines.push(`title ${words(title)}`);
  if (author && words(author)) lines.push(`author ${words(author)}`);
  const v = [shape.x && 'x', shape.hyper && 'hyper'].filter(Boolean);
  if (v.length) lines.push(`variant ${v.join(' ')}`);
  if (shape.regions) {
    lines.push(`regions ${shape.regions.map((id) => sym[id]).join('')}`);
    if (shape.keepBoxes) lines.push('keep-boxes');
  }
  if (givens.some((g) => g)) lines.push(`givens ${Array.from(givens, (g) => (g ? sym[g - 1] : '.')).join('')}`);
  for (const c of list) lines.push([c.kind, ...c.params, ...c.cells.map((i) => cellName(n, i))].join(' '));
  return lines.join('\n') + '\n';
}

/** True when some constraint's clue sits outside the grid (little killers, sandwiches, X-sums). */
export function hasOuterClues(list) {
  return list.some((c) => c.kind === 'little-killer' || c.kind === 'sandwich' || c.kind === 'xsum');
}
