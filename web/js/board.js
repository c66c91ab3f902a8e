// board.js — what the person has on the grid: givens, the variant
// constraints (constraints.js), their own entries, pencil marks of two
// kinds (corner marks, laid out by digit, and centre marks, SudokuPad's
// two), cell colours, and the undo/redo history. Every change goes
// through apply() or setConstraints(), which record it, so undo covers
// them all alike (a constraints change is a step entry with i = -1).

export class Board {
  constructor(n) {
    this.n = n;
    this.givens = new Uint8Array(n * n);
    this.entries = new Uint8Array(n * n);   // play mode values
    this.marks = new Array(n * n).fill(0);  // corner pencil marks, bit d-1
    this.centre = new Array(n * n).fill(0); // centre pencil marks, bit d-1
    this.colours = new Uint8Array(n * n);   // 0 none, else a colour of the palette (1..9)
    this.constraints = [];                  // the puzzle's constraints, replaced whole (never changed in place)
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
    this.push(step);
    return true;
  }

  /** Replaces the constraints (a new list) as one undoable step. @return true if they changed. */
  setConstraints(list) {
    if (list === this.constraints) return false;
    this.push([{ i: -1, before: this.constraints, after: list }]);
    this.constraints = list;
    return true;
  }

  push(step) {
    this.undoStack.push(step);
    if (this.undoStack.length > 2000) this.undoStack.shift();
    this.redoStack.length = 0;
  }

  /** Replaces every given and the constraints (a new puzzle; none: no constraints): entries and marks go, history stays undoable. */
  load(givens, constraints = []) {
    const all = [...Array(this.n * this.n).keys()];
    const changed = this.apply(all, (i) => {
      this.givens[i] = givens[i];
      this.entries[i] = 0;
      this.marks[i] = 0;
      this.centre[i] = 0;
      this.colours[i] = 0;
    });
    if (constraints === this.constraints || (!constraints.length && !this.constraints.length)) return changed;
    const entry = { i: -1, before: this.constraints, after: constraints };
    if (changed) this.undoStack[this.undoStack.length - 1].push(entry);   // one step: the puzzle
    else this.push([entry]);
    this.constraints = constraints;
    return true;
  }

  undo() {
    const step = this.undoStack.pop();
    if (!step) return false;
    for (const { i, before } of step) if (i < 0) this.constraints = before; else this.restore(i, before);
    this.redoStack.push(step);
    return true;
  }

  redo() {
    const step = this.redoStack.pop();
    if (!step) return false;
    for (const { i, after } of step) if (i < 0) this.constraints = after; else this.restore(i, after);
    this.undoStack.push(step);
    return true;
  }
}
