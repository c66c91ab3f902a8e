// board.js — what the person has on the grid: givens, their own entries,
// pencil marks, and the undo/redo history. Every change goes through
// apply(), which records it, so undo covers givens, entries and marks
// alike.

export class Board {
  constructor(n) {
    this.n = n;
    this.givens = new Uint8Array(n * n);
    this.entries = new Uint8Array(n * n);   // play mode values
    this.marks = new Array(n * n).fill(0);  // pencil marks, bit d-1
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
    return { g: this.givens[i], e: this.entries[i], m: this.marks[i] };
  }

  restore(i, s) {
    this.givens[i] = s.g;
    this.entries[i] = s.e;
    this.marks[i] = s.m;
  }

  /** Applies change(i) to each cell of cells as one undoable step. @return true if anything changed. */
  apply(cells, change) {
    const step = [];
    for (const i of cells) {
      const before = this.snapshot(i);
      change(i);
      const after = this.snapshot(i);
      if (before.g !== after.g || before.e !== after.e || before.m !== after.m) step.push({ i, before, after });
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
