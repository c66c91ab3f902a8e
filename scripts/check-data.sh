#!/bin/sh
# Cross-checks the classic 9x9 fast path against the generic engine on every
# shared 9x9 data set: all solutions, compared as sets, then the counts
# with limit 2 (where the search stops early). Usage:
#   scripts/check-data.sh [BUILD_DIR]     (default: build)
set -e
BUILD=${1:-build}
DATA=${DOKU_DATA_DIR:-$(dirname "$0")/../../shared/data}
cmake --build "$BUILD" --target doku_crosscheck -j2 >/dev/null
"$BUILD"/doku_crosscheck "$DATA"/sudoku9/puzzles* "$DATA"/sudoku9/tdoku_test_puzzles
"$BUILD"/doku_crosscheck --limit 2 "$DATA"/sudoku9/puzzles* "$DATA"/sudoku9/tdoku_test_puzzles
