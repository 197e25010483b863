"""Standardization steps in the compiled core (:mod:`amrmetrics._native`), for graphs with ASCII labels.

``lowercase``, ``conflate-quotes``, ``deinvert``, ``mod-domain``, ``dedup``, ``drop-wiki`` and ``top``
run there exactly as :mod:`amrmetrics.standardize.steps` defines them (the ``smatch`` preset is these
steps); a preset with another step, or a graph with a non-ASCII label (Python's ``str.lower`` is then
Unicode-aware), stays on the Python path.
"""

from __future__ import annotations

from amrmetrics import _native
from amrmetrics.graph import Graph

if _native.CORE is not None:
    _native.CORE.configure(Graph)


def standardize_natively(graph: Graph, steps: tuple[str, ...]) -> Graph | None:
    """``graph`` with ``steps`` applied in order, or None (the Python path applies them)."""
    core = _native.CORE
    return None if core is None else core.standardize(graph, steps)
