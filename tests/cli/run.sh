#!/bin/sh
# tests/cli/run.sh DOKU_BINARY CASE_DIR — golden tests of the doku CLI.
#
# Each case is a folder CASE_DIR/cases/NAME holding
#   cmd              shell commands, run by sh in CASE_DIR with $DOKU (the
#                    binary), $DATA (shared data, may be unset) and stdin
#                    from /dev/null
#   stdout.exact     the exact expected stdout, or
#   stdout.contains  lines that must each appear in stdout (fixed strings)
#   exit             the expected exit status
#   stderr.exact / stderr.contains   optional, likewise for stderr
# A case whose cmd mentions $DATA reads the full data sets: DOKU_CASES
# chooses the cases run: "fixtures" (those that need only the repository),
# "data" (only those reading $DATA, which must then exist) or "all" (the
# default: all, the data cases reported SKIPPED by name when $DATA is
# missing).
# UPDATE=1 rewrites stdout.exact / stderr.exact / exit from the actual run
# (review the diff before committing it).
set -u
DOKU=$1
DIR=$(cd "$2" && pwd) || exit 2
case $DOKU in /*) ;; *) DOKU=$(pwd)/$DOKU ;; esac
export DOKU
DATA=${DOKU_DATA_DIR:-}
export DATA
TMP=$(mktemp -d "${TMPDIR:-/tmp}/doku-cli.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT INT TERM
pass=0 fail=0 skip=0 other=0
CASES=${DOKU_CASES:-all}
if [ "$CASES" = data ] && { [ -z "$DATA" ] || [ ! -d "$DATA" ]; }; then
    echo "DOKU_CASES=data needs DOKU_DATA_DIR (the full data sets)"
    exit 1
fi

check_contains() { # file-with-lines actual-file label
    ok=0
    while IFS= read -r want || [ -n "$want" ]; do
        [ -z "$want" ] && continue
        if ! grep -qF -- "$want" "$2"; then
            echo "    $3 lacks: $want"
            ok=1
        fi
    done < "$1"
    return $ok
}

for case_dir in "$DIR"/cases/*/; do
    name=$(basename "$case_dir")
    uses_data=0
    grep -q 'DATA' "$case_dir/cmd" && uses_data=1
    if { [ "$CASES" = fixtures ] && [ $uses_data = 1 ]; } ||
       { [ "$CASES" = data ] && [ $uses_data = 0 ]; }; then
        other=$((other + 1))
        continue
    fi
    if [ $uses_data = 1 ] && { [ -z "$DATA" ] || [ ! -d "$DATA" ]; }; then
        skip=$((skip + 1))
        echo "SKIP $name (no DOKU_DATA_DIR)"
        continue
    fi
    (cd "$DIR" && TMPDIR=$TMP sh "$case_dir/cmd" < /dev/null > "$TMP/out" 2> "$TMP/err")
    code=$?
    bad=0
    exec 3>&1 > "$TMP/report"
    if [ "${UPDATE:-0}" = 1 ]; then
        echo "$code" > "$case_dir/exit"
        [ -f "$case_dir/stdout.contains" ] || cp "$TMP/out" "$case_dir/stdout.exact"
        [ -f "$case_dir/stderr.exact" ] && cp "$TMP/err" "$case_dir/stderr.exact"
    fi
    want_code=$(cat "$case_dir/exit" 2>/dev/null || echo 0)
    if [ "$code" != "$want_code" ]; then
        echo "    exit $code, expected $want_code"
        bad=1
    fi
    if [ -f "$case_dir/stdout.exact" ]; then
        if ! diff -u "$case_dir/stdout.exact" "$TMP/out" > "$TMP/diff"; then
            echo "    stdout differs:"
            head -40 "$TMP/diff" | sed 's/^/    /'
            bad=1
        fi
    fi
    if [ -f "$case_dir/stdout.contains" ]; then
        check_contains "$case_dir/stdout.contains" "$TMP/out" stdout || bad=1
    fi
    if [ -f "$case_dir/stderr.exact" ]; then
        if ! diff -u "$case_dir/stderr.exact" "$TMP/err" > "$TMP/diff"; then
            echo "    stderr differs:"
            head -40 "$TMP/diff" | sed 's/^/    /'
            bad=1
        fi
    fi
    if [ -f "$case_dir/stderr.contains" ]; then
        check_contains "$case_dir/stderr.contains" "$TMP/err" stderr || bad=1
    fi
    if [ $bad != 0 ] && [ -s "$TMP/err" ] && [ ! -f "$case_dir/stderr.exact" ]; then
        echo "    stderr was:"
        head -10 "$TMP/err" | cut -c1-200 | sed 's/^/    /'
    fi
    exec 1>&3 3>&-
    if [ $bad = 0 ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $name"
        cat "$TMP/report"
    fi
done
echo "cli golden tests ($CASES): $pass passed, $fail failed, $skip skipped ($other in the other set)"
[ $fail = 0 ]
