"""Running the same code on the compiled core and on the pure-Python path, in one process."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

import pytest

import amrmetrics._native as native


def built_core() -> ModuleType | None:
    """The compiled module when it is built (whatever AMRMETRICS_NATIVE says), else None."""
    try:
        return importlib.import_module("amrmetrics._native._core")
    except ImportError:
        return None


CORE = built_core()

needs_core = pytest.mark.skipif(CORE is None, reason="the compiled core is not built (pip install . with a C++ compiler)")

compares_paths = pytest.mark.skipif(
    CORE is None or native.STATUS.startswith("off"),
    reason="compares the two paths in one process: runs where the core is built and switched on (CI's "
    "AMRMETRICS_NATIVE=0 run would repeat the comparisons of its other run)",
)
"""For the comparisons of whole corpora on both paths: they do not depend on the switch, so they run once."""


@contextmanager
def path(compiled: bool) -> Iterator[None]:
    """Run the block on the compiled core (``compiled``) or on the pure-Python path."""
    saved = native.CORE
    native.CORE = CORE if compiled else None
    try:
        yield
    finally:
        native.CORE = saved


def both(run):
    """``run()`` on the Python path, then on the compiled core: ``(python, compiled)``."""
    with path(False):
        python = run()
    with path(True):
        compiled = run()
    return python, compiled
