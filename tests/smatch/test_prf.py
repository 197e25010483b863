"""P, R and F of one pair (Python floats) against hand values and against the same pair in an array."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from amrmetrics.metrics.base import prf


@pytest.mark.parametrize(
    ("matched", "n_test", "n_gold", "expected"),
    [
        (3.0, 4.0, 6.0, (0.75, 0.5, 0.6)),  # F = 2 * 0.75 * 0.5 / 1.25
        (0.0, 0.0, 0.0, (0.0, 0.0, 0.0)),  # two empty graphs: the empty graph earns nothing
        (0.0, 0.0, 5.0, (0.0, 0.0, 0.0)),  # one empty side
        (0.0, 3.0, 3.0, (0.0, 0.0, 0.0)),
    ],
)
def test_one_pair_by_hand(matched: float, n_test: float, n_gold: float, expected: tuple[float, float, float]) -> None:
    scores = prf(matched, n_test, n_gold)
    assert tuple(float(scores[k]) for k in "PRF") == pytest.approx(expected, abs=1e-15)
    assert scores["F"].shape == ()
    assert prf(np.array([matched]), np.array([n_test]), np.array([n_gold]))["F"].shape == (1,)


def test_one_pair_equals_the_same_pair_among_others() -> None:
    values = (0.0, 1.0, 2.0, 3.0, 0.5, 7.0, 13.0, 2.0 / 3.0)
    for matched, n_test, n_gold in itertools.product(values, repeat=3):
        alone = prf(matched, n_test, n_gold)
        among = prf(np.array([matched, 1.0]), np.array([n_test, 2.0]), np.array([n_gold, 3.0]))
        assert all(float(alone[k]) == float(among[k][0]) for k in "PRF"), (matched, n_test, n_gold)
