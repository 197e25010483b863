"""The parse-quality study's statistics against hand-computed values on made-up label sets."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from amrmetrics.meta.labels import Labels
from amrmetrics.meta.parse_quality import (
    acceptability,
    acceptance_delta,
    evaluate,
    human_preference,
    metric_preference,
    pairwise_accuracy,
)
from amrmetrics.stats.bootstrap import resample_counts

A = np.array([0.9, 0.5, 0.7, 0.3, 0.6, 0.6])
B = np.array([0.8, 0.6, 0.7, 0.4, 0.6, 0.5])
# m(A) - m(B): +0.1, -0.1, 0, -0.1, 0, +0.1  -> A wins 2, B wins 2, ties 2


def labels(preference, acc_a, acc_b) -> Labels:
    n = len(preference)
    return Labels(
        tuple(f"s{k}" for k in range(n)),
        np.array(preference, dtype=float),
        np.array(acc_a, dtype=float),
        np.array(acc_b, dtype=float),
    )


def test_preference_splits_ties_evenly():
    p = metric_preference(A, B)
    assert (p.wins_a, p.wins_b, p.ties, p.a, p.b) == (2, 2, 2, 3.0, 3.0)


def test_preference_compat_gives_ties_and_tiny_wins_of_a_to_b():
    a = np.append(A, 0.50005)
    b = np.append(B, 0.5)  # A better by 0.00005: a win of A, but below the evaluator's 0.0001
    ours = metric_preference(a, b)
    assert (ours.wins_a, ours.wins_b, ours.ties, ours.a, ours.b) == (3, 2, 2, 4.0, 3.0)
    compat = metric_preference(a, b, compat=True)
    assert (compat.wins_a, compat.wins_b, compat.ties, compat.a, compat.b) == (2, 5, 2, 2.0, 5.0)


def test_float_noise_is_a_tie():
    p = metric_preference(np.array([0.1 + 0.2]), np.array([0.3]))
    assert p.ties == 1 and p.a == p.b == 0.5


def test_human_preference():
    p = human_preference(labels([1, 0, 0.5, 1, 0.5, 0, 0], [0] * 7, [0] * 7))
    assert (p.wins_a, p.wins_b, p.ties, p.a, p.b) == (2, 3, 2, 3.0, 4.0)


def test_pairwise_accuracy_by_hand():
    # human signs +, -, 0, +, 0, -; metric signs +, -, 0, -, 0, +  -> agree s1, s2; disagree s4, s6
    pa = pairwise_accuracy(A, B, np.array([1, 0, 0.5, 1, 0.5, 0]))
    assert (pa.value, pa.agree, pa.counted, pa.preferred, pa.metric_ties) == (0.5, 2, 4, 4, 0)


def test_pairwise_accuracy_excludes_metric_ties_and_counts_them():
    # sentence 3 now has a human preference but the metric ties: excluded, and reported
    pa = pairwise_accuracy(A, B, np.array([1, 0, 1, 1, 0.5, 0]))
    assert (pa.value, pa.agree, pa.counted, pa.preferred, pa.metric_ties) == (0.5, 2, 4, 5, 1)
    # human +, -, -, -, +, +; metric +, -, 0, -, 0, + -> 4 agreements, 2 metric ties left out
    perfect = pairwise_accuracy(A, B, np.array([1, 0, 0, 0, 1, 1]))
    assert (perfect.value, perfect.agree, perfect.counted, perfect.metric_ties) == (1.0, 4, 4, 2)


def test_pairwise_accuracy_with_an_empty_preference_set():
    pa = pairwise_accuracy(A, B, np.full(6, 0.5), resamples=100, seed=1)
    assert math.isnan(pa.value) and pa.counted == 0 and pa.preferred == 0
    assert pa.interval is None and pa.random_outside is None
    empty = pairwise_accuracy(np.array([]), np.array([]), np.array([]), resamples=100)
    assert math.isnan(empty.value) and empty.interval is None


def test_acceptance_delta_by_hand():
    # all six scores 0.9 0.5 0.7 | 0.8 0.6 0.7 -> average ranks 6 1 3.5 | 5 2 3.5
    a, b = A[:3], B[:3]
    delta = acceptance_delta(a, b, np.array([1, 0, 0]), np.array([1, 0, 1]))
    # acceptable ranks 6, 5, 3.5 -> median 5; unacceptable 1, 3.5, 2 -> median 2
    assert (delta.value, delta.acceptable, delta.unacceptable) == (3.0, 3, 3)
    even = acceptance_delta(a, b, np.array([1, 0, 1]), np.array([0, 1, 0]))
    # acceptable 6, 3.5, 2 -> 3.5; unacceptable 1, 5, 3.5 -> 3.5
    assert even.value == 0.0


def test_acceptance_delta_matches_scipy_ranks():
    rng = np.random.default_rng(3)
    a, b = rng.integers(0, 6, 40) / 5, rng.integers(0, 6, 40) / 5
    acc_a, acc_b = rng.integers(0, 2, 40), rng.integers(0, 2, 40)
    ranks = stats.rankdata(np.concatenate([a, b]))
    acc = np.concatenate([acc_a, acc_b])
    expected = np.median(ranks[acc == 1]) - np.median(ranks[acc == 0])
    assert acceptance_delta(a, b, acc_a, acc_b).value == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("value", [0, 1])
def test_acceptance_delta_all_or_none_acceptable_is_undefined(value):
    delta = acceptance_delta(A, B, np.full(6, value), np.full(6, value), resamples=50)
    assert math.isnan(delta.value) and delta.interval is None and delta.random_outside is None
    assert (delta.acceptable, delta.unacceptable) == ((12, 0) if value else (0, 12))


def test_compat_reads_acceptability_from_the_wrong_columns():
    lab = labels([1, 0.5, 0], [0, 1, 1], [1, 1, 0])
    ok_a, ok_b = acceptability(lab)
    assert ok_a.tolist() == [0, 1, 1] and ok_b.tolist() == [1, 1, 0]
    bad_a, bad_b = acceptability(lab, compat=True)
    assert bad_a[0] == 1 and math.isnan(bad_a[1]) and bad_a[2] == 0 and bad_b.tolist() == [0, 1, 1]
    # ranks a: 6 1 3.5, b: 5 2 3.5; compat acceptable: a1 (6), b2 (2), b3 (3.5) -> 3.5;
    # unacceptable: a3 (3.5), b1 (5) -> 4.25
    assert acceptance_delta(A[:3], B[:3], bad_a, bad_b).value == -0.75


def naive_pa(a, b, pref, idx):
    d = a[idx] - b[idx]
    h = np.sign(pref[idx] - 0.5)
    m = np.where(d > 1e-9, 1, np.where(d < -1e-9, -1, 0))
    prod = h * m
    return (prod > 0).sum() / (prod != 0).sum() if (prod != 0).any() else np.nan


def naive_delta(a, b, acc_a, acc_b, idx):
    scores = np.concatenate([a[idx], b[idx]])
    acc = np.concatenate([acc_a[idx], acc_b[idx]])
    ranks = stats.rankdata(scores)
    if not (acc == 1).any() or not (acc == 0).any():
        return np.nan
    return np.median(ranks[acc == 1]) - np.median(ranks[acc == 0])


def test_bootstrap_intervals_match_explicit_resamples():
    rng = np.random.default_rng(7)
    n = 25
    a, b = rng.integers(0, 5, n) / 4, rng.integers(0, 5, n) / 4
    pref = rng.choice([0, 0.5, 1], n)
    acc_a, acc_b = rng.integers(0, 2, n), rng.integers(0, 2, n)
    draws_pa, draws_delta = [], []
    for counts in resample_counts(n, 300, 11):
        for row in counts:
            idx = np.repeat(np.arange(n), row.astype(int))
            draws_pa.append(naive_pa(a, b, pref, idx))
            draws_delta.append(naive_delta(a, b, acc_a, acc_b, idx))
    pa = pairwise_accuracy(a, b, pref, resamples=300, seed=11, confidence=0.9)
    delta = acceptance_delta(a, b, acc_a, acc_b, resamples=300, seed=11, confidence=0.9)
    for result, draws in ((pa, draws_pa), (delta, draws_delta)):
        draws = np.array(draws)
        finite = draws[np.isfinite(draws)]
        assert result.interval.low == pytest.approx(np.percentile(finite, 5))
        assert result.interval.high == pytest.approx(np.percentile(finite, 95))
        assert result.interval.undefined == len(draws) - len(finite)


def test_bootstrap_is_seeded_and_random_baseline_check():
    pref = np.array([1, 0, 1, 0, 1, 0, 1, 0] * 3)
    a = np.where(pref == 1, 0.9, 0.1)
    b = np.where(pref == 1, 0.2, 0.8)
    first = pairwise_accuracy(a, b, pref, resamples=200, seed=5)
    again = pairwise_accuracy(a, b, pref, resamples=200, seed=5)
    assert first == again and first.value == 1.0
    assert first.random_outside is True
    coin = pairwise_accuracy(a, b, np.array([1, 1, 0, 0] * 6), resamples=500, seed=5)
    assert coin.value == 0.5 and coin.random_outside is False


def test_evaluate_assembles_rows_and_spearman():
    lab = labels([1, 0, 0.5, 1, 0.5, 0], [1, 0, 0, 1, 1, 0], [0, 1, 0, 1, 1, 1])
    scores_a = np.array([A, [1, 2, 3, 4, 5, 6]], dtype=float)
    scores_b = np.array([B, [2, 3, 4, 5, 6, 7]], dtype=float)
    ab = [{"micro": 0.5, "macro": 0.6}] * 2
    result = evaluate(["m1", "m2"], ["sig1", "sig2"], ab, ab, scores_a, scores_b, lab, resamples=0)
    assert [m.spec for m in result.metrics] == ["m1", "m2"]
    assert result.metrics[1].preference.wins_b == 6 and result.metrics[1].pairwise.value == 0.5
    assert result.human_acceptable == (0.5, 4 / 6) and result.quirks == ()
    expected = stats.spearmanr(np.concatenate([A, B]), np.arange(1, 7).tolist() + np.arange(2, 8).tolist())[0]
    assert result.spearman[0, 1] == pytest.approx(expected) and result.spearman[0, 0] == 1.0
    compat = evaluate(["m1"], ["s"], ab[:1], ab[:1], scores_a[:1], scores_b[:1], lab, compat=True, resamples=0)
    assert compat.quirks == ("ties-to-b", "acceptability-columns") and compat.as_dict()["compat"] is True
    with pytest.raises(ValueError, match="6 labelled sentences"):
        evaluate(["m1"], ["s"], ab[:1], ab[:1], scores_a[:1, :5], scores_b[:1, :5], lab)
