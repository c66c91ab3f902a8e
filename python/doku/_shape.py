"""doku.Shape: the geometry of a board (side, boxes, variants, jigsaw
regions), immutable and hashable; units, peers and cell names come from
the library's unit table."""
from __future__ import annotations

import threading
import weakref
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from . import _core
from ._errors import ArgumentError, ParseError, RegionsError, VariantError

__all__ = ["Shape", "Unit"]

_VARIANT_BITS = {"x": 1, "hyper": 2}
_VARIANT_ALIASES = {"x": "x", "diagonal": "x", "diagonals": "x", "hyper": "hyper",
                    "windoku": "hyper"}
_UNIT_KINDS = ("row", "column", "box", "diagonal", "window", "region")
_SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class Unit:
    """A set of n cells that hold n different digits."""

    index: int          #: position in the shape's unit table
    kind: str           #: row, column, box, diagonal, window or region
    ordinal: int        #: 0-based among the units of its kind
    name: str           #: as users see it: "row 3", "box 5"
    cells: tuple[int, ...]  #: 0-based row-major cell indices


def _variants(v: str | Iterable[str] | None) -> frozenset[str]:
    if v is None:
        return frozenset()
    if isinstance(v, str):
        # the library's reader of --variant and the server's field
        bits = int(_core.parse("variants", v))
        return frozenset(name for name, bit in _VARIANT_BITS.items() if bits & bit)
    words = list(v)
    out = set()
    for w in words:
        if not isinstance(w, str):
            raise ArgumentError(f"variants: expected names such as 'x' or 'hyper', got {w!r}")
        key = w.strip().lower()
        if not key or key in ("none", "classic"):
            continue
        if key not in _VARIANT_ALIASES:
            raise VariantError(f"variants: unknown variant {w!r} (known: x, hyper)")
        out.add(_VARIANT_ALIASES[key])
    return frozenset(out)


def _regions(regions: object, size: int) -> bytes | None:
    if regions is None:
        return None
    cells = size * size
    if isinstance(regions, str):
        # the library's reader of region maps (a grid of symbols, frames and
        # comments allowed; ids numbered by first appearance)
        try:
            n, ids = _core.parse("regions", regions)
        except ParseError as e:  # a map that is no map of n regions
            raise RegionsError(str(e)) from None
        if n != size:
            raise RegionsError(f"regions: a map of a {n}x{n} grid for a {size}x{size} shape")
        return bytes(ids)
    try:
        flat = [int(x) for row in regions for x in (row if isinstance(row, (list, tuple)) else [row])]  # type: ignore[attr-defined]
    except TypeError:
        raise ArgumentError("regions: expected a string of region symbols or a sequence of "
                            "region ids") from None
    if len(flat) != cells:
        raise RegionsError(f"regions: expected {cells} region ids, got {len(flat)}")
    if any(not 0 <= x < size for x in flat):
        raise RegionsError(f"regions: ids must be 0..{size - 1}")
    return bytes(flat)


class Shape:
    """The shape of a board, e.g. ``Shape()`` (classic 9x9),
    ``Shape(6)`` (2x3 boxes), ``Shape(9, variants={"x", "hyper"})``,
    ``Shape(9, regions="111222333...")`` (jigsaw).

    Immutable and hashable; equal shapes are one object, so they share the
    library's per-shape scratch objects. Thread-safe: any number of threads
    may use one shape at once.
    """

    __slots__ = ("_core", "size", "box", "variants", "regions", "keep_boxes", "_info",
                 "_units", "__weakref__")
    _core: _core.Shape
    size: int
    box: tuple[int, int] | None
    variants: frozenset[str]
    regions: bytes | None
    keep_boxes: bool
    _info: dict[str, Any]
    _units: tuple[Unit, ...] | None

    _cache: "weakref.WeakValueDictionary[tuple[object, ...], Shape]" = weakref.WeakValueDictionary()
    _lock = threading.Lock()

    def __new__(cls, size: int = 9, box: tuple[int, int] | str | None = None,
                variants: str | Iterable[str] | None = None, regions: object = None,
                keep_boxes: bool = False) -> "Shape":
        if isinstance(size, bool) or not isinstance(size, int):
            raise ArgumentError(f"size: expected an int, got {type(size).__name__}")
        if isinstance(box, str):
            box = tuple(_core.parse("box", box))  # type: ignore[assignment]
        if box is not None:
            if len(box) != 2 or not all(isinstance(x, int) for x in box):
                raise ArgumentError(f"box: expected (rows, cols), got {box!r}")
            box = (int(box[0]), int(box[1]))
        var = _variants(variants)
        reg = _regions(regions, size) if 2 <= size <= 64 else None
        key = (size, box, var, reg, bool(keep_boxes))
        with cls._lock:
            hit = cls._cache.get(key)
            if hit is not None:
                return hit
        bits = sum(_VARIANT_BITS[v] for v in var)
        core = _core.Shape(size, box[0] if box else 0, box[1] if box else 0, bits, reg,
                           bool(keep_boxes))
        self = object.__new__(cls)
        info = core.info()
        object.__setattr__(self, "_core", core)
        object.__setattr__(self, "size", size)
        object.__setattr__(self, "box", (info["box_rows"], info["box_cols"])
                           if info["box_rows"] else None)
        object.__setattr__(self, "variants", var)
        object.__setattr__(self, "regions", reg)
        object.__setattr__(self, "keep_boxes", bool(keep_boxes))
        object.__setattr__(self, "_info", info)
        object.__setattr__(self, "_units", None)
        with cls._lock:
            return cls._cache.setdefault(key, self)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("doku.Shape is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("doku.Shape is immutable")

    def __reduce__(self) -> tuple[object, ...]:
        return (Shape, (self.size, self.box, tuple(sorted(self.variants)), self.regions_text,
                        self.keep_boxes))

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Shape) and self._key() == other._key())

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple[object, ...]:
        return (self.size, self.box, self.variants, self.regions, self.keep_boxes)

    def __repr__(self) -> str:
        return f"doku.Shape({self.describe()!r})"

    def __str__(self) -> str:
        return self.describe()

    @property
    def cells(self) -> int:
        """Number of cells, size*size."""
        return int(self._info["cells"])

    @property
    def is_classic(self) -> bool:
        """True for exactly classic 9x9 (3x3 boxes, no extra units)."""
        return bool(self._info["classic9"])

    @property
    def regions_text(self) -> str | None:
        """The jigsaw region map as n*n symbols 1-9A-Z, or None."""
        if self.regions is None:
            return None
        return "".join(_SYMBOLS[r] for r in self.regions)

    def describe(self) -> str:
        """The library's one-line description, e.g. "9x9, 3x3 boxes+x"."""
        return str(self._info["describe"])

    @property
    def units(self) -> tuple[Unit, ...]:
        """Every unit: rows, columns, boxes, then the variants' extra units."""
        if self._units is not None:
            return self._units
        out = []
        for u in range(int(self._info["units"])):
            kind, ordinal, name, cells = self._core.unit(u)
            out.append(Unit(u, _UNIT_KINDS[kind], ordinal, name, cells))
        units = tuple(out)
        object.__setattr__(self, "_units", units)
        return units

    def peers(self, cell: int | str) -> tuple[int, ...]:
        """The cells sharing a unit with ``cell`` (an index or "r1c1")."""
        return tuple(self._core.peers(self.cell_index(cell)))

    def units_of(self, cell: int | str) -> tuple[Unit, ...]:
        """The units that hold ``cell``."""
        units = self.units
        return tuple(units[u] for u in self._core.cell_units(self.cell_index(cell)))

    def cell_name(self, cell: int) -> str:
        """"r{row}c{col}", 1-based, for a 0-based cell index."""
        return str(self._core.cell_name(cell))

    @property
    def cell_names(self) -> tuple[str, ...]:
        """The names of all cells, in index order."""
        return tuple(self._core.cell_name(i) for i in range(self.cells))

    def cell_index(self, cell: int | str) -> int:
        """The 0-based index of ``cell``: an index (checked) or a name "r4c7"."""
        if isinstance(cell, str):
            low = cell.lower()
            try:
                r, c = low[1:].split("c")
                row, col = int(r), int(c)
            except ValueError:
                raise ArgumentError(f"cell {cell!r}: expected a name such as 'r4c7'") from None
            if not (low.startswith("r") and 1 <= row <= self.size and 1 <= col <= self.size):
                raise ArgumentError(f"cell {cell!r}: outside the {self.size}x{self.size} grid")
            return (row - 1) * self.size + col - 1
        if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < self.cells:
            raise ArgumentError(f"cell {cell!r}: expected an index 0..{self.cells - 1}")
        return cell

    @classmethod
    def _from_record(cls, n: int, meta: dict[str, str]) -> "Shape":
        variant = meta.get("variant")
        return cls(n, variants=variant if variant else None, regions=meta.get("regions"))


def classic() -> Shape:
    """The classic 9x9 shape."""
    return _CLASSIC


_CLASSIC = Shape()
# classic 9x9 stays alive for the life of the module (the common case)
_keep: Sequence[Shape] = (_CLASSIC,)
