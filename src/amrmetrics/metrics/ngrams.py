"""Variable-free graph n-grams (SemBLEU): labelled paths of up to n nodes, counted as a multiset.

A :class:`LabelGraph` is a directed graph whose nodes carry labels (a concept or a constant, as a
tuple of tokens) and whose edges carry roles. The n-gram of a path ``u -r1-> v -r2-> w`` is the
token tuple ``lab(u) + (r1,) + lab(v) + (r2,) + lab(w)``; its order is its number of nodes.
Paths never use an edge twice (they may revisit a node through a cycle).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

Label = tuple[str, ...]
"""A node label as tokens: one token per label (``("new york",)``), or whitespace tokens (compat)."""
Ngram = tuple[str, ...]
OutEdge = tuple[int, str, int]
"""``(edge id, role, target node)``"""


@dataclass(frozen=True, slots=True)
class LabelGraph:
    """Nodes ``0..len(labels)-1`` with labels, outgoing edges per node, and where paths start.

    ``starts`` are the nodes whose outgoing paths are counted (every node, or only those the
    reference's traversal reaches); ``size`` is |G| for the brevity penalty (nodes + edges).
    """

    labels: tuple[Label, ...]
    out: tuple[tuple[OutEdge, ...], ...]
    starts: tuple[int, ...]
    size: int


def ngram_counts(graph: LabelGraph, n: int) -> tuple[Counter[Ngram], ...]:
    """Counts of the n-grams of orders 1..n from every start node, one order at a time."""
    labels = graph.labels
    counts = [Counter([labels[start] for start in graph.starts])]
    steps = [[(edge, (role,) + labels[target], target) for edge, role, target in out] if out else () for out in graph.out]
    paths = [(labels[start], start, ()) for start in graph.starts if steps[start]]
    for order in range(2, n + 1):
        if order == n:  # the longest paths are never extended: only their n-grams are built
            counts.append(Counter([gram + suffix for gram, node, used in paths for edge, suffix, _ in steps[node] if edge not in used]))
            break
        paths = [
            (gram + suffix, target, used + (edge,))
            for gram, node, used in paths
            for edge, suffix, target in steps[node]
            if edge not in used
        ]
        counts.append(Counter([path[0] for path in paths]))
    return tuple(counts)


def reachable(out: tuple[tuple[OutEdge, ...], ...], roots: list[int]) -> tuple[int, ...]:
    """Nodes reachable from ``roots`` by outgoing edges, in breadth-first order."""
    seen = dict.fromkeys(roots)
    queue = list(seen)
    for node in queue:
        for _, _, target in out[node]:
            if target not in seen:
                seen[target] = None
                queue.append(target)
    return tuple(queue)
