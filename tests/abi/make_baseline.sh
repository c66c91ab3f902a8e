#!/bin/sh
# tests/abi/make_baseline.sh LIBDOKU_SO [INCLUDE_DIR] — writes the ABI
# baseline tests/abi/libdoku.abi that tests/abi/abidiff.sh compares with:
# libabigail's abidw of a gcc build of the shared library (built with -g,
# as CMakeLists.txt does), limited to the types the public headers declare.
# Run it when a release changes the major version, e.g.
#   cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc &&
#   cmake --build build && tests/abi/make_baseline.sh build/libdoku.so
set -eu
SO=$1
HERE=$(dirname "$0")
INC=${2:-$HERE/../../include}
abidw --headers-dir "$INC" --no-corpus-path --no-comp-dir-path "$SO" > "$HERE/libdoku.abi"
echo "wrote $HERE/libdoku.abi ($(wc -l < "$HERE/libdoku.abi") lines)"
