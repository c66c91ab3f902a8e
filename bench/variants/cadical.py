#!/usr/bin/env python3
"""bench/variants/cadical.py VARIANT_BENCH VARIANT_CNF ISS_DIR COLLECTION...

doku against CaDiCaL (Debian's `cadical`) on Interactive Sudoku Solver's
collections, at solution limit 2 (solve and prove unique). Each collection
is exported with /work/shared/tools/iss-export.mjs (override: ISS_EXPORT),
encoded as CNF by variant_cnf (bench/variants/variant_cnf.c: one-hot cells,
partial-sum chains for sums, binary clauses for lines and dots), and
solved by cadical twice: once for a solution, which must equal the
published one when there is one, and once more with that solution blocked,
which must be UNSAT. CaDiCaL's time is the user+system CPU of both
processes; doku's is variant_bench's thread CPU (limit 2, best of REPEAT,
default 3). Both run pinned to core 1 (PIN=no to not pin), alternating
collection by collection. An argument ending in .tsv is a file of exported
lines used as it is (e.g. the EXAMPLES that doku reads). CADICAL_TIMEOUT
seconds (default 600) bound each cadical run; a puzzle past it, or one
doku does not prove unique within BUDGET seconds (default 600), is
named and left out. Prints per puzzle: name, doku us, cadical us, ratio,
then the geometric mean and the smallest ratio. Exit 1 when a solution
differs or a puzzle is not proved unique.
"""
import math
import os
import resource
import subprocess
import sys
import tempfile


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def pin(cmd):
    return cmd if os.environ.get("PIN") == "no" else ["taskset", "-c", "1"] + cmd


def run_cadical(path):
    """@return (seconds, model literals or None for UNSAT, or "timeout")."""
    t0 = children_cpu()
    limit = os.environ.get("CADICAL_TIMEOUT", "600")
    out = subprocess.run(pin(["cadical", "-q", "-t", limit, path]), capture_output=True,
                         text=True)
    t = children_cpu() - t0
    if out.returncode == 0:
        return t, "timeout"
    if out.returncode == 20:
        return t, None
    if out.returncode != 10:
        sys.exit(f"cadical failed on {path}: {out.stderr.strip()}")
    lits = []
    for line in out.stdout.splitlines():
        if line.startswith("v "):
            lits.extend(int(x) for x in line[2:].split())
    return t, lits


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__.strip().splitlines()[0])
    bench, cnf_tool, iss = sys.argv[1:4]
    export = os.environ.get("ISS_EXPORT", "/work/shared/tools/iss-export.mjs")
    repeat = os.environ.get("REPEAT", "3")
    ratios, bad, worst = [], 0, None
    with tempfile.TemporaryDirectory(prefix="doku-cadical.") as tmp:
        for coll in sys.argv[4:]:
            if coll.endswith(".tsv"):
                tsv = coll
                coll = os.path.basename(coll)[:-4]
            else:
                tsv = os.path.join(tmp, coll + ".tsv")
                with open(tsv, "w") as f:
                    subprocess.run(["node", export, iss, coll], stdout=f, check=True)
            puzzles = {}
            for line in open(tsv):
                parts = line.rstrip("\n").split("\t")
                if len(parts) >= 2:
                    puzzles[parts[0]] = parts[2] if len(parts) > 2 else ""
            budget = os.environ.get("BUDGET", "600")
            out = subprocess.run(pin([bench, "--repeat", repeat, "--budget", budget, tsv]),
                                 capture_output=True, text=True)
            doku = {}
            for line in out.stdout.splitlines():
                f = line.split("\t")
                if len(f) >= 6 and f[1] == "1" and f[5] != "gave-up":
                    doku[f[0]] = float(f[4])
            cnfdir = os.path.join(tmp, coll)
            os.mkdir(cnfdir)
            subprocess.run([cnf_tool, tsv, cnfdir], check=True)
            for name, sol in puzzles.items():
                path = os.path.join(cnfdir, name + ".cnf")
                if name not in doku or not os.path.exists(path):
                    print(f"{name}\tskipped (doku: {name in doku}, encoded: "
                          f"{os.path.exists(path)})")
                    continue
                n = int(round(len(sol) ** 0.5)) if sol else 9
                t1, model = run_cadical(path)
                if model == "timeout":
                    print(f"{name}\t{doku[name]:.0f}\tcadical: no answer in {t1:.0f} s; left out")
                    continue
                if model is None:
                    print(f"{name}\tcadical: UNSAT")
                    bad = 1
                    continue
                cells = n * n
                pos = [x for x in model if 0 < x <= cells * n]
                grid = [0] * cells
                for x in pos:
                    grid[(x - 1) // n] = (x - 1) % n + 1
                got = "".join(str(d) if n <= 9 else chr(ord("A") + d - 1) for d in grid)
                if sol and got != sol:
                    print(f"{name}\tcadical solution differs")
                    bad = 1
                with open(path) as f:
                    header = f.readline().split()
                    body = f.read()
                blocked = path + ".2"
                with open(blocked, "w") as f:
                    f.write(f"p cnf {header[2]} {int(header[3]) + 1}\n")
                    f.write(body)
                    f.write(" ".join(str(-x) for x in pos) + " 0\n")
                t2, again = run_cadical(blocked)
                os.unlink(blocked)
                if again == "timeout":
                    print(f"{name}\t{doku[name]:.0f}\tcadical: no proof in {t1 + t2:.0f} s; "
                          "left out")
                    continue
                if again is not None:
                    print(f"{name}\tcadical: a second solution")
                    bad = 1
                us = (t1 + t2) * 1e6
                r = us / doku[name]
                ratios.append(r)
                if worst is None or r < worst[1]:
                    worst = (name, r)
                print(f"{name}\t{doku[name]:.0f}\t{us:.0f}\t{r:.1f}x", flush=True)
    if ratios:
        g = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        print(f"geomean cadical/doku {g:.1f}x over {len(ratios)} puzzles; "
              f"smallest {worst[0]}: {worst[1]:.1f}x")
    return bad


if __name__ == "__main__":
    sys.exit(main())
