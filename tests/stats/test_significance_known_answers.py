"""Paired bootstrap, permutation test and pair outcomes: known answers and a naive reference."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from toy_metrics import ConceptBag, ConceptJaccard, ToyAspects

from amrmetrics.stats import significance
from amrmetrics.stats.significance import (
    compare,
    difference_intervals,
    pair_outcomes,
    paired_bootstrap,
    permutation_test,
)

METRIC = ConceptBag()


def system(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    gold = rng.integers(3, 20, n)
    test = np.maximum(gold + rng.integers(-2, 3, n), 1)
    matched = np.maximum(np.minimum(test, gold) - rng.integers(0, 4, n), 0)
    return np.stack([matched, test, gold], axis=1).astype(float)


def better_everywhere(n: int) -> tuple[np.ndarray, np.ndarray]:
    """B = A with one matched triple fewer in every pair: A is strictly better on each pair."""
    a = system(n, 0)
    a[:, 0] = np.maximum(a[:, 0], 1)
    b = a.copy()
    b[:, 0] -= 1
    return a, b


@pytest.mark.parametrize("n", [8, 500])  # exact enumeration, then approximate randomization
def test_identical_systems_have_p_one(n):
    a = system(n, 1)
    result = permutation_test(METRIC, a, a.copy(), trials=2000, seed=0)
    assert result["method"] == ("exact permutation" if n == 8 else "approximate randomization")
    for avg in ("micro", "macro"):
        assert result[avg] == {"P": 1.0, "R": 1.0, "F": 1.0}


def test_strictly_better_on_every_pair_of_a_large_corpus_is_significant():
    a, b = better_everywhere(300)
    result = permutation_test(METRIC, a, b, trials=2000, seed=0)
    for avg in ("micro", "macro"):
        for k in "PRF":
            assert result[avg][k] < 0.01
            assert result[avg][k] == pytest.approx(1 / 2001)  # no trial reaches the observed difference
    outcomes = pair_outcomes(METRIC.scores(a)["F"], METRIC.scores(b)["F"])
    assert (outcomes.wins, outcomes.ties, outcomes.losses) == (300, 0, 0)


def test_exact_test_on_three_pairs_better_everywhere():
    # A wins every pair; of the 2^3 swap patterns only "none" and "all" reach |d|: p = 2/8.
    a, b = better_everywhere(3)
    result = permutation_test(METRIC, a, b, trials=100, seed=0)
    assert result["method"] == "exact permutation" and result["trials"] == 8
    assert result["micro"]["F"] == pytest.approx(0.25)


def test_exact_p_value_equals_naive_enumeration_of_swapped_corpora():
    a, b = system(7, 2), system(7, 3)
    b[:, 1:] = a[:, 1:]  # same sizes, different matches
    b[:, 0] = np.minimum(b[:, 0], np.minimum(a[:, 1], a[:, 2]))
    observed = {avg: abs(getattr(METRIC, avg)(a)["F"] - getattr(METRIC, avg)(b)["F"]) for avg in ("micro", "macro")}
    reached = {"micro": 0, "macro": 0}
    for swap in itertools.product([False, True], repeat=7):
        s = np.array(swap)
        x = np.where(s[:, None], b, a)
        y = np.where(s[:, None], a, b)
        for avg in reached:
            d = abs(getattr(METRIC, avg)(x)["F"] - getattr(METRIC, avg)(y)["F"])
            reached[avg] += d >= observed[avg] - 1e-12
    result = permutation_test(METRIC, a, b, trials=1000, seed=0)
    for avg in reached:
        assert result[avg]["F"] == pytest.approx(reached[avg] / 128)


def test_approximate_randomization_is_seeded_and_chunking_does_not_matter(monkeypatch):
    a, b = system(40, 4), system(40, 5)
    first = permutation_test(METRIC, a, b, trials=500, seed=3)
    assert permutation_test(METRIC, a, b, trials=500, seed=3) == first
    monkeypatch.setattr(significance, "_CHUNK_CELLS", 40 * 7)  # chunks of 7 trials
    assert permutation_test(METRIC, a, b, trials=500, seed=3) == first
    p = first["micro"]["F"]
    assert 0 < p <= 1 and (p * 501) == pytest.approx(round(p * 501))  # (k + 1) / (trials + 1)


def test_p_value_is_symmetric_in_the_systems():
    a, b = system(60, 6), system(60, 7)
    assert permutation_test(METRIC, a, b, 300, seed=1) == permutation_test(METRIC, b, a, 300, seed=1)


def test_paired_bootstrap_of_identical_systems_is_exactly_zero():
    a = system(30, 8)
    draws = paired_bootstrap(METRIC, a, a.copy(), 200, seed=0)
    assert not draws["micro"].any() and not draws["macro"].any()


def test_paired_bootstrap_differences_are_differences_of_the_same_resamples():
    from amrmetrics.stats.bootstrap import bootstrap_scores

    a, b = system(25, 9), system(25, 10)
    diff = paired_bootstrap(METRIC, a, b, 100, seed=5)
    one, two = bootstrap_scores(METRIC, a, 100, 5), bootstrap_scores(METRIC, b, 100, 5)
    assert np.allclose(diff["micro"][:, 2], one["micro"]["F"] - two["micro"]["F"])
    assert np.allclose(diff["macro"][:, 0], one["macro"]["P"] - two["macro"]["P"])


def test_difference_interval_excludes_zero_when_better_everywhere_and_needs_ten_pairs():
    a, b = better_everywhere(50)
    ci = difference_intervals(METRIC, a, b, 500, seed=0)
    lo, hi = ci["micro"]["F"]
    assert 0 < lo <= hi
    assert ci["method"] == "paired percentile bootstrap"
    few = difference_intervals(METRIC, a[:9], b[:9], 500, seed=0)
    assert few["reason"] == "no interval: 9 pairs (at least 10 needed)" and "micro" not in few


def test_pair_outcomes_ties_below_tolerance_and_even_split():
    a = np.array([0.5, 0.5, 0.7, 0.2, 0.9, np.nan])
    b = np.array([0.5 + 1e-10, 0.4, 0.7, 0.3, 0.9 - 2e-9, 0.1])
    o = pair_outcomes(a, b)
    assert (o.wins, o.ties, o.losses, o.undefined) == (2, 2, 1, 1)
    assert (o.a_split, o.b_split) == (3.0, 2.0)
    assert o.as_dict()["a_split"] == 3.0


def test_compare_bundles_everything_and_is_deterministic():
    a, b = better_everywhere(40)
    first = compare(METRIC, a, b, resamples=200, trials=300, seed=2)
    second = compare(METRIC, a, b, resamples=200, trials=300, seed=2)
    assert first.as_dict() == second.as_dict()
    assert first.diff["micro"]["F"] == pytest.approx(METRIC.micro(a)["F"] - METRIC.micro(b)["F"])
    assert first.a["macro"]["F"] == pytest.approx(METRIC.macro(a)["F"])
    assert first.outcomes["F"].wins == 40
    d = first.as_dict()
    assert d["micro"]["F"]["p"] < 0.01 and d["bootstrap"]["resamples"] == 200 and d["permutation"]["trials"] == 300


def test_similarity_metric_through_the_same_interface():
    rng = np.random.default_rng(0)
    a = np.stack([rng.random(30), np.ones(30)], axis=1)
    b = a.copy()
    b[:, 0] *= 0.5
    result = compare(ConceptJaccard(), a, b, resamples=100, trials=200, seed=0)
    assert result.diff["micro"]["score"] == pytest.approx(result.diff["macro"]["score"])
    assert result.permutation["micro"]["score"] < 0.01


def test_not_applicable_aspects_give_nan_and_count_undefined_pairs():
    metric = ToyAspects()
    a = np.tile([3.0, 4.0, 4.0, 0.0, 0.0, 0.0], (12, 1))
    b = a.copy()
    b[:, 0] = 2.0
    b[0, 3:] = [0.0, 1.0, 0.0]  # B negates something in pair 1 only
    result = compare(metric, a, b, resamples=50, trials=100, seed=0)
    assert np.isnan(result.a["micro"]["Negation.F"]) and result.b["micro"]["Negation.F"] == 0.0
    assert np.isnan(result.permutation["micro"]["Negation.F"])
    assert result.outcomes["Negation.F"].undefined == 12
    assert result.outcomes["Concepts.F"].wins == 12
