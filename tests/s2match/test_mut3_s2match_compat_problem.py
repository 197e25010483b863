"""S2match's problem under compat counts a repeated triple by the preset's rule, like the plain path.

A pair prepared under compat never repeats a triple (the reference parser keeps one relation per
node pair and one value per attribute role), so the rule shows only on graphs handed to
``problem`` directly; the concepts x and y are not in the vector table, so equal concepts score 1.
"""

from __future__ import annotations

import pytest
from conftest import DATA

from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read import decode

TINY = {"vectors": str(DATA / "tiny-vectors.txt")}
TEXT = "(a / x :mod (b / y) :mod b)"  # the relation a :mod b twice, no root triple (not prepared)


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("s2match:std=smatch-classic,compat=yes", 2 + 2 * 2),  # two instances; the copies match k x l = 4 times
        ("s2match:compat=yes", 2 + 2),  # smatch counts min(k, l) = 2
        ("s2match:std=smatch-classic", 2 + 2 * 2),
    ],
)
def test_repeated_triples_count_by_the_preset(spec: str, expected: float) -> None:
    metric = parse_metrics(spec, TINY)[0]
    graph = decode(TEXT)
    assert metric.problem(graph, graph).value([0, 1]) == expected
