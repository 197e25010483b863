"""What the Hugging Face ``evaluate`` module computes, and where it is (this module never imports ``evaluate``).

``evaluate.load(module_path())`` loads ``amr_metrics/amr_metrics.py``, a thin ``evaluate.Metric``
that calls :func:`corpus_scores`; keeping the work here means it is tested without ``evaluate``
and a copied script always runs the installed amrmetrics.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from amrmetrics.api import score_corpus
from amrmetrics.metrics.registry import parse_metrics

DEFAULT_CONFIG = "default"
"""The configuration name ``evaluate.load`` gives when none is passed; it means Smatch."""


def module_path() -> str:
    """The directory to pass to ``evaluate.load``: it holds ``amr_metrics.py`` and its metric card."""
    return str(Path(__file__).with_name("amr_metrics"))


def metric_spec(config_name: str) -> str:
    """The metric spec a configuration name stands for, checked: ``default`` is ``smatch``.

    Raises ``ValueError`` (``MetricSpecError``) for an unknown metric or parameter, and for a spec
    that names several metrics (an ``evaluate`` module returns one metric's scores).
    """
    spec = "smatch" if config_name == DEFAULT_CONFIG else config_name
    built = parse_metrics(spec)
    if len(built) != 1:
        names = ", ".join(m.spec() for m in built) or "none"
        raise ValueError(f"an evaluate module computes one metric, but {spec!r} names {len(built)}: {names}")
    return spec


def corpus_scores(
    predictions: Sequence[str], references: Sequence[str], metric: str = "smatch", **options: Any
) -> dict[str, Any]:
    """One metric's micro (pooled) scores of predicted vs reference PENMAN strings, and its signature.

    Pairs go by position (prediction = test, reference = gold). ``options`` are those of
    :func:`amrmetrics.score_corpus` (``on_error``, ``jobs``, ``timeout``, ``solver``, ``seed``...).
    Score keys follow the API's rule: ``P``/``R``/``F``, ``score``, or ``<aspect>.P``/``.R``/``.F``.
    """
    (result,) = score_corpus(list(predictions), list(references), metric_spec(metric), **options).values()
    return {**result.micro, "signature": result.signature}
