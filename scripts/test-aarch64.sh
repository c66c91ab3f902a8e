#!/bin/sh
# `make test-aarch64`: cross-builds doku for aarch64 (cmake/aarch64-linux-gnu
# .cmake), runs the unit tests that need no shared data under qemu-user,
# then the classic 9x9 path against the generic engine (all solutions, and
# limit 2) on the first SAMPLE puzzles of every shared 9x9 set, when the
# data is there. Usage: scripts/test-aarch64.sh [SAMPLE]   (default 200)
set -e
cd "$(dirname "$0")/.."
SAMPLE=${1:-200}
B=build-aarch64
DATA=${DOKU_DATA_DIR:-$(pwd)/../shared/data}
./scripts/deps-aarch64.sh
# No data dir for the unit tests: the fixture-only set, minutes under qemu.
cmake -S . -B $B -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake -DCMAKE_BUILD_TYPE=Release \
    -DDOKU_WERROR=ON -DDOKU_DATA_DIR=$B/no-data >/dev/null
cmake --build $B -j "${JOBS:-2}"
cmake --build $B -j "${JOBS:-2}" --target doku_crosscheck >/dev/null
# The unit tests (cmocka); the CLI, install and ABI cases run host tools on
# the binaries, so they stay with the native build.
(cd $B && ctest --output-on-failure -j "${JOBS:-2}" -R '^test_')
if [ -d "$DATA/sudoku9" ]; then
    mkdir -p $B/sample
    for f in "$DATA"/sudoku9/puzzles* "$DATA"/sudoku9/tdoku_test_puzzles; do
        grep -v '^#' "$f" | head -n "$SAMPLE" > "$B/sample/$(basename "$f")"
    done
    qemu-aarch64 -L /usr/aarch64-linux-gnu $B/doku_crosscheck $B/sample/*
    qemu-aarch64 -L /usr/aarch64-linux-gnu $B/doku_crosscheck --limit 2 $B/sample/*
else
    echo "test-aarch64: no $DATA/sudoku9: check-data sample skipped"
fi
