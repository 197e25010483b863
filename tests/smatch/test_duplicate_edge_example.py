"""The duplicate-edge hack of SPECS §3: repeating an edge must not raise the default score.

classic Smatch counts a triple repeated k times in test and l times in gold k x l times, so
``(w / want-01 :ARG0 (d / duck) :ARG0 d :ARG0 d ...)`` climbs from 46.15 towards 200.
"""

from __future__ import annotations

import numpy as np
import pytest

from amrmetrics.metrics.smatch import Smatch
from amrmetrics.read.decode import decode

GOLD = "(w / want-01 :ARG0 (b / boy) :ARG1 (b2 / believe-01 :ARG0 (g / girl) :ARG1 b))"


def inflated(extra: int) -> str:
    return "(w / want-01 :ARG0 (d / duck)" + " :ARG0 d" * extra + ")"


def f_x100(std: str, extra: int) -> float:
    metric = Smatch(std=std)
    result = metric.pair(metric.prepare(decode(inflated(extra))), metric.prepare(decode(GOLD)))
    return round(100 * float(metric.scores(np.array(result.stats))["F"]), 2)


@pytest.mark.parametrize("extra", [0, 2, 12])
@pytest.mark.parametrize("std", ["smatch", "smatchpp-amr"])
def test_deduplicating_presets_ignore_repeated_edges(std, extra):
    assert f_x100(std, extra) == 46.15


@pytest.mark.parametrize(("extra", "expected"), [(0, 46.15), (2, 66.67), (12, 120.00)])
def test_smatch_classic_reproduces_the_inflation(extra, expected):
    assert f_x100("smatch-classic", extra) == expected


@pytest.mark.parametrize(("extra", "expected"), [(0, 46.15), (2, 40.00), (12, 24.00)])
def test_smatchpp_generic_counts_duplicates_once_so_they_lower_the_score(extra, expected):
    assert f_x100("smatchpp", extra) == expected
