#!/bin/sh
# Remakes tests/fixtures/workbooks/ with programs other than doku:
#   book.xlsx, bad.xlsx   openpyxl (make_fixtures.py; Debian python3-openpyxl)
#   book.ods              LibreOffice from book.xlsx (formulas computed)
#   book_lo.xlsx          LibreOffice from book.ods (formulas with cached values)
#   book.xls              LibreOffice from book.ods (BIFF8)
#   tests/cli/fixtures/sheets/lo-{offset,titled,two,labels}.csv
#                         LibreOffice's CSV of grids away from A1
#                         (offset_sheets.py)
# Needs Debian libreoffice-calc-nogui. Usage: tests/workbook/make_fixtures.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out="$root/tests/fixtures/workbooks"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
py=python3
for p in /usr/bin/python3 python3; do
    if "$p" -c 'import openpyxl' 2>/dev/null; then py=$p; break; fi
done
mkdir -p "$out"
"$py" "$here/make_fixtures.py" "$out" "$root/tests/fixtures/puzzles/16x16.txt"
lo_convert() {
    HOME="$tmp" timeout 180 soffice --headless --norestore \
        "-env:UserInstallation=file://$tmp/lo" "$@" >/dev/null 2>&1
}
lo_convert --convert-to ods --outdir "$tmp" "$out/book.xlsx"
cp "$tmp/book.ods" "$out/book.ods"
mkdir "$tmp/x"
lo_convert --convert-to xlsx --outdir "$tmp/x" "$out/book.ods"
cp "$tmp/x/book.xlsx" "$out/book_lo.xlsx"
lo_convert --convert-to xls --outdir "$tmp" "$out/book.ods"
cp "$tmp/book.xls" "$out/book.xls"
mkdir "$tmp/o"
puzzle=$(grep -v '^#' "$root/tests/cli/fixtures/logic9.txt" | head -1 | cut -c1-81)
"$py" "$here/offset_sheets.py" "$tmp/o" "$puzzle"
for f in offset titled two labels; do
    lo_convert --convert-to csv --outdir "$tmp/o" "$tmp/o/$f.xlsx"
    cp "$tmp/o/$f.csv" "$root/tests/cli/fixtures/sheets/lo-$f.csv"
done
ls -l "$out"
