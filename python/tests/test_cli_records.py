"""The records equal the CLI's: `doku COMMAND --format json FILE` and
doku.records_many over doku.read(FILE) give the same records, field for
field (the time fields aside), on the repository's fixtures."""
from __future__ import annotations

import json
from typing import Any

import pytest

import doku
from conftest import FIXTURES, run_cli

# (fixture, CLI shape options, the Shape they mean, commands). grade and
# explain run the logic engine to the end: on fixtures where that takes
# seconds a puzzle (tdoku's, x9's nested forcing chains, which reach the
# 60 s budget, so their records depend on the machine) only the others.
ALL = ("solve", "count", "check", "grade", "hint", "explain")
CASES = [
    ("classic9_17clue.txt", [], None, ALL),
    ("classic9_multi.txt", [], None, ALL),
    ("classic9_tdoku.txt", [], None, ("solve", "count", "check", "hint")),
    ("classic9_rated.txt", [], None, ("solve", "check", "grade")),
    ("4x4.txt", [], None, ALL),
    ("6x6.txt", [], None, ALL),
    ("x9.txt", ["--variant", "x"], dict(size=9, variants="x"), ("solve", "count", "check", "hint")),
    ("hyper9.txt", ["--variant", "hyper"], dict(size=9, variants="hyper"), ("solve", "check", "grade")),
    ("16x16.txt", [], None, ("solve", "check")),
]


def _strip(rec: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in rec.items() if k != "time_ms"}


def _params() -> list[Any]:
    return [pytest.param(f, o, s, c, id=f"{f}-{c}") for f, o, s, cmds in CASES for c in cmds]


@pytest.mark.parametrize("fixture, options, shape, command", _params())
def test_records_equal_cli(cli: str, fixture: str, options: list[str], shape: Any,
                           command: str) -> None:
    path = str(FIXTURES / fixture)
    want = [json.loads(l) for l in run_cli(cli, command, "--format", "json", *options,
                                            path).splitlines()]
    sh = doku.Shape(**shape) if shape else None
    items = list(doku.read(path, errors="yield", shape=sh))
    got: list[dict[str, Any]] = []
    puzzles = [p for p in items if isinstance(p, doku.Puzzle)]
    assert len(puzzles) == len(items)  # the fixtures are all puzzles
    by_shape: dict[doku.Shape, list[doku.Puzzle]] = {}
    for p in puzzles:
        by_shape.setdefault(p.shape, []).append(p)
    assert len(by_shape) == 1
    got = doku.records_many(command, puzzles, shape=puzzles[0].shape, threads=2)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert _strip(g) == _strip(w)
    # one puzzle through the single call gives the same record
    one = doku.record(command, puzzles[0])
    assert _strip(one) == _strip(want[0])


def test_invalid_records_equal_cli(cli: str, tmp_path: Any) -> None:
    f = tmp_path / "mixed.txt"
    f.write_text(".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...\n"
                 "1.2\n"
                 "11...............................................................................\n")
    want = [json.loads(l) for l in run_cli(cli, "grade", "--format", "json", str(f)).splitlines()]
    import doku.dask
    items = list(doku.read(str(f), errors="yield"))
    got = [json.loads(s) for s in doku.dask.run_partition("grade", items, {})]
    assert [_strip(g) for g in got] == [_strip(w) for w in want]


def test_generate_records_equal_cli(cli: str) -> None:
    want = [json.loads(l) for l in run_cli(cli, "generate", "--count", "4", "--seed", "77",
                                            "--format", "json").splitlines()]
    got = doku.generate_many(4, seed=77, records=True, threads=2)
    assert got == want
    sym = [json.loads(l) for l in run_cli(cli, "generate", "--count", "2", "--seed", "5",
                                           "--symmetry", "rot180", "--size", "6",
                                           "--format", "json").splitlines()]
    assert doku.generate_many(2, seed=5, symmetry="rot180", shape=doku.Shape(6),
                              records=True) == sym


def test_reduce_records_equal_cli(cli: str, tmp_path: Any) -> None:
    grids = [str(doku.solve(p).solution) for p in doku.read(FIXTURES / "classic9_17clue.txt")][:4]
    f = tmp_path / "grids.txt"
    f.write_text("\n".join(grids) + "\n")
    want = [json.loads(l) for l in run_cli(cli, "reduce", "--seed", "3", "--format", "json",
                                            str(f)).splitlines()]
    got = [doku.reduce(p, seed=3, index=i).record for i, p in enumerate(doku.read(str(f)))]
    assert got == want
