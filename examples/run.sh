#!/bin/sh
# examples/run.sh DOKU — the `make run` tour: solves the example puzzles of
# every size and kind shipped here and prints them as grids, with the search
# statistics and time of each (filled-in digits plain, givens in [brackets],
# or bold on a colour terminal).
set -u
DOKU=${1:-build/doku}
DIR=$(dirname "$0")
status=0

run() {
    title=$1
    shift
    # the command exactly as it runs (the binary and every option)
    printf '=== %s\n    %s solve --format grid --stats %s\n\n' "$title" "$DOKU" "$*"
    "$DOKU" solve --format grid --stats "$@" || status=1
}

start=$(date +%s.%N 2>/dev/null || date +%s)
run "4x4"                          "$DIR/4x4.txt"
run "6x6, 2x3 boxes"               --box 2x3 "$DIR/6x6.txt"
run "classic 9x9, easy and hard"   "$DIR/classic9.txt"
run "classic 9x9, framed .ss grid" "$DIR/classic9.ss"
run "X (diagonals)"                --variant x "$DIR/x9.txt"
run "hyper (Windoku)"              --variant hyper "$DIR/hyper9.txt"
run "X + hyper"                    --variant x,hyper "$DIR/x-hyper9.txt"
run "jigsaw regions (plus boxes)"  --regions "$DIR/jigsaw9.regions" --keep-boxes "$DIR/jigsaw9.txt"
run "16x16"                        "$DIR/16x16.txt"
run "25x25 (first solution)"       --limit 1 "$DIR/25x25.txt"
end=$(date +%s.%N 2>/dev/null || date +%s)
awk -v a="$start" -v b="$end" 'BEGIN { printf "all examples: %.2f s wall\n", b - a }'
exit $status
