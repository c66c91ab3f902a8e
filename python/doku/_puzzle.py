"""doku.Puzzle and doku.read: puzzles from any text layout the library
reads (docs/FORMATS.md), with where they came from, and written back."""
from __future__ import annotations

import io
import os
from dataclasses import dataclass, field
from typing import IO, Iterable, Iterator, Literal, Sequence, Union, cast

from . import _core
from ._errors import ArgumentError, ClosedError, ParseError, SizeError
from ._shape import Shape, _CLASSIC

__all__ = ["Puzzle", "Reader", "ReadError", "read", "SYMBOLS"]

#: the alphabets of puzzle text: name -> doku_symbols
SYMBOLS = {"auto": 0, "1-9A-Z": 1, "0-9A-Z": 2, "A-Z": 3}
_SYMBOL_NAMES = {v: k for k, v in SYMBOLS.items()}
_FORMATS = {"line": 0, "grid": 1, "json": 2, "csv": 3, "tokens": 4, "hex": 5, "lewis": 6,
            "csv-grid": 7}
_EXCHANGE = {"sdk": 0, "sudokuwiki": 1, "fpuzzles": 2, "f-puzzles": 2, "sudokupad": 3,
             "opensudoku": 4}

Source = Union[str, "os.PathLike[str]", IO[str]]


def _symbols(s: str | int) -> int:
    if isinstance(s, int) and not isinstance(s, bool) and s in _SYMBOL_NAMES:
        return s
    if isinstance(s, str) and s in SYMBOLS:
        return SYMBOLS[s]
    raise ArgumentError(f"symbols: expected one of {', '.join(SYMBOLS)}, got {s!r}")


class Puzzle:
    """A puzzle: a shape and its cells (row-major, 0 = empty, 1..n digits).

    ``Puzzle("4.....8.5.3..." )`` reads any text layout the library reads
    (one line, a grid, .sdk, links...); ``Puzzle(cells_bytes, shape)`` or a
    sequence/array of ints takes the values as they are. Immutable and
    hashable (by shape and cells). ``source``, ``line`` and ``comment`` say
    where a puzzle read by :func:`read` came from.
    """

    __slots__ = ("shape", "cells", "source", "line", "comment", "symbols", "meta")
    shape: Shape
    cells: bytes
    source: str | None
    line: int
    comment: str
    symbols: int
    meta: dict[str, str]

    def __init__(self, cells: str | bytes | bytearray | memoryview | Sequence[int] | object,
                 shape: Shape | None = None, *, source: str | None = None, line: int = 0,
                 comment: str = "", symbols: str | int = "auto",
                 meta: dict[str, str] | None = None) -> None:
        sym = _symbols(symbols)
        if cells is None:
            raise ArgumentError("cells: got None, expected puzzle text or cell values")
        if isinstance(cells, str):
            first = _parse_one(cells, shape, sym)
            shape, data = first.shape, first.cells
            comment = comment or first.comment
            sym = first.symbols
            meta = meta or first.meta
        else:
            if isinstance(cells, (bytes, bytearray, memoryview)):
                data = bytes(cells)
            else:
                try:
                    import numpy as np
                    arr = np.asarray(cells)
                    if arr.dtype.kind not in "ui":
                        raise ArgumentError(f"cells: expected integers, got dtype {arr.dtype}")
                    if arr.size and (arr.min() < 0 or arr.max() > 64):
                        raise ArgumentError("cells: values must be 0 (empty) to n")
                    data = arr.astype("uint8").tobytes()
                except TypeError:
                    raise ArgumentError(f"cells: cannot read {type(cells).__name__}") from None
            if shape is None:
                side = int(round(len(data) ** 0.5))
                if side * side != len(data) or side < 2:
                    raise SizeError(f"cells: {len(data)} values are not a square grid")
                shape = _CLASSIC if side == 9 else Shape(side)
            # checks the size and every value (raises naming the cell)
            shape._core.conflicts(data)
        object.__setattr__(self, "shape", shape)
        object.__setattr__(self, "cells", data)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "comment", comment)
        object.__setattr__(self, "symbols", sym)
        object.__setattr__(self, "meta", dict(meta or {}))

    @classmethod
    def _make(cls, shape: Shape, cells: bytes, source: str | None = None, line: int = 0,
              comment: str = "", symbols: int = 0, meta: dict[str, str] | None = None) -> "Puzzle":
        self = object.__new__(cls)
        object.__setattr__(self, "shape", shape)
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "comment", comment)
        object.__setattr__(self, "symbols", symbols)
        object.__setattr__(self, "meta", meta if meta is not None else {})
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("doku.Puzzle is immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Puzzle) and self.shape == other.shape and self.cells == other.cells

    def __hash__(self) -> int:
        return hash((self.shape, self.cells))

    def __reduce__(self) -> tuple[object, ...]:
        return (Puzzle._make, (self.shape, self.cells, self.source, self.line, self.comment,
                               self.symbols, self.meta))

    def __str__(self) -> str:
        return self.to("line").rstrip("\n")

    def __repr__(self) -> str:
        where = f", source={self.source!r}, line={self.line}" if self.source else ""
        return f"doku.Puzzle({str(self)!r}{where})"

    def __getitem__(self, rc: tuple[int, int]) -> int:
        """``p[r, c]``: the value at 0-based row r, column c (0 = empty)."""
        r, c = rc
        n = self.shape.size
        if not (0 <= r < n and 0 <= c < n):
            raise IndexError(f"({r}, {c}) is outside the {n}x{n} grid")
        return self.cells[r * n + c]

    @property
    def size(self) -> int:
        """The side n."""
        return self.shape.size

    @property
    def givens(self) -> int:
        """Number of filled cells."""
        return self.shape.cells - self.cells.count(0)

    @property
    def rows(self) -> list[list[int]]:
        """The grid as a list of rows of ints."""
        n = self.shape.size
        return [list(self.cells[r * n:(r + 1) * n]) for r in range(n)]

    def to_array(self) -> "object":
        """The cells as a numpy uint8 array of shape (n, n)."""
        import numpy as np
        return np.frombuffer(self.cells, dtype=np.uint8).reshape(self.shape.size, self.shape.size).copy()

    def to(self, fmt: str = "line", symbols: str | int | None = None) -> str:
        """The puzzle as text: "line", "grid", "json", "csv", "tokens",
        "hex", "lewis", "csv-grid" (doku_format_cells) or "sdk",
        "opensudoku" (doku_format_exchange, with the puzzle's metadata)."""
        sym = self.symbols if symbols is None else _symbols(symbols)
        if fmt in _FORMATS:
            return str(_core.format_cells(self.shape._core, self.cells, _FORMATS[fmt], sym))
        if fmt in ("sdk", "opensudoku"):
            return str(_core.format_exchange(self.shape._core, self.cells, _EXCHANGE[fmt],
                                             self.meta or None))
        raise ArgumentError(f"format {fmt!r}: expected one of "
                            f"{', '.join(list(_FORMATS) + ['sdk', 'opensudoku'])}")

    def to_link(self, site: str = "fpuzzles") -> str:
        """A link that opens the puzzle on "fpuzzles", "sudokupad" or
        "sudokuwiki" (jigsaw regions and X diagonals carried where the
        site can hold them)."""
        if site not in ("fpuzzles", "f-puzzles", "sudokupad", "sudokuwiki"):
            raise ArgumentError(f"site {site!r}: expected fpuzzles, sudokupad or sudokuwiki")
        return str(_core.format_exchange(self.shape._core, self.cells, _EXCHANGE[site],
                                         self.meta or None)).strip()

    @classmethod
    def parse(cls, text: str, shape: Shape | None = None) -> "Puzzle":
        """The first puzzle of ``text`` (any layout); ParseError if none."""
        return _parse_one(text, shape, 0)


@dataclass(frozen=True)
class ReadError:
    """A record of the input that is not a puzzle, with the reader's
    message and where (1-based line and column; column 0: the whole
    record)."""

    source: str | None
    line: int
    column: int
    status: int
    message: str

    def __str__(self) -> str:
        col = f":{self.column}" if self.column else ""
        return f"{self.source or '<text>'}:{self.line}{col}: {self.message}"

    def exception(self) -> ParseError:
        """The ParseError (SizeError for a size mismatch) this record is."""
        cls = SizeError if self.status == SizeError.status else ParseError
        return cls(str(self), self.source, self.line, self.column)


class Reader:
    """An iterator of the puzzles (and, with ``errors="yield"``, the
    :class:`ReadError` records) of a text, a file or a path. Reads in
    bounded memory; a context manager; ``close()`` ends it, and iterating
    a closed reader raises ClosedError."""

    _BATCH = 4096

    def __init__(self, src: Source, *, size: int = 0, symbols: str | int = "auto",
                 errors: Literal["raise", "yield"] = "raise", name: str | None = None,
                 shape: Shape | None = None) -> None:
        if shape is not None:
            if not isinstance(shape, Shape):
                raise ArgumentError(f"shape: expected a doku.Shape, got {type(shape).__name__}")
            if size and size != shape.size:
                raise ArgumentError(f"size {size} and shape {shape.describe()} disagree")
            size = shape.size
        self._shape = shape
        if errors not in ("raise", "yield"):
            raise ArgumentError(f"errors: expected 'raise' or 'yield', got {errors!r}")
        if src is None:
            raise ArgumentError("read: got None, expected a path, a text or a file")
        if isinstance(size, bool) or not isinstance(size, int):
            raise ArgumentError(f"size: expected an int, got {size!r}")
        self._errors = errors
        self._own = False
        stream: IO[str]
        if isinstance(src, os.PathLike) or (isinstance(src, str) and "\n" not in src
                                            and len(src) < 4096 and os.path.isfile(src)):
            path = os.fspath(src)
            stream = open(path, encoding="utf-8", errors="surrogateescape")
            self._own = True
            self.name = name or path
        elif isinstance(src, str) and "\n" not in src and _looks_like_path(src):
            raise FileNotFoundError(f"read: no file {src!r}")
        elif isinstance(src, str):
            stream = io.StringIO(src)
            self.name = name or "<text>"
        elif hasattr(src, "readline"):
            stream = src
            self.name = name or str(getattr(src, "name", "<stream>"))
        else:
            raise ArgumentError(f"read: expected a path, a text or a file, got {type(src).__name__}")
        self._stream = stream
        self._core = _core.Reader(size, _symbols(symbols))
        self._ready: list[tuple[object, ...]] = []
        self._done = False
        self._shapes: dict[tuple[int, str | None, str | None], Shape] = {}

    def __enter__(self) -> "Reader":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Frees the reader (and closes the file it opened)."""
        self._core.close()
        self._ready = []
        if self._own:
            self._stream.close()

    @property
    def closed(self) -> bool:
        return bool(self._core.closed)

    def __iter__(self) -> "Reader":
        return self

    def _fill(self) -> None:
        while not self._ready and not self._done:
            lines = self._stream.readlines(1 << 16)
            if lines:
                self._ready.extend(self._core.push([l.rstrip("\r\n") for l in lines]))
            else:
                self._ready.extend(self._core.finish())
                self._done = True
            self._ready.reverse()

    def __next__(self) -> "Puzzle | ReadError":
        if self.closed:
            raise ClosedError("read: the reader is closed")
        if not self._ready:
            self._fill()
            if not self._ready:
                raise StopIteration
        rec = self._ready.pop()
        if rec[0] == "error":
            err = ReadError(self.name, cast(int, rec[2]), cast(int, rec[3]), cast(int, rec[1]),
                            cast(str, rec[4]))
            if self._errors == "raise":
                raise err.exception()
            return err
        n = cast(int, rec[1])
        cells = cast(bytes, rec[2])
        meta = cast("dict[str, str]", rec[6])
        key = (n, meta.get("variant"), meta.get("regions"))
        shape = self._shape if self._shape is not None and not meta else self._shapes.get(key)
        if shape is None:
            shape = Shape._from_record(n, meta)
            self._shapes[key] = shape
        return Puzzle._make(shape, cells, self.name, cast(int, rec[4]), cast(str, rec[3]),
                            cast(int, rec[5]), meta)


_SUFFIXES = (".txt", ".sdk", ".ss", ".csv", ".json", ".xml", ".opensudoku", ".tsv", ".xlsx",
             ".xls", ".ods")


def _looks_like_path(text: str) -> bool:
    """A one-line text that names a file rather than holding a puzzle: a
    directory separator or a known suffix (puzzle lines have neither)."""
    t = text.strip()
    return os.sep in t or t.lower().endswith(_SUFFIXES)


def read(src: Source, *, size: int = 0, symbols: str | int = "auto",
         errors: Literal["raise", "yield"] = "raise", name: str | None = None,
         shape: Shape | None = None) -> Reader:
    """Reads puzzles from ``src``: a path, a file object, or the text itself.

    Yields :class:`Puzzle` objects with their ``source`` and ``line``. A
    record that is no puzzle raises ParseError (``errors="raise"``, the
    default) or is yielded as a :class:`ReadError` (``errors="yield"``),
    with the library's message. ``size`` forces the side, ``symbols`` the
    alphabet ("auto", "1-9A-Z", "0-9A-Z", "A-Z"). ``shape`` gives the
    puzzles a shape the text does not carry (as the CLI's --variant, --box
    and --regions do); ``name`` the source name records show.
    """
    return Reader(src, size=size, symbols=symbols, errors=errors, name=name, shape=shape)


def _parse_one(text: str, shape: Shape | None, sym: int) -> Puzzle:
    size = shape.size if shape is not None else 0
    with Reader(io.StringIO(text), size=size, symbols=sym, name="<text>") as r:
        for p in r:
            assert isinstance(p, Puzzle)
            if shape is not None and p.shape != shape:
                # the text gave the side; the caller gave the variants
                p = Puzzle._make(shape, p.cells, p.source, p.line, p.comment, p.symbols, p.meta)
            return p
    raise ParseError("no puzzle in the text", "<text>", 0, 0)
