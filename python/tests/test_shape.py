"""doku.Shape: construction, immutability, hashing, units, peers, names,
and the errors of bad shapes."""
from __future__ import annotations

import pickle

import pytest

import doku


def test_classic_units_and_peers() -> None:
    s = doku.Shape()
    assert s.size == 9 and s.cells == 81 and s.box == (3, 3) and s.is_classic
    assert len(s.units) == 27
    assert [u.kind for u in s.units[:1] + s.units[9:10] + s.units[18:19]] == ["row", "column", "box"]
    assert s.units[0].cells == tuple(range(9))
    assert s.units[0].name == "row 1"
    assert len(s.peers(0)) == 20 and 0 not in s.peers(0)
    assert s.peers("r1c1") == s.peers(0)
    assert s.cell_name(80) == "r9c9" and s.cell_names[10] == "r2c2"
    assert s.cell_index("r4c7") == 33
    assert [u.kind for u in s.units_of("r5c5")] == ["row", "column", "box"]
    assert str(s) == "9x9, 3x3 boxes"


def test_variants_sizes_and_jigsaw() -> None:
    x = doku.Shape(9, variants={"x", "hyper"})
    assert x.variants == frozenset({"x", "hyper"})
    assert {u.kind for u in x.units} >= {"diagonal", "window"}
    assert not x.is_classic
    assert doku.Shape(9, variants="x+hyper") is x  # equal shapes are one object
    six = doku.Shape(6)
    assert six.box == (2, 3) and six.cells == 36
    assert doku.Shape(6, box=(3, 2)).box == (3, 2)
    assert doku.Shape(6, box="3x2") == doku.Shape(6, box=(3, 2))
    regions = "".join(str(c // 9 + 1) for c in range(81))  # nine horizontal bands
    j = doku.Shape(9, regions=regions)
    assert j.regions_text == regions and j.box is None
    assert any(u.kind == "region" for u in j.units)


def test_immutable_hashable_picklable() -> None:
    s = doku.Shape(9, variants="x")
    with pytest.raises(AttributeError):
        s.size = 4  # type: ignore[misc]
    assert hash(s) == hash(doku.Shape(9, variants=["x"]))
    assert {s: 1}[doku.Shape(9, variants="x")] == 1
    assert pickle.loads(pickle.dumps(s)) == s


@pytest.mark.parametrize("kwargs, err", [
    (dict(size=1), doku.ShapeError),
    (dict(size=65), doku.ShapeError),
    (dict(size=7), None),  # a prime side: only a jigsaw fits (the library says)
    (dict(size=9, box=(2, 4)), doku.ShapeError),
    (dict(size=9, box="axb"), doku.ParseError),
    (dict(size=9, variants="nope"), doku.ParseError),
    (dict(size=9, variants=["nope"]), doku.VariantError),
    (dict(size=9, regions="12"), doku.RegionsError),
    (dict(size=9, regions="1" * 81), doku.RegionsError),
    (dict(size="9"), doku.ArgumentError),
])
def test_bad_shapes(kwargs: dict[str, object], err: type | None) -> None:
    if err is None:
        with pytest.raises(doku.Error):
            doku.Shape(**kwargs)  # type: ignore[arg-type]
        return
    with pytest.raises(err) as info:
        doku.Shape(**kwargs)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)
    assert str(info.value)


def test_bad_cells() -> None:
    s = doku.Shape()
    for bad in (-1, 81, "r0c1", "r10c1", "x", None, 1.5):
        with pytest.raises(doku.ArgumentError):
            s.cell_index(bad)  # type: ignore[arg-type]
    with pytest.raises(doku.ArgumentError):
        s.peers(81)
