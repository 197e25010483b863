"""``prf`` elementwise: broadcasting counts, the shape of one pair, float32 counts, and the bits of
every result (signed zeros, infinities, NaN) against a plain Python re-implementation, silently."""

from __future__ import annotations

import itertools
import math
import warnings

import numpy as np
import pytest

from amrmetrics.metrics.base import prf


def reference(matched: float, n_test: float, n_gold: float) -> tuple[float, float, float]:
    """The documented rule, written out: P = matched / |test| and R = matched / |gold| where the side is
    non-empty, else 0 (the empty graph earns nothing, even against itself); F = 2PR / (P + R) where
    P + R > 0, else +0."""
    p = matched / n_test if n_test > 0 else 0.0
    r = matched / n_gold if n_gold > 0 else 0.0
    return p, r, (2 * p * r / (p + r) if p + r > 0 else 0.0)


@pytest.mark.parametrize(
    ("matched", "n_test", "n_gold", "expected"),
    [
        # several matched counts against one |test| = 4 and one |gold| = 2: P = m/4, R = m/2, F = 2PR/(P+R)
        ([1.0, 2.0, 0.0], 4.0, 2.0, {"P": [0.25, 0.5, 0.0], "R": [0.5, 1.0, 0.0], "F": [1 / 3, 2 / 3, 0.0]}),
        ([1.0, 2.0], 4.0, 2.0, {"P": [0.25, 0.5], "R": [0.5, 1.0], "F": [1 / 3, 2 / 3]}),
        # one matched count (1) against |test| 1, 2, 4 and |gold| 2
        (1.0, [1.0, 2.0, 4.0], 2.0, {"P": [1.0, 0.5, 0.25], "R": [0.5, 0.5, 0.5], "F": [2 / 3, 0.5, 1 / 3]}),
        (1.0, [1.0, 2.0], 2.0, {"P": [1.0, 0.5], "R": [0.5, 0.5], "F": [2 / 3, 0.5]}),
        # one matched count (1) against |test| 2 and |gold| 1, 2, 4
        (1.0, 2.0, [1.0, 2.0, 4.0], {"P": [0.5, 0.5, 0.5], "R": [1.0, 0.5, 0.25], "F": [2 / 3, 0.5, 1 / 3]}),
        (1.0, 2.0, [1.0, 2.0], {"P": [0.5, 0.5], "R": [1.0, 0.5], "F": [2 / 3, 0.5]}),
    ],
)
def test_one_count_broadcasts_against_several(matched: object, n_test: object, n_gold: object, expected: dict[str, list[float]]) -> None:
    scores = prf(np.asarray(matched), np.asarray(n_test), np.asarray(n_gold))
    for k in "PRF":
        assert scores[k].shape == (len(expected[k]),)
        assert scores[k].tolist() == pytest.approx(expected[k], abs=1e-15)


@pytest.mark.parametrize("where", [0, 1, 2])
def test_one_pair_keeps_the_broadcast_shape(where: int) -> None:
    """One pair (3 matched of 4 and 6: P 0.75, R 0.5, F 0.6) with one argument 2-d (1, 1) and the
    others 0-d: every score has the broadcast shape (1, 1), as it would for any other size."""
    args: list[np.ndarray] = [np.array(3.0), np.array(4.0), np.array(6.0)]
    args[where] = args[where].reshape(1, 1)
    scores = prf(*args)
    for k, value in zip("PRF", (0.75, 0.5, 0.6)):
        assert scores[k].shape == (1, 1)
        assert scores[k][0, 0] == pytest.approx(value, abs=1e-15)


def test_float32_counts_give_float64_fractions() -> None:
    """Counts 1 and 2 of 3 and 3 in float32 give the float64 fractions 1/3 and 2/3 (float32 division
    would give 0.3333333432674408)."""
    c = np.array([1.0, 2.0], dtype=np.float32), np.array([3.0, 3.0], dtype=np.float32), np.array([3.0, 3.0], dtype=np.float32)
    scores = prf(*c)
    for k in "PRF":
        assert scores[k].dtype == np.float64
        assert scores[k].tolist() == [1 / 3, 2 / 3]


def test_every_special_value_gives_the_rule_bit_for_bit_and_silently() -> None:
    """Every (matched, |test|, |gold|) from {0, -0, 1, 2, inf, nan} at once, with warnings as errors:
    each result has the bits of :func:`reference` (e.g. matched -0 of 1 and 0 gives F +0, not
    2 * -0 * 0 = -0; inf of inf gives NaN without an 'invalid value' warning)."""
    values = (0.0, -0.0, 1.0, 2.0, math.inf, math.nan)
    triples = list(itertools.product(values, repeat=3))
    columns = [np.array(column) for column in zip(*triples)]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        scores = prf(*columns)
    for i, triple in enumerate(triples):
        for k, want in zip("PRF", reference(*triple)):
            assert np.float64(scores[k][i]).tobytes() == np.float64(want).tobytes(), (triple, k)
