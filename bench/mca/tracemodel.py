#!/usr/bin/env python3
"""tracemodel.py — cycles one call of a solver would take on a CPU we do
not have: the exact instruction sequence the call ran on this machine
(a trace), fed in order to llvm-mca -mcpu=CPU in pieces that end at each
branch a predictor simulated on the same trace gets wrong (the work before
it drains), plus the CPU's penalty per misprediction. aarch64 traces
(qemu-aarch64) go to llvm-mca's aarch64 models the same way.

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

usage: tracemodel.py BINARY TRACE --entry FUNC [--cpu CPU ...]
                     [--puzzles N] [--keep FILE] [--mca-arg ARG ...]
       tracemodel.py --self-test
BINARY is the -no-pie program traced; FUNC the function whose one call is
modelled (from its entry to its return); TRACE a lackey log or a .bin of
uint64 addresses (steptrace, --keep). Without --cpu it prints the
instructions and mispredictions only.

Not modelled (both engines alike): caches (the working sets fit in L1),
the front end beyond dispatch width, store-to-load forwarding (llvm-mca
lets every load pass every store); pushes, pops, calls and returns are
rewritten as the stack engine runs them; a rep movs/stos costs REP_START
+ REP_ITER per element.
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
# The predictor starts cold; a CPU solving a set has seen other puzzles,
# and one timing the same few puzzles round after round learns them (the
# SSE4.2 build on 60 17-clue puzzles: 2.4 us the first round, 1.2 us the
# fifth). The trace's first WARM part trains it, the rest is counted.
WARM = 0.5
REP_START = 20
REP_ITER = 0.5
CHUNK = 20000


def disassemble(binary):
    """{address: text}, {address: next address}, {symbol: address} and the
    architecture ("x86_64" or "aarch64") of BINARY."""
    out = subprocess.run(["llvm-objdump-19", "-d", "--no-show-raw-insn", binary],
                         capture_output=True, text=True, check=True).stdout
    arch = "aarch64" if "elf64-littleaarch64" in out[:2000] else "x86_64"
    comment = "//" if arch == "aarch64" else "#"  # '#' marks aarch64 immediates
    ins, syms, order = {}, {}, []
    for line in out.splitlines():
        m = re.match(r"^([0-9a-f]+) <(.*)>:$", line)
        if m:
            syms[m.group(2)] = int(m.group(1), 16)
            continue
        m = re.match(r"^\s+([0-9a-f]+):\s+(.*)$", line)
        if m:
            addr = int(m.group(1), 16)
            ins[addr] = re.sub(r"\s+", " ", m.group(2).split(comment)[0].split("<")[0]).strip()
            order.append(addr)
    nxt = dict(zip(order, order[1:]))
    return ins, nxt, syms, arch


def read_trace(path):
    if path.endswith(".bin"):
        data = open(path, "rb").read()
        return list(struct.unpack(f"<{len(data) // 8}Q", data))
    res = []
    with open(path) as f:  # lackey's "SB ADDR" or qemu -d exec's "Trace N: HOST [x/ADDR/...]"
        for line in f:
            if line.startswith("SB "):
                res.append(int(line[3:], 16))
            elif line.startswith("Trace "):
                res.append(int(line.split("[", 1)[1].split("/", 2)[1], 16))
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
    """A TAGE-style conditional predictor (a bimodal base and six tagged
    tables on global histories of 4 to 128 outcomes), a last-target BTB
    for indirect jumps and a perfect return stack: the kind the modelled
    CPUs have, smaller; the same for both engines."""

    LENGTHS = (4, 8, 16, 32, 64, 128)

    def __init__(self, bits=12):
        self.mask = (1 << bits) - 1
        self.base = [2] * (1 << 14)
        self.tabs = [dict() for _ in self.LENGTHS]  # index -> [tag, ctr 0..7, useful]
        self.hist = 0
        self.btb = {}
        self.miss = 0

    def cond(self, pc, taken):
        h = self.hist
        keys = []
        for n in self.LENGTHS:
            x = hash((pc, h & ((1 << n) - 1), n))
            keys.append((x & self.mask, (x >> 20) & 0x3ff))
        prov = alt = None
        for t in range(len(self.LENGTHS) - 1, -1, -1):
            e = self.tabs[t].get(keys[t][0])
            if e is not None and e[0] == keys[t][1]:
                if prov is None:
                    prov = (t, e)
                elif alt is None:
                    alt = e
                    break
        bidx = pc & 0x3fff
        base_pred = self.base[bidx] >= 2
        alt_pred = alt[1] >= 4 if alt is not None else base_pred
        pred = prov[1][1] >= 4 if prov is not None else base_pred
        wrong = pred != taken
        self.miss += wrong
        if prov is not None:
            e = prov[1]
            e[1] = min(7, e[1] + 1) if taken else max(0, e[1] - 1)
            if pred != alt_pred:
                e[2] = min(3, e[2] + 1) if not wrong else max(0, e[2] - 1)
        else:
            self.base[bidx] = min(3, self.base[bidx] + 1) if taken else max(0, self.base[bidx] - 1)
        if wrong:  # allocate on a longer history
            start = prov[0] + 1 if prov is not None else 0
            for t in range(start, len(self.LENGTHS)):
                idx, tag = keys[t]
                e = self.tabs[t].get(idx)
                if e is None or e[2] == 0:
                    self.tabs[t][idx] = [tag, 4 if taken else 3, 0]
                    break
                e[2] -= 1
        self.hist = ((h << 1) | taken) & ((1 << 128) - 1)

    def indirect(self, pc, target):
        self.miss += self.btb.get(pc) != target
        self.btb[pc] = target


COND = re.compile(r"^j(?!mp)[a-z]+ ")
INDIRECT = re.compile(r"^(jmpq?|callq?) \*")
# aarch64: conditional branches, and indirect ones other than ret (returns
# are predicted perfectly, as on x86)
COND_A64 = re.compile(r"^(b\.[a-z]+|cbn?z|tbn?z) ")
INDIRECT_A64 = re.compile(r"^(br|blr|braa|blraa) ")
# the aarch64 assembler takes no absolute address as a pc-relative operand
# (branch, adr, adrp targets): "." stands in, llvm-mca does not follow it
A64_TARGET = re.compile(r"^((?:b|bl|b\.[a-z]+|cbn?z|tbn?z|adrp?) (?:[^,]+, )*)0x[0-9a-f]+$")
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


# LLVM's znver1/znver2 models give instructions nobody measured a latency
# of 100 cycles (a placeholder, llvm-project issue 53242); one in a
# dependency chain stalls the trace ~100 cycles where the CPU takes 3. The
# ones these traces run get a stand-in of the documented cost (Agner Fog's
# tables): on Zen 1 vperm2i128 is 8 macro-ops, latency 3, one per 3
# cycles, here a two-source vpermd (2 ops, latency 2) plus a vpor on its
# result (latency 3, 4 ops in all); on Zen 2 one op of latency 3, here
# vpermd (1 op, latency 2); vzeroupper (Zen 1) becomes a nop, which keeps
# its dispatch slot and drops its unknown microcode cost (it is 8x more
# frequent in tdoku than in doku, so this favours tdoku).
# placeholders() finds any left in a sequence.
PERM2 = re.compile(r"^vperm2[if]128 \$\w+, ([^,]+(?:\([^)]*\))?), (%ymm\d+), (%ymm\d+)$")


def stand_in(cpu, t):
    """t as the modelled CPU's sequence gets it: a placeholder-latency
    instruction replaced by its stand-in (a list of texts)."""
    if cpu not in ("znver1", "znver2"):
        return [t]
    m = PERM2.match(t)
    if m:
        src2, src1, dst = m.groups()
        out = [f"vpermd {src2}, {src1}, {dst}"]
        if cpu == "znver1":
            out.append(f"vpor {dst}, {dst}, {dst}")
        return out
    if cpu == "znver1" and t == "vzeroupper":
        return ["nop"]
    return [t]


def placeholders(cpu, seq, triple="x86_64"):
    """{instruction: count} of those llvm-mca still models at latency >= 100."""
    from collections import Counter
    count = Counter(seq)
    forms = list(count)
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        f.write("\n".join(forms) + "\n")
        name = f.name
    try:
        out = subprocess.run(["llvm-mca-19", f"-mtriple={triple}", f"-mcpu={cpu}", "-iterations=1",
                              "-skip-unsupported-instructions=any", "-all-views=false",
                              "-instruction-info", name], capture_output=True, text=True).stdout
    finally:
        os.unlink(name)
    rows = [l.split() for l in out.splitlines() if re.match(r"^ +\d+ +\d+ +[\d.]+ ", l)]
    if len(rows) != len(forms):
        return {}
    return {t: count[t] for t, r in zip(forms, rows) if int(r[1]) >= 100}


def link(t):
    """an aarch64 call as the CPU runs it: it writes the link register,
    which llvm-mca would give 100 cycles (it models no calls)."""
    return "adr x30, ." if t.startswith(("bl ", "blr ")) else t


def sequence(tr, ins, nxt, arch="x86_64", warm=0.0):
    """instruction texts in order, rep costs, mispredicts. With warm = f
    the mispredictions are counted on the last 1 - f of the trace only
    and scaled to the whole: the predictor has then seen other puzzles of
    the set, not these (see WARM)."""
    seq, rep_cycles, pred, cuts = [], 0.0, Predictor(), []
    start = int(len(tr) * warm)
    miss_at_start = 0
    x86 = arch == "x86_64"
    cond, indirect = (COND, INDIRECT) if x86 else (COND_A64, INDIRECT_A64)
    i, n = 0, len(tr)
    while i < n:
        if i >= start and start:
            miss_at_start, start = pred.miss, 0
        a = tr[i]
        t = ins.get(a)
        if t is None:  # outside the binary (vdso): skip
            i += 1
            continue
        if x86 and REP.match(t):
            k = i
            while k < n and tr[k] == a:
                k += 1
            rep_cycles += REP_START + REP_ITER * (k - i)
            i = k
            continue
        nx = tr[i + 1] if i + 1 < n else None
        before = pred.miss
        if cond.match(t) and nx is not None:
            pred.cond(a, nx != nxt.get(a))
        elif indirect.match(t) and nx is not None:
            pred.indirect(a, nx)
        seq.append(stack_engine(t) if x86 else link(A64_TARGET.sub(r"\1.", t)))
        if pred.miss != before:
            cuts.append(len(seq))
        i += 1
    if warm:
        return seq, rep_cycles, (pred.miss - miss_at_start) / (1 - warm), cuts
    return seq, rep_cycles, pred.miss, cuts


def mca_cycles(cpu, seq, extra=(), triple="x86_64", cuts=()):
    """llvm-mca's cycles for seq in CHUNK pieces, and a new piece after each
    index in cuts (a mispredicted branch: the work after it starts only
    when the branch has resolved, so the piece ends by draining)."""
    bounds = sorted(set(range(0, len(seq), CHUNK)) | {c for c in cuts if 0 < c < len(seq)})
    bounds.append(len(seq))
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        for k, (lo, hi) in enumerate(zip(bounds, bounds[1:])):
            f.write(f"# LLVM-MCA-BEGIN c{k}\n")
            f.write("\n".join(seq[lo:hi]))
            f.write("\n# LLVM-MCA-END\n")
        name = f.name
    try:
        p = subprocess.run(["llvm-mca-19", f"-mtriple={triple}", f"-mcpu={cpu}", "-iterations=1",
                            "-skip-unsupported-instructions=any", "-all-views=false",
                            "-summary-view", *extra, name], capture_output=True, text=True)
    finally:
        os.unlink(name)
    got = [int(x) for x in re.findall(r"^Total Cycles:\s+(\d+)", p.stdout, re.M)]
    want = len(bounds) - 1
    if len(got) != want:
        sys.stderr.write(f"{cpu}: {len(got)} of {want} regions modelled\n{p.stderr[:1500]}\n")
        return None
    skipped = len(re.findall(r"skipp", p.stderr))
    if skipped:
        sys.stderr.write(f"{cpu}: llvm-mca skipped instructions: {p.stderr[:300]}\n")
    return sum(got)


def self_test():
    """what the model adds to llvm-mca, checked without llvm-mca: the
    stack-engine rewriting and the predictor on known patterns."""
    assert stack_engine("pushq %rbx") == "movq %rbx, -8(%rsp)"
    assert stack_engine("popq %r12") == "movq -8(%rsp), %r12"
    assert stack_engine("callq 0x401000").startswith("movq %rax")
    assert stack_engine("retq").startswith("movq -8(%rsp)")
    assert stack_engine("vpor %xmm1, %xmm2, %xmm3") == "vpor %xmm1, %xmm2, %xmm3"
    assert link("bl 0x401000") == "adr x30, ." and link("blr x3") == "adr x30, ."
    assert link("b.ne 0x401000") == "b.ne 0x401000"
    assert stand_in("znver1", "vperm2i128 $0x1, %ymm1, %ymm2, %ymm3") == [
        "vpermd %ymm1, %ymm2, %ymm3", "vpor %ymm3, %ymm3, %ymm3"]
    assert stand_in("znver2", "vperm2i128 $0x31, 0x20(%rsp), %ymm2, %ymm3") == [
        "vpermd 0x20(%rsp), %ymm2, %ymm3"]
    assert stand_in("znver3", "vperm2i128 $0x1, %ymm1, %ymm2, %ymm3") == [
        "vperm2i128 $0x1, %ymm1, %ymm2, %ymm3"]
    assert stand_in("znver1", "vzeroupper") == ["nop"]
    assert stand_in("znver2", "vzeroupper") == ["vzeroupper"]
    import random
    rnd = random.Random(7)

    def misses(outcomes, pc=0x401000):
        p = Predictor()
        for t in outcomes:
            p.cond(pc, t)
        return p.miss

    n = 4000
    assert misses([True] * n) <= 2  # always taken: learnt at once
    assert misses([i % 2 == 0 for i in range(n)]) < n // 50  # alternating: by history
    assert misses([i % 7 != 6 for i in range(n)]) < n // 50  # a loop of 7: by history
    r = misses([rnd.random() < 0.5 for _ in range(n)])
    assert 0.4 * n < r < 0.6 * n, r  # random: no better than a coin
    a64 = {0x10: "cbz w0, 0x20", 0x14: "br x1", 0x18: "ret", 0x20: "add w0, w0, #0x1"}
    seq, rep, miss, _ = sequence([0x10, 0x14, 0x20], a64, {0x10: 0x14, 0x14: 0x18}, "aarch64")
    assert seq == ["cbz w0, .", "br x1", "add w0, w0, #0x1"] and rep == 0 and miss == 2  # cold: both wrong
    trace = [0x10, 0x14, 0x20, 0x10, 0x14, 0x20]
    ins = {0x10: "rep stosq %rax, %es:(%rdi)", 0x14: "jne 0x20", 0x20: "retq"}
    seq, rep, miss, _ = sequence([0x10, 0x10, 0x10, 0x14, 0x20], ins, {0x10: 0x14, 0x14: 0x18})
    assert seq == ["jne 0x20", "movq -8(%rsp), %r11"] and rep == REP_START + 3 * REP_ITER
    assert window(trace, 0x14, 0x10) == [0x14, 0x20]
    loop = [0x30, 0x34] * 50 + [0x30, 0x38]  # a jne taken 50 times, then not
    body = {0x30: "jne 0x34", 0x34: "addl $1, %eax", 0x38: "retq"}
    _, _, cold, cuts = sequence(loop, body, {0x30: 0x38})
    _, _, warm, _ = sequence(loop, body, {0x30: 0x38}, warm=0.5)
    assert cuts[-1] == 101  # a new piece after the exit jne (text 100)
    assert cold >= 1 and warm == 2  # the exit only, counted on half, doubled
    print("tracemodel self-test: ok")


def main():
    if sys.argv[1:] == ["--self-test"]:
        self_test()
        return
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("trace")
    ap.add_argument("--entry", required=True)
    ap.add_argument("--cpu", action="append", default=[])
    ap.add_argument("--keep", help="write the call's trace here (uint64 addresses)")
    ap.add_argument("--puzzles", type=int, default=1)
    ap.add_argument("--no-drain", dest="drain", action="store_false",
                    help="one llvm-mca piece per CHUNK, mispredictions only as PENALTY")
    ap.add_argument("--warm", type=float, default=WARM,
                    help="part of the trace that only trains the predictor (0: count all)")
    ap.add_argument("--mca-arg", action="append", default=[],
                    help="passed to llvm-mca (e.g. -noalias=false)")
    args = ap.parse_args()
    ins, nxt, syms, arch = disassemble(args.binary)
    entry = syms[args.entry]
    tr = read_trace(args.trace)
    i = tr.index(entry)
    if i > 0:  # a whole program's trace, not one kept by --keep
        tr = window(tr, entry, nxt[tr[i - 1]])
    if args.keep:
        with open(args.keep, "wb") as f:
            f.write(struct.pack(f"<{len(tr)}Q", *tr))
    seq, rep_cycles, miss, cuts = sequence(tr, ins, nxt, arch, args.warm)
    if not args.drain:
        cuts = []
    n = args.puzzles
    if not args.cpu:
        print(f"instr {len(tr) / n:.1f} rep {rep_cycles / n:.1f} mispredicts {miss / n:.2f}")
    for cpu in args.cpu:
        cseq, pos = [], []
        for t in seq:
            pos.append(len(cseq))
            cseq.extend(stand_in(cpu, t))
        pos.append(len(cseq))
        left = placeholders(cpu, cseq, arch)
        if left:
            sys.stderr.write(f"{cpu}: still at a placeholder latency: {left}\n")
        cyc = mca_cycles(cpu, cseq, args.mca_arg, arch, [pos[c] for c in cuts])
        if cyc is None:
            continue
        pen = PENALTY.get(cpu, 15) * miss
        tot = cyc + rep_cycles + pen
        print(f"{cpu} instr {len(tr) / n:.1f} mca {cyc / n:.1f} rep {rep_cycles / n:.1f} "
              f"mispredicts {miss / n:.2f} penalty {pen / n:.1f} total {tot / n:.1f} "
              f"IPC {len(seq) / cyc:.2f}")


if __name__ == "__main__":
    main()
