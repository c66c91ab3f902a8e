#!/bin/sh
# tests/render/run.sh DOKU SRC [REPLAY_CHECK] — pictures drawn by doku (render/), then read
# back by tools that share no code with it: poppler's pdfinfo/pdftotext
# (pages, and every given in the text layer in order), xmllint (the SVG is
# XML) and rsvg-convert (it renders), and a PNG compared with the README's
# picture within a pixel tolerance (check.py). Every shape is drawn: 4x4,
# 9x9, 16x16, 25x25, jigsaw, X + hyper; and every variant constraint. scripts/deps.sh installs the tools.
set -u
DOKU=$1
SRC=$2
REPLAY=${3:-}
CHECK="python3 $SRC/tests/render/check.py"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
for tool in pdfinfo pdftotext xmllint rsvg-convert python3; do
    command -v $tool >/dev/null 2>&1 || { echo "render: $tool missing (scripts/deps.sh installs it)"; exit 1; }
done
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
pages() { pdfinfo "$1" 2>/dev/null | awk '/^Pages:/ {print $2}'; }

cd "$SRC" || exit 1
E=examples
# name, shape options, file
while read -r name opts file; do
    [ -n "$name" ] || continue
    opts=$(echo "$opts" | tr + ' ')
    exec 3<&0 </dev/null
    # shellcheck disable=SC2086
    "$DOKU" solve $opts --format json "$file" > "$T/$name.jsonl"
    n=$(grep -c . "$T/$name.jsonl")
    "$DOKU" solve $opts --format pdf -o "$T/$name.pdf" "$file" || fail "$name: solve --format pdf"
    [ "$(pages "$T/$name.pdf")" = "$n" ] || fail "$name: $n records, $(pages "$T/$name.pdf") pages"
    $CHECK pdf-givens "$T/$name.pdf" "$T/$name.jsonl" || fail "$name: PDF text layer"
    "$DOKU" solve $opts --format svg -o "$T/$name-%02d.svg" "$file" || fail "$name: solve --format svg"
    for k in $(seq 1 "$n"); do
        f=$(printf '%s/%s-%02d.svg' "$T" "$name" "$k")
        xmllint --noout "$f" || fail "$f: not XML"
        rsvg-convert "$f" -o "$f.png" && $CHECK png-size "$f.png" 0 0 || fail "$f: rsvg-convert"
    done
    "$DOKU" solve $opts --format png -o "$T/$name.png" "$file" || fail "$name: solve --format png"
    if [ "$n" = 1 ]; then
        $CHECK png-size "$T/$name.png" 0 0 || fail "$name.png"
    else
        for k in $(seq 1 "$n"); do
            $CHECK png-size "$(printf '%s/%s-%03d.png' "$T" "$name" "$k")" 0 0 || fail "$name: page $k"
        done
    fi
    echo "ok: $name ($n grids: pdf, svg, png)"
    exec 0<&3
done <<LIST
4x4 --threads=1 $E/4x4.txt
9x9 --threads=1 $E/classic9.txt
16x16 --threads=1 $E/16x16.txt
25x25 --limit=1 $E/25x25.txt
jigsaw --regions=$E/jigsaw9.regions+--keep-boxes $E/jigsaw9.txt
x-hyper --variant=x,hyper $E/x-hyper9.txt
LIST

# explain: one page (PDF) and one picture (PNG) per step; the jigsaw too
P=$(grep -v '^#' $E/classic9.txt | head -1)
steps=$(echo "$P" | "$DOKU" explain --format json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["steps"]))')
echo "$P" | "$DOKU" explain --format pdf -o "$T/explain.pdf" || fail "explain --format pdf"
[ "$(pages "$T/explain.pdf")" = "$steps" ] || fail "explain: $steps steps, $(pages "$T/explain.pdf") pages"
# PNG pages cost most (zlib): counted on a short explanation, a 4x4
Q=$(grep -v '^#' $E/4x4.txt | head -1)
qsteps=$(echo "$Q" | "$DOKU" explain --format json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["steps"]))')
echo "$Q" | "$DOKU" explain --format png -o "$T/step-%03d.png" || fail "explain --format png"
[ "$(ls "$T"/step-*.png | wc -l)" = "$qsteps" ] || fail "explain: $qsteps steps, $(ls "$T"/step-*.png | wc -l) PNGs"
pdftotext -f 1 -l 1 "$T/explain.pdf" - | grep -q "Hidden Single" || fail "explain: no sentence on page 1"
"$DOKU" explain --regions $E/jigsaw9.regions --keep-boxes --format svg -o "$T/jx.svg" $E/jigsaw9.txt || fail "explain jigsaw svg"
for f in "$T"/jx*.svg; do xmllint --noout "$f" || fail "$f: not XML"; done
echo "ok: explain ($steps steps)"
# the candidates drawn before each step are the engine's (rated 9x9 up to
# 9.3, 16x16, X + hyper)
if [ -n "$REPLAY" ]; then
    grep -v '^#' tests/fixtures/puzzles/classic9_rated.txt | cut -d: -f1 | awk 'NR % 4 == 1' |
        "$DOKU" explain --format json | "$REPLAY" 9 0 || fail "replay 9x9"
    grep -v '^#' tests/fixtures/puzzles/16x16.txt | cut -d: -f1 | sed -n '4,6p' |
        "$DOKU" explain --format json | "$REPLAY" 16 0 || fail "replay 16x16"
    grep -v '^#' tests/fixtures/puzzles/xhyper9.txt | cut -d: -f1 | sed -n '2,4p' |
        "$DOKU" explain --variant x,hyper --format json | "$REPLAY" 9 3 || fail "replay X + hyper"
fi

# the README's picture: a hint drawn on its candidate grid, as docs/hint.png
"$DOKU" hint --format png -o "$T/hint.png" examples/hint9.txt || fail "hint --format png"
$CHECK png-diff "$T/hint.png" docs/hint.png || fail "hint.png differs from docs/hint.png"
# a highlighted candidate's disc is a closed arc, with no line from the
# point where the last candidate's text ended (a faint hairline)
"$DOKU" hint --format svg -o "$T/hint.svg" examples/hint9.txt || fail "hint --format svg"
hair=$(grep -cE 'fill-rule:nonzero[^>]*d="M [0-9. -]+ L [0-9. -]+( C [0-9. -]+){4}( Z)? *"' "$T/hint.svg")
[ "$hair" = 0 ] || fail "hint.svg: $hair candidate discs joined to a text by a line"

# check marks conflicts; the SVG stays valid
echo "55..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3.2...4..19" |
    "$DOKU" check --format svg -o "$T/check.svg"
xmllint --noout "$T/check.svg" || fail "check.svg"

# doku print: 24 puzzles, 6 a page: 4 pages of puzzles, 1 of solutions,
# every given of every puzzle in the text layer, in order
"$DOKU" print --generate -n 24 --per-page 6 --seed 11 -o "$T/club.pdf" || fail "print --generate"
[ "$(pages "$T/club.pdf")" = 5 ] || fail "print: $(pages "$T/club.pdf") pages, not 5"
"$DOKU" generate -n 24 --seed 11 > "$T/club.txt"
pdftotext -raw -f 1 -l 4 "$T/club.pdf" "$T/club-text.txt"
$CHECK booklet-text "$T/club-text.txt" "$T/club.txt" || fail "print: givens"
# each caption names its puzzle's seed (the JSON writes it as a string)
seed1=$("$DOKU" generate -n 1 --seed 11 --format json 2>/dev/null | sed -n 's/.*"seed":"\([0-9]*\)".*/\1/p')
[ -n "$seed1" ] && pdftotext -f 1 -l 1 "$T/club.pdf" - | grep -q "seed $seed1" || fail "print: no seed $seed1 in the caption"
pdftotext -f 5 -l 5 "$T/club.pdf" - | grep -q "Solutions" || fail "print: no solutions page"
pdftotext -f 5 -l 5 "$T/club.pdf" - | grep -q "page 5 of 5" || fail "print: no page number"
# from a file, letter paper, a title, solutions inline: 2 pages of 4
"$DOKU" print --per-page 4 --paper letter --title "Club night" --solutions inline \
    -o "$T/inline.pdf" tests/fixtures/puzzles/classic9_rated.txt 2>/dev/null
n=$(grep -vc '^#' tests/fixtures/puzzles/classic9_rated.txt)
want=$(( (n + 3) / 4 ))
[ "$(pages "$T/inline.pdf")" = "$want" ] || fail "print inline: $(pages "$T/inline.pdf") pages, not $want"
pdfinfo "$T/inline.pdf" | grep -q "612 x 792" || fail "print: not letter paper"
pdftotext -f 1 -l 1 "$T/inline.pdf" - | grep -q "Club night" || fail "print: no title"
# inline solutions of 16x16 puzzles: 2 a page even when 6 are asked (at 6
# a page their digits were about 4 pt)
grep -v '^#' tests/fixtures/puzzles/16x16.txt | head -3 | cut -d: -f1 |
    "$DOKU" print --per-page 6 --solutions inline -o "$T/inline16.pdf" 2>/dev/null
[ "$(pages "$T/inline16.pdf")" = 2 ] || fail "print inline 16x16: $(pages "$T/inline16.pdf") pages, not 2"
# SVG pages of a booklet, numbered
"$DOKU" print --generate -n 3 --per-page 2 --seed 3 --solutions none -o "$T/b.svg" || fail "print svg"
[ -f "$T/b-001.svg" ] && [ -f "$T/b-002.svg" ] && [ ! -f "$T/b-003.svg" ] || fail "print svg: pages"
echo "ok: print"
# a numbered PDF path: one PDF per picture
"$DOKU" solve --format pdf -o "$T/one-%d.pdf" $E/classic9.txt || fail "numbered pdf"
[ "$(pages "$T/one-2.pdf")" = 1 ] && [ ! -f "$T/one-3.pdf" ] || fail "numbered pdf: files"

# Variant puzzles (issue 27 item 6): every constraint of
# include/doku_constraints.h drawn. Each kind alone on an empty 9x9 draws
# in its own colour, which a classic picture never uses; every.txt holds
# them all (true of one solution: solve finds it), rules.txt the global
# rules, which the text under the grid and the booklet's caption name.
V=tests/render/variants
printf 'size 9\n' > "$T/plain.txt"
"$DOKU" solve --format svg -o "$T/plain.svg" "$T/plain.txt" 2>/dev/null
while read -r kind colour; do
    line=$(grep "^$kind " $V/every.txt | head -1)
    [ -n "$line" ] || { fail "every.txt has no $kind"; continue; }
    printf 'size 9\n%s\n' "$line" > "$T/one.txt"
    "$DOKU" solve --timeout 20 --format svg -o "$T/$kind.svg" "$T/one.txt" 2>/dev/null
    xmllint --noout "$T/$kind.svg" || fail "$kind.svg: not XML"
    grep -q "rgb($colour)" "$T/$kind.svg" || fail "$kind: nothing drawn in rgb($colour)"
    ! grep -q "rgb($colour)" "$T/plain.svg" || fail "$kind: rgb($colour) is also in a plain grid"
done <<'KINDS'
cage 15%,15%,15%
little-killer 50%,20%,10%
sandwich 10%,30%,50%
xsum 30%,10%,50%
region 95%,85%,70%
thermo 70%,70%,70%
arrow 40%,40%,40%
whisper 20%,70%,30%
renban 75%,35%,85%
palindrome 50%,50%,50%
between 30%,50%,80%
region-sum 20%,60%,90%
white 10%,10%,10%
black 10%,10%,10%
x 15%,15%,60%
v 15%,15%,60%
greater 25%,25%,25%
quadruple 30%,30%,30%
even 85%,85%,85%
odd 75%,75%,75%
minimum 30%,45%,75%
maximum 80%,45%,30%
KINDS
# a cage is a dashed outline: one dashed path per cage
dashes=$(grep -c "stroke-dasharray" "$T/cage.svg")
[ "$dashes" = 1 ] || fail "cage.svg: $dashes dashed paths, want 1"
# all of them at once: solved (exit 0), as svg, png and pdf; the sums of
# the cages and the clues outside the grid are in the PDF's text
"$DOKU" solve --format svg -o "$T/every.svg" $V/every.txt || fail "every.txt: solve --format svg"
xmllint --noout "$T/every.svg" && rsvg-convert "$T/every.svg" -o "$T/every-svg.png" ||
    fail "every.svg: not drawn by rsvg-convert"
[ "$(grep -c "stroke-dasharray" "$T/every.svg")" = 2 ] || fail "every.svg: not 2 cages"
"$DOKU" solve --format png -o "$T/every.png" $V/every.txt && $CHECK png-size "$T/every.png" 0 0 ||
    fail "every.txt: solve --format png"
"$DOKU" solve --format pdf -o "$T/every.pdf" $V/every.txt || fail "every.txt: solve --format pdf"
text=$(pdftotext "$T/every.pdf" - | tr '\n' ' ')
for clue in 8 30 38 13 9 20 45; do
    case " $text " in *" $clue "*) ;; *) fail "every.pdf: no clue $clue in the text: $text" ;; esac
done
# the global rules: named under the picture, and in the booklet's caption
"$DOKU" solve --format pdf -o "$T/rules.pdf" $V/rules.txt 2>/dev/null
[ $? = 1 ] || fail "rules.txt: solve exit status (it has no solution)"
for rule in anti-knight non-consecutive "disjoint groups" "all white dots given" "all X given"; do
    pdftotext "$T/rules.pdf" - | tr '\n' ' ' | grep -q "$rule" || fail "rules.pdf: '$rule' not named"
done
"$DOKU" print --per-page 2 -o "$T/vbook.pdf" $V/rules.txt $V/every.txt 2>/dev/null
[ "$(pages "$T/vbook.pdf")" = 2 ] || fail "variant booklet: $(pages "$T/vbook.pdf") pages, not 2"
pdftotext -f 1 -l 1 "$T/vbook.pdf" - | grep -q "Puzzle 1 . anti-knight . non-consecutive" ||
    fail "variant booklet: the rules are not in the caption"
pdftotext -f 2 -l 2 "$T/vbook.pdf" - | grep -q "Solutions" || fail "variant booklet: no solutions"
# check of a variant file whose givens break rules: the cells red, the
# first broken rule under the grid, exit 1
"$DOKU" check --format svg -o "$T/broken.svg" tests/cli/fixtures/variants/broken.txt >/dev/null 2>&1
[ $? = 1 ] || fail "check --format svg of broken.txt: exit status"
[ "$(grep -c "rgb(100%,82%,82%)" "$T/broken.svg")" -ge 5 ] ||
    fail "broken.svg: the cells of the broken rules are not all red"
# a booklet of generated killers (doku print --generate --killer): each
# puzzle's cage sums on its page, as doku generate --killer makes them
"$DOKU" print --generate --killer -n 2 --per-page 2 --seed 9 -o "$T/kbook.pdf" 2>/dev/null ||
    fail "print --generate --killer"
[ "$(pages "$T/kbook.pdf")" = 2 ] || fail "killer booklet: $(pages "$T/kbook.pdf") pages, not 2"
"$DOKU" generate -q --killer -n 2 --seed 9 | sed -n 's/^cage \([0-9]*\) .*/\1/p' | sort -n > "$T/ksums.want"
pdftotext -f 1 -l 1 "$T/kbook.pdf" - | grep -x '[0-9][0-9]*' | sort -n > "$T/ksums.got"
# the page's numbers are the sums of both killers (no givens), nothing less
comm -23 "$T/ksums.want" "$T/ksums.got" | grep -q . &&
    fail "killer booklet: cage sums missing: $(comm -23 "$T/ksums.want" "$T/ksums.got" | head -3)"
"$DOKU" generate -q --killer --seed 9 --format svg -o "$T/k.svg" 2>/dev/null || fail "generate --killer --format svg"
[ "$(grep -c stroke-dasharray "$T/k.svg")" = "$("$DOKU" generate -q --killer --seed 9 | grep -c '^cage')" ] ||
    fail "generate --killer --format svg: not one dashed outline a cage"
echo "ok: variant constraints (every kind, svg png pdf, booklet, check, generated killers)"

# errors: a bad file pattern, a directory that is not there
"$DOKU" solve --format png -o "$T/x-%s.png" $E/4x4.txt 2> "$T/err"; rc=$?
[ $rc = 2 ] && grep -q "%d" "$T/err" || fail "bad pattern: exit $rc, $(cat "$T/err")"
"$DOKU" solve --format pdf -o "$T/none/x.pdf" $E/4x4.txt 2> "$T/err"; rc=$?
[ $rc = 2 ] && grep -q "cannot write" "$T/err" || fail "bad directory: exit $rc, $(cat "$T/err")"
"$DOKU" print -o "$T/x.txt" --format csv $E/4x4.txt 2> "$T/err"; rc=$?
[ $rc = 2 ] || fail "print --format csv: exit $rc"
echo "ok: errors"

[ $fails = 0 ] || { echo "$fails failure(s)"; exit 1; }
echo "render: all passed"
