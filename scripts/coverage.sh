#!/bin/sh
# scripts/coverage.sh BUILD_DIR — after the tests ran in a --coverage
# build, collects line and branch coverage of the library (src/) with
# lcov, writes BUILD_DIR/coverage/index.html and prints one line per
# module (src/, src/io, src/search, ...) and per file.
set -eu
B=$1
OUT=$B/coverage
mkdir -p "$OUT"
RC="--rc lcov_branch_coverage=1"
lcov $RC --quiet --capture --directory "$B" --output-file "$OUT/all.info" 2>/dev/null
lcov $RC --quiet --extract "$OUT/all.info" "*/src/*" --output-file "$OUT/lib.info" 2>/dev/null
genhtml $RC --quiet --output-directory "$OUT" "$OUT/lib.info" >/dev/null 2>&1 || true
# Per module and per file, from the tracefile's LF/LH (lines) and
# BRF/BRH (branches) counts.
awk -v root="$(cd "$(dirname "$0")/.." && pwd)/" '
    /^SF:/ { f = substr($0, 4); sub(root, "", f); m = f; sub(/\/[^\/]*$/, "", m) }
    /^LF:/ { lf[f] = $0; sub(/LF:/, "", lf[f]); LF[m] += lf[f]; TLF += lf[f] }
    /^LH:/ { lh[f] = $0; sub(/LH:/, "", lh[f]); LH[m] += lh[f]; TLH += lh[f] }
    /^BRF:/ { bf[f] = $0; sub(/BRF:/, "", bf[f]); BF[m] += bf[f]; TBF += bf[f] }
    /^BRH:/ { bh[f] = $0; sub(/BRH:/, "", bh[f]); BH[m] += bh[f]; TBH += bh[f] }
    function pct(a, b) { return b + 0 ? sprintf("%5.1f%%", 100 * a / b) : "    -" }
    END {
        printf "%-36s %8s %8s\n", "module / file", "lines", "branches"
        for (m in LF) printf "%-36s %8s %8s\n", m "/", pct(LH[m], LF[m]), pct(BH[m], BF[m]) | "sort"
        close("sort")
        printf "%-36s %8s %8s\n", "library total", pct(TLH, TLF), pct(TBH, TBF)
        print ""
        for (f in lf) printf "%-36s %8s %8s\n", f, pct(lh[f], lf[f]), pct(bh[f], bf[f]) | "sort"
    }' "$OUT/lib.info"
echo "html: $OUT/index.html"
