#!/bin/sh
# tests/abi/exports.sh LIBDOKU_SO INCLUDE_DIR [BOUNDARY_TEST] — the
# shared library exports exactly the functions the public headers
# (INCLUDE_DIR/*.h: doku.h, doku_records.h ...) declare with DOKU_API: no
# internal symbol leaks (the build hides them), and none of the declared
# ones is missing. With BOUNDARY_TEST (tests/unit/test_api_args.c): each
# declared function is called there with bad arguments.
set -eu
SO=$1
HDR=$2
BOUNDARY=${3:-}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/doku-abi.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
nm -D --defined-only "$SO" | awk '$2 ~ /^[TtDdBbRrVvWw]$/ {print $3}' \
    | sed 's/@.*//' | sort -u > "$TMP/exported"
sed -n 's/^DOKU_API[^(]*[ *]\(doku_[a-z0-9_]*\)(.*/\1/p' "$HDR"/*.h | sort -u > "$TMP/declared"
status=0
leaked=$(grep -v '^doku_' "$TMP/exported" || true)
if [ -n "$leaked" ]; then
    echo "exported but not doku_*:"; echo "$leaked" | sed 's/^/    /'; status=1
fi
extra=$(comm -23 "$TMP/exported" "$TMP/declared" | grep '^doku_' || true)
if [ -n "$extra" ]; then
    echo "exported but not declared DOKU_API in $HDR/*.h:"; echo "$extra" | sed 's/^/    /'; status=1
fi
missing=$(comm -13 "$TMP/exported" "$TMP/declared")
if [ -n "$missing" ]; then
    echo "declared in $HDR/*.h but not exported:"; echo "$missing" | sed 's/^/    /'; status=1
fi
if [ -n "$BOUNDARY" ]; then
    untested=$(while read -r f; do grep -q "\b$f(" "$BOUNDARY" || echo "$f"; done < "$TMP/declared")
    if [ -n "$untested" ]; then
        echo "declared in $HDR/*.h but never called in $(basename "$BOUNDARY"):"
        echo "$untested" | sed 's/^/    /'
        status=1
    fi
fi
echo "abi: $(wc -l < "$TMP/exported") exported, $(wc -l < "$TMP/declared") declared"
exit $status
