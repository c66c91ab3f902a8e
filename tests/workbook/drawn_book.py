#!/usr/bin/env python3
"""Writes a workbook as a person draws puzzles in a spreadsheet, with
openpyxl (not doku):

    drawn_book.py OUT.xlsx

Bordered  C3:K11  a 9x9 with a thin border on every cell; its first row
                  and last column are empty (only the borders mark them)
Filled    B2:E5   a 4x4 marked by a fill alone; its first column is empty
Typed     B2:J10  a 9x9 typed without any style; its first row is empty,
                  so only --range can find it
Formulas  B2:E5   a 4x4 with formula cells: =1+2, ="2" (text) and an
                  empty-string result (openpyxl stores no values; a
                  spreadsheet that opens the file computes them)
"""
import sys

from openpyxl import Workbook
from openpyxl.styles import Border, PatternFill, Side

EDGE9 = "...........3.1.5...1.....4..6.....2...........2.....7..4.....8...5.9.6..........."
FILLED4 = ".14..4.3.3.4.23."   # first column empty


def put(ws, top, left, puzzle, style=None):
    n = int(len(puzzle) ** 0.5)
    for i, ch in enumerate(puzzle):
        cell = ws.cell(row=top + i // n, column=left + i % n)
        if ch != ".":
            cell.value = int(ch)
        if style:
            style(cell)


thin = Side(style="thin")
box = Border(left=thin, right=thin, top=thin, bottom=thin)
wb = Workbook()
ws = wb.active
ws.title = "Bordered"
ws["A1"] = "A puzzle drawn with borders"


def bordered(cell):
    cell.border = box


put(ws, 3, 3, EDGE9, bordered)

ws = wb.create_sheet("Filled")
fill = PatternFill(fill_type="solid", start_color="FFFFF2CC", end_color="FFFFF2CC")


def filled(cell):
    cell.fill = fill


put(ws, 2, 2, FILLED4, filled)

ws = wb.create_sheet("Typed")
put(ws, 2, 2, EDGE9)

ws = wb.create_sheet("Formulas")
put(ws, 2, 2, ".1..2..31.2.4.31", bordered)
ws["B2"] = "=1+2"
ws["E2"] = '="2"'
ws["D2"] = '=IF(1,"","")'
wb.save(sys.argv[1])
