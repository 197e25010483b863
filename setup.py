"""Build the optional compiled core (everything else is declared in pyproject.toml).

The extension ``amrmetrics._native._core`` uses Python's stable ABI (one wheel for every Python
from 3.10 on) and needs only a C++17 compiler: nothing is downloaded at build time. It is
optional: where it cannot be compiled (no compiler), pip still installs the package, which then
runs in pure Python (``amrmetrics --version`` says which). Each build happens in a fresh temporary
folder, so a stale ``build/`` left by an earlier build is never reused.
"""

from __future__ import annotations

import atexit
import shutil
import sys
import tempfile

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

UNIX_FLAGS = ["-std=c++17", "-O2", "-g0", "-fvisibility=hidden"]
MSVC_FLAGS = ["/std:c++17", "/O2", "/EHsc"]


class BuildCore(build_ext):
    """Compiler-specific flags; a failed build warns on stderr (pip shows it with ``-v``)."""

    def build_extension(self, ext: Extension) -> None:
        ext.extra_compile_args = MSVC_FLAGS if self.compiler.compiler_type == "msvc" else UNIX_FLAGS
        try:
            super().build_extension(ext)
        except Exception as err:  # optional: the package works without it
            sys.stderr.write(
                f"amrmetrics: the compiled core was not built ({err}); installing the pure-Python package\n"
            )
            if not ext.optional:
                raise


def _fresh_build_folder() -> str:
    folder = tempfile.mkdtemp(prefix="amrmetrics-build-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


setup(
    ext_modules=[
        Extension(
            "amrmetrics._native._core",
            sources=["src/amrmetrics/_native/_core.cpp"],
            depends=[f"src/amrmetrics/_native/{name}.hpp" for name in ("build", "filing", "graded", "intern", "ngrams", "reader", "solver", "triples")],
            language="c++",
            optional=True,
            py_limited_api=True,
            define_macros=[("Py_LIMITED_API", "0x030A0000")],
        )
    ],
    cmdclass={"build_ext": BuildCore},
    options={"bdist_wheel": {"py_limited_api": "cp310"}, "build": {"build_base": _fresh_build_folder()}},
)
