#!/bin/sh
# ctest's `python` test: builds doku._core against LIBDOKU (a libdoku.a)
# into OUT, then runs the package's pytest suite with the CLI DOKU.
# Usage: run.sh PYTHON OUT DOKU LIBDOKU
# Exit: pytest's status; 77 (skipped) when PYTHON lacks what the suite
# needs; 1 when pytest collected no test (its exit 5): a suite that runs
# nothing must not pass.
set -u
py=$1 out=$2 cli=$3 lib=$4
src=$(cd "$(dirname "$0")/.." && pwd)
for mod in numpy pytest; do
    if ! "$py" -c "import $mod" 2>/dev/null; then
        echo "python: $py has no $mod (scripts/deps.sh installs python3-$mod): skipped"
        exit 77
    fi
done
inc=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
if [ ! -f "$inc/Python.h" ]; then
    echo "python: no $inc/Python.h (python3-dev): skipped"
    exit 77
fi
mkdir -p "$out"
# setuptools writes its egg-info beside setup.py; keep the tree clean of
# anything else by building into OUT
(cd "$src" && DOKU_BUILD_DIR=$(dirname "$lib") "$py" setup.py -q build --build-base "$out/build" \
    --build-lib "$out/lib" >"$out/build.log" 2>&1) || { cat "$out/build.log"; exit 1; }
cd "$out" || exit 1
PYTHONPATH="$out/lib" DOKU_CLI=$cli DOKU_BUILD_DIR=$(dirname "$lib") "$py" -m pytest -q \
    -p no:cacheprovider \
    --rootdir "$src/tests" "$src/tests"
rc=$?
if [ "$rc" -eq 5 ]; then
    echo "python: pytest collected no test" >&2
    exit 1
fi
exit "$rc"
