"""Shared fixtures of the doku package's tests: where the repository's
puzzle fixtures and the CLI are (DOKU_CLI, default build/doku)."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "puzzles"


def cli_path() -> str | None:
    given = os.environ.get("DOKU_CLI")
    if given:
        return given
    for cand in (ROOT / "build" / "doku", ROOT / "build-test" / "doku"):
        if cand.exists():
            return str(cand)
    return shutil.which("doku")


@pytest.fixture(scope="session")
def cli() -> str:
    path = cli_path()
    if not path:
        pytest.skip("no doku CLI (set DOKU_CLI)")
    return path


def run_cli(cli: str, *args: str, stdin: str | None = None) -> str:
    """The CLI's stdout (exit status 0 or 1: 1 means some puzzle failed,
    which the records say)."""
    r = subprocess.run([cli, *args], input=stdin, capture_output=True, text=True, timeout=300)
    assert r.returncode in (0, 1), r.stderr
    return r.stdout


def puzzle_lines(name: str) -> list[str]:
    """The puzzle field of each line of a fixture (puzzle:count:solution)."""
    out = []
    for line in (FIXTURES / name).read_text().splitlines():
        if line and not line.startswith("#"):
            out.append(line.split(":")[0])
    return out
