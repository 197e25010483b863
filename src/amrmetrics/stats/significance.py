"""Comparing two systems scored on the same pairs, from their per-pair statistics only.

* **Paired bootstrap** of the difference A − B: both systems are resampled with the *same* pair
  counts (the resamples :mod:`~amrmetrics.stats.bootstrap` draws for one system, so a seed means
  the same resamples everywhere); the interval is the percentile interval of the differences.
* **Approximate randomization** (Noreen 1989; Riezler & Maxwell 2005): under the null hypothesis
  that A and B are exchangeable, swapping their statistics on any subset of pairs is as likely as
  the observed assignment. Each trial swaps every pair with probability 1/2; the two-sided p-value
  is ``(k + 1) / (trials + 1)``, k = trials whose |A' − B'| reaches the observed |A − B|. When
  ``2**pairs <= trials`` every assignment is enumerated instead and the p-value is exact.
* **Wins, ties and losses** of the pair scores; a tie is a difference below 1e-9.

Everything is vectorised over chunks of resamples (memory: one chunk of counts or swap masks plus
O(resamples) floats), seeded, and written against the metric interface, so micro (pool the
statistics, then score) and macro (mean of pair scores) work for every metric.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from amrmetrics.defaults import DEFAULT_TRIALS, TIE_TOLERANCE
from amrmetrics.metrics.base import Metric
from amrmetrics.stats.bootstrap import (
    CONFIDENCE,
    DEFAULT_RESAMPLES,
    DEFAULT_SEED,
    Draws,
    interval_info,
    resample_counts,
    resampled_means,
)

AVERAGES = ("micro", "macro")
_PERMUTATION_STREAM = 1
"""Second entropy word of the permutation generator, so it never repeats the bootstrap's stream."""
_CHUNK_CELLS = 2_000_000

Scores = dict[str, dict[str, float]]
"""``{"micro": {score: value}, "macro": {...}}``"""


def _matrix(metric: Metric, scores: dict[str, np.ndarray]) -> np.ndarray:
    """Stack a ``scores()`` result into ``(..., scores)`` in ``metric.score_names`` order."""
    return np.stack([np.asarray(scores[k], dtype=np.float64) for k in metric.score_names], axis=-1)


def _pair_scores(metric: Metric, stats: np.ndarray) -> np.ndarray:
    """``(pairs, scores)`` matrix of pair scores."""
    return _matrix(metric, metric.scores(stats))


def _weighted_scores(metric: Metric, weights: np.ndarray, stats: np.ndarray, pair_scores: np.ndarray) -> dict[str, np.ndarray]:
    """Micro and macro score matrices ``(rows, scores)`` of pair-weighted corpora (one per row of ``weights``)."""
    return {"micro": _matrix(metric, metric.scores(weights @ stats)), "macro": resampled_means(weights, pair_scores)}


def corpus_scores(metric: Metric, stats: np.ndarray) -> Scores:
    """Micro and macro scores of one system (NaN for an empty corpus, as in corpus reports)."""
    stats = np.asarray(stats, dtype=np.float64)
    if not len(stats):
        return {avg: {k: float("nan") for k in metric.score_names} for avg in AVERAGES}
    return {"micro": metric.micro(stats), "macro": metric.macro(stats)}


def _check(stats_a: np.ndarray, stats_b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    a = np.asarray(stats_a, dtype=np.float64)
    b = np.asarray(stats_b, dtype=np.float64)
    if a.shape != b.shape:
        raise ValueError(f"paired statistics must have the same shape, got {a.shape} and {b.shape}")
    return a, b


def paired_bootstrap(
    metric: Metric, stats_a: np.ndarray, stats_b: np.ndarray, resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED
) -> dict[str, np.ndarray]:
    """Differences A − B of every resample: ``{"micro": (resamples, scores), "macro": ...}``."""
    a, b = _check(stats_a, stats_b)
    score_a, score_b = _pair_scores(metric, a), _pair_scores(metric, b)
    out: dict[str, list[np.ndarray]] = {avg: [] for avg in AVERAGES}
    for counts in resample_counts(len(a), resamples, seed):
        ra = _weighted_scores(metric, counts, a, score_a)
        rb = _weighted_scores(metric, counts, b, score_b)
        for avg in AVERAGES:
            out[avg].append(ra[avg] - rb[avg])
    return {avg: np.concatenate(v) for avg, v in out.items()}


def difference_intervals(
    metric: Metric,
    stats_a: np.ndarray,
    stats_b: np.ndarray,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    confidence: float = CONFIDENCE,
) -> dict[str, Any]:
    """Percentile intervals of A − B (micro and macro, every score), or the reason there are none."""

    def draws() -> Draws:
        matrix = paired_bootstrap(metric, stats_a, stats_b, resamples, seed)
        return {avg: {k: matrix[avg][:, c] for c, k in enumerate(metric.score_names)} for avg in AVERAGES}

    return interval_info("paired percentile bootstrap", len(stats_a), resamples, seed, confidence, draws)


def exact_test(pairs: int, trials: int) -> bool:
    """True when the permutation test of ``pairs`` pairs enumerates every swap (``2**pairs <= trials``):
    its p-value is then exact, and neither ``trials`` nor the seed plays a part."""
    return pairs < 63 and 2**pairs <= trials


def _swap_masks(n: int, trials: int, seed: int) -> tuple[str, int, Iterator[np.ndarray]]:
    """Chunks of 0/1 swap masks ``(chunk, n)``: every assignment if there are at most ``trials``, else random ones."""
    chunk = max(1, _CHUNK_CELLS // max(n, 1))
    if exact_test(n, trials):
        total = 2**n
        bits = np.arange(n, dtype=np.int64)

        def exhaustive() -> Iterator[np.ndarray]:
            for start in range(0, total, chunk):
                codes = np.arange(start, min(start + chunk, total), dtype=np.int64)
                yield ((codes[:, None] >> bits) & 1).astype(np.float64)

        return "exact permutation", total, exhaustive()
    rng = np.random.Generator(np.random.PCG64([seed, _PERMUTATION_STREAM]))

    def random() -> Iterator[np.ndarray]:
        done = 0
        while done < trials:
            size = min(chunk, trials - done)
            yield (rng.random((size, n)) < 0.5).astype(np.float64)  # one draw per cell: chunking never changes the stream
            done += size

    return "approximate randomization", trials, random()


class _Swapper:
    """Scores of A' and B' when the pairs of a mask swap systems, with one matrix product per chunk.

    With S = swap mask: pooled(A') = ΣA + S(B − A) and pooled(B') = ΣA + ΣB − pooled(A'); the
    macro sums and the counts of applicable pairs follow the same rule.
    """

    def __init__(self, metric: Metric, a: np.ndarray, b: np.ndarray) -> None:
        self.metric = metric
        score_a, score_b = _pair_scores(metric, a), _pair_scores(metric, b)
        valid_a, valid_b = (~np.isnan(score_a)).astype(np.float64), (~np.isnan(score_b)).astype(np.float64)
        fill_a, fill_b = np.nan_to_num(score_a, nan=0.0), np.nan_to_num(score_b, nan=0.0)
        self.k, self.s = a.shape[1], score_a.shape[1]
        self.base_a = np.concatenate([a.sum(axis=0), fill_a.sum(axis=0), valid_a.sum(axis=0)])
        self.base_b = np.concatenate([b.sum(axis=0), fill_b.sum(axis=0), valid_b.sum(axis=0)])
        self.delta = np.concatenate([b - a, fill_b - fill_a, valid_b - valid_a], axis=1)

    def _scores(self, columns: np.ndarray) -> dict[str, np.ndarray]:
        k, s = self.k, self.s
        micro = _matrix(self.metric, self.metric.scores(columns[:, :k]))
        with np.errstate(divide="ignore", invalid="ignore"):
            macro = columns[:, k : k + s] / columns[:, k + s :]
        return {"micro": micro, "macro": macro}

    def differences(self, swap: np.ndarray) -> dict[str, np.ndarray]:
        """A' − B' for every mask row: ``{"micro": (rows, scores), "macro": ...}``."""
        moved = swap @ self.delta
        first = self.base_a + moved
        second = self.base_a + self.base_b - first
        ra, rb = self._scores(first), self._scores(second)
        return {avg: ra[avg] - rb[avg] for avg in AVERAGES}


def permutation_test(
    metric: Metric, stats_a: np.ndarray, stats_b: np.ndarray, trials: int = DEFAULT_TRIALS, seed: int = DEFAULT_SEED
) -> dict[str, Any]:
    """Two-sided p-values of A − B for every score, micro and macro: ``{"micro": {score: p}, ...}``.

    A trial whose difference is NaN (a score that applies to no pair after swapping) counts as
    reaching the observed one, so the p-value errs on the large side. An observed NaN gives NaN.
    """
    if trials < 1:
        raise ValueError("trials must be >= 1")
    a, b = _check(stats_a, stats_b)
    swapper = _Swapper(metric, a, b)
    observed = {avg: np.abs(d[0]) for avg, d in swapper.differences(np.zeros((1, len(a)))).items()}
    method, total, masks = _swap_masks(len(a), trials, seed)
    reached = {avg: np.zeros(len(metric.score_names)) for avg in AVERAGES}
    for swap in masks:
        for avg, diff in swapper.differences(swap).items():
            reached[avg] += (np.isnan(diff) | (np.abs(diff) >= observed[avg] - 1e-12)).sum(axis=0)
    exact = method == "exact permutation"
    info: dict[str, Any] = {"method": method, "trials": total, "seed": None if exact else seed}
    for avg in AVERAGES:
        p = reached[avg] / total if exact else (reached[avg] + 1) / (total + 1)
        p = np.where(np.isnan(observed[avg]), np.nan, np.minimum(p, 1.0))
        info[avg] = {k: float(p[c]) for c, k in enumerate(metric.score_names)}
    return info


@dataclass(frozen=True)
class Outcomes:
    """Per-pair wins, ties and losses of A against B on one score.

    ``undefined`` counts pairs where the score does not apply to A or to B (NaN); they are in
    none of the other counts. The study "Better Smatch = Better Parser?" splits ties evenly:
    :attr:`a_split` and :attr:`b_split`.
    """

    wins: int
    ties: int
    losses: int
    undefined: int

    @property
    def a_split(self) -> float:
        """Pairs where A is better, ties counted half."""
        return self.wins + self.ties / 2

    @property
    def b_split(self) -> float:
        """Pairs where B is better, ties counted half."""
        return self.losses + self.ties / 2

    def as_dict(self) -> dict[str, float]:
        """JSON-ready form."""
        return {
            "wins": self.wins,
            "ties": self.ties,
            "losses": self.losses,
            "undefined": self.undefined,
            "a_split": self.a_split,
            "b_split": self.b_split,
        }


def pair_outcomes(scores_a: np.ndarray, scores_b: np.ndarray, tolerance: float = TIE_TOLERANCE) -> Outcomes:
    """Count pairs where A's score is higher, equal within ``tolerance``, or lower than B's."""
    diff = np.asarray(scores_a, dtype=np.float64) - np.asarray(scores_b, dtype=np.float64)
    defined = ~np.isnan(diff)
    d = diff[defined]
    ties = int((np.abs(d) < tolerance).sum())
    wins = int((d >= tolerance).sum())
    return Outcomes(wins=wins, ties=ties, losses=len(d) - wins - ties, undefined=int((~defined).sum()))


@dataclass(frozen=True)
class Comparison:
    """Everything ``compare`` reports about one metric: scores, differences, intervals, p-values, outcomes."""

    score_names: tuple[str, ...]
    pairs: int
    a: Scores
    b: Scores
    intervals: dict[str, Any]
    permutation: dict[str, Any]
    outcomes: dict[str, Outcomes]

    @property
    def diff(self) -> Scores:
        """Corpus score of A minus that of B."""
        return {avg: {k: self.a[avg][k] - self.b[avg][k] for k in self.score_names} for avg in AVERAGES}

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form (fractions, full precision)."""
        rows = {}
        for avg in AVERAGES:
            rows[avg] = {
                k: {
                    "a": self.a[avg][k],
                    "b": self.b[avg][k],
                    "diff": self.diff[avg][k],
                    "interval": list(self.intervals[avg][k]) if avg in self.intervals else None,
                    "p": self.permutation[avg][k],
                }
                for k in self.score_names
            }
        settings = {k: v for k, v in self.intervals.items() if k not in AVERAGES}
        return {
            "pairs": self.pairs,
            **rows,
            "pair_outcomes": {k: o.as_dict() for k, o in self.outcomes.items()},
            "bootstrap": settings,
            "permutation": {k: v for k, v in self.permutation.items() if k not in AVERAGES},
        }


def compare(
    metric: Metric,
    stats_a: np.ndarray,
    stats_b: np.ndarray,
    *,
    resamples: int = DEFAULT_RESAMPLES,
    trials: int = DEFAULT_TRIALS,
    seed: int = DEFAULT_SEED,
) -> Comparison:
    """Compare two systems' ``(pairs, k)`` statistics on the same pairs with one metric."""
    a, b = _check(stats_a, stats_b)
    score_a, score_b = _pair_scores(metric, a), _pair_scores(metric, b)
    return Comparison(
        score_names=tuple(metric.score_names),
        pairs=len(a),
        a=corpus_scores(metric, a),
        b=corpus_scores(metric, b),
        intervals=difference_intervals(metric, a, b, resamples, seed),
        permutation=permutation_test(metric, a, b, trials, seed),
        outcomes={k: pair_outcomes(score_a[:, c], score_b[:, c]) for c, k in enumerate(metric.score_names)},
    )
