#!/usr/bin/env python3
"""Writes grids with text touching them, as people lay out puzzles in a
spreadsheet, with openpyxl (not doku) — issue 28 item 13:

    touching_book.py OUT.xlsx PUZZLE

Diagonal   title in A1, a bordered 9x9 at B2:J10 (thick box lines)
Above      title in B1, directly above the bordered grid at B2:J10
Labels     1-9 across row 1 and down column A of a bordered grid at B2:J10
Ruled      labels and grid all in bordered cells (a ruled 10x10 table)
Typed      labels 1-9 around a 9x9 typed without any border
Boxes      only the box lines drawn (the centre cell of each box has no
           border), a title in B1 and a note in K5 beside the grid
Letters    columns A-I above, rows 1-9 on the left and right, no borders
"""
import sys

from openpyxl import Workbook
from openpyxl.styles import Border, Side

thin, medium = Side(style="thin"), Side(style="medium")


def grid(ws, puzzle, top, left, style="all"):
    for i, ch in enumerate(puzzle):
        r, c = i // 9, i % 9
        cell = ws.cell(row=top + r, column=left + c)
        if ch != ".":
            cell.value = int(ch)
        if style == "none":
            continue
        if style == "all":
            def side(edge):
                return medium if edge else thin
            cell.border = Border(left=side(c % 3 == 0), right=side(c % 3 == 2),
                                 top=side(r % 3 == 0), bottom=side(r % 3 == 2))
        else:   # box lines only
            def side(edge):
                return medium if edge else None
            cell.border = Border(left=side(c % 3 == 0), right=side(c % 3 == 2),
                                 top=side(r % 3 == 0), bottom=side(r % 3 == 2))


def labels(ws, top, left, across="123456789", right=False):
    for k in range(9):
        ws.cell(row=top - 1, column=left + k,
                value=int(across[k]) if across[k].isdigit() else across[k])
        ws.cell(row=top + k, column=left - 1, value=k + 1)
        if right:
            ws.cell(row=top + k, column=left + 9, value=k + 1)


def main():
    out, puzzle = sys.argv[1], sys.argv[2]
    wb = Workbook()
    ws = wb.active
    ws.title = "Diagonal"
    ws["A1"] = "Telegraph 12"
    grid(ws, puzzle, 2, 2)
    ws = wb.create_sheet("Above")
    ws["B1"] = "Telegraph 12, fiendish"
    grid(ws, puzzle, 2, 2)
    ws = wb.create_sheet("Labels")
    grid(ws, puzzle, 2, 2)
    labels(ws, 2, 2)
    ws = wb.create_sheet("Ruled")
    grid(ws, puzzle, 2, 2)
    labels(ws, 2, 2)
    box = Border(left=thin, right=thin, top=thin, bottom=thin)
    for k in range(9):
        ws.cell(row=1, column=2 + k).border = box
        ws.cell(row=2 + k, column=1).border = box
    ws = wb.create_sheet("Typed")
    grid(ws, puzzle, 2, 2, "none")
    labels(ws, 2, 2)
    ws = wb.create_sheet("Boxes")
    ws["B1"] = "Boxes only"
    grid(ws, puzzle, 2, 2, "boxes")
    ws["K5"] = "rated 3.4"
    ws = wb.create_sheet("Letters")
    grid(ws, puzzle, 2, 2, "none")
    labels(ws, 2, 2, across="ABCDEFGHI", right=True)
    wb.save(out)


main()
