// drawing.js — the pen of Edit mode: the path of cells a drag (or a
// selection) makes, and the constraints it becomes. A line goes through
// cells that touch (a king's move), each cell once, and stepping back
// onto the cell before takes the last one off, as a pen drawing a line
// back would; a cage, an extra region or even/odd and minimum/maximum
// cells are a set of cells; a dot (kropki, X/V, greater-than) is a drag
// from one cell to its neighbour. A clue outside the grid is drawn from
// the cell beside it inward: a little killer along its diagonal, a
// sandwich or X-sum along its row or column, and the pen completes the
// line to the far edge. A quadruple is its 2x2 block (or the block's
// top-left cell). The server checks the result (a cage's sum, a line's
// cells) when it is used.

/** True when kind is drawn as a set of cells, not a path. */
export const isArea = (kind) => ['cage', 'region', 'even', 'odd', 'minimum', 'maximum', 'quadruple'].includes(kind);
/** True when kind marks two orthogonal neighbours. */
export const isPair = (kind) => ['white', 'black', 'x', 'v', 'greater'].includes(kind);
/** True when kind is a clue outside the grid, drawn inward from its edge. */
export const isOuter = (kind) => ['little-killer', 'sandwich', 'xsum'].includes(kind);
/** True when a drawn kind waits for a number typed after it (a sum, a quadruple's digits). */
export const needsNumber = (kind) => kind === 'cage' || kind === 'quadruple' || isOuter(kind);

/** The path with cell i added (a new array), or the same path when i cannot follow. */
export function extendPath(kind, path, i, n) {
  if (!path.length) return [i];
  const last = path[path.length - 1];
  if (i === last) return path;
  if (path.length > 1 && i === path[path.length - 2]) return path.slice(0, -1);   // drawn back
  if (path.includes(i)) return path;
  const dr = Math.floor(i / n) - Math.floor(last / n), dc = (i % n) - (last % n);
  // a fast drag skips cells: an area takes any cell; a line only a neighbour
  if (!isArea(kind) && (Math.abs(dr) > 1 || Math.abs(dc) > 1)) return path;
  if (isPair(kind) && (path.length >= 2 || Math.abs(dr) + Math.abs(dc) !== 1)) return path;
  if (isOuter(kind)) {
    // straight on: a diagonal for a little killer, a row or column for the others
    const diagonal = Math.abs(dr) === 1 && Math.abs(dc) === 1;
    if (kind === 'little-killer' ? !diagonal : Math.abs(dr) + Math.abs(dc) !== 1) return path;
    if (path.length > 1) {
      const r0 = Math.floor(path[1] / n) - Math.floor(path[0] / n), c0 = (path[1] % n) - (path[0] % n);
      if (dr !== r0 || dc !== c0) return path;
    }
  }
  return [...path, i];
}

/* The whole line from cell `from` in the step (dr, dc) to the grid's
 * edge, or null when the clue cannot sit outside from: the cell behind
 * it must be off the grid. */
function lineInward(from, dr, dc, n) {
  const r = Math.floor(from / n), c = from % n;
  if (r - dr >= 0 && r - dr < n && c - dc >= 0 && c - dc < n) return null;
  const cells = [];
  for (let rr = r, cc = c; rr >= 0 && rr < n && cc >= 0 && cc < n; rr += dr, cc += dc) cells.push(rr * n + cc);
  return cells;
}

/* An outer clue drawn as path: its cells, or why not. */
function outerCells(kind, path, n) {
  const first = path[0], r = Math.floor(first / n), c = first % n;
  let dr, dc;
  if (path.length > 1) {
    dr = Math.floor(path[1] / n) - r;
    dc = (path[1] % n) - c;
  } else if (kind === 'little-killer') {
    // one edge cell: inward and down when it can (as doku's text reads it)
    dr = r === 0 ? 1 : r === n - 1 ? -1 : 0;
    dc = c === 0 ? 1 : c === n - 1 ? -1 : 0;
    if (!dr && !dc) return { why: 'a little killer starts at a cell on the edge of the grid' };
    if (!dr) dr = 1;
    if (!dc) dc = -dr;
  } else {
    // one end cell: along its row when it ends one, else its column
    if (c === 0 || c === n - 1) { dr = 0; dc = c === 0 ? 1 : -1; } else if (r === 0 || r === n - 1) { dc = 0; dr = r === 0 ? 1 : -1; } else return { why: 'a sandwich or X-sum starts at the end of its row or column' };
  }
  const cells = lineInward(first, dr, dc, n);
  if (!cells) return { why: `its clue sits outside the grid: start the drag at the edge, on the cell beside the clue` };
  if (cells.length < 2) return { why: 'the diagonal from that corner has one cell: start from another edge cell' };
  return { cells };
}

/**
 * The constraints a finished path makes: { list: [{kind, cells, params}] }
 * (one per cell for minimum/maximum, else one); text is what was typed
 * after it (a cage's or clue's sum, '' for none; a quadruple's digits).
 * { why } when it cannot be one.
 */
export function pathConstraint(kind, path, text, n) {
  if (!path.length) return { why: 'no cells drawn' };
  const t = text.trim();
  const sum = () => (/^\d+$/.test(t) ? +t : null);
  if (isOuter(kind)) {
    if (sum() === null) return { why: t ? `the sum "${t}" is not a whole number` : 'type the clue\'s sum' };
    const got = outerCells(kind, path, n);
    return got.why ? got : { list: [{ kind, cells: got.cells, params: [sum()] }] };
  }
  if (isArea(kind)) {
    const cells = [...path].sort((a, b) => a - b);
    if (kind === 'minimum' || kind === 'maximum') return { list: cells.map((i) => ({ kind, cells: [i], params: [] })) };
    if (kind === 'region') return cells.length < 2 ? { why: 'an extra region needs 2 cells or more' } : { list: [{ kind, cells, params: [] }] };
    if (kind === 'quadruple') return quadruple(cells, t, n);
    if (kind !== 'cage') return { list: [{ kind, cells, params: [] }] };
    if (t && sum() === null) return { why: `the sum "${t}" is not a whole number` };
    return { list: [{ kind, cells, params: t ? [sum()] : [] }] };
  }
  if (isPair(kind) && path.length !== 2) return { why: 'a dot goes between two cells side by side: drag from one to the other' };
  if (path.length < 2) return { why: 'a line needs 2 cells or more' };
  return { list: [{ kind, cells: path.slice(), params: kind === 'arrow' ? [1] : [] }] };
}

/* A quadruple over cells (its 2x2 block, or the block's top-left cell)
 * with the digits typed ("1 2 9", "129", letters above 9). */
function quadruple(cells, t, n) {
  const top = cells[0], r = Math.floor(top / n), c = top % n;
  const block = [top, top + 1, top + n, top + n + 1];
  if (r >= n - 1 || c >= n - 1 || (cells.length > 1 && (cells.length !== 4 || cells.some((i, k) => i !== block[k]))))
    return { why: 'a quadruple is a block of 2x2 cells: drag over the four, or pick its top-left cell' };
  const digits = [...t.replace(/[\s,]+/g, '')].map((ch) => parseInt(ch, 36));
  if (!digits.length || digits.length > 4 || digits.some((d) => !(d >= 1 && d <= n)))
    return { why: `type 1 to 4 digits (1-${n <= 9 ? n : '9, A-' + (n - 1).toString(36).toUpperCase()}) that the four cells hold` };
  return { list: [{ kind: 'quadruple', cells: block, params: digits }] };
}
