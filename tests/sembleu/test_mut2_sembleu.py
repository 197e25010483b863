"""SemBLEU's vectorised ``bleu``: the auto re-weighing when no order has n-grams, and orders above the
highest counted one left out of the sum even when there are more than a thousand of them.

Expected values by hand from the formula in docs (p_k = m_k / c_k, Chen & Cherry smoothing 1 / (2^j max(1, c_k)),
weights 1/K over the orders 1..K that have hypothesis n-grams, brevity exp(1 - |ref|/|hyp|) when |hyp| <= |ref|).
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from amrmetrics.metrics.sembleu import SemBLEU, bleu, bleu_one
from amrmetrics.read.decode import decode


def test_no_order_with_ngrams_weighs_every_order_zero() -> None:
    # m1 = 2 with no hypothesis n-gram at all (c = 0, 0, 0): K = 0, every weight 0, so the product of the
    # precisions is exp(0) = 1; |hyp| = |ref| gives brevity exp(0) = 1. A unigram weight of 1 would give 2 / 1 = 2.
    stats = np.array([[2, 0, 0, 0, 0, 0, 4, 4]], dtype=float)
    assert bleu(stats, (1 / 3, 1 / 3, 1 / 3)).tolist() == [1.0]


def test_orders_above_the_highest_counted_one_are_left_out_for_a_large_n() -> None:
    # a one-node graph against itself with n = 1030: one unigram, matched; no higher order has n-grams, so
    # K = 1 and the score is p_1 = 1 with brevity 1. Counting the 1029 empty orders as unmatched would
    # smooth the later ones with 1 / 2^1024 = 0 in float64, whose log is -inf, and 0 * -inf is NaN.
    n = 1030
    stats = np.zeros((1, 2 * n + 2))
    stats[0, [0, 1, 2 * n, 2 * n + 1]] = 1.0
    assert bleu(stats, (1 / n,) * n).tolist() == [1.0]

    metric = SemBLEU(n=n)
    boy = metric.prepare(decode("(b / boy)"))
    pair = np.array(metric.pair(boy, boy).stats)
    assert pair[[0, 1, 2 * n, 2 * n + 1]].tolist() == [1.0, 1.0, 1.0, 1.0] and not pair[2 : 2 * n].any()
    assert metric.scores(pair[None, :])["score"].tolist() == [1.0]


def test_bleu_is_silent_on_infinite_lengths() -> None:
    # |hyp| = |ref| = inf: brevity exp(1 - inf / inf) is NaN, computed without a RuntimeWarning (as the
    # 0 / 0 and log 0 of the ordinary cases are); the unigram term is log(1 / 1) = 0.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        score = bleu(np.array([[1, 1, 0, 0, 0, 0, np.inf, np.inf]]), (1 / 3, 1 / 3, 1 / 3))
    assert np.isnan(score[0])


def test_one_pair_path_with_no_counted_order() -> None:
    # the per-pair path (bleu_one) on the first test's statistics: K = 0, every weight 0, score 1
    stats = np.array([2, 0, 0, 0, 0, 0, 4, 4], dtype=float)
    assert bleu_one(stats, (1 / 3, 1 / 3, 1 / 3)) == 1.0
    assert bleu_one(np.array([2, 0, 4, 4], dtype=float), (1.0,)) == 1.0  # n = 1: still K = 0 < n


def test_one_pair_path_leaves_out_the_order_above_the_highest_counted_one() -> None:
    # K = 1 (no bigram or trigram counted): only p_1 = 1 / 1 counts; the bigram's ratio inf / 1 has weight 0
    # and is left out, as bleu leaves it out, so both give 1 rather than 0 * inf = NaN
    stats = np.array([1, 1, np.inf, 0, 0, 0, 4, 4])
    weights = (1 / 3, 1 / 3, 1 / 3)
    with np.errstate(all="ignore"):
        assert bleu_one(stats, weights) == 1.0
        assert bleu(stats[None, :], weights).tolist() == [1.0]


@pytest.mark.parametrize("n", [0, -1])
def test_n_below_one_is_refused_by_name(n: int) -> None:
    with pytest.raises(ValueError, match=r"^n must be >= 1$"):
        SemBLEU(n=n)


@pytest.mark.parametrize(("n", "names"), [(1, ("m1", "c1")), (3, ("m1", "c1", "m2", "c2", "m3", "c3"))])
def test_statistic_names_are_matches_and_counts_per_order_then_the_two_lengths(n: int, names: tuple[str, ...]) -> None:
    metric = SemBLEU(n=n)
    assert metric.stat_names == (*names, "len_test", "len_gold")
    boy = metric.prepare(decode("(b / boy :ARG0 (g / girl))"))
    assert len(metric.pair(boy, boy).stats) == len(metric.stat_names)
