#!/usr/bin/env python3
"""Overload test of `doku serve`'s queue (issue 28 item 10), on loopback with
a bounded number of requests: 200 requests, 64 at a time, mixed (solves of a
hard 9x9, grades of one of the hardest published puzzles, which run to the
budget, and solves of an empty 25x25), against `--threads 2` and a short
`--timeout`. Time spent queued counts in the budget. What it checks is the
queue's behaviour, by counts, so a slow or loaded machine does not fail it:

  - every request is answered: 200 with a result, or 503 "busy" with a
    Retry-After when it could not start within its budget;
  - the queue shed load: some 503s, or grades cut at their budget (a
    grade of the Golden Nugget never finishes within it), and some 200s;
  - no reply waits past its budget: the times (send to last byte, as the
    client sees them) are bounded generously, p99 by 1.5 x --timeout and
    the slowest by 2 x --timeout (a request that waited and then computed
    for a whole budget of its own would take twice the timeout), each plus
    what the machine itself stalled: a probe thread sleeps 5 ms at a time
    through the run and records how late it wakes; a reply's way back
    wakes two threads (the server's, then the client's), so the allowance
    is twice the worst lateness seen. A loaded machine widens the
    allowance instead of failing the test.

Usage: test_overload.py PATH/TO/doku [--report]
--report prints the figures as a BENCHMARKS.md table row. Standard library
only.
"""
import http.client
import json
import os
import re
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

SANITIZED = bool(os.environ.get("DOKU_SANITIZED"))
TIMEOUT = 8.0 if SANITIZED else 4.0   # --timeout (seconds)
REQUESTS, AT_ONCE = 200, 64
PROBE_SLEEP = 0.005      # the stall probe's nap (seconds)

HARD = "12.3....435....1....4........54..2..6...7.........8.9...31..5.......9.7.....6...8"
# Golden Nugget (tarek), ER 11.9: its grade runs to the budget and gives up
NUGGET = ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7....."
EMPTY25 = "." * 625
KINDS = [("solve", {"puzzle": HARD}), ("grade", {"puzzle": NUGGET}),
         ("solve", {"puzzle": EMPTY25, "size": 25})]


class StallProbe(threading.Thread):
    """Sleeps PROBE_SLEEP at a time and keeps the worst lateness of its
    wake-ups: how long the machine kept a ready thread off the CPU."""

    def __init__(self):
        super().__init__(daemon=True)
        self.worst = 0.0
        self.done = threading.Event()

    def run(self):
        while not self.done.is_set():
            t = time.monotonic()
            time.sleep(PROBE_SLEEP)
            self.worst = max(self.worst, time.monotonic() - t - PROBE_SLEEP)


def run_once(doku):
    """One overload run: the replies (name, status, Retry-After, JSON,
    seconds), the wall time and the probe's worst stall."""
    proc = subprocess.Popen([doku, "serve", "--port", "0", "--quiet", "--threads", "2",
                             "--timeout", str(TIMEOUT)], stdout=subprocess.PIPE, text=True)
    try:
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", proc.stdout.readline())
        assert m, "the server did not start"
        port = int(m.group(1))

        def one(k):
            name, body = KINDS[k % len(KINDS)]
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=10 * TIMEOUT + 30)
            t0 = time.monotonic()
            c.request("POST", "/api/" + name, body=json.dumps(body),
                      headers={"Content-Type": "application/json"})
            r = c.getresponse()
            raw = r.read()
            dt = time.monotonic() - t0
            c.close()
            return name, r.status, r.getheader("Retry-After"), json.loads(raw), dt

        probe = StallProbe()
        probe.start()
        t0 = time.monotonic()
        with ThreadPoolExecutor(AT_ONCE) as ex:
            replies = list(ex.map(one, range(REQUESTS)))
        wall = time.monotonic() - t0
        probe.done.set()
        probe.join()
    finally:
        proc.terminate()
        proc.wait(60)
        proc.stdout.close()
    return replies, wall, probe.worst


def main():
    doku = os.path.abspath(sys.argv[1])
    report = "--report" in sys.argv
    replies, wall, stall = run_once(doku)

    bad = []
    for name, status, retry, doc, _ in replies:
        if status == 200:
            if name == "solve" and doc.get("status") not in ("unique", "multiple", "gave_up"):
                bad.append(doc)
            if name == "grade" and (doc.get("status") not in ("solved", "gave_up")
                                    or not isinstance(doc.get("er"), float)):
                bad.append(doc)
        elif status == 503:
            if doc.get("error", {}).get("code") != "busy" or not (retry or "").isdigit():
                bad.append((status, retry, doc))
        else:
            bad.append((status, doc))
    assert not bad, "unexpected replies: %r" % bad[:5]
    times = sorted(r[4] for r in replies)
    p = lambda q: times[min(len(times) - 1, int(q * len(times)))]
    ok = sum(1 for r in replies if r[1] == 200)
    gave_up = sum(1 for r in replies if r[1] == 200 and r[3].get("status") == "gave_up")
    slack = 2 * stall
    line = ("| %d requests, %d at a time, --threads 2 --timeout %g | %d × 200 (%d gave up) | %d × 503 "
            "| %.2f s | %.2f s | %.2f s | %.2f s | %.1f s | stall %.3f s |"
            % (REQUESTS, AT_ONCE, TIMEOUT, ok, gave_up, REQUESTS - ok, p(0.5), p(0.9), p(0.99),
               times[-1], wall, stall))
    print(line)
    if report:
        for name, status in sorted({(r[0], r[1]) for r in replies}):
            ts = sorted(r[4] for r in replies if (r[0], r[1]) == (name, status))
            print("  %s %d: %d, %.3f-%.3f s" % (name, status, len(ts), ts[0], ts[-1]))
    assert len(replies) == REQUESTS
    assert ok > 0, "nothing was served"
    # shedding shows as 503s when requests wait past their budget, or as
    # grades cut at the budget when the queue keeps up (an idle machine
    # serves every request in time: 200 x 200 with 69 gave up, 0 x 503)
    assert REQUESTS - ok + gave_up > 0, (
        "no request was turned away busy or cut at its budget: the queue was not overloaded")
    assert p(0.99) <= 1.5 * TIMEOUT + slack, (
        "p99 %.3f s is over 1.5 x the timeout %g s (+ %.3f s the machine stalled)"
        % (p(0.99), TIMEOUT, slack))
    assert times[-1] <= 2 * TIMEOUT + slack, (
        "a reply took %.3f s, over 2 x the timeout %g s (+ %.3f s the machine stalled): "
        "it waited and then ran for a whole budget" % (times[-1], TIMEOUT, slack))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: test_overload.py PATH/TO/doku [--report]")
    main()
