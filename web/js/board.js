// board.js — what the person has on the grid: givens, their own entries,
// pencil marks of two kinds (corner marks, laid out by digit, and centre
// marks, SudokuPad's two), cell colours, and the undo/redo history. Every
// change goes through apply(), which records it, so undo covers them all
// alike.

export class Board {
  constructor(n) {
    this.n = n;
    this.givens = new Uint8Array(n * n);
    this.entries = new Uint8Array(n * n);   // play mode values
    this.marks = new Array(n * n).fill(0);  // corner pencil marks, bit d-1
    this.centre = new Array(n * n).fill(0); // centre pencil marks, bit d-1
    this.colours = new Uint8Array(n * n);   // 0 none, else a colour of the palette (1..9)
    this.undoStack = [];
    this.redoStack = [];
  }

  /** The value shown in cell i: a given or an entry. */
  value(i) {
    return this.givens[i] || this.entries[i];
  }

  /** givens and entries merged. */
  values() {
    return this.givens.map((g, i) => g || this.entries[i]);
  }

  snapshot(i) {
    return { g: this.givens[i], e: this.entries[i], m: this.marks[i], c: this.centre[i], k: this.colours[i] };
  }

  /* s.c and s.k may be missing (a history saved before they existed): none. */
  restore(i, s) {
    this.givens[i] = s.g;
    this.entries[i] = s.e;
    this.marks[i] = s.m;
    this.centre[i] = s.c || 0;
    this.colours[i] = s.k || 0;
  }

  /** Applies change(i) to each cell of cells as one undoable step. @return true if anything changed. */
  apply(cells, change) {
    const step = [];
    for (const i of cells) {
      const before = this.snapshot(i);
      change(i);
      const after = this.snapshot(i);
      if (before.g !== after.g || before.e !== after.e || before.m !== after.m || before.c !== after.c || before.k !== after.k) step.push({ i, before, after });
    }
    if (!step.length) return false;
    this.undoStack.push(step);
    if (this.undoStack.length > 2000) this.undoStack.shift();
    this.redoStack.length = 0;
    return true;
  }

  /** Replaces every given (a new puzzle): entries and marks go, history stays undoable. */
  load(givens) {
    const all = [...Array(this.n * this.n).keys()];
    return this.apply(all, (i) => {
      this.givens[i] = givens[i];
      this.entries[i] = 0;
      this.marks[i] = 0;
      this.centre[i] = 0;
      this.colours[i] = 0;
    });
  }

  undo() {
    const step = this.undoStack.pop();
    if (!step) return false;
    for (const { i, before } of step) this.restore(i, before);
    this.redoStack.push(step);
    return true;
  }

  redo() {
    const step = this.redoStack.pop();
    if (!step) return false;
    for (const { i, after } of step) this.restore(i, after);
    this.undoStack.push(step);
    return true;
  }
}
