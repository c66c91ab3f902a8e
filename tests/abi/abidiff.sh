#!/bin/sh
# tests/abi/abidiff.sh LIBDOKU_SO INCLUDE_DIR — the shared library's ABI
# against the committed baseline tests/abi/libdoku.abi (abidw of release
# DOKU_VERSION_MAJOR.x, see make_baseline.sh). libabigail's abidiff compares
# the exported functions and the types they reach through the public headers
# (INCLUDE_DIR): a removed function, a changed signature or a struct whose
# layout moved is an incompatible change, and fails unless the version
# macros in doku.h name a new major version (then make a new baseline).
# Additions pass. Skipped (77) without abidiff (Debian: abigail-tools).
set -eu
SO=$1
INC=$2
HERE=$(dirname "$0")
BASE="$HERE/libdoku.abi"
command -v abidiff >/dev/null 2>&1 || { echo "abidiff not installed (abigail-tools): skipped"; exit 77; }
[ -f "$BASE" ] || { echo "no baseline $BASE"; exit 1; }
major=$(sed -n 's/^#define DOKU_VERSION_MAJOR \([0-9][0-9]*\).*/\1/p' "$INC/doku.h")
base_major=$(sed -n "s/.*soname='libdoku\.so\.\([0-9][0-9]*\)'.*/\1/p" "$BASE" | head -n 1)
[ -n "$major" ] && [ -n "$base_major" ] || { echo "cannot read the versions ($major, $base_major)"; exit 1; }
set +e
abidiff --headers-dir2 "$INC" --no-unreferenced-symbols "$BASE" "$SO"
rc=$?
set -e
# abidiff's exit status is a bit set: 1 error, 2 usage, 4 ABI change,
# 8 incompatible ABI change
if [ $((rc & 3)) -ne 0 ]; then
    echo "abidiff could not compare (status $rc)"
    exit 1
fi
if [ $((rc & 8)) -ne 0 ]; then
    if [ "$major" -gt "$base_major" ]; then
        echo "incompatible with the $base_major.x baseline, as major version $major says:" \
             "regenerate tests/abi/libdoku.abi (tests/abi/make_baseline.sh)"
        exit 0
    fi
    echo "incompatible ABI change, but doku.h still says major version $major:" \
         "keep the ABI, or raise DOKU_VERSION_MAJOR and regenerate the baseline"
    exit 1
fi
[ $((rc & 4)) -ne 0 ] && echo "compatible ABI additions (fine within major version $major)"
echo "abidiff: compatible with the $base_major.x baseline"
exit 0
