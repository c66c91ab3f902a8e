// cands.js — the automatic candidates of a variant puzzle: what a player
// pencils in, not what a solver deduces. After the units (shape.js),
// each constraint takes out, once, the digits its own rule rules out
// given the digits placed and the candidates its cells have then: a
// cage's combinations, a thermometer's bounds, a dot's partners, a
// whisper's gap, an even cell's odd digits, the cells a placed digit
// sees by a knight's or king's move. No chain runs from one constraint
// to the next (the constraints are taken in the puzzle's order, each
// once), so a candidate shown may still be impossible, but none taken
// out is possible: every rule removes only digits that break it.
// Sandwiches, X-sums and region sum lines take nothing out.

const bit = (d) => 1 << (d - 1);
const digitsOf = (m) => { const out = []; for (let d = 1; m; d++, m >>= 1) if (m & 1) out.push(d); return out; };
const lowest = (m) => (m ? 32 - Math.clz32(m & -m) : 0);
const highest = (m) => (m ? 32 - Math.clz32(m) : 0);

/* The cells orthogonally beside i on side n. */
function orth(n, i) {
  const r = Math.floor(i / n), c = i % n, out = [];
  if (r > 0) out.push(i - n);
  if (r < n - 1) out.push(i + n);
  if (c > 0) out.push(i - 1);
  if (c < n - 1) out.push(i + 1);
  return out;
}

/* A placed digit leaves every other cell of a set whose digits differ. */
function distinct(m, values, cells) {
  for (const a of cells) if (values[a]) for (const b of cells) if (b !== a) m[b] &= ~bit(values[a]);
}

/* A cage: each digit left in a cell is part of some assignment of
 * distinct digits to its cells, from their candidates, with the cage's
 * sum. Each (cell, digit) not yet seen in one is looked for by a search
 * that fixes it and fills the other cells (sum bounds prune it); what an
 * assignment found uses is marked for all its cells at once. A cage
 * whose searches grow too long keeps its digits (never a wrong removal). */
function cage(m, cells, sum, n) {
  const k = cells.length, masks = cells.map((i) => m[i]);
  const keep = new Array(k).fill(0), assign = new Array(k).fill(0);
  let steps = 0;
  const LIMIT = 200000;
  // the least and most that r distinct digits not in used can add up to
  const bounds = (used, r) => {
    let lo = 0, hi = 0, a = 0, b = 0;
    for (let d = 1; d <= n && a < r; d++) if (!(used & bit(d))) { lo += d; a++; }
    for (let d = n; d >= 1 && b < r; d--) if (!(used & bit(d))) { hi += d; b++; }
    return a < r ? null : [lo, hi];
  };
  const fill = (at, skip, used, total) => {
    if (++steps > LIMIT) return false;
    if (at === k) return total === sum;
    if (at === skip) return fill(at + 1, skip, used, total);
    const left = k - at - (skip > at ? 1 : 0) - 1;   // cells after this one
    for (let d = 1; d <= n; d++) {
      if (!(masks[at] & bit(d)) || (used & bit(d))) continue;
      const b = bounds(used | bit(d), left);
      if (!b || total + d + b[0] > sum) break;   // larger digits only overshoot more
      if (total + d + b[1] < sum) continue;
      assign[at] = d;
      if (fill(at + 1, skip, used | bit(d), total + d)) return true;
      if (steps > LIMIT) return false;
    }
    return false;
  };
  for (let j = 0; j < k; j++) {
    for (const d of digitsOf(masks[j] & ~keep[j])) {
      assign[j] = d;
      if (fill(0, j, bit(d), d)) for (let t = 0; t < k; t++) keep[t] |= bit(assign[t]);
      if (steps > LIMIT) return;
    }
  }
  cells.forEach((i, j) => { m[i] &= keep[j]; });
}

/* A thermometer: strictly increasing from the bulb, so each cell lies
 * above the lowest digit the cells before it can hold and below the
 * highest the cells after it can. */
function thermo(m, cells) {
  let lo = 0;
  for (const i of cells) { m[i] &= ~((1 << lo) - 1); lo = lowest(m[i]); }
  let hi = 32;
  for (let k = cells.length - 1; k >= 0; k--) {
    const i = cells[k];
    if (hi < 32) m[i] &= (1 << (hi - 1)) - 1;
    hi = highest(m[i]);
  }
}

/* A pair rule between cells a and b: each keeps the digits that some
 * digit of the other fits. */
function pair(m, a, b, ok) {
  const da = digitsOf(m[a]), db = digitsOf(m[b]);
  let ka = 0, kb = 0;
  for (const x of da) for (const y of db) if (ok(x, y)) { ka |= bit(x); kb |= bit(y); }
  m[a] &= ka;
  m[b] &= kb;
}

/* A sum of cells (digits may repeat) between lo and hi: each cell's
 * digit leaves room for the others' least and most. */
function sumBounds(m, cells, lo, hi) {
  const min = cells.map((i) => lowest(m[i])), max = cells.map((i) => highest(m[i]));
  const smin = min.reduce((a, b) => a + b, 0), smax = max.reduce((a, b) => a + b, 0);
  cells.forEach((i, j) => {
    for (const d of digitsOf(m[i])) if (smin - min[j] + d > hi || smax - max[j] + d < lo) m[i] &= ~bit(d);
  });
}

/* The rule of constraint c ({kind, cells, params}) on the masks m. */
function apply(c, m, values, shape) {
  const { n } = shape, cells = c.cells, p = c.params || [];
  switch (c.kind) {
    case 'cage':
      distinct(m, values, cells);
      if (p.length) cage(m, cells, p[0], n);
      break;
    case 'region':
    case 'renban':
      distinct(m, values, cells);
      if (c.kind === 'renban') {
        // a run of as many digits as cells: a digit needs a window of them
        // that every cell can take one of
        const k = cells.length;
        let keep = 0;
        for (let a = 1; a + k - 1 <= n; a++) {
          const w = ((1 << k) - 1) << (a - 1);
          if (cells.every((i) => m[i] & w)) keep |= w;
        }
        for (const i of cells) m[i] &= keep;
      }
      break;
    case 'thermo': thermo(m, cells); break;
    case 'arrow': {
      const circle = p[0] || 1;
      if (circle !== 1) break;   // a number of several digits: its bounds are no pencil work
      const line = cells.slice(1);
      sumBounds(m, line, lowest(m[cells[0]]), highest(m[cells[0]]));
      const lo = line.reduce((s, i) => s + lowest(m[i]), 0), hi = line.reduce((s, i) => s + highest(m[i]), 0);
      for (const d of digitsOf(m[cells[0]])) if (d < lo || d > hi) m[cells[0]] &= ~bit(d);
      break;
    }
    case 'little-killer': sumBounds(m, cells, p[0], p[0]); break;
    case 'whisper': {
      const gap = p.length ? p[0] : Math.ceil(n / 2);
      for (let k = 1; k < cells.length; k++) pair(m, cells[k - 1], cells[k], (x, y) => Math.abs(x - y) >= gap);
      for (let k = cells.length - 1; k > 0; k--) pair(m, cells[k - 1], cells[k], (x, y) => Math.abs(x - y) >= gap);
      break;
    }
    case 'palindrome':
      for (let k = 0; k < cells.length / 2; k++) {
        const a = cells[k], b = cells[cells.length - 1 - k], both = m[a] & m[b];
        m[a] = both;
        m[b] = both;
      }
      break;
    case 'between': {
      const a = cells[0], b = cells[cells.length - 1], inner = cells.slice(1, -1);
      const lo = Math.min(lowest(m[a]), lowest(m[b])), hi = Math.max(highest(m[a]), highest(m[b]));
      for (const i of inner) for (const d of digitsOf(m[i])) if (d <= lo || d >= hi) m[i] &= ~bit(d);
      // an end needs a partner with room for every inner cell between them
      const room = (x, y) => inner.every((i) => digitsOf(m[i]).some((d) => d > Math.min(x, y) && d < Math.max(x, y)));
      if (inner.length) pair(m, a, b, room);
      break;
    }
    case 'white': pair(m, cells[0], cells[1], (x, y) => Math.abs(x - y) === 1); break;
    case 'black': pair(m, cells[0], cells[1], (x, y) => x === 2 * y || y === 2 * x); break;
    case 'x': pair(m, cells[0], cells[1], (x, y) => x + y === 10); break;
    case 'v': pair(m, cells[0], cells[1], (x, y) => x + y === 5); break;
    case 'greater': pair(m, cells[0], cells[1], (x, y) => x > y); break;
    case 'even': for (const i of cells) m[i] &= 0xaaaaaaaa; break;
    case 'odd': for (const i of cells) m[i] &= 0x55555555; break;
    case 'minimum':
    case 'maximum':
      for (const i of cells) for (const j of orth(n, i)) pair(m, i, j, c.kind === 'minimum' ? (x, y) => x < y : (x, y) => x > y);
      break;
    case 'quadruple': {
      // the digits still missing from the block fill its empty cells when
      // there are as many of those as missing digits
      const need = [...p];
      for (const i of cells) { const at = need.indexOf(values[i]); if (values[i] && at >= 0) need.splice(at, 1); }
      const empty = cells.filter((i) => !values[i]);
      if (need.length && need.length === empty.length) {
        const set = need.reduce((s, d) => s | bit(d), 0);
        for (const i of empty) m[i] &= set;
      }
      break;
    }
    case 'anti-knight':
    case 'anti-king': {
      const moves = c.kind === 'anti-knight'
        ? [[1, 2], [2, 1], [1, -2], [2, -1], [-1, 2], [-2, 1], [-1, -2], [-2, -1]]
        : [[1, 1], [1, -1], [-1, 1], [-1, -1], [0, 1], [1, 0], [0, -1], [-1, 0]];
      values.forEach((v, i) => {
        if (!v) return;
        const r = Math.floor(i / n), col = i % n;
        for (const [dr, dc] of moves) {
          const rr = r + dr, cc = col + dc;
          if (rr >= 0 && rr < n && cc >= 0 && cc < n) m[rr * n + cc] &= ~bit(v);
        }
      });
      break;
    }
    case 'disjoint-groups': {
      if (!shape.box) break;
      const [br, bc] = shape.box;
      values.forEach((v, i) => {
        if (!v) return;
        for (let j = 0; j < n * n; j++)
          if (j !== i && Math.floor(j / n) % br === Math.floor(i / n) % br && (j % n) % bc === (i % n) % bc) m[j] &= ~bit(v);
      });
      break;
    }
    default:
      break;
  }
}

/* The negative and non-consecutive rules: a placed digit takes from its
 * orthogonal neighbours the digits the rule forbids beside it, except
 * across a dot (or an X or V) that lifts the rule. */
function negative(list, m, values, n) {
  const rules = {
    'non-consecutive': { bad: (v, d) => Math.abs(v - d) === 1, lifts: [] },
    'white-all': { bad: (v, d) => Math.abs(v - d) === 1, lifts: ['white', 'black'] },
    'black-all': { bad: (v, d) => v === 2 * d || d === 2 * v, lifts: ['white', 'black'] },
    'x-all': { bad: (v, d) => v + d === 10, lifts: ['x', 'v'] },
    'v-all': { bad: (v, d) => v + d === 5, lifts: ['x', 'v'] },
  };
  const marked = (kinds, a, b) => list.some((c) => kinds.includes(c.kind) && c.cells.length === 2 &&
    ((c.cells[0] === a && c.cells[1] === b) || (c.cells[0] === b && c.cells[1] === a)));
  for (const c of list) {
    const rule = rules[c.kind];
    if (!rule) continue;
    values.forEach((v, i) => {
      if (!v) return;
      for (const j of orth(n, i)) {
        if (values[j] || marked(rule.lifts, i, j)) continue;
        for (const d of digitsOf(m[j])) if (rule.bad(v, d)) m[j] &= ~bit(d);
      }
    });
  }
}

/**
 * The candidates of each cell (masks, 0 for a filled cell) under the
 * constraints list, from cands (the units' candidates, shape.js) and
 * values (the digits placed): a new array; cands is not changed.
 */
export function constraintCandidates(shape, values, cands, list) {
  const m = Array.from(cands, (x, i) => (values[i] ? bit(values[i]) : x));
  for (const c of list) apply(c, m, values, shape);
  negative(list, m, values, shape.n);
  return m.map((x, i) => (values[i] ? 0 : x));
}
