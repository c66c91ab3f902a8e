#!/bin/sh
# CLI tests of `doku generate` and `doku reduce`: determinism (same seed
# twice, 1 vs 2 threads), uniqueness of every puzzle (doku count, and
# qqwing --count-solutions when installed), levels as qqwing rates them,
# given counts, symmetry, minimality, shapes, unreachable requests.
# Usage: generate.sh path/to/doku
set -u
DOKU=$1
TMP=${TMPDIR:-/tmp}/doku-gen-test.$$
mkdir -p "$TMP"
trap 'rm -rf "$TMP"' EXIT
fails=0
fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }

# givens per line (first field), ignoring '.' and '0'
givens() { awk '{ s = $1; gsub(/[.0]/, "", s); print length(s) }'; }

# --- determinism ---------------------------------------------------------
"$DOKU" generate -n 60 --seed 42 --symmetry random > "$TMP/a" || fail "generate exit"
"$DOKU" generate -n 60 --seed 42 --symmetry random > "$TMP/b"
cmp -s "$TMP/a" "$TMP/b" || fail "same seed gave different output"
"$DOKU" generate -n 60 --seed 42 --symmetry random --threads 2 > "$TMP/c"
cmp -s "$TMP/a" "$TMP/c" || fail "1 vs 2 threads differ"
[ "$(wc -l < "$TMP/a")" -eq 60 ] || fail "expected 60 puzzles"
"$DOKU" generate -n 60 --seed 43 > "$TMP/d"
cmp -s "$TMP/a" "$TMP/d" && fail "different seeds gave the same output"
"$DOKU" generate -n 8 --seed 5 --size 16 --clues 140 --threads 2 > "$TMP/e1"
"$DOKU" generate -n 8 --seed 5 --size 16 --clues 140 --threads 1 > "$TMP/e2"
cmp -s "$TMP/e1" "$TMP/e2" || fail "16x16: 1 vs 2 threads differ"

# --- uniqueness by doku count ----------------------------------------------
if "$DOKU" count --help >/dev/null 2>&1; then
    for f in a e1; do
        "$DOKU" count --limit 2 "$TMP/$f" > "$TMP/counts" || fail "count exit ($f)"
        [ "$(grep -c '^1$' "$TMP/counts")" -eq "$(wc -l < "$TMP/$f")" ] ||
            fail "some puzzles of $f are not unique"
    done
fi

# --- given counts and symmetry --------------------------------------------
"$DOKU" generate -n 20 --seed 1 --clues 30 > "$TMP/g30"
[ "$(givens < "$TMP/g30" | sort -u)" = "30" ] || fail "--clues 30 gave other counts"
"$DOKU" generate -n 20 --seed 1 --clues 24-27 > "$TMP/band"
givens < "$TMP/band" | awk '$1 < 24 || $1 > 27 { exit 1 }' || fail "--clues 24-27 out of band"
"$DOKU" generate -n 10 --seed 3 --symmetry rot180 > "$TMP/sym"
awk '{ p = $1; for (i = 1; i <= 81; i++) {
         a = substr(p, i, 1) != "."; b = substr(p, 82 - i, 1) != ".";
         if (a != b) exit 1 } }' "$TMP/sym" || fail "rot180 not symmetric"
"$DOKU" generate -n 10 --seed 3 --symmetry mirror > "$TMP/sym"
awk '{ p = $1; for (r = 0; r < 9; r++) for (c = 0; c < 9; c++) {
         a = substr(p, r * 9 + c + 1, 1) != "."; b = substr(p, r * 9 + 9 - c, 1) != ".";
         if (a != b) exit 1 } }' "$TMP/sym" || fail "mirror not symmetric"

# --- minimality: removing any one given leaves several solutions ----------
if "$DOKU" count --help >/dev/null 2>&1; then
    "$DOKU" generate -n 3 --seed 9 --minimal > "$TMP/min"
    awk '{ p = $1; for (i = 1; i <= 81; i++) if (substr(p, i, 1) != ".")
             print substr(p, 1, i - 1) "." substr(p, i + 1) }' "$TMP/min" > "$TMP/minus1"
    "$DOKU" count --limit 2 "$TMP/minus1" > "$TMP/counts"
    [ "$(grep -c '^>=2$' "$TMP/counts")" -eq "$(wc -l < "$TMP/minus1")" ] ||
        fail "some givens of minimal puzzles were removable"
fi

# --- levels and uniqueness as qqwing sees them ------------------------------
if command -v qqwing >/dev/null 2>&1; then
    for l in simple easy intermediate expert; do
        "$DOKU" generate -n 25 --seed 8 --qqwing-level $l > "$TMP/lv"
        qqwing --solve --count-solutions --stats --one-line < "$TMP/lv" > "$TMP/qq" 2>&1
        [ "$(grep -c 'solution to the puzzle is unique' "$TMP/qq")" -eq 25 ] ||
            fail "qqwing: some $l puzzles not unique"
        want=$(echo $l | awk '{ print toupper(substr($1, 1, 1)) substr($1, 2) }')
        [ "$(grep -c "Difficulty: $want" "$TMP/qq")" -eq 25 ] ||
            fail "qqwing rates some $l puzzles otherwise"
    done
fi

# --- shapes and variants ----------------------------------------------------
for args in "--size 4" "--size 6" "--box 2x4" "--size 9 --variant x" \
            "--size 9 --variant hyper" "--size 12" "--size 16"; do
    "$DOKU" generate -n 2 --seed 4 $args > "$TMP/s" || fail "generate $args"
    [ "$(wc -l < "$TMP/s")" -eq 2 ] || fail "generate $args: expected 2 lines"
    if "$DOKU" count --help >/dev/null 2>&1; then
        # count reads the side from the input; only box and variant matter
        cargs=$(echo "$args" | sed 's/--size [0-9]*//')
        "$DOKU" count --limit 2 $cargs "$TMP/s" > "$TMP/counts"
        [ "$(grep -c '^1$' "$TMP/counts")" -eq 2 ] || fail "generate $args: not unique"
    fi
done
"$DOKU" generate --full -n 2 --seed 4 --size 25 > "$TMP/s" || fail "25x25 full grids"

# --- reduce -----------------------------------------------------------------
"$DOKU" generate --full -n 4 --seed 6 > "$TMP/full"
"$DOKU" reduce --seed 2 "$TMP/full" > "$TMP/r1" || fail "reduce exit"
"$DOKU" reduce --seed 2 --threads 2 "$TMP/full" > "$TMP/r2"
cmp -s "$TMP/r1" "$TMP/r2" || fail "reduce: 1 vs 2 threads differ"
"$DOKU" reduce --clues 35 "$TMP/full" | givens | sort -u > "$TMP/rc"
[ "$(cat "$TMP/rc")" = "35" ] || fail "reduce --clues 35"
"$DOKU" reduce --symmetry rot180 "$TMP/full" > "$TMP/rsym"
awk '{ p = $1; for (i = 1; i <= 81; i++) {
         a = substr(p, i, 1) != "."; b = substr(p, 82 - i, 1) != ".";
         if (a != b) exit 1 } }' "$TMP/rsym" || fail "reduce --symmetry rot180 not symmetric"
if command -v qqwing >/dev/null 2>&1; then
    "$DOKU" reduce --qqwing-level easy "$TMP/full" |
        qqwing --solve --stats --one-line 2>&1 | grep Difficulty | sort -u > "$TMP/rq"
    grep -qv -e Simple -e Easy "$TMP/rq" && fail "reduce --qqwing-level easy gave harder puzzles"
fi
# a puzzle (not a grid) reduces to a subset of its givens
head -1 "$TMP/a" > "$TMP/one"
"$DOKU" reduce "$TMP/one" > "$TMP/rone"
awk 'NR == FNR { p = $1; next } { q = $1; for (i = 1; i <= 81; i++)
         if (substr(q, i, 1) != "." && substr(q, i, 1) != substr(p, i, 1)) exit 1 }' \
    "$TMP/one" "$TMP/rone" || fail "reduce of a puzzle added or changed givens"
echo ".................................................................................:" > "$TMP/empty"
"$DOKU" reduce "$TMP/empty" > /dev/null 2>&1
[ $? -eq 1 ] || fail "reduce of a non-unique puzzle should exit 1"

# --- rating bands and techniques (when the logic grader is built in) ---------
if "$DOKU" generate --rating 1.0-12 -n 1 --seed 1 > /dev/null 2>&1; then
    "$DOKU" generate --rating 4.0-12 -n 3 --seed 2 > "$TMP/rt" || fail "--rating 4.0-12"
    [ "$(wc -l < "$TMP/rt")" -eq 3 ] || fail "--rating: expected 3 puzzles"
    "$DOKU" generate --require x-wing -n 2 --seed 2 > "$TMP/xw" || fail "--require x-wing"
    # every puzzle of a band is rated inside it by doku grade (ER first)
    inband() { # file min max
        "$DOKU" grade "$1" | awk -v lo="$2" -v hi="$3" '{ split($1, r, "/")
            if (r[1] + 0 < lo - 1e-9 || r[1] + 0 > hi + 1e-9) { print "rated " r[1]; exit 1 } }'
    }
    "$DOKU" generate --rating 7.0+ -n 12 --seed 3 > "$TMP/r7" || fail "--rating 7.0+"
    [ "$(wc -l < "$TMP/r7")" -eq 12 ] || fail "--rating 7.0+: expected 12 puzzles"
    inband "$TMP/r7" 7.0 99 || fail "--rating 7.0+ gave a puzzle rated below 7.0"
    "$DOKU" generate --rating 7.0+ -n 12 --seed 3 --threads 2 > "$TMP/r7b"
    cmp -s "$TMP/r7" "$TMP/r7b" || fail "--rating 7.0+: 1 vs 2 threads differ"
    "$DOKU" generate --rating 4.0-6.0 -n 12 --seed 3 > "$TMP/r4"
    inband "$TMP/r4" 4.0 6.0 || fail "--rating 4.0-6.0 gave a puzzle outside the band"
    "$DOKU" generate --rating 1.0-2.5 -n 8 --seed 3 > "$TMP/r1"
    inband "$TMP/r1" 1.0 2.5 || fail "--rating 1.0-2.5 gave a puzzle outside the band"
    if "$DOKU" count --help >/dev/null 2>&1; then
        cat "$TMP/r7" "$TMP/r4" > "$TMP/rall"
        "$DOKU" count --limit 2 "$TMP/rall" > "$TMP/counts" || fail "count exit (ratings)"
        [ "$(grep -c '^1$' "$TMP/counts")" -eq 24 ] || fail "some rated puzzles are not unique"
    fi
    "$DOKU" generate --rating extreme -n 4 --seed 4 > "$TMP/rx" || fail "--rating extreme"
    inband "$TMP/rx" 7.0 99 || fail "--rating extreme gave a puzzle rated below 7.0"
    "$DOKU" generate --rating hard -n 4 --seed 4 > "$TMP/rh" || fail "--rating hard"
    inband "$TMP/rh" 3.5 4.6 || fail "--rating hard gave a puzzle outside 3.5-4.6"
    "$DOKU" generate --rating 7.0x > /dev/null 2>&1
    [ $? -eq 2 ] || fail "--rating 7.0x should exit 2"
    "$DOKU" generate --require no-such-thing > /dev/null 2>&1
    [ $? -eq 2 ] || fail "--require of an unknown technique should exit 2"
fi

# --- unreachable requests and usage -----------------------------------------
"$DOKU" generate --clues 17 --symmetry rot90 --timeout 0.5 --seed 1 > "$TMP/out" 2> "$TMP/err"
[ $? -eq 1 ] || fail "unreachable request should exit 1"
[ -s "$TMP/out" ] && fail "unreachable request printed a puzzle"
grep -q "fewest givens reached" "$TMP/err" || fail "unreachable: no explanation"
"$DOKU" generate --help > /dev/null || fail "--help"
"$DOKU" generate --symmetry sideways > /dev/null 2>&1
[ $? -eq 2 ] || fail "bad --symmetry should exit 2"
"$DOKU" generate --clues 30-20 > /dev/null 2>&1
[ $? -eq 2 ] || fail "bad --clues should exit 2"

[ $fails -eq 0 ] && echo "generate.sh: all passed"
exit $((fails > 0))
