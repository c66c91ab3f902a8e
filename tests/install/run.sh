#!/bin/sh
# tests/install/run.sh BUILD_DIR — installs BUILD_DIR into a temporary
# prefix, moves that prefix elsewhere (an install must be relocatable),
# then builds tests/install/consumer.c against it through pkg-config and
# through find_package(doku), and runs each program.
set -eu
BUILD=$(cd "$1" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
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

cmake -S "$HERE" -B "$TMP/build" -DCMAKE_PREFIX_PATH="$PREFIX" -DCMAKE_C_COMPILER="$CC" >/dev/null
cmake --build "$TMP/build" >/dev/null
"$TMP/build/consumer_shared"
"$TMP/build/consumer_static"
echo "install: pkg-config and find_package consumers built and ran"
