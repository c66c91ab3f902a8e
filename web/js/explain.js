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
  return { place: mk(step.placements), elim: mk(step.eliminations), proof: mk(step.proof) };
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
