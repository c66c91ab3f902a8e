#!/bin/sh
# tests/layers/includes.sh SOURCE_DIR — the programs' folders stay layers
# (docs/ARCHITECTURE.md, "Layers"): no file in cli/, server/, formats/ or
# render/ includes a header of another of those four, and common/ (below
# them) includes none of theirs. Every quoted #include must name a header
# of the file's own folder, of common/, or of include/ (the library's);
# and no CMakeLists of those folders puts another's directory on an
# include path. Prints each offence; exit 1 when there is one.
# With --self-test: a made-up tree where cli/ includes a server/ header
# must fail, and its common/ twin must pass.
set -eu
if [ "$1" = --self-test ]; then
    T=$(mktemp -d "${TMPDIR:-/tmp}/doku-layers-self.XXXXXX")
    trap 'rm -rf "$T"' EXIT INT TERM
    mkdir -p "$T/cli" "$T/server" "$T/common" "$T/include"
    echo '#include "srv.h"' > "$T/cli/a.c"
    echo 'int srv(void);' > "$T/server/srv.h"
    if out=$(sh "$0" "$T"); then
        echo "self-test: FAILED, cli/ including server/srv.h passed: $out"; exit 1
    fi
    echo "$out" | grep -q 'cli/a.c includes "srv.h", a header of another folder: server/srv.h' ||
        { echo "self-test: FAILED: $out"; exit 1; }
    mv "$T/server/srv.h" "$T/common/srv.h"
    sh "$0" "$T" >/dev/null || { echo "self-test: FAILED, common/srv.h refused"; exit 1; }
    echo "self-test: the planted include was found, its common/ twin passed"
    exit 0
fi
SRC=$1
cd "$SRC"
status=0
OUT=$(mktemp "${TMPDIR:-/tmp}/doku-layers.XXXXXX")
trap 'rm -f "$OUT"' EXIT INT TERM
for dir in cli server formats render common; do
    for f in "$dir"/*.c "$dir"/*.h; do
        [ -f "$f" ] || continue
        sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" |
        while read -r h; do
            if [ -f "$dir/$h" ] || { [ "$dir" != common ] && [ -f "common/$h" ]; } ||
               [ -f "include/$h" ]; then
                continue
            fi
            owner=""
            for other in cli server formats render common; do
                [ "$other" != "$dir" ] && [ -f "$other/$h" ] && owner="$owner $other/$h"
            done
            if [ -n "$owner" ]; then
                echo "$f includes \"$h\", a header of another folder:$owner"
            else
                echo "$f includes \"$h\", found in none of $dir/, common/, include/"
            fi
        done
    done
done > "$OUT" 2>&1 || true
for dir in cli server formats render common; do
    [ -f "$dir/CMakeLists.txt" ] || continue
    for other in cli server formats render; do
        [ "$other" = "$dir" ] && continue
        grep -n "SOURCE_DIR}/$other\b" "$dir/CMakeLists.txt" |
            grep -i include | sed "s|^|$dir/CMakeLists.txt:|; s|\$| (include path of $other/)|" \
            >> "$OUT" || true
    done
done
if [ -s "$OUT" ]; then
    cat "$OUT"
    status=1
fi
echo "layers: $(grep -c . "$OUT" || true) include offences"
exit $status
