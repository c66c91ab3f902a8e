#!/usr/bin/env python3
"""offset_sheets.py OUT_DIR PUZZLE — small workbooks whose 9x9 grid is not
at A1, for the CSV copies LibreOffice saves of them (make_fixtures.sh):
   offset.xlsx   the grid at B2:J10, nothing else (CSV: an empty first
                 row and column, ten fields a line)
   titled.xlsx   a title in A1, the grid at B2:J10 (CSV: a title row,
                 then nine rows of ten fields)
   two.xlsx      two titled grids at B2:J10 and B13:J21
   labels.xlsx   the grid at B2:J10 with its rows and columns numbered
                 1-9 in column A and row 1 (CSV: a 10x10 block)
Issue 28 items 12 and 13: these read as a 10x10 puzzle or "9 of 10 rows
read"."""
import sys
import openpyxl


def put_grid(ws, puzzle, top, left):
    for i, ch in enumerate(puzzle):
        if ch not in ".0":
            ws.cell(row=top + i // 9, column=left + i % 9, value=int(ch))


def main():
    out, puzzle = sys.argv[1], sys.argv[2]
    wb = openpyxl.Workbook()
    put_grid(wb.active, puzzle, 2, 2)
    wb.save(f"{out}/offset.xlsx")
    wb = openpyxl.Workbook()
    wb.active["A1"] = "Telegraph 1"
    put_grid(wb.active, puzzle, 2, 2)
    wb.save(f"{out}/titled.xlsx")
    wb = openpyxl.Workbook()
    wb.active["A1"] = "Puzzle one"
    put_grid(wb.active, puzzle, 2, 2)
    wb.active["A12"] = "Puzzle two"
    put_grid(wb.active, puzzle[::-1], 13, 2)
    wb.save(f"{out}/two.xlsx")
    wb = openpyxl.Workbook()
    put_grid(wb.active, puzzle, 2, 2)
    for k in range(9):
        wb.active.cell(row=1, column=2 + k, value=k + 1)
        wb.active.cell(row=2 + k, column=1, value=k + 1)
    wb.save(f"{out}/labels.xlsx")


main()
