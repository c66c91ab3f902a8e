"""doku — a Sudoku engine for Python: solve, count, check, rate on Sudoku
Explainer's scale, explain step by step, and generate, for classic 9x9 and
every size and variant the C library supports (X, hyper, jigsaw, 4x4 to
64x64). Batches run on threads without the GIL; ``doku.dask`` spreads
them over a Dask cluster.

    >>> import doku
    >>> p = doku.Puzzle("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    >>> doku.solve(p).status
    'unique'
    >>> doku.grade(p).difficulty
    'medium'

See docs/PYTHON.md in the repository.
"""
from __future__ import annotations

from . import _core
from ._errors import (ArgumentError, ClosedError, Error, GaveUp, NoSolution, NotUnique,
                      OutOfMemory, ParseError, RegionsError, ShapeError, SizeError, VariantError)
from ._shape import Shape, Unit, classic
from ._puzzle import Puzzle, Reader, ReadError, read, SYMBOLS
from ._results import (OUTCOMES, Candidate, Check, Count, Explanation, Generated, Grade, Hint,
                       Reduced, Solution, Step)
from ._api import (COMMANDS, QQWING_LEVELS, SYMMETRIES, check, count, difficulties, explain,
                   generate, grade, hint, record, reduce, solve)
from ._batch import (count_many, default_threads, generate_many, grade_many, records_many,
                     solve_many, to_array)

__version__ = "0.1.0"
#: the version of the C library this module was built with
library_version: str = _core.library_version


def seed_derive(master: int, index: int) -> int:
    """The seed of puzzle ``index`` of a generator run seeded with
    ``master`` (doku_seed_derive): how runs split into ranges agree."""
    return int(_core.seed_derive(master, index))


__all__ = [
    "Error", "ArgumentError", "ClosedError", "ShapeError", "RegionsError", "VariantError",
    "ParseError", "SizeError", "OutOfMemory", "GaveUp", "NoSolution", "NotUnique",
    "Shape", "Unit", "classic", "Puzzle", "Reader", "ReadError", "read", "SYMBOLS",
    "Solution", "Count", "Check", "Candidate", "Step", "Hint", "Explanation", "Grade",
    "Generated", "Reduced", "OUTCOMES", "COMMANDS", "SYMMETRIES", "QQWING_LEVELS",
    "solve", "count", "check", "hint", "explain", "grade", "generate", "reduce", "record",
    "difficulties", "solve_many", "count_many", "grade_many", "records_many",
    "generate_many", "to_array", "default_threads", "seed_derive", "library_version",
]
