"""Pairs too large to formulate in full: links between earning node pairs, and a triple-count bound.

Two relation triples with the same label give a link between two node pairs, so two graphs with a
few thousand relations of each common label give millions of links (Little Prince as one
3,580-node document: 2.0 million; 50,000 nodes: hundreds of millions). Above a limit the problem
keeps only the links between node pairs that earn a unary weight (same concept, attribute or
self-loop). Every mapping of such pairs earns exactly its value there, so the value found is a
true lower bound; the upper bound is :func:`triple_ceiling`, which needs no links at all.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Hashable, Iterable, Mapping

import numpy as np

from amrmetrics.graph import Graph, Relation

Edges = Mapping[str, list[tuple[int, int, int]]]
"""Relations by label: (source node, target node, multiplicity), source != target."""


def possible_links(test: Counter[Relation], gold: Counter[Relation]) -> int:
    """How many (test relation, gold relation) pairs between different nodes share a label: the
    links of the full problem, at most."""
    labels = Counter(r for s, r, t in gold if s != t)
    return sum(labels[r] for s, r, t in test if s != t)


def distinct(values: np.ndarray) -> np.ndarray:
    """The distinct values, increasing (by sorting: numpy 2.4's hashing ``np.unique`` is slow)."""
    ordered = np.sort(values)
    return ordered[np.concatenate(([True], ordered[1:] != ordered[:-1]))[: len(ordered)]]


def expand(starts: np.ndarray, counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each i, the indices ``starts[i] .. starts[i] + counts[i] - 1``: (which i, index)."""
    owner = np.repeat(np.arange(len(counts)), counts)
    offset = np.arange(len(owner)) - np.repeat(np.cumsum(counts) - counts, counts)
    return owner, starts[owner] + offset


def links_between(test: Edges, gold: Edges, earning: np.ndarray, n_gold: int, product: bool) -> tuple[np.ndarray, np.ndarray]:
    """The links whose two node pairs both earn a unary weight, as ``(pairs, weights)`` (see
    :class:`~amrmetrics.align.problem.AlignmentProblem`), sorted.

    ``earning`` holds ``i * n_gold + j`` of the earning node pairs, increasing. A test relation
    (i, r, k) meets the gold relations (j, r, l) leaving the earning partners j of i; those whose
    (k, l) earns too are kept, so nothing proportional to all relation pairs is built.
    """
    rows, cols = earning // max(n_gold, 1), earning % max(n_gold, 1)
    found: list[np.ndarray] = []
    amounts: list[np.ndarray] = []
    for label, edges in test.items():
        if label not in gold:
            continue
        t = np.array(edges, dtype=np.int64).reshape(-1, 3)
        g = np.array(sorted(gold[label]), dtype=np.int64).reshape(-1, 3)
        row_start = np.searchsorted(rows, t[:, 0])
        edge, partner = expand(row_start, np.searchsorted(rows, t[:, 0], side="right") - row_start)
        j = cols[partner]
        out_start = np.searchsorted(g[:, 0], j)
        which, gold_edge = expand(out_start, np.searchsorted(g[:, 0], j, side="right") - out_start)
        edge, j = edge[which], j[which]
        k, l = t[edge, 1], g[gold_edge, 1]
        wanted = k * n_gold + l
        at = np.minimum(np.searchsorted(earning, wanted), max(len(earning) - 1, 0))
        keep = earning[at] == wanted if len(earning) else np.zeros(len(wanted), dtype=bool)
        i, j, k, l = t[edge, 0][keep], j[keep], k[keep], l[keep]
        n, n2 = t[edge, 2][keep], g[gold_edge, 2][keep]
        flip = i > k
        found.append(np.where(flip[:, None], np.stack([k, l, i, j], 1), np.stack([i, j, k, l], 1)))
        amounts.append(n * n2 if product else np.minimum(n, n2))
    if not found:
        return np.zeros((0, 4), dtype=np.int64), np.zeros(0)
    quads, weights = np.concatenate(found), np.concatenate(amounts).astype(np.float64)
    if not len(quads):
        return quads, weights
    order = np.lexsort(quads.T[::-1])
    quads, weights = quads[order], weights[order]
    starts = np.flatnonzero(np.concatenate(([True], np.any(quads[1:] != quads[:-1], axis=1))))
    return quads[starts], np.add.reduceat(weights, starts)


def _bound(test: Iterable[tuple[Hashable, int]], gold: Iterable[tuple[Hashable, int]], product: bool) -> int:
    """Most matches between two multisets of (group, multiplicity), one partner per element."""
    sides: list[dict[Hashable, list[int]]] = [defaultdict(list), defaultdict(list)]
    for side, items in zip(sides, (test, gold)):
        for key, n in items:
            side[key].append(n)
    total = 0
    for key, ns in sides[0].items():
        ms = sides[1].get(key)
        if ms:
            total += min(sum(ns) * max(ms), sum(ms) * max(ns)) if product else min(sum(ns), sum(ms))
    return total


def triple_ceiling(test: Graph, gold: Graph, product: bool) -> float:
    """An upper bound on the objective of any mapping, from triple counts alone.

    A mapping sends distinct test triples to distinct gold triples, so per concept, per attribute
    (role, value) and per relation role (self-loops apart) it matches at most the smaller count
    (weighted by the duplicate rule: ``min(k, l)`` per triple, or ``k * l`` when ``product``).
    """

    def items(graph: Graph) -> list[tuple[Hashable, int]]:
        out: list[tuple[Hashable, int]] = [(("instance", c), 1) for _, c in graph.instances]
        out += [(("attribute", r, c), n) for (_, r, c), n in Counter(graph.attributes).items()]
        out += [(("relation", r, s == t), n) for (s, r, t), n in Counter(graph.relations).items()]
        return out

    return float(_bound(items(test), items(gold), product))
