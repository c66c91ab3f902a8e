"""The package builds a wheel offline (pip wheel --no-build-isolation, as
docs/PYTHON.md says; tests/run.sh builds it, and the suite runs on it)
that carries the typed package and an abi3 module exporting nothing of
the library."""
from __future__ import annotations

import os
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

import doku


def test_wheel(tmp_path: Path) -> None:
    wheel = os.environ.get("DOKU_WHEEL")
    if not wheel:
        pytest.skip("no wheel built (tests/run.sh builds one with pip)")
    assert "-cp311-abi3-" in Path(wheel).name
    names = zipfile.ZipFile(wheel).namelist()
    for want in ("doku/__init__.py", "doku/dask.py", "doku/py.typed", "doku/_core.pyi",
                 "doku/_core.abi3.so"):
        assert want in names
    # the suite imports what the wheel holds
    assert Path(doku.__file__).parent.name == "doku"
    so = tmp_path / "core.so"
    so.write_bytes(zipfile.ZipFile(wheel).read("doku/_core.abi3.so"))
    nm = shutil.which("nm")
    if nm:
        out = subprocess.run([nm, "-D", "--defined-only", str(so)], capture_output=True,
                             text=True).stdout
        exported = [l.split()[-1] for l in out.splitlines() if l.strip()]
        assert exported == ["PyInit__core"], exported
