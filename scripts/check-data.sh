#!/bin/sh
# Cross-checks the classic 9x9 fast path against the generic engine on every
# shared 9x9 data set: all solutions, compared as sets, then the counts
# with limit 2 (where the search stops early), for each SIMD tier of the
# fast path (portable, sse42, avx2, avx512; a tier this CPU lacks is reported as
# skipped). Usage:
#   scripts/check-data.sh [BUILD_DIR]     (default: build)
#   CHECK_TIERS="avx2" scripts/check-data.sh   (only some tiers)
set -e
BUILD=${1:-build}
DATA=${DOKU_DATA_DIR:-$(dirname "$0")/../../shared/data}
TIERS=${CHECK_TIERS:-portable sse42 avx2 avx512}
cmake --build "$BUILD" --target doku_crosscheck -j2 >/dev/null
for t in $TIERS; do
    "$BUILD"/doku_crosscheck --isa "$t" "$DATA"/sudoku9/puzzles* "$DATA"/sudoku9/tdoku_test_puzzles
    "$BUILD"/doku_crosscheck --isa "$t" --limit 2 "$DATA"/sudoku9/puzzles* "$DATA"/sudoku9/tdoku_test_puzzles
done
