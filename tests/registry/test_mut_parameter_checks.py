"""Each metric's parameter checks: the edge values they accept and the exact message of a value
they refuse (``--metric`` prints it after the metric's name)."""

from __future__ import annotations

import re

import pytest

from amrmetrics.metrics.crosslingual import XSemBLEU, XSmatch
from amrmetrics.metrics.registry import MetricSpecError, parse_metrics
from amrmetrics.metrics.wlk import WLK


@pytest.mark.parametrize(
    "spec",
    [
        "smatch:timeout=0.5", "smatch:timeout=1", "smatch:restarts=0",
        "s2match:tau=0", "s2match:tau=1", "s2match:diffsense=0", "s2match:diffsense=1",
        "wlk:k=0", "wlk:direction=fromout", "wlk:direction=fromin",
        "sembleu:n=1", "xsmatch:min_sim=0", "xsmatch:min_sim=0.999", "xsembleu:truncate=0",
    ],
)
def test_edge_values_are_accepted(spec: str) -> None:
    assert len(parse_metrics(spec)) == 1


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("smatch:timeout=0", "smatch: timeout must be positive"),
        ("smatch:timeout=-1", "smatch: timeout must be positive"),
        ("smatch:restarts=-1", "smatch: restarts must be >= 0"),
        ("s2match:tau=1.5", "s2match: tau must be in [0, 1]"),
        ("s2match:tau=-0.5", "s2match: tau must be in [0, 1]"),
        ("s2match:diffsense=1.5", "s2match: diffsense must be in [0, 1]"),
        ("s2match:diffsense=-0.5", "s2match: diffsense must be in [0, 1]"),
        ("wlk:k=-1", "wlk: k must be >= 0"),
        ("sembleu:n=0", "sembleu: n must be >= 1"),
        ("xsmatch:min_sim=1", "xsmatch: min_sim must be in [0, 1)"),
        ("xsmatch:min_sim=1.5", "xsmatch: min_sim must be in [0, 1)"),
        ("xsmatch:min_sim=-0.5", "xsmatch: min_sim must be in [0, 1)"),
        ("xsembleu:truncate=-1", "xsembleu: truncate must be >= 0"),
    ],
)
def test_refused_values_are_named(spec: str, message: str) -> None:
    with pytest.raises(MetricSpecError, match=f"^{re.escape(message)}$"):
        parse_metrics(spec)


def test_checks_that_the_registry_cannot_reach_from_a_spec() -> None:
    """Literal parameters are refused by the registry first; built from Python, the class refuses them."""
    with pytest.raises(ValueError, match=r"^direction must be both, fromout or fromin$"):
        WLK(direction="up")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^translate must be test or gold$"):
        XSmatch(translate="both")  # type: ignore[arg-type]
    assert XSemBLEU(truncate=0).truncate == 0
