#!/bin/sh
# scripts/logic_soundness.sh [BUILD_DIR] — every step of the logic engine
# checked against the solution found by search, on whole data files:
# the rated set, magictour top1465, the 17-clue set, and 16x16 puzzles.
# Exit 1 if any step is unsound. (The unit tests run samples of these.)
set -eu
BUILD=${1:-build}
DATA=${DOKU_DATA_DIR:-$(dirname "$0")/../../shared/data}
BIN=$BUILD/logic_bench
[ -x "$BIN" ] || { echo "build $BIN first (cmake --build $BUILD --target logic_bench)" >&2; exit 2; }
rc=0
run() { echo "## $*"; "$BIN" "$@" | sed -n '1p;/^time/p' || rc=1; }
run "$DATA/rated/sudoku_exchange_se_rated_sample.txt"
run "$DATA/sudoku9/puzzles3_magictour_top1465"
run "$DATA/sudoku9/puzzles2_17_clue_dev" --every 10
run "$DATA/large/16x16_1to9only_all.txt" --n 16 --skip 20 --every 10 --limit 10
exit $rc
