#!/bin/sh
# tests/web/run.sh DOKU WORKDIR — the page's browser tests: installs the
# npm packages of package-lock.json (playwright-core, axe-core) into
# WORKDIR (the build directory, never the source tree), then drives
# Debian's chromium against `DOKU serve` started on a free port.
# Screenshots are kept in WORKDIR/screenshots. playwright-core is pinned
# to a release that runs on Debian 12's Node 18 (1.62 wants Node 20).
set -eu
DOKU=$1
WORK=$2
HERE=$(cd "$(dirname "$0")" && pwd)
CHROME=${DOKU_CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$CHROME" ]; then
    echo "web tests: $CHROME is missing (scripts/deps.sh installs Debian's chromium)" >&2
    exit 1
fi
command -v npm >/dev/null || { echo "web tests: npm is missing (scripts/deps.sh installs it)" >&2; exit 1; }
mkdir -p "$WORK"
if ! cmp -s "$HERE/package-lock.json" "$WORK/package-lock.json" ||
   [ ! -d "$WORK/node_modules/playwright-core" ] || [ ! -d "$WORK/node_modules/axe-core" ]; then
    cp "$HERE/package.json" "$HERE/package-lock.json" "$WORK/"
    (cd "$WORK" && npm ci --no-audit --no-fund --loglevel=error)
fi
# run from WORKDIR so that the imports find its node_modules
cp "$HERE/test_page.mjs" "$WORK/"
# the repository's fixtures (workbooks made by openpyxl) stay where they are
DOKU_FIXTURES="$HERE/../fixtures" exec node "$WORK/test_page.mjs" "$DOKU" "$CHROME" "$WORK/screenshots"
