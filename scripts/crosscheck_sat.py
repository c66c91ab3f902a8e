#!/usr/bin/env python3
"""crosscheck_sat.py - doku's solution counts checked against a SAT solver.

Every puzzle (any size, box shape, x / hyper / jigsaw) is encoded to DIMACS
CNF with its givens applied first (given digits removed from their peers;
only the remaining candidates become variables), then CaDiCaL is asked for a
solution and, with that solution blocked, for a second one. doku's answer
comes from bench/large's doku_large driver (`count --limit 2`). The two must
agree on 0, 1 or >= 2 solutions, and doku's solution must satisfy the CNF
(checked by the script from the CNF's point of view: every given kept, every
unit all-different).

Usage: crosscheck_sat.py --doku BUILD/bench/large/doku_large [--data DIR]
                         [--quick] [--seed N] [--cadical PATH] [--cli BUILD/doku]
Besides the shared sets and CaDiCaL-made grids, puzzles from `doku generate`
on 6x6 (2x3, 3x2), 8x8 (2x4, 4x2), 12x12, 15x15 (3x5, 5x3) and 20x20 boxes,
plain and (full run) with x or hyper, must be unique for CaDiCaL as well.
--quick checks a small sample of every set (for ctest); without it, larger
samples. Exit status 0 when every puzzle agrees, 1 on any disagreement,
2 on a usage or environment problem.
"""
import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile

SYMS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def default_box(n):
    best = None
    r = 2
    while r * r <= n:
        if n % r == 0:
            best = r
        r += 1
    return (best, n // best) if best else (None, None)


def count_windows(n, extent):
    k = 0
    while 1 + k * (extent + 1) + extent <= n - 1:
        k += 1
    return k


def units_of(n, box, x=False, hyper=False, regions=None, keep_boxes=True):
    """The unit table, built independently of doku's src/shape.c."""
    br, bc = box if box else default_box(n)
    units = [[r * n + c for c in range(n)] for r in range(n)]
    units += [[r * n + c for r in range(n)] for c in range(n)]
    if regions is None or keep_boxes:
        for r0 in range(0, n, br):
            for c0 in range(0, n, bc):
                units.append([(r0 + r) * n + c0 + c for r in range(br) for c in range(bc)])
    if regions is not None:
        ids = sorted(set(regions))
        for rid in ids:
            units.append([i for i in range(n * n) if regions[i] == rid])
    if x:
        units.append([i * n + i for i in range(n)])
        units.append([i * n + n - 1 - i for i in range(n)])
    if hyper:
        for i in range(count_windows(n, br)):
            for j in range(count_windows(n, bc)):
                r0, c0 = 1 + i * (br + 1), 1 + j * (bc + 1)
                units.append([(r0 + r) * n + c0 + c for r in range(br) for c in range(bc)])
    return units


class Puzzle:
    def __init__(self, name, givens, n, box=None, x=False, hyper=False, regions=None,
                 keep_boxes=True):
        self.name, self.givens, self.n = name, givens, n
        self.box, self.x, self.hyper = box, x, hyper
        self.regions, self.keep_boxes = regions, keep_boxes

    def units(self):
        return units_of(self.n, self.box, self.x, self.hyper, self.regions, self.keep_boxes)

    def query(self):
        words = ["".join(SYMS[v - 1] if v else "." for v in self.givens)]
        if self.box:
            words.append("box=%dx%d" % self.box)
        if self.x:
            words.append("x")
        if self.hyper:
            words.append("hyper")
        if self.regions is not None:
            words.append("regions=" + "".join(SYMS[r] for r in self.regions))
            if not self.keep_boxes:
                words.append("noboxes")
        return " ".join(words)


def encode(p):
    """CNF with givens applied. Returns (clauses, var_of, nvars); clauses is
    None when the givens already contradict (0 solutions)."""
    n, g = p.n, p.givens
    units = p.units()
    peers = [set() for _ in range(n * n)]
    for u in units:
        for c in u:
            peers[c].update(u)
    cand = []
    for c in range(n * n):
        if g[c]:
            cand.append({g[c]})
        else:
            cand.append(set(range(1, n + 1)) - {g[q] for q in peers[c] if q != c and g[q]})
    for u in units:
        seen = [g[c] for c in u if g[c]]
        if len(seen) != len(set(seen)):
            return None, None, 0
    var_of = {}
    for c in range(n * n):
        if not g[c]:
            for d in sorted(cand[c]):
                var_of[(c, d)] = len(var_of) + 1
    clauses = []
    for c in range(n * n):
        if g[c]:
            continue
        vs = [var_of[(c, d)] for d in sorted(cand[c])]
        if not vs:
            return None, None, 0
        clauses.append(vs)
        for i in range(len(vs)):
            for j in range(i + 1, len(vs)):
                clauses.append([-vs[i], -vs[j]])
    for u in units:
        placed = {g[c] for c in u if g[c]}
        for d in range(1, n + 1):
            if d in placed:
                continue
            vs = [var_of[(c, d)] for c in u if not g[c] and d in cand[c]]
            if not vs:
                return None, None, 0
            clauses.append(vs)
            for i in range(len(vs)):
                for j in range(i + 1, len(vs)):
                    clauses.append([-vs[i], -vs[j]])
    return clauses, var_of, len(var_of)


def run_cadical(cadical, nvars, clauses, tmpdir):
    path = os.path.join(tmpdir, "q.cnf")
    with open(path, "w") as f:
        f.write("p cnf %d %d\n" % (nvars, len(clauses)))
        for cl in clauses:
            f.write(" ".join(map(str, cl)) + " 0\n")
    r = subprocess.run([cadical, "-q", path], stdout=subprocess.PIPE, text=True)
    if r.returncode == 20:
        return None
    if r.returncode != 10:
        raise RuntimeError("cadical exit %d" % r.returncode)
    true = set()
    for line in r.stdout.splitlines():
        if line.startswith("v "):
            true.update(int(t) for t in line[2:].split() if int(t) > 0)
    return true


def sat_count(p, cadical, tmpdir):
    """0, 1 or 2 (meaning >= 2) solutions according to CaDiCaL."""
    clauses, var_of, nvars = encode(p)
    if clauses is None:
        return 0
    if nvars == 0:
        return 1
    first = run_cadical(cadical, nvars, clauses, tmpdir)
    if first is None:
        return 0
    block = [-v for v in sorted(first)]
    return 2 if run_cadical(cadical, nvars, clauses + [block], tmpdir) is not None else 1


def valid_solution(p, sol):
    if any(g and g != s for g, s in zip(p.givens, sol)):
        return False
    return all(sorted(sol[c] for c in u) == list(range(1, p.n + 1)) for u in p.units())


def parse_line(text, n):
    return [0 if ch in ".0" else SYMS.index(ch) + 1 for ch in text[:n * n]]


def read_lines(path):
    with open(path) as f:
        return [l.strip() for l in f if l.strip() and not l.startswith("#")]


def load_sets(data, rng, quick):
    """Samples of every shared large and variant set."""
    sets = []
    per = 2 if quick else 10
    large = os.path.join(data, "large")
    for name in ["16x16_blue_ultimate15.txt", "16x16_1to9only_all.txt"]:
        lines = read_lines(os.path.join(large, name))
        for i, l in enumerate(rng.sample(lines, min(per, len(lines)))):
            sets.append(Puzzle("%s#%d" % (name, i), parse_line(l, 16), 16))
    lg = os.path.join(large, "lewis_general")
    for name in sorted(os.listdir(lg)):
        if not name.endswith(".txt"):
            continue
        lines = read_lines(os.path.join(lg, name))
        n = int(round(len(lines[0]) ** 0.5))
        for i, l in enumerate(rng.sample(lines, min(per // 2 if quick else per, len(lines)))):
            sets.append(Puzzle("%s#%d" % (name, i), parse_line(l, n), n))
    with open(os.path.join(data, "variants", "iss_variant_puzzles.tsv")) as f:
        for row, line in enumerate(f):
            fld = line.rstrip("\n").split("\t")
            if row == 0 or len(fld) < 5:
                continue
            n = int(fld[1])
            kind = fld[0]
            x = "diagonal" in kind
            hyper = "windoku" in kind
            regions = None
            if fld[3]:
                ids = []
                regions = []
                for ch in fld[3]:
                    if ch not in ids:
                        ids.append(ch)
                    regions.append(ids.index(ch))
            sets.append(Puzzle("iss:%s:%d" % (kind, row), parse_line(fld[2], n), n,
                               x=x, hyper=hyper, regions=regions))
    return sets


def made_up(rng, cadical, tmpdir, quick):
    """Puzzles on other box shapes and variant mixes: a full grid from
    CaDiCaL (seeded by a few random givens), thinned at random; some get one
    given changed so that 0 solutions occur too."""
    shapes = [(6, (2, 3)), (8, (2, 4)), (12, (3, 4)), (15, (3, 5)), (20, (4, 5)),
              (9, (3, 3)), (16, (4, 4)), (10, (2, 5))]
    out = []
    reps = 1 if quick else 3
    for n, box in shapes:
        for x, hyper in [(False, False), (True, False), (False, True), (True, True)]:
            if hyper and (count_windows(n, box[0]) < 1 or count_windows(n, box[1]) < 1):
                continue
            for rep in range(reps):
                base = Puzzle("gen", [0] * (n * n), n, box=box, x=x, hyper=hyper)
                for _ in range(n // 2):
                    base.givens[rng.randrange(n * n)] = rng.randrange(1, n + 1)
                clauses, var_of, nvars = encode(base)
                full = run_cadical(cadical, nvars, clauses, tmpdir) if clauses else None
                if full is None:
                    continue
                sol = list(base.givens)
                for (c, d), v in var_of.items():
                    if v in full:
                        sol[c] = d
                keep = rng.uniform(0.3, 0.7)
                g = [v if rng.random() < keep else 0 for v in sol]
                if rng.random() < 0.3:
                    filled = [i for i in range(n * n) if g[i]]
                    i = rng.choice(filled)
                    g[i] = rng.randrange(1, n + 1)
                out.append(Puzzle("gen:%dx%d box %dx%d%s%s#%d" % (n, n, box[0], box[1],
                                  " x" if x else "", " hyper" if hyper else "", rep),
                                  g, n, box=box, x=x, hyper=hyper))
    return out


def generated(cli, seed, quick):
    """Puzzles made by doku's own generator on other box shapes (both
    orientations) and variants: each must be unique for CaDiCaL too."""
    shapes = [(2, 3), (3, 2), (2, 4), (4, 2), (3, 4), (3, 5), (5, 3), (4, 5)]
    if not quick:
        shapes += [(4, 3), (5, 4)]
    out = []
    for br, bc in shapes:
        n = br * bc
        for variant in ([""] if quick else ["", "x", "hyper"]):
            hyper = variant == "hyper"
            if hyper and (count_windows(n, br) < 1 or count_windows(n, bc) < 1):
                continue
            cmd = [cli, "generate", "--box", "%dx%d" % (br, bc), "-n", "1" if quick else "2",
                   "--seed", str(seed), "-q", "--timeout", "30"]
            if variant:
                cmd += ["--variant", variant]
            r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            lines = r.stdout.split()
            if r.returncode != 0 or not lines:
                print("crosscheck: %s failed: %s" % (" ".join(cmd[1:]), r.stderr.strip()),
                      file=sys.stderr)
                continue
            for i, l in enumerate(lines):
                out.append(Puzzle("doku generate --box %dx%d%s#%d" % (br, bc,
                                  " --variant " + variant if variant else "", i),
                                  parse_line(l, n), n, box=(br, bc), x=variant == "x",
                                  hyper=hyper))
                out[-1].expect = 1
    return out


def jigsaw_samples(data, rng, cadical, tmpdir, quick):
    """9x9 jigsaw layouts (boxes dropped, and kept) with givens from a
    CaDiCaL grid of that layout."""
    lines = read_lines(os.path.join(data, "variants", "jigsaw9_valid_layouts_iss.txt"))
    out = []
    for i, l in enumerate(rng.sample(lines, 2 if quick else 8)):
        ids = []
        regions = []
        for ch in l[:81]:
            if ch not in ids:
                ids.append(ch)
            regions.append(ids.index(ch))
        base = Puzzle("gen", [0] * 81, 9, regions=regions, keep_boxes=False)
        clauses, var_of, nvars = encode(base)
        full = run_cadical(cadical, nvars, clauses, tmpdir)
        if full is None:
            continue
        sol = [0] * 81
        for (c, d), v in var_of.items():
            if v in full:
                sol[c] = d
        for keep in (0.25, 0.35, 0.5):
            g = [v if rng.random() < keep else 0 for v in sol]
            out.append(Puzzle("jigsaw layout %d keep %.2f" % (i, keep), g, 9, regions=regions,
                              keep_boxes=False))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--doku", required=True, help="path of the doku_large driver")
    ap.add_argument("--cli", help="path of the doku program, for generated puzzles "
                    "(default: BUILD/doku beside BUILD/bench/large/doku_large)")
    ap.add_argument("--data", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                   "..", "..", "shared", "data"))
    ap.add_argument("--cadical", default=shutil.which("cadical"))
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if not args.cadical:
        print("crosscheck: cadical not found (apt-get install cadical)", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    cli = args.cli or os.path.join(os.path.dirname(os.path.abspath(args.doku)), "..", "..", "doku")
    if not os.access(cli, os.X_OK):
        print("crosscheck: doku program not found at %s (--cli)" % cli, file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmpdir:
        puzzles = load_sets(args.data, rng, args.quick)
        puzzles += made_up(rng, args.cadical, tmpdir, args.quick)
        puzzles += jigsaw_samples(args.data, rng, args.cadical, tmpdir, args.quick)
        puzzles += generated(cli, args.seed, args.quick)
        queries = "".join(p.query() + "\n" for p in puzzles)
        r = subprocess.run([args.doku, "count", "--limit", "2"], input=queries,
                           stdout=subprocess.PIPE, text=True)
        answers = r.stdout.splitlines()
        if len(answers) != len(puzzles):
            print("crosscheck: doku answered %d of %d queries" % (len(answers), len(puzzles)),
                  file=sys.stderr)
            return 1
        bad = 0
        tally = [0, 0, 0]
        for p, a in zip(puzzles, answers):
            f = a.split()
            want = sat_count(p, args.cadical, tmpdir)
            tally[want] += 1
            ok = f[0] != "error" and f[1] == "0" and min(int(f[0]), 2) == want
            if ok and want:
                ok = valid_solution(p, parse_line(f[2], p.n))
            if ok and getattr(p, "expect", None) is not None and want != p.expect:
                ok = False  # the generator promised a unique puzzle
            if not ok:
                bad += 1
                print("MISMATCH %s: cadical %s, doku %s" % (p.name, want, a))
        print("crosscheck: %d puzzles (cadical 0/1/2+: %d/%d/%d), %d disagreements"
              % (len(puzzles), tally[0], tally[1], tally[2], bad))
        return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
