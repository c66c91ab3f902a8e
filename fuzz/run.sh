#!/bin/sh
# fuzz/run.sh TARGET SEEDS WORK SECONDS [libFuzzer options...] — runs one
# fuzz target for SECONDS on its seed corpus (read only, in the repo) and
# its working corpus WORK (created; new inputs are written there, never
# into the repo). Exit status: libFuzzer's (0: nothing found). The last
# line of libFuzzer's report (executions, speed) is repeated on stdout.
set -eu
TARGET=$1
SEEDS=$2
WORK=$3
SECONDS_=$4
shift 4
mkdir -p "$WORK"
LOG="$WORK.log"
status=0
"$TARGET" -artifact_prefix="$WORK-" -max_total_time="$SECONDS_" -timeout=30 -rss_limit_mb=2560 -max_len=8192 \
    -print_final_stats=1 "$@" "$WORK" "$SEEDS" >"$LOG" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
    tail -n 60 "$LOG"
    exit "$status"
fi
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$LOG")
echo "$(basename "$TARGET"): ${runs:-?} executions in $SECONDS_ s, nothing found"
