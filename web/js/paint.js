// paint.js — jigsaw regions painted on the grid: the region map being
// painted (one region id per cell, starting from the board's boxes or
// regions), and whether it makes a jigsaw (n regions of n cells; a region
// in pieces is allowed, as the library allows it). main.js owns the mode
// and the drawing.

/** The map painting starts from: the shape's own regions, else its boxes (ids 0..n-1). */
export function startMap(shape) {
  return Int8Array.from(shape.regions || shape.region);
}

/** Why map is no jigsaw of side n, in words; null when it is one. */
export function mapProblem(map, n) {
  const sizes = new Array(n).fill(0);
  for (const id of map) sizes[id]++;
  const wrong = sizes.map((k, id) => [id, k]).filter(([, k]) => k !== n);
  if (wrong.length)
    return `every region needs ${n} cells: ${wrong.map(([id, k]) => `region ${id + 1} has ${k}`).join(', ')}`;
  return null;
}
