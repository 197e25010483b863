"""What standardization did to a graph, step by step: the triples each step removed and added.

The report's toggle between a graph as written and as the metric prepared it lists these changes
(what was de-inverted, dereified, lowercased, dropped as a duplicate). Steps are replayed one by
one from the preset; a metric that prepares more than its preset (translation, S2match's
reference-parser emulation) shows the rest as one final change named after the metric.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from amrmetrics.graph import Graph
from amrmetrics.standardize import STEPS, Preset

Triple = tuple[str, str, str]


@dataclass(frozen=True)
class StepChange:
    """One step's effect on a graph: the triples (``:instance`` for concepts) it removed and added."""

    step: str
    removed: tuple[Triple, ...]
    added: tuple[Triple, ...]


def _difference(before: Iterable[Triple], after: Iterable[Triple]) -> tuple[tuple[Triple, ...], tuple[Triple, ...]]:
    """Multiset differences ``before - after`` and ``after - before``, in the graphs' order."""
    old, new = Counter(before), Counter(after)
    gone, came = old - new, new - old
    return _listed(before, gone), _listed(after, came)


def _listed(triples: Iterable[Triple], wanted: Counter[Triple]) -> tuple[Triple, ...]:
    left = Counter(wanted)
    out = []
    for triple in triples:
        if left[triple] > 0:
            out.append(triple)
            left[triple] -= 1
    return tuple(out)


def trace(graph: Graph, preset: Preset, prepared: Graph, metric: str) -> tuple[StepChange, ...]:
    """The changes of each step of ``preset`` that changed something, from ``graph`` to ``prepared``.

    When the preset's result is not ``prepared`` (the metric prepares more), a last change named
    ``metric`` takes the preset's result to ``prepared``.
    """
    changes = []
    current = graph
    for name in preset.steps:
        after = STEPS[name](current)
        removed, added = _difference(list(current.triples()), list(after.triples()))
        if removed or added or after.root != current.root:
            changes.append(StepChange(name, removed, added))
        current = after
    if current != prepared:
        removed, added = _difference(list(current.triples()), list(prepared.triples()))
        changes.append(StepChange(metric, removed, added))
    return tuple(changes)
