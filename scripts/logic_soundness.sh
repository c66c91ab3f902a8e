#!/bin/sh
# scripts/logic_soundness.sh [BUILD_DIR] — every step of the logic engine
# checked against the solution found by search, on whole data files:
# the rated set, magictour top1465, the 17-clue set, 16x16 puzzles and the
# forum's hardest lists (all of 1106, every 200th of the 11+ list).
# Then the same with the extended techniques enabled (--techniques
# extended: finned fish, colouring, W-wing, remote pairs, UR type 6,
# hidden rectangle, Sue de Coq, ALS-XZ, ALS-XY-wing, grouped chains), plus
# each extended technique alone after the basic set, so that every one of
# them fires many times.
# Exit 1 if any step is unsound. (The unit tests run samples of these.)
set -eu
BUILD=${1:-build}
DATA=${DOKU_DATA_DIR:-$(dirname "$0")/../../shared/data}
BIN=$BUILD/logic_bench
[ -x "$BIN" ] || { echo "build $BIN first (cmake --build $BUILD --target logic_bench)" >&2; exit 2; }
rc=0
run() { echo "## $*"; "$BIN" "$@" | sed -n '1p;/^time/p;/^  steps/p' || rc=1; }
run "$DATA/rated/sudoku_exchange_se_rated_sample.txt"
run "$DATA/sudoku9/puzzles3_magictour_top1465"
run "$DATA/sudoku9/puzzles2_17_clue_dev" --every 10
run "$DATA/large/16x16_1to9only_all.txt" --n 16 --skip 20 --every 10 --limit 10
# the forum's hardest lists: dynamic forcing chains (+) at work
run "$DATA/sudoku9/puzzles6_forum_hardest_1106"
run "$DATA/sudoku9/puzzles5_forum_hardest_1905_11+_dev" --every 200
X="--techniques extended --count"
run "$DATA/rated/sudoku_exchange_se_rated_sample.txt" $X --every 4
run "$DATA/sudoku9/puzzles3_magictour_top1465" $X
run "$DATA/sudoku9/puzzles2_17_clue_dev" $X --every 50
run "$DATA/large/16x16_1to9only_all.txt" --n 16 --skip 20 --every 10 --limit 10 $X
BASIC=singles,intersections,subsets
for t in finned-fish w-wing remote-pair simple-colouring multi-colouring \
         unique-rectangle-6 hidden-rectangle sue-de-coq als-xz als-xy-wing \
         grouped-x-chain grouped-aic; do
  run "$DATA/sudoku9/puzzles3_magictour_top1465" --techniques "$BASIC,$t" --count
done
exit $rc
