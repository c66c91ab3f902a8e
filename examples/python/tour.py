# %% [markdown]
# # doku from Python: a notebook-style tour
#
# Run it as a script (`python3 examples/python/tour.py`) or cell by cell in
# Jupyter/VS Code (the `# %%` markers). Install first:
# `/usr/bin/python3 -m pip install --no-build-isolation ./python` (or
# `make python`). Typed: `mypy --strict examples/python` passes.

# %%
from __future__ import annotations

import time

import numpy as np

import doku

# %% [markdown]
# ## One puzzle: solve, grade, explain, hint

# %%
puzzle = doku.Puzzle(
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
print(puzzle.to("grid"))
solution = doku.solve(puzzle)
print(solution.status, solution.solution)          # unique 417369825632158947...
grade = doku.grade(puzzle)
print(f"ER {grade.er} EP {grade.ep} ED {grade.ed} {grade.difficulty}; hardest: {grade.hardest}")

# %%
easy = doku.Puzzle(
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...")
steps = doku.explain(easy).steps
for step in steps[:5]:
    print(step)                                    # (1.5) Hidden Single: in column 9, ...
hint = doku.hint(easy)
if hint.step is not None:
    first = hint.step.placements[0]
    print(f"next: {first.digit} in {first.cell} by {hint.step.technique}")

# %% [markdown]
# ## Checking a grid with a mistake

# %%
wrong = "11" + str(easy)[2:]
check = doku.check(wrong)
print(check.status, "-", check.message)            # invalid - r1c1 and r1c2 both hold 1 ...

# %% [markdown]
# ## Budgets are results, not exceptions

# %%
empty = "." * 81
counted = doku.count(empty, limit=10**12, timeout=0.2)
print(counted.status, f"at least {counted.count:,} solutions")

# %% [markdown]
# ## Other shapes and variants

# %%
x = doku.Shape(9, variants={"x"})
made = doku.generate(seed=7, shape=x, symmetry="rot180")
if made.puzzle is not None:
    print(made.puzzle.shape, made.puzzle, made.givens, "givens")
    print(made.puzzle.to_link("fpuzzles")[:60], "...")
six = doku.Shape(6)                                 # 2x3 boxes
print(doku.solve(doku.generate(seed=1, shape=six).puzzle or "", shape=six).solution)

# %% [markdown]
# ## Batches: numpy in, numpy out, threads without the GIL

# %%
bank = doku.generate_many(200, seed=2026, threads=2)     # (200, 81) uint8, reproducible
t0 = time.perf_counter()
solved, status = doku.solve_many(bank, threads=2, return_status=True)
print(f"{len(bank)} solved in {(time.perf_counter() - t0) * 1e3:.1f} ms;",
      "all unique:", bool((status == 0).all()))
grades = doku.grade_many(bank[:50], threads=2)
ers = np.array([g.er or 0.0 for g in grades])
print(f"ER of 50 generated puzzles: mean {ers.mean():.2f}, max {ers.max():.1f}")

# %% [markdown]
# ## Records as the CLI writes them (docs/schema)

# %%
record = doku.record("grade", easy)
print(sorted(record))
