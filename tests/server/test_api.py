#!/usr/bin/env python3
"""API tests of `doku serve` (docs/API.md), against a server started on a
free loopback port: every endpoint, every error path, malformed and
oversize bodies, slow clients, 50 concurrent clients, shutdown while busy.

Usage: test_api.py PATH/TO/doku
Each response of a computing endpoint is compared with the record the CLI
prints with --format json for the same puzzle: they must be the same
record (the "file" and "line" of the input aside).
Only the standard library: http.client and sockets talk to the server
directly (no proxy settings apply).
"""
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest
import urllib.parse

DOKU = None
SANITIZED = bool(os.environ.get("DOKU_SANITIZED"))
SLOW = 4.0 if SANITIZED else 1.0   # time allowances grow under ASan
# No assert measures how fast a reply came: a loaded machine can stretch
# any wall time. Budgets are shown to hold by what the replies say
# ("gave_up", fewer puzzles than asked) and by ordering; HANG only
# catches a call that never ends (the longest budget here is 12 s).
HANG = 120.0

EASY = "570060003030005060601007000053000001000080000900000270000800402080100030200040019"
HARD = "12.3....435....1....4........54..2..6...7.........8.9...31..5.......9.7.....6...8"
SOLUTION = "574268193832915764691437528753624981126789345948351276319876452485192637267543819"
TWO_FIVES = "55" + "." * 79          # r1c1 and r1c2 both hold 5
JIGSAW_MAP = ("001122222000103332100143332111143332504444462"
              "577748888577748668577768666555558866")
JIGSAW = "4.......7.........15......4..3...7..9.1...8.6..8...4..2.......8.........7.......9"
HEX16 = ("....A75..23..9.6.......14C.65....9AC3..6......811B..84..F...D...3..1...B..69.5....2..97..B"
         "...4..58.D.......42..764.7....3..A1.9.7.49...E...8.........5.7.A....E....24.6315........."
         "..1..9..3.2..B1.............2......3.6..58.A4.6782.94..C...B..3...........7..")
# HS_KILLERS#1 of Interactive Sudoku Solver's collections (X), as in
# tests/cli/fixtures/variants/: as a string, and as JSON constraints
KILLER_ISS = (".Diagonal~1.Diagonal~-1.Cage~14~R1C1~R2C1.Cage~14~R1C8~R1C9.Cage~6~R2C2~R2C3"
              ".Cage~6~R2C8~R3C8.Cage~13~R3C3~R4C3.Cage~13~R3C6~R3C7.Cage~17~R6C4~R6C5"
              ".Cage~14~R6C7~R7C7.Cage~6~R7C2~R8C2.Cage~13~R7C3~R7C4.Cage~6~R8C7~R8C8"
              ".Cage~14~R8C9~R9C9.Cage~14~R9C1~R9C2")
# Interactive Sudoku Solver's example killer (MIT licence): logic alone solves it
KILLER_EASY = (".Cage~3~R1C1~R1C2.Cage~15~R1C3~R1C4~R1C5.Cage~25~R2C1~R2C2~R3C1~R3C2"
               ".Cage~17~R2C3~R2C4.Cage~9~R3C3~R3C4~R4C4.Cage~22~R1C6~R2C5~R2C6~R3C5"
               ".Cage~4~R1C7~R2C7.Cage~16~R1C8~R2C8.Cage~15~R1C9~R2C9~R3C9~R4C9"
               ".Cage~20~R3C7~R3C8~R4C7.Cage~8~R3C6~R4C6~R5C6.Cage~17~R4C5~R5C5~R6C5"
               ".Cage~20~R5C4~R6C4~R7C4.Cage~14~R4C2~R4C3.Cage~6~R4C1~R5C1"
               ".Cage~13~R5C2~R5C3~R6C2.Cage~6~R6C3~R7C2~R7C3.Cage~17~R4C8~R5C7~R5C8"
               ".Cage~27~R6C1~R7C1~R8C1~R9C1.Cage~8~R8C2~R9C2.Cage~16~R8C3~R9C3"
               ".Cage~10~R7C5~R8C4~R8C5~R9C4.Cage~12~R5C9~R6C9.Cage~6~R6C7~R6C8"
               ".Cage~20~R6C6~R7C6~R7C7.Cage~15~R8C6~R8C7.Cage~14~R7C8~R7C9~R8C8~R8C9"
               ".Cage~13~R9C5~R9C6~R9C7.Cage~17~R9C8~R9C9")
KILLER_CAGES = [{"kind": "cage", "cells": [a, b], "params": [s]} for s, a, b in re.findall(
    r"Cage~(\d+)~R(\d+C\d+)~R(\d+C\d+)", KILLER_ISS)]
for _c in KILLER_CAGES:
    _c["cells"] = ["r" + x.lower() for x in _c["cells"]]
    _c["params"] = [int(_c["params"][0])]


class Server:
    """A `doku serve --port 0` process and its address."""

    def __init__(self, *args):
        self.proc = subprocess.Popen(
            [DOKU, "serve", "--port", "0", "--quiet", *args],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not m:
            self.proc.kill()
            raise RuntimeError("server did not start: %r %r" % (line, self.proc.stderr.read()))
        self.port = int(m.group(1))

    def conn(self, timeout=30):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)

    def request(self, method, path, body=None, headers=None, conn=None):
        c = conn or self.conn()
        h = {"Content-Type": "application/json"} if body is not None else {}
        h.update(headers or {})
        data = body if isinstance(body, (bytes, str)) or body is None else json.dumps(body)
        c.request(method, path, body=data, headers=h)
        r = c.getresponse()
        raw = r.read()
        if conn is None:
            c.close()
        try:
            doc = json.loads(raw)
        except ValueError:
            doc = None
        return r, doc, raw

    def post(self, name, body, **kw):
        return self.request("POST", "/api/" + name, body, **kw)

    def stop(self, sig=signal.SIGTERM, timeout=20):
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            rc = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise
        self.proc.stdout.close()
        err = self.proc.stderr.read()
        self.proc.stderr.close()
        return rc, err


def cli_record(command, puzzle, *args):
    """The record `doku COMMAND --format json` prints for puzzle, without file/line."""
    out = subprocess.run([DOKU, command, "--format", "json", *args], input=puzzle + "\n",
                         capture_output=True, text=True, timeout=120).stdout
    rec = json.loads(out.splitlines()[0])
    rec.pop("file", None)
    rec.pop("line", None)
    return rec


def strip(rec):
    rec = dict(rec)
    rec.pop("file", None)
    rec.pop("line", None)
    if "stats" in rec:                   # times differ run to run
        rec["stats"] = {k: v for k, v in rec["stats"].items() if k != "time_ms"}
    return rec


class Api(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.s = Server("--threads", "2", "--timeout", str(3 * SLOW), "--max-body", "65536")

    @classmethod
    def tearDownClass(cls):
        rc, err = cls.s.stop()
        assert rc == 0, err

    def error(self, r, doc, status, code, where=None):
        self.assertEqual(r.status, status, doc)
        self.assertEqual(r.getheader("Content-Type"), "application/json")
        self.assertIn("error", doc)
        self.assertEqual(doc["error"]["code"], code, doc)
        self.assertTrue(doc["error"]["message"])
        if where is not None:
            self.assertEqual(doc["error"].get("where"), where, doc)

    # ---- the endpoints, compared with the CLI ----------------------------
    def test_solve_same_record_as_cli(self):
        for puzzle in (EASY, HARD):
            r, doc, _ = self.s.post("solve", {"puzzle": puzzle})
            self.assertEqual(r.status, 200)
            self.assertEqual(strip(doc), cli_record("solve", puzzle))
            self.assertEqual(doc["status"], "unique")
        self.assertEqual("".join(str(d) for row in doc["solution"] for d in row)[:9], "126395784")

    def test_solve_options(self):
        r, doc, _ = self.s.post("solve", {"puzzle": EASY, "stats": True})
        self.assertEqual(strip(doc), strip(cli_record("solve", EASY, "--stats")))
        self.assertIn("time_ms", doc["stats"])
        r, doc, _ = self.s.post("solve", {"puzzle": "." * 81, "limit": 3})
        self.assertEqual(doc["status"], "multiple")
        self.assertEqual(len(doc["solutions"]), 3)
        self.assertEqual(strip(doc), cli_record("solve", "." * 81, "--limit", "3"))
        r, doc, _ = self.s.post("solve", {"puzzle": TWO_FIVES})
        self.assertEqual(doc["status"], "none")
        self.assertIn("r1c1 and r1c2 both hold 5 in row 1", doc["reason"])
        self.assertEqual(strip(doc), cli_record("solve", TWO_FIVES))

    def test_count_and_check(self):
        r, doc, _ = self.s.post("count", {"puzzle": EASY[:-9] + "." * 9, "limit": 50})
        self.assertEqual(r.status, 200)
        self.assertEqual(strip(doc), cli_record("count", EASY[:-9] + "." * 9, "--limit", "50"))
        for puzzle in (EASY, TWO_FIVES, "." * 81):
            r, doc, _ = self.s.post("check", {"puzzle": puzzle})
            self.assertEqual(r.status, 200)
            self.assertEqual(strip(doc), cli_record("check", puzzle))
        r, doc, _ = self.s.post("check", {"puzzle": TWO_FIVES})
        self.assertEqual(doc["status"], "invalid")
        self.assertEqual(doc["conflicts"][0]["cells"], ["r1c1", "r1c2"])

    # ---- variant constraints ------------------------------------------------
    def test_variant_constraints(self):
        """The "constraints" field and a variant text as the puzzle solve as
        `doku solve` solves the variant file; broken constraints are named."""
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write(KILLER_ISS + "\n")
        try:
            cli = subprocess.run([DOKU, "solve", f.name], capture_output=True, text=True).stdout.strip()
        finally:
            os.unlink(f.name)
        grid = lambda doc: "".join(str(d) for row in doc["solution"] for d in row)
        r, text_doc, _ = self.s.post("solve", {"puzzle": KILLER_ISS})
        self.assertEqual((r.status, text_doc["status"], grid(text_doc)), (200, "unique", cli), text_doc)
        self.assertEqual(len(text_doc["constraints"]), 13)
        self.assertEqual(text_doc["constraints"][0], {"kind": "cage", "cells": ["r1c1", "r2c1"], "params": [14],
                                                      "text": "killer cage 14 at r1c1 r2c1"})
        r, doc, _ = self.s.post("solve", {"puzzle": "." * 81, "variants": "x", "constraints": KILLER_CAGES})
        self.assertEqual((doc["status"], grid(doc)), ("unique", cli), doc)
        self.assertEqual(doc["constraints"], text_doc["constraints"])
        r, doc, _ = self.s.post("count", {"puzzle": "." * 81, "constraints": KILLER_CAGES, "limit": 2})
        self.assertEqual(doc["status"], "capped", doc)   # without the diagonals: several
        # a cage its digits break: check names it as it names a duplicate
        cage = [{"kind": "cage", "cells": ["r1c1", "r1c2"], "params": [4]}]
        r, doc, _ = self.s.post("check", {"puzzle": "12" + "." * 79, "constraints": cage})
        self.assertEqual((doc["status"], doc["message"]), ("invalid", "killer cage 4 at r1c1 r1c2 is broken"), doc)
        self.assertEqual(doc["violations"], [{"constraint": 0, "kind": "cage", "cells": ["r1c1", "r1c2"],
                                              "text": "killer cage 4 at r1c1 r1c2 is broken"}])
        r, doc, _ = self.s.post("solve", {"puzzle": "12" + "." * 79, "constraints": cage})
        self.assertEqual((doc["status"], doc["reason"]), ("none", "killer cage 4 at r1c1 r1c2 is broken"), doc)
        r, doc, _ = self.s.post("check", {"puzzle": "." * 81, "constraints": cage})
        self.assertEqual(doc["status"], "multiple", doc)
        self.assertNotIn("violations", doc)
        # a pair rule names its two cells; a global rule has none of its own
        r, doc, _ = self.s.post("check", {"puzzle": "..1" + "." * 10 + "1" + "." * 67,
                                          "constraints": [{"kind": "anti-knight"}]})
        self.assertEqual(doc["violations"][0]["cells"], ["r1c3", "r2c5"], doc)
        # a variant text's shape (a jigsaw here) is the shape searched: as doku count counts
        jig = "size 4\nregions 1122112233443344\ncage 3 r1c1 r1c2\n"
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write(jig)
        try:
            count = int(subprocess.run([DOKU, "count", f.name], capture_output=True, text=True).stdout)
        finally:
            os.unlink(f.name)
        r, doc, _ = self.s.post("count", {"puzzle": jig})
        self.assertEqual((r.status, doc["shape"], doc["count"]), (200, "4x4, no boxes+jigsaw", count), doc)
        # a variant text without constraints is a puzzle as any other: the logic endpoints take it
        r, doc, _ = self.s.post("hint", {"puzzle": "size 4\ngivens 1.3.3.1.2.4.4.2.\n"})
        self.assertEqual(r.status, 200, doc)
        # a classic puzzle's record is as it was: no constraints member
        r, doc, _ = self.s.post("solve", {"puzzle": EASY, "constraints": []})
        self.assertEqual(strip(doc), cli_record("solve", EASY))

    def test_variant_links(self):
        """A killer as an f-puzzles and a SudokuPad link solves as its ISS
        string does; a cage that cannot hold is named with its JSON field
        and cells; a short SudokuPad link is a 400."""
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write(KILLER_ISS + "\n")
        try:
            links = [subprocess.run([DOKU, "convert", "--to", to, f.name], capture_output=True,
                                    text=True).stdout.strip() for to in ("fpuzzles", "sudokupad")]
        finally:
            os.unlink(f.name)
        r, want, _ = self.s.post("solve", {"puzzle": KILLER_ISS})
        for link in links:
            r, doc, _ = self.s.post("solve", {"puzzle": link})
            self.assertEqual((r.status, doc["status"], doc["solution"]), (200, "unique", want["solution"]), doc)
            self.assertEqual(len(doc["constraints"]), 13)
        bad = {"size": 9, "grid": [[{}] * 9] * 9,
               "killercage": [{"cells": ["R1C1", "R1C2"], "value": "50"}]}
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(bad, f)
        try:
            link = subprocess.run([DOKU, "convert", "--to", "fpuzzles", f.name], capture_output=True,
                                  text=True)
        finally:
            os.unlink(f.name)
        self.assertEqual(link.returncode, 2)  # doku itself refuses to convert it
        self.assertIn("killercage[0]: killer cage 50 at r1c1 r1c2", link.stderr)
        # a short SudokuPad link keeps its puzzle on SudokuPad's server
        r, doc, _ = self.s.post("solve", {"puzzle": "https://sudokupad.app/someone/killer-1"})
        self.error(r, doc, 400, "bad_puzzle", "puzzle line 1 column 1")
        self.assertIn("kept on SudokuPad's server", doc["error"]["message"])

    def test_variant_constraints_refused(self):
        cases = [
            ({"kind": "cage", "cells": ["r1c1", "r1c2"], "params": [50]}, "constraints[0]",
             "killer cage 50 at r1c1 r1c2: no 2 distinct digits of 1-9 sum to 50"),
            ({"kind": "lunchbox", "cells": []}, "constraints[0].kind", "the constraint 'lunchbox' is not supported by doku"),
            ({"kind": "thermo", "cells": ["r1c1", "r10c1"]}, "constraints[0].cells[1]", "must be a cell r1c1 to r9c9"),
            ({"kind": "thermo", "cells": ["r1c1", "r3c1"]}, "constraints[0]", "thermometer"),
            ({"kind": "cage", "cells": ["r1c1"], "params": ["15"]}, "constraints[0].params[0]", "whole number"),
            ("cage", "constraints[0]", "must be an object"),
        ]
        for c, where, words in cases:
            r, doc, _ = self.s.post("solve", {"puzzle": "." * 81, "constraints": [c]})
            self.error(r, doc, 400, "bad_field", where)
            self.assertIn(words, doc["error"]["message"])
        r, doc, _ = self.s.post("solve", {"puzzle": "." * 81, "constraints": "cage 15 r1c1"})
        self.error(r, doc, 400, "bad_field", "constraints")
        r, doc, _ = self.s.post("solve", {"puzzle": "size 9\ncage 50 r1c1 r1c2\n"})
        self.error(r, doc, 400, "bad_puzzle", "puzzle")
        self.assertIn("line 2: killer cage 50 at r1c1 r1c2", doc["error"]["message"])
        r, doc, _ = self.s.post("solve", {"puzzle": KILLER_ISS, "box": "3x3"})
        self.error(r, doc, 400, "bad_shape", "box")
        r, doc, _ = self.s.post("solve", {"puzzle": "." * 256, "constraints": [{"kind": "anti-knight"}]})
        self.assertEqual(r.status, 200, doc)   # 16x16 takes constraints
        # what does not take constraints says so, never ignores them
        r, doc, _ = self.s.post("reduce", {"puzzle": EASY, "constraints": KILLER_CAGES[:1],
                                           "qqwing_level": "easy"})
        self.error(r, doc, 422, "constraints_unsupported", "qqwing_level")
        self.assertIn("no meaning under variant constraints", doc["error"]["message"])
        r, doc, _ = self.s.post("generate", {"constraints": KILLER_CAGES[:1], "qqwing_level": "easy"})
        self.error(r, doc, 422, "constraints_unsupported", "qqwing_level")
        self.assertIn("no meaning under variant constraints", doc["error"]["message"])
        r, doc, _ = self.s.post("generate", {"constraints": KILLER_CAGES[:1], "variants": "killer"})
        self.error(r, doc, 400, "bad_field", "constraints")

    def test_reduce_variant_to_a_difficulty(self):
        # HS_KILLERS#1 (X) from its solution: with no givens it is extreme
        # on doku's scale, with a few it is easier; "medium" is found in
        # between, unique, and /api/grade rates what came back the same.
        # Counts decide (search nodes, logic work), not the clock, so seed 3
        # gives this puzzle on every machine; the ratings take about a
        # second of CPU each, more than the shared server's 3 s gives on
        # a loaded machine: a server of its own, with 60 s
        solution = "872314695615972843394586721569241387487635219231897564146758932723469158958123476"
        body = {"puzzle": solution, "variants": "x", "constraints": KILLER_CAGES, "seed": 3,
                "difficulty": "medium", "timeout": 60 * SLOW}
        big = Server("--threads", "1", "--timeout", str(60 * SLOW))
        try:
            r, doc, _ = big.post("reduce", body, conn=big.conn(120 * SLOW))
        finally:
            big.stop()
        self.assertEqual((r.status, doc["status"]), (200, "reduced"), doc)
        # the puzzle `doku reduce --difficulty medium --seed 3` makes too
        self.assertEqual((doc["givens"], doc["reduced"]), (2, ".7.......................2......................................................."), doc)
        self.assertEqual((doc["scale"], doc["difficulty"]), ("doku", "medium"), doc)
        left = doc["reduced"]
        self.assertEqual(sum(ch != "." for ch in left), doc["givens"])
        self.assertTrue(all(ch in (".", s) for ch, s in zip(left, solution)), doc)
        r, count, _ = self.s.post("count", {"puzzle": left, "variants": "x", "constraints": KILLER_CAGES,
                                            "limit": 2})
        self.assertEqual(count["count"], 1, count)
        r, grade, _ = self.s.post("grade", {"puzzle": left, "variants": "x", "constraints": KILLER_CAGES})
        self.assertEqual((grade["scale"], grade["difficulty"], grade["er"]), ("doku", "medium", doc["rating"]),
                         grade)
        # a difficulty no reduction reaches: the last one, said so, rated
        # ISS's easy killer has no givens to keep and is easy with none
        r, doc, _ = self.s.post("reduce", {"puzzle": KILLER_EASY, "difficulty": "hard", "timeout": 5})
        self.assertEqual((r.status, doc["status"]), (200, "outside_rating"), doc)
        self.assertEqual((doc["scale"], doc["difficulty"], doc["givens"]), ("doku", "easy", 0), doc)
        self.assertIn("rated hard on doku's own scale", doc["error"])

    def test_generate_for_constraints_rated(self):
        # the killer's cages without its diagonals: givens chosen for them,
        # rated on doku's own scale as asked; /api/count says unique and
        # /api/grade rates the puzzle the same
        cases = [({"difficulty": "medium"}, "medium"), ({"difficulty": "hard"}, "hard"),
                 ({"rating": "2.0-2.5"}, "easy"), ({"require": "cage-combination"}, None)]
        made = {}
        for extra, want in cases:
            body = dict({"constraints": KILLER_CAGES, "seed": 4, "timeout": 20}, **extra)
            r, doc, _ = self.s.post("generate", body)
            self.assertEqual(r.status, 200, (extra, doc))
            made[want] = doc["puzzle"]
            self.assertEqual(doc["scale"], "doku", doc)
            self.assertEqual(len(doc["constraints"]), 13, doc)
            r, count, _ = self.s.post("count", {"puzzle": doc["puzzle"], "constraints": KILLER_CAGES, "limit": 2})
            self.assertEqual(count["count"], 1, (extra, count))
            r, grade, _ = self.s.post("grade", {"puzzle": doc["puzzle"], "constraints": KILLER_CAGES})
            self.assertEqual((grade["scale"], grade["er"], grade["difficulty"]),
                             ("doku", doc["rating"], doc["difficulty"]), (extra, grade))
            if want:
                self.assertEqual(doc["difficulty"], want, (extra, doc))
            if "rating" in extra:
                self.assertTrue(2.0 <= doc["rating"] <= 2.5, doc)
            if "require" in extra:
                self.assertGreater(grade["techniques"].get("cage-combination", 0), 0, grade)
        # `doku generate --constraints` chooses the same givens for the seed
        # (common/variant_givens.c, counted: the same on every machine)
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "cages.txt")
            with open(path, "w") as f:
                f.write("".join("cage %d %s\n" % (c["params"][0], " ".join(c["cells"]))
                                for c in KILLER_CAGES))
            out = subprocess.run([DOKU, "generate", "--constraints", path, "--seed", "4",
                                  "--difficulty", "medium", "-q"], capture_output=True, text=True,
                                 timeout=120 * SLOW).stdout
        self.assertEqual([l.split(" ", 1)[1] for l in out.splitlines() if l.startswith("givens ")],
                         [made["medium"]], out)
        # "full": a full grid under the constraints (one solution: itself)
        r, doc, _ = self.s.post("generate", {"constraints": KILLER_CAGES, "seed": 4, "full": True})
        self.assertEqual((r.status, doc["givens"]), (200, 81), doc)
        self.assertNotIn(".", doc["puzzle"])
        r, count, _ = self.s.post("count", {"puzzle": doc["puzzle"], "constraints": KILLER_CAGES, "limit": 2})
        self.assertEqual(count["count"], 1, count)
        # a difficulty the constraints cannot give: said so, within the
        # budget (ISS's easy killer is unique and easy by its cages alone;
        # givens only make it easier)
        easy = [{"kind": "cage", "cells": ["r" + c.lower() for c in m[1].split("~")[1:]],
                 "params": [int(m[0])]} for m in re.findall(r"Cage~(\d+)((?:~R\d+C\d+)+)", KILLER_EASY)]
        r, doc, _ = self.s.post("generate", {"constraints": easy, "seed": 4, "difficulty": "hard",
                                             "timeout": 5})
        self.assertEqual((r.status, doc["status"]), (200, "gave_up"), doc)
        self.assertIn("rated hard on doku's own scale", doc["error"])

    def test_reduce_variant(self):
        # the killer's solution as givens, reduced under its cages and
        # diagonals: what is left has one solution under them (doku count
        # says so), fewer givens than a classic puzzle could have, and the
        # record carries the constraints
        solution = "872314695615972843394586721569241387487635219231897564146758932723469158958123476"
        body = {"puzzle": solution, "variants": "x", "constraints": KILLER_CAGES, "seed": 5}
        r, doc, _ = self.s.post("reduce", body)
        self.assertEqual((r.status, doc["status"]), (200, "reduced"), doc)
        self.assertEqual(len(doc["constraints"]), 13, doc)
        self.assertTrue(doc["minimal"], doc)
        left = doc["reduced"]
        self.assertEqual(doc["givens"], 0, doc)   # this killer needs no givens
        self.assertEqual(sum(ch != "." for ch in left), doc["givens"])
        self.assertTrue(all(ch in (".", s) for ch, s in zip(left, solution)), doc)
        r, doc, _ = self.s.post("count", {"puzzle": left, "variants": "x", "constraints": KILLER_CAGES, "limit": 2})
        self.assertEqual(doc["count"], 1, doc)
        # the same seed, the same result; a target stops early; symmetric orbits go together
        r, again, _ = self.s.post("reduce", body)
        self.assertEqual(again["reduced"], left)
        r, doc, _ = self.s.post("reduce", dict(body, clues=40, symmetry="rot180"))
        self.assertEqual((doc["status"], doc["givens"], doc["symmetry"]), ("reduced", 40, "rot180"), doc)
        g = doc["reduced"]
        self.assertTrue(all((g[i] == ".") == (g[80 - i] == ".") for i in range(81)), g)
        # a thermo puzzle keeps some givens, fewer than it had, one solution
        thermo = [{"kind": "thermo", "cells": ["r1c1", "r1c2", "r2c2"]},
                  {"kind": "cage", "cells": ["r3c1", "r4c1"], "params": [6]}]
        r, doc, _ = self.s.post("reduce", {"puzzle": "1234341221434321", "constraints": thermo, "seed": 2})
        self.assertEqual(doc["status"], "reduced", doc)
        self.assertTrue(0 < doc["givens"] < 16, doc)
        r, count, _ = self.s.post("count", {"puzzle": doc["reduced"], "constraints": thermo, "limit": 2})
        self.assertEqual(count["count"], 1, (doc, count))
        # a grid the constraints do not solve once is named
        r, doc, _ = self.s.post("reduce", {"puzzle": "." * 81, "constraints": KILLER_CAGES})
        self.assertEqual(doc["status"], "not_unique", doc)
        wrong = "12" + solution[2:]
        r, doc, _ = self.s.post("reduce", {"puzzle": wrong, "variants": "x", "constraints": KILLER_CAGES})
        self.assertEqual(doc["status"], "invalid", doc)

    def test_generate_givens_for_constraints(self):
        # a setter's cages without givens: generate chooses givens that
        # leave one solution under them, by the seed, count and symmetry
        body = {"constraints": KILLER_CAGES, "seed": 4, "symmetry": "rot180"}
        r, doc, _ = self.s.post("generate", body)
        self.assertEqual(r.status, 200, doc)
        self.assertEqual((doc["symmetry"], len(doc["constraints"])), ("rot180", 13), doc)
        g = doc["puzzle"]
        self.assertEqual(sum(ch != "." for ch in g), doc["givens"])
        self.assertTrue(all((g[i] == ".") == (g[80 - i] == ".") for i in range(81)), g)
        self.assertTrue(all(ch in (".", s) for ch, s in zip(g, doc["solution"])), doc)
        r, count, _ = self.s.post("count", {"puzzle": g, "constraints": KILLER_CAGES, "limit": 2})
        self.assertEqual(count["count"], 1, count)
        r, again, _ = self.s.post("generate", body)
        self.assertEqual(again["puzzle"], g)   # the seed decides
        r, doc, _ = self.s.post("generate", dict(body, clues=30, symmetry="none"))
        self.assertEqual(doc["givens"], 30, doc)
        # constraints no grid can meet are named, not a hang
        clash = [{"kind": "cage", "cells": ["r1c1", "r1c2"], "params": [3]},
                 {"kind": "cage", "cells": ["r1c1", "r2c1"], "params": [3]},
                 {"kind": "cage", "cells": ["r2c1", "r1c2"], "params": [3]}]
        r, doc, _ = self.s.post("generate", {"size": 4, "constraints": clash})
        self.error(r, doc, 422, "no_solution", "constraints")

    def test_generate_constraint_sets(self):
        """"variants": "killer" (or thermo...) makes puzzle 1 of the seed as
        `doku generate --killer --seed S` makes it, with its constraints."""
        for variants, args in (("killer", ["--killer"]), ("x,thermo", ["--variant", "x,thermo"])):
            r, doc, _ = self.s.post("generate", {"variants": variants, "seed": 5, "timeout": 10 * SLOW})
            self.assertEqual(r.status, 200, doc)
            cli = subprocess.run([DOKU, "generate", *args, "--seed", "5"], capture_output=True, text=True,
                                 timeout=120).stdout.splitlines()
            mine = [" ".join([c["kind"], *map(str, c["params"]), *c["cells"]]) for c in doc["constraints"]]
            theirs = [x for x in cli if x.split(" ")[0] not in ("#", "size", "variant", "givens", "solution")]
            self.assertEqual(mine, theirs, variants)
            self.assertEqual((doc["index"], doc["master_seed"], doc["set"]), (1, "5", variants.split(",")[-1]))
            # the puzzle solves to its solution under its constraints
            shape = {"variants": "x"} if variants.startswith("x") else {}
            r, solved, _ = self.s.post("solve", {"puzzle": doc["puzzle"], "constraints": doc["constraints"], **shape})
            self.assertEqual(solved["status"], "unique", solved)
            self.assertEqual("".join(str(d) for row in solved["solution"] for d in row), doc["solution"])
        r, doc, _ = self.s.post("generate", {"variants": "killer", "cage_size": "2-3", "seed": 1})
        self.assertTrue(all(2 <= len(c["cells"]) <= 3 for c in doc["constraints"]), doc)
        r, doc, _ = self.s.post("generate", {"variants": "killer", "symmetry": "rot180"})
        self.error(r, doc, 400, "bad_field", "symmetry")
        # a difficulty on doku's own scale: the killer `doku generate
        # --killer --difficulty medium` makes, graded medium under its cages
        r, doc, _ = self.s.post("generate", {"variants": "killer", "difficulty": "medium", "seed": 3,
                                             "timeout": 20 * SLOW})
        self.assertEqual((r.status, doc["difficulty"], doc["scale"]), (200, "medium", "doku"), doc)
        cli = subprocess.run([DOKU, "generate", "--killer", "--difficulty", "medium", "--seed", "3",
                              "--timeout", str(20 * SLOW)], capture_output=True, text=True, timeout=120).stdout
        mine = [" ".join(["cage", *map(str, c["params"]), *c["cells"]]) for c in doc["constraints"]]
        self.assertEqual(mine, [x for x in cli.splitlines() if x.startswith("cage ")])
        r, grade, _ = self.s.post("grade", {"puzzle": doc["puzzle"], "constraints": doc["constraints"]})
        self.assertEqual((grade["scale"], grade["difficulty"]), ("doku", "medium"), grade)
        r, doc, _ = self.s.post("generate", {"variants": "killer", "qqwing_level": "easy"})
        self.error(r, doc, 400, "bad_field", "qqwing_level")
        r, doc, _ = self.s.post("generate", {"cage_size": "2-3"})
        self.error(r, doc, 400, "bad_field", "cage_size")
        r, doc, _ = self.s.post("solve", {"puzzle": EASY, "variants": "killer"})
        self.error(r, doc, 400, "bad_field", "variants")   # a set is for generate

    def test_logic_endpoints(self):
        for name in ("hint", "explain", "grade"):
            r, doc, _ = self.s.post(name, {"puzzle": EASY})
            self.assertEqual(r.status, 200, doc)
            self.assertEqual(strip(doc), cli_record(name, EASY), name)
        r, doc, _ = self.s.post("hint", {"puzzle": EASY})
        self.assertEqual(doc["step"]["placements"], [{"cell": "r1c6", "digit": 8}])
        r, doc, _ = self.s.post("grade", {"puzzle": EASY, "techniques": "singles"})
        self.assertEqual(strip(doc), cli_record("grade", EASY, "--techniques", "singles"))

    def test_logic_endpoints_on_variants(self):
        # the logic engine on a variant puzzle: the CLI's record, on doku's own scale
        for name in ("hint", "explain", "grade"):
            r, doc, _ = self.s.post(name, {"puzzle": KILLER_EASY})
            self.assertEqual(r.status, 200, doc)
            self.assertEqual(doc["scale"], "doku", name)
            self.assertEqual(strip(doc), cli_record(name, KILLER_EASY), name)
        r, doc, _ = self.s.post("hint", {"puzzle": KILLER_EASY})
        self.assertTrue(doc["step"]["text"].startswith("cage r1c1,r1c2 (sum 3): only {1,2} fits"), doc)
        # the same cages as a "constraints" field on a classic grid
        r, doc, _ = self.s.post("hint", {"puzzle": "." * 81, "constraints": KILLER_CAGES})
        self.assertEqual((r.status, doc["status"]), (200, "multiple"), doc)
        # givens that break a constraint are named
        r, doc, _ = self.s.post("grade", {"puzzle": "1" + "." * 80,
                                          "constraints": [{"kind": "cage", "cells": ["r1c1", "r1c2"],
                                                           "params": [3]}, {"kind": "odd", "cells": ["r1c1"]},
                                                          {"kind": "even", "cells": ["r1c1"]}]})
        self.error(r, doc, 422, "conflict", "puzzle")

    def test_logic_verdict_before_the_run(self):
        # explain and grade count the solutions first, as the CLI does: a
        # puzzle of 20 givens with many solutions, and one with a wrong
        # given that clashes with nothing (no solution), get their verdict
        # at once, never a run until the budget is spent ("gave_up") or
        # a "stuck" that blames logic
        few = EASY[:63] + "0" * 18
        self.assertEqual(sum(c != "0" for c in few), 20)
        wrong = HARD[:24] + "7" + HARD[25:]   # r3c7: 7 clashes with no given
        for name in ("explain", "grade"):
            for puzzle, status in ((few, "multiple"), (wrong, "none")):
                r, doc, _ = self.s.post(name, {"puzzle": puzzle})
                self.assertEqual(r.status, 200, doc)
                self.assertEqual(doc["status"], status, (name, doc))
                self.assertNotIn("steps", doc)
                self.assertNotIn("er", doc)
                self.assertEqual(strip(doc), cli_record(name, puzzle), name)
            # a budget of a millisecond is the logic run's: the count before
            # it still gets its quarter second, so the verdict is the same
            r, doc, _ = self.s.post(name, {"puzzle": few, "timeout": 0.001})
            self.assertEqual(doc["status"], "multiple", (name, doc))
        # hint too: no step of a grid without one solution; "none" names
        # the wrong cell, word for word as `doku hint` does
        for puzzle, status in ((few, "multiple"), (wrong, "none")):
            r, doc, _ = self.s.post("hint", {"puzzle": puzzle})
            self.assertEqual((r.status, doc["status"]), (200, status), doc)
            self.assertNotIn("step", doc)
            self.assertEqual(strip(doc), cli_record("hint", puzzle))
        r, doc, _ = self.s.post("hint", {"puzzle": wrong})
        self.assertIn("r3c7", doc["message"])

    def test_check_names_the_wrong_entry(self):
        # a grid with no solution and no duplicate: the cell that mends it
        # (another digit there gives one solution) is named and listed in
        # "suspects", as `doku check` does
        wrong = HARD[:24] + "7" + HARD[25:]   # r3c7: 7 clashes with no given
        r, doc, _ = self.s.post("check", {"puzzle": wrong})
        self.assertEqual(r.status, 200, doc)
        self.assertEqual(doc["status"], "none")
        # r3c7 mends it emptied, r5c5 with another digit: both are named
        self.assertEqual(doc["suspects"], ["r3c7", "r5c5"])
        self.assertEqual(doc["message"], "a filled cell is wrong: with another digit in any one of "
                                         "r3c7 or r5c5 the grid has one solution")
        self.assertEqual(strip(doc), cli_record("check", wrong))
        # the solved grid has nothing to blame
        r, doc, _ = self.s.post("check", {"puzzle": HARD})
        self.assertNotIn("suspects", doc)

    def test_check_names_the_wrong_entry_of_a_variant(self):
        # a killer with one wrong entry (r5c5 holds 1, the solution 3): no
        # cage or unit is broken, no solution follows; check and hint name
        # the cell searched under the cages and the diagonals
        solution = "872314695615972843394586721569241387487635219231897564146758932723469158958123476"
        grid = list("." * 81)
        grid[0], grid[40], grid[80] = solution[0], "1", solution[80]
        body = {"puzzle": "".join(grid), "variants": "x", "constraints": KILLER_CAGES}
        r, doc, _ = self.s.post("check", body)
        self.assertEqual((r.status, doc["status"], doc.get("suspects")), (200, "none", ["r5c5"]), doc)
        self.assertEqual(doc["message"], "r5c5 holds 1, which no solution has; with 3 there the grid has one solution")
        r, doc, _ = self.s.post("hint", body)
        self.assertEqual((r.status, doc["status"], doc["message"]),
                         (200, "none", "r5c5 holds 1, which no solution has; with 3 there the grid has one solution"), doc)
        # the right digit there: a grid with its one solution blames nothing
        grid[40] = solution[40]
        r, doc, _ = self.s.post("check", dict(body, puzzle="".join(grid)))
        self.assertEqual(doc["status"], "unique", doc)
        self.assertNotIn("suspects", doc)

    def test_grade_without_steps_names_no_hardest(self):
        # a full grid takes no step: no hardest step (null), as the CLI says
        r, doc, _ = self.s.post("grade", {"puzzle": SOLUTION})
        self.assertEqual(r.status, 200, doc)
        self.assertTrue(doc["solved"])
        self.assertEqual(doc["techniques"], {})
        self.assertIsNone(doc["hardest"])
        self.assertEqual(strip(doc), cli_record("grade", SOLUTION))

    def test_hint_pencil(self):
        rows = []
        for r in range(9):
            rows.append(" ".join(EASY[r * 9 + c] if EASY[r * 9 + c] != "0" else "123456789"
                                 for c in range(9)))
        r, doc, _ = self.s.post("hint", {"pencil": "\n".join(rows)})
        self.assertEqual(r.status, 200, doc)
        self.assertIn("step", doc)
        r, doc, _ = self.s.post("hint", {"pencil": "1 2 3"})
        self.error(r, doc, 400, "bad_puzzle", "pencil")

    def test_hint_pencil_on_variants(self):
        # a killer's pencil marks: the player has already written {1,2} in
        # the 3-cage r1c1,r1c2 (the first hint without marks), so the next
        # step is another one, true against the solution, and it takes
        # away only marks that are there
        r, doc, _ = self.s.post("solve", {"puzzle": KILLER_EASY})
        self.assertEqual(doc["status"], "unique", doc)
        sol = "".join(str(d) for row in doc["solution"] for d in row)
        marks = ["123456789"] * 81
        marks[0] = marks[1] = "12"
        marks[79] = marks[80] = "89"   # and {8,9} in the 17-cage r9c8,r9c9
        r, doc, _ = self.s.post("hint", {"puzzle": KILLER_EASY, "pencil": " ".join(marks)})
        self.assertEqual(r.status, 200, doc)
        self.assertEqual(doc["scale"], "doku", doc)
        step = doc["step"]
        self.assertIsNotNone(step, doc)
        self.assertFalse(step["text"].startswith("cage r1c1,r1c2 (sum 3)"), step)
        self.assertTrue(step["placements"] or step["eliminations"], step)

        def index(cell):
            m = re.fullmatch(r"r(\d+)c(\d+)", cell)
            return (int(m.group(1)) - 1) * 9 + int(m.group(2)) - 1
        for e in step["eliminations"]:
            i = index(e["cell"])
            self.assertNotEqual(int(sol[i]), e["digit"], step)     # never the answer
            self.assertIn(str(e["digit"]), marks[i], step)          # only a mark that is there
        for pl in step["placements"]:
            self.assertEqual(int(sol[index(pl["cell"])]), pl["digit"], step)
        # the same cages as "constraints" with marks only: the cage's
        # own elimination comes first, naming it
        cages = [{"kind": "cage", "cells": ["r1c1", "r1c2"], "params": [3]}]
        r, doc, _ = self.s.post("hint", {"pencil": " ".join(["123456789"] * 81), "constraints": cages})
        self.assertEqual((r.status, doc["status"]), (200, "multiple"), doc)
        # a filled cell no solution under the cage has is named
        filled = ["123456789"] * 81
        filled[0] = "9"
        r, doc, _ = self.s.post("hint", {"pencil": " ".join(filled), "constraints": cages})
        self.assertEqual((r.status, doc["status"]), (200, "none"), doc)
        self.assertIn("r1c1 holds 9, which no solution has", doc["message"])
        # a "puzzle" beside the marks: its givens must be filled there too
        r, doc, _ = self.s.post("hint", {"puzzle": EASY, "pencil": " ".join(["123456789"] * 81)})
        self.error(r, doc, 400, "bad_puzzle", "pencil")
        self.assertIn("r1c1: the puzzle gives 5 there", doc["error"]["message"])

    def test_other_shapes(self):
        r, doc, _ = self.s.post("solve", {"puzzle": HEX16})
        self.assertEqual(strip(doc), cli_record("solve", HEX16))
        self.assertEqual(doc["n"], 16)
        r, doc, _ = self.s.post("solve", {"puzzle": JIGSAW, "regions": JIGSAW_MAP, "keep_boxes": True})
        self.assertEqual(doc["status"], "unique", doc)
        mapfile = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "jigsaw9.regions")
        self.assertEqual(strip(doc), cli_record("solve", JIGSAW, "--regions", mapfile, "--keep-boxes"))
        r, doc, _ = self.s.post("solve", {"puzzle": [[int(EASY[r * 9 + c]) for c in range(9)] for r in range(9)]})
        self.assertEqual(doc["status"], "unique")
        r, doc, _ = self.s.post("solve", {"puzzle": "." * 36, "box": "2x3", "variants": ["x"], "limit": 1})
        self.assertEqual(doc["status"], "solved", doc)
        r, doc, _ = self.s.post("check", {"puzzle": "1..4\n....\n....\n...."})
        self.assertEqual(doc["n"], 4)

    def test_generate_and_reduce(self):
        body = {"seed": 7, "symmetry": "rot180", "difficulty": "easy"}
        r, a, _ = self.s.post("generate", body)
        self.assertEqual(r.status, 200, a)
        r, b, _ = self.s.post("generate", body)
        self.assertEqual(a, b)             # same seed, same puzzle
        cli = subprocess.run([DOKU, "generate", "--seed", "7", "--symmetry", "rot180",
                              "--difficulty", "easy", "--format", "json", "-q"],
                             capture_output=True, text=True, timeout=60).stdout
        self.assertEqual(a, json.loads(cli))
        r, doc, _ = self.s.post("check", {"puzzle": a["puzzle"]})
        self.assertEqual(doc["status"], "unique")
        r, doc, _ = self.s.post("generate", {"size": 4, "seed": 1})
        self.assertEqual(doc["n"], 4)
        r, doc, _ = self.s.post("reduce", {"puzzle": SOLUTION, "seed": 3, "clues": 30})
        self.assertEqual(r.status, 200, doc)
        self.assertEqual(doc["status"], "reduced")
        self.assertEqual(doc["givens"], 30)

    def test_parse_messages_match_cli(self):
        """A bad value gets the library's message (doku_parse_*) from the server
        and from the CLI alike: 'field "F": MSG' and 'doku CMD: --opt: MSG'."""
        cases = [  # endpoint, field, value, CLI command and option
            ("generate", "rating", "3.5-x", "generate", "--rating"),
            ("generate", "rating", "nan", "generate", "--rating"),
            ("generate", "rating", "4-2", "generate", "--rating"),
            ("generate", "clues", "90", "generate", "--clues"),
            ("generate", "clues", "30-20", "generate", "--clues"),
            ("generate", "symmetry", "spiral", "generate", "--symmetry"),
            ("generate", "difficulty", "hardest", "generate", "--difficulty"),
            ("generate", "qqwing_level", "hard", "generate", "--qqwing-level"),
            ("generate", "box", "2y3", "generate", "--box"),
            ("generate", "variants", "x,,hyper", "generate", "--variant"),
            ("generate", "symbols", "hex", "generate", "--symbols"),
            ("generate", "require", "bogus", "generate", "--require"),
            ("generate", "require", "w-wing", "generate", "--require"),
            ("grade", "techniques", "singles,bogus", "grade", "--techniques"),
        ]
        for endpoint, field, value, cmd, opt in cases:
            body = {field: value}
            if endpoint == "grade":
                body["puzzle"] = EASY
            r, doc, _ = self.s.post(endpoint, body)
            self.error(r, doc, 400, "bad_field", field)
            cli = subprocess.run([DOKU, cmd, opt, value], capture_output=True, text=True,
                                 stdin=subprocess.DEVNULL, timeout=60)
            self.assertEqual(cli.returncode, 2, cli.stderr)
            prefix = "doku %s: %s: " % (cmd, opt)
            first = cli.stderr.splitlines()[0]
            self.assertTrue(first.startswith(prefix), first)
            self.assertEqual(doc["error"]["message"], 'field "%s": %s' % (field, first[len(prefix):]))

    def test_regions_parsed_as_the_cli_parses_them(self):
        # '#' comments and frame lines, as --regions FILE takes them
        framed = "# a jigsaw\n+---------+\n" + "\n".join(
            JIGSAW_MAP[r * 9:r * 9 + 9] for r in range(9)) + "\n+---------+\n"
        r, doc, _ = self.s.post("solve", {"puzzle": JIGSAW, "regions": framed, "keep_boxes": True})
        self.assertEqual(r.status, 200, doc)
        self.assertEqual(doc["status"], "unique", doc)
        # a bad map: the same message, placed by line and column
        bad = framed.replace("0011", "0111", 1)
        r, doc, _ = self.s.post("solve", {"puzzle": JIGSAW, "regions": bad})
        self.error(r, doc, 400, "bad_field", "regions")
        with tempfile.NamedTemporaryFile("w", suffix=".regions", delete=False) as f:
            f.write(bad)
        try:
            cli = subprocess.run([DOKU, "solve", "--regions", f.name], capture_output=True,
                                 text=True, stdin=subprocess.DEVNULL, timeout=60)
        finally:
            os.unlink(f.name)
        m = re.match(r"doku solve: --regions [^:]+:(\d+):(\d+): (.*)$", cli.stderr.splitlines()[0])
        self.assertTrue(m, cli.stderr)
        self.assertEqual(doc["error"]["message"],
                         'field "regions" line %s column %s: %s' % m.groups())

    def test_page_menu_names_round_trip(self):
        """The page's Difficulty menu offers exactly the vocabulary, and a puzzle
        generated with a name is graded back with that name."""
        r, _, raw = self.s.request("GET", "/")
        self.assertEqual(r.status, 200)
        menu = re.search(rb'<select id="gen-difficulty">(.*?)</select>', raw, re.S)
        self.assertTrue(menu)
        names = [v.decode() for v in re.findall(rb'<option value="([^"]*)"', menu.group(1))]
        self.assertEqual(names, ["", "easy", "medium", "hard", "unfair", "extreme"])
        for name in names[1:]:
            r, gen, _ = self.s.post("generate", {"seed": 5, "difficulty": name, "timeout": 60})
            self.assertEqual(r.status, 200, gen)
            self.assertEqual(gen.get("difficulty"), name, gen)
            r, grade, _ = self.s.post("grade", {"puzzle": gen["puzzle"]})
            self.assertEqual(grade["difficulty"], name, grade)

    def test_old_spelling_gets_a_note(self):
        # qqwing's level given as a difficulty: accepted, with a note (stderr in the CLI)
        r, doc, _ = self.s.post("generate", {"seed": 7, "difficulty": "simple"})
        self.assertEqual(r.status, 200, doc)
        self.assertIn("qqwing", doc["note"])
        self.assertEqual(doc["qqwing_level"], "simple")
        cli = subprocess.run([DOKU, "generate", "--seed", "7", "--difficulty", "simple",
                              "--format", "json", "-q"], capture_output=True, text=True, timeout=60)
        rec = json.loads(cli.stdout)
        note = doc.pop("note")
        self.assertTrue(note.startswith('field "difficulty": '), note)
        self.assertIn("note: --difficulty: " + note[len('field "difficulty": '):], cli.stderr)
        self.assertEqual(doc, rec)

    def test_info(self):
        r, doc, _ = self.s.request("GET", "/api/health")
        self.assertEqual((r.status, doc["status"]), (200, "ok"))
        r, doc, _ = self.s.request("GET", "/api/version")
        self.assertEqual(doc["version"], subprocess.run([DOKU, "--version"], capture_output=True,
                                                        text=True).stdout.split()[1])
        r, doc, _ = self.s.request("GET", "/api/techniques")
        keys = [t["key"] for t in doc["techniques"]]
        self.assertIn("hidden-single", keys)
        self.assertIn("x-wing", keys)

    # ---- the page and the headers ----------------------------------------
    def test_static_and_headers(self):
        r, _, raw = self.s.request("GET", "/")
        self.assertEqual(r.status, 200)
        self.assertTrue(raw.startswith(b"<!doctype html>"))
        self.assertIn("default-src 'self'", r.getheader("Content-Security-Policy"))
        self.assertEqual(r.getheader("X-Content-Type-Options"), "nosniff")
        self.assertIsNone(r.getheader("Access-Control-Allow-Origin"))
        r, _, raw = self.s.request("GET", "/js/main.js")
        self.assertTrue(r.getheader("Content-Type").startswith("text/javascript"))
        r, _, _ = self.s.request("HEAD", "/style.css")
        self.assertEqual(r.status, 200)
        r, doc, _ = self.s.request("GET", "/nothing-here")
        self.error(r, doc, 404, "not_found")
        r, doc, _ = self.s.request("GET", "/../../etc/passwd")
        self.assertIn(r.status, (400, 404))

    # ---- every error path --------------------------------------------------
    def test_bad_requests(self):
        r, doc, _ = self.s.request("POST", "/api/solve", "{", )
        self.error(r, doc, 400, "bad_json")
        r, doc, _ = self.s.request("POST", "/api/solve", '{"puzzle": "1"} extra')
        self.error(r, doc, 400, "bad_json")
        r, doc, _ = self.s.request("POST", "/api/solve", "[1,2]")
        self.error(r, doc, 400, "bad_json")
        r, doc, _ = self.s.request("POST", "/api/solve", "")
        self.error(r, doc, 400, "bad_json")
        r, doc, _ = self.s.request("POST", "/api/solve", b"\xff\xfe\x00garbage")
        self.error(r, doc, 400, "bad_json")
        r, doc, _ = self.s.post("solve", {})
        self.error(r, doc, 400, "missing_field", "puzzle")
        r, doc, _ = self.s.post("solve", {"puzzle": 5})
        self.error(r, doc, 400, "bad_field", "puzzle")
        r, doc, _ = self.s.post("solve", {"puzzle": EASY[:-1]})
        self.error(r, doc, 400, "bad_puzzle", "puzzle line 1 column 1")
        r, doc, _ = self.s.post("solve", {"puzzle": EASY + "\n" + EASY})
        self.error(r, doc, 400, "several_puzzles", "puzzle line 2")
        r, doc, _ = self.s.post("solve", {"puzzle": "#only a comment"})
        self.error(r, doc, 400, "bad_puzzle")
        for field, value in (("limit", "abc"), ("limit", 0), ("limit", 1.5), ("stats", 3),
                             ("box", 5), ("box", "3y3"), ("box", "99999999999999999999x3"),
                             ("box", "4611686018427387904x4"), ("variants", "diagonal"),
                             ("symbols", "hex"), ("timeout", -1), ("keep_boxes", "yes"),
                             ("regions", "12")):
            r, doc, _ = self.s.post("solve", {"puzzle": EASY, field: value})
            self.error(r, doc, 400, "bad_field", field)
        r, doc, _ = self.s.post("solve", {"puzzle": EASY, "box": "2x2"})
        self.error(r, doc, 400, "bad_shape", "box")
        r, doc, _ = self.s.post("solve", {"puzzle": EASY, "size": 16})
        self.error(r, doc, 400, "bad_puzzle", "puzzle line 1 column 1")
        r, doc, _ = self.s.post("solve", {"puzzle": [[1, 2], [3]]})
        self.error(r, doc, 400, "bad_puzzle", "puzzle[1]")
        r, doc, _ = self.s.post("solve", {"puzzle": [[0] * 4, [0] * 4, [0] * 4, [0, 0, 0, 9]]})
        self.error(r, doc, 400, "bad_puzzle", "r4c4")
        r, doc, _ = self.s.post("grade", {"puzzle": EASY, "techniques": "singles,bogus"})
        self.error(r, doc, 400, "bad_field", "techniques")
        r, doc, _ = self.s.post("explain", {"puzzle": TWO_FIVES})
        self.error(r, doc, 422, "conflict", "puzzle")
        r, doc, _ = self.s.post("generate", {"symmetry": "spiral"})
        self.error(r, doc, 400, "bad_field", "symmetry")
        r, doc, _ = self.s.post("generate", {"difficulty": "hardest"})
        self.error(r, doc, 400, "bad_field", "difficulty")
        # numbers past every integer type are refused, not wrapped or clamped
        for field, value in (("clues", "90"), ("clues", 1e300), ("clues", -1e300), ("clues", 30.5),
                             ("clues", "99999999999999999999-99999999999999999999"),
                             ("seed", "99999999999999999999999"), ("seed", 1e300)):
            r, doc, _ = self.s.post("generate", {field: value})
            self.error(r, doc, 400, "bad_field", field)

    def test_protocol_errors(self):
        r, doc, _ = self.s.request("POST", "/api/nothing", {})
        self.error(r, doc, 404, "not_found")
        r, doc, _ = self.s.request("GET", "/api/solve")
        self.error(r, doc, 405, "method_not_allowed")
        self.assertEqual(r.getheader("Allow"), "POST")
        r, doc, _ = self.s.request("DELETE", "/")
        self.error(r, doc, 405, "method_not_allowed")
        r, doc, _ = self.s.request("POST", "/api/solve", "puzzle=1", {"Content-Type": "application/x-www-form-urlencoded"})
        self.error(r, doc, 415, "unsupported_media_type")
        r, doc, _ = self.s.request("GET", "/api/health", headers={"Host": "evil.example:80"})
        self.error(r, doc, 403, "bad_host")
        r, doc, _ = self.s.request("GET", "/api/health", headers={"Host": "localhost:1"})
        self.assertEqual(r.status, 200)

    def test_oversize_bodies(self):
        big = json.dumps({"puzzle": EASY, "pad": "x" * 70000})
        r, doc, _ = self.s.request("POST", "/api/solve", big)
        self.error(r, doc, 413, "body_too_large")
        # a declared length far past the limit: refused before the body comes
        s = socket.create_connection(("127.0.0.1", self.s.port), timeout=10)
        s.sendall(b"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 100000000\r\n\r\n{")
        reply = recv_all(s)
        s.close()
        self.assertTrue(reply.startswith(b"HTTP/1.1 413"), reply[:200])
        # chunked, no length: read to its end (and dropped) past the limit, then refused
        s = socket.create_connection(("127.0.0.1", self.s.port), timeout=10)
        s.sendall(b"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  b"Transfer-Encoding: chunked\r\n\r\n")
        chunk = b"x" * 8192
        try:
            for _ in range(12):
                s.sendall(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
            s.sendall(b"0\r\n\r\n")
        except OSError:
            pass                           # the server may close after answering
        reply = recv_all(s)
        s.close()
        self.assertTrue(reply.startswith(b"HTTP/1.1 413"), reply[:200])
        # the server is fine afterwards
        r, doc, _ = self.s.post("solve", {"puzzle": EASY})
        self.assertEqual(r.status, 200)

    def test_garbage_and_slow_clients(self):
        # raw garbage instead of HTTP: an error status or a close, never a hang
        s = socket.create_connection(("127.0.0.1", self.s.port), timeout=10)
        s.sendall(b"\x00\x01\x02 NOT HTTP AT ALL\r\n\r\n")
        reply = recv_all(s)
        s.close()
        self.assertTrue(reply == b"" or reply.startswith(b"HTTP/1.1 4"), reply[:100])
        # a client that sends half its headers and stalls blocks no one
        slow = [socket.create_connection(("127.0.0.1", self.s.port), timeout=30) for _ in range(20)]
        for k in slow:
            k.sendall(b"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Le")
        # (were the server to wait for them, it would answer only once
        # their idle timeout closed them, and slow[0] below would fail)
        r, doc, _ = self.s.post("solve", {"puzzle": HARD})
        self.assertEqual(doc["status"], "unique")
        # a body trickled in over two seconds is still answered
        body = json.dumps({"puzzle": EASY}).encode()
        k = slow[0]
        k.sendall(b"ngth: %d\r\nContent-Type: application/json\r\n\r\n" % len(body))
        for i in range(0, len(body), 10):
            k.sendall(body[i:i + 10])
            time.sleep(0.2)
        reply = recv_all(k, until_json=True)
        self.assertTrue(reply.startswith(b"HTTP/1.1 200"), reply[:100])
        for k in slow:
            k.close()

    def test_budget_gives_up(self):
        t0 = time.monotonic()
        r, doc, _ = self.s.post("count", {"puzzle": "." * 256, "timeout": 0.3})
        self.assertEqual(r.status, 200)
        self.assertEqual(doc["status"], "gave_up")
        self.assertLess(time.monotonic() - t0, HANG)

    def test_concurrent_clients(self):
        results, errors = [], []

        def client():
            try:
                c = self.s.conn()
                for _ in range(10):
                    r, doc, _ = self.s.post("solve", {"puzzle": HARD}, conn=c)
                    results.append((r.status, doc["status"], doc["solution"][0][0]))
                c.close()
            except Exception as e:   # noqa: BLE001 - reported below
                errors.append(repr(e))

        threads = [threading.Thread(target=client) for _ in range(50)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        self.assertEqual(errors, [])
        self.assertEqual(len(results), 500)
        self.assertEqual(set(results), {(200, "unique", 1)})


FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures")
WORKBOOKS = os.path.join(FIXTURES, "workbooks")


def cli_convert(to, text=None, path=None, *args):
    """What `doku convert --to TO` writes for text (stdin) or the file at path."""
    cmd = [DOKU, "convert", "--to", to, *args] + ([os.path.basename(path)] if path else [])
    p = subprocess.run(cmd, input=text, capture_output=True, text=True, timeout=120,
                       cwd=os.path.dirname(path) if path else None)
    return p.stdout


def have(tool):
    return subprocess.run(["sh", "-c", "command -v " + tool], capture_output=True).returncode == 0


class Files(unittest.TestCase):
    """/api/open, /api/export and /api/print: the CLI's readers and writers."""
    MAX_UPLOAD = 200000

    @classmethod
    def setUpClass(cls):
        cls.s = Server("--threads", "2", "--timeout", str(3 * SLOW), "--max-body", "65536",
                       "--max-upload", str(cls.MAX_UPLOAD))

    @classmethod
    def tearDownClass(cls):
        rc, err = cls.s.stop()
        assert rc == 0, err

    error = Api.error

    def open(self, data, **query):
        path = "/api/open" + ("?" + urllib.parse.urlencode(query) if query else "")
        if isinstance(data, str):
            data = data.encode()
        return self.s.request("POST", path, data, {"Content-Type": "application/octet-stream"})

    def export(self, body):
        return self.s.request("POST", "/api/export", body)

    # ---- open ----------------------------------------------------------------
    def test_open_text_as_convert_reads_it(self):
        text = "# club night\n" + EASY + " first\n..3 not a puzzle\n" + HARD + "\n"
        r, doc, _ = self.open(text, name="club.txt")
        self.assertEqual(r.status, 200, doc)
        self.assertEqual((doc["name"], doc["kind"], doc["total"], doc["truncated"]), ("club.txt", "text", 2, False))
        cli = [json.loads(x) for x in cli_convert("json", text).splitlines()]
        self.assertEqual([p["puzzle"] for p in doc["puzzles"]], [c["puzzle"] for c in cli])
        self.assertEqual([p["where"] for p in doc["puzzles"]], ["line 2", "line 4"])
        self.assertEqual([p["line"] for p in doc["puzzles"]], [c["line"] for c in cli])
        self.assertEqual(doc["puzzles"][0]["comment"], "first")
        self.assertEqual(len(doc["problems"]), 1)
        self.assertRegex(doc["problems"][0]["where"], r"^club\.txt:3:\d+$")
        # a spreadsheet's CSV: BOM, CRLF, ';' separators, empty cells
        rows = [";".join(c if c != "0" else "" for c in EASY[r * 9:r * 9 + 9]) for r in range(9)]
        r, doc, _ = self.open(b"\xef\xbb\xbf" + "\r\n".join(rows).encode() + b"\r\n", name="g.csv")
        self.assertEqual(doc["puzzles"][0]["puzzle"], EASY.replace("0", "."))
        # pencil marks: the candidate line comes back as convert writes it
        cands = cli_convert("candidates", EASY + "\n").split()[0]
        r, doc, _ = self.open(cands)
        self.assertEqual(doc["puzzles"][0]["candidates"], cands)
        # links carry their shape: an f-puzzles X puzzle
        link = cli_convert("fpuzzles", "." * 81 + "\n", None, "--variant", "x").strip()
        r, doc, _ = self.open(link)
        self.assertEqual(doc["puzzles"][0]["meta"].get("variant"), "x", doc)
        # an .sdk file keeps its header fields
        r, doc, _ = self.open("#Aan author\n" + "\n".join(EASY[r * 9:r * 9 + 9] for r in range(9)), name="p.sdk")
        self.assertEqual(doc["puzzles"][0]["meta"]["author"], "an author")
        # a 16x16 in hexadoku's alphabet says which it is
        r, doc, _ = self.open(HEX16)
        self.assertEqual((doc["puzzles"][0]["n"], doc["puzzles"][0]["symbols"]), (16, "1-9A-Z"))

    def test_open_variant_puzzles(self):
        """doku's variant text format (one puzzle a file) and ISS strings (one
        a line) come with their constraints, shape and solution."""
        text = ("# a killer\nsize 9\nvariant x\ncage 14 r1c1 r2c1\nthermo r5c5 r5c6 r5c7\n"
                "givens 1" + "." * 80 + "\nanti-knight\n")
        r, doc, _ = self.open(text, name="k.txt")
        self.assertEqual((r.status, doc["total"]), (200, 1), doc)
        p = doc["puzzles"][0]
        self.assertEqual((p["n"], p["puzzle"][:2], p["meta"]["variant"]), (9, "1.", "x"))
        self.assertEqual([c["kind"] for c in p["constraints"]], ["cage", "thermo", "anti-knight"])
        self.assertEqual(p["constraints"][1]["cells"], ["r5c5", "r5c6", "r5c7"])
        r, doc, _ = self.open(KILLER_ISS + "\n" + KILLER_ISS.replace("~14~R9C1", "~99~R9C1") + "\n", name="iss.txt")
        self.assertEqual((doc["total"], len(doc["puzzles"][0]["constraints"])), (1, 13), doc)
        self.assertRegex(doc["problems"][0]["where"], r"^iss\.txt:2$")
        self.assertIn("killer cage 99", doc["problems"][0]["message"])
        r, doc, _ = self.open("size 4\nregions 1122112233443344\ncage 3 r1c1 r1c2\n")
        self.assertEqual(doc["puzzles"][0]["meta"]["regions"], "1122112233443344", doc)
        r, doc, _ = self.open("size 9\ncage 50 r1c1 r1c2\n", name="bad.txt")
        self.error(r, doc, 422, "no_puzzle", "bad.txt:1")
        self.assertIn("line 2: killer cage 50", doc["error"]["message"])

    def test_export_variant_puzzles_as_convert(self):
        """A variant puzzle is written by `doku convert`'s variant writer in
        the formats that carry constraints, refused by name in the others."""
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write(KILLER_ISS + "\n")
        try:
            for fmt in ("fpuzzles", "sudokupad", "text", "fpuzzles-json", "sudokuwiki"):
                cli = subprocess.run([DOKU, "convert", "--to", fmt, f.name], capture_output=True).stdout
                r, _, raw = self.export({"puzzle": "." * 81, "variants": "x", "constraints": KILLER_CAGES, "format": fmt})
                self.assertEqual((r.status, raw), (200, cli), fmt)
        finally:
            os.unlink(f.name)
        # a link read back carries the cages
        r, _, raw = self.export({"puzzle": KILLER_ISS, "format": "sudokupad"})
        r, doc, _ = self.open(raw)
        self.assertEqual(len(doc["puzzles"][0]["constraints"]), 13, doc)
        for fmt in ("line", "grid", "sdk"):
            r, doc, _ = self.export({"puzzle": KILLER_ISS, "format": fmt})
            self.error(r, doc, 422, "format_cannot_hold", "format")
            self.assertIn("cannot hold the puzzle's variant constraints", doc["error"]["message"])
        # pictures and workbooks get the constraints in their record: the cages drawn (dashed),
        # the solution found under them
        r, _, raw = self.export({"puzzle": KILLER_ISS, "format": "svg", "solution": True})
        self.assertEqual((r.status, raw.count(b"stroke-dasharray")), (200, 13))
        if have("pdftotext"):
            r, _, raw = self.export({"puzzle": KILLER_ISS, "format": "pdf", "solution": True})
            with tempfile.NamedTemporaryFile(suffix=".pdf", delete=False) as f:
                f.write(raw)
            try:
                words = subprocess.run(["pdftotext", f.name, "-"], capture_output=True, text=True).stdout.split()
            finally:
                os.unlink(f.name)
            self.assertIn("17", words)   # a cage's sum (no digit of the solution is 17)
        r, doc, _ = self.export({"puzzle": KILLER_ISS, "format": "killer"})   # no X in that format
        self.error(r, doc, 422, "format_cannot_hold", "format")
        r, _, raw = self.export({"puzzle": EASY, "format": "text"})           # a classic puzzle as variant text
        self.assertEqual(raw.decode().splitlines()[:2], ["size 9", "givens " + EASY.replace("0", ".")])

    def test_open_workbooks_as_the_cli(self):
        for name in ("book.xlsx", "book.ods", "book.xls", "book_lo.xlsx"):
            path = os.path.join(WORKBOOKS, name)
            with open(path, "rb") as f:
                r, doc, _ = self.open(f.read(), name=name)
            self.assertEqual(r.status, 200, (name, doc))
            cli = [json.loads(x) for x in cli_convert("json", None, path).splitlines()]
            self.assertEqual([(p["file"], p["puzzle"], p["n"]) for p in doc["puzzles"]],
                             [(c["file"], c["puzzle"], c["n"]) for c in cli], name)
            self.assertEqual(doc["puzzles"][0]["where"], "Puzzles!C3:K11")
        with open(os.path.join(WORKBOOKS, "book.xlsx"), "rb") as f:
            data = f.read()
        r, doc, _ = self.open(data, name="book.xlsx", sheet="Pair")
        self.assertEqual([p["where"] for p in doc["puzzles"]], ["Pair!B2:E5", "Pair!G2:J5", "Pair!B8:J16"])
        r, doc, _ = self.open(data, name="book.xlsx", range="Big!B2:Q17")
        self.assertEqual([p["n"] for p in doc["puzzles"]], [16])
        r, doc, _ = self.open(data, name="book.xlsx", sheet="Nope")
        self.error(r, doc, 422, "bad_file", "book.xlsx")
        self.assertIn("no sheet named 'Nope'", doc["error"]["message"])

    def test_open_workbook_shape_and_comment(self):
        # doku's own workbook of an X puzzle with a comment: the shape and
        # comment written under the grid come back as a link's meta would
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "x.xlsx")
            p = subprocess.run([DOKU, "convert", "--variant", "x", "--to", "xlsx", "-o", path],
                               input=EASY + " a comment, with a comma\n", capture_output=True,
                               text=True, timeout=120)
            if p.returncode != 0 and "built without" in p.stderr:
                self.skipTest(p.stderr)
            self.assertEqual(p.returncode, 0, p.stderr)
            with open(path, "rb") as f:
                r, doc, _ = self.open(f.read(), name="x.xlsx")
        self.assertEqual(r.status, 200, doc)
        e = doc["puzzles"][0]
        self.assertEqual((e["meta"], e["comment"]), ({"variant": "x"}, "a comment, with a comma"), e)

    def test_open_workbook_variant(self):
        # doku's own workbook of a killer (solved from no givens): the
        # constraints listed under the grid come back as a variant text's
        # would, the digits as the solution the player sees as entries
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "k.xlsx")
            src = os.path.join(d, "k.txt")
            with open(src, "w") as f:
                f.write(KILLER_ISS + "\n")
            p = subprocess.run([DOKU, "solve", "--format", "xlsx", "-o", path, src],
                               capture_output=True, text=True, timeout=120)
            if p.returncode != 0 and "built without" in p.stderr:
                self.skipTest(p.stderr)
            self.assertEqual(p.returncode, 0, p.stderr)
            solution = subprocess.run([DOKU, "solve", src], capture_output=True, text=True).stdout.strip()
            with open(path, "rb") as f:
                r, doc, _ = self.open(f.read(), name="k.xlsx")
        self.assertEqual(r.status, 200, doc)
        e = doc["puzzles"][0]
        self.assertEqual((e["puzzle"], e["meta"], e["entries"]), ("." * 81, {"variant": "x"}, solution), e)
        self.assertEqual(len(e["constraints"]), 13, e)
        self.assertEqual(e["constraints"][0]["text"], "killer cage 14 at r1c1 r2c1", e)

    def test_open_and_export_keep_title_and_author(self):
        # a SudokuPad link's title and author come to the page as the
        # puzzle's comment and author, and go back into the links it writes
        text = "size 4\ntitle Little \u00e9t\u00e9\nauthor Ann Setter\nthermo r1c1 r1c2 r2c2\ngivens ..3. ...2 2... .3..\n"
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write(text)
        try:
            link = subprocess.run([DOKU, "convert", "--to", "sudokupad", f.name], capture_output=True,
                                  text=True).stdout.strip()
        finally:
            os.unlink(f.name)
        r, doc, _ = self.open(link + "\n", name="links.txt")
        e = doc["puzzles"][0]
        self.assertEqual((r.status, e["comment"], e["author"]), (200, "Little \u00e9t\u00e9", "Ann Setter"), doc)
        body = {"puzzle": e["puzzle"], "constraints": e["constraints"], "comment": e["comment"],
                "author": e["author"]}
        r, _, raw = self.export(dict(body, format="text"))
        self.assertEqual(r.status, 200)
        self.assertIn("title Little \u00e9t\u00e9\nauthor Ann Setter\n", raw.decode())
        r, _, raw = self.export(dict(body, format="fpuzzles"))
        r, doc, _ = self.open(raw, name="back.txt")
        self.assertEqual((doc["puzzles"][0]["comment"], doc["puzzles"][0]["author"]),
                         ("Little \u00e9t\u00e9", "Ann Setter"), doc)

    def test_open_errors(self):
        r, doc, _ = self.open(b"")
        self.error(r, doc, 400, "empty_file", "body")
        with open(os.path.join(WORKBOOKS, "book.xlsx"), "rb") as f:
            broken = f.read()[:500]
        r, doc, _ = self.open(broken, name="broken.xlsx")
        self.error(r, doc, 422, "bad_file", "broken.xlsx")
        self.assertTrue(doc["error"]["message"].startswith("broken.xlsx: "), doc)
        with open(os.path.join(WORKBOOKS, "bad.xlsx"), "rb") as f:
            r, doc, _ = self.open(f.read(), name="bad.xlsx")
        self.assertIn(r.status, (422,), doc)
        r, doc, _ = self.open("hello world\n", name="notes.txt")
        self.error(r, doc, 422, "no_puzzle", "notes.txt:1:3")
        r, doc, _ = self.open(b"\xff\xfe1\x002\x00", name="u16.txt")
        self.error(r, doc, 422, "no_puzzle", "u16.txt:1:1")
        self.assertIn("UTF-16", doc["error"]["message"])
        for field, value in (("symbols", "hex"), ("size", "99"), ("size", "x")):
            r, doc, _ = self.open(EASY, **{field: value})
            self.error(r, doc, 400, "bad_field", field)
        # any Content-Type is a file here; JSON endpoints still want JSON
        r, doc, _ = self.s.request("POST", "/api/open", EASY, {"Content-Type": "text/csv"})
        self.assertEqual(r.status, 200, doc)
        r, doc, _ = self.s.request("GET", "/api/open")
        self.error(r, doc, 405, "method_not_allowed")

    def test_open_sizes(self):
        # above --max-body (65536) but within --max-upload: a file may be larger
        text = ("# padding " + "x" * 70 + "\n") * 1000 + EASY + "\n"
        self.assertGreater(len(text), 65536)
        r, doc, _ = self.open(text, name="long.txt")
        self.assertEqual((r.status, doc["total"]), (200, 1), doc)
        # past --max-upload: 413 by Content-Length, or read and dropped when chunked
        r, doc, _ = self.open(b"x" * (self.MAX_UPLOAD + 1))
        self.error(r, doc, 413, "body_too_large")
        self.assertIn("--max-upload", doc["error"]["message"])
        s = socket.create_connection(("127.0.0.1", self.s.port), timeout=10)
        s.sendall(b"POST /api/open HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n")
        chunk = b"7" * 16384
        try:
            for _ in range(14):
                s.sendall(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
            s.sendall(b"0\r\n\r\n")
        except OSError:
            pass
        reply = recv_all(s)
        s.close()
        self.assertTrue(reply.startswith(b"HTTP/1.1 413"), reply[:200])
        # many lines of many puzzles: listed up to 1000, all counted
        r, doc, _ = self.open((EASY + "\n") * 1500)
        self.assertEqual((doc["total"], len(doc["puzzles"]), doc["truncated"]), (1500, 1000, True))

    def test_upload_cap(self):
        # uploads held at once are capped (4 x --max-upload): the fifth large
        # one still being sent is answered 503, the others are served
        size = self.MAX_UPLOAD - 1000
        socks = []
        for _ in range(5):
            k = socket.create_connection(("127.0.0.1", self.s.port), timeout=20)
            k.sendall(b"POST /api/open?name=x.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                      b"Content-Length: %d\r\n\r\n" % size)
            k.sendall(b"\n" * (size - 200))
            socks.append(k)
            time.sleep(0.2)
        replies = []
        for k in socks:
            try:
                k.sendall(b"\n" * 119 + (EASY + "\n").encode())
            except OSError:
                pass
            replies.append(recv_all(k, until_json=True))
            k.close()
        codes = sorted(int(x.split(b" ")[1]) for x in replies if x.startswith(b"HTTP/1.1"))
        self.assertEqual(codes, [200, 200, 200, 200, 503], [x[:120] for x in replies])
        r, doc, _ = self.open(EASY)
        self.assertEqual(r.status, 200)     # the cap is released again

    # ---- export --------------------------------------------------------------
    def test_export_text_formats_as_convert(self):
        for fmt in ("line", "sdk", "opensudoku", "sudokuwiki", "fpuzzles", "sudokupad"):
            r, _, raw = self.export({"puzzle": EASY, "format": fmt})
            self.assertEqual(r.status, 200, raw)
            self.assertEqual(raw.decode(), cli_convert(fmt, EASY + "\n"), fmt)
            self.assertRegex(r.getheader("Content-Disposition"), r'^attachment; filename="doku-9x9\.')
        r, _, raw = self.export({"puzzle": EASY, "format": "grid", "comment": "from Ann"})
        self.assertEqual(raw.decode(), cli_convert("grid", EASY + " from Ann\n"))
        # CSV: the grid, then the solution; both read back
        r, _, raw = self.export({"puzzle": EASY, "format": "csv", "solution": True, "name": "mine"})
        self.assertEqual(r.getheader("Content-Type"), "text/csv; charset=utf-8")
        self.assertEqual(r.getheader("Content-Disposition"), 'attachment; filename="mine.csv"')
        r, doc, _ = self.open(raw, name="mine.csv")
        self.assertEqual([p["puzzle"] for p in doc["puzzles"]], [EASY.replace("0", "."), SOLUTION])
        # a jigsaw travels in an f-puzzles link and comes back with its regions
        r, _, raw = self.export({"puzzle": JIGSAW, "regions": JIGSAW_MAP, "format": "fpuzzles"})
        r, doc, _ = self.open(raw)
        self.assertEqual(doc["puzzles"][0]["puzzle"], JIGSAW)
        self.assertEqual(len(doc["puzzles"][0]["meta"]["regions"]), 81)

    def test_export_documents(self):
        r, _, raw = self.export({"puzzle": EASY, "format": "pdf"})
        self.assertEqual((r.status, r.getheader("Content-Type")), (200, "application/pdf"))
        self.assertTrue(raw.startswith(b"%PDF-"))
        if have("pdftotext"):
            text = subprocess.run(["pdftotext", "-raw", "-", "-"], input=raw, capture_output=True).stdout.decode()
            self.assertEqual("".join(c for c in text if c in "123456789"), EASY.replace("0", ""))
        r, _, raw = self.export({"puzzle": EASY, "format": "png", "solution": True})
        self.assertEqual((r.status, r.getheader("Content-Type")), (200, "image/png"))
        self.assertTrue(raw.startswith(b"\x89PNG\r\n\x1a\n"))
        r, _, raw = self.export({"puzzle": HEX16, "format": "svg"})
        self.assertEqual(r.getheader("Content-Type"), "image/svg+xml")
        import xml.dom.minidom
        xml.dom.minidom.parseString(raw)

    def test_workbook_round_trip(self):
        for puzzle in (EASY, HARD.replace(".", "0")):
            r, _, raw = self.export({"puzzle": puzzle, "format": "xlsx", "comment": "round trip"})
            self.assertEqual(r.status, 200, raw[:200])
            self.assertEqual(r.getheader("Content-Type"),
                             "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
            self.assertTrue(raw.startswith(b"PK"))
            r, doc, _ = self.open(raw, name="doku-9x9.xlsx")
            self.assertEqual(r.status, 200, doc)
            self.assertEqual([p["puzzle"] for p in doc["puzzles"]], [puzzle.replace("0", ".")])
            self.assertEqual(doc["kind"], "workbook")
        # with the solution the workbook holds the solved grid, the givens
        # styled apart: they read back as the puzzle, the rest as entries
        givens = EASY.replace("0", ".")
        rest = "".join("." if g != "." else s for g, s in zip(givens, SOLUTION))
        r, _, raw = self.export({"puzzle": EASY, "format": "xlsx", "solution": True})
        r, doc, _ = self.open(raw, name="solved.xlsx")
        self.assertEqual((doc["puzzles"][0]["puzzle"], doc["puzzles"][0]["entries"]), (givens, rest))
        # a player's entries travel in the workbook and come back as entries
        mine = "." * 2 + "4" + "." * 78
        r, _, raw = self.export({"puzzle": EASY, "format": "xlsx", "entries": mine})
        self.assertEqual(r.status, 200, raw[:200])
        r, doc, _ = self.open(raw, name="half.xlsx")
        self.assertEqual((doc["puzzles"][0]["puzzle"], doc["puzzles"][0]["entries"]), (givens, mine))
        r, doc, _ = self.export({"puzzle": EASY, "format": "xlsx", "entries": "5" + "." * 80})
        self.error(r, doc, 400, "bad_field", "entries")
        self.assertIn("r1c1 holds a given", doc["error"]["message"])
        r, doc, _ = self.export({"puzzle": EASY, "format": "xlsx", "entries": "..4"})
        self.error(r, doc, 400, "bad_field", "entries")

    def test_export_errors(self):
        r, doc, _ = self.export({"puzzle": EASY})
        self.error(r, doc, 400, "missing_field", "format")
        r, doc, _ = self.export({"puzzle": EASY, "format": "docx"})
        self.error(r, doc, 400, "bad_field", "format")
        r, doc, _ = self.export({"puzzle": EASY, "format": 3})
        self.error(r, doc, 400, "bad_field", "format")
        r, doc, _ = self.export({"format": "pdf"})
        self.error(r, doc, 400, "missing_field", "puzzle")
        r, doc, _ = self.export({"puzzle": HEX16, "format": "sudokuwiki"})
        self.error(r, doc, 422, "format_cannot_hold", "format")
        r, doc, _ = self.export({"puzzle": TWO_FIVES, "format": "pdf", "solution": True})
        self.error(r, doc, 422, "unsolvable", "solution")
        self.assertIn("r1c1 and r1c2 both hold 5 in row 1", doc["error"]["message"])
        r, doc, _ = self.export({"puzzle": "." * 256, "format": "png", "solution": True, "timeout": 0.001})
        self.assertIn(r.status, (200, 422))
        r, doc, _ = self.s.request("POST", "/api/export", "{", )
        self.error(r, doc, 400, "bad_json")
        r, doc, _ = self.s.request("POST", "/api/export", "format=pdf", {"Content-Type": "text/plain"})
        self.error(r, doc, 415, "unsupported_media_type")

    # ---- print ---------------------------------------------------------------
    def test_print_booklet_as_the_cli(self):
        body = {"count": 6, "per_page": 6, "seed": 5, "difficulty": "easy", "title": "Club night"}
        r, _, raw = self.s.request("POST", "/api/print", body)
        self.assertEqual((r.status, r.getheader("Content-Type")), (200, "application/pdf"), raw[:200])
        self.assertEqual((r.getheader("X-Doku-Puzzles"), r.getheader("X-Doku-Requested")), ("6", "6"))
        self.assertEqual(r.getheader("Content-Disposition"), 'attachment; filename="doku-booklet.pdf"')
        if have("pdftotext"):
            with tempfile.TemporaryDirectory() as d:
                cli = os.path.join(d, "c.pdf")
                subprocess.run([DOKU, "print", "--generate", "-n", "6", "--per-page", "6", "--seed", "5",
                                "--difficulty", "easy", "--title", "Club night", "-o", cli],
                               capture_output=True, timeout=60)
                want = subprocess.run(["pdftotext", cli, "-"], capture_output=True).stdout
            got = subprocess.run(["pdftotext", "-", "-"], input=raw, capture_output=True).stdout
            self.assertEqual(got, want)
            info = subprocess.run(["pdfinfo", "-"], input=raw, capture_output=True).stdout.decode()
            self.assertRegex(info, r"Pages:\s+2")
        # the puzzles of a file, solved for the solution pages
        r, _, raw = self.s.request("POST", "/api/print", {"puzzles": [EASY, HARD], "per_page": 2,
                                                          "solutions": "inline", "paper": "letter"})
        self.assertEqual((r.status, r.getheader("X-Doku-Puzzles")), (200, "2"))
        self.assertTrue(raw.startswith(b"%PDF-"))

    def test_print_variant_puzzles(self):
        """A booklet of variant puzzles (their texts) draws their constraints;
        puzzles of two shapes are refused by name."""
        thermo = "size 9\nthermo r1c1 r1c2 r1c3\ncage 17 r5c5 r5c6\n"
        r, _, raw = self.s.post("print", {"puzzles": [KILLER_ISS.replace(".Diagonal~1.Diagonal~-1", ""), thermo],
                                          "per_page": 2, "solutions": "none"})
        self.assertEqual((r.status, raw[:5]), (200, b"%PDF-"), raw[:300])
        if have("pdftotext"):
            with tempfile.NamedTemporaryFile(suffix=".pdf", delete=False) as f:
                f.write(raw)
            try:
                words = subprocess.run(["pdftotext", f.name, "-"], capture_output=True, text=True).stdout.split()
            finally:
                os.unlink(f.name)
            self.assertIn("17", words)   # the killer's 17 cage and the second puzzle's
        r, doc, _ = self.s.post("print", {"puzzles": [KILLER_ISS, thermo]})
        self.error(r, doc, 400, "bad_puzzle")
        self.assertIn("a booklet is of one shape", doc["error"]["message"])

    def test_print_generated_variant_booklet(self):
        # a booklet of a constraint set: puzzles 1..3 of the seed, as
        # /api/generate makes puzzle 1, each drawn with its cages
        body = {"variants": "killer", "seed": 9, "count": 3, "per_page": 4, "solutions": "none"}
        r, _, raw = self.s.post("print", body)
        self.assertEqual((r.status, raw[:5]), (200, b"%PDF-"), raw[:300])
        self.assertEqual((r.getheader("X-Doku-Puzzles"), r.getheader("X-Doku-Requested")), ("3", "3"))
        r, first, _ = self.s.post("generate", {"variants": "killer", "seed": 9})
        self.assertEqual(first["set"], "killer", first)
        if have("pdftotext"):
            with tempfile.NamedTemporaryFile(suffix=".pdf", delete=False) as f:
                f.write(raw)
            try:
                words = subprocess.run(["pdftotext", f.name, "-"], capture_output=True, text=True).stdout.split()
            finally:
                os.unlink(f.name)
            sums = [str(c["params"][0]) for c in first["constraints"] if c["params"]]
            # every cage sum of the first puzzle is printed (the others add more)
            for s in set(sums):
                self.assertGreaterEqual(words.count(s), sums.count(s), (s, words[:80]))
        # the shape or sizes a set cannot fit is said by field
        r, doc, _ = self.s.post("print", dict(body, cage_size="20-30"))
        self.assertIn(r.status, (400,), doc)

    def test_print_booklet_for_drawn_constraints(self):
        # the killer's cages without its diagonals: many solutions, so
        # each puzzle gets givens; puzzle 1 is /api/generate's (one
        # solution under the cages), every page draws the cages
        body = {"constraints": KILLER_CAGES, "seed": 4, "symmetry": "rot180", "count": 3,
                "per_page": 4, "solutions": "none"}
        r, _, raw = self.s.post("print", body)
        self.assertEqual((r.status, raw[:5]), (200, b"%PDF-"), raw[:300])
        self.assertEqual((r.getheader("X-Doku-Puzzles"), r.getheader("X-Doku-Requested")), ("3", "3"))
        r, first, _ = self.s.post("generate", {"constraints": KILLER_CAGES, "seed": 4, "symmetry": "rot180"})
        self.assertEqual(r.status, 200, first)
        self.assertGreater(first["givens"], 0, first)
        r, count, _ = self.s.post("count", {"puzzle": first["puzzle"], "constraints": KILLER_CAGES, "limit": 2})
        self.assertEqual(count["count"], 1, count)
        if have("pdftotext"):
            with tempfile.NamedTemporaryFile(suffix=".pdf", delete=False) as f:
                f.write(raw)
            try:
                text = subprocess.run(["pdftotext", f.name, "-"], capture_output=True, text=True).stdout
            finally:
                os.unlink(f.name)
            words = text.split()
            sums = [str(c["params"][0]) for c in KILLER_CAGES]
            for s in set(sums):   # each of the 3 puzzles draws every cage sum
                self.assertGreaterEqual(words.count(s), 3 * sums.count(s), (s, words[:80]))
            self.assertIn("seed " + first["seed"], text)   # puzzle 1's caption
        # with the diagonals the cages alone are unique: one puzzle (no
        # givens), not three copies of it
        r, _, raw = self.s.post("print", dict(body, variants="x", symmetry="none"))
        self.assertEqual((r.status, raw[:5]), (200, b"%PDF-"), raw[:300])
        self.assertEqual((r.getheader("X-Doku-Puzzles"), r.getheader("X-Doku-Requested")), ("1", "3"))
        # constraints with no solution are said so
        bad = [{"kind": "cage", "cells": ["r1c1", "r1c2"], "params": [3]},
               {"kind": "cage", "cells": ["r1c1", "r1c2"], "params": [4]}]
        r, doc, _ = self.s.post("print", {"constraints": bad, "count": 2})
        self.error(r, doc, 422, "no_solution", "constraints")

    def test_print_errors_and_budget(self):
        for field, value in (("per_page", 3), ("count", 0), ("count", 101), ("paper", "a3"),
                             ("solutions", "front"), ("title", "x" * 300), ("puzzles", "abc")):
            r, doc, _ = self.s.request("POST", "/api/print", {field: value})
            self.error(r, doc, 400, "bad_field", field)
        r, doc, _ = self.s.request("POST", "/api/print", {"puzzles": [EASY, "1..4\n....\n....\n...."]})
        self.error(r, doc, 400, "bad_puzzle", "puzzles[1]")
        r, doc, _ = self.s.request("POST", "/api/print", {"puzzles": [EASY, EASY[:-3]]})
        self.error(r, doc, 400, "bad_puzzle", "puzzles[1] line 1 column 1")
        r, doc, _ = self.s.request("POST", "/api/print", {"puzzles": []})
        self.error(r, doc, 400, "bad_field", "puzzles")
        # a request the budget cannot meet: what was made, or a clear refusal
        t0 = time.monotonic()
        r, doc, raw = self.s.request("POST", "/api/print", {"count": 100, "rating": "9.0+", "timeout": 1})
        self.assertLess(time.monotonic() - t0, HANG)
        if r.status == 200:
            self.assertLess(int(r.getheader("X-Doku-Puzzles")), 100)
            self.assertEqual(r.getheader("X-Doku-Requested"), "100")
        else:
            self.error(r, doc, 422, "cannot_generate")

    def test_file_jobs_leave_the_workers_free(self):
        # two long booklets take the file pool; solving goes on meanwhile:
        # 100 puzzles of ER 9.0+ take far longer than their 3 s budget
        # (a rare band), so both run to it, and every solve is answered
        # before either booklet is (an order, not a duration)
        done = []

        def booklet():
            r, _, _ = self.s.request("POST", "/api/print", {"count": 100, "rating": "9.0+", "timeout": 3 * SLOW})
            done.append(r.status)

        threads = [threading.Thread(target=booklet) for _ in range(2)]
        for t in threads:
            t.start()
        time.sleep(0.3)
        for _ in range(5):
            r, doc, _ = self.s.post("solve", {"puzzle": HARD})
            self.assertEqual(doc["status"], "unique")
        self.assertEqual(done, [])
        for t in threads:
            t.join(HANG)
        self.assertEqual(len(done), 2)


class Lifecycle(unittest.TestCase):
    def test_shutdown_while_busy(self):
        s = Server("--threads", "2", "--timeout", str(2 * SLOW))
        replies, errors = [], []

        def busy():
            try:
                r, doc, _ = s.post("count", {"puzzle": "." * 256}, conn=s.conn(60))
                replies.append((r.status, doc.get("status")))
                if r.status == 503:
                    self.assertEqual(doc["error"]["code"], "shutting_down")
            except Exception as e:   # noqa: BLE001
                errors.append(repr(e))

        threads = [threading.Thread(target=busy) for _ in range(4)]
        for t in threads:
            t.start()
        time.sleep(0.5)
        t0 = time.monotonic()
        rc, err = s.stop(signal.SIGTERM)
        for t in threads:
            t.join(30)
        self.assertEqual(rc, 0, err)
        self.assertEqual(errors, [])
        # two were running (they finish, giving up at their budget), two
        # were queued (answered 503 at once): every client has its answer
        self.assertEqual(len(replies), 4)
        self.assertEqual(sorted(replies)[:2], [(200, "gave_up")] * 2)
        for status, what in replies:
            self.assertIn((status, what), ((200, "gave_up"), (503, None)))
        self.assertLess(time.monotonic() - t0, HANG)
        self.assertIn("stopped", err)

    def test_give_up_names_the_budget_asked(self):
        # 10 givens: no 9x9 puzzle has one solution, so generate gives up
        # on any machine. The text names the budget as asked (the server's
        # --timeout 1.25, or a smaller "timeout"), not the seconds left
        # when the work began ("1.24999")
        s = Server("--threads", "1", "--timeout", "1.25")
        try:
            for body, secs in (({"clues": 10}, "1.25"), ({"clues": 10, "timeout": 60}, "1.25"),
                               ({"clues": 10, "timeout": 0.3}, "0.3")):
                r, doc, _ = s.post("generate", body)
                self.assertEqual(r.status, 200, doc)
                self.assertEqual(doc["status"], "gave_up", doc)
                self.assertRegex(doc["error"], r"^no puzzle found within %s s \(\d+ full grids tried\)$"
                                 % re.escape(secs))
        finally:
            s.stop()

    def test_port_in_use_and_sigint(self):
        a = Server()
        p = subprocess.run([DOKU, "serve", "--port", str(a.port)], capture_output=True,
                           text=True, timeout=30)
        self.assertEqual(p.returncode, 1)
        self.assertIn("already in use", p.stderr)
        rc, _ = a.stop(signal.SIGINT)
        self.assertEqual(rc, 0)

    def test_usage_errors(self):
        for args in (["--port", "99999"], ["--threads", "0"], ["--bogus"], ["--timeout", "x"],
                     ["--max-upload", "10"]):
            p = subprocess.run([DOKU, "serve", *args], capture_output=True, text=True, timeout=30)
            self.assertEqual(p.returncode, 2, args)
            self.assertIn("doku serve", p.stderr)

    def test_cors_and_access_log(self):
        proc = subprocess.Popen([DOKU, "serve", "--port", "0", "--cors", "https://example.org"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        port = int(re.search(r":(\d+)/", proc.stdout.readline()).group(1))
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        c.request("OPTIONS", "/api/solve")
        r = c.getresponse()
        r.read()
        self.assertEqual(r.status, 204)
        self.assertEqual(r.getheader("Access-Control-Allow-Origin"), "https://example.org")
        c.request("GET", "/api/health")
        r = c.getresponse()
        r.read()
        self.assertEqual(r.getheader("Access-Control-Allow-Origin"), "https://example.org")
        c.close()
        proc.send_signal(signal.SIGTERM)
        self.assertEqual(proc.wait(20), 0)
        log = proc.stderr.read()
        proc.stdout.close()
        proc.stderr.close()
        self.assertRegex(log, r'127\.0\.0\.1 "GET /api/health" 200 \d+ ')


def recv_all(s, until_json=False):
    data = b""
    s.settimeout(10)
    while True:
        try:
            k = s.recv(65536)
        except (socket.timeout, ConnectionResetError):
            break
        if not k:
            break
        data += k
        if until_json and b"\r\n\r\n" in data:
            head, _, body = data.partition(b"\r\n\r\n")
            m = re.search(rb"(?i)content-length: (\d+)", head)
            if m and len(body) >= int(m.group(1)):
                break
        elif not until_json and b"\r\n\r\n" in data:
            head, _, body = data.partition(b"\r\n\r\n")
            m = re.search(rb"(?i)content-length: (\d+)", head)
            if m and len(body) >= int(m.group(1)):
                break
    return data


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: test_api.py PATH/TO/doku [unittest args]")
    DOKU = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)
