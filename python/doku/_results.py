"""Result classes: what solve, count, check, hint, explain, grade,
generate and reduce return. Each record-based result keeps ``record``,
the JSON record exactly as ``doku COMMAND --format json`` writes it
(docs/schema), and exposes its fields as attributes."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ._puzzle import Puzzle
from ._shape import Shape

__all__ = ["Solution", "Count", "Check", "Candidate", "Step", "Hint", "Explanation", "Grade",
           "Generated", "Reduced", "OUTCOMES"]

#: solve outcome codes (solve_many's status array) -> record status
OUTCOMES = {0: "unique", 1: "none", 2: "multiple", 3: "gave_up", 4: "invalid", 5: "solved"}


class Solution:
    """The outcome of :func:`doku.solve`.

    ``status``: "unique" (one solution, proven), "solved" (limit=1: a
    first solution, not proven unique), "multiple", "none" or "gave_up"
    (the budget ran out: a result, not an exception). ``solution`` is the
    solution found (a Puzzle) or None; ``count`` the solutions found up to
    the limit; ``nodes``/``guesses`` the search effort. True when solved.
    """

    __slots__ = ("status", "count", "nodes", "guesses", "_cells", "_shape")

    def __init__(self, status: str, cells: bytes | None, count: int, nodes: int, guesses: int,
                 shape: Shape) -> None:
        self.status = status
        self._cells = cells
        self.count = count
        self.nodes = nodes
        self.guesses = guesses
        self._shape = shape

    @property
    def solution(self) -> Puzzle | None:
        """The (first) solution found, or None."""
        return Puzzle._make(self._shape, self._cells) if self._cells is not None else None

    @property
    def cells(self) -> bytes | None:
        """The solution's cells (n*n bytes), or None."""
        return self._cells

    def __bool__(self) -> bool:
        return self.status in ("unique", "solved")

    def __str__(self) -> str:
        s = self.solution
        return str(s) if s is not None else self.status

    def __repr__(self) -> str:
        return (f"doku.Solution(status={self.status!r}, solution={str(self.solution) if self._cells else None!r}, "
                f"count={self.count}, nodes={self.nodes}, guesses={self.guesses})")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Solution) and (self.status, self._cells, self.count) == (
            other.status, other._cells, other.count)

    __hash__ = None  # type: ignore[assignment]


@dataclass(frozen=True)
class Count:
    """The outcome of :func:`doku.count`: ``count`` solutions found, a
    lower bound when ``capped`` (the limit was reached) or ``status`` is
    "gave_up" (the budget ran out)."""

    status: str
    count: int
    capped: bool
    limit: int
    record: dict[str, Any] = field(repr=False, compare=False)

    @classmethod
    def _from(cls, rec: dict[str, Any]) -> "Count":
        return cls(rec["status"], int(rec.get("count", 0)), bool(rec.get("capped", False)),
                   int(rec.get("limit", 0)), rec)


@dataclass(frozen=True)
class Check:
    """The outcome of :func:`doku.check`: ``status`` "unique",
    "multiple", "none" (no solution), "gave_up" or "invalid" (duplicate
    givens); ``conflicts`` the cells of duplicates, ``suspects`` the likely
    wrong cells of a grid without solution, ``message`` the sentence."""

    status: str
    message: str
    conflicts: tuple[str, ...]
    suspects: tuple[str, ...]
    record: dict[str, Any] = field(repr=False, compare=False)

    def __bool__(self) -> bool:
        return self.status == "unique"

    @classmethod
    def _from(cls, rec: dict[str, Any]) -> "Check":
        return cls(rec["status"], rec.get("message", ""), tuple(rec.get("conflicts", ())),
                   tuple(rec.get("suspects", ())), rec)


@dataclass(frozen=True)
class Candidate:
    """A digit in a cell ("r4c7"; digit 0 in a proof names the whole cell)."""

    cell: str
    digit: int


def _cands(items: Any) -> tuple[Candidate, ...]:
    return tuple(Candidate(c["cell"], int(c["digit"])) for c in items or ())


@dataclass(frozen=True)
class Step:
    """One logical step: the technique (display name and stable key), its
    rating on Sudoku Explainer's scale, the placements and eliminations
    it makes, the candidates that prove it, and the sentence."""

    technique: str
    key: str
    rating: float
    placements: tuple[Candidate, ...]
    eliminations: tuple[Candidate, ...]
    proof: tuple[Candidate, ...]
    text: str

    @classmethod
    def _from(cls, d: dict[str, Any]) -> "Step":
        return cls(d["technique"], d["key"], float(d["rating"]), _cands(d.get("placements")),
                   _cands(d.get("eliminations")), _cands(d.get("proof")), d["text"])

    def __str__(self) -> str:
        return f"({self.rating:.1f}) {self.text}"


@dataclass(frozen=True)
class Hint:
    """The outcome of :func:`doku.hint`: ``step`` the next step (None when
    solved, stuck, or the puzzle has no unique solution: ``status`` and
    ``message`` say which)."""

    status: str
    solved: bool
    step: Step | None
    message: str
    record: dict[str, Any] = field(repr=False, compare=False)

    @classmethod
    def _from(cls, rec: dict[str, Any]) -> "Hint":
        st = rec.get("step")
        return cls(rec["status"], bool(rec.get("solved", False)), Step._from(st) if st else None,
                   rec.get("message", ""), rec)


@dataclass(frozen=True)
class Explanation:
    """The outcome of :func:`doku.explain`: every step of the logical
    solve, the rating (ER) and its difficulty name; ``timed_out`` when the
    budget cut it."""

    status: str
    solved: bool
    rating: float | None
    difficulty: str | None
    steps: tuple[Step, ...]
    timed_out: bool
    message: str
    record: dict[str, Any] = field(repr=False, compare=False)

    @classmethod
    def _from(cls, rec: dict[str, Any]) -> "Explanation":
        return cls(rec["status"], bool(rec.get("solved", False)), rec.get("rating"),
                   rec.get("difficulty"), tuple(Step._from(s) for s in rec.get("steps", ())),
                   bool(rec.get("timed_out", False)), rec.get("message", ""), rec)


@dataclass(frozen=True)
class Grade:
    """The outcome of :func:`doku.grade`: Sudoku Explainer's ER (hardest
    step), EP (hardest up to the first placement), ED (first step), the
    difficulty name (easy ... extreme, or unsolved: :func:`doku.difficulties`),
    the hardest technique and the steps per technique key.
    ``status`` "solved" when rated; otherwise why not ("multiple", "none",
    "gave_up", "invalid", or an unsolved run)."""

    status: str
    solved: bool
    er: float | None
    ep: float | None
    ed: float | None
    difficulty: str | None
    hardest: str | None
    techniques: dict[str, int]
    timed_out: bool
    message: str
    record: dict[str, Any] = field(repr=False, compare=False)

    @classmethod
    def _from(cls, rec: dict[str, Any]) -> "Grade":
        return cls(rec["status"], bool(rec.get("solved", False)), rec.get("er"), rec.get("ep"),
                   rec.get("ed"), rec.get("difficulty"), rec.get("hardest"),
                   dict(rec.get("techniques", {})), bool(rec.get("timed_out", False)),
                   rec.get("message", ""), rec)


@dataclass(frozen=True)
class Generated:
    """One puzzle of a generator run: ``found`` False when the budget
    (timeout, attempts) ran out first. ``index`` and ``seed`` say how to
    make it again (``doku generate --seed MASTER --start INDEX``)."""

    found: bool
    index: int
    seed: int
    puzzle: Puzzle | None
    solution: Puzzle | None
    givens: int
    symmetry: str | None
    minimal: bool
    difficulty: str | None     #: the difficulty asked for by name, if any
    qqwing_level: str | None   #: qqwing's level, when one was asked for
    attempts: int
    record: dict[str, Any] | None = field(repr=False, compare=False)


@dataclass(frozen=True)
class Reduced:
    """The outcome of :func:`doku.reduce`: ``status`` "reduced",
    "above_target" (reduced, not down to the clues asked), or why not
    ("not_unique", "unsolvable", "gave_up", "too_hard")."""

    status: str
    message: str
    puzzle: Puzzle | None
    givens: int
    minimal: bool
    symmetry: str
    record: dict[str, Any] = field(repr=False, compare=False)  #: as `doku reduce --format json`
