#!/bin/sh
# ctest's `python` test: builds the package's wheel against LIBDOKU (a
# libdoku.a) into OUT, then runs the pytest suite on it with the CLI DOKU.
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
# The suite runs against the wheel as shipped: pip builds it from a copy
# of the package beside the public headers (pip builds in place: the
# source tree stays clean, and two build directories never share a
# build), and the wheel is unpacked into OUT/lib. Without pip, setup.py
# builds the module instead (and the wheel's own test is skipped).
rm -rf "$out/src" "$out/dist" "$out/lib"
mkdir -p "$out/src/python" "$out/dist" || exit 1
(cd "$src" && tar cf - --exclude=build --exclude=tests --exclude='*.so' \
    --exclude='*.egg-info' --exclude=__pycache__ .) | (cd "$out/src/python" && tar xf -) || exit 1
cp -r "$src/../include" "$out/src/include" || exit 1
export DOKU_BUILD_DIR
DOKU_BUILD_DIR=$(dirname "$lib")
if "$py" -m pip --version >/dev/null 2>&1; then
    "$py" -m pip wheel -q --no-build-isolation --no-deps --no-index -w "$out/dist" \
        "$out/src/python" >"$out/build.log" 2>&1 || { cat "$out/build.log"; exit 1; }
    "$py" -m zipfile -e "$out"/dist/doku-*.whl "$out/lib" || exit 1
    DOKU_WHEEL=$(ls "$out"/dist/doku-*.whl)
    export DOKU_WHEEL
else
    (cd "$out/src/python" && "$py" setup.py -q build --build-base "$out/build" \
        --build-lib "$out/lib" >"$out/build.log" 2>&1) || { cat "$out/build.log"; exit 1; }
fi
export DOKU_MYPY_CACHE="$out/mypy-cache"
cd "$out" || exit 1
PYTHONPATH="$out/lib" DOKU_CLI=$cli "$py" -m pytest -q \
    -p no:cacheprovider \
    --rootdir "$src/tests" "$src/tests"
rc=$?
if [ "$rc" -eq 5 ]; then
    echo "python: pytest collected no test" >&2
    exit 1
fi
exit "$rc"
