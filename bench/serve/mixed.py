#!/usr/bin/env python3
"""bench/serve/mixed.py DOKU [SECONDS] — `doku serve` under a mixed load:
valid solve requests (each answer checked) beside malformed JSON, wrong
types, oversize bodies, garbage bytes and slow clients that stall mid-
request. Reports how many valid requests failed (the target is none) and
the server's resident memory sampled every 10 s (the target: flat).
Default 300 s. Standard library only; talks to the server directly.
"""
import http.client
import json
import re
import socket
import subprocess
import sys
import threading
import time

DOKU = sys.argv[1]
SECONDS = float(sys.argv[2]) if len(sys.argv) > 2 else 300.0
PUZZLE = "12.3....435....1....4........54..2..6...7.........8.9...31..5.......9.7.....6...8"
FIRST_ROW = [1, 2, 6, 3, 9, 5, 7, 8, 4]

proc = subprocess.Popen([DOKU, "serve", "--port", "0", "--quiet", "--threads", "2",
                         "--max-body", "65536"], stdout=subprocess.PIPE, text=True)
port = int(re.search(r":(\d+)/", proc.stdout.readline()).group(1))
stop = time.monotonic() + SECONDS
lock = threading.Lock()
counts = {"valid_ok": 0, "valid_failed": 0, "bad_answered": 0, "bad_dropped": 0, "slow": 0}
failures = []


def bump(key, n=1):
    with lock:
        counts[key] += n


def valid_client():
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    while time.monotonic() < stop:
        try:
            c.request("POST", "/api/solve", body=json.dumps({"puzzle": PUZZLE}),
                      headers={"Content-Type": "application/json"})
            r = c.getresponse()
            doc = json.loads(r.read())
            if r.status == 200 and doc["status"] == "unique" and doc["solution"][0] == FIRST_ROW:
                bump("valid_ok")
            else:
                bump("valid_failed")
                failures.append((r.status, str(doc)[:200]))
        except Exception as e:   # noqa: BLE001 - every failure counts
            bump("valid_failed")
            failures.append(repr(e))
            c.close()
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    c.close()


BAD = [
    ("/api/solve", b"{"),
    ("/api/solve", b'{"puzzle": 5}'),
    ("/api/count", b'{"puzzle": "' + PUZZLE.encode() + b'", "limit": "lots"}'),
    ("/api/grade", b"\xff\xfe not json"),
    ("/api/solve", b'{"puzzle": "' + b"9" * 81 + b'"}'),
    ("/api/nothing", b"{}"),
]


def bad_client():
    k = 0
    while time.monotonic() < stop:
        k += 1
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            if k % 5 == 0:   # oversize
                c.request("POST", "/api/solve", body=b"x" * 200000,
                          headers={"Content-Type": "application/json"})
            else:
                path, body = BAD[k % len(BAD)]
                c.request("POST", path, body=body, headers={"Content-Type": "application/json"})
            r = c.getresponse()
            r.read()
            bump("bad_answered")   # a 4xx, or 200 "none" for the contradictory puzzle
            c.close()
        except Exception:   # noqa: BLE001 - a connection closed without an answer
            bump("bad_dropped")
        if k % 7 == 0:       # garbage bytes
            try:
                s = socket.create_connection(("127.0.0.1", port), timeout=10)
                s.sendall(b"\x16\x03\x01 garbage \r\n\r\n")
                s.recv(1024)
                s.close()
            except OSError:
                pass


def slow_client():
    while time.monotonic() < stop:
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=30)
            s.sendall(b"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n"
                      b"Content-Type: application/json\r\n\r\n{\"puz")
            time.sleep(3)
            s.close()
            bump("slow")
        except OSError:
            time.sleep(0.5)


def rss_kb():
    with open("/proc/%d/status" % proc.pid) as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))


threads = ([threading.Thread(target=valid_client) for _ in range(8)] +
           [threading.Thread(target=bad_client) for _ in range(2)] +
           [threading.Thread(target=slow_client) for _ in range(20)])
for t in threads:
    t.start()
samples = []
t0 = time.monotonic()
while time.monotonic() < stop:
    samples.append((round(time.monotonic() - t0), rss_kb()))
    time.sleep(10)
for t in threads:
    t.join()
samples.append((round(time.monotonic() - t0), rss_kb()))
proc.terminate()
proc.wait(30)
print("mixed load for %.0f s: %s" % (SECONDS, counts))
print("resident memory (s, kB): " + " ".join("%d:%d" % s for s in samples))
rss = [k for _, k in samples[1:]] or [samples[0][1]]
print("RSS after warm-up: min %d kB, max %d kB, last %d kB" % (min(rss), max(rss), rss[-1]))
if failures:
    print("first failures:", failures[:5])
sys.exit(1 if counts["valid_failed"] else 0)
