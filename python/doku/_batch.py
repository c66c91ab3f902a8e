"""Batches: many puzzles in one call, on worker threads that run without
the GIL, results in input order. Input is a numpy uint8 array of shape
(N, cells) (one puzzle a row, 0 = empty), or a list of puzzles (text in
any layout, Puzzle objects, cell sequences). Ctrl+C stops a batch within
about one puzzle and raises KeyboardInterrupt."""
from __future__ import annotations

import json
import os
from typing import Any, Iterable, Literal, Sequence, cast, overload

import numpy as np
import numpy.typing as npt

from . import _core
from ._api import (COMMANDS, GENERATE_TIMEOUT, PuzzleLike, _count, _defaults,
                   _generate_args, _budget)
from ._errors import ArgumentError, SizeError
from ._puzzle import Puzzle
from ._results import Grade
from ._shape import Shape, _CLASSIC

__all__ = ["solve_many", "count_many", "grade_many", "records_many", "generate_many",
           "to_array", "default_threads"]

# '.', '0' (sides below 10), '-', '_', '*' empty; 1-9 then A-Z / a-z
_LUT = np.full(256, 255, dtype=np.uint8)
for _c in ".-_*":
    _LUT[ord(_c)] = 0
for _i, _c in enumerate("123456789"):
    _LUT[ord(_c)] = _i + 1
for _i in range(26):
    _LUT[ord("A") + _i] = _LUT[ord("a") + _i] = _i + 10


def default_threads() -> int:
    """The default number of worker threads: the CPUs this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _threads(threads: int | None) -> int:
    if threads is None:
        return default_threads()
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise ArgumentError(f"threads: expected an int, got {threads!r}")
    return threads  # the range is checked by the C layer (1..1024)


def to_array(puzzles: "npt.ArrayLike | Sequence[PuzzleLike]", shape: Shape | None = None
             ) -> "npt.NDArray[np.uint8]":
    """Puzzles as the (N, cells) uint8 array the batch calls take.

    A numpy array must already be uint8 (no silent conversion: a wrong
    dtype is an ArgumentError) of shape (N, cells); a list may mix puzzle
    lines, other text layouts, Puzzle objects and cell sequences.
    """
    sh = _CLASSIC if shape is None else shape
    cells = sh.cells
    if puzzles is None:
        raise ArgumentError(f"puzzles: got None, expected a (N, {cells}) uint8 array or a list")
    if isinstance(puzzles, np.ndarray):
        if puzzles.dtype != np.uint8:
            raise ArgumentError(f"puzzles: expected dtype uint8, got {puzzles.dtype}")
        if puzzles.ndim != 2 or puzzles.shape[1] != cells:
            raise SizeError(f"puzzles: expected shape (N, {cells}), got {puzzles.shape}")
        if puzzles.size and int(puzzles.max()) > sh.size:
            bad = int(np.argmax((puzzles > sh.size).any(axis=1)))
            raise ArgumentError(f"puzzles: row {bad} holds a value above {sh.size}")
        return np.ascontiguousarray(puzzles)
    if isinstance(puzzles, (str, bytes)):
        raise ArgumentError("puzzles: expected a list of puzzles or an array, got one string "
                            "(use doku.read() for a text of many puzzles)")
    items: list[Any] = list(puzzles)  # type: ignore[arg-type]
    out = np.zeros((len(items), cells), dtype=np.uint8)
    if not items:
        return out
    if all(type(p) is str and len(p) == cells for p in items):
        raw = np.frombuffer("".join(items).encode("latin-1", "replace"), dtype=np.uint8)
        vals = _LUT[raw]
        if sh.size < 10:
            vals = np.where(raw == ord("0"), 0, vals)
        vals = vals.reshape(len(items), cells)
        ok = (vals <= sh.size).all(axis=1)
        out[ok] = vals[ok]
        rest = np.nonzero(~ok)[0]
    else:
        rest = np.arange(len(items))
    for i in rest:
        p = items[int(i)]
        if isinstance(p, Puzzle):
            if p.shape != sh:
                raise ArgumentError(f"puzzles[{i}]: shape {p.shape.describe()}, expected "
                                    f"{sh.describe()}")
            out[i] = np.frombuffer(p.cells, dtype=np.uint8)
            continue
        try:
            q = Puzzle(p, sh)
        except ArgumentError as e:
            raise type(e)(f"puzzles[{i}]: {e}") from None
        out[i] = np.frombuffer(q.cells, dtype=np.uint8)
    return out


@overload
def solve_many(puzzles: Any, *, shape: Shape | None = ..., threads: int | None = ...,
               limit: int = ..., timeout: float = ..., nodes: int = ...,
               return_status: Literal[False] = ...) -> "npt.NDArray[np.uint8]": ...
@overload
def solve_many(puzzles: Any, *, shape: Shape | None = ..., threads: int | None = ...,
               limit: int = ..., timeout: float = ..., nodes: int = ...,
               return_status: Literal[True]) -> "tuple[npt.NDArray[np.uint8], npt.NDArray[np.int8]]": ...


def solve_many(puzzles: Any, *, shape: Shape | None = None, threads: int | None = None,
               limit: int = 2, timeout: float = 0.0, nodes: int = 0,
               return_status: bool = False) -> Any:
    """Solves every puzzle: an (N, cells) uint8 array of solutions, in
    input order; a row of zeros where there is no unique solution (with
    ``limit=1``: no solution). ``return_status=True`` also returns an int8
    array of outcomes (0 unique, 1 none, 2 multiple, 3 gave up, 4 invalid,
    5 solved with limit 1; see doku.OUTCOMES). ``timeout``/``nodes`` bound
    each puzzle's search."""
    sh = _CLASSIC if shape is None else shape
    arr = to_array(puzzles, sh)
    n = arr.shape[0]
    sol = np.zeros((n, sh.cells), dtype=np.uint8)
    status = np.zeros(n, dtype=np.int8)
    _core.search_many(sh._core, arr, _count("limit", limit, 1), _budget("timeout", timeout),
                      _count("nodes", nodes), _threads(threads), status, sol, None)
    return (sol, status) if return_status else sol


def count_many(puzzles: Any, *, shape: Shape | None = None, threads: int | None = None,
               limit: int = 1_000_000, timeout: float = 60.0, nodes: int = 0
               ) -> "tuple[npt.NDArray[np.uint64], npt.NDArray[np.int8]]":
    """Counts the solutions of every puzzle up to ``limit``: (counts
    uint64, status int8), in input order; status 3 (gave up) marks a count
    that is a lower bound because the budget ran out."""
    sh = _CLASSIC if shape is None else shape
    arr = to_array(puzzles, sh)
    n = arr.shape[0]
    counts = np.zeros(n, dtype=np.uint64)
    status = np.zeros(n, dtype=np.int8)
    _core.search_many(sh._core, arr, _count("limit", limit, 1), _budget("timeout", timeout),
                      _count("nodes", nodes), _threads(threads), status, None, counts)
    return counts, status


def records_many(command: str, puzzles: Any, *, shape: Shape | None = None,
                 threads: int | None = None, limit: int | None = None,
                 timeout: float | None = None, nodes: int = 0, techniques: str | None = None,
                 uniqueness: bool = True, trial: bool = True, history: bool = False,
                 sources: list[tuple[str, int, str, int]] | None = None,
                 raw: bool = False) -> list[Any]:
    """The JSON records of ``doku COMMAND --format json`` for every puzzle,
    in input order: dicts, or with ``raw=True`` the record lines as the
    CLI prints them. ``sources`` gives each row its (file, line, comment,
    symbols) for the record's head (default: "<python>" and the row
    number); Puzzle inputs carry their own."""
    cmd, lim, tmo = _defaults(command, limit, timeout)
    sh = _CLASSIC if shape is None else shape
    if puzzles is None or isinstance(puzzles, (str, bytes)):
        to_array(cast(Any, puzzles), sh)  # raises, saying what is wrong
    if sources is None and not isinstance(puzzles, np.ndarray):
        items = list(puzzles)
        if items and all(isinstance(p, Puzzle) for p in items):
            logic = cmd >= 3
            sources = [(p.source or "<python>", p.line or i + 1, p.comment,
                        0 if logic else p.symbols) for i, p in enumerate(items)]
        puzzles = items
    arr = to_array(puzzles, sh)
    lines = _core.records_many(sh._core, arr, cmd, sources, _threads(threads), lim, tmo,
                               _count("nodes", nodes), techniques, uniqueness, trial, history)
    return lines if raw else [json.loads(s) for s in lines]


def grade_many(puzzles: Any, *, shape: Shape | None = None, threads: int | None = None,
               timeout: float | None = None, techniques: str | None = None,
               uniqueness: bool = True, trial: bool = True) -> list[Grade]:
    """Rates every puzzle (as :func:`doku.grade`: without ``timeout``
    bounded by a count of work, the same on every machine), in input
    order."""
    return [Grade._from(r) for r in records_many(
        "grade", puzzles, shape=shape, threads=threads, timeout=timeout, techniques=techniques,
        uniqueness=uniqueness, trial=trial)]


@overload
def generate_many(n: int, *, shape: Shape | None = ..., seed: int = ..., start: int = ...,
                  threads: int | None = ..., clues: int | str | tuple[int, int] | None = ...,
                  symmetry: str = ..., difficulty: str | None = ..., qqwing_level: str | None = ...,
                  rating: str | float | tuple[float, float | None] | None = ...,
                  minimal: bool = ..., timeout: float = ..., attempts: int = ...,
                  records: Literal[False] = ...) -> "npt.NDArray[np.uint8]": ...
@overload
def generate_many(n: int, *, shape: Shape | None = ..., seed: int = ..., start: int = ...,
                  threads: int | None = ..., clues: int | str | tuple[int, int] | None = ...,
                  symmetry: str = ..., difficulty: str | None = ..., qqwing_level: str | None = ...,
                  rating: str | float | tuple[float, float | None] | None = ...,
                  minimal: bool = ..., timeout: float = ..., attempts: int = ...,
                  records: Literal[True]) -> list[dict[str, Any] | None]: ...


def generate_many(n: int, *, shape: Shape | None = None, seed: int = 0, start: int = 0,
                  threads: int | None = None, clues: int | str | tuple[int, int] | None = None,
                  symmetry: str = "none", difficulty: str | None = None,
                  qqwing_level: str | None = None,
                  rating: str | float | tuple[float, float | None] | None = None,
                  minimal: bool = False, timeout: float = GENERATE_TIMEOUT, attempts: int = 0,
                  records: bool = False) -> Any:
    """Generates ``n`` puzzles on worker threads: an (n, cells) uint8
    array (a row of zeros for a puzzle not found within the budget), or
    with ``records=True`` the JSON records of ``doku generate --format
    json`` (None where not found). Puzzle i comes from
    ``seed_derive(seed, start + i)``: the same whatever ``threads``."""
    sh = _CLASSIC if shape is None else shape
    k = _count("n", n)
    kw = _generate_args(sh, clues, symmetry, difficulty, qqwing_level, rating, minimal, timeout,
                        attempts)
    puzzles = np.zeros((k, sh.cells), dtype=np.uint8)
    out = _core.generate_many(sh._core, _count("seed", seed), _count("start", start), k,
                              _threads(threads), puzzles=puzzles, **kw)
    if records:
        return [json.loads(t[1]) if t[1] is not None else None for t in out]
    return puzzles
