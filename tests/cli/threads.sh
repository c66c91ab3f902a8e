#!/bin/sh
# tests/cli/threads.sh DOKU FIXTURES_DIR — the threaded commands (solve,
# check, count, grade, explain, generate, bench) with --threads 2 give
# byte for byte the output of one thread, and exit as one thread does.
# `make tsan` runs this under ThreadSanitizer: a data race makes the run
# exit non-zero (TSAN_OPTIONS below) and is reported here by command.
set -u
DOKU=$1
FIX=$2
TMP=$(mktemp -d "${TMPDIR:-/tmp}/doku-threads.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT INT TERM
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 ${TSAN_OPTIONS:-}"
P=$FIX/puzzles
fail=0 pass=0

# same NAME ARGS...: runs `doku ARGS --threads 1` and `--threads 2`.
same() {
    name=$1
    shift
    "$DOKU" "$@" --threads 1 > "$TMP/o1" 2> "$TMP/e1"
    c1=$?
    "$DOKU" "$@" --threads 2 > "$TMP/o2" 2> "$TMP/e2"
    c2=$?
    if grep -q ThreadSanitizer "$TMP/e1" "$TMP/e2"; then
        echo "FAIL $name: ThreadSanitizer report"
        grep -A12 'WARNING: ThreadSanitizer' "$TMP/e2" "$TMP/e1" | head -40
        fail=$((fail + 1))
    elif [ "$c1" != "$c2" ] || [ "$c1" -gt 1 ] || ! cmp -s "$TMP/o1" "$TMP/o2" ||
         ! cmp -s "$TMP/e1" "$TMP/e2"; then
        echo "FAIL $name: exit $c1 vs $c2, or the outputs differ"
        diff "$TMP/o1" "$TMP/o2" | head -10
        head -5 "$TMP/e2"
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
}

# Puzzle-only copies of the fixture lines (the reader would keep the
# ":count:solution" tail as a comment, which is fine, but explicit is better).
for f in classic9_top1465 classic9_multi classic9_rated 16x16 xhyper9; do
    grep -v '^#' "$P/$f.txt" | cut -d: -f1 > "$TMP/$f.txt"
done
same "solve 9x9" solve "$TMP/classic9_top1465.txt" "$TMP/classic9_multi.txt"
same "solve 16x16" solve --timeout 20 "$TMP/16x16.txt"
same "solve x+hyper" solve --variant x,hyper "$TMP/xhyper9.txt"
same "check json" check --format json "$TMP/classic9_multi.txt" "$TMP/classic9_top1465.txt"
same "count" count --limit 50 "$TMP/classic9_multi.txt"
# listings that leave in chunks (cli_task_spill): 39168 solutions each
for i in 1 2 3; do echo "351624.............................."; done > "$TMP/six.txt"
same "solve --all streamed" solve --all "$TMP/six.txt"
same "grade" grade "$TMP/classic9_rated.txt"
same "explain json" explain --format json "$TMP/classic9_top1465.txt"
same "generate" generate -n 12 --seed 5 --symmetry rot180
same "generate rating" generate -n 4 --seed 3 --rating 2.0-4.0
same "generate 16x16" generate -n 3 --seed 2 --size 16
# bench prints timings: only a clean run and its exit status are compared.
for t in 1 2; do
    "$DOKU" bench -r 1 -l 1,2 -t $t "$TMP/classic9_top1465.txt" > /dev/null 2> "$TMP/eb"
    c=$?
    if [ $c != 0 ] || grep -q ThreadSanitizer "$TMP/eb"; then
        echo "FAIL bench -t $t: exit $c"
        head -20 "$TMP/eb"
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
done
echo "threaded commands: $pass passed, $fail failed"
[ $fail = 0 ]
