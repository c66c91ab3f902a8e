#!/bin/sh
# Workbooks in and out, against files other programs wrote.
#   run.sh DOKU FIXTURES
# FIXTURES is tests/fixtures/workbooks (made by make_fixtures.sh with
# openpyxl and LibreOffice). Reads each with doku; writes --format xlsx and
# reads it back with openpyxl (check_xlsx.py) and, in the plain build,
# with LibreOffice headless (saved again as ods, xls and xlsx, and read
# back by doku and openpyxl). Exit 77 (skipped) when
# this doku was built without workbook support.
set -u
doku=$1
fx=$2
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# P9 as LibreOffice saved it (the formula cell =2+5 computed to 7, read
# from the .xls's own FORMULA record, which FreeXL skips); the openpyxl
# file holds no value for it (openpyxl writes none), so there r1c5 is
# empty and doku says so on stderr, naming the cell.
P9=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
P9_NOVALUE=53.......6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
S9=534678912672195348198342567859761423426853791713924856961537284287419635345286179
P16=$(grep -v '^#' "$here/../fixtures/puzzles/16x16.txt" | head -1 | cut -d: -f1)
S16=$(grep -v '^#' "$here/../fixtures/puzzles/16x16.txt" | head -1 | cut -d: -f3)
# sheet Pair: two 4x4 puzzles cut apart by their own empty rows, the 9x9 again
S4A=3142241313244231
S4B=$(echo "..23.....4..2..4" | "$doku" solve 2>/dev/null)

out=$("$doku" check "$fx/book.xlsx" 2>&1)
case $out in
*"built without"*) echo "SKIPPED: $out"; exit 77 ;;
esac

# ---- reading ---------------------------------------------------------------
for f in book.xlsx book_lo.xlsx book.ods book.xls; do
    want="$fx/$f:Puzzles!C3:K11: unique
$fx/$f:Big!B2:Q17: unique
$fx/$f:Pair!B2:E5: unique
$fx/$f:Pair!G2:J5: unique
$fx/$f:Pair!B8:J16: unique"
    got=$("$doku" check "$fx/$f" 2>"$tmp/err") || fail "$f: check exit $?"
    [ "$got" = "$want" ] || fail "$f: check gave
$got"
    case $f in
    book.xlsx) grep -qF "doku check: $fx/$f:Puzzles!G3: a formula whose value the file does not hold" "$tmp/err" ||
        fail "$f: no message for the formula without a value: $(cat "$tmp/err")" ;;
    *) [ -s "$tmp/err" ] && fail "$f: check said $(cat "$tmp/err")" ;;
    esac
    got=$("$doku" solve "$fx/$f" 2>/dev/null)
    [ "$got" = "$S9
$S16
$S4A
$S4B
$S9" ] || fail "$f: solve gave
$got"
    case $f in
    book.xlsx) p=$P9_NOVALUE ;;
    *) p=$P9 ;;
    esac
    got=$("$doku" check --format json --sheet Puzzles "$fx/$f" 2>/dev/null | sed 's/.*"puzzle":"\([^"]*\)".*/\1/')
    [ "$got" = "$p" ] || fail "$f: puzzle read as $got, want $p"
done

# --sheet and --range
got=$("$doku" check --range 'Big!B2:Q17' "$fx/book.xlsx" 2>&1)
[ "$got" = "$fx/book.xlsx:Big!B2:Q17: unique" ] || fail "--range Big!B2:Q17: $got"
got=$("$doku" check --sheet puzzles --range C3:K11 "$fx/book.ods" 2>&1)
[ "$got" = "$fx/book.ods:Puzzles!C3:K11: unique" ] || fail "--sheet --range: $got"

# errors name the sheet and cell, and the exit status says what happened
got=$("$doku" check --range B2:J10 "$fx/bad.xlsx" 2>&1); rc=$?
[ $rc = 1 ] || fail "bad cell: exit $rc"
echo "$got" | grep -q "bad.xlsx:Sheet1!E7: \(invalid: \)\?'x' is not a digit 1..9 or an empty cell" ||
    fail "bad cell: $got"
got=$("$doku" check "$fx/bad.xlsx" 2>&1); rc=$?
[ $rc = 1 ] && echo "$got" | grep -q "no puzzles found" || fail "no puzzle: exit $rc, $got"
got=$("$doku" check --sheet Nope "$fx/book.xlsx" 2>&1); rc=$?
[ $rc = 2 ] && echo "$got" | grep -qF "no sheet named 'Nope'; the sheets are 'Notes', 'Puzzles', 'Big'" ||
    fail "no sheet: exit $rc, $got"
got=$("$doku" check --range C3:K12 "$fx/book.xlsx" 2>&1); rc=$?
[ $rc = 2 ] && echo "$got" | grep -q "is 10x9 cells" || fail "non-square range: exit $rc, $got"
printf 'PK\003\004not really a zip' > "$tmp/fake.xlsx"
got=$("$doku" check "$tmp/fake.xlsx" 2>&1); rc=$?
[ $rc = 2 ] && echo "$got" | grep -q "cannot open as a zip workbook" || fail "fake zip: exit $rc, $got"

# a cell naming a shared string the workbook does not have (the LibreOffice
# file with one reference rewritten by Python's zipfile)
python3 - "$fx/book_lo.xlsx" "$tmp/sst.xlsx" <<'PY'
import re, sys, zipfile
src, dst = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(src) as a, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as b:
    for item in a.infolist():
        data = a.read(item.filename)
        if item.filename == "xl/worksheets/sheet1.xml":
            data = re.sub(rb'(<c r="A1"[^>]*t="s"[^>]*><v>)\d+', rb'\g<1>99', data)
        b.writestr(item, data)
PY
got=$("$doku" check "$tmp/sst.xlsx" 2>&1); rc=$?
[ $rc = 2 ] && echo "$got" | grep -qF "doku: $tmp/sst.xlsx:Notes!A1: shared string 99 does not exist" ||
    fail "bad shared string: exit $rc, $got"

# ---- writing -----------------------------------------------------------------
# printing: a 16x16 grid fits one page, the summary one page wide, the
# summary's puzzle column shows an 81-character puzzle whole
printf '%s\n%s\n' "$P9_NOVALUE" "$P16" | "$doku" convert --to xlsx -o "$tmp/print.xlsx" ||
    fail "convert to xlsx: exit $?"
/usr/bin/python3 - "$tmp/print.xlsx" <<'PY' || fail "page setup of print.xlsx"
import sys, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
s, big = wb["Summary"], wb["Puzzle 2"]
assert s.column_dimensions["D"].width >= 81, s.column_dimensions["D"].width
assert s.sheet_properties.pageSetUpPr.fitToPage and s.page_setup.fitToWidth in (1, None), "summary fit"
assert s.page_setup.fitToHeight == 0, s.page_setup.fitToHeight
assert big.sheet_properties.pageSetUpPr.fitToPage, "16x16 fit"
assert big.page_setup.fitToWidth in (1, None) and big.page_setup.fitToHeight in (1, None)
PY
# nothing found: no workbook saying "no records", the message and exit 1
printf '' | "$doku" convert --to xlsx -o "$tmp/none.xlsx" 2> "$tmp/none.err"; rc=$?
[ $rc = 1 ] || fail "no puzzles to xlsx: exit $rc"
[ ! -e "$tmp/none.xlsx" ] || fail "no puzzles to xlsx: a workbook was written"
grep -q "no puzzles found" "$tmp/none.err" || fail "no puzzles to xlsx: $(cat "$tmp/none.err")"
"$doku" solve --format xlsx -o "$tmp/batch.xlsx" "$fx/book.xlsx" || fail "solve --format xlsx: exit $?"
echo "$P9_NOVALUE" | "$doku" solve --format xlsx -o "$tmp/single.xlsx" || fail "single: exit $?"
echo "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3" |
    "$doku" explain --techniques singles --no-trial --format xlsx -o "$tmp/stuck.xlsx"
[ $? = 1 ] || fail "explain stuck: exit status"
echo "11..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79" |
    "$doku" solve --format xlsx -o "$tmp/conflict.xlsx"
printf '%s\n%s\n%s\n%s\n%s\n%s\n' "$P9_NOVALUE" "$S9" "$P16" "$S16" .1.2........4.3. "$S4A" \
    > "$tmp/expected.txt"
got=$("$doku" solve --format xlsx -o "$tmp/x%03d.xlsx" "$fx/book.xlsx" 2>&1); rc=$?
[ $rc = 2 ] && echo "$got" | grep -q "not a pattern" || fail "pattern -o: exit $rc, $got"
# what doku wrote, doku reads back: the givens (bold, on a fill) are the
# puzzle, the solved digits (plain) are not taken for givens
got=$("$doku" check "$tmp/single.xlsx" 2>&1)
[ "$got" = "$tmp/single.xlsx:'Puzzle 1'!B4:J12: unique" ] || fail "read back: $got"
got=$("$doku" convert --to line "$tmp/single.xlsx" 2>&1)
[ "$got" = "$P9_NOVALUE" ] || fail "solve --format xlsx read back as $got, want the puzzle"
# conflicting givens are bold on red among bold on blue: all givens, no note
got=$("$doku" convert --to line "$tmp/conflict.xlsx" 2>&1)
[ "$got" = "11..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79" ] ||
    fail "conflict.xlsx read back as $got"
got=$("$doku" convert --to line "$tmp/batch.xlsx" 2>&1)
want=$("$doku" convert --to line "$fx/book.xlsx" 2>/dev/null)
[ "$got" = "$want" ] || fail "solve --format xlsx of a batch read back as
$got
want
$want"

# convert --to xlsx and back: every puzzle comes back from its own sheet,
# in order (comments stay in the summary sheet), also those whose first or
# last row or column is empty: doku draws every cell of its grid with a
# border, and a bordered empty cell belongs to the block. The 17-clue
# puzzles mostly have empty edges; P_EDGE and the 16x16 have all four, or
# an empty first row, for certain.
fxp="$here/../fixtures/puzzles"
P_EDGE=...........3.1.5...1.....4..6.....2...........2.....7..4.....8...5.9.6...........
P16_EDGE=$(echo "$P16" | cut -c17- | sed 's/^/................/')
{ grep -hv '^#' "$fxp/4x4.txt" | cut -d: -f1 | head -n 2
  grep -hv '^#' "$fxp/classic9_17clue.txt" | cut -d: -f1 | head -n 8
  echo "$P_EDGE"; echo "$P16_EDGE"; } > "$tmp/conv_in.txt"
edges=$(python3 -c '
import math, sys
k = 0
for p in open(sys.argv[1]).read().split():
    n = math.isqrt(len(p))
    rows = [p[i * n:(i + 1) * n] for i in range(n)]
    edges = [rows[0], rows[-1], "".join(r[0] for r in rows), "".join(r[-1] for r in rows)]
    k += any(set(e) == {"."} for e in edges)
print(k)' "$tmp/conv_in.txt")
[ "$edges" -ge 4 ] || fail "convert round trip: only $edges puzzles with an empty edge"
if "$doku" convert --to xlsx -o "$tmp/conv.xlsx" "$tmp/conv_in.txt" 2>"$tmp/conv.err"; then
    "$doku" convert --to line "$tmp/conv.xlsx" > "$tmp/conv_back.txt" 2>>"$tmp/conv.err" ||
        fail "convert --to line of doku's workbook: $(cat "$tmp/conv.err")"
    cmp -s "$tmp/conv_in.txt" "$tmp/conv_back.txt" ||
        fail "convert xlsx round trip: $(diff "$tmp/conv_in.txt" "$tmp/conv_back.txt" | head -5)"
    # and generate's workbook (puzzle and solution) reads back as its puzzles
    "$doku" generate -n 2 --seed 11 --format xlsx -o "$tmp/gen.xlsx" 2>/dev/null
    "$doku" generate -n 2 --seed 11 2>/dev/null > "$tmp/gen.txt"
    "$doku" convert --to line "$tmp/gen.xlsx" 2>/dev/null | cmp -s - "$tmp/gen.txt" ||
        fail "generate --format xlsx did not read back as its puzzles"
else
    fail "convert --to xlsx: $(cat "$tmp/conv.err")"
fi

py=
for p in /usr/bin/python3 python3; do
    if "$p" -c 'import openpyxl' 2>/dev/null; then py=$p; break; fi
done
if [ -n "$py" ]; then
    "$py" "$here/check_xlsx.py" "$tmp" || fail "openpyxl read-back"
else
    echo "SKIPPED: openpyxl read-back (no python3-openpyxl)"
fi

# Grids drawn by hand (openpyxl): a bordered 9x9 and a filled 4x4, each
# with an empty edge, are found by their styles; a grid typed without
# styles whose first row is empty is not (its content is 8x9), but
# --range reads it; formulas without stored values are named.
F4=.14..4.3.3.4.23.
FORMULAS4=.1..2..31.2.4.31
FORMULAS4_COMPUTED=31.22..31.2.4.31
check_drawn() { # FILE WANT_FOUND WANT_LINES
    got=$("$doku" check "$1" 2>/dev/null | sed "s|^$1:||")
    [ "$got" = "$2" ] || fail "$1: found
$got
want
$2"
    got=$("$doku" convert --to line "$1" 2>/dev/null)
    [ "$got" = "$3" ] || fail "$1: read
$got
want
$3"
    got=$("$doku" check --range 'Typed!B2:J10' "$1" 2>&1)
    [ "$got" = "$1:Typed!B2:J10: several solutions" ] || fail "$1: --range Typed!B2:J10: $got"
}
found_drawn="Bordered!C3:K11: several solutions
Filled!B2:E5: unique
Formulas!B2:E5: unique"
if [ -n "$py" ]; then
    "$py" "$here/drawn_book.py" "$tmp/drawn.xlsx" || fail "drawn_book.py"
    check_drawn "$tmp/drawn.xlsx" "$found_drawn" "$P_EDGE
$F4
$FORMULAS4"
    "$doku" check "$tmp/drawn.xlsx" 2>&1 >/dev/null | grep -c "drawn.xlsx:Formulas![BDE]2: a formula whose value the file does not hold" |
        grep -qx 3 || fail "drawn.xlsx: formulas without values not named"
else
    echo "SKIPPED: hand-drawn grids (no python3-openpyxl)"
fi

# A puzzle kept with its solution by a person (openpyxl): the givens set
# apart by bold, by black among blue, or by a fill read as the puzzle; a
# grid of one style, or one whose fill follows the boxes, keeps every
# digit; givens red among blue is named as unclear (styled_book.py).
check_styled() { # FILE
    got=$("$doku" convert --to line "$1" 2>"$tmp/styled.err")
    want="$P9
$P9
$P9
$S9
$P9
$S9"
    [ "$got" = "$want" ] || fail "$1: read
$got
want
$want"
    grep -qF "$1:Unclear!B2:J10: its digits differ in colour" "$tmp/styled.err" ||
        fail "$1: no note for the unclear styles: $(cat "$tmp/styled.err")"
    [ "$(wc -l < "$tmp/styled.err")" = 1 ] || fail "$1: said $(cat "$tmp/styled.err")"
}
if [ -n "$py" ]; then
    "$py" "$here/styled_book.py" "$tmp/styled.xlsx" "$P9" "$S9" || fail "styled_book.py"
    check_styled "$tmp/styled.xlsx"
    got=$("$doku" solve --sheet Bold "$tmp/styled.xlsx" 2>&1)
    [ "$got" = "$S9" ] || fail "styled.xlsx: solve of Bold gave $got"
fi

# Text touching a grid (issue 28 item 13, touching_book.py): a title in
# A1 or B1 of a bordered grid, labels 1-9 (or A-I) around a bordered, a
# ruled or an unbordered grid, a grid drawn with box lines only and a
# note beside it: each reads as the 9x9 at B2:J10, a title alone above it
# as its comment.
found_touching="Diagonal!B2:J10: unique
Above!B2:J10: unique
Labels!B2:J10: unique
Ruled!B2:J10: unique
Typed!B2:J10: unique
Boxes!B2:J10: unique
Letters!B2:J10: unique"
check_touching() { # FILE
    got=$("$doku" check "$1" 2>&1 | sed "s|^$1:||")
    [ "$got" = "$found_touching" ] || fail "$1: found
$got
want
$found_touching"
    got=$("$doku" convert --to line "$1" 2>&1 | cut -d" " -f1 | sort -u)
    [ "$got" = "$P9" ] || fail "$1: read as
$got"
    got=$("$doku" check --format json --sheet Above "$1" 2>&1)
    case $got in *'"comment":"Telegraph 12, fiendish"'*) ;; *) fail "$1: Above's title: $got" ;; esac
    got=$("$doku" check --format json --sheet Labels "$1" 2>&1)
    case $got in *'"comment"'*) fail "$1: labels taken for a comment: $got" ;; esac
}
if [ -n "$py" ]; then
    "$py" "$here/touching_book.py" "$tmp/touching.xlsx" "$P9" || fail "touching_book.py"
    check_touching "$tmp/touching.xlsx"
fi

# Shapes and comments written to the workbook and read back (issue 28
# item 14): X diagonals drawn as diagonal borders, hyper windows shaded,
# jigsaw regions in thick lines, and the shape, region map and comment
# in words under the grid; the summary has a comment column.
XH=.......1.....2...3.........4....3.......5...6....1.........78......6........32...
fxc="$here/../cli/fixtures"
printf '%s # X and hyper\n' "$XH" | "$doku" solve --variant x,hyper --format xlsx -o "$tmp/xh.xlsx" ||
    fail "solve --variant x,hyper --format xlsx: exit $?"
got=$("$doku" check --format json "$tmp/xh.xlsx" 2>&1)
case $got in
*'"shape":"9x9, 3x3 boxes+x+hyper"'*'"comment":"# X and hyper","status":"unique"'*) ;;
*) fail "X+hyper workbook read back as $got" ;;
esac
echo "$P9 # plain" | "$doku" convert --variant x --to xlsx -o "$tmp/x.xlsx"
got=$("$doku" check --format json "$tmp/x.xlsx" 2>&1)
case $got in *'"shape":"9x9, 3x3 boxes+x"'*'"status":"none"'*) ;; *) fail "X workbook read back as $got" ;; esac
"$doku" solve --regions "$fxc/jigsaw9.regions" --keep-boxes --format xlsx -o "$tmp/jk.xlsx" "$fxc/jigsaw9.txt"
"$doku" solve --regions "$fxc/pure-jigsaw.regions" --format xlsx -o "$tmp/jp.xlsx" "$fxc/pure-jigsaw.txt"
for f in jk jp; do
    case $f in jk) o="--regions $fxc/jigsaw9.regions --keep-boxes" p=$fxc/jigsaw9.txt ;;
               jp) o="--regions $fxc/pure-jigsaw.regions" p=$fxc/pure-jigsaw.txt ;; esac
    want=$("$doku" check --format json $o "$p" 2>&1 | sed 's/.*"shape"/"shape"/')
    got=$("$doku" check --format json "$tmp/$f.xlsx" 2>&1 | sed 's/.*"shape"/"shape"/')
    [ "$got" = "$want" ] || fail "$f.xlsx (jigsaw) read back as $got, want $want"
done
# a batch: the summary's comment column, the X sheet's diagonals
printf '%s # first, with a comma\n%s\n' "$XH" "$P9" | "$doku" convert --variant x --to xlsx -o "$tmp/xb.xlsx"
if [ -n "$py" ]; then
    "$py" - "$tmp/xh.xlsx" "$tmp/xb.xlsx" "$tmp/jk.xlsx" <<'PY' || fail "shapes as openpyxl sees them"
import sys
from openpyxl import load_workbook
ws = load_workbook(sys.argv[1]).active
for i in range(9):
    down, up = ws.cell(row=4 + i, column=2 + i), ws.cell(row=4 + i, column=10 - i)
    assert down.border.diagonalDown and down.border.diagonal.style, (down.coordinate, down.border)
    assert up.border.diagonalUp, up.coordinate
assert not ws["C4"].border.diagonalDown and not ws["C4"].border.diagonalUp
assert ws["C5"].fill.fgColor.rgb == "FFE2E2E2", ws["C5"].fill.fgColor.rgb   # a hyper window
under = [ws.cell(row=r, column=2).value for r in range(14, 17)]
assert under == ["Shape: 9x9, 3x3 boxes+x+hyper", "Comment: # X and hyper", None], under
s = load_workbook(sys.argv[2])["Summary"]
head = [c.value for c in s[1]]
assert head[:6] == ["#", "sheet", "source", "puzzle", "status", "comment"], head
assert s["F2"].value == "# first, with a comma" and s["F3"].value is None, (s["F2"].value, s["F3"].value)
ws = load_workbook(sys.argv[3]).active
assert ws["B14"].value == "Shape: 9x9, 3x3 boxes+jigsaw", ws["B14"].value
assert ws["B15"].value.startswith("Regions: 112233333"), ws["B15"].value
PY
fi

# a variant puzzle's workbook lists its constraints under the grid, in
# doku's text statements, and doku reads them back: the killer solved
# from no givens (every digit plain: read as its solution, said on
# stderr) and a thermo with givens solve, count and convert as the text
"$doku" solve --format xlsx -o "$tmp/killer.xlsx" "$fxc/variants/killer.txt" ||
    fail "solve --format xlsx of a variant file: exit $?"
"$doku" solve --format xlsx -o "$tmp/thermo.xlsx" "$fxc/variants/thermo.txt" ||
    fail "solve --format xlsx of a thermo file: exit $?"
for v in killer thermo; do
    want=$("$doku" solve "$fxc/variants/$v.txt")
    got=$("$doku" solve "$tmp/$v.xlsx" 2>"$tmp/$v.err")
    [ "$got" = "$want" ] || fail "$v.xlsx read back solves to $got, want $want ($(cat "$tmp/$v.err"))"
    got=$("$doku" count "$tmp/$v.xlsx" 2>/dev/null)
    [ "$got" = 1 ] || fail "$v.xlsx read back counts $got solutions, want 1"
    # its constraints and givens as the text had them, and the solved
    # digits as its solution (kept, not dropped; the killer's, all alike,
    # with no givens)
    "$doku" convert --to text "$tmp/$v.xlsx" 2>/dev/null | grep -v '^#' >"$tmp/$v.back"
    "$doku" convert --to text "$fxc/variants/$v.txt" | grep -v '^#' >"$tmp/$v.want"
    grep -qx "solution $want" "$tmp/$v.back" || fail "$v.xlsx read back without its solution"
    grep -v '^solution ' "$tmp/$v.back" >"$tmp/$v.nosol" && mv "$tmp/$v.nosol" "$tmp/$v.back"
    cmp -s "$tmp/$v.back" "$tmp/$v.want" ||
        fail "$v.xlsx converted back differs: $(diff "$tmp/$v.back" "$tmp/$v.want" | head -5)"
done
# a killer given in full (doku's givens, bold on blue) is read back as
# givens, not as a solution: doku reduce takes it whole (81 givens)
S_KILLER=$("$doku" solve "$fxc/variants/killer.txt")
{ cat "$fxc/variants/killer.txt"; echo "givens $S_KILLER"; } >"$tmp/fullgiven.txt"
"$doku" check --format xlsx -o "$tmp/fullgiven.xlsx" "$tmp/fullgiven.txt" >/dev/null 2>&1
"$doku" convert --to text "$tmp/fullgiven.xlsx" 2>"$tmp/fullgiven.err" | grep -qx "givens $S_KILLER" ||
    fail "fullgiven.xlsx: its 81 givens not read back as givens: $(cat "$tmp/fullgiven.err")"
got=$("$doku" reduce "$tmp/fullgiven.xlsx" 2>/dev/null | head -1)
case $got in *"reduced: 0 givens (from 81)"*) ;; *) fail "fullgiven.xlsx reduce: $got" ;; esac
# typed by a person: statements after "Constraints:" and a row under it; a bad one is
# named by its cell as a bad digit is (an invalid record, exit 1)
if [ -n "$py" ]; then
    "$py" - "$tmp/typed.xlsx" <<'PY' || fail "writing typed.xlsx"
import sys
from openpyxl import Workbook
wb = Workbook()
for name, cage in (("Typed", "cage 6 r3c1 r4c1"), ("Bad", "cage 50 r3c1 r4c1")):
    ws = wb.active if name == "Typed" else wb.create_sheet(name)
    ws.title = name
    for r, row in enumerate(("..3.", "...2", "2...", ".3..")):
        for c, ch in enumerate(row):
            if ch != ".":
                ws.cell(row=2 + r, column=2 + c, value=int(ch))
    ws["B2"].border = ws["E5"].border = None
    if name == "Typed":
        # statements after the label, ';' between them, and a row below
        ws["B7"] = "Constraints: thermo r1c1 r1c2 r2c2;"
        ws["B8"] = cage
    else:
        ws["B7"] = "Constraints:"
        ws["B8"] = "thermo r1c1 r1c2 r2c2"
        ws["B9"] = cage
wb.save(sys.argv[1])
PY
    # a person's full killer grid with its cages: read as the solution,
    # which check verifies; a slip (r1c1 and r1c2 swapped) breaks columns
    # and a cage, named, exit 1
    "$py" - "$tmp/fullkiller.xlsx" "$("$doku" solve "$fxc/variants/killer.txt")" \
        "$fxc/variants/killer.txt" <<'PY' || fail "writing fullkiller.xlsx"
import sys
from openpyxl import Workbook
wb = Workbook()
for name, grid in (("Right", sys.argv[2]), ("Slip", sys.argv[2][1] + sys.argv[2][0] + sys.argv[2][2:])):
    ws = wb.active if name == "Right" else wb.create_sheet(name)
    ws.title = name
    for i, ch in enumerate(grid):
        ws.cell(row=2 + i // 9, column=2 + i % 9, value=int(ch))
    ws["B12"] = "Shape: 9x9, 3x3 boxes+x"
    ws["B13"] = "Constraints:"
    rules = [l.strip() for l in open(sys.argv[3]) if l.startswith("cage")]
    for k, rule in enumerate(rules):
        ws.cell(row=14 + k, column=2, value=rule)
wb.save(sys.argv[1])
PY
    got=$("$doku" check --sheet Right "$tmp/fullkiller.xlsx" 2>/dev/null); rc=$?
    [ $rc = 0 ] && [ "$got" = "$tmp/fullkiller.xlsx:Right!B2:J10: unique" ] ||
        fail "fullkiller.xlsx Right: exit $rc: $got"
    got=$("$doku" check --sheet Slip "$tmp/fullkiller.xlsx" 2>/dev/null); rc=$?
    [ $rc = 1 ] || fail "fullkiller.xlsx Slip: exit $rc, want 1"
    case $got in
    *"fullkiller.xlsx:Slip!B2:J10: invalid: the solution given: r1c1 and r8c1 both hold 7 in column 1;"*"killer cage 14 at r1c1 r2c1 is broken"*) ;;
    *) fail "fullkiller.xlsx Slip: the slip not named: $got" ;;
    esac
    # both sheets at once: each record names its own
    "$doku" check "$tmp/fullkiller.xlsx" 2>/dev/null | cut -d: -f2 | tr '\n' ' ' |
        grep -qx "Right!B2 Slip!B2 " || fail "fullkiller.xlsx: records not named by sheet: $("$doku" check "$tmp/fullkiller.xlsx" 2>&1)"
    got=$("$doku" solve --range Typed!B2:E5 "$tmp/typed.xlsx" 2>&1)
    want=$("$doku" solve "$fxc/variants/thermo.txt")
    [ "$got" = "$want" ] || fail "typed.xlsx: $got, want $want"
    "$doku" solve --range Bad!B2:E5 "$tmp/typed.xlsx" >"$tmp/typed.out" 2>&1; rc=$?
    [ $rc != 0 ] || fail "typed.xlsx: a bad statement exits 0"
    grep -qF "typed.xlsx:Bad!B9: invalid: 'cage 50 r3c1 r4c1': killer cage 50 at r3c1 r4c1" "$tmp/typed.out" ||
        fail "typed.xlsx: the bad statement not named by its cell: $(cat "$tmp/typed.out")"
fi
# a title travels as the sheet's "Comment:" and comes back as the title
printf 'size 4\ntitle Little thermo\nthermo r1c1 r1c2 r2c2\ngivens ..3. ...2 2... .3..\n' >"$tmp/titled.txt"
"$doku" solve --format xlsx -o "$tmp/titled.xlsx" "$tmp/titled.txt" 2>/dev/null
"$doku" convert --to text "$tmp/titled.xlsx" 2>/dev/null | grep -qx "title Little thermo" ||
    fail "titled.xlsx read back without its title: $("$doku" convert --to text "$tmp/titled.xlsx" 2>&1)"
grep -qF "killer.xlsx:'Puzzle 1'!B4:J12: every cell is filled and the digits look alike under a list of constraints, none bold" "$tmp/killer.err" ||
    fail "killer.xlsx read back without saying its digits are the solution: $(cat "$tmp/killer.err")"
if [ -n "$py" ]; then
    "$py" - "$tmp/killer.xlsx" <<'PY' || fail "killer.xlsx as openpyxl sees it"
import sys
from openpyxl import load_workbook
ws = load_workbook(sys.argv[1]).active
rows = [ws.cell(row=r, column=2).value for r in range(14, 18)]
assert rows == ["Shape: 9x9, 3x3 boxes+x", "Constraints:", "cage 14 r1c1 r2c1", "cage 14 r1c8 r1c9"], rows
PY
fi

# LibreOffice opens the workbook and sees the solution in B4:J12. Slow to
# start (10-20 s): the plain build only, with its own profile and a timeout.
if [ -n "${DOKU_SANITIZED:-}" ]; then
    echo "SKIPPED: LibreOffice check (sanitizer build; the plain build runs it)"
elif command -v soffice >/dev/null 2>&1; then
    mkdir -p "$tmp/lo"
    lo_to() { # FORMAT FILE...: LibreOffice converts the FILEs (one start) into $tmp/lo/FORMAT/
        f=$1; shift
        HOME="$tmp" timeout 120 soffice --headless --norestore "-env:UserInstallation=file://$tmp/lo" \
            --convert-to "$f" --outdir "$tmp/lo/$f" "$@" >/dev/null 2>&1 ||
            fail "LibreOffice could not convert $* to $f"
    }
    echo "$P9" | "$doku" solve --format csv-excel > "$tmp/excel_solve.csv"
    "$doku" generate -n 1 --seed 18446744073709551557 --format csv-excel > "$tmp/excel_gen.csv" 2>/dev/null
    # one start of LibreOffice per format (each start costs 10-50 s)
    if [ -n "$py" ]; then
        lo_to ods "$tmp/conv.xlsx" "$tmp/drawn.xlsx" "$tmp/single.xlsx" "$tmp/styled.xlsx" \
            "$tmp/touching.xlsx" "$tmp/xh.xlsx" "$tmp/jk.xlsx" "$tmp/thermo.xlsx"
        lo_to xls "$tmp/drawn.xlsx" "$tmp/single.xlsx" "$tmp/styled.xlsx" "$tmp/touching.xlsx"
        lo_to xlsx "$tmp/excel_solve.csv" "$tmp/excel_gen.csv" "$tmp/single.xlsx"
    else
        lo_to ods "$tmp/conv.xlsx" "$tmp/single.xlsx" "$tmp/thermo.xlsx"
        lo_to xls "$tmp/single.xlsx"
    fi
    # a variant puzzle's constraints survive LibreOffice's ods and are read back
    got=$("$doku" solve "$tmp/lo/ods/thermo.ods" 2>&1)
    want=$("$doku" solve "$fxc/variants/thermo.txt")
    [ "$got" = "$want" ] || fail "LibreOffice's thermo.ods read back as $got, want $want"
    # LibreOffice opens doku's solve --format xlsx; saved again as ods and
    # xls (LibreOffice's own styles), doku reads the givens back as givens
    for f in "$tmp/lo/ods/single.ods" "$tmp/lo/xls/single.xls"; do
        got=$("$doku" convert --to line "$f" 2>&1)
        [ "$got" = "$P9_NOVALUE" ] || fail "$f (LibreOffice's copy of solve --format xlsx) read as $got"
    done
    # doku's workbook of puzzles with empty edges, as LibreOffice saves it
    "$doku" convert --to line "$tmp/lo/ods/conv.ods" 2>/dev/null | cmp -s - "$tmp/conv_in.txt" ||
        fail "convert round trip through LibreOffice's ods: $("$doku" convert --to line "$tmp/lo/ods/conv.ods" 2>&1 | diff - "$tmp/conv_in.txt" | head -5)"
    # CSV for spreadsheets: with --format csv-excel the 81-digit solution
    # and the 64-bit seeds stay text when LibreOffice opens the file (plain
    # csv: numbers, 5.3E+80); what doku wrote, doku reads back
    got=$("$doku" convert --to line "$tmp/excel_solve.csv" 2>&1 | cut -d' ' -f1)
    [ "$got" = "$S9" ] || fail "csv-excel read back as $got"
    if [ -n "$py" ]; then
        "$py" - "$tmp/lo/xlsx/excel_solve.xlsx" "$tmp/lo/xlsx/excel_gen.xlsx" "$S9" <<'PY' || fail "csv-excel in LibreOffice"
import sys
from openpyxl import load_workbook
ws = load_workbook(sys.argv[1], data_only=True).active
cell = ws["E2"]
if cell.value != sys.argv[3] or cell.data_type != "s":
    sys.exit("solution cell E2: %r (%s), want the 81 digits as text" % (cell.value, cell.data_type))
ws = load_workbook(sys.argv[2], data_only=True).active
head = [c.value for c in ws[1]]
row = {h: c for h, c in zip(head, ws[2])}
for key, want in (("seed", None), ("master_seed", "18446744073709551557")):
    c = row[key]
    if c.data_type != "s" or not str(c.value).isdigit() or (want and c.value != want):
        sys.exit("%s: %r (%s), want digits as text" % (key, c.value, c.data_type))
PY
    fi
    if [ -n "$py" ]; then
        # the drawn grids as LibreOffice saves them: styles become automatic
        # cell styles (ods) and formulas get their values; .xls keeps no
        # style doku can see (FreeXL), only the values, formulas' included
        check_drawn "$tmp/lo/ods/drawn.ods" "$found_drawn" "$P_EDGE
$F4
$FORMULAS4_COMPUTED"
        got=$("$doku" check --format json --range 'Formulas!B2:E5' "$tmp/lo/xls/drawn.xls" 2>&1 |
              sed 's/.*"puzzle":"\([^"]*\)".*/\1/')
        [ "$got" = "$FORMULAS4_COMPUTED" ] || fail "drawn.xls: formulas read as $got"
        # the person's styled grids as LibreOffice saves them (ods
        # automatic styles; xls FONT and XF records)
        check_styled "$tmp/lo/ods/styled.ods"
        check_styled "$tmp/lo/xls/styled.xls"
        # text touching grids, as LibreOffice saves them (ods styles; xls
        # XF borders, BLANK records for the empty cells)
        check_touching "$tmp/lo/ods/touching.ods"
        check_touching "$tmp/lo/xls/touching.xls"
        # shapes and comments survive LibreOffice's ods
        got=$("$doku" check --format json "$tmp/lo/ods/xh.ods" 2>&1)
        case $got in
        *'"shape":"9x9, 3x3 boxes+x+hyper"'*'"comment":"# X and hyper","status":"unique"'*) ;;
        *) fail "LibreOffice's xh.ods read back as $got" ;;
        esac
        got=$("$doku" check --format json "$tmp/lo/ods/jk.ods" 2>&1 | sed 's/.*"shape"/"shape"/')
        want=$("$doku" check --format json "$tmp/jk.xlsx" 2>&1 | sed 's/.*"shape"/"shape"/')
        [ "$got" = "$want" ] || fail "LibreOffice's jk.ods read back as $got, want $want"
        # doku's solve --format xlsx as LibreOffice saves it again as xlsx,
        # read with openpyxl: the solution in B4:J12, the givens bold
        "$py" - "$tmp/lo/xlsx/single.xlsx" "$P9_NOVALUE" "$S9" <<'PY' || fail "LibreOffice's copy of solve --format xlsx"
import sys
from openpyxl import load_workbook
ws = load_workbook(sys.argv[1]).active
puzzle, solution = sys.argv[2], sys.argv[3]
for i in range(81):
    cell = ws.cell(row=4 + i // 9, column=2 + i % 9)
    if cell.value != int(solution[i]):
        sys.exit("%s: %r, want %s" % (cell.coordinate, cell.value, solution[i]))
    if bool(cell.font.b) != (puzzle[i] != "."):
        sys.exit("%s: bold %s for %s" % (cell.coordinate, cell.font.b, puzzle[i]))
PY
    fi
else
    echo "SKIPPED: LibreOffice check (no soffice: Debian libreoffice-calc-nogui)"
fi

[ $fails = 0 ] && echo "workbook: all passed"
[ $fails = 0 ]
