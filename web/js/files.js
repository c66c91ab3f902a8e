// files.js — files in and out: open a file (picker, drop onto the grid, Ctrl+V,
// or pasted text) through /api/open and choose among its puzzles; save
// the puzzle in any format doku writes through /api/export; print a
// booklet through /api/print. The server reads and writes every format
// with the CLI's own code; this module only moves bytes and choices.
// main.js hands in what it owns (the board, the status line) as ctx, so
// the two modules never call each other back and forth.

import { fetchFile } from './api.js';
import { ALPHABETS, fromLine } from './text.js';
import { fromJson, toVariantText } from './constraints.js';

const $ = (id) => document.getElementById(id);
const LINKS = new Set(['sudokuwiki', 'fpuzzles', 'sudokupad']);
const TEXT = new Set(['line', 'grid', 'csv', 'sdk', 'opensudoku', 'text']);

/** Hands blob to the browser as a download named filename. */
export function saveBlob(blob, filename) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

/** The pencil marks of a candidate line (n*n*n characters, '.' = not a
 * candidate): one mask per cell (bit d-1 = digit d). */
export function candidateMasks(line, n) {
  if (!line || line.length !== n * n * n) return null;
  const masks = new Array(n * n).fill(0);
  for (let i = 0; i < n * n; i++)
    for (let d = 0; d < n; d++) if (line[i * n + d] !== '.') masks[i] |= 1 << d;
  return masks;
}

/**
 * What the page needs of one /api/open entry: { n, alphabet, line (the
 * puzzle in alphabet), entries (a line of the digits a workbook styles
 * apart from the givens, a solution or a player's entries, or null), x,
 * hyper, regions (ids per cell or null), keepBoxes, marks (masks or
 * null), constraints (a variant puzzle's, constraints.js), solution (the
 * values a variant text carried, or null), label }.
 */
export function readEntry(e) {
  const meta = e.meta || {};
  let regions = null;
  if (meta.regions && meta.regions.length === e.n * e.n) {
    const ids = new Map();
    regions = [...meta.regions].map((ch) => { if (!ids.has(ch)) ids.set(ch, ids.size); return ids.get(ch); });
  }
  const constraints = fromJson(e.constraints, e.n);
  const kinds = [...new Set(constraints.map((c) => c.kind))];
  const label = [e.where, `${e.n}×${e.n}`, kinds.length ? kinds.slice(0, 3).join(', ') + (kinds.length > 3 ? '…' : '') : '',
    meta.name || e.comment || ''].filter(Boolean).join(' · ');
  const variant = (meta.variant || '').split(',');
  return {
    n: e.n,
    alphabet: ALPHABETS[e.symbols] ? e.symbols : '1-9A-Z',
    line: e.puzzle,
    entries: e.entries || null,
    x: variant.includes('x'),
    hyper: variant.includes('hyper'),
    regions,
    keepBoxes: meta.keep_boxes === '1',
    constraints,
    solution: e.solution ? fromLine('1-9A-Z', e.n, e.solution) : null,
    marks: candidateMasks(e.candidates, e.n),
    comment: e.comment || meta.name || '',
    author: e.author || '',
    label,
  };
}

/* The message of a failed open with its place: "book.xlsx:Sheet1!E7: ...",
 * and a text place "NAME:LINE:COLUMN" in words ("club.txt, line 2,
 * column 5"); text the reader found no puzzle in is said to be none
 * first ("The pasted text is not a puzzle: at line 1, column 1, ..."). */
function placed(err) {
  if (!err.bare) return err.message;
  if (!err.where || err.where === 'body' || err.bare.startsWith(err.where)) return err.bare;
  const m = /^(.+?):(\d+)(?::(\d+))?$/.exec(err.where);
  if (!m) return `${err.where}: ${err.bare}`;
  const name = m[1].endsWith(' text') ? `The ${m[1]}` : m[1];
  const at = `line ${m[2]}` + (m[3] ? `, column ${m[3]}` : '');
  const junk = /^not a puzzle: (.*)$/.exec(err.bare);
  if (junk) return `${name} is not a puzzle: at ${at}, ${junk[1]}`;
  return `${name}, ${at}: ${err.bare}`;
}

/**
 * Wires the file controls. ctx: status(text, kind), busy(fn) (runs an
 * async fn with the page marked busy; resolves to its result or null
 * after reporting its error), puzzleBody() (the request fields of the
 * givens and shape), genBody() (the generate fields) or null after
 * reporting why, load(entry) (puts a readEntry on the board), solved()
 * (true when a solution is on the board), entries() (the player's
 * entries as a line, or null when there are none).
 */
export function wireFiles(ctx) {
  let opened = null;   // the last file's entries
  let book = null;     // the last workbook opened: { blob, name }, for a range

  const WORKBOOK = /\.(xlsx|xlsm|ods|xls)$/i;

  /* The range chooser: shown once a workbook was opened, found or not,
   * so its cells can be named when finding fails or finds the wrong
   * block (a grid touched by notes, labels doku does not know). */
  function showRange(failed) {
    $('range-box').hidden = !book;
    if (book && failed) $('open-range').focus();
  }

  /* Text with no digit and no '.' at all ("hello world") holds no puzzle
   * in any size: say so in words, not as a cell of a grid the reader
   * guessed from its length. @return the sentence, or null. */
  function words(err, text, name) {
    if (err.code !== 'no_puzzle' || text === null || /[0-9.]/.test(text)) return null;
    const t = text.trim(), shown = t.length > 40 ? t.slice(0, 40) + '…' : t;
    return `The ${name} is not a puzzle: "${shown}" holds no digits or dots. A puzzle is a line of digits with '.' or '0' for the empty cells (81 for 9×9), a grid of rows, a link, or a file doku reads.`;
  }

  function showList(list) {
    opened = list;
    const ol = $('open-list');
    ol.replaceChildren();
    list.puzzles.forEach((e, k) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'open-item';
      b.textContent = readEntry(e).label;
      b.addEventListener('click', () => choose(k));
      li.appendChild(b);
      ol.appendChild(li);
    });
    const ul = $('open-problems');
    ul.replaceChildren();
    for (const p of list.problems || []) {
      const li = document.createElement('li');
      li.textContent = `${p.where}: ${p.message}`;
      ul.appendChild(li);
    }
    if (list.problem_total > (list.problems || []).length) {
      const li = document.createElement('li');
      li.textContent = `… ${list.problem_total - list.problems.length} more problems`;
      ul.appendChild(li);
    }
    const more = list.truncated ? ` (the first ${list.puzzles.length} of ${list.total} listed)` : '';
    $('open-title').textContent = `${list.name}: ${list.total} puzzle${list.total === 1 ? '' : 's'}${more}. Choose one:`;
    $('open-box').hidden = false;
    $('open-print').hidden = list.puzzles.length < 2;
    $('file-box').open = true;
  }

  function choose(k) {
    const e = opened.puzzles[k];
    [...$('open-list').querySelectorAll('button')].forEach((b, i) => b.setAttribute('aria-current', String(i === k)));
    // a variant puzzle's title and author (f-puzzles, SudokuPad) said with it
    const named = e.comment && e.constraints ? `: "${e.comment}"${e.author ? ` by ${e.author}` : ''}` : '';
    if (ctx.load(readEntry(e)))
      ctx.status(`Opened ${opened.name} (${e.where}): a ${e.n}×${e.n} puzzle${named}.`, 'good');
  }

  /** Opens a file or text: one puzzle goes on the board, several are
   * listed. range: the cells to read ("Sheet1!B2:J10"), workbooks only. */
  async function open(blob, name, range) {
    const text = blob instanceof File ? null : await blob.text();
    if (!range) book = WORKBOOK.test(name) ? { blob, name } : null;
    const query = range ? { name, range } : { name };
    const list = await ctx.busy(async () => {
      try {
        const { blob: reply } = await fetchFile('open', blob, { query });
        return JSON.parse(await reply.text());
      } catch (err) {
        let msg = words(err, text, name) || placed(err);
        if (book && !range && err.code === 'no_puzzle')
          msg += '. Name the cells of the grid below ("Cells of the grid") to read them.';
        throw Object.assign(new Error(msg), { name: err.name });
      }
    });
    showRange(!list);
    if (!list) return;
    if (list.puzzles.length === 1 && !(list.problems || []).length) {
      opened = list;
      $('open-box').hidden = true;
      choose(0);
      return;
    }
    showList(list);
    if (list.puzzles.length === 1) choose(0);
    else ctx.status(`${list.name}: ${list.total} puzzles. Choose one from the list.`, '');
    const first = $('open-list').querySelector('button');
    if (first) first.focus();
  }

  async function doExport() {
    const format = $('export-format').value;
    const body = { ...ctx.puzzleBody(), format, solution: $('export-solution').checked };
    // a workbook or picture carries the player's entries too, drawn apart
    // from the givens (a workbook reopened gives them back as entries)
    const entries = ctx.entries();
    if (entries && !LINKS.has(format) && !TEXT.has(format)) body.entries = entries;
    const got = await ctx.busy(() => fetchFile('export', body));
    if (!got) return;
    if (LINKS.has(format)) {
      const url = (await got.blob.text()).trim();
      const a = $('export-link');
      // a killer's SudokuWiki form is a string ("3x3:d:k:..."), not a link
      if (/^https?:/.test(url)) a.href = url; else a.removeAttribute('href');
      a.textContent = url;
      $('export-link-box').hidden = false;
      try {
        await navigator.clipboard.writeText(url);
        ctx.status(`Copied the ${a.href ? 'link' : 'killer string'} (also shown below the Save button).`, 'good');
      } catch {
        ctx.status(`The ${a.href ? 'link' : 'killer string'} is shown below the Save button.`, 'good');
      }
      return;
    }
    $('export-link-box').hidden = true;
    saveBlob(got.blob, got.filename);
    ctx.status(`Saved ${got.filename}.`, 'good');
  }

  async function printBooklet(body) {
    const got = await ctx.busy(() => fetchFile('print', body));
    if (!got) return;
    saveBlob(got.blob, got.filename);
    const made = +got.headers.get('X-Doku-Puzzles'), asked = +got.headers.get('X-Doku-Requested');
    if (made < asked) ctx.status(`Only ${made} of ${asked} puzzles could be made within the time limit: ${got.filename} holds those.`, 'bad');
    else ctx.status(`Saved ${got.filename}: ${made} puzzle${made === 1 ? '' : 's'}.`, 'good');
  }

  function readRange() {
    const range = $('open-range').value.trim().replace(/^=/, '');
    if (!book) return;
    if (!/^(('[^']+'|[^!]+)!)?\$?[A-Za-z]{1,3}\$?\d+:\$?[A-Za-z]{1,3}\$?\d+$/.test(range)) {
      ctx.status(`"${range}" is not a range of cells: write it as B2:J10, or Sheet1!B2:J10 for a sheet other than the first.`, 'bad');
      $('open-range').focus();
      return;
    }
    open(book.blob, book.name, range);
  }
  $('open-range-go').addEventListener('click', readRange);
  $('open-range').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      readRange();
    }
  });
  $('open-file').addEventListener('click', () => $('file-input').click());
  $('file-input').addEventListener('change', (e) => {
    const f = e.target.files[0];
    if (f) open(f, f.name);
    e.target.value = '';
  });
  // a file (or text) dropped onto the board
  const zone = document.querySelector('.board');
  const over = (e) => {
    if (![...e.dataTransfer.types].some((t) => t === 'Files' || t === 'text/plain')) return;
    e.preventDefault();
    zone.classList.add('drop');
  };
  zone.addEventListener('dragenter', over);
  zone.addEventListener('dragover', over);
  zone.addEventListener('dragleave', (e) => { if (!zone.contains(e.relatedTarget)) zone.classList.remove('drop'); });
  zone.addEventListener('drop', (e) => {
    zone.classList.remove('drop');
    const f = e.dataTransfer.files[0];
    const text = f ? null : e.dataTransfer.getData('text/plain');
    if (!f && !text) return;
    e.preventDefault();
    if (f) open(f, f.name);
    else open(new Blob([text], { type: 'text/plain' }), 'dropped text');
  });
  // Ctrl+V anywhere on the page but in a text field: a file (from a file
  // manager) or text (a puzzle line, a grid, a link, any format doku reads)
  document.addEventListener('paste', (e) => {
    const t = e.target;
    if (t && t.closest && t.closest('input, textarea, select, [contenteditable], dialog')) return;
    const dt = e.clipboardData;
    if (!dt) return;
    const f = dt.files && dt.files[0];
    const text = f ? null : dt.getData('text/plain');
    if (!f && !(text && text.trim())) return;
    e.preventDefault();
    if (f) open(f, f.name || 'pasted file');
    else open(new Blob([text], { type: 'text/plain' }), 'pasted text');
  });
  $('export').addEventListener('click', doExport);
  $('export-format').addEventListener('change', () => {
    const f = $('export-format').value;
    $('export').textContent = LINKS.has(f) ? 'Make link' : 'Download';
    // the exchange formats hold one puzzle, never its solution
    $('export-solution').disabled = LINKS.has(f) || f === 'sdk' || f === 'opensudoku';
  });
  $('book-print').addEventListener('click', () => {
    // the generate form's fields: a constraint set's (killer...) or the classic ones
    const body = ctx.genBody();
    if (!body) return;
    const count = Math.max(1, Math.min(100, parseInt($('book-count').value, 10) || 12));
    body.count = count;
    body.per_page = +$('book-per-page').value;
    body.paper = $('book-paper').value;
    body.solutions = $('book-solutions').value;
    const title = $('book-title').value.trim();
    if (title) body.title = title;
    ctx.status(`Making a booklet of ${count} puzzles…`);
    printBooklet(body);
  });
  $('open-print').addEventListener('click', () => {
    if (!opened) return;
    const alphabet = readEntry(opened.puzzles[0]).alphabet;
    // a variant puzzle goes as doku's variant text: its constraints and shape with it
    const puzzles = opened.puzzles.slice(0, 100).map((e) => {
      const r = readEntry(e);
      if (!r.constraints.length) return e.puzzle;
      return toVariantText({ n: r.n, x: r.x, hyper: r.hyper, regions: r.regions, keepBoxes: r.keepBoxes },
        fromLine(r.alphabet, r.n, r.line), r.constraints);
    });
    printBooklet({ puzzles, symbols: alphabet, name: opened.name.replace(/\.[^.]*$/, '') || 'doku-booklet' });
  });

  return { open };
}
