"""Bootstrap confidence intervals over pairs, computed from sufficient statistics only.

Each resample draws pairs with replacement; we draw the *counts* of each pair (a multinomial),
so a resample's pooled statistics are ``counts @ stats`` and its macro score ``counts @ scores / n``.
Graphs are never touched and memory is O(resamples) floats plus one chunk of counts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from amrmetrics.defaults import DEFAULT_SEED
from amrmetrics.metrics.base import Metric
from amrmetrics.stats.interval import interval_bounds
from amrmetrics.words import counted

DEFAULT_RESAMPLES = 1000
MIN_PAIRS = 10
CONFIDENCE = 0.95
_CHUNK_CELLS = 2_000_000


def resample_counts(n: int, resamples: int, seed: int):
    """Yield chunks of multinomial pair counts, ``(chunk, n)``, deterministic for a seed."""
    rng = np.random.Generator(np.random.PCG64(seed))
    chunk = max(1, min(resamples, _CHUNK_CELLS // max(n, 1)))
    done = 0
    while done < resamples:
        size = min(chunk, resamples - done)
        yield rng.multinomial(n, np.full(n, 1.0 / n), size=size).astype(np.float64)
        done += size


def resampled_means(counts: np.ndarray, scores: np.ndarray) -> np.ndarray:
    """Macro scores of resamples: ``counts`` ``(r, n)`` pair multiplicities, ``scores`` ``(n, s)``.

    NaN pair scores (not applicable) are left out, as in :meth:`Metric.macro`; a resample in
    which a score applies to no pair gives NaN.
    """
    applies = ~np.isnan(scores)
    with np.errstate(divide="ignore", invalid="ignore"):
        return (counts @ np.where(applies, scores, 0.0)) / (counts @ applies)


def bootstrap_scores(metric: Metric, stats: np.ndarray, resamples: int, seed: int) -> dict[str, dict[str, np.ndarray]]:
    """Micro and macro scores of every resample: ``{"micro": {score: (resamples,)}, "macro": ...}``."""
    stats = np.asarray(stats, dtype=np.float64)
    n = len(stats)
    pair_scores = metric.scores(stats)
    names = list(pair_scores)
    score_matrix = np.stack([pair_scores[k] for k in names], axis=1)
    micro: dict[str, list[np.ndarray]] = {k: [] for k in names}
    macro: dict[str, list[np.ndarray]] = {k: [] for k in names}
    for counts in resample_counts(n, resamples, seed):
        pooled = metric.scores(counts @ stats)
        means = resampled_means(counts, score_matrix)
        for c, k in enumerate(names):
            micro[k].append(pooled[k])
            macro[k].append(means[:, c])
    return {
        "micro": {k: np.concatenate(v) for k, v in micro.items()},
        "macro": {k: np.concatenate(v) for k, v in macro.items()},
    }


def too_few_pairs(n: int) -> str | None:
    """Why a corpus of ``n`` pairs gets no interval, or None when it is large enough."""
    if n >= MIN_PAIRS:
        return None
    return f"no interval: {counted(n, 'pair')} (at least {MIN_PAIRS} needed)"


Draws = dict[str, dict[str, np.ndarray]]
"""Bootstrap draws by average and score: ``{"micro": {"F": draws, ...}, "macro": {...}}``."""


def interval_info(
    method: str, pairs: int, resamples: int, seed: int, confidence: float, draws: Callable[[], Draws]
) -> dict[str, Any]:
    """The intervals of ``draws()`` by average and score with how they were made, or the reason there are none.

    ``draws`` is only called when the corpus has enough pairs for an interval.
    """
    info: dict[str, Any] = {"method": method, "confidence": confidence, "resamples": resamples, "seed": seed}
    if reason := too_few_pairs(pairs):
        info["reason"] = reason
        return info
    for avg, scores in draws().items():
        info[avg] = {k: interval_bounds(v, confidence) for k, v in scores.items()}
    return info


def confidence_intervals(
    metric: Metric, stats: np.ndarray, resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED
) -> dict[str, Any]:
    """95% percentile-bootstrap intervals of micro and macro scores, or the reason there are none."""
    return interval_info(
        "percentile", len(stats), resamples, seed, CONFIDENCE, lambda: bootstrap_scores(metric, stats, resamples, seed)
    )
