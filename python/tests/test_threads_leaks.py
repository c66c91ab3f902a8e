"""Thread safety (many Python threads on one shape, the GIL released in
the calls) and reference/memory leaks (10^5 calls keep RSS flat)."""
from __future__ import annotations

import gc
import os
import threading

import doku
from conftest import FIXTURES, puzzle_lines


def test_many_threads_one_shape() -> None:
    lines = puzzle_lines("classic9_17clue.txt") + puzzle_lines("classic9_multi.txt")
    want_solve = [doku.solve(l) for l in lines]
    want_grade = [doku.grade(l).er for l in lines[:10]]
    x = doku.Shape(9, variants="x")
    xl = puzzle_lines("x9.txt")
    want_x = [doku.solve(l, shape=x) for l in xl]
    errors: list[str] = []

    def work(k: int) -> None:
        try:
            for rep in range(3):
                for i, l in enumerate(lines):
                    if doku.solve(l) != want_solve[i]:
                        errors.append(f"solve {i}")
                for i, l in enumerate(lines[:10]):
                    if (k + rep + i) % 4 == 0 and doku.grade(l).er != want_grade[i]:
                        errors.append(f"grade {i}")
                for i, l in enumerate(xl):
                    if doku.solve(l, shape=x) != want_x[i]:
                        errors.append(f"x {i}")
                if (doku.solve_many(lines, threads=2) != doku.solve_many(lines[:1] * 0 + lines, threads=1)).any():
                    errors.append("solve_many")
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(repr(e))

    threads = [threading.Thread(target=work, args=(k,)) for k in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads)
    assert errors == []


def _rss_kib() -> int:
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") // 1024


def test_no_leak_in_100000_calls() -> None:
    lines = puzzle_lines("classic9_17clue.txt")
    p = doku.Puzzle(lines[0])
    arr = doku.to_array(lines[:8])

    def round_(k: int) -> None:
        for i in range(k):
            s = doku.solve(lines[i % len(lines)])
            assert s.status == "unique"
            if i % 50 == 0:
                doku.check(p)
                doku.solve(p.cells)
                doku.solve_many(arr, threads=1)
                try:
                    doku.solve(None)  # type: ignore[arg-type]
                except doku.ArgumentError:
                    pass
            if i % 500 == 0:
                doku.grade(p)
                list(doku.read(lines[0] + "\n1.2\n", errors="yield"))

    round_(20_000)  # warm up: pools, caches, allocator
    gc.collect()
    before = _rss_kib()
    round_(100_000)
    gc.collect()
    grown = _rss_kib() - before
    assert grown < 4096, f"RSS grew by {grown} KiB over 10^5 calls"


def test_calls_release_the_gil() -> None:
    """While one thread is inside a long call (a search, a count, a grade,
    a batch), another runs Python. Judged by order and counts, not by
    clocks: the main thread runs chunks_needed chunks of Python, giving
    the GIL up every 0.2 ms (the switch interval), and must finish them
    before the call returns. A call that held the GIL would let it run
    only in the few switch intervals of its own Python before and after
    the C part, far fewer chunks (a call of C that holds the GIL, such as
    sum(range(4 * 10**7)), lets it run about a tenth of them). The
    searches' budgets are node counts, the same work on any machine and
    about 30x the chunks' here; the grade's is a time 40x theirs. A slow
    or loaded machine slows both threads alike."""
    import sys
    chunks_needed = 1500  # 1000 iterations each: about 50 ms of Python here
    # Golden Nugget: grading it takes far longer than its budget here
    hard = next(p for p in puzzle_lines("classic9_hardest.txt") if p.startswith(".......39"))
    calls = [
        ("solve", lambda: doku.solve("." * 81, limit=10**12, nodes=20_000_000)),
        ("count", lambda: doku.count("." * 81, limit=10**12, nodes=20_000_000, timeout=0)),
        ("grade", lambda: doku.grade(hard, timeout=2.0)),
        ("solve_many", lambda: doku.solve_many(["." * 81] * 2, limit=10**12, nodes=10_000_000,
                                               threads=1)),
    ]
    old = sys.getswitchinterval()
    sys.setswitchinterval(0.0002)
    try:
        for name, call in calls:
            started = threading.Event()
            returned: list[object] = []

            def work(call=call, started=started, returned=returned) -> None:
                started.set()
                returned.append(call())

            t = threading.Thread(target=work)
            t.start()
            assert started.wait(60)
            chunks = 0
            while chunks < chunks_needed and not returned:
                n = 0
                while n < 1000:
                    n += 1
                chunks += 1
            t.join(timeout=300)
            assert not t.is_alive(), f"{name}: the call did not end"
            assert returned, f"{name}: the call failed"
            assert chunks == chunks_needed, (
                f"{name}: Python ran only {chunks} of {chunks_needed} chunks while the call ran")
    finally:
        sys.setswitchinterval(old)
