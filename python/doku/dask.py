"""doku on a Dask cluster: grade (or solve, count, check, explain, hint) a
file or a bag of puzzles in partitions, and generate with a seed range per
partition.

Records come back in input order, each exactly once: the driver numbers
the partitions and writes partition k only after k-1, and a partition
whose worker died is computed again by the scheduler (its result, not a
second copy, is what is written). Generation is reproducible whatever the
number of workers: puzzle i of a run is made from ``seed_derive(seed, i)``
wherever it runs.

    from dask.distributed import Client
    import doku.dask
    client = Client("tcp://scheduler:8786")
    doku.dask.map_file("bank.txt", "grade", client=client, output="graded.jsonl")

Needs Debian's python3-distributed (dask, distributed) and doku importable
on every worker (the same version).
"""
from __future__ import annotations

import collections
import itertools
import json
import uuid
from typing import IO, Any, Callable, Iterable, Iterator, Sequence

from . import _core
from ._api import COMMANDS, _defaults
from ._batch import generate_many, records_many
from ._errors import ArgumentError
from ._puzzle import Puzzle, ReadError, read
from ._shape import Shape

__all__ = ["map_file", "map_puzzles", "map_bag", "generate", "run_partition", "DEFAULT_PARTITION"]

#: puzzles per partition: large enough that the scheduler's overhead (about
#: a millisecond a task) stays small against grading, small enough that a
#: lost worker costs little and every worker gets work.
DEFAULT_PARTITION = 1000


def run_partition(command: str, items: Sequence[Puzzle | ReadError], options: dict[str, Any]
                  ) -> list[str]:
    """Runs one partition on a worker: the record line of each item, in
    order (puzzles through :func:`doku.records_many`, read errors as
    "invalid" records, as the CLI writes them)."""
    cmd = COMMANDS[command]
    out: list[str] = []
    # runs of puzzles of one shape go to the library in one batch
    for is_err, group in itertools.groupby(items, key=lambda it: (
            isinstance(it, ReadError), None if isinstance(it, ReadError) else it.shape)):
        part = list(group)
        if is_err[0]:
            for e in part:
                assert isinstance(e, ReadError)
                out.append(_core.invalid_record(cmd, e.source, e.line, e.column, e.message))
        else:
            puzzles = [p for p in part if isinstance(p, Puzzle)]
            out.extend(records_many(command, puzzles, shape=puzzles[0].shape, raw=True,
                                    **options))
    return out


def _client(client: Any) -> Any:
    if client is not None:
        return client
    from distributed import get_client
    try:
        return get_client()
    except ValueError:
        raise ArgumentError("doku.dask: no client given and no default Dask client "
                            "(make one with distributed.Client(ADDRESS))") from None


def _chunks(it: Iterable[Any], size: int) -> Iterator[list[Any]]:
    it = iter(it)
    while True:
        chunk = list(itertools.islice(it, size))
        if not chunk:
            return
        yield chunk


def _ordered(client: Any, fn: Callable[..., Any], payloads: Iterable[tuple[Any, ...]],
             window: int, name: str) -> Iterator[Any]:
    """Submits fn(*payload) for each payload, at most ``window`` in flight,
    and yields the results in payload order."""
    token = uuid.uuid4().hex[:12]
    pending: collections.deque[Any] = collections.deque()
    for k, args in enumerate(payloads):
        pending.append(client.submit(fn, *args, key=f"doku-{name}-{token}-{k}", pure=False,
                                     retries=3))
        while len(pending) >= window:
            fut = pending.popleft()
            yield fut.result()
            fut.release()
    while pending:
        fut = pending.popleft()
        yield fut.result()
        fut.release()


def _window(client: Any, window: int | None) -> int:
    if window is not None:
        if window < 1:
            raise ArgumentError(f"window: expected >= 1 partitions in flight, got {window}")
        return window
    try:
        threads = int(sum(client.nthreads().values()))
    except Exception:  # a client without workers yet
        threads = 1
    return max(4, 4 * threads)


def _sink(output: str | IO[str] | None) -> tuple[Callable[[list[str]], None], list[dict[str, Any]] | None,
                                               Callable[[], None]]:
    if output is None:
        collected: list[dict[str, Any]] = []
        return (lambda lines: collected.extend(json.loads(s) for s in lines)), collected, (lambda: None)
    f = open(output, "w", encoding="utf-8") if isinstance(output, str) else output

    def write(lines: list[str]) -> None:
        for s in lines:
            f.write(s)
            if not s.endswith("\n"):
                f.write("\n")

    return write, None, (f.close if isinstance(output, str) else f.flush)


def map_puzzles(items: Iterable[Puzzle | ReadError], command: str = "grade", *,
                client: Any = None, partition: int = DEFAULT_PARTITION,
                output: str | IO[str] | None = None, window: int | None = None,
                threads: int = 1, **options: Any) -> list[dict[str, Any]] | None:
    """Runs ``command`` over ``items`` (puzzles, and read errors as
    :func:`doku.read` yields them with ``errors="yield"``) on the cluster,
    ``partition`` items a task. Returns the records in input order, or
    writes them (one JSON line each, as ``doku COMMAND --format json``) to
    ``output`` and returns None. ``window`` bounds the partitions in
    flight (default 4 per worker thread), so memory stays bounded on any
    input. ``threads``: worker threads per task (1 when each Dask worker
    thread is a core). Other options as :func:`doku.record` (timeout,
    techniques, limit...)."""
    if command not in COMMANDS:
        raise ArgumentError(f"command {command!r}: expected one of {', '.join(COMMANDS)}")
    if isinstance(partition, bool) or not isinstance(partition, int) or partition < 1:
        raise ArgumentError(f"partition: expected >= 1 puzzles a task, got {partition!r}")
    _defaults(command, options.get("limit"), options.get("timeout"))  # checks them here
    opts = dict(options, threads=threads)
    c = _client(client)
    write, collected, done = _sink(output)
    try:
        for lines in _ordered(c, run_partition, ((command, chunk, opts)
                                                 for chunk in _chunks(items, partition)),
                              _window(c, window), command):
            write(lines)
    finally:
        done()
    return collected


def map_file(path: str, command: str = "grade", *, client: Any = None,
             partition: int = DEFAULT_PARTITION, output: str | IO[str] | None = None,
             size: int = 0, symbols: str = "auto", name: str | None = None,
             shape: Shape | None = None, window: int | None = None, threads: int = 1,
             **options: Any) -> list[dict[str, Any]] | None:
    """Reads ``path`` (any layout the library reads; the driver reads it,
    so the workers need no copy) and runs ``command`` over its puzzles on
    the cluster (see :func:`map_puzzles`). The records equal ``doku
    COMMAND --format json PATH`` line for line (time fields aside); a
    record that is no puzzle gives an "invalid" record, as the CLI's."""
    with read(path, size=size, symbols=symbols, errors="yield", name=name, shape=shape) as r:
        return map_puzzles(r, command, client=client, partition=partition, output=output,
                           window=window, threads=threads, **options)


def _bag_partition(lines: Sequence[str], command: str, options: dict[str, Any]) -> list[dict[str, Any]]:
    items = list(read("".join(l if l.endswith("\n") else l + "\n" for l in lines),
                      errors="yield", name="<bag>"))
    return [json.loads(s) for s in run_partition(command, items, options)]


def map_bag(bag: Any, command: str = "grade", *, threads: int = 1, **options: Any) -> Any:
    """Maps a dask.bag of text lines (``dask.bag.read_text(...)``, one
    puzzle a line, or whole grids kept within a partition) to a bag of
    records, partition by partition, in order. Records name the file
    "<bag>" and number lines within their partition."""
    if command not in COMMANDS:
        raise ArgumentError(f"command {command!r}: expected one of {', '.join(COMMANDS)}")
    _defaults(command, options.get("limit"), options.get("timeout"))
    return bag.map_partitions(_bag_partition, command, dict(options, threads=threads))


def _generate_partition(shape: Shape | None, seed: int, start: int, count: int,
                        options: dict[str, Any]) -> list[str]:
    recs = generate_many(count, shape=shape, seed=seed, start=start, records=True, threads=1,
                         **options)
    return [json.dumps(r, separators=(",", ":")) if r is not None else json.dumps(
        {"index": start + i + 1, "status": "not_found"}) for i, r in enumerate(recs)]


def generate(n: int, *, seed: int, client: Any = None, shape: Shape | None = None,
             start: int = 0, partition: int = DEFAULT_PARTITION,
             output: str | IO[str] | None = None, window: int | None = None,
             **options: Any) -> list[dict[str, Any]] | None:
    """Generates ``n`` puzzles on the cluster: partition k makes puzzles
    ``start + k*partition`` onwards, each from ``seed_derive(seed, index)``,
    so the output is the same for any number of workers and equals ``doku
    generate --seed SEED`` (one JSON record per puzzle, in index order; a
    puzzle the budget missed is {"index", "status": "not_found"}). Options
    as :func:`doku.generate` (clues, symmetry, difficulty, rating,
    minimal, timeout, attempts)."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ArgumentError(f"n: expected a count >= 0, got {n!r}")
    if isinstance(partition, bool) or not isinstance(partition, int) or partition < 1:
        raise ArgumentError(f"partition: expected >= 1 puzzles a task, got {partition!r}")
    c = _client(client)
    write, collected, done = _sink(output)
    payloads = ((shape, seed, start + k, min(partition, n - k), options)
                for k in range(0, n, partition))
    try:
        for lines in _ordered(c, _generate_partition, payloads, _window(c, window), "generate"):
            write(lines)
    finally:
        done()
    return collected
