"""The package builds a wheel offline (pip wheel --no-build-isolation, as
docs/PYTHON.md says) that carries the typed package and an abi3 module
exporting nothing of the library."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[1]


def test_wheel(tmp_path: Path) -> None:
    lib = os.environ.get("DOKU_BUILD_DIR")
    if not lib or not (Path(lib) / "libdoku.a").exists():
        pytest.skip("no DOKU_BUILD_DIR with libdoku.a (ctest sets it)")
    if subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True).returncode:
        pytest.skip("no pip (python3-pip)")
    # a copy of the package beside the repository's include/: the source
    # tree stays clean (pip builds in place)
    src = tmp_path / "repo"
    shutil.copytree(PKG, src / "python", ignore=shutil.ignore_patterns(
        "build", "*.so", "*.egg-info", "__pycache__", "tests"))
    shutil.copytree(PKG.parent / "include", src / "include")
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps",
                        "--no-index", "-w", str(tmp_path / "dist"), str(src / "python")],
                       capture_output=True, text=True, timeout=600,
                       env=dict(os.environ, DOKU_BUILD_DIR=lib))
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    wheels = list((tmp_path / "dist").glob("doku-*.whl"))
    assert len(wheels) == 1 and "-cp311-abi3-" in wheels[0].name
    names = zipfile.ZipFile(wheels[0]).namelist()
    for want in ("doku/__init__.py", "doku/dask.py", "doku/py.typed", "doku/_core.pyi",
                 "doku/_core.abi3.so"):
        assert want in names
    so = tmp_path / "core.so"
    so.write_bytes(zipfile.ZipFile(wheels[0]).read("doku/_core.abi3.so"))
    nm = shutil.which("nm")
    if nm:
        out = subprocess.run([nm, "-D", "--defined-only", str(so)], capture_output=True,
                             text=True).stdout
        exported = [l.split()[-1] for l in out.splitlines() if l.strip()]
        assert exported == ["PyInit__core"], exported
