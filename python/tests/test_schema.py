"""The records are the documented ones: every command's record, as
doku.record() and the batches return it, validates against its JSON
schema in docs/schema (python3-jsonschema), and a grid with one wrong
entry names it."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import doku

jsonschema = pytest.importorskip("jsonschema")
SCHEMA = Path(__file__).resolve().parents[2] / "docs" / "schema"
P17 = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
MULTI = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"


def _validator(command: str) -> Any:
    """A validator whose $refs resolve to the other schema files by their
    $id, offline (as tests/schema/validate.py does)."""
    docs = [json.loads(p.read_text()) for p in sorted(SCHEMA.glob("*.json"))]
    schema = json.loads((SCHEMA / f"{command}.json").read_text())
    try:
        from referencing import Registry, Resource  # jsonschema >= 4.18
    except ImportError:  # Debian's 4.10
        store = {d["$id"]: d for d in docs}
        resolver = jsonschema.RefResolver(base_uri=schema["$id"], referrer=schema, store=store)
        return jsonschema.Draft202012Validator(schema, resolver=resolver)
    registry = Registry().with_resources((d["$id"], Resource.from_contents(d)) for d in docs)
    return jsonschema.Draft202012Validator(schema, registry=registry)


@pytest.mark.parametrize("command", ["solve", "count", "check", "hint", "explain", "grade"])
def test_records_validate(command: str) -> None:
    v = _validator(command)
    for p in (P17, MULTI, "11" + "." * 79, "." * 81):
        rec = doku.record(command, p, timeout=0.5 if command != "solve" else 0.0,
                          **({"limit": 5} if command in ("count", "solve") else {}))
        v.validate(rec)
    for rec in doku.records_many(command, [P17, MULTI], threads=2):
        v.validate(rec)


def test_reduce_records_validate() -> None:
    v = _validator("reduce")
    sol = doku.solve(P17).solution
    assert sol is not None
    for r in (doku.reduce(sol, seed=1), doku.reduce(MULTI), doku.reduce("11" + "." * 79),
              doku.reduce(sol, clues=10, seed=2)):
        v.validate(r.record)
        assert r.record["status"] == r.status


def test_generate_and_invalid_records_validate() -> None:
    v = _validator("generate")
    for rec in doku.generate_many(3, seed=8, records=True, difficulty="easy"):
        assert rec is not None
        v.validate(rec)
    from doku import dask as doku_dask
    items = list(doku.read("1.2\n", errors="yield"))
    _validator("invalid").validate(json.loads(doku_dask.run_partition("grade", items, {})[0]))


def test_check_names_the_wrong_entry() -> None:
    """P17 plus one wrong digit in an empty cell (conflicting with no
    given): no solution, and that cell is the suspect."""
    p = doku.Puzzle(P17)
    sol = doku.solve(p).cells
    assert sol is not None
    shape = p.shape
    for cell in range(81):
        if p.cells[cell]:
            continue
        for d in range(1, 10):
            if d == sol[cell]:
                continue
            cells = bytearray(p.cells)
            cells[cell] = d
            if shape._core.conflicts(bytes(cells)):
                continue
            c = doku.check(bytes(cells))
            assert c.status == "none"
            assert shape.cell_name(cell) in c.suspects
            assert shape.cell_name(cell) in c.message
            return
    pytest.fail("no cell to spoil")
