"""Bootstrap confidence intervals over pairs, computed from sufficient statistics only.

Each resample draws pairs with replacement; we draw the *counts* of each pair (a multinomial),
so a resample's pooled statistics are ``counts @ stats`` and its macro score ``counts @ scores / n``.
Graphs are never touched and memory is O(resamples) floats plus one chunk of counts.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from amrmetrics.defaults import DEFAULT_SEED
from amrmetrics.metrics.base import Metric

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


def percentile_interval(values: np.ndarray, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The central percentile interval (e.g. 2.5th and 97.5th percentiles for 95%); NaN draws are ignored."""
    tail = 100 * (1 - confidence) / 2
    values = np.asarray(values, dtype=np.float64)
    values = values[~np.isnan(values)]
    if not len(values):
        return float("nan"), float("nan")
    lo, hi = np.percentile(values, [tail, 100 - tail])
    return float(lo), float(hi)


def too_few_pairs(n: int) -> str | None:
    """Why a corpus of ``n`` pairs gets no interval, or None when it is large enough."""
    if n >= MIN_PAIRS:
        return None
    return f"no interval: {n} pair{'s' if n != 1 else ''} (at least {MIN_PAIRS} needed)"


def confidence_intervals(
    metric: Metric, stats: np.ndarray, resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED
) -> dict[str, Any]:
    """95% percentile-bootstrap intervals of micro and macro scores, or the reason there are none."""
    n = len(stats)
    info: dict[str, Any] = {"method": "percentile", "confidence": CONFIDENCE, "resamples": resamples, "seed": seed}
    if reason := too_few_pairs(n):
        info["reason"] = reason
        return info
    draws = bootstrap_scores(metric, stats, resamples, seed)
    for avg, scores in draws.items():
        info[avg] = {k: percentile_interval(v) for k, v in scores.items()}
    return info
