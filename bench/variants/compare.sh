#!/bin/sh
# bench/variants/compare.sh VARIANT_BENCH ISS_DIR COLLECTION... — doku
# against Interactive Sudoku Solver on ISS's own collections, run
# alternately collection by collection (a shared machine drifts; the
# ratio of neighbouring runs holds). Each collection is exported with
# /work/shared/tools/iss-export.mjs (override: ISS_EXPORT), solved by
# doku (limit 2, thread CPU time, best of 3) and by ISS's
# tools/perf/benchmark_puzzles.js (--max-backtracks none, 2 solutions,
# best of 3), pinned to one core. Prints per puzzle: name, doku µs, ISS
# µs, doku nodes/guesses, ISS nodes/guesses; then the geometric mean and
# the slowest puzzle's ratio.
set -eu
BENCH=$1
ISS=$2
shift 2
EXPORT=${ISS_EXPORT:-/work/shared/tools/iss-export.mjs}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/doku-variants.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
for coll in "$@"; do
    node "$EXPORT" "$ISS" "$coll" > "$TMP/$coll.tsv"
    taskset -c 1 "$BENCH" --repeat 3 "$TMP/$coll.tsv" > "$TMP/$coll.doku" || true
    (cd "$ISS" && taskset -c 1 node tools/perf/benchmark_puzzles.js --max-backtracks none \
        --repeat 3 --puzzles "$coll") > "$TMP/$coll.iss"
    # ISS names its puzzles its own way: rows pair up in collection order
    sed '1d; s/  */\t/g' "$TMP/$coll.iss" > "$TMP/$coll.isst"
    awk -F'\t' 'NR == FNR { d[FNR] = $5; dn[FNR] = $3 "/" $4; name[FNR] = $1; next }
        { status = $(NF-7); ms = $(NF-2); nodes = $(NF-3); guesses = $(NF-5)
          if (FNR in d && status == "unique")
            printf "%s\t%.0f\t%.0f\t%s\t%s/%s\n", name[FNR], d[FNR], ms * 1000, dn[FNR],
                   nodes, guesses }' "$TMP/$coll.doku" "$TMP/$coll.isst"
done | awk -F'\t' '{ print; r = $3 / $2; s += log(r); k++; if ($2 > worst) { worst = $2; wr = r; wn = $1 } }
    END { if (k) printf "geomean ISS/doku %.2fx over %d puzzles; slowest doku puzzle %s: %.2fx\n",
          exp(s / k), k, wn, wr }'
