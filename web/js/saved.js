// saved.js — the game kept in the browser (localStorage), one record per
// puzzle: the player's entries, pencil marks, colours, time, mode and
// undo history, so a reload (or a visit days later) can continue it. The
// key is the puzzle's share link (shape and givens), so the same puzzle
// opened from a file or a link finds its game too. Storage that is full
// or forbidden (private windows) only means nothing is kept.

const PREFIX = 'doku:game:';
const LAST = 'doku:last';
const KEEP = 40;          // games kept; the oldest go first
const HISTORY = 400;      // undo steps kept per game

function store() {
  try { return window.localStorage; } catch { return null; }
}

/** The saved game of the puzzle with share key, or null. */
export function loadGame(key) {
  const s = store();
  if (!s) return null;
  try {
    const g = JSON.parse(s.getItem(PREFIX + key) || 'null');
    return g && typeof g === 'object' && typeof g.entries === 'string' ? g : null;
  } catch {
    return null;
  }
}

/** Keeps game (a plain object; undo/redo cut to their last steps) under key, and key as the last puzzle played. */
export function saveGame(key, game) {
  const s = store();
  if (!s) return;
  const g = { ...game, undo: (game.undo || []).slice(-HISTORY), redo: (game.redo || []).slice(-HISTORY), saved: Date.now() };
  try {
    s.setItem(PREFIX + key, JSON.stringify(g));
    s.setItem(LAST, key);
  } catch {
    prune(s, KEEP / 2);   // full: make room once, then give up quietly
    try { s.setItem(PREFIX + key, JSON.stringify({ ...g, undo: [], redo: [] })); } catch { /* nothing kept */ }
  }
  prune(s, KEEP);
}

/** Forgets the game of key ("new game"). */
export function dropGame(key) {
  const s = store();
  if (!s) return;
  try {
    s.removeItem(PREFIX + key);
    if (s.getItem(LAST) === key) s.removeItem(LAST);
  } catch { /* nothing to forget */ }
}

/** The share key of the last game saved, or null. */
export function lastKey() {
  const s = store();
  try { return s ? s.getItem(LAST) : null; } catch { return null; }
}

function prune(s, keep) {
  const games = [];
  for (let k = 0; k < s.length; k++) {
    const name = s.key(k);
    if (!name || !name.startsWith(PREFIX)) continue;
    let when = 0;
    try { when = JSON.parse(s.getItem(name)).saved || 0; } catch { /* broken: first to go */ }
    games.push([when, name]);
  }
  games.sort((a, b) => b[0] - a[0]);
  for (const [, name] of games.slice(keep)) s.removeItem(name);
}
