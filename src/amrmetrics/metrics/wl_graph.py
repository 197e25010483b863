"""The labelled multigraph that the Weisfeiler-Leman metrics (WLK, WWLK) work on.

A standardized :class:`~amrmetrics.graph.Graph` becomes nodes with labels and directed edges with
role labels: every variable is a node labelled with its concept, and every constant gets a node of
its own, labelled with its value, one per attribute triple (the reference attaches a constant that
equals a concept label to that concept's node, in hash order; see ``docs/weisfeiler-leman.md``).
An attribute whose role still ends in ``-of`` after de-inversion (an inverted role onto a
constant) is an edge from the constant's node. The edge-to-node (Levi) transform replaces each
labelled edge by a node carrying the role. Nothing here depends on set or hash order: nodes and
edges follow the graph's triple order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from amrmetrics.graph import Graph
from amrmetrics.standardize.steps import STEPS

Direction = Literal["both", "fromout", "fromin"]
"""Which edges carry messages to a node: both (undirected), out-edges only, in-edges only."""

READING_STEPS: tuple[str, ...] = ("lowercase", "delete-quote-chars", "deinvert-substring", "dedup")
"""The reference reading: Smatch++ 1.5.1's generic standardizer, no root triple, duplicates removed."""

LEVI_ROLE = ":edge"
"""Role of the two unlabelled edges that replace a labelled edge in the edge-to-node transform."""


@dataclass(frozen=True, slots=True)
class WLGraph:
    """Node labels and names, and directed labelled edges ``(source, role, target)`` over node indices.

    ``names`` say what each node stands for in the original graph (a variable, ``var :role value``
    for a constant node, ``source :role target`` for an edge node), for alignments.
    """

    labels: tuple[str, ...]
    names: tuple[str, ...]
    edges: tuple[tuple[int, str, int], ...]

    def __len__(self) -> int:
        """Number of nodes."""
        return len(self.labels)

    def neighbourhoods(self, direction: Direction = "both") -> list[list[tuple[str, int]]]:
        """Per node, the ``(role, neighbour)`` messages it receives, one per edge (a self-loop sends two)."""
        hoods: list[list[tuple[str, int]]] = [[] for _ in self.labels]
        for source, role, target in self.edges:
            if direction in ("both", "fromout"):
                hoods[source].append((role, target))
            if direction in ("both", "fromin"):
                hoods[target].append((role, source))
        return hoods


def standardize(graph: Graph) -> Graph:
    """The reference's reading of a graph: lowercase, quotes deleted, ``-of`` de-inverted, no duplicates."""
    for name in READING_STEPS:
        graph = STEPS[name](graph)
    return graph


def build(graph: Graph, *, e2n: bool = False) -> WLGraph:
    """The WL multigraph of a standardized graph; ``e2n`` applies the edge-to-node transform."""
    index = {var: i for i, (var, _) in enumerate(graph.instances)}
    labels = [concept for _, concept in graph.instances]
    names = [var for var, _ in graph.instances]
    edges: list[tuple[int, str, int]] = []

    def node(var: str, label: str, name: str) -> int:
        found = index.get(var)
        if found is not None:
            return found
        index[var] = len(labels)
        labels.append(label)
        names.append(name)
        return index[var]

    for source, role, target in graph.relations:
        edges.append((node(source, source, source), role, node(target, target, target)))
    for source, role, value in graph.attributes:
        constant = len(labels)
        labels.append(value)
        names.append(f"{source} {role} {value}")
        if role.endswith("-of"):
            edges.append((constant, role[:-3], node(source, source, source)))
        else:
            edges.append((node(source, source, source), role, constant))
    if e2n:
        return _levi(labels, names, edges)
    return WLGraph(tuple(labels), tuple(names), tuple(edges))


def _levi(labels: list[str], names: list[str], edges: Sequence[tuple[int, str, int]]) -> WLGraph:
    """Edge-to-node transform: ``(s, r, t)`` becomes ``s -> n -> t`` with a new node ``n`` labelled ``r``."""
    new_labels, new_names = list(labels), list(names)
    new_edges: list[tuple[int, str, int]] = []
    for source, role, target in edges:
        middle = len(new_labels)
        new_labels.append(role)
        new_names.append(f"{names[source]} {role} {names[target]}")
        new_edges.append((source, LEVI_ROLE, middle))
        new_edges.append((middle, LEVI_ROLE, target))
    return WLGraph(tuple(new_labels), tuple(new_names), tuple(new_edges))
