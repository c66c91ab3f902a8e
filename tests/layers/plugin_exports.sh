#!/bin/sh
# tests/layers/plugin_exports.sh LIBDOKU_SO PLUGIN... — a plug-in links the
# shared library and exports only its own entry point: none of the
# library's symbols (a plug-in that carried libdoku.a would export its
# doku_* functions again, a second copy that shadows the real one), and
# it needs libdoku.so. Prints what is wrong; exit 1 when anything is.
set -eu
SO=$1
shift
TMP=$(mktemp -d "${TMPDIR:-/tmp}/doku-plugin.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
nm -D --defined-only "$SO" | awk '{print $3}' | sed 's/@.*//' | sort -u > "$TMP/lib"
status=0
for p in "$@"; do
    nm -D --defined-only "$p" | awk '{print $3}' | sed 's/@.*//' | sort -u > "$TMP/plugin"
    again=$(comm -12 "$TMP/lib" "$TMP/plugin" | grep '^doku_' || true)
    if [ -n "$again" ]; then
        echo "$(basename "$p") exports $(echo "$again" | wc -l) symbols of $(basename "$SO"):"
        echo "$again" | sed 's/^/    /'
        status=1
    fi
    if ! objdump -p "$p" | grep -q "NEEDED *libdoku\.so"; then
        echo "$(basename "$p") does not link libdoku.so"
        status=1
    fi
    echo "$(basename "$p"): exports $(wc -l < "$TMP/plugin") symbols:" \
         "$(grep -v '^_' "$TMP/plugin" | tr '\n' ' ')"
done
exit $status
