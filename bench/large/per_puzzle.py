#!/usr/bin/env python3
"""per_puzzle.py - doku against CaDiCaL puzzle by puzzle, interleaved.

compare.py gives one run's medians per set; on a machine shared with other
work one run moves by 2x. Here every round runs doku on the whole set
(`doku_large bench --each --repeat K`: in memory, thread CPU, the minimum
of K runs per puzzle) and then CaDiCaL on each puzzle (the same CNF and
method as compare.py: solve, then solve with the first solution blocked;
CPU of the processes), and each puzzle keeps its minimum over the rounds.
Several doku builds may be given (A/B in the same run); each gets its
ratio CaDiCaL / doku per puzzle: median, geometric mean and minimum, and
the ratio of the medians (compare.py's figure).

Usage: per_puzzle.py DOKU_LARGE [DOKU_LARGE_B ...] --set FILE [--rounds R]
                     [--repeat K] [--limit N] [--no-sat]
"""
import argparse
import math
import os
import re
import statistics
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts"))
import compare as cp  # noqa: E402
import crosscheck_sat as cs  # noqa: E402
import subprocess  # noqa: E402

EACH = re.compile(r"each (\d+) ms ([\d.]+) nodes (\d+) guesses (\d+) solutions (\d+) gave_up (\d+)")


def doku_each(doku, path, limit, repeat):
    r = subprocess.run([doku, "bench", "--each", "--repeat", str(repeat), "--limit", str(limit),
                        path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       check=True)
    if "WRONG" in r.stderr:
        sys.exit("per_puzzle.py: %s reports a wrong solution:\n%s" % (doku, r.stderr))
    out = []
    for m in EACH.finditer(r.stdout):
        out.append({"s": float(m.group(2)) / 1e3, "nodes": int(m.group(3)),
                    "guesses": int(m.group(4)), "solutions": int(m.group(5)),
                    "gave_up": int(m.group(6))})
    return out


def cadical_unique(p, tmp):
    """CPU seconds of CaDiCaL's solve + blocked re-solve, and its count (0, 1, 2)."""
    clauses, _, nvars = cs.encode(p)
    if clauses is None:
        return 0.0, 0
    cnf = os.path.join(tmp, "p.cnf")
    cp.write_cnf(cnf, nvars, clauses)
    t, r = cp.timed(["cadical", "-q", cnf])
    if r.returncode != 10:
        return t, 0
    true = {int(x) for l in r.stdout.splitlines() if l.startswith("v ")
            for x in l[2:].split() if int(x) > 0}
    cp.write_cnf(cnf + ".b", nvars, clauses + [[-v for v in sorted(true)]])
    t2, r2 = cp.timed(["cadical", "-q", cnf + ".b"])
    return t + t2, 1 if r2.returncode == 20 else 2


def gmean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("doku", nargs="+")
    ap.add_argument("--set", required=True)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--limit", type=int, default=2)
    ap.add_argument("--no-sat", action="store_true")
    args = ap.parse_args()
    lines = cs.read_lines(args.set)
    n = int(round(len(lines[0]) ** 0.5))
    puzzles = [cs.Puzzle(args.set, cs.parse_line(l, n), n) for l in lines]
    best = [[None] * len(lines) for _ in args.doku]
    cad = [math.inf] * len(lines)
    cad_count = [None] * len(lines)
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(args.rounds):
            for k, d in enumerate(args.doku):
                for i, rec in enumerate(doku_each(d, args.set, args.limit, args.repeat)):
                    if best[k][i] is None or rec["s"] < best[k][i]["s"]:
                        best[k][i] = rec
            if not args.no_sat:
                for i, p in enumerate(puzzles):
                    t, c = cadical_unique(p, tmp)
                    cad[i] = min(cad[i], t)
                    cad_count[i] = c
    for k, d in enumerate(args.doku):
        for i in range(len(lines)):
            got = min(best[k][i]["solutions"], 2)
            if best[k][i]["gave_up"]:
                print("puzzle %d: %s gave up" % (i + 1, d))
            elif cad_count[i] is not None and args.limit == 2 and got != cad_count[i]:
                sys.exit("puzzle %d: %s counts %d, CaDiCaL %d" % (i + 1, d, got, cad_count[i]))
    print("| # | " + " | ".join("doku%s ms / nodes" % ("" if len(args.doku) == 1 else " " + chr(65 + k))
                                for k in range(len(args.doku))) + " | CaDiCaL ms | ratio |")
    print("|---:|" + "---:|" * len(args.doku) + "---:|---:|")
    for i in range(len(lines)):
        cells = ["%.2f / %d" % (best[k][i]["s"] * 1e3, best[k][i]["nodes"]) for k in range(len(args.doku))]
        ratio = "%.1f" % (cad[i] / best[0][i]["s"]) if not args.no_sat else "-"
        print("| %d | %s | %.0f | %s |" % (i + 1, " | ".join(cells), cad[i] * 1e3, ratio))
    for k, d in enumerate(args.doku):
        ts = [b["s"] for b in best[k]]
        nodes = [b["nodes"] for b in best[k]]
        line = "%s: median %.3f ms, mean %.3f ms, max %.3f ms, nodes median %d mean %.0f" % (
            d, statistics.median(ts) * 1e3, statistics.mean(ts) * 1e3, max(ts) * 1e3,
            statistics.median(nodes), statistics.mean(nodes))
        if not args.no_sat:
            rs = [c / t for c, t in zip(cad, ts)]
            line += ("; CaDiCaL/doku per puzzle: median %.1fx geomean %.1fx min %.1fx; "
                     "medians %.1fx (CaDiCaL median %.1f ms)" % (
                         statistics.median(rs), gmean(rs), min(rs),
                         statistics.median(cad) / statistics.median(ts),
                         statistics.median(cad) * 1e3))
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
