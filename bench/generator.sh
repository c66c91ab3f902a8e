#!/bin/sh
# Generator benchmark: doku beside qqwing, one run, alternating, pinned to
# one core, CPU time (user+sys) of whole commands. Prints a markdown table.
# Usage: bench/generator.sh path/to/doku [scale]   (scale 1 = ~1 minute)
#   TIERS="avx512 avx2 sse42 portable" bench/generator.sh ...: the level
#   rows only, doku once per SIMD tier (DOKU_ISA) right after one qqwing
#   run, so every tier's ratio is to the same qqwing figure; ROUNDS=k
#   repeats the whole table k times (qqwing's own rate moves by 20-30%).
set -eu
DOKU=$1
SCALE=${2:-1}
CPU=${CPU:-1}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# cpu SECONDS of a command, its stdout to $T/out
cpu() {
    /usr/bin/time -f "%U %S" -o "$T/time" taskset -c "$CPU" "$@" > "$T/out"
    awk '{ printf "%.3f", $1 + $2 }' "$T/time"
}
rate() { awk -v n="$1" -v t="$2" 'BEGIN { printf "%.1f", (t > 0 ? n / t : 0) }'; }

if [ -n "${TIERS:-}" ]; then
    round=1
    while [ "$round" -le "${ROUNDS:-1}" ]; do
        head="| level | qqwing /s |"
        rule="|---|---:|"
        for t in $TIERS; do
            head="$head doku $t /s | ratio |"
            rule="$rule---:|---:|"
        done
        echo "round $round"
        echo "$head"
        echo "$rule"
        for level in any simple easy intermediate expert; do
            case $level in
                simple) nq=$((4 * SCALE)) ;;
                easy|intermediate) nq=$((100 * SCALE)) ;;
                *) nq=$((300 * SCALE)) ;;
            esac
            nd=$((20000 * SCALE))
            [ $level = intermediate ] && nd=$((5000 * SCALE))
            tq=$(cpu qqwing --generate $nq --difficulty $level --one-line)
            rq=$(rate $nq "$tq")
            row="| $level | $rq |"
            for t in $TIERS; do
                td=$(DOKU_ISA=$t cpu "$DOKU" generate -n $nd --qqwing-level $level --seed 1 --quiet)
                [ "$(wc -l < "$T/out")" -eq $nd ] || echo "doku printed too few lines" >&2
                rd=$(rate $nd "$td")
                row="$row $rd | $(awk -v a="$rd" -v b="$rq" 'BEGIN { printf "%.0fx", a / b }') |"
            done
            echo "$row"
        done
        echo
        round=$((round + 1))
    done
    exit 0
fi

echo "| level | qqwing puzzles | qqwing CPU s | qqwing /s | doku puzzles | doku CPU s | doku /s | ratio |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for level in any simple easy intermediate expert; do
    case $level in
        simple) nq=$((4 * SCALE)) ;;
        easy|intermediate) nq=$((100 * SCALE)) ;;
        *) nq=$((300 * SCALE)) ;;
    esac
    nd=$((20000 * SCALE))
    [ $level = intermediate ] && nd=$((5000 * SCALE))
    tq=$(cpu qqwing --generate $nq --difficulty $level --one-line)
    td=$(cpu "$DOKU" generate -n $nd --qqwing-level $level --seed 1 --quiet)
    [ "$(wc -l < "$T/out")" -eq $nd ] || echo "doku printed too few lines" >&2
    rq=$(rate $nq "$tq"); rd=$(rate $nd "$td")
    echo "| $level | $nq | $tq | $rq | $nd | $td | $rd | $(awk -v a="$rd" -v b="$rq" 'BEGIN { printf "%.0fx", a / b }') |"
done

echo
echo "| doku run | puzzles | CPU s | per second | ms each |"
echo "|---|---:|---:|---:|---:|"
run() {
    label=$1; n=$2; shift 2
    t=$(cpu "$DOKU" generate -n "$n" --seed 1 --quiet "$@")
    echo "| $label | $n | $t | $(rate "$n" "$t") | $(awk -v n="$n" -v t="$t" 'BEGIN { printf "%.2f", 1000 * t / n }') |"
}
run "9x9 minimal, rot180" $((10000 * SCALE)) --minimal --symmetry rot180
run "9x9 full grids" $((50000 * SCALE)) --full
run "9x9 SE 7.0+ (HoDoKu extreme: 8.8/s)" $((400 * SCALE)) --rating 7.0+
run "9x9 X minimal" $((2000 * SCALE)) --variant x
run "9x9 hyper minimal" $((2000 * SCALE)) --variant hyper
run "16x16 minimal (budgeted)" $((40 * SCALE)) --size 16
run "16x16, 120 givens" $((400 * SCALE)) --size 16 --clues 120
run "16x16 qqwing easy" $((200 * SCALE)) --size 16 --qqwing-level easy
run "25x25 minimal (budgeted)" $((4 * SCALE)) --size 25
run "25x25, 400 givens" $((40 * SCALE)) --size 25 --clues 400
