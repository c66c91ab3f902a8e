// view.js — draws the grid: one element per cell (role gridcell, named
// "r4c7, 5, given"), borders where the box or region changes, windows
// tinted, diagonals drawn, and the overlays the solver's answers add
// (solution digits, conflicts, a step's placements, eliminations and
// proof). It only reads the state it is given; main.js owns the state.

import { cellName } from './shape.js';
import { symbol } from './text.js';

/** Builds the cells of grid for shape. @return the array of cell elements. */
export function buildGrid(grid, shape) {
  const { n, region } = shape;
  grid.replaceChildren();
  grid.style.setProperty('--n', n);
  grid.classList.toggle('large', n >= 16);   // more room for 16x16 and up (style.css)
  grid.classList.toggle('huge', n >= 18);    // on a phone: wider than the screen, scrolled
  const cells = [];
  for (let r = 0; r < n; r++) {
    const row = document.createElement('div');
    row.setAttribute('role', 'row');
    row.style.display = 'contents';
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      const el = document.createElement('div');
      el.className = 'cell';
      el.setAttribute('role', 'gridcell');
      el.tabIndex = -1;
      el.dataset.i = String(i);
      if (c > 0 && region[i - 1] !== region[i]) el.classList.add('bl');
      if (r > 0 && region[i - n] !== region[i]) el.classList.add('bt');
      if (shape.regions) el.classList.add(`reg${colourOf(shape, shape.regions[i])}`);
      if (shape.window.has(i)) el.classList.add('win');
      if (shape.diag.has(i)) el.classList.add('diag');
      if (shape.anti.has(i)) el.classList.add('anti');
      row.appendChild(el);
      cells.push(el);
    }
    grid.appendChild(row);
  }
  return cells;
}

/* Jigsaw regions get pastel colours, neighbours different where the
 * nine colours allow (a greedy colouring of the region graph). */
function colourOf(shape, id) {
  if (!shape._colours) {
    const { n } = shape, region = shape.regions, adj = [...Array(n)].map(() => new Set());
    for (let i = 0; i < n * n; i++) {
      const r = Math.floor(i / n), c = i % n;
      if (c + 1 < n && region[i] !== region[i + 1]) { adj[region[i]].add(region[i + 1]); adj[region[i + 1]].add(region[i]); }
      if (r + 1 < n && region[i] !== region[i + n]) { adj[region[i]].add(region[i + n]); adj[region[i + n]].add(region[i]); }
    }
    const colours = new Array(n).fill(-1);
    for (let k = 0; k < n; k++) {
      const used = new Set([...adj[k]].map((j) => colours[j]));
      let col = 0;
      while (used.has(col) && col < 8) col++;
      colours[k] = col;
    }
    shape._colours = colours;
  }
  return shape._colours[id];
}

/**
 * Paints every cell. s: { shape, board, alphabet, selected (Set), cursor,
 * solution (values or null), showCands, cands (masks), conflicts (Set),
 * wrong (Set), differ (Set or null: cells another solution fills
 * differently), step (null or {place: Map cell->digits, elim: Map, proof: Map}),
 * stepValues/stepCands (an explanation's grid, or null), notes (null, or
 * per cell the constraints it is in, in words: "killer cage 15") }.
 */
export function paint(cells, s) {
  const { shape, board, alphabet } = s;
  const n = shape.n;
  const cur = s.cursor;
  const curVal = s.stepValues ? s.stepValues[cur] : board.value(cur) || (s.solution ? s.solution[cur] : 0);
  const [cr, cc] = candLayout(shape);
  for (let i = 0; i < cells.length; i++) {
    const el = cells[i];
    const given = board.givens[i];
    let v, kind;
    if (s.stepValues) {
      v = s.stepValues[i];
      kind = given ? 'given' : v ? 'solved' : '';
    } else {
      v = board.value(i);
      kind = given ? 'given' : v ? 'entered' : '';
      if (!v && s.solution) { v = s.solution[i]; kind = 'solved'; }
    }
    const cl = el.classList;
    cl.toggle('given', kind === 'given');
    cl.toggle('entered', kind === 'entered');
    cl.toggle('solved', kind === 'solved');
    cl.toggle('sel', s.selected.has(i));
    cl.toggle('cursor', i === cur);
    cl.toggle('same', !!v && !!curVal && v === curVal && i !== cur);
    cl.toggle('peer', i !== cur && shape.peers[cur].has(i) && !s.selected.has(i));
    cl.toggle('conflict', s.conflicts.has(i));
    cl.toggle('wrong', s.wrong.has(i));
    cl.toggle('differ', !!s.differ && s.differ.has(i));
    const st = s.step;
    cl.toggle('place', !!st && st.place.has(i));
    cl.toggle('proof', !!st && st.proof.has(i) && !st.place.has(i));
    cl.toggle('elimcell', !!st && st.elim.has(i) && !st.place.has(i));
    cl.toggle('unit', !!st && !!st.unit && st.unit.has(i) && !st.place.has(i));
    const colour = board.colours ? board.colours[i] : 0;
    if (el._colour !== colour) {
      if (el._colour) cl.remove(`col${el._colour}`);
      if (colour) cl.add(`col${colour}`);
      el._colour = colour;
    }
    el.tabIndex = i === cur ? 0 : -1;
    let mask = 0, centre = 0;
    if (!v) {
      if (s.stepCands) mask = s.stepCands[i];
      else if (s.showCands) mask = s.cands[i];
      else { mask = board.marks[i]; centre = board.centre ? board.centre[i] : 0; }
    }
    const label = [cellName(n, i), v ? symbol(alphabet, v) : 'empty'];
    if (kind === 'given') label.push('given');
    else if (kind === 'solved') label.push('solution');
    if (s.conflicts.has(i)) label.push('conflict');
    if (s.wrong.has(i)) label.push('wrong');
    if (s.differ && s.differ.has(i)) label.push('differs in another solution');
    if (mask) label.push('candidates ' + digitsOf(mask, n).map((d) => symbol(alphabet, d)).join(' '));
    if (centre) label.push('centre marks ' + digitsOf(centre, n).map((d) => symbol(alphabet, d)).join(' '));
    if (colour) label.push(`colour ${colour}`);
    if (s.notes && s.notes[i]) label.push(s.notes[i]);
    el.setAttribute('aria-selected', s.selected.has(i) ? 'true' : 'false');
    // the name is hidden text, and what is drawn is hidden from screen
    // readers: the drawn digits are not the words a reader should say
    const name = label.join(', ');
    // the step's digits of this cell as text: a Set in a template is
    // "[object Set]", and a key that misses them keeps the last step's marks
    const digits = (m) => (m && m.has(i) ? [...m.get(i)].sort((x, y) => x - y).join(',') : '');
    const key = `${v}|${mask}|${centre}|${st ? [digits(st.place), digits(st.elim), digits(st.proof)].join('/') : ''}|${alphabet}|${name}`;
    if (el._key === key) continue;
    el._key = key;
    const said = document.createElement('span');
    said.className = 'sr-only';
    said.textContent = name;
    if (v) {
      const span = document.createElement('span');
      span.className = 'v';
      span.setAttribute('aria-hidden', 'true');
      span.textContent = symbol(alphabet, v);
      el.replaceChildren(said, span);
    } else if (mask || centre) {
      const box = document.createElement('div');
      box.className = 'cands';
      box.setAttribute('aria-hidden', 'true');
      box.style.setProperty('--cr', cr);
      box.style.setProperty('--cc', cc);
      for (let d = 1; d <= n; d++) {
        const sp = document.createElement('span');
        if (mask & (1 << (d - 1))) {
          sp.textContent = symbol(alphabet, d);
          if (st && st.place.get(i) && st.place.get(i).has(d)) sp.className = 'pc';
          else if (st && st.elim.get(i) && st.elim.get(i).has(d)) sp.className = 'ec';
          else if (st && st.proof.get(i) && st.proof.get(i).has(d)) sp.className = 'fc';
        }
        box.appendChild(sp);
      }
      el.replaceChildren(said, ...(mask ? [box] : []), ...centreMarks(centre, n, alphabet));
    } else {
      el.replaceChildren(said);
    }
  }
}

/* A cell's centre marks: its digits in a row, small, in the middle (none: nothing). */
function centreMarks(mask, n, alphabet) {
  if (!mask) return [];
  const sp = document.createElement('span');
  sp.className = 'ctr';
  sp.setAttribute('aria-hidden', 'true');
  sp.textContent = digitsOf(mask, n).map((d) => symbol(alphabet, d)).join('');
  return [sp];
}

/** Rows and columns of the little candidate grid inside a cell. */
export function candLayout(shape) {
  const { n, box } = shape;
  if (box) return [box[0], box[1]];
  const c = Math.ceil(Math.sqrt(n));
  return [Math.ceil(n / c), c];
}

/** The digits of mask, ascending. */
export function digitsOf(mask, n) {
  const out = [];
  for (let d = 1; d <= n; d++) if (mask & (1 << (d - 1))) out.push(d);
  return out;
}
