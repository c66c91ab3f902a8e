#!/bin/sh
# model.sh [--step] FUNC PUZZLES "CPU ..." PROGRAM ARGS...
#
# Traces one call of FUNC in PROGRAM ARGS (valgrind lackey, or with --step
# ptrace single-stepping on this CPU, which also runs AVX-512) and prints
# tracemodel.py's modelled cycles per puzzle for each llvm-mca CPU.
# PROGRAM must be linked -no-pie; PUZZLES is how many puzzles the call
# solves (the figures are divided by it). Scratch files go to $MCA_TMP
# (/tmp); with MCA_KEEP=FILE the trace is kept there (addresses, uint64).
set -e
here=$(cd "$(dirname "$0")" && pwd)
tmp=${MCA_TMP:-/tmp}/mca.$$
step=0
[ "$1" = --step ] && { step=1; shift; }
func=$1 puzzles=$2 cpus=$3
shift 3
prog=$1
if [ $step = 1 ]; then
  [ -x "$tmp.steptrace" ] || cc -O2 -o "$tmp.steptrace" "$here/steptrace.c"
  "$tmp.steptrace" "$tmp.bin" "$(nm "$prog" | awk -v f="$func" '$3==f{print $1}')" "$@" >/dev/null
  trace=$tmp.bin
else
  valgrind --tool=lackey --trace-superblocks=yes --vex-guest-max-insns=1 \
    --log-file="$tmp.lk" "$@" >/dev/null
  trace=$tmp.lk
fi
args=""
for c in $cpus; do args="$args --cpu $c"; done
keep=""
[ -n "$MCA_KEEP" ] && keep="--keep $MCA_KEEP"
python3 "$here/tracemodel.py" "$prog" "$trace" --entry "$func" --puzzles "$puzzles" $keep $args
rm -f "$tmp.bin" "$tmp.lk" "$tmp.steptrace"
