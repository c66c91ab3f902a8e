#!/bin/sh
# tests/abi/int_returns.sh INCLUDE_DIR|HEADER... — no public function returns a bare
# integer status. A call that can fail returns doku_status (its results in
# out-parameters) and a predicate returns bool; an integer return type is
# left only to accessors that read a quantity, each listed with its reason
# in tests/abi/int_allow.txt beside this script. Declarations are the
# DOKU_API lines of the headers (the return type precedes the name on the
# same line, as every header here writes them).
set -eu
HERE=$(dirname "$0")
ALLOW="$HERE/int_allow.txt"
[ $# -gt 0 ] || { echo "usage: $0 INCLUDE_DIR|HEADER..." >&2; exit 2; }
if [ $# -eq 1 ] && [ -d "$1" ]; then
    set -- "$1"/*.h   # every public header
fi
status=0
found=0
for hdr in "$@"; do
    # "DOKU_API <type words> [*]name(" -> "file:line: type|name"
    out=$(awk -v f="$(basename "$hdr")" '
        /^DOKU_API[ \t]/ {
            line = $0
            sub(/^DOKU_API[ \t]+/, "", line)
            p = index(line, "(")
            if (p == 0) next
            head = substr(line, 1, p - 1)
            n = split(head, w, /[ \t*]+/)
            name = w[n]
            type = substr(head, 1, length(head) - length(name))
            gsub(/^[ \t]+|[ \t]+$/, "", type)
            print f ":" NR ":" type "|" name
        }' "$hdr")
    [ -n "$out" ] || continue
    while IFS= read -r rec; do
        found=$((found + 1))
        where=${rec%%|*}
        name=${rec##*|}
        type=${where##*:}
        where=${where%:*}
        case "$type" in
        *"*"*) continue ;;   # a pointer: the object or text asked for, or NULL
        esac
        # the integer types a status could hide in
        if printf '%s\n' "$type" | grep -Eq '(^|[ ])(int|long|short|signed|unsigned)$'; then
            if grep -Eq "^$name[ \t]" "$ALLOW"; then
                continue
            fi
            echo "$where: $name returns '$type': return doku_status (results in out-parameters)," \
                 "bool for a predicate, or list an accessor in $(basename "$ALLOW") with its reason"
            status=1
        fi
    done <<LIST
$out
LIST
done
[ "$found" -gt 0 ] || { echo "no DOKU_API declaration found in $*" >&2; exit 2; }
echo "int_returns: $found public functions checked"
exit $status
