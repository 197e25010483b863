"""Graph similarity against human ratings: Pearson's r, Spearman's rho (bootstrap intervals), RMSE.

Human scores are min-max normalised to [0, 1] (the observed minimum and maximum, as BAMBOO's
evaluator does, or a given scale such as 0-5), so RMSE compares them with metric scores
(fractions) on one scale; the correlations do not depend on the normalisation.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from amrmetrics.defaults import DEFAULT_SEED
from amrmetrics.engine.signature import RunSettings, signature
from amrmetrics.errors import DataError
from amrmetrics.meta.correlation import pearson, spearman
from amrmetrics.meta.ranks import weighted_pearson, weighted_spearman
from amrmetrics.meta.scoring import Progress, score_entries
from amrmetrics.metrics.base import Metric
from amrmetrics.read import CorpusError, Entry, OnError
from amrmetrics.report.jsonable import json_safe
from amrmetrics.stats.bootstrap import resample_counts
from amrmetrics.stats.interval import Interval, percentile_interval

DEFAULT_RESAMPLES = 1000
DEFAULT_CONFIDENCE = 0.95


def read_human_scores(path: str | os.PathLike[str], *, column: int = 0, header: bool = False) -> np.ndarray:
    """Human scores from a text file: one row per pair, field ``column`` (0-based) of tab-separated fields.

    ``header`` skips the first line. Blank lines are ignored; a field that is not a number is an error.
    """
    try:
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except FileNotFoundError:
        raise CorpusError(f"{path}: no such file") from None
    values = []
    for n, line in enumerate(lines, 1):
        if (header and n == 1) or not line.strip():
            continue
        fields = line.split("\t")
        if column >= len(fields):
            raise CorpusError(f"{path}: line {n} has {len(fields)} tab-separated field(s), no column {column}")
        try:
            values.append(float(fields[column]))
        except ValueError:
            raise CorpusError(f"{path}: line {n}, column {column}: {fields[column]!r} is not a number") from None
    return np.array(values, dtype=np.float64)


def normalise(scores: np.ndarray, scale: tuple[float, float] | None = None) -> np.ndarray:
    """Map scores linearly onto [0, 1]: ``scale`` = (worst, best), default the observed min and max."""
    scores = np.asarray(scores, dtype=np.float64)
    low, high = scale if scale is not None else (float(scores.min()), float(scores.max()))
    if high == low:
        raise DataError("cannot normalise human scores: they are all equal")
    return (scores - low) / (high - low)


@dataclass(frozen=True)
class Agreement:
    """How one metric's pair scores agree with (normalised) human scores."""

    spec: str
    signature: str
    pairs: int
    pearson: float
    spearman: float
    rmse: float
    mean: float
    """Mean metric score (fraction)."""
    pearson_interval: Interval | None = None
    spearman_interval: Interval | None = None

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""

        def ci(interval: Interval | None) -> dict[str, Any] | None:
            return None if interval is None else interval.as_dict()

        return {
            "metric": self.spec,
            "signature": self.signature,
            "pairs": self.pairs,
            "pearson": json_safe(self.pearson),
            "pearson_interval": ci(self.pearson_interval),
            "spearman": json_safe(self.spearman),
            "spearman_interval": ci(self.spearman_interval),
            "rmse": json_safe(self.rmse),
            "mean_score": json_safe(self.mean),
        }


def agreement(
    spec: str,
    sig: str,
    scores: np.ndarray,
    human: np.ndarray,
    *,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    confidence: float = DEFAULT_CONFIDENCE,
) -> Agreement:
    """Pearson, Spearman (with percentile-bootstrap intervals over pairs) and RMSE of one metric.

    ``human`` must already be normalised to [0, 1]; RMSE = sqrt(mean((score - human)^2)).
    """
    scores, human = np.asarray(scores, dtype=np.float64), np.asarray(human, dtype=np.float64)
    if len(scores) != len(human):
        raise ValueError(f"{len(scores)} metric scores but {len(human)} human scores")
    finite = bool(np.all(np.isfinite(scores)))
    p_ci = s_ci = None
    if resamples > 0 and finite and len(scores) > 1:
        p_draws, s_draws = [], []
        for counts in resample_counts(len(scores), resamples, seed):
            p_draws.append(weighted_pearson(scores, human, counts))
            s_draws.append(weighted_spearman(scores, human, counts))
        p_ci = percentile_interval(np.concatenate(p_draws), confidence)
        s_ci = percentile_interval(np.concatenate(s_draws), confidence)
    n = len(scores)
    return Agreement(
        spec=spec,
        signature=sig,
        pairs=n,
        pearson=pearson(scores, human),
        spearman=spearman(scores, human),
        rmse=float(np.sqrt(np.mean((scores - human) ** 2))) if n else float("nan"),
        mean=float(scores.mean()) if n else float("nan"),
        pearson_interval=p_ci,
        spearman_interval=s_ci,
    )


def run_similarity(
    a: Sequence[Entry],
    b: Sequence[Entry],
    human: np.ndarray,
    metrics: Sequence[Metric],
    *,
    scale: tuple[float, float] | None = None,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    confidence: float = DEFAULT_CONFIDENCE,
    on_error: OnError = "fail",
    jobs: int = 1,
    progress: Progress | None = None,
) -> list[Agreement]:
    """Score each pair (graph of A as test, graph of B as gold) and compare with the human scores."""
    if not len(a) == len(b) == len(human):
        raise CorpusError(f"{len(a)} graphs in A, {len(b)} in B and {len(human)} human scores: they must be equal")
    target = normalise(human, scale)
    advance = progress("A vs B", len(a)) if progress else None
    scored = score_entries(list(zip(a, b)), metrics, on_error=on_error, jobs=jobs, progress=advance)
    settings = RunSettings(
        on_error=on_error, affected=scored.run.zeroed, bootstrap=resamples or None, seed=seed if resamples else None
    )
    return [
        agreement(
            m.spec(), signature(m, settings), scored.scores[k], target,
            resamples=resamples, seed=seed, confidence=confidence,
        )
        for k, m in enumerate(scored.run.metrics)
    ]
