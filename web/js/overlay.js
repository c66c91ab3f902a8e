// overlay.js — draws a puzzle's constraints (constraints.js) in an SVG
// laid over the grid, in cell units (cell r,c spans [c, c+1] x [r, r+1];
// clues outside the grid sit in the frame's margin): killer cages with
// dashed inset borders and sums in the corner, thermometers, arrows,
// the coloured lines, kropki dots, X/V, greater-than marks, quadruples,
// little killers, sandwich and X-sum clues, even/odd, minimum/maximum,
// extra regions. The SVG is hidden from screen readers: the constraints
// are listed in words beside the grid (main.js). Nothing here reads or
// changes the page's state.

import { isArea } from './drawing.js';

const NS = 'http://www.w3.org/2000/svg';

function node(tag, attrs, parent, text) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

const rc = (n, i) => [Math.floor(i / n), i % n];
const centre = (n, i) => { const [r, c] = rc(n, i); return [c + 0.5, r + 0.5]; };
const pts = (list) => list.map(([x, y]) => `${x.toFixed(3)},${y.toFixed(3)}`).join(' ');
const fmt = (v) => v.toFixed(3);

/* The dashed outline of a cage, inset by d: per cell, the sides whose
 * neighbour is outside, each stretched or shortened at its ends so the
 * sides meet at outer and inner corners. */
function cagePath(n, cells, d) {
  const set = new Set(cells);
  const has = (r, c) => r >= 0 && c >= 0 && r < n && c < n && set.has(r * n + c);
  let path = '';
  for (const i of cells) {
    const [r, c] = rc(n, i);
    // top and bottom sides run along x; left and right along y
    for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
      if (has(r + dr, c + dc)) continue;
      if (dr) {
        const y = dr < 0 ? r + d : r + 1 - d;
        const x0 = !has(r, c - 1) ? c + d : has(r + dr, c - 1) ? c - d : c;
        const x1 = !has(r, c + 1) ? c + 1 - d : has(r + dr, c + 1) ? c + 1 + d : c + 1;
        path += `M${fmt(x0)} ${fmt(y)}H${fmt(x1)}`;
      } else {
        const x = dc < 0 ? c + d : c + 1 - d;
        const y0 = !has(r - 1, c) ? r + d : has(r - 1, c + dc) ? r - d : r;
        const y1 = !has(r + 1, c) ? r + 1 - d : has(r + 1, c + dc) ? r + 1 + d : r + 1;
        path += `M${fmt(x)} ${fmt(y0)}V${fmt(y1)}`;
      }
    }
  }
  return path;
}

/* The first cell of a cage in reading order: where its sum goes. */
const topLeft = (cells) => cells.reduce((a, b) => (b < a ? b : a));

function arrowHead(g, [x0, y0], [x1, y1], size, cls) {
  const dx = x1 - x0, dy = y1 - y0, len = Math.hypot(dx, dy) || 1, ux = dx / len, uy = dy / len;
  const a = [x1 - ux * size - uy * size * 0.7, y1 - uy * size + ux * size * 0.7];
  const b = [x1 - ux * size + uy * size * 0.7, y1 - uy * size - ux * size * 0.7];
  node('polyline', { points: pts([a, [x1, y1], b]), class: cls }, g);
}

/* The midpoint of two cells' shared side (or of their centres). */
function between(n, a, b) {
  const [x0, y0] = centre(n, a), [x1, y1] = centre(n, b);
  return [(x0 + x1) / 2, (y0 + y1) / 2];
}

/* Where a clue outside the grid goes: one step before cells[0] along the
 * line from cells[1] to cells[0] (a sandwich's row, a little killer's
 * diagonal). */
function outside(n, cells) {
  const [r0, c0] = rc(n, cells[0]);
  let dr, dc;
  if (cells.length > 1) {
    const [r1, c1] = rc(n, cells[1]);
    dr = Math.sign(r1 - r0); dc = Math.sign(c1 - c0);
  } else {   // a corner cell alone: the diagonal into the grid
    dr = r0 === 0 ? 1 : -1; dc = c0 === 0 ? 1 : -1;
  }
  return { x: c0 - dc + 0.5, y: r0 - dr + 0.5, dx: dc, dy: dr };
}

/** The sides of the grid that clues outside it sit on: { top, right, bottom, left }. */
export function outerSides(n, list) {
  const sides = { top: false, right: false, bottom: false, left: false };
  for (const c of list) {
    if (!['little-killer', 'sandwich', 'xsum'].includes(c.kind) || !c.cells.length) continue;
    const o = outside(n, c.cells);
    if (o.y < 0) sides.top = true;
    if (o.y > n) sides.bottom = true;
    if (o.x < 0) sides.left = true;
    if (o.x > n) sides.right = true;
  }
  return sides;
}

const LINE_CLASS = { whisper: 'ln-whisper', renban: 'ln-renban', palindrome: 'ln-palindrome', between: 'ln-between', 'region-sum': 'ln-regionsum' };

/** Draws list on svg for shape; pending (or null) is a path being drawn in Edit mode: { kind, cells }. */
export function drawConstraints(svg, shape, list, pending = null) {
  const n = shape.n;
  svg.replaceChildren();
  const layer = (cls) => node('g', { class: cls }, svg);
  const shade = layer('shade'), lines = layer('lines'), cages = layer('cages'), marks = layer('marks'), outer = layer('outer');
  for (const c of list) {
    const cells = c.cells, p = c.params;
    switch (c.kind) {
      case 'region':
        for (const i of cells) { const [r, col] = rc(n, i); node('rect', { x: col, y: r, width: 1, height: 1, class: 'extra-region' }, shade); }
        break;
      case 'even':
        for (const i of cells) { const [x, y] = centre(n, i); node('rect', { x: x - 0.32, y: y - 0.32, width: 0.64, height: 0.64, class: 'parity' }, shade); }
        break;
      case 'odd':
        for (const i of cells) { const [x, y] = centre(n, i); node('circle', { cx: x, cy: y, r: 0.34, class: 'parity' }, shade); }
        break;
      case 'minimum':
      case 'maximum': {
        const [x, y] = centre(n, cells[0]), out = c.kind === 'maximum' ? 1 : -1;
        for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
          const tip = [x + dx * (0.4 + 0.06 * out), y + dy * (0.4 + 0.06 * out)];
          const base = [x + dx * (0.4 - 0.06 * out), y + dy * (0.4 - 0.06 * out)];
          node('polygon', { points: pts([tip, [base[0] + dy * 0.08, base[1] + dx * 0.08], [base[0] - dy * 0.08, base[1] - dx * 0.08]]), class: 'minmax' }, marks);
        }
        break;
      }
      case 'thermo': {
        const ps = cells.map((i) => centre(n, i));
        node('circle', { cx: ps[0][0], cy: ps[0][1], r: 0.36, class: 'thermo-bulb' }, lines);
        if (ps.length > 1) node('polyline', { points: pts(ps), class: 'thermo' }, lines);
        break;
      }
      case 'arrow': {
        const m = Math.max(1, p[0] || 1), circ = cells.slice(0, m), ps = circ.map((i) => centre(n, i));
        const rows = new Set(circ.map((i) => rc(n, i)[0])), cols = new Set(circ.map((i) => rc(n, i)[1]));
        if (m > 1 && (rows.size === 1 || cols.size === 1)) {
          const xs = ps.map((q) => q[0]), ys = ps.map((q) => q[1]);
          const x0 = Math.min(...xs) - 0.4, y0 = Math.min(...ys) - 0.4;
          node('rect', { x: x0, y: y0, width: Math.max(...xs) - Math.min(...xs) + 0.8, height: Math.max(...ys) - Math.min(...ys) + 0.8, rx: 0.4, class: 'arrow-circle' }, lines);
        } else for (const [x, y] of ps) node('circle', { cx: x, cy: y, r: 0.4, class: 'arrow-circle' }, lines);
        const shaft = cells.slice(m).map((i) => centre(n, i));
        if (shaft.length) {
          // from the edge of the circle cell next to the shaft
          const from = centre(n, cells[m - 1]), to = shaft[0];
          const d = Math.hypot(to[0] - from[0], to[1] - from[1]) || 1;
          const start = [from[0] + ((to[0] - from[0]) / d) * 0.4, from[1] + ((to[1] - from[1]) / d) * 0.4];
          const all = [start, ...shaft];
          node('polyline', { points: pts(all), class: 'arrow-line' }, lines);
          arrowHead(lines, all[all.length - 2], all[all.length - 1], 0.22, 'arrow-line');
        }
        break;
      }
      case 'whisper': case 'renban': case 'palindrome': case 'between': case 'region-sum': {
        const ps = cells.map((i) => centre(n, i));
        node('polyline', { points: pts(ps), class: 'line ' + LINE_CLASS[c.kind] }, lines);
        if (c.kind === 'between') for (const q of [ps[0], ps[ps.length - 1]]) node('circle', { cx: q[0], cy: q[1], r: 0.38, class: 'between-end' }, lines);
        break;
      }
      case 'cage': {
        node('path', { d: cagePath(n, cells, 0.09), class: 'cage' }, cages);
        if (p.length) {
          const [r, col] = rc(n, topLeft(cells));
          node('text', { x: col + 0.05, y: r + 0.29, class: 'cage-sum' }, cages, String(p[0]));
        }
        break;
      }
      case 'white': case 'black': {
        const [x, y] = between(n, cells[0], cells[1]);
        node('circle', { cx: x, cy: y, r: 0.13, class: c.kind === 'white' ? 'dot-white' : 'dot-black' }, marks);
        break;
      }
      case 'x': case 'v': {
        const [x, y] = between(n, cells[0], cells[1]);
        node('text', { x, y, class: 'xv' }, marks, c.kind.toUpperCase());
        break;
      }
      case 'greater': {
        // the point of the ">" faces the smaller cell (cells[1])
        const [x0, y0] = centre(n, cells[0]), [x1, y1] = centre(n, cells[1]);
        const [mx, my] = [(x0 + x1) / 2, (y0 + y1) / 2];
        const d = Math.hypot(x1 - x0, y1 - y0) || 1, ux = (x1 - x0) / d, uy = (y1 - y0) / d;
        const tip = [mx + ux * 0.1, my + uy * 0.1];
        node('polyline', { points: pts([[mx - ux * 0.1 - uy * 0.14, my - uy * 0.1 + ux * 0.14], tip, [mx - ux * 0.1 + uy * 0.14, my - uy * 0.1 - ux * 0.14]]), class: 'greater' }, marks);
        break;
      }
      case 'quadruple': {
        const [r, col] = rc(n, topLeft(cells));
        node('circle', { cx: col + 1, cy: r + 1, r: 0.3, class: 'quad' }, marks);
        const digits = p.join(''), size = digits.length > 2 ? 0.15 : 0.2;
        const rowsOf = digits.length > 2 ? [digits.slice(0, 2), digits.slice(2)] : [digits];
        rowsOf.forEach((t, k) => node('text', { x: col + 1, y: r + 1 + (k - (rowsOf.length - 1) / 2) * size * 1.05, class: 'quad-digits', 'font-size': size }, marks, t));
        break;
      }
      case 'little-killer': {
        const o = outside(n, cells);
        const from = [o.x - o.dx * 0.05, o.y - o.dy * 0.05], to = [o.x + o.dx * 0.38, o.y + o.dy * 0.38];
        node('line', { x1: from[0], y1: from[1], x2: to[0], y2: to[1], class: 'lk-arrow' }, outer);
        arrowHead(outer, from, to, 0.12, 'lk-arrow');
        node('text', { x: o.x - o.dx * 0.2, y: o.y - o.dy * 0.2, class: 'outer-clue small' }, outer, String(p[0]));
        break;
      }
      case 'sandwich': case 'xsum': {
        const o = outside(n, cells);
        node('text', { x: o.x + o.dx * 0.12, y: o.y + o.dy * 0.12, class: 'outer-clue' + (c.kind === 'xsum' ? ' xsum' : '') }, outer, String(p[0]));
        if (c.kind === 'xsum') node('rect', { x: o.x + o.dx * 0.12 - 0.3, y: o.y + o.dy * 0.12 - 0.24, width: 0.6, height: 0.48, rx: 0.12, class: 'xsum-box' }, outer);
        break;
      }
      default: break;   // global rules are listed in words, not drawn
    }
  }
  if (pending && pending.cells.length) {
    const g = layer('pending');
    if (isArea(pending.kind)) node('path', { d: cagePath(n, pending.cells, 0.05), class: 'pending-cage' }, g);
    else {
      const ps = pending.cells.map((i) => centre(n, i));
      node('circle', { cx: ps[0][0], cy: ps[0][1], r: 0.2, class: 'pending-line' }, g);
      if (ps.length > 1) node('polyline', { points: pts(ps), class: 'pending-line' }, g);
    }
  }
}
