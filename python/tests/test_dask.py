"""doku.dask on a real cluster: a `dask scheduler` and two `dask worker`
processes on 127.0.0.1, started here. Grading a 20,000-puzzle file gives
the records `doku grade` gives; killing one worker in the middle of the
run still gives every record exactly once, in order; generation is the
same whatever the number of workers."""
from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

import doku
from conftest import FIXTURES, run_cli

distributed = pytest.importorskip("distributed")
import doku.dask  # noqa: E402

# where this doku is importable from (a build tree or the installed one)
ROOT_PY = str(Path(doku.__file__).resolve().parents[1])
N_PUZZLES = 20_000


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _dask_cmd() -> list[str]:
    exe = shutil.which("dask")
    if exe:
        return [exe]
    return [sys.executable, "-m", "dask"]


class Cluster:
    """A scheduler and workers as separate processes (no nanny: a killed
    worker stays dead)."""

    def __init__(self, tmp: Path, workers: int) -> None:
        self.port = _free_port()
        self.address = f"tcp://127.0.0.1:{self.port}"
        env = dict(os.environ, PYTHONPATH=ROOT_PY + os.pathsep + os.environ.get("PYTHONPATH", ""),
                   DASK_DISTRIBUTED__WORKER__DAEMON="False")
        self.log = open(tmp / "dask.log", "w")
        self.scheduler = subprocess.Popen(
            _dask_cmd() + ["scheduler", "--host", "127.0.0.1", "--port", str(self.port),
                           "--no-dashboard", "--no-show"],
            stdout=self.log, stderr=subprocess.STDOUT, env=env)
        self.workers = [subprocess.Popen(
            _dask_cmd() + ["worker", self.address, "--nthreads", "1", "--no-nanny",
                           "--no-dashboard", "--host", "127.0.0.1", "--name", f"w{k}",
                           "--local-directory", str(tmp / f"w{k}")],
            stdout=self.log, stderr=subprocess.STDOUT, env=env) for k in range(workers)]
        self.client = distributed.Client(self.address, timeout=60)
        self.client.wait_for_workers(workers, timeout=60)

    def close(self) -> None:
        try:
            self.client.close(timeout=10)
        finally:
            for p in self.workers + [self.scheduler]:
                if p.poll() is None:
                    p.terminate()
            for p in self.workers + [self.scheduler]:
                try:
                    p.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()
            self.log.close()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    c = Cluster(tmp_path_factory.mktemp("dask"), 2)
    try:
        yield c
    finally:
        c.close()


@pytest.fixture(scope="module")
def bank(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """20,000 puzzles: the 17-clue and multi-solution fixtures repeated,
    with one line that is no puzzle."""
    lines = [l.split(":")[0] for name in ("classic9_17clue.txt", "classic9_multi.txt")
             for l in (FIXTURES / name).read_text().splitlines() if l and l[0] != "#"]
    out = [lines[i % len(lines)] for i in range(N_PUZZLES - 1)]
    out.insert(12_345, "1.2")
    path = tmp_path_factory.mktemp("bank") / "bank.txt"
    path.write_text("\n".join(out) + "\n")
    return path


def _strip(rec: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in rec.items() if k != "time_ms"}


def test_grade_file_equals_cli(cluster: Cluster, bank: Path, cli: str) -> None:
    want = [json.loads(l) for l in run_cli(cli, "grade", "--format", "json", "--threads", "2",
                                            str(bank)).splitlines()]
    got = doku.dask.map_file(str(bank), "grade", client=cluster.client, partition=1000)
    assert got is not None and len(got) == N_PUZZLES == len(want)
    assert [_strip(g) for g in got] == [_strip(w) for w in want]


class KillingSink:
    """An output that kills a worker once `after` records were written."""

    def __init__(self, path: Path, victim: subprocess.Popen[bytes], after: int) -> None:
        self.f = open(path, "w")
        self.victim = victim
        self.after = after
        self.lines = 0
        self.killed_at: int | None = None

    def write(self, s: str) -> int:
        if s.endswith("\n"):
            self.lines += 1
            if self.killed_at is None and self.lines >= self.after:
                self.victim.send_signal(signal.SIGKILL)
                self.victim.wait()
                self.killed_at = self.lines
        return self.f.write(s)

    def flush(self) -> None:
        self.f.flush()


def test_generate_same_for_any_workers(cluster: Cluster) -> None:
    two = doku.dask.generate(40, seed=99, client=cluster.client, partition=7)
    assert two is not None and len(two) == 40
    local = doku.generate_many(40, seed=99, records=True, threads=2)
    assert two == local
    part = doku.dask.generate(10, seed=99, start=30, client=cluster.client, partition=3)
    assert part == local[30:]


def test_map_bag(cluster: Cluster, bank: Path) -> None:
    import dask.bag as db
    bag = db.read_text(str(bank), blocksize=200_000)
    recs = doku.dask.map_bag(bag, "solve").compute()
    assert len(recs) == N_PUZZLES
    assert sum(r["status"] == "invalid" for r in recs) == 1


def test_dask_bad_arguments(cluster: Cluster, bank: Path) -> None:
    with pytest.raises(doku.ArgumentError):
        doku.dask.map_file(str(bank), "frobnicate", client=cluster.client)
    with pytest.raises(doku.ArgumentError):
        doku.dask.map_file(str(bank), "grade", client=cluster.client, partition=0)
    with pytest.raises(doku.ArgumentError):
        doku.dask.map_file(str(bank), "grade", client=cluster.client, timeout=-1)
    with pytest.raises(doku.ArgumentError):
        doku.dask.generate(-1, seed=1, client=cluster.client)


def test_killed_worker_loses_nothing(cluster: Cluster, tmp_path: Path, bank: Path,
                                     cli: str) -> None:
    """Last in the file: it leaves the module's cluster one worker short."""
    c = cluster
    sink = KillingSink(tmp_path / "out.jsonl", c.workers[1], after=3000)
    # small partitions, a small window: the victim holds work when it dies
    doku.dask.map_file(str(bank), "solve", client=c.client, partition=250, window=6,
                       output=sink)  # type: ignore[arg-type]
    sink.f.close()
    assert sink.killed_at is not None and c.workers[1].poll() is not None
    got = [json.loads(l) for l in (tmp_path / "out.jsonl").read_text().splitlines()]
    want = [json.loads(l) for l in run_cli(cli, "solve", "--format", "json",
                                            str(bank)).splitlines()]
    assert len(got) == N_PUZZLES
    assert [g["line"] for g in got] == list(range(1, N_PUZZLES + 1))  # each once, in order
    assert got == want
