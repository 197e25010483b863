"""Toy metrics for the meta-evaluation tests (registered per test with ``monkeypatch``).

* ``toylabels``: Jaccard index of the label sets (concepts, roles, constants); symmetric, exact.
* ``toyprecision``: share of the test graph's concepts found in the gold graph; asymmetric.
* ``toynoisy``: ``toylabels`` plus seeded noise (a stand-in for a stochastic solver).
* ``toygreedy``: counts every test edge whose (role, target label) occurs in gold, so duplicating a
  matching edge raises precision (vulnerable to the duplicate-edge attack).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import pytest

from amrmetrics.graph import Graph
from amrmetrics.metrics import registry
from amrmetrics.metrics.base import MatchMetric, PairResult, SimilarityMetric


def labels(graph: Graph) -> set[str]:
    """Concept, role and constant labels of a graph."""
    out = {c for _, c in graph.instances}
    out |= {r for _, r, _ in graph.attributes} | {c for _, _, c in graph.attributes}
    out |= {r for _, r, _ in graph.relations}
    return out


@dataclass(frozen=True)
class ToyLabels(SimilarityMetric):
    """Jaccard index of label sets (SIMPLE-like)."""

    name: ClassVar[str] = "toylabels"

    def pair(self, test: Graph, gold: Graph) -> PairResult:
        a, b = labels(test), labels(gold)
        return self.result(len(a & b) / len(a | b) if a | b else 1.0)


@dataclass(frozen=True)
class ToyPrecision(SimilarityMetric):
    """Share of the test concepts that occur among the gold concepts (asymmetric)."""

    name: ClassVar[str] = "toyprecision"
    symmetric: ClassVar[bool] = False

    def pair(self, test: Graph, gold: Graph) -> PairResult:
        concepts = [c for _, c in test.instances]
        known = {c for _, c in gold.instances}
        return self.result(sum(c in known for c in concepts) / len(concepts) if concepts else 1.0)


@dataclass(frozen=True)
class ToyNoisy(SimilarityMetric):
    """Label Jaccard plus noise drawn from a generator seeded by ``seed`` and the pair's sizes."""

    name: ClassVar[str] = "toynoisy"
    seed: int = 0

    def pair(self, test: Graph, gold: Graph) -> PairResult:
        a, b = labels(test), labels(gold)
        rng = np.random.Generator(np.random.PCG64([self.seed, len(test), len(gold)]))
        base = len(a & b) / len(a | b) if a | b else 1.0
        return self.result(min(1.0, max(0.0, base + rng.uniform(-0.05, 0.05))))


@dataclass(frozen=True)
class ToyGreedy(MatchMetric):
    """Edges matched by (role, target label), every test copy counted: duplicates inflate it."""

    name: ClassVar[str] = "toygreedy"
    stat_names: ClassVar[tuple[str, ...]] = ("matched", "n_test", "n_gold")

    def pair(self, test: Graph, gold: Graph) -> PairResult:
        def keyed(graph: Graph) -> list[tuple[str, str]]:
            concepts = graph.concepts
            return [(r, concepts.get(t, t)) for _, r, t in graph.attributes + graph.relations]

        t, g = keyed(test), set(keyed(gold))
        matched = sum(edge in g for edge in t)
        n_gold = len(keyed(gold))
        return PairResult((float(min(matched, n_gold)), float(len(t)), float(n_gold)))


@dataclass(frozen=True)
class ToyPartial(SimilarityMetric):
    """Label Jaccard, undefined (NaN) when the test graph has no relation (a metric that may not apply)."""

    name: ClassVar[str] = "toypartial"

    def pair(self, test: Graph, gold: Graph) -> PairResult:
        if not test.relations:
            return self.result(float("nan"))
        return ToyLabels().pair(test, gold)


TOYS = {
    "toylabels": "meta_toys:ToyLabels",
    "toyprecision": "meta_toys:ToyPrecision",
    "toynoisy": "meta_toys:ToyNoisy",
    "toygreedy": "meta_toys:ToyGreedy",
}


def register_toys(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the toy metrics (for one test: ``monkeypatch`` undoes it)."""
    for name, target in TOYS.items():
        monkeypatch.setitem(registry.METRICS, name, target)
