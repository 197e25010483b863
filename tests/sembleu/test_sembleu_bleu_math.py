"""SemBLEU's BLEU arithmetic on statistics: precision, method-3 smoothing, re-weighing, brevity, pooling."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from amrmetrics.metrics.sembleu import SemBLEU, bleu
from amrmetrics.stats.bootstrap import confidence_intervals

UNIFORM3 = (1 / 3,) * 3


def scalar_bleu(stats: list[int], weights: tuple[float, ...]) -> float:
    """SPECS §4 written out one pair at a time, as a second implementation to check the vectorised one."""
    n = len(weights)
    matched, counts, hyp, ref = stats[0 : 2 * n : 2], stats[1 : 2 * n : 2], stats[2 * n], stats[2 * n + 1]
    present = [k for k in range(n) if counts[k] > 0]
    top = max(present) + 1 if present else 0
    if top < n:
        weights = (1.0 / top,) * top if top else ()
    if not present or matched[0] == 0:
        return 0.0
    logs, zeros = [], 0
    for k in range(len(weights)):
        if matched[k] > 0:
            logs.append(weights[k] * math.log(matched[k] / counts[k]))
        else:
            zeros += 1
            logs.append(weights[k] * math.log(1 / (2**zeros * max(1.0, counts[k]))))
    brevity = 1.0 if hyp > ref else math.exp(1 - ref / hyp) if hyp else 0.0
    return brevity * math.exp(math.fsum(logs))


def test_hand_computed_pair() -> None:
    stats = [3, 4, 1, 3, 0, 2, 7, 9]
    expected = math.exp((math.log(3 / 4) + math.log(1 / 3) + math.log(1 / 4)) / 3) * math.exp(1 - 9 / 7)
    assert math.isclose(float(bleu(np.array(stats), UNIFORM3)), expected, rel_tol=1e-12)


def test_second_order_without_match_gets_a_quarter() -> None:
    stats = [2, 4, 0, 3, 0, 2, 9, 9]
    expected = math.exp((math.log(2 / 4) + math.log(1 / (2 * 3)) + math.log(1 / (4 * 2))) / 3)
    assert math.isclose(float(bleu(np.array(stats), UNIFORM3)), expected, rel_tol=1e-12)


def test_missing_high_orders_reweigh_uniformly() -> None:
    assert math.isclose(float(bleu(np.array([3, 4, 0, 0, 0, 0, 9, 9]), (0.34, 0.33, 0.34))), 3 / 4)
    two = float(bleu(np.array([3, 4, 1, 2, 0, 0, 9, 9]), (0.34, 0.33, 0.34)))
    assert math.isclose(two, math.sqrt(3 / 4 * 1 / 2))


def test_brevity_penalty_edges() -> None:
    assert float(bleu(np.array([4, 4, 0, 0, 0, 0, 10, 5]), UNIFORM3)) == 1.0
    assert math.isclose(float(bleu(np.array([4, 4, 0, 0, 0, 0, 5, 10]), UNIFORM3)), math.exp(1 - 10 / 5))
    assert float(bleu(np.array([0, 0, 0, 0, 0, 0, 0, 5]), UNIFORM3)) == 0.0
    assert float(bleu(np.array([0, 0, 0, 0, 0, 0, 0, 0]), UNIFORM3)) == 0.0  # the empty graph earns nothing
    assert float(bleu(np.array([0, 4, 0, 3, 0, 2, 9, 9]), UNIFORM3)) == 0.0


def test_corpus_score_pools_counts_rather_than_averaging() -> None:
    metric = SemBLEU()
    stats = np.array([[3, 4, 1, 3, 0, 2, 7, 9], [5, 5, 4, 4, 3, 3, 10, 10]], dtype=float)
    pooled = metric.micro(stats)["score"]
    assert math.isclose(pooled, float(bleu(stats.sum(axis=0), UNIFORM3)))
    assert not math.isclose(pooled, metric.macro(stats)["score"])
    assert math.isclose(metric.macro(stats)["score"], float(np.mean(bleu(stats, UNIFORM3))))


counts = st.integers(0, 12)


@st.composite
def pair_stats(draw: st.DrawFn, n: int = 3) -> list[int]:
    totals = sorted((draw(counts) for _ in range(n)), reverse=True)
    stats: list[int] = []
    for total in totals:
        stats += [draw(st.integers(0, total)), total]
    return stats + [totals[0] + draw(st.integers(0, 30)), draw(st.integers(0, 40))]


@settings(max_examples=150, deadline=None)
@given(st.lists(pair_stats(), min_size=1, max_size=6), st.sampled_from([UNIFORM3, (0.34, 0.33, 0.34), (0.5, 0.3, 0.2)]))
def test_vectorised_scores_equal_the_scalar_formula(rows: list[list[int]], weights: tuple[float, ...]) -> None:
    ours = bleu(np.array(rows, dtype=float), weights)
    for row, value in zip(rows, ours):
        assert math.isclose(float(value), scalar_bleu(row, weights), rel_tol=1e-12, abs_tol=1e-15)
        assert 0.0 <= value <= 1.0


def test_bootstrap_intervals_come_from_the_statistics() -> None:
    rng = np.random.default_rng(7)
    rows = []
    for _ in range(40):
        c = rng.integers(5, 20, size=3)
        m = rng.integers(0, c + 1)
        rows.append([m[0], c[0], m[1], c[1], m[2], c[2], int(rng.integers(10, 40)), int(rng.integers(10, 40))])
    stats = np.array(rows, dtype=float)
    metric = SemBLEU()
    ci = confidence_intervals(metric, stats, resamples=200, seed=3)
    lo, hi = ci["micro"]["score"]
    assert 0.0 <= lo <= metric.micro(stats)["score"] <= hi <= 1.0
    assert ci == confidence_intervals(metric, stats, resamples=200, seed=3)
