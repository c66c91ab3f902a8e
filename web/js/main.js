// main.js — the page's controller: the state (shape, board, mode,
// selection, the solver's latest answer), the wiring of every control and
// key, and the calls to the API. view.js draws the cells and overlay.js
// the constraints; board.js keeps history; api.js talks to the server;
// files.js opens and saves files; drawing.js is Edit mode's pen.

import { call } from './api.js';
import { Board } from './board.js';
import { replay, stepMarks, stepUnit } from './explain.js';
import { boxShapes, candidates, cellName, conflictCells, defaultBox, hyperFits, makeShape, parseCell } from './shape.js';
import { fromLine, keyValue, progressHash, readHash, shareHash, symbol, toGrid, toLine, ALPHABETS } from './text.js';
import { dropGame, lastKey, loadGame, saveGame } from './saved.js';
import { mapProblem, startMap } from './paint.js';
import { wireFiles } from './files.js';
import { buildGrid, paint } from './view.js';
import { describe, fromJson, hasOuterClues, KINDS, toJson, toLink, toVariantText } from './constraints.js';
import { constraintCandidates } from './cands.js';
import { drawConstraints, outerSides } from './overlay.js';
import { extendPath, isArea, isOuter, isPair, needsNumber, pathConstraint } from './drawing.js';

const COLOURS = 9;   // cell colours of the palette (style.css --k1..--k9)
const SIZES = [4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 22, 24, 25];
const JIGSAW_EXAMPLE = `001122222
000103332
100143332
111143332
504444462
577748888
577748668
577768666
555558866`;

const $ = (id) => document.getElementById(id);
const S = {
  shape: makeShape({ n: 9 }),
  board: new Board(9),
  alphabet: '1-9A-Z',
  mode: 'edit',
  pencil: false,        // the Pencil tool: digits become corner marks
  tool: 'digit',        // what a digit does in play: 'digit', 'corner', 'centre' or 'colour'
  showCands: false,
  selected: new Set([0]),
  cursor: 0,
  anchor: 0,
  solution: null,      // the solver's answer drawn in the empty cells
  known: null,         // the puzzle's solution, for "Check entries"
  conflicts: new Set(),
  wrong: new Set(),
  differ: new Set(),   // cells a second solution fills differently (Solve on several)
  step: null,          // the highlighted step (hint or explanation)
  hint: null,
  explain: null,       // { steps, states, pos }
  timer: { start: 0, elapsed: 0, running: false, done: false, started: false, paused: false },
  busy: null,          // AbortController of the request in flight
  comment: '',         // the opened puzzle's comment (a variant puzzle's title), saved with it
  author: '',          // a variant puzzle's author (f-puzzles, SudokuPad), written back with it
  // grids of another shape that a shape change replaced: Undo past the
  // first change of the board goes back to them, Redo forward again
  shapes: { undo: [], redo: [] },
  offer: null,         // a saved game of this puzzle, offered ("continue" / "new") and not yet taken
  playing: null,       // the share key of the game saved from this board
  paint: null,         // jigsaw regions being painted: { map, region, shape } (paint.js)
  pen: '',             // Edit mode's pen: the kind of constraint a drag draws ('' = off: a drag selects)
  pending: null,       // the path being drawn, or a cage waiting for its sum: { kind, cells }
  drawing: false,      // a pen drag is under way
};
let cells = [];

/* ---- status and results --------------------------------------------- */

function status(text, kind = '') {
  const el = $('status');
  el.textContent = text;
  el.className = 'status' + (kind ? ' ' + kind : '');
}

function result(nodes) {
  $('result').replaceChildren(...(Array.isArray(nodes) ? nodes : [nodes]));
}

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

/* ---- drawing ------------------------------------------------------------ */

/* The automatic candidates: the units', then each constraint's own rule
 * (cands.js: a cage's combinations, a thermometer's bounds...). */
function autoCands(values) {
  const c = candidates(S.shape, values), list = S.paint ? [] : S.board.constraints;
  return list.length ? constraintCandidates(S.shape, values, c, list) : c;
}

function render() {
  const ex = S.explain;
  const st = ex ? ex.states[ex.pos] : null;
  const values = S.board.values();
  paint(cells, {
    shape: S.paint ? S.paint.shape : S.shape, board: S.board, alphabet: S.alphabet,
    selected: S.selected, cursor: S.cursor,
    solution: ex ? null : S.solution,
    // a hint is drawn on the candidates, so its eliminations show
    showCands: (S.mode === 'play' && S.showCands) || !!S.hint,
    cands: autoCands(values),
    conflicts: S.conflicts, wrong: S.wrong, differ: S.differ,
    step: S.step,
    stepValues: st ? st.values : null,
    stepCands: st ? st.cands : null,
    notes: S.paint ? null : cellNotes(),
  });
  drawOverlay();
  padCounts(values);
  $('undo').disabled = !S.board.undoStack.length && !S.shapes.undo.length;
  $('redo').disabled = !S.board.redoStack.length && !S.shapes.redo.length;
  $('apply-hint').hidden = !S.hint;
  $('clear-marks').hidden = !(S.step || S.solution || S.conflicts.size || S.wrong.size || S.explain);
}

/* Per cell, the constraints it is in, in words (the cells' names say
 * them: the drawing is hidden from screen readers); kept per list. */
let notesOf = { list: null, notes: null };
function cellNotes() {
  const list = S.board.constraints;
  if (!list.length) return null;
  if (notesOf.list !== list) {
    const notes = new Array(S.shape.n ** 2).fill('');
    for (const c of list) {
      if (KINDS[c.kind].global) continue;
      const words = KINDS[c.kind].name + (c.params.length && c.kind !== 'arrow' && c.kind !== 'whisper' ? ' ' + c.params.join(' ') : '');
      for (const i of c.cells) if (i < notes.length) notes[i] = notes[i] ? `${notes[i]}; ${words}` : words;
    }
    notesOf = { list, notes };
  }
  return notesOf.notes;
}

/* The constraints drawn over the grid (overlay.js), the frame's margin
 * made for clues outside it, and the SVG's user units set to cells. */
let overlayOf = { list: null, pending: '', box: '', shape: null };
function drawOverlay() {
  const svg = $('overlay'), grid = $('grid'), frame = $('grid-frame');
  const list = S.paint ? [] : S.board.constraints;
  const outer = hasOuterClues(list);
  grid.classList.toggle('outer', outer);
  const n = S.shape.n, cs = grid.clientWidth / n;
  // a margin on the sides that have clues (a sandwich's left and top)
  const sides = outerSides(n, list), pad = (on) => (on ? `${(cs * 0.85).toFixed(1)}px` : '0');
  frame.style.padding = outer ? [sides.top, sides.right, sides.bottom, sides.left].map(pad).join(' ') : '';
  if (!cs) return;
  const x0 = (grid.offsetLeft + grid.clientLeft) / cs, y0 = (grid.offsetTop + grid.clientTop) / cs;
  const box = `${(-x0).toFixed(4)} ${(-y0).toFixed(4)} ${(frame.clientWidth / cs).toFixed(4)} ${(frame.clientHeight / cs).toFixed(4)}`;
  const pending = S.pending ? S.pending.kind + S.pending.cells.join(',') : '';
  // drawn again only when something drawn changed (render runs on every key)
  if (overlayOf.list === list && overlayOf.pending === pending && overlayOf.box === box && overlayOf.shape === S.shape) return;
  overlayOf = { list, pending, box, shape: S.shape };
  svg.setAttribute('viewBox', box);
  drawConstraints(svg, S.shape, list, S.pending);
}

/* The constraints in words (the card's list, and the global rules under
 * the grid, which nothing draws). */
let listed = null;
function listConstraints() {
  const list = S.board.constraints, n = S.shape.n;
  if (listed === list) return;
  listed = list;
  $('cons-count').textContent = list.length
    ? `${list.length} constraint${list.length === 1 ? '' : 's'}:`
    : 'None: a classic puzzle. Open a variant puzzle, or draw cages and lines below in Edit givens mode.';
  $('cons-list').replaceChildren(...list.map((c) => el('li', describe(c, n))));
  for (const box of document.querySelectorAll('#global-rules input')) box.checked = list.some((c) => c.kind === box.dataset.rule);
  const rules = list.filter((c) => KINDS[c.kind].global).map((c) => KINDS[c.kind].name);
  $('rules').hidden = !rules.length;
  $('rules').textContent = rules.length ? `Also: ${rules.join(', ')}.` : '';
}

/* The pad as the apps draw it: how many of each symbol are still to place
 * (n of each in a full grid), and a symbol with all n placed greyed out. */
function padCounts(values) {
  const n = S.shape.n, placed = new Array(n + 1).fill(0);
  for (const v of values) placed[v]++;
  for (const b of $('pad').children) {
    const d = +b.dataset.d, left = Math.max(0, n - placed[d]);
    // the name is the content ("5, 6 left"): the drawn count is hidden from
    // screen readers and said in words instead
    b.children[0].textContent = String(left);
    b.children[1].textContent = left === 0 ? ', all placed' : `, ${left} left`;
    b.classList.toggle('done', left === 0);
  }
}

function rebuild() {
  cells = buildGrid($('grid'), S.shape);
  const pad = $('pad');
  pad.replaceChildren();
  const n = S.shape.n;
  pad.style.setProperty('--pad-cols', n <= 9 ? n : Math.ceil(n / 2));
  for (let d = 1; d <= n; d++) {
    const b = el('button', symbol(S.alphabet, d));
    b.type = 'button';
    b.dataset.d = String(d);
    const left = el('span', '', 'left');
    left.setAttribute('aria-hidden', 'true');
    b.append(left, el('span', '', 'sr-only'));
    pad.appendChild(b);
  }
  render();
}

/* ---- the shape menus ---------------------------------------------------- */

function fillShapeMenus() {
  const size = $('size');
  if (!size.options.length)
    for (const n of SIZES) size.add(new Option(`${n}×${n}`, String(n)));
  size.value = String(S.shape.n);
  const box = $('box');
  box.replaceChildren();
  const n = S.shape.n;
  if (S.shape.regions && !S.shape.keepBoxes) box.add(new Option('jigsaw', 'jigsaw'));
  for (const [r, c] of boxShapes(n)) box.add(new Option(`${r}×${c}`, `${r}x${c}`));
  box.value = S.shape.regions && !S.shape.keepBoxes ? 'jigsaw' : S.shape.box ? S.shape.box.join('x') : '';
  box.disabled = !!S.shape.regions;
  const b = S.shape.box || defaultBox(n);
  for (const o of $('variant').options) o.disabled = o.value.includes('hyper') && !(b && hyperFits(n, b[0], b[1]));
  $('variant').value = [S.shape.x && 'x', S.shape.hyper && 'hyper'].filter(Boolean).join(',');
}

/** Replaces the shape; keeps the givens (and constraints) when the side is unchanged. */
function setShape(spec, givens, constraints = null) {
  const n = spec.n;
  const old = S.board;
  // the grid being replaced stays one Undo away (an empty one with no history is nothing to undo)
  if (old.undoStack.length || old.givens.some((v) => v) || old.entries.some((v) => v) || old.constraints.length) {
    S.shapes.undo.push({ shape: S.shape, board: old, comment: S.comment, author: S.author });
    if (S.shapes.undo.length > 20) S.shapes.undo.shift();
    S.shapes.redo.length = 0;
  }
  S.shape = makeShape(spec);
  S.board = new Board(n);
  if (givens) S.board.givens.set(givens);
  else if (old.n === n) { S.board.givens.set(old.givens); S.board.entries.set(old.entries); }
  S.board.constraints = constraints || (old.n === n ? old.constraints : []);
  S.pending = null;
  S.selected = new Set([0]);
  S.cursor = S.anchor = 0;
  resetOverlays();
  S.known = null;
  fillShapeMenus();
  rebuild();
  changed(false);
}

/* The shape chosen in the menus (size, box, variant): what was said and
 * shown about the old grid ("Solved", a rating, a request still running)
 * is about a grid that is gone, so it goes, and the status line says
 * what is on the board now. */
function chooseShape(spec) {
  if (S.busy) {   // its answer would be about the old grid
    S.busy.abort();
    S.busy = null;
    document.body.removeAttribute('aria-busy');
  }
  const sameSide = spec.n === S.shape.n, was = S.shape.n, undoable = S.shapes.undo.length;
  setShape(spec);
  const back = S.shapes.undo.length > undoable ? ` Undo brings the ${was}×${was} puzzle back.` : '';
  if (!sameSide) {
    if (S.mode === 'play') setMode('edit');
    resetTimer();
    S.comment = ''; S.author = '';
  }
  result([]);
  const n = S.shape.n, variant = $('variant').selectedOptions[0];
  const kind = `${n}×${n}` + (S.shape.box ? ` (${S.shape.box.join('×')} boxes)` : '') + (variant && variant.value ? `, ${variant.text}` : '');
  status(sameSide ? `Now ${kind}: the givens are kept.` : `A new empty ${kind} grid: type givens, or generate or open a puzzle.${back}`);
}

function shapeSpec(over = {}) {
  const s = S.shape;
  return { n: s.n, box: s.box, x: s.x, hyper: s.hyper, regions: s.regions, keepBoxes: s.keepBoxes, ...over };
}

/* ---- the request body ------------------------------------------------ */

function shapeFields() {
  const s = S.shape, f = { size: s.n, symbols: S.alphabet };
  if (s.box && (!s.regions || s.keepBoxes)) f.box = s.box.join('x');
  const v = [s.x && 'x', s.hyper && 'hyper'].filter(Boolean).join(',');
  if (v) f.variants = v;
  if (s.regions) {
    f.regions = s.regions.map((id) => ALPHABETS['1-9A-Z'][id]).join('');
    f.keep_boxes = !!s.keepBoxes;
  }
  return f;
}

/* The constraints as request fields (none: no field, so a classic
 * request stays as it was). */
function consFields() {
  const list = S.board.constraints;
  return list.length ? { constraints: toJson(list, S.shape.n) } : {};
}

function puzzleBody(values, extra = {}) {
  return { puzzle: toLine(S.alphabet, values), ...shapeFields(), ...consFields(), ...extra };
}

function rowsToValues(rows) {
  return Uint8Array.from(rows.flat());
}

/** Runs an API call with a busy state; errors land in the status line. */
async function run(name, body, onDone, opts = {}) {
  if (S.busy) S.busy.abort();
  const ctl = new AbortController();
  S.busy = ctl;
  document.body.setAttribute('aria-busy', 'true');
  if (opts.progress) opts.progress(true);
  try {
    const rec = await call(name, body, ctl.signal);
    if (S.busy === ctl) await onDone(rec);
  } catch (e) {
    if (e.name === 'AbortError') { if (S.busy === ctl) status('Cancelled.'); }
    else if (e.bare && /r\d+c\d+/.test(e.bare)) {
      // the puzzle itself is wrong: say what cannot be done and why, in
      // the server's words without the field name, and mark the cells
      resetOverlays();
      markReason(e.bare);
      const txt = `${ACTION[name] || 'Cannot do that'}: ${e.bare.replace(/^field "[^"]*": /, '')}`;
      status(txt, 'bad');
      result(el('p', txt, 'big'));
    } else status(e.message, 'bad');
  } finally {
    if (S.busy === ctl) {
      S.busy = null;
      document.body.removeAttribute('aria-busy');
    }
    if (opts.progress) opts.progress(false);
    render();
  }
}

/* ---- changes ------------------------------------------------------------ */

function resetOverlays() {
  S.solution = null;
  S.differ = new Set();
  $('export-solution').checked = false;
  S.step = null;
  S.hint = null;
  S.wrong = new Set();
  closeExplain();
}

/** After any change of the board: conflicts, the share link, solved? */
function changed(userEdit = true) {
  if (userEdit) S.shapes.redo.length = 0;
  const values = S.board.values();
  S.conflicts = conflictCells(S.shape, values);
  history.replaceState(null, '', shareHash(S.alphabet, S.shape, S.board.givens, S.board.constraints, linkWords()));
  listConstraints();
  if (userEdit && S.mode === 'play' && !S.timer.done && values.every((v) => v) && !S.conflicts.size) {
    const ok = !S.known || values.every((v, i) => v === S.known[i]);
    if (ok) {
      stopTimer(true);
      status(`Solved in ${fmtTime(S.timer.elapsed)}! Well done.`, 'good');
    }
  } else if (userEdit && S.conflicts.size) {
    status(`${S.conflicts.size} cells conflict (same symbol twice in a row, column or region).`, 'bad');
  } else if (userEdit) {
    status('');
  }
  keepGame();
  render();
}

/* ---- the game kept in the browser (saved.js) ---------------------------- */

/* A variant puzzle's title and author for the links the page makes (a
 * classic puzzle's comment stays out of them, as before). */
function linkWords() { return S.board.constraints.length ? { title: S.comment, author: S.author } : null; }

function gameKey() { return shareHash(S.alphabet, S.shape, S.board.givens, S.board.constraints); }

function hasProgress() {
  const b = S.board;
  return b.entries.some((v, i) => v && !b.givens[i]) || b.marks.some((m, i) => m && !b.givens[i]) ||
    b.centre.some((m, i) => m && !b.givens[i]) || b.colours.some((k) => k);
}

/* Keeps the game of the puzzle on the board, or forgets it when its
 * player took every entry and mark back; a saved game still offered, or
 * of another puzzle, is left as it is. */
function keepGame() {
  if (S.offer) return;
  const key = gameKey(), b = S.board;
  if (!hasProgress()) {
    if (S.playing === key) { dropGame(key); S.playing = null; }
    return;
  }
  S.playing = key;
  saveGame(key, {
    entries: toLine(S.alphabet, b.entries.map((v, i) => (b.givens[i] ? 0 : v))),
    marks: b.marks.map((m) => (m ? m.toString(36) : '')).join(','),
    centre: b.centre.map((m) => (m ? m.toString(36) : '')).join(','),
    colours: Array.from(b.colours, String).join(''),
    mode: S.mode, elapsed: Math.round(elapsed()), done: S.timer.done,
    undo: b.undoStack, redo: b.redoStack,
  });
}

/* Undo steps read back from storage: only well-formed cells of this grid. */
function stepsOf(list, cells) {
  const snap = (x) => x && Number.isInteger(x.g) && Number.isInteger(x.e) && Number.isInteger(x.m);
  return (Array.isArray(list) ? list : []).filter((st) => Array.isArray(st) && st.length &&
    st.every((c) => c && Number.isInteger(c.i) && c.i >= 0 && c.i < cells && snap(c.before) && snap(c.after)));
}

/* Offers the saved game of the puzzle on the board, if there is one and
 * nothing is played yet. */
function offerSaved() {
  const g = hasProgress() ? null : loadGame(gameKey());
  S.offer = g;
  $('resume').hidden = !g;
  if (!g) return;
  const k = [...g.entries].filter((ch) => ch !== '.').length;
  const marks = g.marks ? g.marks.split(',').filter((m) => m).length : 0;
  $('resume-text').textContent = `Your game on this puzzle: ${k} entr${k === 1 ? 'y' : 'ies'}` +
    (marks ? `, pencil marks in ${marks} cells` : '') + `, ${fmtTime(g.elapsed || 0)} played${g.done ? ', solved' : ''}.`;
}

function resumeGame() {
  const g = S.offer, b = S.board, n = S.shape.n;
  closeOffer();
  if (!g) return;
  const e = fromLine(S.alphabet, n, g.entries);
  if (e) b.entries.set(e.map((v, i) => (b.givens[i] ? 0 : v)));
  const m = (g.marks || '').split(',');
  if (m.length === n * n) m.forEach((x, i) => { b.marks[i] = b.givens[i] ? 0 : (parseInt(x || '0', 36) || 0); });
  const c = (g.centre || '').split(',');
  if (c.length === n * n) c.forEach((x, i) => { b.centre[i] = b.givens[i] ? 0 : (parseInt(x || '0', 36) || 0); });
  if (typeof g.colours === 'string' && /^[0-9]*$/.test(g.colours) && g.colours.length === n * n) b.colours.set([...g.colours].map(Number));
  b.undoStack = stepsOf(g.undo, n * n);
  b.redoStack = stepsOf(g.redo, n * n);
  resetTimer();
  S.timer.elapsed = +g.elapsed || 0;
  S.timer.done = !!g.done;
  S.timer.started = S.timer.elapsed > 0;
  $('timer').textContent = fmtTime(S.timer.elapsed);
  setMode(g.mode === 'edit' ? 'edit' : 'play');
  changed(false);
  status(`Continued your game (${fmtTime(S.timer.elapsed)} played).`, 'good');
}

function newGame() {
  dropGame(gameKey());
  S.playing = null;
  closeOffer();
  status('A new game of this puzzle: the saved one is forgotten.');
}

function closeOffer() {
  S.offer = null;
  $('resume').hidden = true;
}

/* The play tools (Pencil = corner marks, Centre, Colour): one at a time;
 * pressing the one that is on goes back to digits. */
function setTool(tool) {
  S.tool = S.tool === tool ? 'digit' : tool;
  S.pencil = S.tool === 'corner';
  for (const [id, t] of [['pencil', 'corner'], ['centre-tool', 'centre'], ['colour-tool', 'colour']])
    $(id).setAttribute('aria-pressed', String(S.tool === t));
  $('pad').classList.toggle('colours', S.tool === 'colour');
}

/* A mark mask toggled for digit v in cells: on in all unless all have it. */
function toggleMark(list, cells, v) {
  const bit = 1 << (v - 1), all = cells.every((i) => list[i] & bit);
  S.board.apply(cells, (i) => { list[i] = all ? list[i] & ~bit : list[i] | bit; });
}

/* v: a symbol (0 erases). kind overrides the tool: 'corner' (Alt+digit),
 * 'centre' (Alt+Shift+digit). */
function setValue(v, kind = null) {
  if (S.paint) {   // a region's number: chosen, and the selected cells painted with it
    if (v) { S.paint.region = v - 1; paintCells([...S.selected]); drawPainting(); }
    return;
  }
  if (S.offer) closeOffer();   // playing on: a new game (the saved one is overwritten)
  const b = S.board, sel = [...S.selected];
  resetOverlays();
  if (S.mode === 'edit') {
    b.apply(sel, (i) => { b.givens[i] = v; b.entries[i] = 0; b.marks[i] = 0; });
    S.known = null;
  } else {
    const free = sel.filter((i) => !b.givens[i]);
    const tool = kind || S.tool;
    if (S.timer.paused) { status('Paused: Resume to play on.', 'bad'); render(); return; }
    if (tool === 'colour') {
      // colours (the palette's nine) go on any cell, givens too; the same colour again (or 0) takes it off
      if (v > COLOURS) { render(); return; }
      moved();
      const all = sel.every((i) => b.colours[i] === v);
      b.apply(sel, (i) => { b.colours[i] = all ? 0 : v; });
      changed();
      return;
    }
    if (!free.length) { status('Givens cannot be changed in play mode; switch to Edit givens.', 'bad'); render(); return; }
    moved();
    if ((tool === 'corner' || tool === 'centre') && v) {
      toggleMark(tool === 'corner' ? b.marks : b.centre, free.filter((i) => !b.entries[i]), v);
    } else {
      const touched = new Set(free);
      if (v) for (const i of free) for (const p of S.shape.peers[i]) touched.add(p);
      b.apply([...touched], (i) => {
        if (free.includes(i)) { b.entries[i] = v; b.marks[i] = 0; b.centre[i] = 0; }
        else if (v) { b.marks[i] &= ~(1 << (v - 1)); b.centre[i] &= ~(1 << (v - 1)); }   // an entry clears its peers' marks
      });
    }
  }
  changed();
}

/* ---- selection and keys ------------------------------------------------- */

function moveTo(i, extend) {
  S.cursor = i;
  if (extend) S.selected.add(i);
  else S.selected = new Set([i]);
  render();
  cells[i].focus();
}

function onKey(e) {
  const t = e.target;
  if ($('jigsaw').open || (t && t.closest && t.closest('input, textarea, select, dialog'))) return;
  const n = S.shape.n, r = Math.floor(S.cursor / n), c = S.cursor % n;
  const ctrl = e.ctrlKey || e.metaKey;
  if (S.explain && (e.key === '[' || e.key === ']')) { stepBy(e.key === ']' ? 1 : -1); e.preventDefault(); return; }
  if (ctrl && (e.key === 'z' || e.key === 'Z')) { e.shiftKey ? redo() : undo(); e.preventDefault(); return; }
  if (ctrl && (e.key === 'y' || e.key === 'Y')) { redo(); e.preventDefault(); return; }
  const inGrid = t && t.closest && t.closest('#grid, #pad, .pad-tools, body') && !(t.closest('.panel') || t.closest('.bar'));
  if (!inGrid) return;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key]) {
    const [dr, dc] = moves[e.key];
    moveTo(((r + dr + n) % n) * n + ((c + dc + n) % n), e.shiftKey || ctrl);
    e.preventDefault();
    return;
  }
  if (e.key === 'Delete' || e.key === 'Backspace') { setValue(0); e.preventDefault(); return; }
  if (e.key === 'Escape') { S.pending = null; resetOverlays(); render(); return; }
  if (ctrl) return;
  // Alt+digit marks candidates; on some layouts Alt changes e.key, so read e.code too
  let key = e.key;
  if (e.altKey && /^Digit\d$/.test(e.code)) key = e.code.slice(5);
  else if (e.altKey && /^Key[A-Z]$/.test(e.code)) key = e.code.slice(3);
  const v = keyValue(S.alphabet, n, key);
  if (v) { setValue(v, e.altKey ? (e.shiftKey ? 'centre' : 'corner') : null); e.preventDefault(); return; }
  if (key === '.' || (key === '0' && S.alphabet !== '0-9A-Z')) { setValue(0); e.preventDefault(); }
}

/* ---- jigsaw regions painted on the grid (paint.js) --------------------- */

function startPainting() {
  $('jigsaw').close();
  if (S.mode === 'play') setMode('edit');
  S.paint = { map: startMap(S.shape), region: 0, shape: null };
  $('paintbar').hidden = false;
  $('pad').classList.add('regions');
  drawPainting();
  status(`Painting regions: choose a region on the pad (its colour), then drag over cells (or type its number on a selected cell). Done when there are ${S.shape.n} regions of ${S.shape.n} cells.`);
}

function drawPainting() {
  const p = S.paint;
  p.shape = makeShape({ n: S.shape.n, regions: Array.from(p.map) });
  cells = buildGrid($('grid'), p.shape);
  $('grid').classList.add('painting');
  for (const b of $('pad').children) b.setAttribute('aria-pressed', String(+b.dataset.d === p.region + 1));
  render();
}

/* Cells i into the region chosen. */
function paintCells(list) {
  const p = S.paint;
  const change = list.filter((i) => p.map[i] !== p.region);
  if (!change.length) return;
  for (const i of change) p.map[i] = p.region;
  drawPainting();
}

function endPainting(apply) {
  const p = S.paint;
  if (apply) {
    const why = mapProblem(p.map, S.shape.n);
    if (why) { status(`Not a jigsaw yet: ${why}.`, 'bad'); return; }
  }
  S.paint = null;
  $('grid').classList.remove('painting');
  $('paintbar').hidden = true;
  $('pad').classList.remove('regions');
  for (const b of $('pad').children) b.removeAttribute('aria-pressed');
  if (apply) {
    setShape({ n: S.shape.n, box: null, x: S.shape.x, hyper: false, regions: Array.from(p.map), keepBoxes: false }, S.board.givens);
    status('Jigsaw regions set (Undo brings the old shape back).', 'good');
  } else {
    rebuild();
    status('Painting cancelled: the regions are as they were.');
  }
}

/* ---- Edit mode's pen: cages and lines drawn on the grid (drawing.js) -- */

function setPen(kind) {
  S.pen = kind;
  S.pending = null;
  $('draw-kind').value = kind;
  $('grid').classList.toggle('pen', !!kind);
  if (kind && S.mode === 'play') setMode('edit');
  const name = KINDS[kind] ? KINDS[kind].name : '';
  if (kind) status(kind === 'quadruple' ? `Pen: ${name}. Drag over its 2×2 block (or click its top-left cell), then type its digits and press Enter.`
    : isOuter(kind) ? `Pen: ${name}. Drag inward from the cell beside its clue, ${kind === 'little-killer' ? 'along the diagonal' : 'along the row or column'} (one step is enough), then type its sum and press Enter.`
      : isArea(kind) ? `Pen: ${name}. Drag over its cells${kind === 'cage' ? ', then type its sum and press Enter' : kind === 'minimum' || kind === 'maximum' ? ' (each one is marked)' : ''}.`
        : isPair(kind) ? `Pen: ${name}. Drag from a cell to its neighbour${kind === 'greater' ? ' (from the bigger to the smaller)' : ''}.`
          : `Pen: ${name}. Drag along its cells${kind === 'thermo' ? ' from the bulb' : kind === 'arrow' ? ' from the circle' : ''}.`);
  else status('Pen off: a drag selects cells.');
  render();
}

/* A finished path: a line or an extra region is added at once; a cage,
 * an outside clue or a quadruple waits for its number (the Sum field,
 * Enter). */
function endPath() {
  S.drawing = false;
  const p = S.pending;
  if (!p) return;
  if (needsNumber(p.kind)) {
    render();
    $('cons-box').open = true;
    $('draw-sum').focus();
    $('draw-sum').select();
    const what = p.kind === 'cage' ? `A cage of ${p.cells.length} cell${p.cells.length === 1 ? '' : 's'}: type its sum and press Enter (empty: no sum)`
      : p.kind === 'quadruple' ? 'A quadruple: type the digits its four cells hold (1 to 4) and press Enter'
        : `A ${KINDS[p.kind].name} from ${cellName(S.shape.n, p.cells[0])}: type its sum and press Enter`;
    status(`${what}, or Escape.`);
    return;
  }
  addPath(p.kind, p.cells);
}

/* Adds the constraint path makes, or says why it cannot. */
function addPath(kind, path) {
  const { list, why } = pathConstraint(kind, path, $('draw-sum').value, S.shape.n);
  S.pending = null;
  if (!list) { status(`Not added: ${why}.`, 'bad'); render(); return; }
  S.board.setConstraints([...S.board.constraints, ...list]);
  $('draw-sum').value = '';   // the next cage or clue starts without a number
  resetOverlays();
  S.known = null;
  changed(false);
  const said = list.length === 1 ? describe(list[0], S.shape.n) : `${list.length} ${KINDS[kind].name}s`;
  status(`Added: ${said} (Undo takes ${list.length === 1 ? 'it' : 'them'} off).`, 'good');
}

/* The pen's kind over the selected cells, in the order they were chosen. */
function addFromSelection() {
  if (S.pending) { addPath(S.pending.kind, S.pending.cells); return; }
  const kind = $('draw-kind').value || 'cage';
  let path = [];
  for (const i of S.selected) {
    const next = extendPath(kind, path, i, S.shape.n);
    if (next.length !== path.length + 1) { status(`Not added: ${cellName(S.shape.n, i)} does not touch the cell before it on the line.`, 'bad'); return; }
    path = next;
  }
  addPath(kind, path);
}

/* A rule for the whole grid (anti-knight...) on or off, as one undoable step. */
function setRule(kind, on) {
  const list = S.board.constraints, has = list.some((c) => c.kind === kind);
  if (on === has) return;
  S.board.setConstraints(on ? [...list, { kind, cells: [], params: [] }] : list.filter((c) => c.kind !== kind));
  resetOverlays();
  S.known = null;
  changed(false);
  status(`${on ? 'Added' : 'Removed'}: ${KINDS[kind].name} (Undo ${on ? 'takes it off' : 'puts it back'}).`, 'good');
}

function removeAtCursor() {
  const list = S.board.constraints, i = S.cursor;
  const keep = list.filter((c) => KINDS[c.kind].global || !c.cells.includes(i));
  if (keep.length === list.length) { status(`No constraint goes through ${cellName(S.shape.n, i)}.`, 'bad'); return; }
  S.board.setConstraints(keep);
  resetOverlays();
  S.known = null;
  changed(false);
  status(`Removed ${list.length - keep.length} constraint${list.length - keep.length === 1 ? '' : 's'} through ${cellName(S.shape.n, i)} (Undo puts ${list.length - keep.length === 1 ? 'it' : 'them'} back).`);
}

function onPointer(e) {
  const cell = e.target.closest('.cell');
  if (!cell) return;
  const i = +cell.dataset.i, n = S.shape.n;
  if (S.paint) { S.cursor = i; S.selected = new Set([i]); paintCells([i]); return; }
  if (S.pen && S.mode === 'edit') {
    S.drawing = true;
    S.pending = { kind: S.pen, cells: [i] };
    S.cursor = S.anchor = i;
    S.selected = new Set([i]);
    e.preventDefault();
    render();
    return;
  }
  if (e.ctrlKey || e.metaKey) {
    if (S.selected.has(i) && S.selected.size > 1) S.selected.delete(i); else S.selected.add(i);
    S.cursor = i;
  } else if (e.shiftKey) {
    const [r0, c0, r1, c1] = [Math.floor(S.anchor / n), S.anchor % n, Math.floor(i / n), i % n];
    S.selected = new Set();
    for (let r = Math.min(r0, r1); r <= Math.max(r0, r1); r++)
      for (let c = Math.min(c0, c1); c <= Math.max(c0, c1); c++) S.selected.add(r * n + c);
    S.cursor = i;
  } else {
    S.selected = new Set([i]);
    S.cursor = S.anchor = i;
  }
  render();
  cell.focus();
}

function onDrag(e) {
  if (!(e.buttons & 1) || (e.pointerType === 'touch' && !S.paint && !S.drawing)) return;
  const cell = document.elementFromPoint(e.clientX, e.clientY);
  const c = cell && cell.closest && cell.closest('.cell');
  if (S.drawing) {
    if (!c || !S.pending) return;
    const next = extendPath(S.pending.kind, S.pending.cells, +c.dataset.i, S.shape.n);
    if (next !== S.pending.cells) { S.pending.cells = next; S.cursor = +c.dataset.i; render(); }
    return;
  }
  if (S.paint) { if (c) paintCells([+c.dataset.i]); return; }
  if (c && !S.selected.has(+c.dataset.i)) { S.selected.add(+c.dataset.i); S.cursor = +c.dataset.i; render(); }
}

/* Puts back the grid of another shape on top of from (S.shapes.undo or
 * .redo), keeping the one on the board on to. */
function swapShape(from, to) {
  const prev = from.pop();
  to.push({ shape: S.shape, board: S.board, comment: S.comment, author: S.author });
  S.shape = prev.shape;
  S.board = prev.board;
  S.comment = prev.comment;
  S.author = prev.author || '';
  S.selected = new Set([0]);
  S.cursor = S.anchor = 0;
  resetOverlays();
  S.known = null;
  if (S.mode === 'play' && !S.board.givens.some((v) => v) && !S.board.constraints.length) setMode('edit');
  fillShapeMenus();
  rebuild();
  changed(false);
  const n = S.shape.n;
  return `the ${n}×${n} grid`;
}

function undo() {
  if (S.board.undo()) { resetOverlays(); changed(false); status('Undone.'); }
  else if (S.shapes.undo.length) status(`Undone: ${swapShape(S.shapes.undo, S.shapes.redo)} is back (Redo returns to the other).`);
}
function redo() {
  if (S.board.redo()) { resetOverlays(); changed(false); status('Redone.'); }
  else if (S.shapes.redo.length) status(`Redone: ${swapShape(S.shapes.redo, S.shapes.undo)} is back.`);
}

/* ---- modes and the timer ----------------------------------------------- */

function fmtTime(ms) {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
function elapsed() { return S.timer.elapsed + (S.timer.running ? performance.now() - S.timer.start : 0); }
/* The clock runs as the apps' does: from the first move, in play mode,
 * while the page is in view and not paused, until the puzzle is solved. */
function startTimer() {
  const t = S.timer;
  if (t.running || t.done || !t.started || t.paused || S.mode !== 'play' || document.hidden) return;
  t.start = performance.now();
  t.running = true;
}
/* A move in play mode: the clock starts with the first one. */
function moved() { S.timer.started = true; startTimer(); }
function setPaused(on) {
  if (on) stopTimer();
  S.timer.paused = on;
  if (!on) startTimer();
  $('pause').setAttribute('aria-pressed', String(on));
  $('pause').textContent = on ? 'Resume' : 'Pause';
  $('grid').classList.toggle('paused', on);
}
function stopTimer(done = false) {
  if (S.timer.running) { S.timer.elapsed += performance.now() - S.timer.start; S.timer.running = false; }
  if (done) S.timer.done = true;
  $('timer').textContent = fmtTime(S.timer.elapsed);
}
function resetTimer() {
  S.timer = { start: 0, elapsed: 0, running: false, done: false, started: false, paused: false };
  $('timer').textContent = '0:00';
  if ($('grid').classList.contains('paused')) setPaused(false);
}
setInterval(() => {
  if (!S.timer.running) startTimer();   // a visibility change missed: on again when it may run
  if (S.timer.running) $('timer').textContent = fmtTime(elapsed());
}, 500);
document.addEventListener('visibilitychange', () => {
  if (S.mode !== 'play') return;
  if (document.hidden) { stopTimer(); keepGame(); } else startTimer();   // back in view: on again if it ran
});

function setMode(mode) {
  if (mode === 'play' && !S.board.givens.some((v) => v) && !S.board.constraints.length) {
    status('Enter or generate a puzzle first: play mode keeps the givens fixed.', 'bad');
    return;
  }
  if (mode === 'play' && S.pen) { S.pen = ''; S.pending = null; $('draw-kind').value = ''; $('grid').classList.remove('pen'); }
  S.mode = mode;
  $('mode-edit').setAttribute('aria-pressed', String(mode === 'edit'));
  $('mode-play').setAttribute('aria-pressed', String(mode === 'play'));
  $('playbar').hidden = mode !== 'play';
  resetOverlays();
  if (mode === 'play') {
    startTimer();
    status('Play: fill the empty cells. Alt+digit or Pencil marks candidates.');
    if (!S.known) fetchKnown();
  } else {
    if (S.timer.paused) setPaused(false);
    stopTimer();
    status('Edit: type the givens.');
  }
  keepGame();
  render();
}

function fetchKnown() {
  const givens = Uint8Array.from(S.board.givens);
  call('solve', puzzleBody(givens)).then((rec) => {
    if (rec.status === 'unique' && rec.solution && S.board.givens.every((v, i) => v === givens[i]))
      S.known = rowsToValues(rec.solution);
  }).catch(() => {});
}

/* ---- solver actions ------------------------------------------------- */

/* What failed, for an error that names cells of the puzzle. */
const ACTION = {
  solve: 'Cannot solve', count: 'Cannot count', check: 'Cannot check', hint: 'No hint',
  explain: 'Cannot explain', grade: 'Cannot grade',
};

/* Why logic did not finish, in plain words, for a grade or explain record
 * that is not solved: the puzzle's verdict (several solutions, none,
 * invalid) or the run's end (the time ran out, or no technique applies). */
function logicStopped(rec, steps) {
  const after = steps === null ? '' : ` after ${steps} step${steps === 1 ? '' : 's'}`;
  switch (rec.status) {
    case 'multiple': return 'Several solutions: logic (and its rating) needs a puzzle with exactly one solution. Count says how many there are; Solve shows one.';
    case 'none': return `No solution${rec.message ? ': ' + rec.message : ''}.`;
    case 'invalid': return `Invalid${rec.message ? ': ' + rec.message : ''}.`;
    case 'stuck': return `Logic is stuck${after}: no technique doku knows applies to the grid that is left.`;
    case 'gave_up':
      if (rec.message) return `Gave up: ${rec.message}.`;
      return `Logic gave up${after}: the time limit ran out before the next step was found (a harder step may still exist).`;
    default: return `Not solved by logic (${rec.status || 'unknown'}).`;
  }
}

const STATUS_TEXT = {
  unique: 'Unique solution', solved: 'Solved', multiple: 'Several solutions',
  none: 'No solution', gave_up: 'Gave up', invalid: 'Invalid',
};

/* The cells two solutions fill differently, as names ("r5c1, r8c1 and 2 more"). */
function namesOf(set, most = 6) {
  const names = [...set].sort((x, y) => x - y).map((i) => cellName(S.shape.n, i));
  return names.length > most ? `${names.slice(0, most).join(', ')} and ${names.length - most} more` : names.join(', ');
}

function doSolve() {
  const values = S.board.values();
  // limit 2: a puzzle with several solutions comes back with two of them,
  // one to show and one to say where they differ
  run('solve', puzzleBody(values, { stats: true, limit: 2 }), (rec) => {
    resetOverlays();
    const ms = rec.stats ? ` in ${rec.stats.time_ms.toFixed(2)} ms` : '';
    const sols = (rec.solutions || (rec.solution ? [rec.solution] : [])).map(rowsToValues);
    const unique = rec.status === 'unique' || rec.status === 'solved';
    if (sols.length) S.solution = sols[0];
    let several = '';
    if (rec.status === 'multiple' && sols.length > 1) {
      S.differ = new Set();
      sols[0].forEach((v, i) => { if (v !== sols[1][i]) S.differ.add(i); });
      several = `: one of them is shown; a second one differs in ${S.differ.size} cells, ringed (${namesOf(S.differ)})`;
    }
    if (S.solution && unique) $('export-solution').checked = true;   // a download now carries it
    if (S.solution && unique && S.board.givens.every((v, i) => !v || v === S.solution[i]) && S.board.entries.every((v) => !v)) S.known = S.solution;
    // no duplicate to show: Check looks for the cell that mends the grid
    const tip = rec.status === 'none' && !rec.reason ? '. Check names the cell that is likely wrong.' : '';
    const txt = (STATUS_TEXT[rec.status] || rec.status) + ms + several + (rec.reason ? `: ${rec.reason}` : '') + tip;
    status(txt, unique ? 'good' : rec.status === 'multiple' && S.solution ? '' : 'bad');
    if (rec.reason) markReason(rec.reason);
    const nodes = [el('p', txt, 'big')];
    const count = (k, one, many) => `${k} ${k === 1 ? one : many}`;
    if (rec.stats) nodes.push(el('p', `${count(rec.stats.nodes, 'node', 'nodes')}, ${count(rec.stats.guesses, 'guess', 'guesses')}`));
    if (S.mode === 'play' && S.solution) stopTimer(true);   // the answer is out: the clock stops
    result(nodes);
  });
}

/* Cells named in a reason ("r1c1 and r1c5 both hold 5 in row 1") turn red. */
function markReason(text) {
  const n = S.shape.n;
  for (const m of text.matchAll(/r\d+c\d+/g)) {
    const i = parseCell(n, m[0]);
    if (i >= 0) S.conflicts.add(i);
  }
}

function doCount() {
  const asked = parseInt($('count-limit').value, 10);
  if (!(asked >= 1 && asked <= 1000000)) { status('Count up to: a whole number from 1 to 1000000.', 'bad'); $('count-limit').focus(); return; }
  const limit = asked;
  const values = S.board.values();
  run('count', puzzleBody(values, { limit, stats: true }), (rec) => {
    let txt;
    const clash = [...conflictCells(S.shape, values)].sort((x, y) => x - y).map((i) => cellName(S.shape.n, i));
    if (rec.status === 'gave_up') txt = `Gave up (the time ran out) after ${rec.count} solution${rec.count === 1 ? '' : 's'}: there are at least that many`;
    else if (rec.status === 'invalid') txt = `Invalid: ${rec.error || rec.reason || ''}`;
    else if (rec.count === 0) txt = 'No solution' + (clash.length ? `: givens clash in ${clash.join(', ')} (red)` : '');
    else txt = `${rec.capped ? 'At least ' : ''}${rec.count} solution${rec.count === 1 ? '' : 's'}${rec.count === 1 && !rec.capped ? ' (unique)' : ''}`;
    status(txt, rec.count === 1 && !rec.capped ? 'good' : '');
    result(el('p', txt, 'big'));
  });
}

function doCheck() {
  run('check', puzzleBody(S.board.values()), (rec) => {
    resetOverlays();
    S.conflicts = new Set();
    const nodes = [];
    // duplicates, or the likely wrong entry of a grid with no solution
    const blamed = (rec.conflicts || []).flatMap((c) => c.cells).concat(rec.suspects || []);
    for (const name of blamed) {
      const i = parseCell(S.shape.n, name);
      if (i >= 0) S.conflicts.add(i);
    }
    const words = { unique: 'Unique: exactly one solution', none: 'No solution', multiple: 'Several solutions', gave_up: 'Gave up', invalid: 'Invalid' };
    const txt = (words[rec.status] || rec.status) + (rec.message ? `: ${rec.message}` : '');
    if (rec.message) markReason(rec.message);
    status(txt, rec.status === 'unique' ? 'good' : 'bad');
    nodes.push(el('p', txt, 'big'));
    if (rec.conflicts && rec.conflicts.length) {
      const ul = el('ul');
      for (const c of rec.conflicts) ul.appendChild(el('li', `${c.cells.join(' and ')} both hold ${c.digit} in ${c.unit}`));
      nodes.push(ul);
    }
    result(nodes);
  });
}

/* What to say when the grid on the board has no solution but the player
 * has entries: the server sees givens and entries alike ("the givens
 * contradict every solution"), but the givens are fine when their
 * solution is known, and the entries that differ from it are wrong.
 * Marks the wrong entries. @return the sentence, or null when the
 * verdict is the givens' own. */
function entriesVerdict(rec, what) {
  const b = S.board;
  if (rec.status !== 'none' || !b.entries.some((v, i) => v && !b.givens[i])) return null;
  if (!S.known) return `No solution from here: a given or one of your entries is wrong, so there is nothing to ${what}. Check entries strikes through the wrong entries.`;
  const bad = wrongEntries();
  if (!bad.length) return null;
  S.wrong = new Set(bad);
  const names = bad.map((i) => cellName(S.shape.n, i)).join(', ');
  return `No solution from here: the givens are fine, but your entr${bad.length === 1 ? 'y' : 'ies'} in ${names} ${bad.length === 1 ? 'is' : 'are'} wrong (struck through), so there is nothing to ${what}.`;
}

/* The player's entries that differ from the givens' solution (S.known). */
function wrongEntries() {
  const bad = [];
  S.board.entries.forEach((v, i) => { if (v && !S.board.givens[i] && v !== S.known[i]) bad.push(i); });
  return bad;
}

function checkEntries() {
  if (S.board.constraints.length) { checkConstraints(); return; }
  if (!S.known) { status('The solution is not known yet (is the puzzle unique?). Try Check.', 'bad'); fetchKnown(); return; }
  S.wrong = new Set(wrongEntries());
  status(S.wrong.size ? `${S.wrong.size} entr${S.wrong.size === 1 ? 'y is' : 'ies are'} wrong (struck through).` : 'No wrong entries so far.', S.wrong.size ? 'bad' : 'good');
  render();
}

/* Check entries on a variant puzzle: a constraint the entries break is
 * named as a duplicate is (the server's /api/check words it: "killer
 * cage 15 at r1c1 r1c2 is broken"), its cells marked; then the entries
 * that differ from the solution, when it is known. */
function checkConstraints() {
  const values = S.board.values();
  run('check', puzzleBody(values), (rec) => {
    resetOverlays();
    const broken = rec.violations || [];
    const bad = S.known ? wrongEntries() : [];
    S.wrong = new Set(bad);
    S.conflicts = conflictCells(S.shape, values);
    for (const v of broken) for (const name of v.cells) { const i = parseCell(S.shape.n, name); if (i >= 0) S.conflicts.add(i); }
    const dup = (rec.conflicts || []).map((c) => `${c.cells.join(' and ')} both hold ${c.digit} in ${c.unit}`);
    const said = [...dup, ...broken.map((v) => v.text)];
    let txt;
    if (said.length) { txt = said.join('; ') + '.'; txt = txt[0].toUpperCase() + txt.slice(1); }
    else if (bad.length) txt = `${bad.length} entr${bad.length === 1 ? 'y is' : 'ies are'} wrong (struck through).`;
    else if (rec.status === 'none' && rec.suspects && rec.message) {
      // the server's finder searched the grid under the constraints: the cell it names
      for (const name of rec.suspects) { const i = parseCell(S.shape.n, name); if (i >= 0) S.conflicts.add(i); }
      txt = `No rule is broken yet, but no solution follows from here: ${rec.message}.`;
    } else if (rec.status === 'none') txt = 'No rule is broken yet, but no solution follows from here: an entry is wrong.';
    else txt = 'No wrong entries so far.';
    if (said.length && bad.length) txt += ` ${bad.length} entr${bad.length === 1 ? 'y is' : 'ies are'} wrong (struck through).`;
    status(txt, said.length || bad.length || rec.status === 'none' ? 'bad' : 'good');
    result(el('p', txt, 'big'));
  });
}

function pencilBody() {
  // a pencil-mark grid when the person keeps marks by hand in play mode
  const b = S.board, n = S.shape.n;
  if (S.mode !== 'play' || S.showCands || !b.marks.some((m) => m)) return null;
  const cand = candidates(S.shape, b.values());
  const toks = [];
  for (let i = 0; i < n * n; i++) {
    const v = b.value(i);
    const m = v ? 0 : (b.marks[i] || cand[i]);
    toks.push(v ? symbol(S.alphabet, v) : [...Array(n).keys()].filter((d) => m & (1 << d)).map((d) => symbol(S.alphabet, d + 1)).join('') || '.');
  }
  const rows = [];
  for (let r = 0; r < n; r++) rows.push(toks.slice(r * n, r * n + n).join(' '));
  return rows.join('\n');
}

function doHint() {
  // the person's own marks, with the constraints when the puzzle has some
  const pencil = pencilBody();
  const body = pencil ? { pencil, ...shapeFields(), ...consFields() } : puzzleBody(S.board.values());
  run('hint', body, (rec) => {
    resetOverlays();
    if (rec.status === 'none' || rec.status === 'multiple' || (rec.status === 'gave_up' && rec.message)) {
      // the grid as it stands has no single solution: no step would be true
      // in play the givens' solution is known: the wrong entries are exact;
      // else the server names the likely wrong cell when it can ("r5c9 holds 6, …")
      const none = rec.status === 'none';
      const bad = none && S.mode === 'play' && S.known ? wrongEntries() : [];
      const named = none && !bad.length && /r\d+c\d+/.test(rec.message || '');
      let txt;
      if (bad.length) {
        const names = bad.map((i) => cellName(S.shape.n, i)).join(', ');
        txt = `No solution from here, so no hint can be true: the entr${bad.length === 1 ? 'y' : 'ies'} in ${names} ${bad.length === 1 ? 'is' : 'are'} wrong (struck through).`;
        S.wrong = new Set(bad);
      } else if (named) {
        txt = `No solution from here, so no hint can be true: ${rec.message}.`;
        S.conflicts = new Set();
        markReason(rec.message);
      } else {
        txt = none && S.mode === 'play'
          ? 'No solution from here: a given or an entry is wrong, so no hint can be true. Check entries strikes through the wrong entries.'
          : logicStopped(rec, null);
      }
      status(txt, 'bad');
      result(el('p', txt));
      return;
    }
    if (!rec.step) {
      const txt = rec.solved ? 'The grid is already full.' : 'No step found with the allowed techniques.';
      status(txt);
      result(el('p', txt));
      return;
    }
    S.hint = rec.step;
    S.step = stepMarks(S.shape.n, rec.step);
    S.step.unit = stepUnit(S.shape, rec.step);
    status(rec.step.text);
    result([el('p', rec.step.text, 'big'), el('p', `${rec.step.technique}, rating ${rec.step.rating}`)]);
  });
}

function applyHint() {
  const st = S.hint;
  if (!st) return;
  const b = S.board, n = S.shape.n;
  const place = new Map(), elim = new Map();
  for (const p of st.placements || []) place.set(parseCell(n, p.cell), p.digit);
  for (const e of st.eliminations || []) {
    const i = parseCell(n, e.cell);
    elim.set(i, (elim.get(i) || 0) | (1 << (e.digit - 1)));
  }
  const touched = [...new Set([...place.keys(), ...elim.keys()])].filter((i) => i >= 0 && !b.givens[i]);
  b.apply(touched, (i) => {
    if (place.has(i)) { b.entries[i] = place.get(i); b.marks[i] = 0; }
    else if (elim.has(i) && b.marks[i]) b.marks[i] &= ~elim.get(i);
  });
  resetOverlays();
  if (S.mode === 'play') moved();
  changed();
}

function doGrade() {
  const values = S.board.values();
  run('grade', puzzleBody(values), (rec) => {
    resetOverlays();
    const done = rec.techniques ? Object.values(rec.techniques).reduce((a, k) => a + k, 0) : null;
    const mine = rec.solved ? null : entriesVerdict(rec, 'grade');
    // a variant puzzle's ratings are doku's own (Sudoku Explainer has no scale for its steps)
    const own = rec.scale === 'doku' ? ' (doku\'s own scale)' : '';
    const txt = rec.solved ? `ER ${rec.er} · EP ${rec.ep} · ED ${rec.ed} — ${rec.difficulty}${own}`
      : mine || logicStopped(rec, done) + (rec.techniques ? ' Explain shows where it stopped and the candidates left.' : '');
    status(txt, rec.solved ? 'good' : 'bad');
    if (!rec.solved && !done) { result(el('p', txt, 'big')); return; }
    // the three ratings, said in words (Sudoku Explainer's scale)
    const scale = el('p', '', 'scale');
    if (rec.solved) {
      const rating = (abbr, title, v) => {
        const a = el('abbr', abbr);
        a.title = title;
        return [a, ` ${v}`];
      };
      scale.append(...rating('ER', 'Explainer rating: the hardest step the solution needs', rec.er), ' · ',
        ...rating('EP', 'Pearl: the hardest step up to the first placed digit', rec.ep), ' · ',
        ...rating('ED', 'Diamond: the first step', rec.ed), ` — ${rec.difficulty}${own}`);
      scale.className = 'big';
    }
    const words = rec.solved ? el('p', 'ER is the hardest step the solution needs, EP the hardest up to the first placed digit, ED the first step ' +
      (own ? '(doku\'s own scale for variant puzzles, in the spirit of Sudoku Explainer\'s: cage combinations from 2.0, innies and outies from 2.8; Sudoku Explainer has none for variants).'
        : '(Sudoku Explainer\'s scale: 1.0 for a single to 11 and more).'), 'hint') : null;
    const table = el('table');
    const head = el('tr');
    head.append(el('th', 'Technique'), el('th', 'Steps'));
    table.appendChild(head);
    for (const [k, v] of Object.entries(rec.techniques || {})) {
      const tr = el('tr');
      tr.append(el('td', k.replace(/-/g, ' ')), el('td', String(v)));
      table.appendChild(tr);
    }
    result([rec.solved ? scale : el('p', txt, 'big'), ...(words ? [words] : []), el('p', `Hardest step: ${rec.hardest || '—'}`), table]);
  });
}

/* ---- explain ------------------------------------------------------------ */

function doExplain() {
  const start = S.board.values();
  run('explain', puzzleBody(start), (rec) => {
    resetOverlays();
    if (!rec.steps) {   // a verdict on the puzzle: logic was not run
      const txt = entriesVerdict(rec, 'explain') || logicStopped(rec, null);
      if (rec.message) markReason(rec.message);
      status(txt, 'bad');
      result(el('p', txt, 'big'));
      return;
    }
    const steps = rec.steps || [];
    S.explain = { steps, states: replay(S.shape, start, steps), pos: 0 };
    const list = $('step-list');
    list.replaceChildren();
    steps.forEach((s, k) => {
      const li = el('li', s.text);
      li.tabIndex = -1;
      li.addEventListener('click', () => showStep(k));
      list.appendChild(li);
    });
    $('explain-box').hidden = false;
    let txt;
    if (rec.solved) txt = `Solved by logic in ${steps.length} steps; rating ${rec.rating} ${rec.difficulty || ''}${rec.scale === 'doku' ? ' (doku\'s own scale)' : ''}`;
    else {
      const end = S.explain.states[steps.length].values;
      const left = end.filter((v) => !v).length;
      txt = logicStopped(rec, steps.length) + ` ${left} cell${left === 1 ? ' is' : 's are'} still empty: the last step (») shows their candidates.`;
    }
    status(txt, rec.solved ? 'good' : 'bad');
    result(el('p', txt));
    showStep(0);
    $('step-next').focus();
  });
}

function showStep(k) {
  const ex = S.explain;
  if (!ex) return;
  ex.pos = Math.max(0, Math.min(ex.steps.length, k));
  const st = ex.steps[ex.pos];
  S.step = st ? stepMarks(S.shape.n, st) : null;
  if (S.step) S.step.unit = stepUnit(S.shape, st);
  $('step-pos').textContent = st ? `step ${ex.pos + 1} of ${ex.steps.length}` : `end (${ex.steps.length} step${ex.steps.length === 1 ? '' : 's'})`;
  $('step-text').textContent = st ? `${ex.pos + 1}. (${st.rating}) ${st.text}` : ex.steps.length ? 'End of the explanation: the grid after the last step.' : 'No step was found: the grid as given, with its candidates.';
  [...$('step-list').children].forEach((li, i) => {
    if (i === ex.pos) { li.setAttribute('aria-current', 'step'); li.scrollIntoView({ block: 'nearest' }); } else li.removeAttribute('aria-current');
  });
  render();
}

function stepBy(d) { if (S.explain) showStep(S.explain.pos + d); }

function closeExplain() {
  if (!S.explain) return;
  S.explain = null;
  $('explain-box').hidden = true;
}

/* ---- generate ---------------------------------------------------------- */

let genTick = null;

/* Under a symmetry the givens come in orbits: rot90 turns cells in fours
 * (and the centre alone on odd sides), rot180 and the mirrors pair them
 * (the centre, or the middle column/row, alone), the diagonal mirrors keep
 * the diagonal's n cells alone. @return whether k givens can be laid
 * out so on an n×n grid (true for none and random). */
function symmetryAllows(n, sym, k) {
  const odd = n % 2 === 1;
  const [group, alone] = { rot90: [4, odd ? 1 : 0], rot180: [2, odd ? 1 : 0], mirror: [2, odd ? n : 0],
    flip: [2, odd ? n : 0], diagonal: [2, n], antidiagonal: [2, n] }[sym] || [1, 0];
  for (let j = 0; j <= alone && j <= k; j++) if ((k - j) % group === 0) return true;
  return false;
}

/** The generate form as request fields (a seed drawn when none is typed), or null after saying why. */
function genBody() {
  const body = shapeFields();
  const sym = $('gen-symmetry').value, diff = $('gen-difficulty').value;
  const clues = $('gen-clues').value.trim(), rating = $('gen-rating').value.trim(), seed = $('gen-seed').value.trim();
  if (sym) body.symmetry = sym;
  if (diff) body.difficulty = diff;
  if (clues) body.clues = clues;
  if (rating) body.rating = rating;
  if (seed && !/^\d+$/.test(seed)) { status('The seed is a whole number.', 'bad'); return null; }
  const range = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(clues);
  if (range) {
    const n = S.shape.n, lo = +range[1], hi = range[2] ? +range[2] : lo;
    let ok = false;
    for (let k = lo; k <= hi && !ok; k++) ok = symmetryAllows(n, sym, k);
    if (!ok) {
      // the nearest counts that work, below and above
      let below = lo - 1, above = hi + 1;
      while (below >= 1 && !symmetryAllows(n, sym, below)) below--;
      while (above <= n * n && !symmetryAllows(n, sym, above)) above++;
      const near = [below >= 1 ? below : 0, above <= n * n ? above : 0].filter((k) => k);
      status(`With ${sym} symmetry a ${n}×${n} puzzle cannot have ${clues} givens (the cells go in groups that are given together): try ${near.join(' or ')}, or another symmetry.`, 'bad');
      $('gen-clues').focus();
      return null;
    }
  }
  // a seed the person can type again to get the same puzzle
  body.seed = seed || String(crypto.getRandomValues(new Uint32Array(1))[0]);
  return body;
}

/* The generate fields of a constraint set (killer...): the shape's
 * variants with the set, the seed, a killer's cage sizes; null after
 * saying why. */
function setBody(set) {
  const body = shapeFields();
  body.variants = [body.variants, set].filter(Boolean).join(',');
  const seed = $('gen-seed').value.trim(), cages = $('gen-cages').value.trim();
  if (seed && !/^\d+$/.test(seed)) { status('The seed is a whole number.', 'bad'); return null; }
  body.seed = seed || String(crypto.getRandomValues(new Uint32Array(1))[0]);
  if (cages && set === 'killer') body.cage_size = cages;
  const diff = $('gen-difficulty').value;
  if (diff) body.difficulty = diff;
  return body;
}

function doGenerate(e) {
  e.preventDefault();
  const set = $('gen-set').value;
  const body = set ? setBody(set) : genBody();
  if (!body) return;
  // constraints drawn on the board: givens are chosen for them (a setter's puzzle)
  if (!set) Object.assign(body, consFields());
  const master = body.seed;
  const t0 = performance.now();
  const progress = (on) => {
    $('gen-progress').hidden = !on;
    $('gen-cancel').hidden = !on;
    $('generate').disabled = on;
    clearInterval(genTick);
    if (on) genTick = setInterval(() => { $('gen-elapsed').textContent = `working… ${((performance.now() - t0) / 1000).toFixed(0)} s`; }, 250);
    else $('gen-elapsed').textContent = 'working…';
  };
  status('Generating…');
  run('generate', body, (rec) => {
    if (rec.status === 'gave_up') {
      const secs = ((performance.now() - t0) / 1000).toFixed(0);
      const tried = rec.attempts ? ` (${rec.attempts} grids tried` + (rec.best_givens ? `; the fewest givens left with one solution: ${rec.best_givens})` : ')') : '';
      const ask = body.clues ? ` with ${body.clues} givens` : '';
      const tip = body.clues ? 'Ask for more givens, or leave Givens empty' : 'Loosen the difficulty or rating';
      status(`Nothing generated: no puzzle${ask} found in ${secs} s${tried}. ${tip}.`, 'bad');
      return;
    }
    const givens = fromLine(S.alphabet, S.shape.n, rec.puzzle) || fromLine('1-9A-Z', S.shape.n, rec.puzzle);
    if (!givens) { status('The generated puzzle did not fit the grid.', 'bad'); return; }
    S.board.load(givens, fromJson(rec.constraints, S.shape.n));
    resetOverlays();
    S.comment = ''; S.author = '';
    S.known = rec.solution ? (Array.isArray(rec.solution) ? rowsToValues(rec.solution)
      : fromLine(rec.set ? '1-9A-Z' : S.alphabet, S.shape.n, rec.solution)) : null;
    resetTimer();
    changed(false);
    const txt = rec.set
      ? `Generated: ${rec.set === 'killer' ? 'a killer' : `${rec.set} constraints`} (${rec.constraints.length} constraints, ${rec.givens} givens; the engine's proof took ${rec.guesses} guess${rec.guesses === 1 ? '' : 'es'})${rec.difficulty ? `, ${rec.difficulty} on doku's own scale` : ''}, seed ${master}.`
      : rec.constraints ? `Generated: ${rec.givens} givens for the ${rec.constraints.length} constraints on the board (one solution under them), symmetry ${rec.symmetry}${rec.scale === 'doku' ? `, ${rec.difficulty}${rec.rating != null ? ' (' + rec.rating + ')' : ''} on doku's own scale` : ''}, seed ${master}.`
        : `Generated: ${rec.givens} givens, symmetry ${rec.symmetry}${rec.difficulty ? ', ' + rec.difficulty : ''}, seed ${master}.`;
    result(el('p', txt));
    setMode('play');
    status(txt + ' Ready to play.', 'good');
  }, { progress });
}

/* A new grid of givens from the server's line (generate, reduce): on the
 * board in edit mode with constraints (a reduced variant puzzle keeps
 * its own), the solution known. @return false if it did not fit. */
function loadGivens(line, solution, constraints = []) {
  const givens = fromLine(S.alphabet, S.shape.n, line) || fromLine('1-9A-Z', S.shape.n, line);
  if (!givens) { status('The grid from the server did not fit the board.', 'bad'); return false; }
  S.board.load(givens, constraints);
  resetOverlays();
  S.comment = ''; S.author = '';
  S.known = solution;
  resetTimer();
  setMode('edit');
  changed(false);
  return true;
}

/* A random full grid (every cell a given), to remove givens from. */
function doFullGrid() {
  const body = { ...shapeFields(), full: true };
  const seed = $('gen-seed').value.trim();
  if (seed && !/^\d+$/.test(seed)) { status('The seed is a whole number.', 'bad'); return; }
  body.seed = seed || String(crypto.getRandomValues(new Uint32Array(1))[0]);
  run('generate', body, (rec) => {
    if (rec.status === 'gave_up') { status(`No full grid made: ${rec.error}.`, 'bad'); return; }
    if (!loadGivens(rec.puzzle, null)) return;
    S.known = S.board.values();
    const txt = `A full grid (seed ${body.seed}). "Remove givens" takes it down to the Givens count, keeping one solution.`;
    result(el('p', txt));
    status(txt, 'good');
  });
}

/* The board's grid with givens removed down to the Givens count, one
 * solution kept (/api/reduce): from the solution when one is shown, else
 * from the givens and entries. */
function doReduce() {
  const body = genBody();
  if (!body) return;
  delete body.rating;
  const from = S.solution && S.solution.every((v) => v) ? S.solution : S.board.values();
  if (!from.some((v) => v)) { status('The grid is empty: make a full grid (or enter or solve one) first.', 'bad'); return; }
  const before = from.filter((v) => v).length;
  const fields = puzzleBody(from, body);
  status('Removing givens…');
  run('reduce', fields, (rec) => {
    if (rec.status !== 'reduced') {
      const why = { not_unique: 'this grid has more than one solution (solve it first, or add givens)',
        unsolvable: 'this grid has no solution', invalid: 'the grid breaks the rules', too_hard: 'no way found to the difficulty asked' }[rec.status];
      status(`Nothing removed: ${why || rec.error || rec.status}${why && rec.error ? ' — ' + rec.error : ''}.`, 'bad');
      return;
    }
    const solution = S.solution && S.solution.every((v) => v) ? S.solution : null;
    // a variant puzzle's record carries its constraints: they stay on the board
    if (!loadGivens(rec.reduced, solution, fromJson(rec.constraints, S.shape.n))) return;
    let txt = `Removed ${before - rec.givens} givens: ${rec.givens} left, one solution, symmetry ${rec.symmetry}${rec.scale === 'doku' ? `, ${rec.difficulty}${rec.rating != null ? ' (' + rec.rating + ')' : ''} on doku's own scale` : ''}.`;
    const lo = body.clues ? parseInt(body.clues, 10) : 0;
    if (lo && rec.givens > (/-(\d+)/.test(body.clues) ? +/-(\d+)/.exec(body.clues)[1] : lo)) txt += ` No fewer keep one solution from this grid (${body.clues} asked).`;
    else if (rec.minimal) txt += ' None of them can go without a second solution.';
    result(el('p', txt));
    status(txt, 'good');
  });
}

/* ---- load, share ------------------------------------------------------- */

function doLoad() {
  const text = $('paste').value;
  if (!text.trim()) { status('Paste a puzzle into the box first.', 'bad'); return; }
  // the server's reader finds the puzzle(s), their size and any link's shape
  files.open(new Blob([text], { type: 'text/plain' }), 'pasted text');
}

/** Puts an opened puzzle (files.js readEntry) on the board. @return false if it cannot be shown. */
function loadEntry(e) {
  const { n } = e;
  if (!SIZES.includes(n)) { status(`A ${n}×${n} puzzle is beyond this page (4×4 to 25×25).`, 'bad'); return false; }
  const givens = fromLine(e.alphabet, n, e.line);
  if (!givens) { status('The puzzle did not fit the grid.', 'bad'); return false; }
  if (e.alphabet !== S.alphabet) { S.alphabet = e.alphabet; $('alphabet').value = e.alphabet; }
  const s = S.shape, cons = e.constraints || [], hyper = !!e.hyper;
  if (n === s.n && !s.regions && !e.regions && s.x === e.x && s.hyper === hyper) {
    S.board.load(givens, cons);   // the same shape: Undo brings the old puzzle back
    resetOverlays();
    rebuild();
  } else {
    setShape({ n, box: defaultBox(n), x: e.x, hyper, regions: e.regions, keepBoxes: !!(e.regions && e.keepBoxes) }, givens, cons);
  }
  resetTimer();
  S.pending = null;
  // a variant text's published solution: Check entries knows it at once
  S.known = e.solution && e.solution.every((v) => v) ? e.solution : null;
  S.comment = e.comment;
  S.author = e.author || '';
  // a workbook's digits styled apart from the givens come back as entries
  const entries = e.entries ? fromLine(e.alphabet, n, e.entries) : null;
  if (entries && entries.some((v, i) => v && !givens[i])) {
    entries.forEach((v, i) => { if (!givens[i]) S.board.entries[i] = v; });
    setMode('play');
  }
  if (e.marks && e.marks.some((m, i) => m && !givens[i])) {
    e.marks.forEach((m, i) => { if (!givens[i]) S.board.marks[i] = m; });
    S.showCands = false;
    $('auto-cands').checked = false;
    setMode('play');
  }
  changed(false);
  offerSaved();
  return true;
}

/** Runs fn (an async request) with the page busy; its error goes to the status line. @return its result or null. */
async function busy(fn) {
  if (S.busy) S.busy.abort();
  S.busy = null;
  document.body.setAttribute('aria-busy', 'true');
  try {
    return await fn();
  } catch (e) {
    status(e.name === 'AbortError' ? 'Cancelled.' : e.message, 'bad');
    return null;
  } finally {
    document.body.removeAttribute('aria-busy');
  }
}

async function copyText(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    status(`Copied the ${what}.`, 'good');
  } catch {
    $('paste').value = text;
    $('share-box').open = true;
    $('paste').select();
    status(`The browser refused the clipboard: the ${what} is in the text box, selected.`);
  }
}

function download() {
  const text = S.board.constraints.length ? toVariantText(S.shape, S.board.givens, S.board.constraints, S.comment, S.author)
    : toLine(S.alphabet, S.board.givens) + '\n\n' + toGrid(S.alphabet, S.shape, S.board.givens);
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  a.download = `doku-${S.shape.n}x${S.shape.n}.txt`;
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

/* ---- jigsaw dialog ------------------------------------------------------ */

function openJigsaw() {
  const s = S.shape;
  $('regions').value = s.regions ? Array.from({ length: s.n }, (_, r) => s.regions.slice(r * s.n, r * s.n + s.n).map((id) => ALPHABETS['1-9A-Z'][id]).join('')).join('\n') : '';
  $('keep-boxes').checked = !!s.keepBoxes;
  $('jigsaw-error').textContent = '';
  $('jigsaw').showModal();
}

function applyJigsaw(e) {
  if (e.submitter && e.submitter.value === 'cancel') return;
  e.preventDefault();
  const toks = [...$('regions').value.replace(/[\s,|;]+/g, '')];
  let n = Math.round(Math.sqrt(toks.length));
  if (!toks.length) { $('jigsaw').close(); setShape(shapeSpec({ regions: null, keepBoxes: false })); return; }
  if (n * n !== toks.length || n < 4 || n > 25) { $('jigsaw-error').textContent = `The map holds ${toks.length} symbols: it needs n×n (81 for 9×9).`; return; }
  const ids = new Map(), regions = toks.map((t) => { if (!ids.has(t)) ids.set(t, ids.size); return ids.get(t); });
  const sizes = new Array(ids.size).fill(0);
  regions.forEach((id) => sizes[id]++);
  if (ids.size !== n || sizes.some((k) => k !== n)) { $('jigsaw-error').textContent = `The map needs ${n} regions of ${n} cells each; it has ${ids.size} regions of sizes ${sizes.join(', ')}.`; return; }
  $('jigsaw').close();
  const keep = $('keep-boxes').checked;
  setShape({ n, box: keep ? defaultBox(n) : null, x: S.shape.x, hyper: false, regions, keepBoxes: keep }, n === S.shape.n ? S.board.givens : null);
  status('Jigsaw regions set.');
}

/* ---- wiring ------------------------------------------------------------ */

function wire() {
  $('grid').addEventListener('pointerdown', onPointer);
  $('grid').addEventListener('pointermove', onDrag);
  window.addEventListener('pointerup', () => { if (S.drawing) endPath(); });
  window.addEventListener('pointercancel', () => { if (S.drawing) { S.drawing = false; S.pending = null; render(); } });
  $('draw-kind').addEventListener('change', (e) => setPen(e.target.value));
  $('draw-sum').addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && S.pending) { e.preventDefault(); addPath(S.pending.kind, S.pending.cells); cells[S.cursor].focus(); }
    else if (e.key === 'Escape' && S.pending) { S.pending = null; status('Drawing cancelled.'); render(); }
  });
  $('draw-add').addEventListener('click', addFromSelection);
  $('draw-remove').addEventListener('click', removeAtCursor);
  $('global-rules').addEventListener('change', (e) => { if (e.target.dataset.rule) setRule(e.target.dataset.rule, e.target.checked); });
  new ResizeObserver(() => drawOverlay()).observe($('grid'));
  $('grid').addEventListener('focusin', (e) => {
    const c = e.target.closest('.cell');
    if (c && +c.dataset.i !== S.cursor) { S.cursor = +c.dataset.i; S.selected = new Set([S.cursor]); render(); }
  });
  document.addEventListener('keydown', onKey);
  $('pad').addEventListener('click', (e) => {
    const b = e.target.closest('button');
    if (!b) return;
    if (S.paint) { S.paint.region = +b.dataset.d - 1; drawPainting(); return; }
    setValue(+b.dataset.d);
  });
  $('jigsaw-paint').addEventListener('click', startPainting);
  $('paint-done').addEventListener('click', () => endPainting(true));
  $('paint-cancel').addEventListener('click', () => endPainting(false));
  $('erase').addEventListener('click', () => setValue(0));
  $('pencil').addEventListener('click', () => setTool('corner'));
  $('centre-tool').addEventListener('click', () => setTool('centre'));
  $('colour-tool').addEventListener('click', () => setTool('colour'));
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('clear').addEventListener('click', () => {
    S.board.load(new Uint8Array(S.shape.n ** 2));
    resetOverlays(); resetTimer(); S.known = null; S.comment = ''; S.author = '';
    if (S.mode === 'play') setMode('edit');
    changed(false);
    status('Cleared (Undo brings it back).');
  });
  $('mode-edit').addEventListener('click', () => setMode('edit'));
  $('mode-play').addEventListener('click', () => setMode('play'));
  $('auto-cands').addEventListener('change', (e) => { S.showCands = e.target.checked; render(); });
  $('check-entries').addEventListener('click', checkEntries);
  $('pause').addEventListener('click', () => setPaused(!S.timer.paused));
  $('solve').addEventListener('click', doSolve);
  $('count').addEventListener('click', doCount);
  $('check').addEventListener('click', doCheck);
  $('hint').addEventListener('click', doHint);
  $('play-hint').addEventListener('click', doHint);
  $('play-solve').addEventListener('click', doSolve);
  $('apply-hint').addEventListener('click', applyHint);
  $('clear-marks').addEventListener('click', () => { resetOverlays(); S.conflicts = conflictCells(S.shape, S.board.values()); render(); status(''); });
  $('explain').addEventListener('click', doExplain);
  $('grade').addEventListener('click', doGrade);
  $('step-first').addEventListener('click', () => showStep(0));
  $('step-prev').addEventListener('click', () => stepBy(-1));
  $('step-next').addEventListener('click', () => stepBy(1));
  $('step-last').addEventListener('click', () => S.explain && showStep(S.explain.steps.length));
  $('gen-form').addEventListener('submit', doGenerate);
  // a constraint set is made from the seed, a difficulty and a killer's cage sizes
  $('gen-set').addEventListener('change', (e) => {
    const set = e.target.value;
    // a set takes a difficulty (doku's own scale), not the classic fields
    for (const id of ['gen-symmetry', 'gen-clues', 'gen-rating']) $(id).disabled = !!set;
    $('gen-cages-label').hidden = set !== 'killer';
  });
  $('gen-full').addEventListener('click', doFullGrid);
  $('reduce').addEventListener('click', doReduce);
  $('gen-cancel').addEventListener('click', () => S.busy && S.busy.abort());
  $('load').addEventListener('click', doLoad);
  $('copy-link').addEventListener('click', () => {
    const withGame = $('share-progress').checked && hasProgress();
    const url = location.href.split('#')[0] + (withGame ? progressHash(S.alphabet, S.shape, S.board.givens, S.board.entries, S.board.marks, S.board.centre, S.board.colours, S.board.constraints, linkWords()) : location.hash);
    copyText(url, withGame ? 'link with your progress' : 'link');
  });
  $('resume-continue').addEventListener('click', resumeGame);
  $('resume-new').addEventListener('click', newGame);
  window.addEventListener('pagehide', keepGame);
  // a variant puzzle's line or grid would lose its constraints: doku's variant text instead
  const variantText = () => (S.board.constraints.length ? toVariantText(S.shape, S.board.givens, S.board.constraints, S.comment, S.author) : null);
  $('copy-line').addEventListener('click', () => { const v = variantText(); copyText(v || toLine(S.alphabet, S.board.givens) + '\n', v ? 'puzzle in doku\'s variant text format' : 'line'); });
  $('copy-grid').addEventListener('click', () => { const v = variantText(); copyText(v || toGrid(S.alphabet, S.shape, S.board.givens), v ? 'puzzle in doku\'s variant text format' : 'grid'); });
  $('download').addEventListener('click', download);
  $('alphabet').addEventListener('change', (e) => { S.alphabet = e.target.value; rebuild(); changed(false); });
  $('size').addEventListener('change', (e) => { const n = +e.target.value; chooseShape({ n, box: defaultBox(n) }); });
  $('box').addEventListener('change', (e) => {
    const m = /^(\d+)x(\d+)$/.exec(e.target.value);
    if (!m) return;
    const box = [+m[1], +m[2]];
    chooseShape(shapeSpec({ box, hyper: S.shape.hyper && hyperFits(S.shape.n, box[0], box[1]) }));
  });
  $('variant').addEventListener('change', (e) => { const v = e.target.value; chooseShape(shapeSpec({ x: v.includes('x'), hyper: v.includes('hyper') })); });
  $('jigsaw-open').addEventListener('click', openJigsaw);
  $('jigsaw-form').addEventListener('submit', applyJigsaw);
  $('jigsaw-example').addEventListener('click', () => { $('regions').value = JIGSAW_EXAMPLE; });
  $('jigsaw-none').addEventListener('click', () => { $('regions').value = ''; });
  window.addEventListener('hashchange', fromHash);
}

function fromHash() {
  const h = readHash(location.hash);
  if (!h) return false;
  if (h.alphabet !== S.alphabet) { S.alphabet = h.alphabet; $('alphabet').value = h.alphabet; }
  const same = h.n === S.shape.n && h.givens.every((v, i) => v === S.board.givens[i]) &&
    toLink(h.constraints, h.n) === toLink(S.board.constraints, S.shape.n);
  if (same && !h.entries && !h.marks) return true;
  if (!same) {
    setShape({ n: h.n, box: h.box, x: h.x, hyper: h.hyper, regions: h.regions, keepBoxes: h.keepBoxes }, h.givens, h.constraints);
    S.comment = h.title;
    S.author = h.author;
  }
  if ((h.entries && h.entries.some((v, i) => v && !h.givens[i])) || [h.marks, h.centre, h.colours].some((l) => l && l.some((m) => m))) {
    // a link with the sender's progress: their game, to play on
    closeOffer();
    const b = S.board;
    b.apply([...Array(h.n * h.n).keys()].filter((i) => !b.givens[i]), (i) => {
      b.entries[i] = h.entries ? h.entries[i] : 0;
      b.marks[i] = h.entries && h.entries[i] ? 0 : (h.marks ? h.marks[i] : 0);
      b.centre[i] = h.entries && h.entries[i] ? 0 : (h.centre ? h.centre[i] : 0);
    });
    if (h.colours) b.apply([...Array(h.n * h.n).keys()], (i) => { b.colours[i] = h.colours[i] <= COLOURS ? h.colours[i] : 0; });
    resetTimer();
    setMode('play');
    changed(false);
    status('The link\'s game, with its entries and pencil marks: play on.');
  } else offerSaved();
  return true;
}

wire();
const files = wireFiles({
  status,
  busy,
  load: loadEntry,
  // a booklet of a constraint set, or of the constraints drawn on the board (givens chosen for them)
  genBody: () => {
    if ($('gen-set').value) return setBody($('gen-set').value);
    const body = genBody();
    return body && Object.assign(body, consFields());
  },
  puzzleBody: () => puzzleBody(S.board.givens, { ...(S.comment ? { comment: S.comment } : {}), ...(S.author ? { author: S.author } : {}) }),
  entries: () => (S.board.entries.some((v, i) => v && !S.board.givens[i]) ? toLine(S.alphabet, S.board.entries.map((v, i) => (S.board.givens[i] ? 0 : v))) : null),
});
status('Edit: type the givens, or open Generate.');
if (!fromHash()) {
  // no puzzle in the link: the last game played, if one is kept
  const last = lastKey();
  if (!(last && loadGame(last) && (history.replaceState(null, '', last), fromHash()))) { fillShapeMenus(); rebuild(); changed(false); }
}
