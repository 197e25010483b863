"""Metrics: each maps a prepared (test, gold) pair to sufficient statistics; see ``base``."""

from amrmetrics.metrics.base import MatchMetric, Metric, PairResult, SimilarityMetric, prf
from amrmetrics.metrics.registry import METRICS, MetricSpecError, build_metric, parse_metrics

__all__ = [
    "METRICS",
    "MatchMetric",
    "Metric",
    "MetricSpecError",
    "PairResult",
    "SimilarityMetric",
    "build_metric",
    "parse_metrics",
    "prf",
]
