"""``compare`` resamples its A − B interval as many times as asked, and says so in the interval's settings."""

from __future__ import annotations

import amrmetrics

GOLD = ["(a / a :x (b / c))", "(c / c)", "(d / d :y (e / e))", "(f / g)", "(g / g :z (h / h))", "(i / i)"] * 2
A = ["(a / a :x (b / b))", "(c / c)", "(d / d :y (e / e))", "(f / f)", "(g / g :z (h / h))", "(i / i)"] * 2


def test_the_interval_uses_the_resamples_asked_for():
    for resamples in (50, 120):
        compared = amrmetrics.compare(A, GOLD, GOLD, "smatch", resamples=resamples)["smatch"]
        assert compared.intervals["resamples"] == resamples and compared.pairs == 12
