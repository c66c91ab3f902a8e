#!/bin/sh
# tests/cli/parallel.sh DOKU FIXTURES — docs/SCALING.md's recipe on a
# sample: `doku grade` through GNU parallel (--pipe --keep-order, chunks of
# 14 lines, on 2 jobs; then through --sshlogin ':' = this machine, the
# path a list of hosts takes) gives the same output as one process.
# Skipped (exit 77) without GNU parallel; scripts/deps.sh installs it.
set -eu
DOKU=$1
FIX=$2
command -v parallel >/dev/null || { echo "parallel test SKIPPED: GNU parallel missing (scripts/deps.sh installs it)"; exit 77; }
TMP=$(mktemp -d "${TMPDIR:-/tmp}/doku-par.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
grep -hv '^#' "$FIX/puzzles/classic9_17clue.txt" "$FIX/puzzles/classic9_rated.txt" | head -70 > "$TMP/sample.txt"
"$DOKU" grade < "$TMP/sample.txt" > "$TMP/one.txt"
parallel --will-cite --pipe --keep-order -N 14 -j 2 "$DOKU" grade < "$TMP/sample.txt" > "$TMP/many.txt"
cmp "$TMP/one.txt" "$TMP/many.txt" || { echo "parallel --pipe output differs from one process"; exit 1; }
parallel --will-cite --pipe --keep-order -N 14 -j 2 --sshlogin : "$DOKU" grade < "$TMP/sample.txt" > "$TMP/ssh.txt"
cmp "$TMP/one.txt" "$TMP/ssh.txt" || { echo "parallel --sshlogin output differs from one process"; exit 1; }
echo "parallel: $(wc -l < "$TMP/one.txt") graded lines, the same from 1 process, 5 chunks on 2 jobs, and via --sshlogin :"
