"""Reproducibility signatures: every setting that changes a number, sacreBLEU style, in one place.

A run's signature is the metric's own items (its parameters), then the run settings that change
corpus numbers, then the version: ``smatch|std:smatch|solver:exact|dedup:yes|on-error:fail|v:0.1.0``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from amrmetrics.metrics.base import Metric, format_signature
from amrmetrics.version import __version__


@dataclass(frozen=True)
class RunSettings:
    """Corpus-level settings that change numbers (beside each metric's own parameters).

    ``bootstrap``/``seed`` name the resampling of intervals; ``trials`` the randomization test of
    a comparison, ``"exact"`` when it enumerated every swap instead (few pairs).
    """

    on_error: str = "fail"
    affected: int = 0
    pair_by_id: bool = False
    bootstrap: int | None = None
    seed: int | None = None
    trials: int | Literal["exact"] | None = None
    reading: tuple[tuple[str, str], ...] = ()
    """Facts of the input that change numbers (UMR: the input kind and its counted categories, test/gold)."""

    def items(self) -> list[tuple[str, str]]:
        """Signature items of these settings."""
        policy = self.on_error if not self.affected else f"{self.on_error}({self.affected})"
        items = [("on-error", policy)]
        if self.pair_by_id:
            items.append(("pair", "id"))
        if self.bootstrap:
            items += [("bootstrap", str(self.bootstrap)), ("seed", str(self.seed))]
        if self.trials:
            items.append(("trials", str(self.trials)))
        return items + list(self.reading)


def signature(metric: Metric, settings: RunSettings) -> str:
    """The full signature of one metric in one run, e.g. ``smatch|std:smatch|...|on-error:fail|v:0.1.0``."""
    return format_signature(metric.name, metric.signature_items() + settings.items() + [("v", __version__)])
