"""Standardization steps in the compiled core (:mod:`amrmetrics._native`), for graphs with ASCII labels;
and the relations the reference S2match parser files (``s2match:compat=yes``).

``lowercase``, ``conflate-quotes``, ``deinvert``, ``mod-domain``, ``dedup``, ``drop-wiki`` and ``top``
run there exactly as :mod:`amrmetrics.standardize.steps` defines them (the ``smatch`` preset is these
steps); a preset with another step, or a graph with a non-ASCII label (Python's ``str.lower`` is then
Unicode-aware), stays on the Python path.
"""

from __future__ import annotations

from amrmetrics import _native
from amrmetrics.graph import Graph, Relation

if _native.CORE is not None:
    _native.CORE.configure(Graph)


def standardize_natively(graph: Graph, steps: tuple[str, ...]) -> Graph | None:
    """``graph`` with ``steps`` applied in order, or None (the Python path applies them)."""
    core = _native.CORE
    return None if core is None else core.standardize(graph, steps)


def reference_relations_natively(graph: Graph) -> tuple[bool, list[Relation] | None]:
    """``(True, relations)`` with what :func:`~amrmetrics.standardize.s2match_reference.reference_relations`
    answers for ``graph`` (a list, or None), computed by the compiled core; ``(False, None)`` to leave the graph
    to it."""
    core = _native.CORE
    if core is None:
        return False, None
    found = core.s2match_relations(graph)
    return (False, None) if found is NotImplemented else (True, found)
