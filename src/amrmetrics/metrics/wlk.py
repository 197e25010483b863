"""WLK: the Weisfeiler-Leman kernel similarity of two AMR graphs (Opitz, Daza & Frank 2021).

Each graph becomes a few sets of features: iteration 0 is the set of node labels and the set of
``source_role_target`` label triples; each of ``k`` WL iterations relabels every node by the
sorted list of its own label and its neighbours' ``role_label`` strings, and contributes the set
of new labels. Sets of iteration ``i`` are weighted ``1/(1+i)``; the score is the cosine of the
concatenated binary vectors. Features are per graph, so a corpus similarity matrix is one sparse
matrix product (:meth:`WLK.matrix`). Relabelling is per node and nothing depends on hash order
(the reference's two order-dependent defects are fixed; see ``docs/weisfeiler-leman.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from amrmetrics.graph import Graph
from amrmetrics.metrics.base import PairResult, SimilarityMetric
from amrmetrics.metrics.wl_graph import Direction, WLGraph, build, standardize

ROWS_PER_CHUNK = 512
"""Rows of the similarity matrix computed per sparse product in :meth:`WLK.matrix`."""

Features = tuple[frozenset[str], ...]
"""Per graph: node labels, label triples, then the node labels after each WL iteration."""


def wl_features(graph: WLGraph, k: int, direction: Direction = "both") -> Features:
    """The feature sets of one graph: node labels, label triples, and the labels of ``k`` WL iterations."""
    labels = list(graph.labels)
    blocks = [
        frozenset(labels),
        frozenset(f"{labels[s]}_{role}_{labels[t]}" for s, role, t in graph.edges),
    ]
    hoods = graph.neighbourhoods(direction)
    for _ in range(k):
        labels = [
            " ::: ".join(sorted([labels[v]] + [f"{role}_{labels[u]}" for role, u in hood]))
            for v, hood in enumerate(hoods)
        ]
        blocks.append(frozenset(labels))
    return tuple(blocks)


def block_weights(k: int) -> tuple[float, ...]:
    """Squared weight of each feature block: 1 for labels and triples, ``(1/(1+i))**2`` for iteration i."""
    weights = [1.0, 1.0] + [1.0 / (1 + i) for i in range(1, k + 1)]
    return tuple(w * w for w in weights)


def cosine_from_counts(dot: Any, norm_a: Any, norm_b: Any) -> Any:
    """``dot / sqrt(norm_a * norm_b)``, 0 where a norm is 0 (floats or arrays, same operations)."""
    denominator = np.sqrt(norm_a * norm_b)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(denominator > 0, dot / np.where(denominator > 0, denominator, 1.0), 0.0)


def weighted_total(counts: Sequence[Any], weights: Sequence[float]) -> Any:
    """``sum(w_b * counts_b)`` accumulated block by block (pairs and matrices add in the same order)."""
    total: Any = 0.0
    for count, w in zip(counts, weights, strict=True):
        total = total + w * count
    return total


@dataclass(frozen=True)
class WLK(SimilarityMetric):
    """Weisfeiler-Leman kernel similarity in [0, 1] (symmetric; 1 for isomorphic graphs).

    Parameters: ``k`` WL iterations (default 2), ``e2n`` (edge-to-node transform: roles become
    nodes), ``direction`` (``both``: messages along every edge; ``fromout``/``fromin``: only from
    out-/in-neighbours). Graphs are read as the reference does: lowercased, quotes deleted, every
    ``-of`` role de-inverted, duplicates removed, every constant its own node.
    """

    name: ClassVar[str] = "wlk"
    notes: ClassVar[tuple[str, ...]] = (
        "every constant is its own node and relabelling is per node (the reference depends on hash order)",
    )

    k: int = 2
    e2n: bool = False
    direction: Direction = "both"

    def __post_init__(self) -> None:
        if self.k < 0:
            raise ValueError("k must be >= 0")
        if self.direction not in ("both", "fromout", "fromin"):
            raise ValueError("direction must be both, fromout or fromin")

    def prepare(self, graph: Graph) -> Features:
        return wl_features(build(standardize(graph), e2n=self.e2n), self.k, self.direction)

    def pair(self, test: Features, gold: Features) -> PairResult:
        weights = block_weights(self.k)
        dot = weighted_total([float(len(a & b)) for a, b in zip(test, gold)], weights)
        norm_a = weighted_total([float(len(a)) for a in test], weights)
        norm_b = weighted_total([float(len(b)) for b in gold], weights)
        return self.result(float(cosine_from_counts(dot, norm_a, norm_b)))

    def matrix(self, prepared: Sequence[Features], progress: Callable[[int], None] | None = None) -> np.ndarray:
        """All-pairs similarities of prepared graphs: one sparse binary matrix per block, then products.

        Rows are done in chunks of :data:`ROWS_PER_CHUNK` (``progress`` is told each chunk's rows), so
        memory stays at a few dense ``n x n`` matrices.
        """
        from scipy import sparse

        n = len(prepared)
        weights = block_weights(self.k)
        blocks = []
        for b in range(len(weights)):
            columns: dict[str, int] = {}
            indptr, indices = [0], []
            for features in prepared:
                indices.extend(columns.setdefault(f, len(columns)) for f in features[b])
                indptr.append(len(indices))
            data = np.ones(len(indices), dtype=np.int32)
            shape = (n, len(columns))
            blocks.append(sparse.csr_matrix((data, np.array(indices, dtype=np.int64), np.array(indptr)), shape=shape))
        sizes = [np.array([len(f[b]) for f in prepared], dtype=np.float64) for b in range(len(weights))]
        norms = weighted_total(sizes, weights)
        out = np.empty((n, n))
        for start in range(0, n, ROWS_PER_CHUNK):
            rows = slice(start, min(n, start + ROWS_PER_CHUNK))
            dot = weighted_total([(x[rows] @ x.T).toarray().astype(np.float64) for x in blocks], weights)
            out[rows] = cosine_from_counts(dot, norms[rows, None], norms[None, :])
            if progress:
                progress(rows.stop - rows.start)
        return out

    def signature_items(self) -> list[tuple[str, str]]:
        return [
            ("k", str(self.k)),
            ("e2n", "yes" if self.e2n else "no"),
            ("direction", self.direction),
            ("nodes", "per-constant"),
        ]
