#!/bin/sh
# Rating-band generation: `doku generate --rating BAND`, one pinned core,
# CPU time (user+sys) of whole commands; with a second binary, the two run
# alternately in one script (A/B) and must print the same puzzles.
# Usage: bench/rating_bands.sh NEW_DOKU [OLD_DOKU] [scale]
# (OLD_DOKU may predate "MIN+": open bands are then given as MIN-12.)
set -eu
NEW=$1
OLD=${2:-}
SCALE=${3:-1}
CPU=${CPU:-1}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cpu() {
    out=$1; shift
    /usr/bin/time -f "%U %S" -o "$T/time" taskset -c "$CPU" "$@" > "$out"
    awk '{ printf "%.3f", $1 + $2 }' "$T/time"
}
rate() { awk -v n="$1" -v t="$2" 'BEGIN { printf "%.1f", (t > 0 ? n / t : 0) }'; }

if [ -n "$OLD" ]; then
    echo "| band | puzzles | new CPU s | new /s | old CPU s | old /s | speed-up | same output |"
    echo "|---|---:|---:|---:|---:|---:|---:|---|"
else
    echo "| band | puzzles | CPU s | puzzles/s | vs HoDoKu extreme 8.8/s |"
    echo "|---|---:|---:|---:|---:|"
fi
for spec in "7.0+:400" "extreme:400" "7.0-12:200" "8.5+:40" "4.0-6.0:400" "4.7-6.9:200" "3.5-4.6:400" "1.0-2.5:1000"; do
    band=${spec%%:*}
    n=$((${spec#*:} * SCALE))
    tn=$(cpu "$T/new" "$NEW" generate -n "$n" --rating "$band" --seed 1 --quiet)
    if [ -n "$OLD" ]; then
        ob=$(echo "$band" | sed 's/+$/-12/; s/^extreme$/7.0-12/')
        to=$(cpu "$T/old" "$OLD" generate -n "$n" --rating "$ob" --seed 1 --quiet)
        same=$(cmp -s "$T/new" "$T/old" && echo yes || echo NO)
        echo "| $band | $n | $tn | $(rate "$n" "$tn") | $to | $(rate "$n" "$to") | $(awk -v a="$to" -v b="$tn" 'BEGIN { printf "%.2fx", a / b }') | $same |"
    else
        r=$(rate "$n" "$tn")
        echo "| $band | $n | $tn | $r | $(awk -v r="$r" 'BEGIN { printf "%.0fx", r / 8.8 }') |"
    fi
done
