"""The batch calls: input order, every input form, the errors of wrong
dtype/shape/size/None and thread counts, and Ctrl+C."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

import doku
from conftest import FIXTURES, puzzle_lines

# where this doku is importable from (a build tree or the installed one)
ROOT_PY = os.path.dirname(os.path.dirname(os.path.abspath(doku.__file__)))


def test_solve_many_matches_solve() -> None:
    lines = puzzle_lines("classic9_17clue.txt") + puzzle_lines("classic9_multi.txt")
    arr = doku.to_array(lines)
    assert arr.dtype == np.uint8 and arr.shape == (len(lines), 81)
    sol, status = doku.solve_many(arr, threads=2, return_status=True)
    for i, line in enumerate(lines):
        s = doku.solve(line)
        assert doku.OUTCOMES[int(status[i])] == s.status
        if s.status == "unique":
            assert sol[i].tobytes() == s.cells
        else:
            assert not sol[i].any()
    # a list of strings, of Puzzles, and of grids give the same
    assert (doku.solve_many(lines, threads=3) == sol).all()
    assert (doku.solve_many([doku.Puzzle(l) for l in lines[:5]], threads=1) == sol[:5]).all()
    assert (doku.solve_many([doku.Puzzle(l).to("grid") for l in lines[:3]]) == sol[:3]).all()
    assert doku.solve_many(np.zeros((0, 81), dtype=np.uint8)).shape == (0, 81)


def test_count_many_and_shapes() -> None:
    lines = puzzle_lines("classic9_multi.txt")
    counts, status = doku.count_many(lines, threads=2)
    assert [int(c) for c in counts] == [doku.count(l).count for l in lines]
    four = doku.Shape(4)
    small = puzzle_lines("4x4.txt")
    sol, st = doku.solve_many(small, shape=four, return_status=True)
    assert sol.shape == (len(small), 16)
    assert [doku.OUTCOMES[int(x)] for x in st] == [doku.solve(l, shape=four).status for l in small]


def test_grade_and_records_many_in_order() -> None:
    puzzles = list(doku.read(FIXTURES / "classic9_17clue.txt"))
    grades = doku.grade_many(puzzles, threads=3)
    assert [g.er for g in grades] == [doku.grade(p).er for p in puzzles]
    recs = doku.records_many("check", puzzles, threads=2)
    assert [r["line"] for r in recs] == [p.line for p in puzzles]
    raw = doku.records_many("solve", [str(p) for p in puzzles], threads=2, raw=True)
    assert all(isinstance(s, str) and s.startswith("{") for s in raw)


def test_generate_many_same_for_any_threads() -> None:
    one = doku.generate_many(6, seed=42, threads=1)
    three = doku.generate_many(6, seed=42, threads=3)
    assert (one == three).all() and one.any(axis=1).all()
    tail = doku.generate_many(3, seed=42, start=3, threads=2)
    assert (tail == one[3:]).all()
    recs = doku.generate_many(2, seed=42, records=True)
    assert recs[0] is not None and recs[0]["puzzle"] == str(doku.Puzzle(one[0].tobytes()))


@pytest.mark.parametrize("bad, err", [
    (None, doku.ArgumentError),
    (np.zeros((3, 81), dtype=np.int64), doku.ArgumentError),
    (np.zeros((3, 81), dtype=np.float32), doku.ArgumentError),
    (np.zeros((3, 80), dtype=np.uint8), doku.SizeError),
    (np.zeros((81,), dtype=np.uint8), doku.SizeError),
    (np.zeros((2, 3, 81), dtype=np.uint8), doku.SizeError),
    (np.full((2, 81), 10, dtype=np.uint8), doku.ArgumentError),
    ("." * 81, doku.ArgumentError),
    (["1.2"], doku.ParseError),
    ([None], doku.ArgumentError),
    ([doku.Puzzle("4...3..4..2.....")], doku.ArgumentError),
])
def test_bad_batches(bad: object, err: type) -> None:
    for call in (doku.solve_many, doku.count_many, doku.grade_many):
        with pytest.raises(err) as e:
            call(bad)  # type: ignore[operator]
        assert str(e.value)


def test_non_contiguous_and_raw_core_inputs() -> None:
    lines = puzzle_lines("classic9_17clue.txt")[:4]
    arr = doku.to_array(lines)
    wide = np.zeros((4, 162), dtype=np.uint8)
    wide[:, ::2] = arr
    assert (doku.solve_many(wide[:, ::2]) == doku.solve_many(arr)).all()  # copied, not refused
    st = np.zeros(4, dtype=np.int8)
    with pytest.raises(doku.ArgumentError):  # the C layer checks dtype too
        doku._core.search_many(doku.classic()._core, arr.astype(np.uint16), 2, 0.0, 0, 1, st,
                               None, None)
    with pytest.raises(doku.SizeError):
        doku._core.search_many(doku.classic()._core, arr, 2, 0.0, 0, 1, np.zeros(3, np.int8),
                               None, None)
    with pytest.raises(TypeError):
        doku._core.search_many(None, arr, 2, 0.0, 0, 1, st, None, None)


@pytest.mark.parametrize("threads", [0, -1, 10**6, 1025])
def test_bad_threads(threads: int) -> None:
    lines = puzzle_lines("classic9_17clue.txt")[:2]
    for call in (doku.solve_many, doku.count_many, doku.grade_many):
        with pytest.raises(doku.ArgumentError) as e:
            call(lines, threads=threads)  # type: ignore[operator]
        assert "threads" in str(e.value)
    with pytest.raises(doku.ArgumentError):
        doku.generate_many(2, threads=threads)
    with pytest.raises(doku.ArgumentError):
        doku.solve_many(lines, threads=1.5)  # type: ignore[arg-type]


def test_many_threads_are_fine() -> None:
    lines = puzzle_lines("classic9_17clue.txt")
    assert (doku.solve_many(lines, threads=1024) == doku.solve_many(lines, threads=1)).all()


def test_ctrl_c_interrupts_a_batch() -> None:
    """SIGINT during a long grade_many: KeyboardInterrupt within a second,
    the process alive and usable after it."""
    script = textwrap.dedent("""
        import sys, time, doku
        hard = [l.split(":")[0] for l in open(sys.argv[1]) if l[:1] not in "#\\n"]
        puzzles = hard * 2000
        print("ready", flush=True)
        t0 = time.monotonic()
        try:
            doku.grade_many(puzzles, threads=2)
            print("finished", flush=True)
        except KeyboardInterrupt:
            print("interrupted %.2f" % (time.monotonic() - t0), flush=True)
            print("after", doku.solve(hard[0]).status, flush=True)
    """)
    env = dict(os.environ, PYTHONPATH=ROOT_PY + os.pathsep + os.environ.get("PYTHONPATH", ""))
    p = subprocess.Popen([sys.executable, "-c", script, str(FIXTURES / "classic9_top1465.txt")],
                         stdout=subprocess.PIPE, text=True, env=env)
    assert p.stdout is not None
    assert p.stdout.readline().strip() == "ready"
    time.sleep(1.0)
    t_sig = time.monotonic()
    p.send_signal(signal.SIGINT)
    out, _ = p.communicate(timeout=30)
    waited = time.monotonic() - t_sig
    assert out.startswith("interrupted"), out
    assert "after unique" in out
    assert waited < 10, f"took {waited:.1f} s to stop"


@pytest.mark.parametrize("call", [
    'doku.count("." * 81, limit=10**15, timeout=60)',
    'doku.grade(hard, timeout=60)',
])
def test_ctrl_c_interrupts_a_long_call(call: str) -> None:
    """SIGINT during one long count or logic run: KeyboardInterrupt well
    before its 60 s budget."""
    script = textwrap.dedent(f"""
        import sys, time, doku
        hard = [l.split(":")[0] for l in open(sys.argv[1]) if l[:1] not in "#\\n"][3]  # ER 11.9: 16 s of CPU
        print("ready", flush=True)
        t0 = time.monotonic()
        try:
            {call}
            print("finished %.2f" % (time.monotonic() - t0), flush=True)
        except KeyboardInterrupt:
            print("interrupted", flush=True)
    """)
    env = dict(os.environ, PYTHONPATH=ROOT_PY + os.pathsep + os.environ.get("PYTHONPATH", ""))
    p = subprocess.Popen([sys.executable, "-c", script, str(FIXTURES / "classic9_hardest.txt")],
                         stdout=subprocess.PIPE, text=True, env=env)
    assert p.stdout is not None
    assert p.stdout.readline().strip() == "ready"
    time.sleep(1.0)
    t_sig = time.monotonic()
    p.send_signal(signal.SIGINT)
    out, _ = p.communicate(timeout=60)
    waited = time.monotonic() - t_sig
    if out.startswith("finished"):
        pytest.skip(f"the call ended before the signal ({out.strip()})")
    assert out.startswith("interrupted"), out
    assert waited < 15, f"took {waited:.1f} s to stop"
