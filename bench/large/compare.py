#!/usr/bin/env python3
"""compare.py - doku beside CaDiCaL and MiniSat on the large-grid sets.

For each set: doku's in-memory thread-CPU time per puzzle (from the
doku_large driver, limit 1 = solve and limit 2 = solve + prove unique),
and the SAT solvers' CPU time (user + system) per puzzle as a process
(start-up included),
on a CNF made with the givens applied first (scripts/crosscheck_sat.py's
encoding; encoding time is not counted). "SAT unique" is CaDiCaL solving,
then solving again with the first solution blocked (both runs counted).
Prints a Markdown table. Run pinned: taskset -c 1 bench/large/compare.py ...

Usage: compare.py DOKU_LARGE [--data DIR] [--sample K] [--sets a,b,...]
"""
import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts"))
import crosscheck_sat as cs  # noqa: E402

SETS = ["large/16x16_blue_ultimate15.txt",
        "large/lewis_general/lewis25x25_fill40.txt",
        "large/lewis_general/lewis25x25_fill45.txt",
        "large/lewis_general/lewis16x16_fill45.txt",
        "large/16x16_1to9only_all.txt"]


def doku_times(doku, path, limit):
    r = subprocess.run([doku, "bench", "--limit", str(limit), path], stdout=subprocess.PIPE,
                       text=True, check=True)
    m = re.search(r"0/1/2\+: (\d+)/(\d+)/(\d+) gave_up=(\d+)\s+ms median ([\d.]+) max ([\d.]+)",
                  r.stdout)
    return {"median": float(m.group(5)) / 1e3, "max": float(m.group(6)) / 1e3,
            "gave_up": int(m.group(4)), "counts": m.group(1, 2, 3)}


def timed(cmd):
    """CPU time (user + system) of the child process, start-up included:
    on a shared machine wall time moves with other jobs, CPU time much
    less (doku's figure is thread CPU time too)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, r


def write_cnf(path, nvars, clauses):
    with open(path, "w") as f:
        f.write("p cnf %d %d\n" % (nvars, len(clauses)))
        for cl in clauses:
            f.write(" ".join(map(str, cl)) + " 0\n")


def sat_times(puzzles, tmp):
    cad, cad_u, mini = [], [], []
    for p in puzzles:
        clauses, var_of, nvars = cs.encode(p)
        if clauses is None:
            continue
        cnf = os.path.join(tmp, "p.cnf")
        write_cnf(cnf, nvars, clauses)
        t, r = timed(["cadical", "-q", cnf])
        cad.append(t)
        true = {int(x) for l in r.stdout.splitlines() if l.startswith("v ")
                for x in l[2:].split() if int(x) > 0}
        if r.returncode == 10:
            write_cnf(cnf + ".b", nvars, clauses + [[-v for v in sorted(true)]])
            t2, _ = timed(["cadical", "-q", cnf + ".b"])
            cad_u.append(t + t2)
        if shutil.which("minisat"):
            t, _ = timed(["minisat", "-verb=0", cnf, os.path.join(tmp, "out")])
            mini.append(t)
    return cad, cad_u, mini


def fmt(xs):
    if not xs:
        return "-"
    return "%.3f s / %.3f s" % (statistics.median(xs), max(xs))


def fmt_ms(d):
    return "%.2f ms / %.1f ms" % (d["median"] * 1e3, d["max"] * 1e3)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("doku")
    ap.add_argument("--data", default=os.path.join(HERE, "..", "..", "..", "shared", "data"))
    ap.add_argument("--sample", type=int, default=0,
                    help="SAT solvers on the first K puzzles of a set only (0: all)")
    ap.add_argument("--sets", default=",".join(SETS))
    args = ap.parse_args()
    print("| set | puzzles | doku solve (limit 1) median / max | doku unique (limit 2) "
          "median / max | CaDiCaL solve | CaDiCaL solve + unique | MiniSat solve |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for rel in args.sets.split(","):
            path = os.path.join(args.data, rel)
            lines = cs.read_lines(path)
            n = int(round(len(lines[0]) ** 0.5))
            d1 = doku_times(args.doku, path, 1)
            d2 = doku_times(args.doku, path, 2)
            sample = lines[:args.sample] if args.sample else lines
            puzzles = [cs.Puzzle(rel, cs.parse_line(l, n), n) for l in sample]
            cad, cad_u, mini = sat_times(puzzles, tmp)
            note = "" if len(sample) == len(lines) else " (SAT: first %d)" % len(sample)
            gave = d1["gave_up"] + d2["gave_up"]
            print("| `%s` | %d%s | %s | %s%s | %s | %s | %s |" % (
                rel.split("/", 1)[1], len(lines), note, fmt_ms(d1), fmt_ms(d2),
                " (%d gave up)" % gave if gave else "", fmt(cad), fmt(cad_u), fmt(mini)))
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
