"""``bleu_one`` (a pair's SemBLEU without array bookkeeping) gives the bits of the vectorised ``bleu``
on any statistics: matches above the hypothesis counts, orders with no n-grams, fractional counts,
and the hand-computed cases of the reweighing and smoothing rules."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from amrmetrics.metrics.sembleu import bleu, bleu_one

amount = st.one_of(st.integers(0, 6).map(float), st.sampled_from([0.5, 1.5, 2.25]))


@st.composite
def any_stats(draw: st.DrawFn) -> tuple[np.ndarray, tuple[float, ...]]:
    n = draw(st.integers(1, 4))
    weights = draw(st.sampled_from([(1.0 / n,) * n, tuple(float(k + 1) for k in range(n))]))
    values = draw(st.lists(amount, min_size=2 * n + 2, max_size=2 * n + 2))
    return np.array(values), weights


@settings(max_examples=200, deadline=None)
@given(any_stats())
def test_bleu_one_has_the_bits_of_bleu(case: tuple[np.ndarray, tuple[float, ...]]) -> None:
    stats, weights = case
    one, many = bleu_one(stats, weights), bleu(stats[None, :], weights)[0]
    assert one.tobytes() == np.float64(many).tobytes() or (math.isnan(one) and math.isnan(many))


@pytest.mark.parametrize(
    ("stats", "expected"),
    [
        # a unigram match, no bigram counted: orders reweighed to unigrams only
        ([2, 4, 0, 0, 0, 0, 4, 4], 2 / 4),
        # a match counted without any hypothesis n-gram (m > c): its ratio is m / 1; no order has n-grams, weights all 0
        ([1, 0, 0, 0, 0, 0, 4, 4], 1.0),
        # bigram: a match without a counted bigram gives m / 1 = 2; unigram and trigram 1/1
        ([1, 1, 2, 0, 1, 1, 4, 4], 2.0 ** (1 / 3)),
        # second order counted with no match: 1 / (2^1 * 3); first 2/4; third none: weights 1/2
        ([2, 4, 0, 3, 0, 0, 4, 4], math.sqrt(0.5 * (1 / 6))),
        # a fractional count below 1: 1 / 0.5
        ([1, 0.5, 1, 1, 1, 1, 5, 5], 2.0 ** (1 / 3)),
    ],
)
def test_hand_computed_scores(stats: list[float], expected: float) -> None:
    weights = (1 / 3, 1 / 3, 1 / 3)
    assert bleu_one(np.array(stats, dtype=float), weights) == pytest.approx(expected, rel=1e-12)


def test_bleu_computes_in_float64_without_warnings() -> None:
    import warnings

    rows = [
        [2, 4, 0, 3, 0, 0, 4, 4],  # zero matches: log(0) in a branch np.where does not take
        [1, 0, 0, 0, 0, 0, 0, 4],  # no n-gram at all and an empty hypothesis
        [1, 3, 1, 2, 1, 1, 3, 7],  # every order, a brevity penalty
    ]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        wide = bleu(np.array(rows, dtype=np.float64), (1 / 3, 1 / 3, 1 / 3))
        narrow = bleu(np.array(rows, dtype=np.float32), (1 / 3, 1 / 3, 1 / 3))
    assert narrow.dtype == np.float64
    assert narrow.tobytes() == wide.tobytes()
    assert wide[2] == pytest.approx(math.exp(1 - 7 / 3) * (1 / 3 * 1 / 2 * 1) ** (1 / 3), rel=1e-12)
