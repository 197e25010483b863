"""Structural damage for the structural-consistency study: rewire a growing share of a graph's relations.

For one graph with m relation edges (edges between two nodes; concepts and attributes are never
touched) and damage levels p, the copies are nested:

1. The edges are visited once each, in a random order.
2. An edge ``(s, role, t)`` is *rewired* by moving one of its ends to another node: it becomes
   ``(s, role, v)`` or ``(v, role, t)`` with v neither s nor t. A move is valid when the two nodes
   it links have no relation between them (either way) in the original graph nor in the current
   copy, and the graph stays connected (every node linked to every other, ignoring direction).
   The valid moves are tried in random order; an edge with none is left as it is and the next edge
   is tried. (Moving only targets would leave most edges of a tree, those onto leaves, unmovable.)
3. The copy for level p is the graph after the first k(p) = ⌊p·m + ½⌋ rewirings, so a copy at a
   higher level holds every rewiring of the lower ones. When fewer than k(p) edges can be rewired
   (a small or dense graph), the copy holds all that could be; its actual damage, rewired / m,
   is recorded beside the nominal level.

The randomness of graph number n (1-based in its file) comes only from ``(seed, n)``, so a copy
does not depend on which other graphs are perturbed with it. Copies are written as PENMAN by
penman's layout with its AMR model (no role is normalized; an edge written from its target's side
gets ``-of``, and ``:consist-of`` becomes ``:consist-of-of``, as the AMR guidelines read it).
See docs/meta-evaluation.md for how this relates to the RARE procedure of Kachwala et al. (2024).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from amrmetrics.graph import Graph, Relation


@dataclass(frozen=True)
class Copy:
    """One perturbed copy of a graph: its nominal level, how many of its relations were rewired, and the graph."""

    level: float
    rewired: int
    relations: int
    graph: Graph

    @property
    def damage(self) -> float:
        """The share of relation edges rewired (0 for a graph without relations)."""
        return self.rewired / self.relations if self.relations else 0.0


def rewire_count(level: float, relations: int) -> int:
    """k(p) = ⌊p·m + ½⌋: how many of ``relations`` edges level ``level`` rewires (halves round up)."""
    if not 0.0 <= level <= 1.0:
        raise ValueError(f"damage level must be in [0, 1], not {level}")
    return int(np.floor(level * relations + 0.5))


def components(nodes: Sequence[str], relations: Sequence[Relation]) -> int:
    """How many connected parts the nodes form, ignoring edge direction (union-find)."""
    parent = {v: v for v in nodes}

    def root(v: str) -> str:
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    parts = len(parent)
    for source, _, target in relations:
        a, b = root(source), root(target)
        if a != b:
            parent[a] = b
            parts -= 1
    return parts


def _linked(relations: Sequence[Relation]) -> set[frozenset[str]]:
    """The node pairs joined by a relation, either way."""
    return {frozenset((source, target)) for source, _, target in relations}


def _rewire(relations: list[Relation], k: int, nodes: Sequence[str], rng: np.random.Generator, taken: set[frozenset[str]]) -> bool:
    """Move one end of edge ``k`` (in place) to a random valid node; False when no move is valid.

    ``taken`` holds the node pairs linked in the original graph or in the copy so far; the new link
    is added to it.
    """
    source, role, target = relations[k]
    parts = components(nodes, relations)
    moves = [(source, role, v) for v in nodes if v not in (source, target)]
    moves += [(v, role, target) for v in nodes if v not in (source, target)]
    for i in rng.permutation(len(moves)):
        move = moves[int(i)]
        if frozenset((move[0], move[2])) in taken:
            continue
        trial = relations[:k] + [move] + relations[k + 1 :]
        if components(nodes, trial) <= parts:
            relations[k] = move
            taken.add(frozenset((move[0], move[2])))
            return True
    return False


def perturb(graph: Graph, levels: Sequence[float], seed: int, number: int) -> list[Copy]:
    """The nested copies of ``graph`` (graph ``number`` of its file) at each of ``levels``, in that order."""
    relations = list(graph.relations)
    wanted = {level: rewire_count(level, len(relations)) for level in levels}
    rng = np.random.default_rng((seed, number))
    nodes = graph.variables
    taken = _linked(relations)
    snapshots = {0: tuple(relations)}
    rewired = 0
    most = max(wanted.values(), default=0)
    for k in rng.permutation(len(relations)):
        if rewired == most:
            break
        if _rewire(relations, int(k), nodes, rng, taken):
            rewired += 1
            snapshots[rewired] = tuple(relations)
    copies = []
    for level in levels:
        done = min(wanted[level], rewired)
        copies.append(Copy(level, done, len(relations), graph.evolve(relations=snapshots[done])))
    return copies


def to_penman(graph: Graph, metadata: dict[str, str] | None = None) -> str:
    """PENMAN text of a connected graph (penman's layout, rooted at ``graph.root``), metadata lines first."""
    import penman
    from penman.models.amr import model

    triples = [(v, ":instance", c) for v, c in graph.instances] + list(graph.attributes) + list(graph.relations)
    return penman.encode(penman.Graph(triples, top=graph.root, metadata=dict(metadata or {})), model=model)
