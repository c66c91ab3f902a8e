#!/bin/sh
# Installs what building and testing doku needs, from Debian's packages.
# Idempotent and quiet when everything is already present.
set -e
# cadical, minisat, python3: the SAT cross-check and the large-grid benchmark;
# python3-jsonschema: the JSON records checked against docs/schema;
# qqwing: the generator's cross-check and benchmark; time: /usr/bin/time
# for the memory bound of a golden test; abigail-tools: the ABI check
# (tests/abi/abidiff.sh).
PKGS="cmake gcc clang make pkg-config libcmocka-dev python3 python3-jsonschema time cadical minisat qqwing abigail-tools"
# doku serve: libmicrohttpd, cJSON; its browser tests: chromium and node/npm
# (a node already on the PATH, e.g. from NodeSource, is used as it is);
# its load benchmark: wrk.
PKGS="$PKGS libmicrohttpd-dev libcjson-dev chromium wrk"
# docs/SCALING.md's test: GNU parallel (node/npm above also run the
# lz-string check of f-puzzles links).
PKGS="$PKGS parallel"
# the Python package (python/, `make python`) and its tests: Debian's
# python3 headers, pip/setuptools/wheel, numpy, pytest, Dask's scheduler
# and workers (python3-distributed), mypy for the typed examples.
PKGS="$PKGS python3-dev python3-pip python3-setuptools python3-wheel python3-numpy python3-pytest python3-distributed mypy"
command -v npm >/dev/null 2>&1 || PKGS="$PKGS nodejs npm"
# workbooks (formats/): libzip, expat, FreeXL in; libxlsxwriter out; their
# tests read doku's workbooks with openpyxl and LibreOffice (measured on a
# loaded 2-core machine: libreoffice-calc-nogui took 162 s to install).
PKGS="$PKGS libzip-dev libexpat1-dev libfreexl-dev libxlsxwriter-dev python3-openpyxl libreoffice-calc-nogui"
# pictures and booklets (render/): cairo and the DejaVu font; their tests
# read the files back with poppler-utils, libxml2-utils and librsvg2-bin.
PKGS="$PKGS libcairo2-dev fonts-dejavu-core poppler-utils libxml2-utils librsvg2-bin"
[ -n "$DOKU_EXTRA_PKGS" ] && PKGS="$PKGS $DOKU_EXTRA_PKGS"
missing=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
# Never sudo: as root (CI, containers) install; otherwise say what is
# missing and go on (the build reports what it cannot do without it).
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
