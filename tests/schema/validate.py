#!/usr/bin/env python3
"""Run every doku command with --format json on a mixed input (good, hard,
multi-solution, no-solution, duplicate-givens and unreadable puzzles) and
validate each output line against docs/schema/<command>.json.

usage: validate.py DOKU SOURCE_DIR
"""
import json
import os
import pathlib
import subprocess
import sys

try:
    from jsonschema import Draft202012Validator
except ImportError:
    # A python3 first on the PATH (pyenv, venv) may lack the module that
    # Debian's python3-jsonschema gives the system interpreter.
    if sys.executable != "/usr/bin/python3" and os.path.exists("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3", *sys.argv])
    sys.exit("validate.py: no jsonschema module: install python3-jsonschema "
             "(scripts/deps.sh does)")

try:  # jsonschema >= 4.18 resolves $ref through the `referencing` package
    from referencing import Registry, Resource
except ImportError:  # Debian's python3-jsonschema 4.10: RefResolver
    Registry = None

doku, src = sys.argv[1], pathlib.Path(sys.argv[2])
schema_dir = src / "docs" / "schema"
fixture = src / "tests" / "fixtures" / "schema_mixed.txt"

# Register every schema under its $id so relative $refs resolve offline
# (nothing is fetched from the network).
schemas = {}
for path in sorted(schema_dir.glob("*.json")):
    doc = json.loads(path.read_text())
    Draft202012Validator.check_schema(doc)
    schemas[path.stem] = doc


def validator_for(name):
    """A validator for docs/schema/NAME.json whose $refs resolve to the
    other files of docs/schema by their $id."""
    if Registry is not None:
        registry = Registry().with_resources(
            (doc["$id"], Resource.from_contents(doc)) for doc in schemas.values())
        return Draft202012Validator(schemas[name], registry=registry)
    from jsonschema import RefResolver
    store = {doc["$id"]: doc for doc in schemas.values()}
    resolver = RefResolver(base_uri=schemas[name]["$id"], referrer=schemas[name], store=store)
    return Draft202012Validator(schemas[name], resolver=resolver)

# Each command must write one record per input puzzle (6 here) and the
# statuses that the fixture forces; the status sets below are what the
# fixture's puzzles give, so a schema that dropped one would fail.
runs = [
    ("solve", [], {"unique", "multiple", "none", "invalid"}),
    ("count", [], {"counted", "invalid"}),
    ("check", [], {"unique", "multiple", "none", "invalid"}),
    ("explain", [], {"solved", "multiple", "none", "invalid"}),
    ("hint", [], {"step", "multiple", "none", "invalid"}),
    ("grade", ["--history"], {"solved", "multiple", "none", "invalid"}),
    ("reduce", [], {"reduced", "not_unique", "unsolvable", "invalid"}),
    ("reduce", ["--clues", "10"], {"above_target", "not_unique", "unsolvable", "invalid"}),
    # Options that add fields or statuses: every solution, statistics, a
    # capped count, a first solution without the uniqueness check, logic
    # that stops short of the end.
    ("solve", ["--all", "--stats"], {"unique", "multiple", "none", "invalid"}),
    ("solve", ["--limit", "1"], {"solved", "none", "invalid"}),
    ("count", ["--limit", "1", "--stats"], {"counted", "capped", "invalid"}),
    ("explain", ["--techniques", "singles"], {"stuck", "multiple", "none", "invalid"}),
    ("hint", ["--techniques", "singles"], {"step", "multiple", "none", "invalid"}),
    ("grade", ["--techniques", "singles"], {"stuck", "multiple", "none", "invalid"}),
]
failures = 0
checked = 0
for cmd, extra, want in runs:
    out = subprocess.run([doku, cmd, "--format", "json", *extra, str(fixture)],
                         capture_output=True, text=True, timeout=60)
    if out.returncode not in (0, 1):
        print(f"{cmd} {extra}: exit {out.returncode}: {out.stderr}")
        failures += 1
        continue
    validator = validator_for(cmd)
    lines = out.stdout.splitlines()
    if len(lines) != 6:
        print(f"{cmd} {extra}: {len(lines)} records, expected 6")
        failures += 1
    seen = set()
    for i, line in enumerate(lines, 1):
        rec = json.loads(line)
        seen.add(rec.get("status"))
        for err in validator.iter_errors(rec):
            print(f"{cmd} {extra} record {i}: {err.message}\n  {line}")
            failures += 1
        checked += 1
    if seen != want:
        print(f"{cmd} {extra}: statuses {sorted(seen)}, expected {sorted(want)}")
        failures += 1

# generate: plain, with a difficulty or qqwing level (other fields).
for extra in ([], ["--difficulty", "easy"], ["--qqwing-level", "easy"], ["--full"],
              ["--rating", "1.0-3.0"]):
    out = subprocess.run([doku, "generate", "--format", "json", "-n", "2", "--seed", "7", *extra],
                         capture_output=True, text=True, timeout=60)
    validator = validator_for("generate")
    lines = out.stdout.splitlines()
    if out.returncode != 0 or len(lines) != 2:
        print(f"generate {extra}: exit {out.returncode}, {len(lines)} records: {out.stderr}")
        failures += 1
    for i, line in enumerate(lines, 1):
        for err in validator.iter_errors(json.loads(line)):
            print(f"generate {extra} record {i}: {err.message}\n  {line}")
            failures += 1
        checked += 1

# The logic commands on variant puzzles: doku's own scale ("scale": "doku").
variants = [src / "tests" / "cli" / "fixtures" / "variants" / f
            for f in ("logic_iss.txt", "thermo.txt")]
for cmd in ("hint", "explain", "grade"):
    out = subprocess.run([doku, cmd, "--format", "json", *map(str, variants)],
                         capture_output=True, text=True, timeout=120)
    validator = validator_for(cmd)
    lines = out.stdout.splitlines()
    if out.returncode != 0 or len(lines) != 3:
        print(f"{cmd} on variants: exit {out.returncode}, {len(lines)} records: {out.stderr}")
        failures += 1
    for i, line in enumerate(lines, 1):
        rec = json.loads(line)
        if rec.get("scale") != "doku":
            print(f"{cmd} on variants record {i}: no \"scale\": \"doku\"\n  {line}")
            failures += 1
        for err in validator.iter_errors(rec):
            print(f"{cmd} on variants record {i}: {err.message}\n  {line}")
            failures += 1
        checked += 1

# solve, count and check on variant puzzles: each record carries its
# "constraints" (the API's array), and a record read back by doku is the
# same puzzle (the CLI goldens variant-json-* check that in full).
vdir = src / "tests" / "cli" / "fixtures" / "variants"
for cmd, files, want in (("solve", ["killer_iss.txt", "thermo.txt"], 3),
                         ("count", ["killer_iss.txt", "thermo.txt"], 3),
                         ("check", ["thermo.txt", "broken.txt"], 2)):
    out = subprocess.run([doku, cmd, "--format", "json", *[str(vdir / f) for f in files]],
                         capture_output=True, text=True, timeout=120)
    validator = validator_for(cmd)
    lines = out.stdout.splitlines()
    if out.returncode not in (0, 1) or len(lines) != want:
        print(f"{cmd} on variants: exit {out.returncode}, {len(lines)} records: {out.stderr}")
        failures += 1
    for i, line in enumerate(lines, 1):
        rec = json.loads(line)
        if not rec.get("constraints"):
            print(f"{cmd} on variants record {i}: no constraints\n  {line}")
            failures += 1
        for err in validator.iter_errors(rec):
            print(f"{cmd} on variants record {i}: {err.message}\n  {line}")
            failures += 1
        checked += 1

# The schemas must also reject: a record with an unknown status or field.
bad = [("solve", {"file": "f", "line": 1, "n": 9, "shape": "s", "puzzle": "p",
                  "status": "maybe", "solutions_found": 0, "capped": False}),
       ("count", {"file": "f", "line": 1, "n": 9, "shape": "s", "puzzle": "p",
                  "status": "counted", "count": 1, "capped": False, "extra": 1}),
       ("invalid", {"file": "f", "line": 1, "status": "invalid"})]
for name, rec in bad:
    if validator_for(name).is_valid(rec):
        print(f"{name} schema accepts a bad record: {rec}")
        failures += 1

print(f"{checked} records checked, {failures} failures")
sys.exit(1 if failures else 0)
