#!/bin/sh
# scripts/deps.sh [run] [test] [bench] — installs what doku needs from
# Debian's packages, by purpose (no argument: all three):
#   run    building doku and serving the page (`make run`, `make build`)
#   test   `make test`: a second compiler, cmocka, and the tools the tests
#          read doku's output with
#   bench  the peers and load tools of BENCHMARKS.md (`make bench-*`)
# Idempotent and quiet when everything is already present. Never sudo: as
# root (CI, containers) it installs; otherwise it says what is missing and
# goes on (the build reports what it cannot do without it).
set -e

# run: the compiler and build tools; doku serve (libmicrohttpd, cJSON);
# the page's exports and uploads, opened at run time: pictures and
# booklets (render/: cairo, the DejaVu font) and workbooks (formats/:
# libzip, expat, FreeXL in; libxlsxwriter out).
RUN="cmake gcc make pkg-config libmicrohttpd-dev libcjson-dev"
RUN="$RUN libcairo2-dev fonts-dejavu-core"
RUN="$RUN libzip-dev libexpat1-dev libfreexl-dev libxlsxwriter-dev"

# test: clang (the ASan+UBSan build) and cmocka (unit tests);
# python3-jsonschema: the JSON records checked against docs/schema;
# time: /usr/bin/time for the memory bound of a golden test;
# cadical: the SAT cross-check sample; qqwing: the generator's levels;
# chromium and node/npm: the page's browser tests and the lz-string check
# (a node already on the PATH, e.g. from NodeSource, is used as it is);
# GNU parallel: docs/SCALING.md's test; openpyxl and LibreOffice read
# doku's workbooks back (libreoffice-calc-nogui alone took 162 s to
# install on a loaded 2-core machine); poppler-utils, libxml2-utils and
# librsvg2-bin read its pictures back.
TEST="clang libcmocka-dev python3 python3-jsonschema time cadical qqwing"
TEST="$TEST chromium parallel"
command -v npm >/dev/null 2>&1 || TEST="$TEST nodejs npm"
TEST="$TEST python3-openpyxl libreoffice-calc-nogui"
TEST="$TEST poppler-utils libxml2-utils librsvg2-bin"
# the Python package (python/, `make python`) and its tests: Debian's
# python3 headers, pip/setuptools/wheel, numpy, pytest, Dask's scheduler
# and workers (python3-distributed), mypy for the typed examples.
TEST="$TEST python3-dev python3-pip python3-setuptools python3-wheel python3-numpy python3-pytest python3-distributed mypy"
# abigail-tools: the ABI check against the committed baseline (tests/abi/abidiff.sh).
TEST="$TEST abigail-tools"

# bench: CaDiCaL and MiniSat (large grids), qqwing (generator), wrk (the
# server), GNU parallel and hyperfine (the CLI), /usr/bin/time; bench/mca:
# valgrind and llvm-19 (traces, llvm-mca), and for the aarch64 model
# qemu-user (traces), lld and the arm64 libc/libgcc (clang --target links).
BENCH="python3 time cadical minisat qqwing wrk parallel hyperfine"
BENCH="$BENCH valgrind llvm-19 qemu-user lld libc6-dev-arm64-cross libgcc-12-dev-arm64-cross"

[ $# -eq 0 ] && set -- run test bench
PKGS=""
for what in "$@"; do
    case $what in
        run) PKGS="$PKGS $RUN" ;;
        test) PKGS="$PKGS $RUN $TEST" ;;
        bench) PKGS="$PKGS $RUN $BENCH" ;;
        *) echo "usage: scripts/deps.sh [run] [test] [bench]" >&2; exit 2 ;;
    esac
done
[ -n "$DOKU_EXTRA_PKGS" ] && PKGS="$PKGS $DOKU_EXTRA_PKGS"
missing=""
for p in $(printf '%s\n' $PKGS | awk '!seen[$0]++'); do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "deps: missing$missing; install with:" >&2
    echo "    sudo apt-get install -y$missing" >&2
    exit 0
fi
echo "deps: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -qq $missing >/dev/null 2>&1 || {
    apt-get update -qq >/dev/null 2>&1
    apt-get install -y -qq $missing >/dev/null
}
