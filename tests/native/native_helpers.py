"""Running the same code on the compiled core and on the pure-Python path, in one process.

The comparisons of whole corpora run on a sample by default (every shared and golden data set, a
fixed stride through each, the ``smatch`` preset) so that the suite stays cheap in CI;
``AMRMETRICS_NATIVE_FULL=1`` compares every graph and pair with every preset, and hypothesis draws
more examples.
"""

from __future__ import annotations

import importlib
import os
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


FULL = os.environ.get("AMRMETRICS_NATIVE_FULL") == "1"
"""Compare whole corpora with every preset and draw more examples (``AMRMETRICS_NATIVE_FULL=1``)."""

STRIDE = 1 if FULL else 3
"""Every STRIDE-th graph or pair of each corpus file is compared (all of them under FULL)."""

CORPUS_PRESETS = ("smatch", "smatchpp", "smatch-classic") if FULL else ("smatch",)
"""The presets the whole-corpus comparisons prepare graphs with (the others share the compiled solver)."""


GRADED_WEIGHTS = (0.0, 0.0, 0.0, 0.25, 0.5, 0.61, 0.7071067811865476, 1.0, 1.0, 2.0, 0.1 + 0.2)
"""Unary and link weights: repeated values make ties (several optima), 0.1 + 0.2 an inexact sum."""


def examples(quick: int) -> int:
    """How many examples a hypothesis test draws: ``quick`` by default, four times as many under FULL."""
    return 4 * quick if FULL else quick


def sample(items: list) -> list:
    """Every STRIDE-th item of one corpus file, from a fixed start (deterministic)."""
    return items[::STRIDE]


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


def agree(problem, python, compiled) -> None:
    """Same value, bound and status (bit for bit), and the compiled mapping is worth that value."""
    assert (compiled.value, compiled.upper, compiled.status) == (python.value, python.upper, python.status)
    assert problem.value(compiled.mapping) == compiled.value
