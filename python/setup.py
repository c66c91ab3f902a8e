"""Builds doku._core, the C extension of the doku package, against the
doku library of this repository (../include, ../src).

The library is linked in statically (libdoku.a, position-independent), so
the wheel needs nothing at run time. Where the library comes from:
  DOKU_BUILD_DIR=DIR   a CMake build directory of the repository that
                       already holds libdoku.a (what `make python` and the
                       tests use: no second build)
  otherwise            CMake builds the target doku_static into
                       python/build/libdoku (needs cmake and a C compiler).
Offline: `/usr/bin/python3 -m pip install --no-build-isolation ./python`.
"""
import glob
import os
import subprocess

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def library_dir() -> str:
    given = os.environ.get("DOKU_BUILD_DIR")
    if given:
        if not os.path.exists(os.path.join(given, "libdoku.a")):
            raise SystemExit(f"DOKU_BUILD_DIR={given}: no libdoku.a there (build the target doku_static)")
        return given
    out = os.path.join(HERE, "build", "libdoku")
    if not os.path.exists(os.path.join(ROOT, "include", "doku.h")):
        raise SystemExit("doku: build from the repository (../include/doku.h not found) or set DOKU_BUILD_DIR")
    subprocess.check_call(["cmake", "-S", ROOT, "-B", out, "-DCMAKE_BUILD_TYPE=Release",
                           "-DDOKU_TESTS=OFF"], stdout=subprocess.DEVNULL)
    subprocess.check_call(["cmake", "--build", out, "--target", "doku_static", "-j",
                           str(os.cpu_count() or 2)])
    return out


class BuildWithLibrary(build_ext):
    """Finds (or builds) libdoku.a before compiling the extension."""

    def run(self) -> None:
        lib = os.path.join(library_dir(), "libdoku.a")
        for ext in self.extensions:
            ext.extra_objects = [lib]
            # a library rebuilt since is linked in again (setuptools
            # rebuilds when a dependency is newer than the module)
            ext.depends = list(ext.depends) + [lib]
        super().run()


core = Extension(
    "doku._core",
    sources=sorted(glob.glob(os.path.join("ext", "*.c"))),
    include_dirs=[os.path.join(ROOT, "include"), "ext"],
    depends=sorted(glob.glob(os.path.join("ext", "*.h")) +
                   glob.glob(os.path.join(ROOT, "include", "*.h"))),
    define_macros=[("Py_LIMITED_API", "0x030B0000")],
    extra_compile_args=["-std=c11", "-D_POSIX_C_SOURCE=200809L", "-fvisibility=hidden", "-Wall", "-Wextra",
                        "-Wno-unused-parameter", "-Wno-missing-field-initializers"],
    # the library's doku_* symbols stay inside the module
    extra_link_args=["-Wl,--exclude-libs,ALL", "-pthread"],
    libraries=["m"],
    py_limited_api=True,
)

setup(
    ext_modules=[core],
    cmdclass={"build_ext": BuildWithLibrary},
    options={"bdist_wheel": {"py_limited_api": "cp311"}},
)
