#!/usr/bin/env python3
"""Reads doku's pictures back with independent tools (tests/render/run.sh).

  check.py grid-text TEXT PUZZLE       the text layer of one grid page
                                       (pdftotext -raw) starts, after its
                                       title line, with PUZZLE's givens in order
  check.py booklet-text TEXT PUZZLES   every puzzle of the file PUZZLES (one
                                       line each) appears, givens in order,
                                       right before its "Puzzle K" caption
  check.py pdf-givens PDF JSONL        page K of PDF (pdftotext -raw) starts,
                                       after its title line, with the givens
                                       of record K of JSONL ("puzzle"), in order
  check.py png-size PNG W H            PNG is a PNG of W x H pixels (0: any)
  check.py png-diff A.png B.png        the two PNGs have the same size and
                                       differ in at most 1% of their pixels
                                       (by more than 48 of 255 in a channel)
Only the standard library: PNG is decoded here (zlib, the five filters).
"""
import json
import struct
import subprocess
import sys
import zlib


def givens(line):
    """The given symbols of a line-form puzzle, in order."""
    return [c for c in line.strip().split()[0] if c not in ".0"]


def grid_text(text_file, puzzle):
    lines = open(text_file, encoding="utf-8").read().splitlines()
    tokens = " ".join(lines[1:]).split()
    want = givens(puzzle)
    if tokens[: len(want)] != want:
        sys.exit("givens not in order in %s:\n want %s\n got  %s"
                 % (text_file, want, tokens[: len(want)]))


def pdf_givens(pdf, jsonl):
    records = [json.loads(l) for l in open(jsonl) if l.strip()]
    for k, r in enumerate(records, 1):
        text = subprocess.run(["pdftotext", "-raw", "-f", str(k), "-l", str(k), pdf, "-"],
                              check=True, capture_output=True, text=True).stdout
        lines = text.splitlines()
        tokens = " ".join(lines[1:]).split()
        want = givens(r["puzzle"]) if " " not in r["puzzle"] else \
            [t for t in r["puzzle"].split() if t not in (".", "0")]
        if tokens[: len(want)] != want:
            sys.exit("%s page %d: givens not in order:\n want %s\n got  %s"
                     % (pdf, k, want, tokens[: len(want)]))
    print("%s: %d pages, every given in order" % (pdf, len(records)))


def png_size(path, w, h):
    data = open(path, "rb").read(32)
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        sys.exit("%s: not a PNG" % path)
    pw, ph = struct.unpack(">II", data[16:24])
    if (int(w) and pw != int(w)) or (int(h) and ph != int(h)) or not pw or not ph:
        sys.exit("%s is %dx%d, not %sx%s" % (path, pw, ph, w, h))


def booklet_text(text_file, puzzles_file):
    lines = open(text_file, encoding="utf-8").read().splitlines()
    puzzles = [l for l in open(puzzles_file) if l.strip() and not l.startswith("#")]
    found = 0
    for k, p in enumerate(puzzles, 1):
        cap = [i for i, l in enumerate(lines) if l.startswith("Puzzle %d " % k) or l == "Puzzle %d" % k]
        if not cap:
            sys.exit("no caption 'Puzzle %d' in %s" % (k, text_file))
        want = givens(p)
        before = " ".join(lines[: cap[0]]).split()
        if before[-len(want):] != want:
            sys.exit("puzzle %d: givens not in order before its caption:\n want %s\n got  %s"
                     % (k, want, before[-len(want):]))
        found += 1
    print("%d puzzles, every given found in order" % found)


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit("%s: not a PNG" % path)
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
            if depth != 8 or ctype not in (2, 6):
                sys.exit("%s: only 8-bit RGB/RGBA is read here" % path)
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(h):
        f = raw[i]
        cur = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = cur[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1:
                cur[x] = (cur[x] + a) & 255
            elif f == 2:
                cur[x] = (cur[x] + b) & 255
            elif f == 3:
                cur[x] = (cur[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                cur[x] = (cur[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(cur)
        prev = cur
    return w, h, bpp, rows


def png_diff(a, b):
    wa, ha, bpa, ra = read_png(a)
    wb, hb, bpb, rb = read_png(b)
    if (wa, ha) != (wb, hb):
        sys.exit("%s is %dx%d, %s is %dx%d" % (a, wa, ha, b, wb, hb))
    bad = 0
    for y in range(ha):
        pa, pb = ra[y], rb[y]
        if bpa == bpb and pa == pb:
            continue
        for x in range(wa):
            if any(abs(pa[x * bpa + k] - pb[x * bpb + k]) > 48 for k in range(3)):
                bad += 1
    share = bad / (wa * ha)
    print("%d of %d pixels differ (%.3f%%)" % (bad, wa * ha, 100 * share))
    if share > 0.01:
        sys.exit("%s differs from %s in more than 1%% of its pixels" % (a, b))


if __name__ == "__main__":
    cmd, args = sys.argv[1], sys.argv[2:]
    {"grid-text": grid_text, "booklet-text": booklet_text, "png-diff": png_diff,
     "pdf-givens": pdf_givens, "png-size": png_size}[cmd](*args)
