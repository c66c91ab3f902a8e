#!/bin/sh
# bench/variants/compare.sh VARIANT_BENCH ISS_DIR COLLECTION... — doku
# against Interactive Sudoku Solver on ISS's own collections, run
# alternately collection by collection (a shared machine drifts; the
# ratio of neighbouring runs holds). Each collection is exported with
# /work/shared/tools/iss-export.mjs (override: ISS_EXPORT), solved by
# doku (limit 2, thread CPU time, best of 3) and by ISS's
# tools/perf/benchmark_puzzles.js (--max-backtracks none, 2 solutions,
# best of 3; REPEAT=N for another count), pinned to one core. Prints per puzzle: name, doku µs, ISS
# µs, doku nodes/guesses, ISS nodes/guesses; then the geometric mean and
# the slowest puzzle's ratio. An argument ending in .tsv is a file of
# exported lines (e.g. the EXAMPLES that doku reads): ISS solves each
# line's input through --input-file, one process a puzzle, under
# ISS_TIMEOUT seconds (default 600; a puzzle past it is left out). doku
# gets BUDGET seconds a puzzle (default 600); a puzzle it gives up on,
# or finds not unique, is left out and named on stderr.
set -eu
BENCH=$1
ISS=$2
shift 2
EXPORT=${ISS_EXPORT:-/work/shared/tools/iss-export.mjs}
# ISS reports wall time and doku thread CPU: on a busy machine ISS's
# figure grows with the load and doku's does not, so say so.
load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo 0)
if awk -v l="$load" 'BEGIN { exit !(l > 1.5) }'; then
  echo "compare.sh: load average $load: ISS's times are wall time and will be inflated; measure on an idle machine" >&2
fi
TMP=$(mktemp -d "${TMPDIR:-/tmp}/doku-variants.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
for arg in "$@"; do
    coll=$(basename "$arg" .tsv)
    case $arg in
    *.tsv) cp "$arg" "$TMP/$coll.tsv" ;;
    *) node "$EXPORT" "$ISS" "$coll" > "$TMP/$coll.tsv" ;;
    esac
    taskset -c 1 "$BENCH" --repeat "${REPEAT:-3}" --budget "${BUDGET:-600}" "$TMP/$coll.tsv" > "$TMP/$coll.doku" || true
    case $arg in
    *.tsv)
        # one ISS process a puzzle; a puzzle past the timeout gets a row
        # no status matches, so rows still pair up in order
        : > "$TMP/$coll.isst"
        while IFS='	' read -r name input rest; do
            printf '%s\n' "$input" > "$TMP/input.txt"
            row=$(cd "$ISS" && timeout "${ISS_TIMEOUT:-600}" taskset -c 1 node \
                tools/perf/benchmark_puzzles.js --max-backtracks none --repeat "${REPEAT:-3}" \
                --input-file "$TMP/input.txt" | sed '1d; s/  */\t/g')
            printf '%s\n' "${row:-$name	timeout	0	0	0	0	0	0	0}" >> "$TMP/$coll.isst"
        done < "$TMP/$coll.tsv"
        ;;
    *)
        (cd "$ISS" && taskset -c 1 node tools/perf/benchmark_puzzles.js --max-backtracks none \
            --repeat "${REPEAT:-3}" --puzzles "$coll") > "$TMP/$coll.iss"
        # ISS names its puzzles its own way: rows pair up in collection order
        sed '1d; s/  */\t/g' "$TMP/$coll.iss" > "$TMP/$coll.isst"
        ;;
    esac
    awk -F'\t' 'NR == FNR { d[FNR] = $5; dn[FNR] = $3 "/" $4; name[FNR] = $1; ds[FNR] = $2 == 1 && $6 != "gave-up" ? 1 : $2 " " $6; next }
        { status = $(NF-7); ms = $(NF-2); nodes = $(NF-3); guesses = $(NF-5)
          if (FNR in d && ds[FNR] != 1)
            printf "%s\tleft out: doku %s (ISS %s, %s ms, %s nodes)\n", name[FNR], ds[FNR], status,
                   ms, nodes > "/dev/stderr"
          else if (FNR in d && status == "unique")
            printf "%s\t%.0f\t%.0f\t%s\t%s/%s\n", name[FNR], d[FNR], ms * 1000, dn[FNR],
                   nodes, guesses
          else if (FNR in d)
            printf "%s\t%.0f\tleft out: ISS %s\n", name[FNR], d[FNR], status > "/dev/stderr" }' \
        "$TMP/$coll.doku" "$TMP/$coll.isst"
done | awk -F'\t' '{ print; r = $3 / $2; s += log(r); k++; if ($2 > worst) { worst = $2; wr = r; wn = $1 }
        if (r < 1) { slower = slower sprintf(" %s %.2fx", $1, r); ns++ } }
    END { if (k) printf "geomean ISS/doku %.2fx over %d puzzles; slowest doku puzzle %s: %.2fx\n",
          exp(s / k), k, wn, wr
          printf "slower than ISS: %d%s\n", ns, slower }'
