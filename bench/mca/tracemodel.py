#!/usr/bin/env python3
"""tracemodel.py — cycles one call of a solver would take on a CPU we do
not have: the exact instruction sequence the call ran on this machine
(a trace), fed in order to llvm-mca -mcpu=CPU, plus branch mispredictions
from a predictor simulated on the same trace times the CPU's penalty.

Why a trace: the hot code is branchy, so a function body fed to llvm-mca
whole weighs its instructions wrongly, and one basic block repeated on its
own invents dependencies from one copy to the next (a function epilogue's
pops chained through %rbp) and hides the real ones to the blocks before and
after. The trace has each instruction as often and in the order it ran, so
the dependencies llvm-mca sees are the run's.

Traces come from valgrind's lackey (every instruction its own superblock:
`valgrind --tool=lackey --trace-superblocks=yes --vex-guest-max-insns=1
--log-file=LOG PROG ...`; no AVX-512) or from steptrace (ptrace
single-stepping on the real CPU; AVX-512 too, ~20,000 instructions/s here).

usage: tracemodel.py BINARY TRACE --entry FUNC --cpu CPU [--cpu ...]
                     [--puzzles N]
BINARY is the -no-pie program traced; FUNC the function whose one call is
modelled (from its entry to its return).

Not modelled (both engines alike): caches (the working sets fit in L1),
the front end beyond dispatch width, store-to-load forwarding, the stack
engine; a rep movs/stos costs REP_START + REP_ITER per element.
"""
import argparse
import re
import struct
import subprocess
import sys
import tempfile
import os

PENALTY = {  # branch mispredict penalty, cycles (vendor guides, rounded)
    "znver1": 19, "znver2": 18, "znver3": 13, "znver4": 13, "znver5": 13,
    "skylake": 16, "skylake-avx512": 16, "icelake-server": 17,
    "alderlake": 17, "neoverse-n1": 11,
}
REP_START = 20
REP_ITER = 0.5
CHUNK = 20000


def disassemble(binary):
    out = subprocess.run(["llvm-objdump-19", "-d", "--no-show-raw-insn", binary],
                         capture_output=True, text=True, check=True).stdout
    ins, syms, order = {}, {}, []
    for line in out.splitlines():
        m = re.match(r"^([0-9a-f]+) <(.*)>:$", line)
        if m:
            syms[m.group(2)] = int(m.group(1), 16)
            continue
        m = re.match(r"^\s+([0-9a-f]+):\s+(.*)$", line)
        if m:
            addr = int(m.group(1), 16)
            ins[addr] = re.sub(r"\s+", " ", m.group(2).split("#")[0].split("<")[0]).strip()
            order.append(addr)
    nxt = dict(zip(order, order[1:]))
    return ins, nxt, syms


def read_trace(path):
    if path.endswith(".bin"):
        data = open(path, "rb").read()
        return list(struct.unpack(f"<{len(data) // 8}Q", data))
    res = []
    with open(path) as f:
        for line in f:
            if line.startswith("SB "):
                res.append(int(line[3:], 16))
    return res


def window(trace, entry, ret_addr):
    """the first call: from entry to the return address."""
    i = trace.index(entry)
    try:
        j = trace.index(ret_addr, i)
    except ValueError:
        j = len(trace)
    return trace[i:j]


class Predictor:
    """A tournament predictor (bimodal + gshare with a chooser), a BTB for
    indirect jumps and a return stack: weaker than the TAGE-class ones of
    the CPUs modelled, the same for both engines."""

    def __init__(self, bits=14, hist=12):
        self.mask = (1 << bits) - 1
        self.hmask = (1 << hist) - 1
        self.bim = [1] * (1 << bits)
        self.gsh = [1] * (1 << bits)
        self.cho = [2] * (1 << bits)
        self.h = 0
        self.btb = {}
        self.miss = 0

    def cond(self, pc, taken):
        b = pc & self.mask
        g = (pc ^ (self.h << 2)) & self.mask
        pb, pg = self.bim[b] >= 2, self.gsh[g] >= 2
        pred = pg if self.cho[b] >= 2 else pb
        self.miss += pred != taken
        if pb != pg:
            self.cho[b] = min(3, self.cho[b] + 1) if pg == taken else max(0, self.cho[b] - 1)
        self.bim[b] = min(3, self.bim[b] + 1) if taken else max(0, self.bim[b] - 1)
        self.gsh[g] = min(3, self.gsh[g] + 1) if taken else max(0, self.gsh[g] - 1)
        self.h = ((self.h << 1) | taken) & self.hmask

    def indirect(self, pc, target):
        self.miss += self.btb.get(pc) != target
        self.btb[pc] = target


COND = re.compile(r"^j(?!mp)[a-z]+ ")
INDIRECT = re.compile(r"^(jmpq?|callq?) \*")
REP = re.compile(r"^rep[a-z]* ")


PUSH = re.compile(r"^pushq (%\w+)$")
POP = re.compile(r"^popq (%\w+)$")


def stack_engine(t):
    """push, pop, call and ret as the stack engine runs them: %rsp's
    implicit updates cost nothing and chain nothing, so a push is a store,
    a pop a load, a call a store and a ret a load. llvm-mca would chain
    every pop through %rsp at load latency and give a call 100 cycles."""
    m = PUSH.match(t)
    if m:
        return f"movq {m.group(1)}, -8(%rsp)"
    m = POP.match(t)
    if m:
        return f"movq -8(%rsp), {m.group(1)}"
    if t.startswith("call"):
        return "movq %rax, -8(%rsp)"
    if t.startswith("ret"):
        return "movq -8(%rsp), %r11"
    return t


def sequence(tr, ins, nxt):
    """instruction texts in order, rep costs, mispredicts."""
    seq, rep_cycles, pred = [], 0.0, Predictor()
    i, n = 0, len(tr)
    while i < n:
        a = tr[i]
        t = ins.get(a)
        if t is None:  # outside the binary (vdso): skip
            i += 1
            continue
        if REP.match(t):
            k = i
            while k < n and tr[k] == a:
                k += 1
            rep_cycles += REP_START + REP_ITER * (k - i)
            i = k
            continue
        nx = tr[i + 1] if i + 1 < n else None
        if COND.match(t) and nx is not None:
            pred.cond(a, nx != nxt.get(a))
        elif INDIRECT.match(t) and nx is not None:
            pred.indirect(a, nx)
        seq.append(stack_engine(t))
        i += 1
    return seq, rep_cycles, pred.miss


def mca_cycles(cpu, seq):
    triple = "x86_64"
    total = 0
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        for c in range(0, len(seq), CHUNK):
            f.write(f"# LLVM-MCA-BEGIN c{c}\n")
            f.write("\n".join(seq[c:c + CHUNK]))
            f.write("\n# LLVM-MCA-END\n")
        name = f.name
    try:
        p = subprocess.run(["llvm-mca-19", f"-mtriple={triple}", f"-mcpu={cpu}", "-iterations=1",
                            "-skip-unsupported-instructions=any", "-all-views=false",
                            "-summary-view", name], capture_output=True, text=True)
    finally:
        os.unlink(name)
    got = [int(x) for x in re.findall(r"^Total Cycles:\s+(\d+)", p.stdout, re.M)]
    want = (len(seq) + CHUNK - 1) // CHUNK
    if len(got) != want:
        sys.stderr.write(f"{cpu}: {len(got)} of {want} regions modelled\n{p.stderr[:1500]}\n")
        return None
    skipped = len(re.findall(r"skipp", p.stderr))
    if skipped:
        sys.stderr.write(f"{cpu}: llvm-mca skipped instructions: {p.stderr[:300]}\n")
    return sum(got)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("trace")
    ap.add_argument("--entry", required=True)
    ap.add_argument("--cpu", action="append", required=True)
    ap.add_argument("--puzzles", type=int, default=1)
    args = ap.parse_args()
    ins, nxt, syms = disassemble(args.binary)
    entry = syms[args.entry]
    tr = read_trace(args.trace)
    i = tr.index(entry)
    call = tr[i - 1]
    tr = window(tr, entry, nxt[call])
    seq, rep_cycles, miss = sequence(tr, ins, nxt)
    n = args.puzzles
    for cpu in args.cpu:
        cyc = mca_cycles(cpu, seq)
        if cyc is None:
            continue
        pen = PENALTY.get(cpu, 15) * miss
        tot = cyc + rep_cycles + pen
        print(f"{cpu} instr {len(tr) / n:.1f} mca {cyc / n:.1f} rep {rep_cycles / n:.1f} "
              f"mispredicts {miss / n:.2f} penalty {pen / n:.1f} total {tot / n:.1f} "
              f"IPC {len(seq) / cyc:.2f}")


if __name__ == "__main__":
    main()
