"""The optional compiled core, and the one switch that turns it off.

``pip install .`` builds the C++ extension ``amrmetrics._native._core`` where a compiler exists
(setup.py: an optional extension on Python's stable ABI); without one the package installs without
it and every function runs in Python. The core sits below reading, standardizing and aligning:
each layer asks :func:`core` for it and hands work to it only where its answer is the Python
path's, bit for bit (tests run both paths and compare). ``AMRMETRICS_NATIVE=0`` forces the Python
path. This module imports no layer of amrmetrics.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

SWITCH = "AMRMETRICS_NATIVE"
"""The environment variable that turns the compiled core off (``0``, ``no``, ``off`` or ``false``)."""

_OFF = frozenset({"0", "no", "off", "false"})


def _load() -> tuple[ModuleType | None, str]:
    """The compiled module (or None) and a short status for people."""
    if os.environ.get(SWITCH, "").strip().lower() in _OFF:
        return None, f"off ({SWITCH}={os.environ[SWITCH]})"
    try:
        module = importlib.import_module("amrmetrics._native._core")
    except ImportError:
        return None, "not built (pure Python)"
    return module, "active"


CORE, STATUS = _load()
"""The compiled module when it is built and not switched off, else None; and what that means."""


def core() -> ModuleType | None:
    """The compiled module, or None when the Python path must run."""
    return CORE


def describe() -> str:
    """One line for ``--version`` and ``amrmetrics metrics``: whether the native core is active."""
    return f"native core: {STATUS}"
