"""The doku.Error hierarchy: one class per doku_status of the library.

Every error the package raises for a bad argument, a bad puzzle text or a
failure of the library is a doku.Error; the classes also derive from the
builtin a caller would expect (ValueError, MemoryError), so
``except ValueError`` keeps working. ``err.status`` is the library's
doku_status number.
"""
from __future__ import annotations

from . import _core

__all__ = [
    "Error", "ArgumentError", "ShapeError", "RegionsError", "VariantError", "ParseError",
    "SizeError", "OutOfMemory", "ClosedError", "GaveUp", "NoSolution", "NotUnique",
]


class Error(Exception):
    """Base class of every doku error; ``status`` is the doku_status number."""

    status: int = -1


class OutOfMemory(Error, MemoryError):
    """DOKU_ERR_NOMEM: the library could not allocate."""

    status = 1


class ArgumentError(Error, ValueError):
    """DOKU_ERR_ARG: an argument out of range (a value above the side, a
    negative budget, threads outside 1..1024, None where cells were due)."""

    status = 2


class ClosedError(ArgumentError):
    """The object (a reader) was closed."""


class ShapeError(Error, ValueError):
    """DOKU_ERR_SHAPE: an unsupported side or a box that does not tile it."""

    status = 3


class RegionsError(ShapeError):
    """DOKU_ERR_REGIONS: a region map that is not n regions of n cells."""

    status = 4


class VariantError(ShapeError):
    """DOKU_ERR_VARIANT: a variant the shape has no room for."""

    status = 5


class ParseError(Error, ValueError):
    """DOKU_ERR_PARSE: text that is not a puzzle. ``source``, ``line`` and
    ``column`` say where (0 when unknown)."""

    status = 6

    def __init__(self, message: str, source: str | None = None, line: int = 0,
                 column: int = 0) -> None:
        super().__init__(message)
        self.source = source
        self.line = line
        self.column = column


class SizeError(ParseError):
    """DOKU_ERR_SIZE: a grid whose size does not match the shape."""

    status = 7


class GaveUp(Error):
    """DOKU_GAVE_UP: a budget ran out where an answer was required
    (results report running out of time as a status instead)."""

    status = 8


class NoSolution(Error):
    """DOKU_NO_SOLUTION: the grid has no solution (where one was required)."""

    status = 9


class NotUnique(Error):
    """DOKU_NOT_UNIQUE: several solutions where one was required."""

    status = 10


_BY_STATUS: tuple[type[Error], ...] = (
    OutOfMemory, ArgumentError, ShapeError, RegionsError, VariantError, ParseError, SizeError,
    GaveUp, NoSolution, NotUnique)
_core._register_errors({cls.status: cls for cls in _BY_STATUS})
