#!/usr/bin/env python3
"""Writes the workbook fixtures with openpyxl (a program other than doku).

    make_fixtures.py OUTDIR PUZZLES16

PUZZLES16 is tests/fixtures/puzzles/16x16.txt: its first puzzle is used.

OUTDIR/book.xlsx has three sheets:
  Notes    a title, a merged heading and a small table (no puzzle)
  Puzzles  a 9x9 puzzle at C3:K11 (second sheet): givens as numbers, some
           as text, one as a formula (=2+3, cached value 5 once LibreOffice
           has saved it), bold givens on a fill, a merged title above it
  Big      a 16x16 puzzle at B2:Q17, numbers as numbers
  Pair     two 4x4 puzzles side by side (B2:E5, G2:J5, one empty column
           between them), each with empty rows inside it, and the 9x9
           again at B8:J16, digits as text
OUTDIR/bad.xlsx holds a 9x9 block at B2:J10 with 'x' in E7.
"""
import os
import sys

from openpyxl import Workbook
from openpyxl.styles import Font, PatternFill

P9 = ("53..7...."
      "6..195..."
      ".98....6."
      "8...6...3"
      "4..8.3..1"
      "7...2...6"
      ".6....28."
      "...419..5"
      "....8..79")


def first_puzzle(path):
    with open(path) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                return line.split(":")[0].strip()
    raise SystemExit("no puzzle in " + path)


def cell_value(ch):
    return None if ch == "." else int(ch, 36) if ch.isalpha() else int(ch)


def main():
    out = sys.argv[1]
    p16 = first_puzzle(sys.argv[2])   # 1-9A-G, '.' empty
    os.makedirs(out, exist_ok=True)
    wb = Workbook()
    notes = wb.active
    notes.title = "Notes"
    notes["A1"] = "Puzzles of the week"
    notes.merge_cells("A3:D3")
    notes["A3"] = "merged heading"
    for r in range(5, 8):
        for c in range(1, 3):
            notes.cell(row=r, column=c, value=r * c)

    sh = wb.create_sheet("Puzzles")
    sh.merge_cells("C1:K1")
    sh["C1"] = "Puzzle 1 (merged title)"
    bold = Font(bold=True)
    fill = PatternFill("solid", fgColor="DDEBF7")
    for i, ch in enumerate(P9):
        r, c = 3 + i // 9, 3 + i % 9   # C3:K11
        cell = sh.cell(row=r, column=c)
        if ch == ".":
            continue
        v = int(ch)
        if i == 4:
            cell.value = "=2+5"        # a formula whose value is the given 7
        elif i % 3 == 0:
            cell.value = str(v)       # a number stored as text
        else:
            cell.value = v
        cell.font = bold
        cell.fill = fill

    big = wb.create_sheet("Big")
    for i, ch in enumerate(p16):
        if ch != ".":
            big.cell(row=2 + i // 16, column=2 + i % 16, value=cell_value(ch))  # B2:Q17

    pair = wb.create_sheet("Pair")
    for left, p4 in ((2, ".1.2........4.3."), (7, "..23.....4..2..4")):
        for i, ch in enumerate(p4):
            if ch != ".":
                pair.cell(row=2 + i // 4, column=left + i % 4, value=int(ch))
    for i, ch in enumerate(P9):
        if ch != ".":
            pair.cell(row=8 + i // 9, column=2 + i % 9, value=ch)   # text: B8:J16

    wb.save(os.path.join(out, "book.xlsx"))

    bad = Workbook()
    b = bad.active
    b.title = "Sheet1"
    for i, ch in enumerate(P9):
        if ch != ".":
            b.cell(row=2 + i // 9, column=2 + i % 9, value=int(ch))
    b["E7"] = "x"
    bad.save(os.path.join(out, "bad.xlsx"))


if __name__ == "__main__":
    main()
