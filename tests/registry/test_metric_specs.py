"""build_metric turns raw string parameters into typed metric fields and rejects bad ones, with the
type hints of each metric class resolved once (they are cached per class)."""

from __future__ import annotations

import typing

import pytest

from amrmetrics.metrics import registry
from amrmetrics.metrics.registry import MetricSpecError, build_metric, parse_metrics


def test_strings_become_the_field_types() -> None:
    metric = build_metric("smatch", {"timeout": "2.5", "restarts": "7", "solver": "hillclimb", "seed": "11"})
    assert (metric.timeout, metric.restarts, metric.solver, metric.seed) == (2.5, 7, "hillclimb", 11)
    assert type(metric.timeout) is float and type(metric.restarts) is int


@pytest.mark.parametrize(("raw", "expected"), [("yes", True), ("On", True), ("1", True), ("no", False), ("false", False)])
def test_flag_words(raw: str, expected: bool) -> None:
    assert build_metric("sembleu", {"compat": raw}).compat is expected


def test_optional_none_and_defaults() -> None:
    assert build_metric("smatch", {"timeout": "none"}).timeout is None
    assert build_metric("smatch", {}, {"timeout": 3.0, "n": 2}).timeout == 3.0
    assert build_metric("sembleu", {}, {"timeout": 3.0, "n": 2}).n == 2
    assert build_metric("smatch", {"timeout": "4"}, {"timeout": 3.0}).timeout == 4.0


@pytest.mark.parametrize(
    ("name", "params", "message"),
    [
        ("smatch", {"solver": "greedy"}, "smatch: solver must be one of exact, hillclimb, not 'greedy'"),
        ("smatch", {"restarts": "many"}, "smatch: restarts='many' is not a valid int"),
        ("smatch", {"timeout": "soon"}, "smatch: timeout='soon' is not a valid float"),
        ("sembleu", {"compat": "maybe"}, "sembleu: compat='maybe' is not a valid bool"),
        ("sembleu", {"depth": "2"}, "sembleu: unknown parameter(s) depth; parameters: n, weights, compat"),
        ("smatch", {"timeout": "-1"}, "smatch: timeout must be positive"),
        ("smatchh", {}, "unknown metric 'smatchh'"),
    ],
)
def test_bad_parameters_are_named(name: str, params: dict[str, str], message: str) -> None:
    with pytest.raises(MetricSpecError) as err:
        build_metric(name, params)
    assert message in str(err.value)


def test_type_hints_are_resolved_once_per_class(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[type] = []
    real = typing.get_type_hints

    def counting(obj: type, *args: object, **kwargs: object) -> dict[str, object]:
        calls.append(obj)
        return real(obj, *args, **kwargs)

    monkeypatch.setattr(typing, "get_type_hints", counting)
    registry._parameters.cache_clear()
    try:
        built = [build_metric("smatch", {"restarts": str(r)}) for r in range(3)] + parse_metrics("sembleu:n=2,sembleu")
    finally:
        registry._parameters.cache_clear()
    assert [m.restarts for m in built[:3]] == [0, 1, 2] and [m.n for m in built[3:]] == [2, 3]
    assert [c.__name__ for c in calls] == ["Smatch", "SemBLEU"]
