"""The calls on one puzzle: solve, count, check, hint, explain, grade,
generate, reduce, and record (the JSON record of any command).

Every call takes a Puzzle, puzzle text, or cell values (bytes, a sequence
or numpy array of n*n ints) with ``shape=`` when not classic 9x9. Budgets
are keyword arguments; running out of one is a result (status "gave_up",
``timed_out``), never an exception. Thread-safe: the GIL is released
while the library works, so threads calling these run in parallel.
"""
from __future__ import annotations

import json
import warnings
from typing import Any, Iterable, Sequence, Union, overload

from . import _core
from ._errors import ArgumentError
from ._puzzle import Puzzle
from ._results import (OUTCOMES, Check, Count, Explanation, Generated, Grade, Hint, Reduced,
                       Solution)
from ._shape import Shape, _CLASSIC

__all__ = ["solve", "count", "check", "hint", "explain", "grade", "generate", "reduce", "record",
           "COMMANDS", "SYMMETRIES", "QQWING_LEVELS", "difficulties", "PuzzleLike"]

PuzzleLike = Union[Puzzle, str, bytes, bytearray, memoryview, Sequence[int]]

#: the commands whose JSON records :func:`record` writes -> doku_command
COMMANDS = {"solve": 0, "count": 1, "check": 2, "explain": 3, "hint": 4, "grade": 5}
#: the symmetry names (doku_symmetry_name; the library's parser also takes
#: qqwing's rotate90, rotate180 and rotational)
SYMMETRIES = ("none", "rot180", "rot90", "mirror", "flip", "diagonal", "antidiagonal", "random")
#: qqwing's generator levels (technique sets, not the difficulty vocabulary)
QQWING_LEVELS = ("any", "simple", "easy", "intermediate", "expert")

# Defaults of the CLI (so a record here equals the CLI's without options).
COUNT_LIMIT = 1_000_000
COUNT_TIMEOUT = 60.0
#: the logic commands' check of one solution; their run is bounded by a
#: count of work (the library's DOKU_LOGIC_WORK_DEFAULT), not by seconds,
#: unless a timeout is given, as the CLI does without --timeout
LOGIC_TIMEOUT = 60.0
#: what the extension reads as "no timeout given" (never a user's value:
#: a negative timeout is refused before it)
_CLI_DEFAULT = -1.0
GENERATE_TIMEOUT = 30.0


def _puzzle(p: PuzzleLike, shape: Shape | None) -> Puzzle:
    if shape is not None and not isinstance(shape, Shape):
        raise ArgumentError(f"shape: expected a doku.Shape, got {type(shape).__name__}")
    if isinstance(p, Puzzle):
        if shape is not None and p.shape != shape:
            raise ArgumentError(f"shape: the puzzle is {p.shape.describe()}, not {shape.describe()}")
        return p
    if p is None:
        raise ArgumentError("puzzle: got None, expected a Puzzle, text or cell values")
    return Puzzle(p, shape)


def _budget(name: str, v: float) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise ArgumentError(f"{name}: expected a number of seconds, got {v!r}")
    if not v >= 0:
        raise ArgumentError(f"{name}: expected a number of seconds >= 0, got {v!r}")
    return float(v)


def _count(name: str, v: int, low: int = 0) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < low or v >= 1 << 64:
        raise ArgumentError(f"{name}: expected an int >= {low}, got {v!r}")
    return v


def solve(puzzle: PuzzleLike, *, shape: Shape | None = None, limit: int = 2,
          timeout: float = 0.0, nodes: int = 0) -> Solution:
    """Solves ``puzzle`` by search.

    ``limit``: 2 (default) proves the solution unique; 1 takes the first
    one found. ``timeout`` (seconds) and ``nodes`` bound the search (0:
    none). Returns a :class:`Solution` whose ``status`` is "unique",
    "solved", "multiple", "none" or "gave_up".
    """
    sh = _CLASSIC if shape is None else shape
    if type(puzzle) is str:
        # the quick path: a puzzle line and plain arguments (None: the
        # text needs the full reader; TypeError/OverflowError: the checks
        # below say what is wrong)
        try:
            r = _core.solve(sh._core, puzzle, limit, timeout, nodes)
        except (TypeError, OverflowError, AttributeError):
            r = None
        if r is not None:
            return Solution(OUTCOMES[r[0]], r[1], r[2], r[3], r[4], sh)
    p = _puzzle(puzzle, shape)
    r = _core.solve(p.shape._core, p.cells, _count("limit", limit, 1),
                    _budget("timeout", timeout), _count("nodes", nodes))
    assert r is not None  # cells, not text: never the "read it fully" answer
    return Solution(OUTCOMES[r[0]], r[1], r[2], r[3], r[4], p.shape)


def record(command: str, puzzle: PuzzleLike, *, shape: Shape | None = None,
           limit: int | None = None, timeout: float | None = None, nodes: int = 0,
           techniques: str | None = None, uniqueness: bool = True, trial: bool = True,
           history: bool = False) -> dict[str, Any]:
    """The JSON record of ``doku COMMAND --format json`` for one puzzle, as
    a dict (docs/schema/COMMAND.json). ``command``: solve, count, check,
    explain, hint or grade. Defaults are the CLI's: solve limit 2 and no
    timeout; count limit 1,000,000 and 60 s; check no timeout; the logic
    commands 60 s for the check of one solution and a count of work for
    the run (the same on every machine). ``techniques`` restricts the logic (a comma-separated
    list as ``--techniques`` takes); ``uniqueness=False``, ``trial=False``
    as ``--no-uniqueness``, ``--no-trial``."""
    rec: dict[str, Any] = json.loads(_record_text(command, puzzle, shape, limit, timeout, nodes,
                                                  techniques, uniqueness, trial, history))
    return rec


def _defaults(command: str, limit: int | None, timeout: float | None) -> tuple[int, int, float]:
    if command not in COMMANDS:
        raise ArgumentError(f"command {command!r}: expected one of {', '.join(COMMANDS)}")
    cmd = COMMANDS[command]
    if limit is None:
        limit = COUNT_LIMIT if command == "count" else 2
    if timeout is None and command in ("explain", "hint", "grade"):
        # the CLI's default: the check within LOGIC_TIMEOUT, the run counted
        return cmd, _count("limit", limit, 1), _CLI_DEFAULT
    if timeout is None:
        timeout = COUNT_TIMEOUT if command == "count" else 0.0
    return cmd, _count("limit", limit, 1), _budget("timeout", timeout)


def _record_text(command: str, puzzle: PuzzleLike, shape: Shape | None, limit: int | None,
                 timeout: float | None, nodes: int, techniques: str | None, uniqueness: bool,
                 trial: bool, history: bool) -> str:
    cmd, lim, tmo = _defaults(command, limit, timeout)
    p = _puzzle(puzzle, shape)
    logic = cmd >= 3
    # a puzzle not read from a text is line 1 of "<python>" (records
    # count lines from 1: docs/schema)
    return str(_core.record(p.shape._core, p.cells, cmd, p.source or "<python>", p.line or 1,
                            p.comment, 0 if logic else p.symbols, lim, tmo, _count("nodes", nodes),
                            techniques, uniqueness, trial, history))


def count(puzzle: PuzzleLike, *, shape: Shape | None = None, limit: int = COUNT_LIMIT,
          timeout: float = COUNT_TIMEOUT, nodes: int = 0) -> Count:
    """Counts the solutions of ``puzzle`` up to ``limit`` within
    ``timeout`` seconds (``doku count``)."""
    return Count._from(record("count", puzzle, shape=shape, limit=limit, timeout=timeout,
                              nodes=nodes))


def check(puzzle: PuzzleLike, *, shape: Shape | None = None, timeout: float = 0.0) -> Check:
    """Checks ``puzzle`` (``doku check``): unique, several solutions, none
    (naming the likely wrong cell), or duplicate givens (naming them)."""
    return Check._from(record("check", puzzle, shape=shape, timeout=timeout))


def hint(puzzle: PuzzleLike, *, shape: Shape | None = None, timeout: float | None = None,
         techniques: str | None = None, uniqueness: bool = True, trial: bool = True) -> Hint:
    """The next logical step of ``puzzle`` (a grid in progress is fine)."""
    return Hint._from(record("hint", puzzle, shape=shape, timeout=timeout, techniques=techniques,
                             uniqueness=uniqueness, trial=trial))


def explain(puzzle: PuzzleLike, *, shape: Shape | None = None, timeout: float | None = None,
            techniques: str | None = None, uniqueness: bool = True,
            trial: bool = True) -> Explanation:
    """Every step of the logical solve of ``puzzle``, simplest first."""
    return Explanation._from(record("explain", puzzle, shape=shape, timeout=timeout,
                                    techniques=techniques, uniqueness=uniqueness, trial=trial))


def grade(puzzle: PuzzleLike, *, shape: Shape | None = None, timeout: float | None = None,
          techniques: str | None = None, uniqueness: bool = True, trial: bool = True,
          history: bool = False) -> Grade:
    """Rates ``puzzle`` on Sudoku Explainer's scale (ER/EP/ED) and names
    its level (``doku grade``). Without ``timeout`` the rating is bounded
    by a count of work, as the CLI's, so it is the same on every machine
    and under any load; ``timeout`` (seconds, 0: none) bounds it by the
    clock instead."""
    return Grade._from(record("grade", puzzle, shape=shape, timeout=timeout,
                              techniques=techniques, uniqueness=uniqueness, trial=trial,
                              history=history))


def difficulties() -> dict[str, tuple[float, float | None]]:
    """The one difficulty vocabulary (easy, medium, hard, unfair, extreme)
    with each name's ER range: name -> (min, max or None for open). grade
    names a puzzle's difficulty by it; generate(difficulty=) takes it."""
    return {name: (lo, hi if hi >= 0 else None) for name, lo, hi in _core.difficulties()}


def _parse(kind: str, value: object, ncells: int = 0) -> Any:
    if not isinstance(value, str):
        raise ArgumentError(f"{kind}: expected a str, got {value!r}")
    return _core.parse(kind, value, ncells)


def _symmetry(symmetry: str) -> int:
    return int(_parse("symmetry", symmetry))


def _qqwing(level: str | None) -> int:
    return 0 if level is None else int(_parse("qqwing", level))


def _generate_args(shape: Shape, clues: int | str | tuple[int, int] | None, symmetry: str,
                   difficulty: str | None, qqwing_level: str | None,
                   rating: str | float | tuple[float, float | None] | None,
                   minimal: bool, timeout: float, attempts: int) -> dict[str, Any]:
    if clues is None:
        lo = hi = 0
    elif isinstance(clues, str):
        lo, hi = _parse("clues", clues, shape.cells)
    elif isinstance(clues, int) and not isinstance(clues, bool):
        lo = hi = clues
    elif isinstance(clues, tuple) and len(clues) == 2:
        lo, hi = clues
    else:
        raise ArgumentError(f"clues: expected an int, 'MIN-MAX' or a (min, max) pair, got {clues!r}")
    level = _qqwing(qqwing_level)
    named = 0
    rmin, rmax = -1.0, -1.0
    if difficulty is not None:
        d, q, note = _parse("difficulty", difficulty)
        if note:
            warnings.warn(f"difficulty: {note}", UserWarning, stacklevel=3)
        if q:
            if level and level != q:
                raise ArgumentError("difficulty and qqwing_level name two qqwing levels")
            level = q
        elif d:
            named = d
            rmin, rmax = _core.difficulties()[d - 1][1:]
    if rating is not None:
        if named:
            raise ArgumentError("use difficulty= or rating=, not both")
        if isinstance(rating, str):
            rmin, rmax = _parse("rating", rating)
        elif isinstance(rating, (int, float)) and not isinstance(rating, bool):
            rmin, rmax = float(rating), -1.0
        elif isinstance(rating, tuple) and len(rating) == 2:
            rmin, rmax = float(rating[0]), -1.0 if rating[1] is None else float(rating[1])
        else:
            raise ArgumentError(f"rating: expected 'MIN-MAX', an ER or a (min, max) pair, got {rating!r}")
        if not rmin >= 0:
            raise ArgumentError(f"rating: the ER range starts below 0 ({rmin})")
    if level and rmin >= 0:
        raise ArgumentError("use qqwing_level or difficulty/rating, not both")
    return dict(min_givens=_count("clues", lo), max_givens=_count("clues", hi),
                minimal=bool(minimal), symmetry=_symmetry(symmetry), level=level,
                rating_min=rmin, rating_max=rmax, difficulty=named,
                attempts=_count("attempts", attempts), timeout=_budget("timeout", timeout))


def _generated(shape: Shape, t: tuple[Any, ...], seed: int, index: int) -> Generated:
    found, text, attempts, _timed_out, _best = t
    if not found:
        return Generated(False, index, _core.seed_derive(seed, index), None, None, 0, None, False,
                         None, None, int(attempts), None)
    rec = json.loads(text)
    return Generated(True, int(rec["index"]), int(rec["seed"]), Puzzle(rec["puzzle"], shape),
                     Puzzle(rec["solution"], shape), int(rec["givens"]), rec.get("symmetry"),
                     bool(rec.get("minimal", False)), rec.get("difficulty"),
                     rec.get("qqwing_level"), int(attempts), rec)


@overload
def generate(n: None = None, *, shape: Shape | None = ...,
             clues: int | str | tuple[int, int] | None = ..., symmetry: str = ...,
             difficulty: str | None = ..., qqwing_level: str | None = ...,
             rating: str | float | tuple[float, float | None] | None = ...,
             minimal: bool = ..., seed: int = ..., start: int = ..., timeout: float = ...,
             attempts: int = ..., threads: int = ...) -> Generated: ...
@overload
def generate(n: int, *, shape: Shape | None = ...,
             clues: int | str | tuple[int, int] | None = ..., symmetry: str = ...,
             difficulty: str | None = ..., qqwing_level: str | None = ...,
             rating: str | float | tuple[float, float | None] | None = ...,
             minimal: bool = ..., seed: int = ..., start: int = ..., timeout: float = ...,
             attempts: int = ..., threads: int = ...) -> list[Generated]: ...


def generate(n: int | None = None, *, shape: Shape | None = None,
             clues: int | str | tuple[int, int] | None = None, symmetry: str = "none",
             difficulty: str | None = None, qqwing_level: str | None = None,
             rating: str | float | tuple[float, float | None] | None = None,
             minimal: bool = False, seed: int = 0, start: int = 0,
             timeout: float = GENERATE_TIMEOUT, attempts: int = 0,
             threads: int = 1) -> Generated | list[Generated]:
    """Generates unique puzzles (``doku generate``).

    ``n`` None: one :class:`Generated`; an int: a list of n. Puzzle i
    comes from seed ``seed_derive(seed, start + i)``, so the same seed
    gives the same puzzles whatever ``threads`` is, and a run cut into
    ``start`` ranges equals one run. ``clues``: an exact count or a (min,
    max) band or "MIN-MAX"; ``symmetry``: a name of SYMMETRIES;
    ``difficulty``: a name of the difficulty vocabulary (easy, medium,
    hard, unfair, extreme: an ER range, see :func:`difficulties`);
    ``rating``: "MIN-MAX", "MIN+", a minimum ER, or (min, max);
    ``qqwing_level``: one of qqwing's levels (QQWING_LEVELS; a technique
    set, not a rating); ``minimal``: proven minimal puzzles. ``timeout`` (seconds, per
    puzzle) or ``attempts`` (full grids tried) bound the work: a puzzle not
    found within it has ``found`` False.
    """
    sh = _CLASSIC if shape is None else shape
    k = 1 if n is None else _count("n", n)
    kw = _generate_args(sh, clues, symmetry, difficulty, qqwing_level, rating, minimal, timeout,
                        attempts)
    seed = _count("seed", seed)
    start = _count("start", start)
    out = _core.generate_many(sh._core, seed, start, k, threads, **kw)
    items = [_generated(sh, t, seed, start + i) for i, t in enumerate(out)]
    return items[0] if n is None else items


def reduce(puzzle: PuzzleLike, *, shape: Shape | None = None, clues: int = 0,
           symmetry: str = "none", qqwing_level: str | None = None, seed: int = 0,
           index: int = 0) -> Reduced:
    """Removes givens of a unique ``puzzle`` (or full grid) while it stays
    unique: to a minimal puzzle, or down to ``clues`` givens; keeps the
    ``symmetry`` and, with ``qqwing_level``, solvable with that level's
    techniques. The removal order comes from ``seed_derive(seed, index)``,
    as ``doku reduce --seed SEED`` orders puzzle ``index`` (0-based) of its
    input: the same puzzle, seed and index give the CLI's result."""
    p = _puzzle(puzzle, shape)
    sym = _symmetry(symmetry)
    status, message, cells, givens, minimal, used, text = _core.reduce(
        p.shape._core, p.cells, _core.seed_derive(_count("seed", seed), _count("index", index)),
        _count("clues", clues), sym,
        _qqwing(qqwing_level), p.source or "<python>", p.line or 1)
    return Reduced(status, message, Puzzle._make(p.shape, cells) if cells is not None else None,
                   givens, bool(minimal), SYMMETRIES[used] if 0 <= used < len(SYMMETRIES) else "none",
                   json.loads(text))
