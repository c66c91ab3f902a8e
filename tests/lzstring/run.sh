#!/bin/sh
# tests/lzstring/run.sh LZ_TOOL WORKDIR — doku's lz-string codec against
# npm's lz-string (pinned in package-lock.json, installed into WORKDIR,
# never the source tree). Without node or npm the test is skipped (exit
# 77) with a message; scripts/deps.sh installs both.
set -eu
TOOL=$1
WORK=$2
HERE=$(cd "$(dirname "$0")" && pwd)
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    echo "lz-string test SKIPPED: node/npm missing (scripts/deps.sh installs them)"
    exit 77
fi
mkdir -p "$WORK"
if ! cmp -s "$HERE/package-lock.json" "$WORK/package-lock.json" || [ ! -d "$WORK/node_modules/lz-string" ]; then
    cp "$HERE/package.json" "$HERE/package-lock.json" "$WORK/"
    (cd "$WORK" && npm ci --no-audit --no-fund --loglevel=error) || {
        echo "lz-string test SKIPPED: npm could not install lz-string (offline?)"
        exit 77
    }
fi
cd "$WORK"
exec node "$HERE/check.mjs" "$TOOL"
