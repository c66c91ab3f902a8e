#!/usr/bin/env python3
"""End-to-end CLI throughput: `doku solve FILE` per shared data set.

Times whole processes (start-up, reading, solving, printing) by the child's
user+system CPU time, best of REPEATS, pinned to one core. Usage:
    bench/cli_throughput.py build/doku [REPEATS]
"""
import os
import resource
import subprocess
import sys

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "data")
SETS = [
    "sudoku9/puzzles2_17_clue_dev",
    "sudoku9/puzzles3_magictour_top1465",
    "sudoku9/puzzles5_forum_hardest_1905_11+_dev",
    "sudoku9/puzzles6_forum_hardest_1106",
    "sudoku9/puzzles7_serg_benchmark",
    "large/16x16_blue_ultimate15.txt",
    "large/lewis_general/lewis25x25_fill45.txt",
]


def cpu_of(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    doku = sys.argv[1] if len(sys.argv) > 1 else "build/doku"
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    print("| data set | puzzles | CPU s (best of %d) | puzzles/s |" % repeats)
    print("|---|---:|---:|---:|")
    for rel in SETS:
        path = os.path.join(DATA, rel)
        with open(path) as f:
            n = sum(1 for line in f if line.strip() and not line.startswith("#"))
        best = min(cpu_of(["taskset", "-c", "0", doku, "solve", path]) for _ in range(repeats))
        print("| %s | %d | %.3f | %.0f |" % (rel, n, best, n / max(best, 1e-3)))


if __name__ == "__main__":
    main()
