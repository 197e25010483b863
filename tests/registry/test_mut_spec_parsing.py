"""Reading ``--metric`` values: pieces, parameters whose value holds ``:`` or ``=``, flags, the words
for yes and no, empty values and unions, written out by hand."""

from __future__ import annotations

import re

import pytest

from amrmetrics.metrics.docsmatch import DocSmatch
from amrmetrics.metrics.fine import FineSmatch
from amrmetrics.metrics.registry import MetricSpecError, _coerce, parse_metrics, split_specs
from amrmetrics.metrics.smatch import Smatch


def test_empty_pieces_are_skipped_not_the_end() -> None:
    assert split_specs("smatch,,sema, ,simple") == [("smatch", {}), ("sema", {}), ("simple", {})]


def test_a_parameter_value_may_hold_colons_and_equal_signs() -> None:
    assert split_specs("s2match:tau=0.6,vectors=st:a=b") == [("s2match", {"tau": "0.6", "vectors": "st:a=b"})]
    assert split_specs("wwlk:vectors=x=y") == [("wwlk", {"vectors": "x=y"})]


def test_a_flag_is_yes() -> None:
    assert split_specs("smatch:fine,sema") == [("smatch", {"fine": "yes"}), ("sema", {})]


def test_a_parameter_before_any_metric_is_named() -> None:
    with pytest.raises(MetricSpecError, match=r"^parameter 'tau=0\.5' comes before any metric name$"):
        split_specs("tau=0.5,smatch")


@pytest.mark.parametrize(("word", "value"), [("true", True), ("TRUE", True), ("on", True), ("1", True), ("yes", True), ("off", False), ("OFF", False), ("false", False), ("0", False), ("no", False)])
def test_yes_and_no_words(word: str, value: bool) -> None:
    assert parse_metrics(f"wlk:e2n={word}")[0].e2n is value


def test_an_empty_value_of_an_optional_parameter_is_none() -> None:
    assert parse_metrics("smatch:timeout=")[0].timeout is None
    assert parse_metrics("smatch:timeout=NONE")[0].timeout is None


def test_a_union_of_several_types_keeps_the_text() -> None:
    assert _coerce(Smatch, "x", "7", int | str) == "7"
    assert _coerce(Smatch, "x", "7", int | None) == 7


@pytest.mark.parametrize("word", ["0", "no", "NO", "false", "off", "Off"])
def test_an_alias_flag_set_to_no_is_an_unknown_parameter_of_the_metric(word: str) -> None:
    message = "smatch: unknown parameter(s) fine; parameters: std, solver, timeout, restarts, seed"
    with pytest.raises(MetricSpecError, match=f"^{re.escape(message)}$"):
        parse_metrics(f"smatch:fine={word}")


@pytest.mark.parametrize("word", ["1", "yes", "true", "TRUE", "on", "On"])
def test_an_alias_flag_set_to_yes_names_the_other_metric(word: str) -> None:
    assert parse_metrics(f"smatch:doc={word}") == [DocSmatch()]
    assert parse_metrics(f"smatch:fine={word}") == [FineSmatch()]


def test_an_alias_flag_with_a_value_passes_it_on() -> None:
    assert parse_metrics("smatch:doc=any") == [DocSmatch(doc="any")]


def test_unknown_parameters_are_listed_with_the_known_ones() -> None:
    with pytest.raises(MetricSpecError, match=r"^sema: unknown parameter\(s\) x, y; parameters: none$"):
        parse_metrics("sema:x=1,y=2")


def test_defaults_reach_the_metrics_that_have_the_parameter_and_a_spec_overrides_them() -> None:
    # what --timeout does: every metric with a timeout gets it unless its spec sets one
    metrics = parse_metrics(["smatch,sema", "smatch:timeout=2"], defaults={"timeout": 5.0})
    assert [type(m).__name__ for m in metrics] == ["Smatch", "Sema", "Smatch"]
    assert metrics[0].timeout == 5.0 and metrics[2].timeout == 2.0
