"""Smatch's summary in float64 whatever the statistics' dtype, and Smatch on one kind of triple
keeping the whole alignment's details, by hand."""

from __future__ import annotations

import numpy as np
import pytest

from amrmetrics.metrics.smatch import Smatch
from amrmetrics.metrics.smatch_parts import SmatchPart
from amrmetrics.read import decode


def test_summary_sums_in_float64() -> None:
    # float32 would round 1e8 + 1 to 1e8 and see no gain; pooled: 1e8 of 1e8 + 1 on each side, upper 1e8 + 1
    stats = np.array([[1e8, 1e8, 1e8, 1e8], [0, 1, 1, 1]], dtype=np.float32)
    summary = Smatch().summary(stats)
    assert summary["uncertified"] == 1
    assert summary["max_f_gain"] == pytest.approx(1 - 2e8 / (2e8 + 2), rel=1e-6)


def test_a_part_keeps_the_alignment_details() -> None:
    metric = SmatchPart(triples="relations")
    test = metric.prepare(decode("(k / king :mod (s / small))"))
    gold = metric.prepare(decode("(p / prince :mod (l / little))"))
    result = metric.pair(test, gold)
    assert result.stats == (1.0, 1.0, 1.0, 1.0)  # the one relation (s :domain k) matches
    assert result.details["alignment"] == [["k", "p"], ["s", "l"]]
    assert (result.details["lower"], result.details["upper"], result.details["status"]) == (1.0, 1.0, "optimal")


def test_a_part_counts_duplicates_under_the_classic_preset() -> None:
    # two copies of (a :mod b) on each side match 2 x 2 = 4 times under smatch-classic
    metric = SmatchPart(triples="relations", std="smatch-classic")
    graph = metric.prepare(decode("(a / x :mod (b / y) :mod b)"))
    assert metric.pair(graph, graph).stats[:3] == (4.0, 2.0, 2.0)
