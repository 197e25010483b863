"""Reproducibility signatures: every setting that changes a number, sacreBLEU style."""

from __future__ import annotations

from dataclasses import dataclass

from amrmetrics import __version__
from amrmetrics.metrics.base import Metric


@dataclass(frozen=True)
class RunSettings:
    """Corpus-level settings that change numbers (beside each metric's own parameters)."""

    on_error: str = "fail"
    affected: int = 0
    pair_by_id: bool = False
    bootstrap: int | None = None
    seed: int | None = None

    def items(self) -> list[tuple[str, str]]:
        """Signature items of these settings."""
        policy = self.on_error if not self.affected else f"{self.on_error}({self.affected})"
        items = [("on-error", policy)]
        if self.pair_by_id:
            items.append(("pair", "id"))
        if self.bootstrap:
            items += [("bootstrap", str(self.bootstrap)), ("seed", str(self.seed))]
        return items


def signature(metric: Metric, settings: RunSettings) -> str:
    """The full signature of one metric in one run, e.g. ``smatch|std:smatch|...|on-error:fail|v:0.1.0``."""
    items = metric.signature_items() + settings.items() + [("v", __version__)]
    return "|".join([metric.name] + [f"{k}:{v}" for k, v in items])
