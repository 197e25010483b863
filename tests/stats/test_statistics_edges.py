"""Edges of the statistics the known-answer tests do not reach: chunk boundaries, the switch between
exact and random permutations, not-applicable pair scores in the permutation test, tolerance
boundaries, empty corpora, error messages, and no numpy warnings leaking to users."""

from __future__ import annotations

import itertools
import warnings

import numpy as np
import pytest
from toy_metrics import ConceptBag, ToyAspects

from amrmetrics.stats import bootstrap, significance
from amrmetrics.stats.bootstrap import confidence_intervals, resample_counts
from amrmetrics.stats.significance import Outcomes, compare, difference_intervals, pair_outcomes, permutation_test

BAG = ConceptBag()


def bag_corpus(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    gold = rng.integers(3, 12, n)
    test = np.maximum(gold + rng.integers(-2, 3, n), 1)
    return np.stack([np.minimum(test, gold) - rng.integers(0, 2, n), test, gold], axis=1).astype(float)


def test_a_chunk_is_one_resample_when_a_row_fills_the_cell_budget(monkeypatch):
    monkeypatch.setattr(bootstrap, "_CHUNK_CELLS", 10)
    shapes = [c.shape for c in resample_counts(7, 5, seed=0)]
    assert shapes == [(1, 7)] * 5
    monkeypatch.setattr(bootstrap, "_CHUNK_CELLS", 14)
    assert [c.shape for c in resample_counts(7, 5, seed=0)] == [(2, 7), (2, 7), (1, 7)]


def test_exact_enumeration_across_several_chunks_visits_every_pattern_once(monkeypatch):
    a, b = bag_corpus(7, 1), bag_corpus(7, 2)
    b[:, 1:] = a[:, 1:]
    b[:, 0] = np.minimum(b[:, 0], a[:, 1])
    whole = permutation_test(BAG, a, b, trials=1000, seed=0)
    seen = []
    real = significance._swap_masks

    def recording(n, trials, seed):
        method, total, masks = real(n, trials, seed)
        return method, total, (seen.append(m) or m for m in masks)

    monkeypatch.setattr(significance, "_CHUNK_CELLS", 7 * 10)  # 128 patterns in 13 chunks
    monkeypatch.setattr(significance, "_swap_masks", recording)
    chunked = permutation_test(BAG, a, b, trials=1000, seed=0)
    assert chunked == whole and whole["method"] == "exact permutation"
    patterns = np.concatenate(seen)
    assert len(seen) == 13 and len({tuple(row) for row in patterns}) == 128


@pytest.mark.parametrize("exact", [True, False])
def test_a_swap_chunk_is_one_row_when_a_row_fills_the_cell_budget(monkeypatch, exact):
    monkeypatch.setattr(significance, "_CHUNK_CELLS", 10)
    method, total, masks = significance._swap_masks(7, 128 if exact else 5, seed=0)
    shapes = [m.shape for m in masks]
    assert method == ("exact permutation" if exact else "approximate randomization")
    assert shapes == [(1, 7)] * total


@pytest.mark.parametrize(("n", "trials", "method"), [(3, 8, "exact permutation"), (3, 7, "approximate randomization"), (4, 15, "approximate randomization")])
def test_exact_when_every_pattern_fits_in_the_trials(n, trials, method):
    result = permutation_test(BAG, bag_corpus(n, 3), bag_corpus(n, 4), trials=trials, seed=5)
    assert result["method"] == method
    assert result["trials"] == (2**n if method == "exact permutation" else trials)
    assert result["seed"] == (None if method == "exact permutation" else 5)


def test_one_trial_is_allowed_and_zero_is_an_error():
    result = permutation_test(BAG, bag_corpus(70, 3), bag_corpus(70, 4), trials=1, seed=0)
    assert result["trials"] == 1 and result["micro"]["F"] in (0.5, 1.0)  # (k + 1) / 2
    with pytest.raises(ValueError, match=r"^trials must be >= 1$"):
        permutation_test(BAG, bag_corpus(5, 3), bag_corpus(5, 4), trials=0)


def test_mismatched_systems_are_refused_with_both_shapes():
    with pytest.raises(ValueError, match=r"^paired statistics must have the same shape, got \(3, 3\) and \(4, 3\)$"):
        compare(BAG, bag_corpus(3, 1), bag_corpus(4, 1))


def naive_aspect_p(a: np.ndarray, b: np.ndarray, score: str, avg: str) -> float:
    """Exact p of one ToyAspects score by swapping every subset of pairs (NaN pair scores left out)."""
    metric = ToyAspects()

    def corpus(stats):
        return getattr(metric, avg)(stats)[score]

    observed = abs(corpus(a) - corpus(b))
    reached = 0
    patterns = list(itertools.product([False, True], repeat=len(a)))
    for swap in patterns:
        s = np.array(swap)[:, None]
        d = corpus(np.where(s, b, a)) - corpus(np.where(s, a, b))
        reached += bool(np.isnan(d) or abs(d) >= observed - 1e-12)
    return reached / len(patterns)


def test_permutation_test_with_not_applicable_pair_scores_equals_naive_enumeration():
    # Negation applies to A on pairs 0-2 and to B on pairs 1-4: the pairs that count change with each swap
    a = np.zeros((6, 6))
    b = np.zeros((6, 6))
    a[:, :3] = [[3, 4, 4], [2, 4, 4], [4, 4, 4], [1, 3, 4], [4, 5, 4], [2, 2, 4]]
    b[:, :3] = [[4, 4, 4], [2, 3, 4], [3, 4, 4], [4, 4, 4], [2, 5, 4], [1, 2, 4]]
    a[:3, 3:] = [[1, 1, 1], [0, 1, 1], [1, 2, 1]]
    b[1:5, 3:] = [[1, 1, 1], [1, 1, 2], [0, 0, 1], [1, 2, 1]]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no numpy warning reaches a user
        result = permutation_test(ToyAspects(), a, b, trials=1000, seed=0)
    assert result["method"] == "exact permutation"
    for avg in ("micro", "macro"):
        for score in ("Negation.F", "Negation.P", "Concepts.F"):
            assert result[avg][score] == pytest.approx(naive_aspect_p(a, b, score, avg)), (avg, score)


def test_no_numpy_warning_for_scores_that_apply_to_no_pair():
    stats = np.zeros((12, 6))
    stats[:, :3] = [2.0, 3.0, 3.0]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ci = confidence_intervals(ToyAspects(), stats, 50, seed=0)
        result = compare(ToyAspects(), stats, stats.copy(), resamples=20, trials=50, seed=0)
    assert np.isnan(ci["macro"]["Negation.F"]).all() and np.isnan(result.permutation["macro"]["Negation.F"])


def test_ties_and_wins_at_exactly_the_tolerance():
    outcome = pair_outcomes(np.array([1e-9, 0.0, 0.0]), np.array([0.0, 1e-9, 1e-10]))
    assert (outcome.wins, outcome.ties, outcome.losses, outcome.undefined) == (1, 1, 1, 0)
    assert Outcomes(2, 1, 0, 3).as_dict() == {"wins": 2, "ties": 1, "losses": 0, "undefined": 3, "a_split": 2.5, "b_split": 0.5}


def test_difference_interval_at_another_confidence():
    a, b = bag_corpus(30, 1), bag_corpus(30, 2)
    draws = significance.paired_bootstrap(BAG, a, b, 200, seed=4)
    ci = difference_intervals(BAG, a, b, 200, seed=4, confidence=0.5)
    assert ci["confidence"] == 0.5
    assert ci["micro"]["F"] == pytest.approx(tuple(np.percentile(draws["micro"][:, 2], [25, 75])), abs=1e-12)


def test_compare_with_too_few_pairs_has_no_interval_but_still_a_p_value():
    result = compare(BAG, bag_corpus(5, 1), bag_corpus(5, 2), resamples=50, trials=20, seed=1)
    d = result.as_dict()
    assert d["pairs"] == 5 and result.pairs == 5
    assert d["micro"]["F"]["interval"] is None and d["bootstrap"]["reason"] == "no interval: 5 pairs (at least 10 needed)"
    assert d["permutation"] == {"method": "approximate randomization", "trials": 20, "seed": 1}
    assert 0 < d["micro"]["F"]["p"] <= 1


def test_empty_corpora_compare_to_nan_scores():
    empty = np.zeros((0, 3))
    result = compare(BAG, empty, empty, resamples=10, trials=10, seed=0)
    assert result.pairs == 0
    assert all(np.isnan(result.a[avg][k]) and np.isnan(result.b[avg][k]) for avg in ("micro", "macro") for k in "PRF")


def test_a_corpus_report_of_no_pairs_has_nan_scores_not_those_of_two_empty_graphs():
    from amrmetrics.stats.aggregate import corpus_report

    report = corpus_report(BAG, np.zeros((0, 3)), "sig")
    assert report.pairs == 0 and all(np.isnan(report.micro[k]) and np.isnan(report.macro[k]) for k in "PRF")


def test_report_json_keys():
    from amrmetrics.stats.aggregate import MetricReport, corpus_report

    stats = np.array([[2.0, 4.0, 5.0], [1.0, 1.0, 1.0]])
    assert corpus_report(BAG, stats, "toy|sig").as_dict() == {
        "metric": "toy-bag",
        "signature": "toy|sig",
        "pairs": 2,
        "micro": {"P": 3 / 5, "R": 3 / 6, "F": 6 / 11},
        "macro": {"P": (0.5 + 1) / 2, "R": (0.4 + 1) / 2, "F": (4 / 9 + 1) / 2},
    }
    full = MetricReport("m", "s", ("F",), 3, {"F": 0.5}, {"F": 0.25}, summary={"uncertified": 1}, notes=("n",), intervals={"x": 1})
    assert full.as_dict() == {
        "metric": "m", "signature": "s", "pairs": 3, "micro": {"F": 0.5}, "macro": {"F": 0.25},
        "summary": {"uncertified": 1}, "notes": ["n"], "bootstrap": {"x": 1},
    }
