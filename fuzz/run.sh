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
# SECONDS 0: replay every seed once, no mutation: a deterministic
# regression run for `make test` (the seeds include every input that once
# found a defect); `make fuzz` mutates for FUZZ_SECONDS.
if [ "$SECONDS_" = 0 ]; then
    mkdir -p "$(dirname "$WORK")"
    find "$SEEDS" -type f | sort > "$WORK.list"
    n=$(wc -l < "$WORK.list")
    [ "$n" -gt 0 ] || { echo "$(basename "$TARGET"): no seeds in $SEEDS"; exit 1; }
    # shellcheck disable=SC2046
    "$TARGET" -timeout=30 -rss_limit_mb=2560 $(cat "$WORK.list") > "$WORK.log" 2>&1 || {
        tail -n 60 "$WORK.log"; exit 1; }
    echo "$(basename "$TARGET"): $n seeds replayed, nothing found"
    exit 0
fi
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
