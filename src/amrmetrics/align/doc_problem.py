"""The alignment problem of two large graphs, its relation links built with numpy, optionally restricted.

:func:`~amrmetrics.align.problem.build_problem` pairs relation triples one by one in Python, which
takes seconds for two 200-sentence documents (half a million links). This builds the same
problem (same unary weights, same links and weights; links in another order) with array
operations, and can keep only the node pairs a :class:`~amrmetrics.align.restrict.Compatibility` allows, as document Smatch
does, so that the unrestricted links are never made.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from amrmetrics.align.problem import AlignmentProblem, Duplicates, build_problem
from amrmetrics.align.restrict import Compatibility
from amrmetrics.graph import Graph, Relation


def _relations(graph: Graph, index: dict[str, int], roles: dict[str, int]) -> np.ndarray:
    """``(r, 4)`` rows (source, role id, target, multiplicity) of the distinct relations."""
    counted = Counter(graph.relations)
    rows = [(index[s], roles.setdefault(r, len(roles)), index[t], n) for (s, r, t), n in counted.items()]
    return np.array(rows, dtype=np.int64).reshape(-1, 4)


def _combine(k: np.ndarray, l: np.ndarray, duplicates: Duplicates) -> np.ndarray:
    return np.minimum(k, l) if duplicates == "min" else k * l


def build_document_problem(
    test: Graph, gold: Graph, *, duplicates: Duplicates = "min", allowed: Compatibility | None = None
) -> AlignmentProblem:
    """The problem of ``build_problem(test, gold, duplicates=...)``, restricted to ``allowed`` pairs when given."""
    without: dict[str, tuple[Relation, ...]] = {"relations": ()}
    base = build_problem(test.evolve(**without), gold.evolve(**without), duplicates=duplicates)
    unary = np.asarray(base.unary.todense() if hasattr(base.unary, "todense") else base.unary, dtype=np.float64)
    roles: dict[str, int] = {}
    t = _relations(test, {v: i for i, v in enumerate(test.variables)}, roles)
    g = _relations(gold, {v: j for j, v in enumerate(gold.variables)}, roles)
    g = g[np.argsort(g[:, 1], kind="stable")]
    first = np.searchsorted(g[:, 1], np.arange(len(roles) + 1))
    per_test = first[t[:, 1] + 1] - first[t[:, 1]]
    which = np.repeat(np.arange(len(t)), per_test)
    offset = np.arange(len(which)) - np.repeat(np.cumsum(per_test) - per_test, per_test)
    tt, gg = t[which], g[first[t[which, 1]] + offset]
    i, k, j, l = tt[:, 0], tt[:, 2], gg[:, 0], gg[:, 2]
    weight = _combine(tt[:, 3], gg[:, 3], duplicates).astype(np.float64)
    if allowed is not None:
        keep = allowed.allows(i, j) & allowed.allows(k, l)
        i, j, k, l, weight = i[keep], j[keep], k[keep], l[keep], weight[keep]
        unary = np.where(allowed.mask(), unary, 0.0)
    loops = (i == k) & (j == l)
    np.add.at(unary, (i[loops], j[loops]), weight[loops])
    link = (i != k) & (j != l)
    i, j, k, l, weight = i[link], j[link], k[link], l[link], weight[link]
    swap = i > k
    i, j, k, l = np.where(swap, k, i), np.where(swap, l, j), np.where(swap, i, k), np.where(swap, j, l)
    n_test, n_gold = unary.shape
    key = ((i * n_gold + j) * n_test + k) * n_gold + l
    distinct, inverse = np.unique(key, return_inverse=True)
    weights = np.bincount(inverse.ravel(), weights=weight, minlength=len(distinct))
    k_, l_ = distinct // n_gold % n_test, distinct % n_gold
    ij = distinct // (n_gold * n_test)
    pairs = np.stack([ij // n_gold, ij % n_gold, k_, l_], axis=1).reshape(-1, 4).astype(np.int64)
    return AlignmentProblem(unary, pairs, weights)
