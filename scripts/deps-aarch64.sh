#!/bin/sh
# Installs what `make test-aarch64` needs from Debian: the aarch64 cross
# compiler, qemu-user to run its programs, and cmocka for arm64 (multiarch).
# Idempotent; never sudo (as scripts/deps.sh: says what is missing).
set -e
PKGS="gcc-aarch64-linux-gnu qemu-user libcmocka-dev:arm64"
missing=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "deps-aarch64: missing$missing; install with:" >&2
    echo "    sudo dpkg --add-architecture arm64 && sudo apt-get update && sudo apt-get install -y$missing" >&2
    exit 2
fi
echo "deps-aarch64: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
dpkg --print-foreign-architectures | grep -qx arm64 || dpkg --add-architecture arm64
apt-get update -qq >/dev/null 2>&1
apt-get install -y -qq $missing >/dev/null
