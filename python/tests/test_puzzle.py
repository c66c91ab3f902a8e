"""doku.Puzzle and doku.read: every layout the library reads, positions,
errors raised or yielded, writers, closed readers."""
from __future__ import annotations

import io

import numpy as np
import pytest

import doku
from conftest import FIXTURES, puzzle_lines

P17 = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."


def test_parse_forms() -> None:
    p = doku.Puzzle(P17)
    assert p.size == 9 and p.givens == 17 and str(p) == P17
    assert doku.Puzzle(P17.replace(".", "0")) == p
    assert doku.Puzzle(p.cells) == p
    assert doku.Puzzle(list(p.cells)) == p
    assert doku.Puzzle(np.frombuffer(p.cells, dtype=np.uint8)) == p
    grid = p.to("grid")
    assert doku.Puzzle(grid) == p
    assert doku.Puzzle(p.to("sdk")) == p
    assert p[1, 8] == 1 and p.rows[1][8] == 1
    assert p.to_array().shape == (9, 9)
    assert hash(p) == hash(doku.Puzzle(P17))
    assert "doku.Puzzle" in repr(p)
    with pytest.raises(AttributeError):
        p.cells = b""  # type: ignore[misc]


def test_writers() -> None:
    p = doku.Puzzle(P17)
    assert p.to("line").strip() == P17
    assert p.to("csv").count("\n") >= 9
    assert p.to_link("fpuzzles").startswith("https://www.f-puzzles.com/")
    assert p.to_link("sudokuwiki").startswith("https://www.sudokuwiki.org/")
    assert "sudokupad" in p.to_link("sudokupad")
    with pytest.raises(doku.ArgumentError):
        p.to("nope")
    with pytest.raises(doku.ArgumentError):
        p.to_link("nope")
    # a site that cannot hold the shape says so
    with pytest.raises(doku.ShapeError):
        doku.Puzzle("1" + "." * 15).to_link("sudokuwiki")


def test_bad_puzzles() -> None:
    with pytest.raises(doku.ArgumentError):
        doku.Puzzle(None)  # type: ignore[arg-type]
    with pytest.raises(doku.ParseError) as e:
        doku.Puzzle("1.2")
    assert "cells" in str(e.value)
    with pytest.raises(doku.SizeError):
        doku.Puzzle(bytes(80))
    with pytest.raises(doku.ArgumentError) as e2:
        doku.Puzzle(bytes([10]) + bytes(80))
    assert "r1c1" in str(e2.value)
    with pytest.raises(doku.ArgumentError):
        doku.Puzzle(np.zeros(81, dtype=np.float64))
    with pytest.raises(doku.ArgumentError):
        doku.Puzzle(P17, symbols="roman")


def test_read_file_positions() -> None:
    path = FIXTURES / "classic9_17clue.txt"
    puzzles = list(doku.read(str(path)))
    assert [str(p) for p in puzzles] == puzzle_lines("classic9_17clue.txt")
    assert puzzles[0].source == str(path) and puzzles[0].line == 3
    assert puzzles[0].comment.startswith(":1:")
    with doku.read(path) as r:  # a PathLike
        assert next(r) == puzzles[0]


def test_read_errors_raise_or_yield() -> None:
    text = P17 + "\n1.2\n" + P17 + "\n"
    with pytest.raises(doku.ParseError) as e:
        list(doku.read(text))
    assert e.value.line == 2 and "<text>:2" in str(e.value)
    items = list(doku.read(text, errors="yield"))
    assert isinstance(items[1], doku.ReadError) and items[1].line == 2
    assert isinstance(items[0], doku.Puzzle) and isinstance(items[2], doku.Puzzle)
    with pytest.raises(doku.ArgumentError):
        doku.read(text, errors="ignore")  # type: ignore[arg-type]
    with pytest.raises(doku.ArgumentError):
        doku.read(None)  # type: ignore[arg-type]
    with pytest.raises(doku.ArgumentError):
        doku.read(12)  # type: ignore[arg-type]


def test_read_stream_and_sizes() -> None:
    r = doku.read(io.StringIO("4...3..4..2.....\n"), name="mine")
    p = next(r)
    assert p.size == 4 and p.source == "mine"
    big = list(doku.read(FIXTURES / "16x16.txt"))
    assert big and all(q.size == 16 for q in big)
    x = list(doku.read(FIXTURES / "x9.txt", shape=doku.Shape(9, variants="x")))
    assert x and all(q.shape.variants == {"x"} for q in x)


def test_closed_reader() -> None:
    r = doku.read(P17 + "\n" + P17 + "\n")
    next(r)
    r.close()
    assert r.closed
    with pytest.raises(doku.ClosedError):
        next(r)
    r.close()  # twice is fine


def test_missing_file_is_named() -> None:
    with pytest.raises(FileNotFoundError):
        doku.read("/no/such/bank.txt")
    with pytest.raises(FileNotFoundError):
        doku.read("bank.sdk")
