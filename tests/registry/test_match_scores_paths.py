"""P/R/F of a match metric are the same numbers whichever path computes them: floats for one pair and for a
handful (candidate lists), numpy for batches; same values, dtype and shape, empty sides included."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from amrmetrics.metrics.base import FEW_PAIRS, dict_maker, prf
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
def test_per_pair_scores_are_the_numpy_numbers(stats: np.ndarray) -> None:
    """``pair_scores`` (the API's per-pair scores, floats only) gives each pair numpy's P, R, F bit for bit,
    whatever the number of pairs (below and above FEW_PAIRS)."""
    rows = Smatch().pair_scores(stats.tolist())
    expected = prf(stats[:, 0], stats[:, 1], stats[:, 2])
    assert len(rows) == len(stats) and all(list(row) == list(expected) for row in rows)
    for name in expected:
        column = [row[name] for row in rows]
        assert all(type(x) is float for x in column)
        assert np.array_equal(np.array(column, dtype=np.float64), expected[name])


@settings(max_examples=50, deadline=None)
@given(st.integers(1, 2 * FEW_PAIRS).flatmap(match_stats))
def test_a_metric_with_its_own_scores_keeps_them_per_pair(stats: np.ndarray) -> None:
    """A subclass that computes other scores from the same statistics gets its own rows, not P/R/F."""

    class Halved(Smatch):
        def scores(self, stats: np.ndarray) -> dict[str, np.ndarray]:
            return {"half": np.asarray(stats, dtype=np.float64)[..., 0] / 2}

    rows = Halved().pair_scores(stats.tolist())
    assert rows == [{"half": x} for x in (stats[:, 0] / 2).tolist()]
    assert all(type(row["half"]) is float for row in rows)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.text(max_size=8), unique=True, max_size=8).flatmap(
        lambda names: st.tuples(
            st.just(tuple(names)),
            st.lists(st.one_of(st.floats(allow_nan=False), st.integers(-(10**6), 10**6)), min_size=len(names), max_size=len(names)),
        )
    )
)
def test_a_dict_maker_makes_what_dict_zip_makes(names_values: tuple[tuple[str, ...], list[float]]) -> None:
    """Any names (quotes, braces, code-like text: bound as values), any count, ints and numpy floats made
    floats: the same keys in the same order and the same values as ``dict(zip(names, map(float, values)))``."""
    names, values = names_values
    for given_values in (values, tuple(values), np.array(values, dtype=np.float64)):
        made = dict_maker(names)(given_values)
        expected = dict(zip(names, map(float, given_values)))
        assert list(made.items()) == list(expected.items())
        assert all(type(value) is float for value in made.values())
    assert dict_maker(("x') or __import__('os", "{}")) ((1, 2)) == {"x') or __import__('os": 1.0, "{}": 2.0}
