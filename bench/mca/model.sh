#!/bin/sh
# model.sh [--step | --qemu] FUNC PUZZLES "CPU ..." PROGRAM ARGS...
#
# Traces one call of FUNC in PROGRAM ARGS (valgrind lackey; with --step
# ptrace single-stepping on this CPU, which also runs AVX-512; with --qemu
# an aarch64 PROGRAM under qemu-aarch64, one instruction per block) and
# prints tracemodel.py's modelled cycles per puzzle for each llvm-mca CPU.
# PROGRAM must be linked -no-pie (x86) or static (aarch64); PUZZLES is how
# many puzzles the call solves (the figures are divided by it). Scratch
# files go to $MCA_TMP (/tmp); with MCA_KEEP=FILE the trace is kept there
# (addresses, uint64).
set -e
here=$(cd "$(dirname "$0")" && pwd)
tmp=${MCA_TMP:-/tmp}/mca.$$
mode=lackey
[ "$1" = --step ] && { mode=step; shift; }
[ "$1" = --qemu ] && { mode=qemu; shift; }
func=$1 puzzles=$2 cpus=$3
shift 3
prog=$1
case $mode in
step)
  [ -x "$tmp.steptrace" ] || cc -O2 -o "$tmp.steptrace" "$here/steptrace.c"
  "$tmp.steptrace" "$tmp.bin" "$(nm "$prog" | awk -v f="$func" '$3==f{print $1}')" "$@" >/dev/null
  trace=$tmp.bin ;;
qemu)
  qemu-aarch64 -singlestep -d exec,nochain -D "$tmp.qlog" "$@" >/dev/null
  trace=$tmp.qlog ;;
*)
  valgrind --tool=lackey --trace-superblocks=yes --vex-guest-max-insns=1 \
    --log-file="$tmp.lk" "$@" >/dev/null
  trace=$tmp.lk ;;
esac
args=""
for c in $cpus; do args="$args --cpu $c"; done
keep=""
[ -n "$MCA_KEEP" ] && keep="--keep $MCA_KEEP"
python3 "$here/tracemodel.py" "$prog" "$trace" --entry "$func" --puzzles "$puzzles" $keep $args
rm -f "$tmp.bin" "$tmp.lk" "$tmp.qlog" "$tmp.steptrace"
