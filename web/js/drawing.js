// drawing.js — the pen of Edit mode: the path of cells a drag (or a
// selection) makes, and the constraint it becomes. A line goes through
// cells that touch (a king's move), each cell once, and stepping back
// onto the cell before takes the last one off, as a pen drawing a line
// back would; a cage, an extra region or even/odd cells are a set of
// cells; a dot (kropki, X/V, greater-than) is a drag from one cell to
// its neighbour. The server checks the result (a cage's sum, a line's
// cells) when it is used.

/** True when kind is drawn as a set of cells, not a path. */
export const isArea = (kind) => kind === 'cage' || kind === 'region' || kind === 'even' || kind === 'odd';
/** True when kind marks two orthogonal neighbours. */
export const isPair = (kind) => ['white', 'black', 'x', 'v', 'greater'].includes(kind);

/** The path with cell i added (a new array), or the same path when i cannot follow. */
export function extendPath(kind, path, i, n) {
  if (!path.length) return [i];
  const last = path[path.length - 1];
  if (i === last) return path;
  if (path.length > 1 && i === path[path.length - 2]) return path.slice(0, -1);   // drawn back
  if (path.includes(i)) return path;
  const dr = Math.abs(Math.floor(i / n) - Math.floor(last / n)), dc = Math.abs((i % n) - (last % n));
  // a fast drag skips cells: an area takes any cell; a line only a neighbour
  if (!isArea(kind) && (dr > 1 || dc > 1)) return path;
  if (isPair(kind) && (path.length >= 2 || dr + dc !== 1)) return path;
  return [...path, i];
}

/** The constraint a finished path makes ({kind, cells, params}); sum is the typed text (a cage's sum, '' for none); null with why when it cannot be one. */
export function pathConstraint(kind, path, sum) {
  if (!path.length) return { why: 'no cells drawn' };
  if (isArea(kind)) {
    const cells = [...path].sort((a, b) => a - b);
    if (kind === 'region') return cells.length < 2 ? { why: 'an extra region needs 2 cells or more' } : { c: { kind, cells, params: [] } };
    if (kind !== 'cage') return { c: { kind, cells, params: [] } };
    const t = sum.trim();
    if (t && !/^\d+$/.test(t)) return { why: `the sum "${t}" is not a whole number` };
    return { c: { kind, cells, params: t ? [+t] : [] } };
  }
  if (isPair(kind) && path.length !== 2) return { why: 'a dot goes between two cells side by side: drag from one to the other' };
  if (path.length < 2) return { why: 'a line needs 2 cells or more' };
  return { c: { kind, cells: path.slice(), params: kind === 'arrow' ? [1] : [] } };
}
