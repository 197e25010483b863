"""``describe_metrics`` (what ``amrmetrics metrics`` lists), checked against the metric classes'
declarations written out by hand, and the two helpers that word a parameter's values and default."""

from __future__ import annotations

import dataclasses
import typing
from typing import Literal, Optional, Union

import pytest

from amrmetrics.embed.backends import EMBEDDERS
from amrmetrics.metrics.registry import MetricInfo, ParameterInfo, _choices, _default, _kind, describe_metrics
from amrmetrics.registry import Names, Registry
from amrmetrics.standardize import PRESETS

ALIGNED = (
    ParameterInfo("std", "|".join(PRESETS), "smatch", tuple(PRESETS)),
    ParameterInfo("solver", "exact|hillclimb", "exact", ("exact", "hillclimb")),
    ParameterInfo("timeout", "float or none", "none"),
    ParameterInfo("restarts", "int", "4"),
    ParameterInfo("seed", "int", "12345"),
)
NO = ("yes", "no")


def by_name() -> dict[str, MetricInfo]:
    return {info.name: info for info in describe_metrics()}


def test_registry_order_and_names() -> None:
    assert [info.name for info in describe_metrics()] == [
        "smatch", "s2match", "smatch-fine", "docsmatch", "rematch", "sembleu", "sema", "simple",
        "wlk", "wwlk", "xsmatch", "xsembleu", "xs2match", "umr", "ancast", "jumach",
    ]


def test_smatch_family() -> None:
    info = by_name()
    assert info["smatch"] == MetricInfo("smatch", "Smatch (Cai & Knight 2013) with a certified-optimal alignment.", ALIGNED, ())
    assert info["smatch-fine"].parameters == ALIGNED + (ParameterInfo("realign", "yes|no", "no", NO),)
    assert info["smatch-fine"].aliases == ("smatch:fine",)
    assert info["docsmatch"].parameters == ALIGNED + (ParameterInfo("doc", "sentence|any", "sentence", ("sentence", "any")),)
    assert info["docsmatch"].aliases == ("smatch:doc",)
    # the docstring's first line, ``doc=sentence`` written without its backquotes
    assert info["docsmatch"].summary == (
        "Document Smatch as docSmatch defines it (doc=sentence: nodes align within their sentence), solved exactly."
    )
    assert info["s2match"].parameters == ALIGNED + (
        ParameterInfo("tau", "float", "0.5"),
        ParameterInfo("diffsense", "float", "0.5"),
        ParameterInfo("vectors", f"default|{'|'.join(EMBEDDERS)} or FILE", "default"),
        ParameterInfo("compat", "yes|no", "no", NO),
    )
    assert info["s2match"].summary == "S2match with an exact soft alignment."


def test_metrics_without_parameters_and_weisfeiler_leman() -> None:
    info = by_name()
    assert info["sema"].parameters == info["simple"].parameters == ()
    assert info["wlk"].parameters == (
        ParameterInfo("k", "int", "2"),
        ParameterInfo("e2n", "yes|no", "no", NO),
        ParameterInfo("direction", "both|fromout|fromin", "both", ("both", "fromout", "fromin")),
    )
    assert info["rematch"].parameters == (
        ParameterInfo("classes", "str or none", "none"), ParameterInfo("compat", "yes|no", "no", NO)
    )


@pytest.mark.parametrize(
    ("hint", "kind"),
    [
        (int, "int"),
        (bool, "yes|no"),
        (Optional[float], "float or none"),
        (Union[int, str], "int or str"),
        (Union[int, str, None], "int or str or none"),
        (int | None, "int or none"),
        (Literal["a", "b", 3], "a|b|3"),
        (Optional[Literal["x", "y"]], "x|y or none"),
        (list[int], "list"),
        ("Unresolved", "Unresolved"),  # no __name__: written as is
    ],
)
def test_kind(hint: typing.Any, kind: str) -> None:
    assert _kind(hint) == kind


KINDS = Registry("kind", {"one": "m:a", "two": "m:b"})


@pytest.mark.parametrize(
    ("hint", "kind", "choices"),
    [
        (typing.Annotated[str, Names(KINDS)], "one|two", ("one", "two")),
        (typing.Annotated[str, Names(KINDS)] | None, "one|two or none", ("one", "two", "none")),
        (typing.Annotated[str, Names(KINDS, extra=("auto",))], "auto|one|two", ("auto", "one", "two")),
        (typing.Annotated[str, Names(KINDS, other="FILE")], "one|two or FILE", None),
        (typing.Annotated[str, Names(KINDS, extra=("auto",), joined="+")], "auto or one|two joined by '+'", None),
        (typing.Annotated[int, "unrelated"], "int", None),
        (typing.Annotated[bool, "unrelated"], "yes|no", ("yes", "no")),  # the values of the annotated type
        (Union[bool, int], "yes|no or int", None),  # two types: no closed set, though one has one
        (Optional[Literal["x", "y"]], "x|y or none", ("x", "y", "none")),
        (bool, "yes|no", ("yes", "no")),
        (Union[int, str], "int or str", None),
        (float, "float", None),
    ],
)
def test_values_read_from_a_registry(hint: typing.Any, kind: str, choices: tuple[str, ...] | None) -> None:
    assert (_kind(hint), _choices(hint)) == (kind, choices)


@dataclasses.dataclass
class _Fields:
    required: int
    flag: bool = True
    off: bool = False
    nothing: str | None = None
    number: float = 0.25
    made: list[int] = dataclasses.field(default_factory=lambda: [1, 2])
    made_flag: bool = dataclasses.field(default_factory=lambda: False)


@pytest.mark.parametrize(
    ("name", "default"),
    [("required", "required"), ("flag", "yes"), ("off", "no"), ("nothing", "none"), ("number", "0.25"),
     ("made", "[1, 2]"), ("made_flag", "no")],
)
def test_default(name: str, default: str) -> None:
    field = {f.name: f for f in dataclasses.fields(_Fields)}[name]
    assert _default(field) == default
