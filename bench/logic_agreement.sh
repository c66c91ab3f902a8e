#!/bin/sh
# bench/logic_agreement.sh [BUILD_DIR] — the logic engine's rating agreement
# with the published Sukaku Explainer ratings of the rated set (exact %,
# within-0.5 %, confusion by band) and its time per puzzle per band
# (thread CPU time, one pinned core), plus soundness on every puzzle.
# Needs the logic_bench target: cmake --build build --target logic_bench
set -eu
BUILD=${1:-build}
DATA=${DOKU_DATA_DIR:-$(dirname "$0")/../../shared/data}
BIN=$BUILD/logic_bench
[ -x "$BIN" ] || { echo "build $BIN first (cmake --build $BUILD --target logic_bench)" >&2; exit 2; }
PIN=""
command -v taskset >/dev/null 2>&1 && PIN="taskset -c 1"
echo "## rated set: $DATA/rated/sudoku_exchange_se_rated_sample.txt"
$PIN "$BIN" "$DATA/rated/sudoku_exchange_se_rated_sample.txt"
# The top of the scale (SE's nested forcing chains): the hardest puzzles
# with published SE ratings, one line each (reference, ours, CPU time),
# then exact % and within-0.2 %. About 3 minutes of CPU in all.
TOP="$DATA/rated/hardest_published.txt"
if [ -f "$TOP" ]; then
    echo "## top band: $TOP"
    $PIN "$BIN" "$TOP" --each
fi
