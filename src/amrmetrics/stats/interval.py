"""Central percentile intervals of bootstrap draws (some draws may be undefined), for every statistic of the tool."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass(frozen=True)
class Interval:
    """A central percentile interval; ``undefined`` resamples had no value (e.g. a constant side)."""

    low: float
    high: float
    confidence: float
    undefined: int = 0

    def excludes(self, value: float) -> bool:
        """True when ``value`` lies outside the closed interval."""
        return bool(value < self.low or value > self.high)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"low": self.low, "high": self.high, "confidence": self.confidence, "undefined_resamples": self.undefined}


def percentile_interval(draws: np.ndarray, confidence: float) -> Interval | None:
    """The central ``confidence`` interval of the finite draws (None when no draw is finite).

    For confidence 0.90 these are the 5th and 95th percentiles (numpy's linear interpolation).
    """
    draws = np.asarray(draws, dtype=np.float64)
    finite = draws[np.isfinite(draws)]
    if not len(finite):
        return None
    tail = tail_percentile(confidence)
    low, high = np.percentile(finite, [tail, 100 - tail])
    return Interval(float(low), float(high), confidence, int(len(draws) - len(finite)))


def tail_percentile(confidence: float) -> float:
    """The lower percentile of a central interval (5.0 for 0.90), rounded so 0.90 gives exactly 5."""
    return round(100 * (1 - confidence) / 2, 10)


def interval_bounds(draws: np.ndarray, confidence: float) -> tuple[float, float]:
    """``(low, high)`` of :func:`percentile_interval`, NaN for both when no draw is defined."""
    interval = percentile_interval(draws, confidence)
    return (float("nan"), float("nan")) if interval is None else (interval.low, interval.high)
