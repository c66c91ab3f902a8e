#!/usr/bin/env python3
"""Reads doku's --format xlsx output back with openpyxl (not doku) and
checks what a spreadsheet user sees.

    check_xlsx.py DIR

DIR holds batch.xlsx (solve of book.xlsx: five puzzles), single.xlsx (one
9x9 solved), stuck.xlsx (explain, stuck: candidates) and conflict.xlsx
(solve of a puzzle with two 1s in row 1), and expected.txt: the 9x9
puzzle, its solution, the 16x16 puzzle and its solution, the first 4x4
puzzle and its solution, one a line.
Prints what is wrong; exit 1 if anything is.
"""
import os
import sys

from openpyxl import load_workbook
from openpyxl.utils import get_column_letter

GIVEN_FILL = "FFDDEBF7"
CONFLICT_FILL = "FFFF7C80"
problems = []


def expect(cond, what):
    if not cond:
        problems.append(what)


def value_of(ch):
    return None if ch == "." else int(ch, 36)


def check_grid(ws, puzzle, solution, n, name):
    """The grid sits at B4: givens bold on the light fill, the rest plain."""
    box = {4: 2, 9: 3, 16: 4}[n]
    for i in range(n * n):
        r, c = 4 + i // n, 2 + i % n
        ref = f"{get_column_letter(c)}{r}"
        cell = ws[ref]
        want = value_of(solution[i])
        expect(cell.value == want, f"{name}!{ref}: {cell.value!r}, want {want!r}")
        given = puzzle[i] != "."
        expect(bool(cell.font.b) == given, f"{name}!{ref}: bold {cell.font.b}, given {given}")
        fill = cell.fill.fgColor.rgb if cell.fill.fill_type == "solid" else None
        expect((fill == GIVEN_FILL) == given, f"{name}!{ref}: fill {fill}, given {given}")
        # thick lines on the box edges, thin inside
        col = i % n
        want_left = "medium" if col % box == 0 else "thin"
        expect(cell.border.left.style == want_left,
               f"{name}!{ref}: left border {cell.border.left.style}, want {want_left}")


def main():
    d = sys.argv[1]
    with open(os.path.join(d, "expected.txt")) as f:
        p9, s9, p16, s16, p4, s4 = [line.strip() for line in f][:6]

    wb = load_workbook(os.path.join(d, "batch.xlsx"))
    expect(wb.sheetnames == ["Summary"] + [f"Puzzle {k}" for k in range(1, 6)],
           f"batch sheets {wb.sheetnames}")
    summary = wb["Summary"]
    head = [c.value for c in summary[1]]
    expect(head[:5] == ["#", "sheet", "source", "puzzle", "status"], f"summary header {head}")
    row2 = [c.value for c in summary[2]]
    expect(str(row2[2]).endswith("book.xlsx:Puzzles!C3:K11"), f"summary source {row2[2]}")
    expect(row2[3] == p9 and row2[4] == "unique", f"summary row 2 {row2[:5]}")
    row3 = [c.value for c in summary[3]]
    expect(str(row3[2]).endswith("book.xlsx:Big!B2:Q17") and row3[4] == "unique",
           f"summary row 3 {row3[:5]}")
    check_grid(wb["Puzzle 1"], p9, s9, 9, "batch Puzzle 1")
    check_grid(wb["Puzzle 2"], p16, s16, 16, "batch Puzzle 2")
    check_grid(wb["Puzzle 3"], p4, s4, 4, "batch Puzzle 3")
    row4 = [c.value for c in summary[4]]
    expect(str(row4[2]).endswith("book.xlsx:Pair!B2:E5") and row4[3] == p4,
           f"summary row 4 {row4[:5]}")

    wb = load_workbook(os.path.join(d, "single.xlsx"))
    expect(wb.sheetnames == ["Puzzle 1"], f"single sheets {wb.sheetnames}")
    check_grid(wb["Puzzle 1"], p9, s9, 9, "single")
    # a puzzle from standard input is named by its sheet, not "<stdin>:1"
    expect(wb["Puzzle 1"]["A1"].value == "Puzzle 1", f"single A1: {wb['Puzzle 1']['A1'].value!r}")

    wb = load_workbook(os.path.join(d, "stuck.xlsx"))
    ws = wb.active
    cands = [c for row in ws.iter_rows(min_row=4, max_row=12, min_col=2, max_col=10)
             for c in row if isinstance(c.value, str)]
    expect(len(cands) > 0, "stuck: no cell shows candidates")
    for c in cands:
        digits = c.value.split()
        expect(len(digits) >= 2 and all(x.isdigit() and 1 <= int(x) <= 9 for x in digits),
               f"stuck {c.coordinate}: candidates {c.value!r}")
        expect(c.font.sz is not None and c.font.sz < 10, f"stuck {c.coordinate}: font {c.font.sz}")
    steps = [ws.cell(row=3, column=12 + k).value for k in range(4)]
    expect(steps[0] == "#" and steps[1] == "technique", f"stuck: steps table heading {steps}")

    wb = load_workbook(os.path.join(d, "conflict.xlsx"))
    ws = wb.active
    for ref in ("B4", "C4"):
        fill = ws[ref].fill.fgColor.rgb
        expect(fill == CONFLICT_FILL and ws[ref].value == 1, f"conflict {ref}: {ws[ref].value} {fill}")
    expect(ws["D4"].fill.fgColor.rgb != CONFLICT_FILL, "conflict: D4 red")

    for p in problems:
        print("check_xlsx:", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
