"""Corpus scores of one metric from its per-pair statistics: micro, macro and metric facts."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from amrmetrics.metrics.base import Metric


@dataclass(frozen=True)
class MetricReport:
    """A metric's corpus result: what every report (text, JSON) prints for it."""

    spec: str
    signature: str
    score_names: tuple[str, ...]
    pairs: int
    micro: dict[str, float]
    macro: dict[str, float]
    summary: dict[str, Any] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    intervals: dict[str, Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form (full precision)."""
        out: dict[str, Any] = {
            "metric": self.spec,
            "signature": self.signature,
            "pairs": self.pairs,
            "micro": self.micro,
            "macro": self.macro,
        }
        if self.summary:
            out["summary"] = self.summary
        if self.notes:
            out["notes"] = list(self.notes)
        if self.intervals is not None:
            out["bootstrap"] = self.intervals
        return out


def corpus_report(metric: Metric, stats: np.ndarray, signature: str, intervals: dict[str, Any] | None = None) -> MetricReport:
    """Summarise one metric's ``(pairs, k)`` statistics."""
    stats = np.asarray(stats, dtype=np.float64)
    return MetricReport(
        spec=metric.spec(),
        signature=signature,
        score_names=metric.score_names,
        pairs=len(stats),
        micro=metric.micro(stats) if len(stats) else {k: float("nan") for k in metric.score_names},
        macro=metric.macro(stats),
        summary=metric.summary(stats),
        notes=metric.notes,
        intervals=intervals,
    )
