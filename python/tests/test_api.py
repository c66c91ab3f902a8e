"""The calls on one puzzle: results, budgets as results, and every error
path of their arguments."""
from __future__ import annotations

import numpy as np
import pytest

import doku

P17 = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
S17 = "953168742862734951417952836746893125281645397395271468138529674574386219629417583"
MULTI = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_solve() -> None:
    s = doku.solve(P17)
    assert s.status == "unique" and bool(s) and str(s.solution) == S17 and s.count == 1
    assert s.nodes >= 1 and s.guesses >= 0
    assert doku.solve(doku.Puzzle(P17)) == s
    assert doku.solve(doku.Puzzle(P17).cells) == s
    assert doku.solve(P17.replace(".", "0")).status == "unique"
    assert doku.solve(doku.Puzzle(P17).to("grid")).status == "unique"  # the full reader
    m = doku.solve(MULTI)
    assert m.status == "multiple" and not m and m.count == 2
    one = doku.solve(MULTI, limit=1)
    assert one.status == "solved" and one.solution is not None
    none = doku.solve("11" + "." * 79)
    assert none.status == "none" and none.solution is None
    assert "doku.Solution" in repr(s)


def test_budgets_are_results() -> None:
    s = doku.solve("." * 81, limit=10**9, nodes=5)
    assert s.status == "gave_up"
    c = doku.count("." * 81, limit=10**9, timeout=0.05)
    assert c.status == "gave_up" or c.capped
    g = doku.grade(HARD, timeout=0.001)
    assert g.status in ("gave_up", "unsolved", "solved")
    if g.status != "solved":
        assert not g.solved


def test_count_check() -> None:
    c = doku.count(MULTI)
    assert c.status == "counted" and c.count == 872 and not c.capped
    assert doku.count(MULTI, limit=10).capped
    assert doku.check(P17).status == "unique" and doku.check(P17)
    assert doku.check(MULTI).status == "multiple"
    dup = doku.check("11" + "." * 79)
    assert dup.status == "invalid" and "r1c1" in dup.message and dup.conflicts
    wrong = list(S17)
    wrong[0] = "8" if wrong[0] != "8" else "7"
    bad = doku.check("".join(wrong[:40]) + "." * 41)
    assert bad.status in ("none", "invalid", "multiple", "unique")


def test_logic() -> None:
    g = doku.grade(P17)
    assert g.status == "solved" and g.er == 2.6 and g.difficulty == "medium"
    assert g.hardest == "Pointing"
    assert sum(g.techniques.values()) == len(doku.explain(P17).steps)
    assert g.record["puzzle"] == P17
    h = doku.hint(P17)
    assert h.step is not None and h.step.placements[0].cell == "r1c9" and h.step.key == "hidden-single"
    assert "r1c9" in str(h.step)
    e = doku.explain(P17)
    assert e.solved and len(e.steps) > 60 and e.rating == 2.6
    assert all(isinstance(s, doku.Step) for s in e.steps)
    singles = doku.grade(HARD, techniques="singles", trial=False)
    assert not singles.solved
    assert doku.grade(MULTI).status == "multiple"
    assert doku.hint(S17).solved
    with pytest.raises(doku.ParseError):
        doku.grade(P17, techniques="no-such-technique")
    hist = doku.grade(P17, history=True)
    assert len(hist.record["history"]) == len(e.steps)


def test_generate_reduce() -> None:
    g = doku.generate(seed=5)
    assert isinstance(g, doku.Generated) and g.found and g.puzzle is not None
    assert doku.solve(g.puzzle).status == "unique"
    assert str(g.solution) == str(doku.solve(g.puzzle).solution)
    assert g.seed == doku.seed_derive(5, 0)
    again = doku.generate(3, seed=5)
    assert isinstance(again, list) and again[0].puzzle == g.puzzle
    assert [x.puzzle for x in doku.generate(2, seed=5, start=1)] == [x.puzzle for x in again[1:]]
    sym = doku.generate(seed=9, symmetry="rot180", clues=(24, 30))
    assert sym.found and sym.puzzle is not None and 24 <= sym.puzzle.givens <= 30
    easy = doku.generate(seed=2, difficulty="easy")
    assert easy.found and easy.difficulty == "easy" and easy.puzzle is not None
    assert doku.grade(easy.puzzle).difficulty == "easy"
    rated = doku.generate(seed=3, rating="2.0-3.0")
    assert rated.found and rated.puzzle is not None
    assert 2.0 <= doku.grade(rated.puzzle).er <= 3.0  # type: ignore[operator]
    qq = doku.generate(seed=4, qqwing_level="easy")
    assert qq.found and qq.qqwing_level == "easy"
    with pytest.warns(UserWarning, match="qqwing"):
        old = doku.generate(seed=4, difficulty="intermediate")  # qqwing's old name, with a note
    assert old.qqwing_level == "intermediate"
    four = doku.generate(seed=1, shape=doku.Shape(4))
    assert four.puzzle is not None and four.puzzle.size == 4
    missed = doku.generate(seed=1, clues=17, attempts=1, timeout=0)
    assert not missed.found and missed.puzzle is None
    r = doku.reduce(S17, seed=1)
    assert r.status == "reduced" and r.puzzle is not None and r.minimal
    assert doku.solve(r.puzzle).status == "unique"
    assert doku.reduce(MULTI).status == "not_unique"
    assert list(doku.difficulties()) == ["easy", "medium", "hard", "unfair", "extreme"]
    assert doku.difficulties()["extreme"][1] is None


@pytest.mark.parametrize("call", [doku.solve, doku.count, doku.check, doku.hint, doku.explain,
                                  doku.grade, doku.reduce])
def test_bad_arguments(call: object) -> None:
    f = call  # type: ignore[assignment]
    for bad in (None, "1.2", bytes(80), bytes([10] * 81), np.zeros(81, dtype=np.float32),
                object()):
        with pytest.raises(doku.Error) as e:
            f(bad)  # type: ignore[operator]
        assert isinstance(e.value, ValueError) and str(e.value)
    with pytest.raises(doku.ArgumentError):
        f(doku.Puzzle("4...3..4..2....."), shape=doku.Shape())  # type: ignore[operator]


def test_bad_budgets() -> None:
    for kw in (dict(timeout=-1.0), dict(timeout=float("nan")), dict(timeout=float("inf")),
               dict(limit=0), dict(limit=-1), dict(nodes=-5), dict(timeout="1")):
        with pytest.raises(doku.ArgumentError):
            doku.solve(P17, **kw)  # type: ignore[arg-type]
    with pytest.raises(doku.ArgumentError):
        doku.grade(P17, timeout=-2)
    # -1 is how "no timeout given" reaches the extension: never a caller's
    for call in (doku.grade, doku.hint, doku.explain):
        with pytest.raises(doku.ArgumentError):
            call(P17, timeout=-1.0)  # type: ignore[operator]
    with pytest.raises(doku.ArgumentError):
        doku.record("grade", P17, timeout=-1)
    with pytest.raises(doku.ArgumentError):
        doku.grade_many([P17], timeout=-1.0)
    with pytest.raises(doku.ArgumentError):
        doku.record("frobnicate", P17)
    for kw2 in (dict(clues=(30, 20)), dict(clues=100), dict(seed=-1), dict(timeout=0),
                dict(rating=(-1.0, 2.0)), dict(threads=0), dict(threads=10**6),
                dict(difficulty="hard", rating="2-3"), dict(qqwing_level="easy", rating="2-3"),
                dict(symmetry=None), dict(clues=[1, 2])):
        with pytest.raises(doku.ArgumentError):
            doku.generate(**kw2)  # type: ignore[arg-type]
    # words are read by the library's parsers: their messages, ParseError
    for kw3 in (dict(symmetry="spiral"), dict(difficulty="insane"), dict(rating="impossible"),
                dict(clues="x-3"), dict(qqwing_level="hardest")):
        with pytest.raises(doku.ParseError) as e:
            doku.generate(**kw3)  # type: ignore[arg-type]
        assert str(e.value).split(":")[0] in str(kw3)
    with pytest.raises(doku.ArgumentError):
        doku.reduce(S17, clues=200)
    with pytest.raises(doku.ParseError):
        doku.reduce(S17, symmetry="spiral")


def test_status_strings_and_errors() -> None:
    assert issubclass(doku.ClosedError, doku.ArgumentError)
    assert issubclass(doku.OutOfMemory, MemoryError)
    assert doku._core.status_string(2)
    assert doku.library_version


def test_examples_type_check_strict(tmp_path: object) -> None:
    """mypy --strict passes on examples/python (the package is typed:
    py.typed, stubs of the C module)."""
    import os
    import shutil
    import subprocess
    from pathlib import Path
    mypy = shutil.which("mypy")
    if not mypy:
        pytest.skip("no mypy (Debian package mypy)")
    examples = Path(__file__).resolve().parents[2] / "examples" / "python"
    pkg = os.path.dirname(os.path.dirname(os.path.abspath(doku.__file__)))
    cache = os.environ.get("DOKU_MYPY_CACHE") or str(tmp_path)  # kept between runs by ctest
    r = subprocess.run([mypy, "--strict", "--cache-dir", cache, str(examples)],
                       capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, MYPYPATH=pkg))
    assert r.returncode == 0, r.stdout + r.stderr
