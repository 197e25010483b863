"""The written order of a read graph's relations, recovered from the layout the reader records.

Legacy parsers (SemBLEU's, S2match's ``amr_py3``) build their triples while scanning the text, so
what they keep can depend on where an edge was written: before or after its target's
``(var / concept)``, or as a node's last branch. A :class:`~amrmetrics.graph.Graph` keeps its
instances in text order and each node's relations in written order; walking the tree again,
descending at the edges the reader recorded as definitions (``tree_edges``), restores the text
order of all relations.
"""

from __future__ import annotations

from collections import defaultdict
from typing import NamedTuple

from amrmetrics.graph import Graph, Relation


class WrittenRelation(NamedTuple):
    """One relation at its place in the text."""

    index: int
    """Position in ``graph.relations``."""
    defines: bool
    """The edge is written as its target's definition, ``:role (var / concept)``."""
    seen: bool
    """The target's concept was read before this edge (always False when ``defines``)."""


def recorded_definitions(graph: Graph) -> frozenset[Relation]:
    """The edges the reader recorded as definitions (``tree_edges``), or none when that record no
    longer matches the relations (a graph built in code, or whose variables were renamed)."""
    tree = frozenset(graph.tree_edges)
    return tree if tree <= set(graph.relations) else frozenset()


def written_order(graph: Graph) -> list[WrittenRelation]:
    """The relations reachable from the root along definitions, in the order they were written.

    A graph built without the reader's record of definitions (or whose record no longer matches
    its relations, e.g. after renaming variables) is assumed to define each node at the first
    edge naming it, in instance order.
    """
    order = [var for var, _ in graph.instances]
    if not order:
        return []
    tree = recorded_definitions(graph)
    by_source: dict[str, list[tuple[int, str, str]]] = defaultdict(list)
    for k, (source, role, target) in enumerate(graph.relations):
        by_source[source].append((k, role, target))
    defined = {order[0]}
    written: list[WrittenRelation] = []
    stack = [[order[0], 0]]
    following = 1
    while stack:
        frame = stack[-1]
        branches = by_source.get(frame[0], [])
        if frame[1] == len(branches):
            stack.pop()
            continue
        k, role, target = branches[frame[1]]
        frame[1] += 1
        if target in defined:
            written.append(WrittenRelation(k, False, True))
        elif (frame[0], role, target) in tree if tree else target == order[following]:
            defined.add(target)
            stack.append([target, 0])
            following += 1
            written.append(WrittenRelation(k, True, False))
        else:
            written.append(WrittenRelation(k, False, False))
    return written
