"""Tiny metrics written only against the metric interface (no alignment, no solver).

They show what a new metric must provide, and let the statistics, the engine, the reports and
the ``compare`` command be tested on their own.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from amrmetrics.graph import Graph
from amrmetrics.metrics.base import MatchMetric, Metric, PairResult, SimilarityMetric, prf


@dataclass(frozen=True)
class ConceptBag(MatchMetric):
    """Multiset overlap of concepts: statistics (matched, |test|, |gold|)."""

    name: ClassVar[str] = "toy-bag"
    stat_names: ClassVar[tuple[str, ...]] = ("matched", "n_test", "n_gold")

    lower: bool = True

    def prepare(self, graph: Graph) -> Counter[str]:
        return Counter(c.lower() if self.lower else c for _, c in graph.instances)

    def pair(self, test: Counter[str], gold: Counter[str]) -> PairResult:
        matched = sum((test & gold).values())
        return PairResult((float(matched), float(sum(test.values())), float(sum(gold.values()))))


@dataclass(frozen=True)
class ConceptJaccard(SimilarityMetric):
    """Jaccard index of the concept sets (1 for two empty graphs)."""

    name: ClassVar[str] = "toy-jaccard"

    def prepare(self, graph: Graph) -> frozenset[str]:
        return frozenset(c for _, c in graph.instances)

    def pair(self, test: frozenset[str], gold: frozenset[str]) -> PairResult:
        union = test | gold
        return self.result(len(test & gold) / len(union) if union else 1.0)


@dataclass(frozen=True)
class ToyAspects(Metric):
    """Two aspects, Concepts (multiset) and Negation (concepts carrying :polarity); absent = not applicable."""

    name: ClassVar[str] = "toy-aspects"
    aspects: ClassVar[tuple[str, ...]] = ("Concepts", "Negation")
    stat_names: ClassVar[tuple[str, ...]] = tuple(f"{a}.{s}" for a in aspects for s in ("matched", "n_test", "n_gold"))
    score_names: ClassVar[tuple[str, ...]] = tuple(f"{a}.{s}" for a in aspects for s in "PRF")

    def prepare(self, graph: Graph) -> tuple[Counter[str], Counter[str]]:
        concepts = graph.concepts
        negated = Counter(concepts[v] for v, r, _ in graph.attributes if r == ":polarity")
        return Counter(concepts.values()), negated

    def pair(self, test: tuple[Counter[str], ...], gold: tuple[Counter[str], ...]) -> PairResult:
        stats: list[float] = []
        for t, g in zip(test, gold):
            stats += [float(sum((t & g).values())), float(sum(t.values())), float(sum(g.values()))]
        return PairResult(tuple(stats))

    def scores(self, stats: np.ndarray) -> dict[str, np.ndarray]:
        stats = np.asarray(stats, dtype=np.float64)
        out = {}
        for i, aspect in enumerate(self.aspects):
            m, t, g = stats[..., 3 * i], stats[..., 3 * i + 1], stats[..., 3 * i + 2]
            absent = (t == 0) & (g == 0)
            for k, v in prf(m, t, g).items():
                out[f"{aspect}.{k}"] = np.where(absent, np.nan, v)
        return out

    def summary(self, stats: np.ndarray) -> dict:
        stats = np.asarray(stats, dtype=np.float64).reshape(len(stats), len(self.aspects), 3)
        pooled = stats.sum(axis=0)
        return {
            "aspects": {
                a: {
                    "matched": float(pooled[i, 0]),
                    "n_test": float(pooled[i, 1]),
                    "n_gold": float(pooled[i, 2]),
                    "pairs": int(((stats[:, i, 1] > 0) | (stats[:, i, 2] > 0)).sum()),
                }
                for i, a in enumerate(self.aspects)
            }
        }
