"""SIMPLE: the Jaccard index of the label sets of two graphs (a baseline from the "Better Smatch" study)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from amrmetrics.graph import Graph
from amrmetrics.metrics.base import Metric, PairResult, jaccard
from amrmetrics.standardize import STEPS

STANDARDIZATION = ("lowercase", "conflate-quotes", "deinvert")
"""Steps applied before collecting labels: case and quotes never matter, ``:ARG0-of`` is ``:ARG0``."""


def label_set(graph: Graph) -> frozenset[str]:
    """Every concept, role and constant of a standardized graph (variables never appear)."""
    for step in STANDARDIZATION:
        graph = STEPS[step](graph)
    labels = {concept for _, concept in graph.instances}
    labels.update(role for _, role, _ in graph.relations)
    for _, role, value in graph.attributes:
        labels.add(role)
        labels.add(" ".join(value.split()))
    return frozenset(labels)


@dataclass(frozen=True)
class Simple(Metric):
    """|L_test ∩ L_gold| / |L_test ∪ L_gold| over the label sets (the empty graph earns nothing).

    Statistics per pair: the intersection and union sizes. Macro = mean pair Jaccard (what the
    reference prints per pair); micro = pooled intersections over pooled unions.
    """

    name: ClassVar[str] = "simple"
    stat_names: ClassVar[tuple[str, ...]] = ("intersection", "union")
    score_names: ClassVar[tuple[str, ...]] = ("score",)

    def prepare(self, graph: Graph) -> frozenset[str]:
        return label_set(graph)

    def prepare_key(self) -> str:
        return "simple"

    def pair(self, test: frozenset[str], gold: frozenset[str]) -> PairResult:
        return PairResult((float(len(test & gold)), float(len(test | gold))))

    def scores(self, stats: np.ndarray) -> dict[str, np.ndarray]:
        stats = np.asarray(stats, dtype=np.float64)
        return {"score": jaccard(stats[..., 0], stats[..., 1])}

    def signature_items(self) -> list[tuple[str, str]]:
        return [("std", "+".join(STANDARDIZATION)), ("labels", "set")]
