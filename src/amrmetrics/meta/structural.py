"""Structural consistency: does a metric's score fall in step with the damage done to a graph?

Every gold graph with at least one relation gets nested perturbed copies at each damage level
(:mod:`amrmetrics.meta.perturb`); each copy is written as PENMAN, read back, and scored (as test)
against the original, written and read the same way (as gold). Per metric:

* **ρ**: Spearman's rank correlation between the scores and the actual damage (share of relations
  rewired) over all copies of all graphs; −1 is perfect agreement (the RARE paper correlates with
  1 − damage, so its values are the negatives of these). Scores within 1e-9 tie.
* its percentile-bootstrap interval over **graphs**: a resample draws graphs with replacement and
  keeps all copies of each;
* **monotonicity violations**: over every graph and every two consecutive levels whose actual
  damage rises, how often the score does not fall (is not lower by more than 1e-9).

Identical gold graphs are scored once, and graphs without relations (nothing to rewire) are left
out; both counts are reported.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from amrmetrics.defaults import TIE_TOLERANCE
from amrmetrics.engine.signature import RunSettings, signature
from amrmetrics.graph import Graph
from amrmetrics.meta.perturb import perturb, to_penman
from amrmetrics.meta.ranks import tie_groups, weighted_pearson
from amrmetrics.meta.scoring import Progress, score_graphs
from amrmetrics.metrics.base import Metric
from amrmetrics.read.decode import decode
from amrmetrics.report.jsonable import json_safe
from amrmetrics.stats.bootstrap import resample_counts
from amrmetrics.stats.interval import Interval, percentile_interval

DEFAULT_LEVELS = tuple(round(0.1 * k, 10) for k in range(11))
"""0, 0.1, ..., 1."""


@dataclass(frozen=True)
class Damage:
    """The perturbed pairs of a set of gold graphs: ``(copy, original)`` per graph and level, and the damage."""

    pairs: list[tuple[Graph, Graph]]
    """Graph-major: the copies of graph 0 at every level, then graph 1, ..."""
    damage: np.ndarray
    """``(graphs, levels)`` actual shares of relations rewired."""
    numbers: list[int]
    """1-based file number of each kept graph."""
    duplicates: int
    without_relations: int


@dataclass(frozen=True)
class Consistency:
    """One metric's structural consistency."""

    spec: str
    signature: str
    rho: float
    interval: Interval | None
    violations: int
    steps: int
    mean_scores: list[float] = field(default_factory=list)
    """Mean score at each level."""

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form (fractions)."""
        return {
            "metric": self.spec,
            "signature": self.signature,
            "spearman": json_safe(self.rho),
            "interval": self.interval.as_dict() if self.interval else None,
            "monotonicity": {"violations": self.violations, "steps": self.steps},
            "mean_score_per_level": [json_safe(v) for v in self.mean_scores],
        }


@dataclass(frozen=True)
class StructuralResult:
    """The study over one set of gold graphs."""

    levels: list[float]
    graphs: int
    duplicates: int
    without_relations: int
    mean_damage: list[float]
    metrics: list[Consistency]
    resamples: int
    seed: int
    confidence: float

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "levels": self.levels,
            "graphs": self.graphs,
            "left_out": {"duplicates": self.duplicates, "without_relations": self.without_relations},
            "mean_damage_per_level": self.mean_damage,
            "bootstrap": {"resamples": self.resamples, "seed": self.seed, "confidence": self.confidence, "over": "graphs"},
            "metrics": [m.as_dict() for m in self.metrics],
        }


def _written(graph: Graph) -> Graph:
    """The graph as read back from its PENMAN text (what a user scoring the written copies sees)."""
    return decode(to_penman(graph))


def damaged_pairs(graphs: Sequence[Graph], levels: Sequence[float], seed: int) -> Damage:
    """Perturb every distinct gold graph that has a relation; pair each copy with its original."""
    seen: set[Graph] = set()
    pairs: list[tuple[Graph, Graph]] = []
    damage, numbers = [], []
    duplicates = without = 0
    for number, graph in enumerate(graphs, 1):
        if graph in seen:
            duplicates += 1
            continue
        seen.add(graph)
        if not graph.relations:
            without += 1
            continue
        original = _written(graph)
        copies = perturb(graph, levels, seed, number)
        pairs.extend((_written(c.graph), original) for c in copies)
        damage.append([c.damage for c in copies])
        numbers.append(number)
    return Damage(pairs, np.array(damage, dtype=np.float64).reshape(len(numbers), len(levels)), numbers, duplicates, without)


def _weighted_spearman(gx: np.ndarray, gy: np.ndarray, weights: np.ndarray) -> float:
    """Spearman's ρ of items (tie groups ``gx``, ``gy``) repeated ``weights`` times; NaN when a side is constant.

    An item's rank is the mean of the positions its tie group occupies in the repeated sample.
    """
    present = weights > 0
    if len(np.unique(gx[present])) < 2 or len(np.unique(gy[present])) < 2:
        return float("nan")
    ranks = []
    for groups in (gx, gy):
        totals = np.bincount(groups, weights=weights)
        before = np.cumsum(totals) - totals
        ranks.append((before + (totals + 1.0) / 2.0)[groups])
    return float(weighted_pearson(ranks[0], ranks[1], weights[None, :])[0])


def spearman_over_graphs(
    scores: np.ndarray, damage: np.ndarray, resamples: int, seed: int, confidence: float
) -> tuple[float, Interval | None]:
    """Spearman's ρ of ``(graphs, levels)`` scores against damage, and its bootstrap interval over graphs."""
    gx, gy = tie_groups(scores.ravel(), TIE_TOLERANCE), tie_groups(damage.ravel(), TIE_TOLERANCE)
    rho = _weighted_spearman(gx, gy, np.ones(len(gx)))
    if resamples <= 0 or len(scores) < 2:
        return rho, None
    draws = [
        _weighted_spearman(gx, gy, np.repeat(counts, scores.shape[1]))
        for chunk in resample_counts(len(scores), resamples, seed)
        for counts in chunk
    ]
    return rho, percentile_interval(np.array(draws), confidence)


def monotonicity(scores: np.ndarray, damage: np.ndarray) -> tuple[int, int]:
    """(violations, steps): consecutive levels of a graph with rising damage, and those where the score does not fall."""
    rises = np.diff(damage, axis=1) > 0
    not_falling = np.diff(scores, axis=1) > -TIE_TOLERANCE
    return int((rises & not_falling).sum()), int(rises.sum())


def run_structural(
    graphs: Sequence[Graph],
    metrics: Sequence[Metric],
    *,
    levels: Sequence[float] = DEFAULT_LEVELS,
    seed: int = 12345,
    resamples: int = 1000,
    confidence: float = 0.95,
    jobs: int = 1,
    progress: Progress | None = None,
) -> StructuralResult:
    """Perturb ``graphs`` at ``levels``, score every copy against its original with every metric, and summarise."""
    levels = list(levels)
    damaged = damaged_pairs(graphs, levels, seed)
    advance: Callable[[int], None] | None = progress("structural", len(damaged.pairs)) if progress else None
    scored = score_graphs(damaged.pairs, metrics, jobs=jobs, progress=advance)
    shape = damaged.damage.shape
    rows = []
    for k, metric in enumerate(metrics):
        scores = scored.scores[k].reshape(shape)
        rho, interval = spearman_over_graphs(scores, damaged.damage, resamples, seed, confidence)
        violations, steps = monotonicity(scores, damaged.damage)
        rows.append(
            Consistency(
                metric.spec(), signature(metric, RunSettings()), rho, interval, violations, steps,
                [float(v) for v in scores.mean(axis=0)] if shape[0] else [],
            )
        )
    return StructuralResult(
        levels=levels,
        graphs=shape[0],
        duplicates=damaged.duplicates,
        without_relations=damaged.without_relations,
        mean_damage=[float(v) for v in damaged.damage.mean(axis=0)] if shape[0] else [],
        metrics=rows,
        resamples=resamples,
        seed=seed,
        confidence=confidence,
    )
