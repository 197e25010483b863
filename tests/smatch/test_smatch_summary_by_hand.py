"""Smatch's summary of per-pair statistics and its signature items, by hand.

Statistics per pair are (matched, n_test, n_gold, upper). The micro F of pooled counts is
2 * matched / (n_test + n_gold); the most it could rise is with the pooled upper bound (capped by
both sizes) in place of the match.
"""

from __future__ import annotations

import numpy as np
import pytest

from amrmetrics.metrics.smatch import Smatch


def test_an_empty_summary() -> None:
    assert Smatch().summary(np.zeros((0, 4))) == {"uncertified": 0, "max_f_gain": 0.0}


def test_one_uncertified_pair_and_the_f_it_could_gain() -> None:
    # pooled (5, 7, 8, 6): F now 10 / 15, at best 12 / 15
    summary = Smatch().summary([[2, 4, 5, 3], [3, 3, 3, 3]])
    assert summary["uncertified"] == 1
    assert summary["max_f_gain"] == pytest.approx(12 / 15 - 10 / 15)


def test_the_upper_bound_is_capped_by_both_sizes() -> None:
    # pooled (1, 2, 3, 5): the match can reach at most 2; F now 2 / 5, at best 4 / 5
    summary = Smatch().summary([[1, 2, 3, 5]])
    assert summary == {"uncertified": 1, "max_f_gain": pytest.approx(4 / 5 - 2 / 5)}
    summary = Smatch().summary([[1, 3, 2, 5]])
    assert summary == {"uncertified": 1, "max_f_gain": pytest.approx(4 / 5 - 2 / 5)}


def test_a_gap_within_the_tolerance_is_certified_and_gains_nothing() -> None:
    summary = Smatch().summary([[2, 3, 4, 2 + 1e-10], [1, 1, 1, 1]])
    assert summary["uncertified"] == 0
    assert summary["max_f_gain"] == pytest.approx(0.0, abs=1e-9)
    assert Smatch().summary([[0, 1, 1, 1e-9]])["uncertified"] == 0  # a gap of exactly the tolerance
    assert Smatch().summary([[2, 3, 4, 1]])["max_f_gain"] == 0.0  # never negative


def test_signature_items() -> None:
    assert Smatch().signature_items() == [("std", "smatch"), ("solver", "exact"), ("dedup", "yes")]
    assert Smatch(solver="hillclimb", restarts=7, seed=3, timeout=2.5).signature_items() == [
        ("std", "smatch"), ("solver", "hillclimb"), ("restarts", "7"), ("seed", "3"), ("timeout", "2.5"), ("dedup", "yes"),
    ]
    assert Smatch(std="smatch-classic").signature_items()[-1] == ("dedup", "no(product)")
