"""The parse-quality study of "Better Smatch = Better Parser?" (Opitz & Frank 2022).

For every sentence two candidate parses A and B are scored against one reference by each metric,
and people said which candidate is better and whether each is acceptable. Per metric:

* **P** — sentences where the metric prefers A, prefers B, or ties (ties split evenly);
* **S** — the corpus score of A's and of B's parses (micro and macro);
* **PA** — pairwise accuracy: over sentences with a human preference and no metric tie, the share
  where the metric prefers the candidate people preferred;
* **AΔ** — rank all 2n candidates by the metric (average ranks); median rank of the acceptable
  candidates minus median rank of the unacceptable ones;
* seeded bootstrap intervals of PA and AΔ over sentences, and whether random (PA 0.5, AΔ 0) is
  outside them; Spearman's rho between metrics over all candidates.

``compat=True`` reproduces the two known quirks of the study's public evaluator (:data:`QUIRKS`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from amrmetrics.defaults import DEFAULT_SEED, TIE_TOLERANCE
from amrmetrics.meta.correlation import spearman_matrix
from amrmetrics.meta.labels import Labels
from amrmetrics.meta.ranks import tie_groups, weighted_average_ranks, weighted_median
from amrmetrics.report.jsonable import json_safe
from amrmetrics.stats.bootstrap import resample_counts
from amrmetrics.stats.interval import Interval, percentile_interval, tail_percentile

DEFAULT_RESAMPLES = 10_000
"""Bootstrap resamples of sentences (the study used 10,000)."""
DEFAULT_CONFIDENCE = 0.90
"""Central interval between the 5th and 95th percentiles, as in the study."""
COMPAT_MARGIN = 1e-4
"""The public evaluator's preference threshold on m(A) - m(B)."""
RANDOM_PA = 0.5
RANDOM_DELTA = 0.0

QUIRKS: dict[str, str] = {
    "ties-to-b": (
        "P counts metric ties as wins for B (the public evaluator: A wins when m(A) - m(B) > 0.0001, "
        "B wins when m(A) - m(B) < 0.0001)"
    ),
    "acceptability-columns": (
        "AΔ reads acceptability from the wrong label columns (the public evaluator: A's from the preference "
        "column, where 0.5 drops the candidate, and B's from A's acceptability column)"
    ),
}
"""The public evaluator's known quirks, reproduced by ``compat=True`` and named in every output."""


@dataclass(frozen=True)
class Preference:
    """How often a judge (metric or people) prefers A, prefers B, or ties, and the resulting P."""

    wins_a: int
    wins_b: int
    ties: int
    a: float
    """P of A: wins of A plus half the ties (compat: wins of A)."""
    b: float
    """P of B: wins of B plus half the ties (compat: wins of B, ties included)."""

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"wins_a": self.wins_a, "wins_b": self.wins_b, "ties": self.ties, "a": self.a, "b": self.b}


@dataclass(frozen=True)
class PairwiseAccuracy:
    """PA with its counts: ``counted`` sentences had a human preference and no metric tie."""

    value: float
    agree: int
    counted: int
    preferred: int
    """Sentences with a human preference (label 1 or 0)."""
    metric_ties: int
    """Of those, sentences left out because the metric scores A and B equally."""
    interval: Interval | None = None

    @property
    def random_outside(self) -> bool | None:
        """Whether the random baseline (0.5) lies outside the interval (None without one)."""
        return None if self.interval is None else self.interval.excludes(RANDOM_PA)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "value": json_safe(self.value),
            "agree": self.agree,
            "counted": self.counted,
            "human_preferences": self.preferred,
            "metric_ties_excluded": self.metric_ties,
            "interval": None if self.interval is None else self.interval.as_dict(),
            "random_outside": self.random_outside,
        }


@dataclass(frozen=True)
class AcceptanceDelta:
    """AΔ with its counts of acceptable and unacceptable candidates."""

    value: float
    acceptable: int
    unacceptable: int
    interval: Interval | None = None

    @property
    def random_outside(self) -> bool | None:
        """Whether the random baseline (0) lies outside the interval (None without one)."""
        return None if self.interval is None else self.interval.excludes(RANDOM_DELTA)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "value": json_safe(self.value),
            "acceptable": self.acceptable,
            "unacceptable": self.unacceptable,
            "interval": None if self.interval is None else self.interval.as_dict(),
            "random_outside": self.random_outside,
        }


@dataclass(frozen=True)
class MetricStudy:
    """Everything the study reports about one metric."""

    spec: str
    signature: str
    preference: Preference
    score_a: dict[str, float]
    """``{"micro": ..., "macro": ...}`` headline score of A's parses."""
    score_b: dict[str, float]
    pairwise: PairwiseAccuracy
    delta: AcceptanceDelta

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "metric": self.spec,
            "signature": self.signature,
            "P": self.preference.as_dict(),
            "S": {"a": _json_dict(self.score_a), "b": _json_dict(self.score_b)},
            "PA": self.pairwise.as_dict(),
            "A_delta": self.delta.as_dict(),
        }


@dataclass(frozen=True)
class StudyResult:
    """The whole study: the human row, one row per metric, and the inter-metric Spearman matrix."""

    sentences: int
    compat: bool
    resamples: int
    seed: int
    confidence: float
    human: Preference
    human_acceptable: tuple[float, float]
    """Share of acceptable parses of A and of B."""
    metrics: list[MetricStudy]
    spearman: np.ndarray
    quirks: tuple[str, ...] = field(default=())

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form (fractions, full precision)."""
        return {
            "sentences": self.sentences,
            "compat": self.compat,
            "quirks": [QUIRKS[q] for q in self.quirks],
            "bootstrap": {
                "resamples": self.resamples,
                "seed": self.seed,
                "confidence": self.confidence,
                "percentiles": [tail_percentile(self.confidence), 100 - tail_percentile(self.confidence)],
                "unit": "sentence",
            },
            "human": {
                "P": self.human.as_dict(),
                "acceptable": {"a": self.human_acceptable[0], "b": self.human_acceptable[1]},
            },
            "metrics": [m.as_dict() for m in self.metrics],
            "spearman": {
                "metrics": [m.spec for m in self.metrics],
                "matrix": [[json_safe(v) for v in row] for row in self.spearman],
            },
        }


def _json_dict(values: dict[str, float]) -> dict[str, float | None]:
    return {k: json_safe(v) for k, v in values.items()}


def metric_preference(a: np.ndarray, b: np.ndarray, *, compat: bool = False, tol: float = TIE_TOLERANCE) -> Preference:
    """P of a metric from its per-sentence scores of A and B.

    Differences within ``tol`` are ties, split evenly. ``compat``: A wins when m(A) - m(B) > 0.0001
    and B wins when m(A) - m(B) < 0.0001, so ties (and tiny wins of A) go to B.
    """
    diff = np.asarray(a, dtype=np.float64) - np.asarray(b, dtype=np.float64)
    ties = int((np.abs(diff) <= tol).sum())
    if compat:
        wins_a, wins_b = int((diff > COMPAT_MARGIN).sum()), int((diff < COMPAT_MARGIN).sum())
        return Preference(wins_a, wins_b, ties, float(wins_a), float(wins_b))
    wins_a, wins_b = int((diff > tol).sum()), int((diff < -tol).sum())
    return Preference(wins_a, wins_b, ties, wins_a + ties / 2, wins_b + ties / 2)


def human_preference(labels: Labels) -> Preference:
    """P of the people: preference 1 is a win of A, 0 a win of B, 0.5 a tie (split evenly)."""
    wins_a = int((labels.preference == 1.0).sum())
    wins_b = int((labels.preference == 0.0).sum())
    ties = int((labels.preference == 0.5).sum())
    return Preference(wins_a, wins_b, ties, wins_a + ties / 2, wins_b + ties / 2)


def acceptability(labels: Labels, *, compat: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Acceptability of A and of B (1, 0, or NaN = not used by AΔ).

    ``compat`` reads them as the public evaluator does: A's from the preference column (0.5 gives
    NaN) and B's from A's acceptability column.
    """
    if not compat:
        return labels.acceptable_a.astype(np.float64), labels.acceptable_b.astype(np.float64)
    acc_a = np.where(labels.preference == 0.5, np.nan, labels.preference)
    return acc_a.astype(np.float64), labels.acceptable_a.astype(np.float64)


def _ratio(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(denominator > 0, numerator / np.where(denominator > 0, denominator, 1), np.nan)


def pairwise_accuracy(
    a: np.ndarray,
    b: np.ndarray,
    preference: np.ndarray,
    *,
    resamples: int = 0,
    seed: int = DEFAULT_SEED,
    confidence: float = DEFAULT_CONFIDENCE,
    tol: float = TIE_TOLERANCE,
) -> PairwiseAccuracy:
    """PA = agreements / (sentences with a human preference and no metric tie); NaN when none.

    A sentence where a score is undefined (NaN) is left out like a metric tie.

    With ``resamples`` > 0, a percentile interval from that many resamples of sentences.
    """
    diff = np.asarray(a, dtype=np.float64) - np.asarray(b, dtype=np.float64)
    metric_sign = np.where(diff > tol, 1.0, np.where(diff < -tol, -1.0, 0.0))
    human_sign = np.sign(np.asarray(preference, dtype=np.float64) - 0.5)
    product = metric_sign * human_sign
    agree, counted = (product > 0).astype(np.float64), (product != 0).astype(np.float64)
    value = float(_ratio(agree.sum(), counted.sum()))
    interval = None
    if resamples > 0 and len(diff):
        draws = np.concatenate(
            [_ratio(c @ agree, c @ counted) for c in resample_counts(len(diff), resamples, seed)]
        )
        interval = percentile_interval(draws, confidence)
    return PairwiseAccuracy(
        value=value,
        agree=int(agree.sum()),
        counted=int(counted.sum()),
        preferred=int((human_sign != 0).sum()),
        metric_ties=int(((human_sign != 0) & (metric_sign == 0)).sum()),
        interval=interval,
    )


def _delta(ranks: np.ndarray, weights: np.ndarray, accepted: np.ndarray, rejected: np.ndarray) -> np.ndarray:
    """Median rank difference; ``accepted`` and ``rejected`` index candidates in ascending score order."""
    high = weighted_median(ranks[:, accepted], weights[:, accepted], presorted=True)
    return high - weighted_median(ranks[:, rejected], weights[:, rejected], presorted=True)


def acceptance_delta(
    a: np.ndarray,
    b: np.ndarray,
    acceptable_a: np.ndarray,
    acceptable_b: np.ndarray,
    *,
    resamples: int = 0,
    seed: int = DEFAULT_SEED,
    confidence: float = DEFAULT_CONFIDENCE,
    tol: float = TIE_TOLERANCE,
) -> AcceptanceDelta:
    """AΔ = median rank of acceptable candidates - median rank of unacceptable ones.

    All 2n candidates (A's then B's) are ranked together by score, ties sharing their average rank
    (1 = lowest score). NaN when either group is empty or a score is undefined (NaN). A resample draws sentences, so both
    candidates of a drawn sentence enter it, and ranks are recomputed within the resample.
    """
    scores = np.concatenate([np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)])
    labels = np.concatenate([np.asarray(acceptable_a, dtype=np.float64), np.asarray(acceptable_b, dtype=np.float64)])
    n_accepted, n_rejected = int((labels == 1.0).sum()), int((labels == 0.0).sum())
    if not np.all(np.isfinite(scores)):
        return AcceptanceDelta(float("nan"), n_accepted, n_rejected)
    by_score = np.argsort(scores, kind="stable")
    accepted, rejected = by_score[labels[by_score] == 1.0], by_score[labels[by_score] == 0.0]
    groups = tie_groups(scores, tol)
    ones = np.ones((1, len(scores)))
    value = float(_delta(weighted_average_ranks(groups, ones), ones, accepted, rejected)[0]) if len(scores) else float("nan")
    interval = None
    n = len(scores) // 2
    if resamples > 0 and n:
        draws = []
        for counts in resample_counts(n, resamples, seed):
            weights = np.concatenate([counts, counts], axis=1)
            draws.append(_delta(weighted_average_ranks(groups, weights), weights, accepted, rejected))
        interval = percentile_interval(np.concatenate(draws), confidence)
    return AcceptanceDelta(value, n_accepted, n_rejected, interval)


def evaluate(
    specs: Sequence[str],
    signatures: Sequence[str],
    micro_macro_a: Sequence[dict[str, float]],
    micro_macro_b: Sequence[dict[str, float]],
    scores_a: np.ndarray,
    scores_b: np.ndarray,
    labels: Labels,
    *,
    compat: bool = False,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    confidence: float = DEFAULT_CONFIDENCE,
) -> StudyResult:
    """The study's statistics from per-sentence scores ``(metrics, sentences)`` of A and of B."""
    n = len(labels)
    if scores_a.shape[1:] != (n,) or scores_b.shape[1:] != (n,):
        raise ValueError(f"{n} labelled sentences but scores for {scores_a.shape[-1]} (A) and {scores_b.shape[-1]} (B)")
    acc_a, acc_b = acceptability(labels, compat=compat)
    rows = []
    for k, spec in enumerate(specs):
        rows.append(
            MetricStudy(
                spec=spec,
                signature=signatures[k],
                preference=metric_preference(scores_a[k], scores_b[k], compat=compat),
                score_a=micro_macro_a[k],
                score_b=micro_macro_b[k],
                pairwise=pairwise_accuracy(
                    scores_a[k], scores_b[k], labels.preference, resamples=resamples, seed=seed, confidence=confidence
                ),
                delta=acceptance_delta(
                    scores_a[k], scores_b[k], acc_a, acc_b, resamples=resamples, seed=seed, confidence=confidence
                ),
            )
        )
    share = (float(labels.acceptable_a.mean()), float(labels.acceptable_b.mean())) if n else (float("nan"),) * 2
    return StudyResult(
        sentences=n,
        compat=compat,
        resamples=resamples,
        seed=seed,
        confidence=confidence,
        human=human_preference(labels),
        human_acceptable=share,
        metrics=rows,
        spearman=spearman_matrix(np.concatenate([scores_a, scores_b], axis=1)) if len(specs) else np.zeros((0, 0)),
        quirks=tuple(QUIRKS) if compat else (),
    )
