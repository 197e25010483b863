"""P/R/F of a match metric are the same numbers whichever path computes them: floats for one pair and for a
handful (candidate lists), numpy for batches; same values, dtype and shape, empty sides included."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from amrmetrics.metrics.base import FEW_PAIRS, prf
from amrmetrics.metrics.smatch import Smatch

SIZES = st.integers(0, 40)


@st.composite
def match_stats(draw: st.DrawFn, rows: int) -> np.ndarray:
    """``rows`` pairs' (matched, test, gold, upper) with matched <= min(test, gold), empty sides allowed."""
    out = []
    for _ in range(rows):
        n_test, n_gold = draw(SIZES), draw(SIZES)
        matched = draw(st.integers(0, min(n_test, n_gold))) + draw(st.sampled_from([0.0, 0.5]))
        out.append([min(matched, min(n_test, n_gold)), n_test, n_gold, n_test])
    return np.array(out, dtype=np.float64).reshape(rows, 4)


def assert_same(one: dict, other: dict) -> None:
    assert list(one) == list(other) == ["P", "R", "F"]
    for name in one:
        a, b = np.asarray(one[name]), np.asarray(other[name])
        assert a.dtype == b.dtype == np.float64 and a.shape == b.shape
        assert np.array_equal(a, b)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2 * FEW_PAIRS).flatmap(match_stats))
def test_every_path_gives_the_numpy_numbers(stats: np.ndarray) -> None:
    metric = Smatch()
    assert_same(metric.scores(stats), prf(stats[:, 0], stats[:, 1], stats[:, 2]))
    for row in stats:
        assert_same(metric.scores(row), prf(row[0], row[1], row[2]))


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 2 * FEW_PAIRS).flatmap(match_stats))
def test_per_pair_rows_are_the_numpy_numbers(stats: np.ndarray) -> None:
    """``pair_rows`` (the API's per-pair scores, floats only) gives each pair numpy's P, R, F bit for bit,
    whatever the number of pairs (below and above FEW_PAIRS)."""
    names, rows = Smatch().pair_rows(stats.tolist())
    expected = prf(stats[:, 0], stats[:, 1], stats[:, 2])
    assert names == tuple(expected) and len(rows) == len(stats)
    for name, column in zip(names, zip(*rows)):
        assert np.array_equal(np.array(column, dtype=np.float64), expected[name])


@settings(max_examples=50, deadline=None)
@given(st.integers(1, 2 * FEW_PAIRS).flatmap(match_stats))
def test_a_metric_with_its_own_scores_keeps_them_per_pair(stats: np.ndarray) -> None:
    """A subclass that computes other scores from the same statistics gets its own rows, not P/R/F."""

    class Halved(Smatch):
        def scores(self, stats: np.ndarray) -> dict[str, np.ndarray]:
            return {"half": np.asarray(stats, dtype=np.float64)[..., 0] / 2}

    names, rows = Halved().pair_rows(stats.tolist())
    assert names == ("half",) and [row[0] for row in rows] == (stats[:, 0] / 2).tolist()
