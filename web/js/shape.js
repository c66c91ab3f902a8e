// shape.js — the geometry of a board, as the library builds it
// (src/shape.c): rows, columns, boxes or jigsaw regions, the two
// diagonals of X and the Windoku windows of hyper. Every rule the page
// applies (conflicts, candidates, peers) loops over the one unit list.

/** The most nearly square R x C box with R <= C, R*C = n, R >= 2; null for primes. */
export function defaultBox(n) {
  let best = null;
  for (let r = 2; r * r <= n; r++) if (n % r === 0) best = [r, n / r];
  return best;
}

/** Every R x C box shape for side n (both orientations). */
export function boxShapes(n) {
  const out = [];
  for (let r = 2; r <= n / 2; r++) if (n % r === 0) out.push([r, n / r]);
  return out;
}

function countWindows(n, extent) {
  let k = 0;
  while (1 + k * (extent + 1) + extent <= n - 1) k++;
  return k;
}

/** True when hyper windows fit side n with boxes br x bc. */
export function hyperFits(n, br, bc) {
  return countWindows(n, br) >= 1 && countWindows(n, bc) >= 1;
}

/**
 * Builds a shape: { n, box: [r, c] | null, x, hyper, regions (ids per cell
 * or null), keepBoxes, region (the box or region id of each cell, for
 * borders), units: [{kind, cells}], peers: [Set] }.
 */
export function makeShape({ n, box = null, x = false, hyper = false, regions = null, keepBoxes = false }) {
  const b = box || defaultBox(n);
  const units = [];
  const region = new Array(n * n).fill(0);
  for (let r = 0; r < n; r++) units.push({ kind: 'row', cells: [...Array(n)].map((_, c) => r * n + c) });
  for (let c = 0; c < n; c++) units.push({ kind: 'column', cells: [...Array(n)].map((_, r) => r * n + c) });
  if (b && (!regions || keepBoxes)) {
    const [br, bc] = b;
    for (let i = 0; i < n; i++) {
      const r0 = Math.floor(i / (n / bc)) * br, c0 = (i % (n / bc)) * bc, cells = [];
      for (let r = 0; r < br; r++) for (let c = 0; c < bc; c++) cells.push((r0 + r) * n + c0 + c);
      units.push({ kind: 'box', cells });
      for (const cell of cells) region[cell] = i;
    }
  }
  if (regions) {
    for (let id = 0; id < n; id++) {
      const cells = [];
      regions.forEach((v, i) => { if (v === id) cells.push(i); });
      units.push({ kind: 'region', cells });
    }
    // thick borders follow the boxes when they stay, else the regions
    if (!(b && keepBoxes)) regions.forEach((v, i) => { region[i] = v; });
  }
  const diag = new Set(), anti = new Set(), window = new Set();
  if (x) {
    units.push({ kind: 'diagonal', cells: [...Array(n)].map((_, i) => i * n + i) });
    units.push({ kind: 'diagonal', cells: [...Array(n)].map((_, i) => i * n + n - 1 - i) });
    for (let i = 0; i < n; i++) { diag.add(i * n + i); anti.add(i * n + n - 1 - i); }
  }
  if (hyper && b) {
    const [wr, wc] = b;
    for (let i = 0; i < countWindows(n, wr); i++)
      for (let j = 0; j < countWindows(n, wc); j++) {
        const cells = [], r0 = 1 + i * (wr + 1), c0 = 1 + j * (wc + 1);
        for (let r = 0; r < wr; r++) for (let c = 0; c < wc; c++) cells.push((r0 + r) * n + c0 + c);
        units.push({ kind: 'window', cells });
        cells.forEach((cell) => window.add(cell));
      }
  }
  const peers = [...Array(n * n)].map(() => new Set());
  const cellUnits = [...Array(n * n)].map(() => []);
  units.forEach((u, k) => {
    for (const a of u.cells) {
      cellUnits[a].push(k);
      for (const p of u.cells) if (p !== a) peers[a].add(p);
    }
  });
  return { n, box: b, x, hyper, regions, keepBoxes, region, units, peers, cellUnits, diag, anti, window };
}

/** The name users see for a cell: r4c7, 1-based. */
export function cellName(n, cell) {
  return `r${Math.floor(cell / n) + 1}c${(cell % n) + 1}`;
}

/** The cell index of "r4c7" on side n, or -1. */
export function parseCell(n, name) {
  const m = /^r(\d+)c(\d+)$/.exec(name);
  if (!m) return -1;
  const r = +m[1] - 1, c = +m[2] - 1;
  return r >= 0 && r < n && c >= 0 && c < n ? r * n + c : -1;
}

/** Pairs of cells in one unit holding the same value: a Set of the cells. */
export function conflictCells(shape, values) {
  const bad = new Set();
  for (const u of shape.units) {
    const seen = new Map();
    for (const c of u.cells) {
      const v = values[c];
      if (!v) continue;
      if (seen.has(v)) { bad.add(c); bad.add(seen.get(v)); } else seen.set(v, c);
    }
  }
  return bad;
}

/** Candidate masks (bit d-1 = digit d) of every empty cell given values. */
export function candidates(shape, values) {
  const full = shape.n >= 31 ? 0x7fffffff : (1 << shape.n) - 1;
  return Array.from(values, (v, i) => {
    if (v) return 0;
    let m = full;
    for (const p of shape.peers[i]) if (values[p]) m &= ~(1 << (values[p] - 1));
    return m;
  });
}
