#!/usr/bin/env python3
"""Figures of the Python package for BENCHMARKS.md, in one run:

1. per-call overhead of doku.solve(str) on 17-clue puzzles above the C
   library's own doku_search call (timed in C, same solver reuse);
2. solve_many on 100,000 puzzles against `doku solve` (line output) with
   the same threads;
3. doku.dask (a scheduler and 2 workers started here, 1 thread each)
   against `doku grade --threads 2` on the rated sample (or a slice);
4. a Norvig-style pure-Python solver (below, 30 lines: constraint
   propagation and depth-first search, as people write it) against
   doku.solve on the same puzzles.

Usage: bench.py DOKU_CLI [--threads 2] [--rated FILE] [--rated-count N]
Needs the package importable (make python, or PYTHONPATH=BUILD/python/lib).
Wall-clock figures on a shared machine: read them with the load it reports.
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time

import doku

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "data")


# --- the reference: a Norvig-style solver (http://norvig.com/sudoku.html) ---
def norvig_solve(grid: str) -> str | None:
    digits, rows = "123456789", "ABCDEFGHI"
    squares = [r + c for r in rows for c in digits]
    units = ([[r + c for c in digits] for r in rows] + [[r + c for r in rows] for c in digits]
             + [[r + c for r in rs for c in cs] for rs in ("ABC", "DEF", "GHI")
                for cs in ("123", "456", "789")])
    su = {s: [u for u in units if s in u] for s in squares}
    peers = {s: set(sum(su[s], [])) - {s} for s in squares}

    def assign(v: dict, s: str, d: str) -> dict | None:
        return v if all(eliminate(v, s, o) for o in v[s].replace(d, "")) else None

    def eliminate(v: dict, s: str, d: str) -> dict | bool | None:
        if d not in v[s]:
            return v
        v[s] = v[s].replace(d, "")
        if not v[s] or (len(v[s]) == 1 and not all(eliminate(v, p, v[s]) for p in peers[s])):
            return False
        for u in su[s]:
            places = [t for t in u if d in v[t]]
            if not places or (len(places) == 1 and not assign(v, places[0], d)):
                return False
        return v

    def search(v: dict | None) -> dict | None:
        if not v or all(len(v[s]) == 1 for s in squares):
            return v
        _, s = min((len(v[s]), s) for s in squares if len(v[s]) > 1)
        return next((r for d in v[s] if (r := search(assign(v.copy(), s, d)))), None)

    v = {s: digits for s in squares}
    for s, d in zip(squares, grid):
        if d in digits and not assign(v, s, d):
            return None
    out = search(v)
    return "".join(out[s] for s in squares) if out else None
# --- end of the reference solver ---


def load() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "?"


def puzzles_17(n: int) -> list[str]:
    path = os.path.join(DATA, "sudoku9", "puzzles2_17_clue_dev")
    out: list[str] = []
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                line = line.strip()
                if len(line) >= 81 and line[0] != "#":
                    out.append(line[:81])
    if not out:  # the repository's sample
        fx = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "fixtures", "puzzles",
                          "classic9_17clue.txt")
        out = [l.split(":")[0] for l in open(fx) if l[:1] not in "#\n"]
    return [out[i % len(out)] for i in range(n)]


def overhead(reps: int, rounds: int = 7) -> None:
    """Each puzzle: the best of ``rounds`` timings of ``reps`` calls, in C
    and through Python, interleaved (the minimum filters the other
    processes' noise on a shared machine)."""
    ps = puzzles_17(200)
    sh = doku.classic()
    c_total = py_total = 0.0
    for p in ps:
        cells = doku.Puzzle(p).cells
        best_c = best_py = float("inf")
        for _ in range(rounds):
            best_c = min(best_c, doku._core._time_search(sh._core, cells, 2, reps))
            t0 = time.perf_counter()
            for _ in range(reps):
                doku.solve(p)
            best_py = min(best_py, (time.perf_counter() - t0) / reps)
        c_total += best_c
        py_total += best_py
    c, py = c_total / len(ps), py_total / len(ps)
    print(f"1. doku.solve(str) on {len(ps)} 17-clue puzzles (best of {rounds} x {reps} calls "
          f"each): {py * 1e6:.2f} us a call; C doku_search {c * 1e6:.2f} us; overhead "
          f"{(py - c) * 1e6:.2f} us")


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def many(cli: str, threads: int, n: int, rounds: int = 5) -> None:
    """Best of ``rounds`` alternating runs of each, wall clock and CPU
    time (user + system): on a loaded machine the wall clock mostly
    measures the other processes, the CPU time the work."""
    ps = puzzles_17(n)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(ps) + "\n")
        path = f.name
    w_cli = w_py = w_parse = c_cli = c_py = c_parse = float("inf")
    try:
        for _ in range(rounds):
            c0, t0 = _children_cpu(), time.perf_counter()
            subprocess.run([cli, "solve", "--threads", str(threads), path], check=False,
                           stdout=subprocess.DEVNULL)
            w_cli = min(w_cli, time.perf_counter() - t0)
            c_cli = min(c_cli, _children_cpu() - c0)
            c0, t0 = time.process_time(), time.perf_counter()
            arr = doku.to_array(ps)
            w_parse = min(w_parse, time.perf_counter() - t0)
            c_parse = min(c_parse, time.process_time() - c0)
            c0, t0 = time.process_time(), time.perf_counter()
            sol = doku.solve_many(arr, threads=threads)
            w_py = min(w_py, time.perf_counter() - t0)
            c_py = min(c_py, time.process_time() - c0)
            assert sol.any(axis=1).all()
    finally:
        os.unlink(path)
    print(f"2. {n:,} 17-clue puzzles, {threads} threads, best of {rounds}:\n"
          f"   doku solve FILE (CLI, output to /dev/null): wall {w_cli:.2f} s, CPU {c_cli:.2f} s\n"
          f"   solve_many(uint8 array): wall {w_py:.2f} s, CPU {c_py:.2f} s = "
          f"{c_cli / c_py:.2f}x the CLI's throughput per CPU second ({w_cli / w_py:.2f}x by wall)\n"
          f"   to_array(list of str) first: + wall {w_parse:.2f} s, CPU {c_parse:.2f} s = "
          f"{c_cli / (c_py + c_parse):.2f}x per CPU second")


def dask_vs_cli(cli: str, rated: str, count: int) -> None:
    from distributed import Client
    with open(rated) as f:
        lines = [l for l in f if l.strip() and l[0] != "#"]
    if count:
        step = max(1, len(lines) // count)
        lines = lines[::step][:count]
    tmp = tempfile.mkdtemp()
    path = os.path.join(tmp, "rated.txt")
    with open(path, "w") as f:
        f.writelines(lines)
    c0, t0 = _children_cpu(), time.perf_counter()
    subprocess.run([cli, "grade", "--threads", "2", "--format", "json", path], check=False,
                   stdout=subprocess.DEVNULL)
    t_cli, c_cli = time.perf_counter() - t0, _children_cpu() - c0
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    dask = [shutil.which("dask") or "dask"]
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(doku.__file__)))
    procs = [subprocess.Popen(dask + ["scheduler", "--host", "127.0.0.1", "--port", str(port),
                                      "--no-dashboard", "--no-show"], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    procs += [subprocess.Popen(dask + ["worker", f"tcp://127.0.0.1:{port}", "--nthreads", "1",
                                       "--no-nanny", "--no-dashboard", "--local-directory", tmp],
                               env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
              for _ in range(2)]

    def cluster_cpu() -> float:
        """CPU seconds of the scheduler, the workers and this driver."""
        total = time.process_time()
        for p in procs:
            with open(f"/proc/{p.pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        return total

    res = {}
    try:
        client = Client(f"tcp://127.0.0.1:{port}", timeout=60)
        client.wait_for_workers(2, timeout=60)
        from doku import dask as doku_dask
        doku_dask.map_file(path, "grade", client=client, partition=20)  # warm the workers
        for part in (25, 250):
            c0, t0 = cluster_cpu(), time.perf_counter()
            doku_dask.map_file(path, "grade", client=client, partition=part,
                               output=os.path.join(tmp, "out.jsonl"))
            res[part] = (time.perf_counter() - t0, cluster_cpu() - c0)
        client.close()
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            p.wait()
        shutil.rmtree(tmp, ignore_errors=True)
    n = len(lines)
    print(f"3. grade {n:,} puzzles of the rated sample: doku grade --threads 2 --format json: "
          f"wall {t_cli:.2f} s, CPU {c_cli:.2f} s")
    for part, (t, c) in res.items():
        print(f"   doku.dask (scheduler + 2 workers x 1 thread + driver), partition {part}: "
              f"wall {t:.2f} s, CPU {c:.2f} s = {c_cli / c:.2f}x the CLI's throughput per CPU "
              f"second ({t_cli / t:.2f}x by wall)")
    # CPU(P) = N*t + (N/P)*o: two partition sizes give o
    (p1, (_, c1)), (p2, (_, c2)) = sorted(res.items())
    tasks = n / p1 - n / p2
    if tasks > 0:
        print(f"   per-partition overhead o = {(c1 - c2) / tasks * 1e3:.1f} ms of CPU "
              f"(scheduler, worker and driver; from the two partition sizes)")


def norvig(n: int) -> None:
    """CPU time of one thread (process_time): the reference solver is
    pure Python, so the wall clock would measure the machine's load."""
    ps = puzzles_17(n)
    t0 = time.process_time()
    for p in ps:
        assert norvig_solve(p) is not None
    t_n = time.process_time() - t0
    t0 = time.process_time()
    for p in ps:
        doku.solve(p)
    t_d = time.process_time() - t0
    print(f"4. {n} 17-clue puzzles, one thread, CPU time: Norvig-style pure Python {t_n:.2f} s "
          f"({t_n / n * 1e3:.1f} ms each); doku.solve {t_d * 1e3:.1f} ms ({t_d / n * 1e6:.1f} us "
          f"each, proving uniqueness); ratio {t_n / t_d:,.0f}x")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("cli")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--many", type=int, default=100_000)
    ap.add_argument("--reps", type=int, default=200)
    ap.add_argument("--rated", default=os.path.join(DATA, "rated",
                                                    "sudoku_exchange_se_rated_sample.txt"))
    ap.add_argument("--rated-count", type=int, default=0, help="an even slice of N puzzles")
    ap.add_argument("--norvig", type=int, default=100)
    ap.add_argument("--only", default="1234")
    a = ap.parse_args()
    print(f"doku {doku.library_version}, python {sys.version.split()[0]}, "
          f"{os.cpu_count()} CPUs, load {load()} at start")
    if "1" in a.only:
        overhead(a.reps)
    if "2" in a.only:
        many(a.cli, a.threads, a.many)
    if "3" in a.only:
        dask_vs_cli(a.cli, a.rated, a.rated_count)
    if "4" in a.only:
        norvig(a.norvig)
    print(f"load {load()} at end")


if __name__ == "__main__":
    main()
