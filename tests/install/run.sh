#!/bin/sh
# tests/install/run.sh BUILD_DIR — installs BUILD_DIR into a temporary
# prefix, moves that prefix elsewhere (an install must be relocatable),
# then builds tests/install/consumer.c and the README's example
# (examples/c/solve.c) against it through pkg-config and through
# find_package(doku), and runs each program.
set -eu
BUILD=$(cd "$1" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
EXAMPLE=$(cd "$HERE/../../examples/c" && pwd)
CC=${CC:-cc}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/doku-install.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM

cmake --install "$BUILD" --prefix "$TMP/first" >/dev/null
mv "$TMP/first" "$TMP/moved"
PREFIX=$TMP/moved

PC=$(find "$PREFIX" -name doku.pc)
[ -n "$PC" ] || { echo "no doku.pc installed"; exit 1; }
export PKG_CONFIG_PATH=$(dirname "$PC")
echo "pkg-config: $(pkg-config --cflags --libs doku)"
# shellcheck disable=SC2046
$CC -o "$TMP/consumer_pc" "$HERE/consumer.c" $(pkg-config --cflags --libs doku)
LD_LIBRARY_PATH=$(pkg-config --variable=libdir doku) "$TMP/consumer_pc"
$CC -o "$TMP/consumer_pc_static" "$HERE/consumer.c" $(pkg-config --cflags doku) \
    "$(pkg-config --variable=libdir doku)/libdoku.a"
"$TMP/consumer_pc_static"
# The example: its default puzzle has one solution (exit 0), and a grid
# with two givens in one row is reported as having none (exit 1).
$CC -o "$TMP/solve_pc" "$EXAMPLE/solve.c" $(pkg-config --cflags --libs doku)
LD_LIBRARY_PATH=$(pkg-config --variable=libdir doku) "$TMP/solve_pc" >"$TMP/out"
grep -qx '417369825632158947958724316825437169791586432346912758289643571573291684164875293' "$TMP/out" ||
    { echo "example: wrong solution: $(cat "$TMP/out")"; exit 1; }
rc=0; LD_LIBRARY_PATH=$(pkg-config --variable=libdir doku) "$TMP/solve_pc" 11.............. >"$TMP/out" || rc=$?
[ "$rc" = 1 ] && grep -qx 'no solution' "$TMP/out" ||
    { echo "example: 11.. gave exit $rc: $(cat "$TMP/out")"; exit 1; }

cmake -S "$HERE" -B "$TMP/build" -DCMAKE_PREFIX_PATH="$PREFIX" -DCMAKE_C_COMPILER="$CC" >/dev/null
cmake --build "$TMP/build" >/dev/null
"$TMP/build/consumer_shared"
"$TMP/build/consumer_static"
cmake -S "$EXAMPLE" -B "$TMP/build-example" -DCMAKE_PREFIX_PATH="$PREFIX" -DCMAKE_C_COMPILER="$CC" >/dev/null
cmake --build "$TMP/build-example" >/dev/null
LD_LIBRARY_PATH="$PREFIX/lib:$(pkg-config --variable=libdir doku)" "$TMP/build-example/solve" >/dev/null
echo "install: pkg-config and find_package consumers and examples/c/solve.c built and ran"
