#!/bin/sh
# bench/serve/run.sh DOKU [PUZZLES] — wrk against `doku serve` on loopback:
# /api/solve with 9x9 puzzles (solve + uniqueness, the default), then
# /api/grade, each for DURATION seconds (default 10) with CONNS connections
# (default 50) and 2 wrk threads. The server runs with --threads THREADS
# (default 2) and --quiet. Prints wrk's requests/s and latency percentiles.
# PUZZLES: a file of 9x9 lines (default: the shared 17-clue set when it is
# there, else examples/classic9.txt).
set -eu
DOKU=$1
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
PUZZLES=${2:-$ROOT/../shared/data/sudoku9/puzzles2_17_clue_dev}
[ -f "$PUZZLES" ] || PUZZLES=$ROOT/examples/classic9.txt
DURATION=${DURATION:-10}
CONNS=${CONNS:-50}
THREADS=${THREADS:-2}
command -v wrk >/dev/null || { echo "bench-serve: wrk is missing (scripts/deps.sh installs it)" >&2; exit 1; }

TMP=$(mktemp -d)
trap 'kill $PID 2>/dev/null; rm -rf "$TMP"' EXIT
grep -v '^#' "$PUZZLES" | head -n 10000 > "$TMP/puzzles.txt"
"$DOKU" serve --port 0 --quiet --threads "$THREADS" > "$TMP/out" 2> "$TMP/err" &
PID=$!
for _ in 1 2 3 4 5 6 7 8 9 10; do
    grep -q listening "$TMP/out" 2>/dev/null && break
    sleep 0.2
done
URL=$(sed -n 's/.*listening on \(http[^ ]*\).*/\1/p' "$TMP/out")
echo "doku serve --threads $THREADS at $URL; $(wc -l < "$TMP/puzzles.txt") puzzles from $PUZZLES"
echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) CPUs; $(date -u +%Y-%m-%dT%H:%MZ)"
# the server's CPU time (user + system, in clock ticks) from /proc
cpu_ticks() { awk '{print $14 + $15}' /proc/$PID/stat; }
HZ=$(getconf CLK_TCK)
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for ep in solve grade; do
    echo
    echo "== POST /api/$ep: wrk -t2 -c$CONNS -d${DURATION}s --latency"
    c0=$(cpu_ticks)
    wrk -t2 -c"$CONNS" -d"${DURATION}s" --latency -s "$HERE/post.lua" "$URL" -- "/api/$ep" "$TMP/puzzles.txt" > "$TMP/wrk"
    c1=$(cpu_ticks)
    grep -E "Requests/sec|Latency|50%|90%|99%|requests in|non-2xx|Socket" "$TMP/wrk"
    n=$(sed -n 's/^ *\([0-9]*\) requests in.*/\1/p' "$TMP/wrk")
    awk -v t=$((c1 - c0)) -v hz="$HZ" -v n="$n" 'BEGIN { if (n > 0) printf "server CPU per request: %.1f us (user+system, all threads)\n", t / hz / n * 1e6 }'
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "server resident memory after the runs: $(grep VmRSS /proc/$PID/status | awk '{print $2, $3}')"
