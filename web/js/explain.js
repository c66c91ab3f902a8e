// explain.js — turns an explanation (the steps /api/explain returns) into
// the grid before each step, so the page can step forwards and backwards
// and draw each step on its own candidate grid. The replay starts from the
// candidates the filled cells allow, as the logic engine does, and applies
// each step's placements and eliminations.

import { candidates, parseCell } from './shape.js';

/** A step's cells: Maps cell -> Set of digits (0 = the whole cell). */
export function stepMarks(n, step) {
  const mk = (list) => {
    const m = new Map();
    for (const c of list || []) {
      const i = parseCell(n, c.cell);
      if (i < 0) continue;
      if (!m.has(i)) m.set(i, new Set());
      m.get(i).add(c.digit);
    }
    return m;
  };
  return { place: mk(step.placements), elim: mk(step.eliminations), proof: mk(step.proof), unit: new Set() };
}

/**
 * The unit a single is proved in, as the apps highlight it: a hidden
 * single's or full house's unit as its text names it ("in box 2", "in row
 * 4": the library's unit names), a naked single's row, column and box
 * (every peer). @return a Set of cells, empty for other steps.
 */
export function stepUnit(shape, step) {
  const key = step.key || '';
  if (!/single|full-house/.test(key)) return new Set();
  if (key === 'naked-single') {
    const p = (step.placements || [])[0];
    const i = p ? parseCell(shape.n, p.cell) : -1;
    return i >= 0 ? new Set(shape.peers[i]) : new Set();
  }
  const m = /\b(row|column|box|region|window|diagonal) (\d+)\b/.exec(step.text || '');
  if (!m) return new Set();
  const unit = shape.units.filter((u) => u.kind === m[1])[+m[2] - 1];
  return new Set(unit ? unit.cells : []);
}

/** @return [{values, cands}] for before step 0 .. after the last step. */
export function replay(shape, start, steps) {
  const n = shape.n;
  let values = Uint8Array.from(start);
  let cands = candidates(shape, values);
  const states = [{ values, cands }];
  for (const step of steps) {
    values = Uint8Array.from(values);
    cands = cands.slice();
    for (const e of step.eliminations || []) {
      const i = parseCell(n, e.cell);
      if (i >= 0) cands[i] &= ~(1 << (e.digit - 1));
    }
    for (const p of step.placements || []) {
      const i = parseCell(n, p.cell);
      if (i < 0) continue;
      values[i] = p.digit;
      cands[i] = 0;
      for (const q of shape.peers[i]) cands[q] &= ~(1 << (p.digit - 1));
    }
    states.push({ values, cands });
  }
  return states;
}
