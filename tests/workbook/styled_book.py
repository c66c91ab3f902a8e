#!/usr/bin/env python3
"""Writes a workbook as a person keeps a puzzle with its solution, with
openpyxl (not doku): the givens styled one way, the solved digits another.

    styled_book.py OUT.xlsx PUZZLE SOLUTION

Every sheet holds the grid at B2:J10 (a 9x9: PUZZLE and SOLUTION are 81
characters, '.' empty in PUZZLE).

Bold      givens bold, solved digits plain         -> the givens
Coloured  givens black, solved digits blue         -> the givens
Filled    givens on a grey fill, solved plain      -> the givens
Uniform   every digit plain, all alike             -> every digit
Boxes     the givens only, alternate boxes shaded  -> every digit (the
          fill follows the boxes: decoration, not marking)
Unclear   givens red, solved digits blue           -> every digit, and
          doku says the styles do not tell the givens
"""
import sys

from openpyxl import Workbook
from openpyxl.styles import Font, PatternFill

out, puzzle, solution = sys.argv[1], sys.argv[2], sys.argv[3]
grey = PatternFill("solid", fgColor="FFD9D9D9")
shade = PatternFill("solid", fgColor="FFFFF2CC")


def grid(ws, digits, style):
    for i, ch in enumerate(digits):
        if ch == ".":
            continue
        cell = ws.cell(row=2 + i // 9, column=2 + i % 9, value=int(ch))
        style(cell, i, puzzle[i] != ".")


def bold(cell, i, given):
    cell.font = Font(bold=given)


def coloured(cell, i, given):
    if not given:
        cell.font = Font(color="FF0070C0")


def filled(cell, i, given):
    if given:
        cell.fill = grey


def plain(cell, i, given):
    pass


def boxes(cell, i, given):
    if ((i // 27) + (i % 9) // 3) % 2 == 0:
        cell.fill = shade


def unclear(cell, i, given):
    cell.font = Font(color="FFC00000" if given else "FF0070C0")


wb = Workbook()
first = True
for name, digits, style in (("Bold", solution, bold), ("Coloured", solution, coloured),
                            ("Filled", solution, filled), ("Uniform", solution, plain),
                            ("Boxes", puzzle, boxes), ("Unclear", solution, unclear)):
    ws = wb.active if first else wb.create_sheet(name)
    ws.title = name
    first = False
    grid(ws, digits, style)
wb.save(out)
