#!/bin/sh
# Produces the "Classic 9x9" figures of BENCHMARKS.md in one run: the fast
# path on every shared 9x9 set, limits 1 and 2, counting all solutions of
# the serg set, one thread pinned to one core with thread CPU time, for
# each SIMD tier the CPU runs (TIERS, default "avx512 avx2 sse42 portable"; a
# tier the CPU lacks is named and skipped), then the generic engine and
# two threads (wall clock) on the best tier.
# Usage: bench/classic9_table.sh [DOKU] [REPEAT]
set -e
DOKU=${1:-build/doku}
REP=${2:-5}
TIERS=${TIERS:-avx512 avx2 sse42 portable}
D=${DOKU_DATA_DIR:-$(dirname "$0")/../../shared/data}/sudoku9
SETS="$D/puzzles2_17_clue_dev $D/puzzles3_magictour_top1465 $D/puzzles5_forum_hardest_1905_11+_dev $D/puzzles6_forum_hardest_1106 $D/puzzles7_serg_benchmark"
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'); $(lscpu | sed -n 's/^Model name: *//p'); $($DOKU --version 2>/dev/null || true)"
for t in $TIERS; do
    if ! "$DOKU" bench --isa "$t" -r 1 -n 1 "$D/puzzles7_serg_benchmark" >/dev/null 2>&1; then
        echo "## tier $t: skipped (this CPU lacks it)"
        continue
    fi
    echo "## tier $t: one thread, pinned, thread CPU time"
    taskset -c 1 "$DOKU" bench --isa "$t" --clock cpu -r "$REP" -l 1,2 $SETS
    echo "## tier $t: counting every solution of the serg set"
    taskset -c 1 "$DOKU" bench --isa "$t" --clock cpu -r "$REP" -l 1000000 "$D/puzzles7_serg_benchmark"
done
echo "## generic engine for comparison (first 2000 puzzles)"
taskset -c 1 "$DOKU" bench --generic --clock cpu -r 1 -n 2000 -l 2 "$D/puzzles2_17_clue_dev" "$D/puzzles7_serg_benchmark"
echo "## one and two threads, wall clock"
"$DOKU" bench -r "$REP" -l 2 -t 1,2 "$D/puzzles2_17_clue_dev" "$D/puzzles5_forum_hardest_1905_11+_dev"
