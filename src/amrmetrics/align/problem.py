"""The alignment problem shared by Smatch, S2match and the fine-grained scores.

Given a test and a gold graph, find the one-to-one partial mapping of test nodes to gold nodes
that maximises the number of matching triples. A triple's match depends either on one node pair
(instance and attribute triples, self-loops) or on two (relation triples), so the objective is

    sum_i unary[i, m(i)] + sum_q weights[q] * [m(i_q) = j_q and m(k_q) = l_q]

Graded metrics (S2match) only change ``unary``; the solver never sees graphs. Above
:data:`DENSE_CELLS` node pairs, Smatch's ``unary`` is sparse (a 50,000-node pair would otherwise
need 18.6 GiB for it alone), and above :data:`LINK_LIMIT` possible links the problem is restricted.
"""

from __future__ import annotations

import operator
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import TYPE_CHECKING, Literal

import numpy as np

from amrmetrics.align.large import (
    distinct,
    links_between,
    possible_links,
    triple_ceiling,
)
from amrmetrics.graph import Graph

if TYPE_CHECKING:  # scipy loads only for a pair too large for a dense table (issue: start-up cost)
    from scipy.sparse import csr_array

Duplicates = Literal["min", "product"]

DENSE_CELLS = 1 << 22
"""Up to this many (test, gold) node pairs :func:`build_problem` gives a dense ``unary`` (which
graded and fine-grained metrics edit in place); above, a sparse array of its non-zero entries."""

LINK_LIMIT = 1 << 22
"""Above this many possible links (relation pairs sharing a label; 2.0 million for Little Prince
as one 3,580-node document), :func:`build_problem` keeps only the links between node pairs that
earn a unary weight and sets a ``ceiling`` (:mod:`amrmetrics.align.large`)."""


@dataclass(frozen=True, eq=False)
class AlignmentProblem:
    """Weights of a maximum-weight graph-alignment problem.

    ``unary`` is ``(n_test, n_gold)``, dense or a ``scipy.sparse.csr_array`` (zero elsewhere): what
    mapping test node i to gold node j earns alone.
    ``pairs`` is ``(m, 4)`` with rows ``(i, j, k, l)``, ``i < k`` and ``j != l``: ``weights[q]`` is
    earned when both i -> j and k -> l are chosen. Each (i, j, k, l) appears at most once.
    ``ceiling`` is set when the problem is a restriction of a pair's (see :data:`LINK_LIMIT`): it
    bounds the pair's objective, and any bound computed from this problem alone does not.
    """

    unary: np.ndarray | csr_array
    pairs: np.ndarray
    weights: np.ndarray
    ceiling: float | None = None

    @property
    def shape(self) -> tuple[int, int]:
        """``(n_test, n_gold)``"""
        return self.unary.shape  # type: ignore[return-value]

    def value(self, mapping: Sequence[int]) -> float:
        """Objective of a mapping (``mapping[i]`` = gold node of test node i, or -1)."""
        m = np.asarray(mapping, dtype=np.int64)
        if m.size == 0:
            return 0.0
        rows = np.nonzero(m >= 0)[0]
        total = float(np.asarray(self.unary[rows, m[rows]]).sum()) if len(rows) else 0.0
        if len(self.pairs):
            i, j, k, l = self.pairs.T
            total += float(self.weights[(m[i] == j) & (m[k] == l)].sum())
        return total


_COMBINE: dict[Duplicates, Callable[[int, int], int]] = {"min": min, "product": operator.mul}
"""How a triple repeated k times in test and l times in gold counts, by ``duplicates``."""


def build_problem(
    test: Graph,
    gold: Graph,
    *,
    duplicates: Duplicates = "min",
    instance_weights: np.ndarray | None = None,
) -> AlignmentProblem:
    """Build the problem for two standardized graphs.

    ``duplicates`` says how a triple repeated k times in test and l times in gold counts
    (see :class:`~amrmetrics.standardize.Preset`). ``instance_weights`` replaces the 0/1 equality
    of concepts (``(n_test, n_gold)``, for graded metrics; such problems are never restricted).
    """
    combine = _COMBINE[duplicates]
    test_index = {v: i for i, (v, _) in enumerate(test.instances)}
    gold_index = {v: j for j, (v, _) in enumerate(gold.instances)}
    n1, n2 = len(test_index), len(gold_index)
    if instance_weights is not None and instance_weights.shape != (n1, n2):
        raise ValueError(f"instance_weights has shape {instance_weights.shape}, expected {(n1, n2)}")

    # what unary[rows[q], cols[q]] gains, in order (applied by _unary)
    rows: list[int] = []
    cols: list[int] = []
    amounts: list[float] = []
    if instance_weights is None:
        gold_by_concept: dict[str, list[int]] = defaultdict(list)
        for v, c in gold.instances:
            gold_by_concept[c].append(gold_index[v])
        for v, c in test.instances:
            js = gold_by_concept.get(c)
            if js:
                rows += [test_index[v]] * len(js)
                cols += js
                amounts += [1.0] * len(js)

    if test.attributes and gold.attributes:
        gold_attrs: dict[tuple[str, str], list[tuple[int, int]]] = defaultdict(list)
        for (v, r, c), n in Counter(gold.attributes).items():
            gold_attrs[(r, c)].append((gold_index[v], n))
        for (v, r, c), n in Counter(test.attributes).items():
            for j, n2_ in gold_attrs.get((r, c), ()):
                rows.append(test_index[v])
                cols.append(j)
                amounts.append(combine(n, n2_))

    test_rels, gold_rels = Counter(test.relations), Counter(gold.relations)
    gold_by_label: dict[str, list[tuple[int, int, int]]] = defaultdict(list)
    for (s, r, t), n in gold_rels.items():
        gold_by_label[r].append((gold_index[s], gold_index[t], n))
    for (s, r, t), n in test_rels.items():  # self-loops earn a unary weight
        if s == t:
            for j, l, n2_ in gold_by_label.get(r, ()):
                if j == l:
                    rows.append(test_index[s])
                    cols.append(j)
                    amounts.append(combine(n, n2_))

    large = instance_weights is None and len(test_rels) * len(gold_rels) > LINK_LIMIT
    if large and possible_links(test_rels, gold_rels) > LINK_LIMIT:
        earning = distinct(np.array(rows, dtype=np.int64) * n2 + np.array(cols, dtype=np.int64))
        product = duplicates == "product"
        pairs, weights = links_between(_edges(test_rels, test_index), _edges(gold_rels, gold_index), earning, n2, product)
        return AlignmentProblem(_unary(n1, n2, None, rows, cols, amounts), pairs, weights, triple_ceiling(test, gold, product))

    quads: dict[tuple[int, int, int, int], int] = {}
    for (s, r, t), n in test_rels.items():
        i, k = test_index[s], test_index[t]
        if i == k:
            continue
        for j, l, n2_ in gold_by_label.get(r, ()):
            if j != l:
                key = (i, j, k, l) if i < k else (k, l, i, j)
                quads[key] = quads.get(key, 0) + combine(n, n2_)

    if quads:
        pairs = np.fromiter(chain.from_iterable(quads), dtype=np.int64, count=4 * len(quads)).reshape(-1, 4)
        weights = np.fromiter(quads.values(), dtype=np.float64, count=len(quads))
    else:
        pairs = np.zeros((0, 4), dtype=np.int64)
        weights = np.zeros(0, dtype=np.float64)
    return AlignmentProblem(_unary(n1, n2, instance_weights, rows, cols, amounts), pairs, weights)


def _edges(relations: Counter[tuple[str, str, str]], index: dict[str, int]) -> dict[str, list[tuple[int, int, int]]]:
    """Relations between two different nodes by label: (source, target, multiplicity)."""
    edges: dict[str, list[tuple[int, int, int]]] = defaultdict(list)
    for (s, r, t), n in relations.items():
        if s != t:
            edges[r].append((index[s], index[t], n))
    return edges


def _unary(
    n1: int, n2: int, base: np.ndarray | None, rows: list[int], cols: list[int], amounts: list[float]
) -> np.ndarray | csr_array:
    """``base`` (or zeros) plus the amounts, added in order: dense up to :data:`DENSE_CELLS`
    cells or with a dense ``base``, else sparse (whose entries are integer sums, so exact).
    """
    r, c = np.array(rows, dtype=np.int64), np.array(cols, dtype=np.int64)
    a = np.array(amounts, dtype=np.float64)
    if base is None and n1 * n2 > DENSE_CELLS:
        from scipy.sparse import csr_array

        sparse = csr_array((a, (r, c)), shape=(n1, n2))
        sparse.sum_duplicates()
        return sparse
    unary = np.zeros((n1, n2)) if base is None else np.array(base, dtype=np.float64)
    np.add.at(unary, (r, c), a)
    return unary
