#!/usr/bin/env python3
"""make_sparse.py - sparse big-grid instances in Lewis's manner.

A full grid of side n = R*C (the pattern digit(r, c) = (C*(r % R) + r // R
+ c) % n, then digits, rows within bands, bands, columns within stacks and
stacks shuffled), of which a fraction FILL of the cells is kept at random:
every instance has a solution, most have many. Sides above 35 have no
one-character symbols, so lines are comma-separated numbers (0 = empty),
which `doku_large bench` and per_puzzle.py read.

Usage: make_sparse.py N FILL COUNT [--seed S] [--box RxC] > FILE
"""
import argparse
import random


def full_grid(n, br, bc, rng):
    g = [[(bc * (r % br) + r // br + c) % n for c in range(n)] for r in range(n)]
    digits = list(range(n))
    rng.shuffle(digits)
    g = [[digits[v] for v in row] for row in g]
    bands = list(range(n // br))
    rng.shuffle(bands)
    rows = []
    for b in bands:
        inner = list(range(br))
        rng.shuffle(inner)
        rows += [b * br + i for i in inner]
    g = [g[r] for r in rows]
    stacks = list(range(n // bc))
    rng.shuffle(stacks)
    cols = []
    for s in stacks:
        inner = list(range(bc))
        rng.shuffle(inner)
        cols += [s * bc + i for i in inner]
    return [[row[c] + 1 for c in cols] for row in g]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("n", type=int)
    ap.add_argument("fill", type=float)
    ap.add_argument("count", type=int)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--box")
    args = ap.parse_args()
    n = args.n
    if args.box:
        br, bc = map(int, args.box.split("x"))
    else:
        br = max(r for r in range(1, int(n ** 0.5) + 1) if n % r == 0)
        bc = n // br
    rng = random.Random(args.seed)
    for _ in range(args.count):
        g = full_grid(n, br, bc, rng)
        cells = [v for row in g for v in row]
        keep = set(rng.sample(range(n * n), int(round(args.fill * n * n))))
        print(",".join(str(v) if i in keep else "0" for i, v in enumerate(cells)))


if __name__ == "__main__":
    main()
