"""Bootstrap intervals: exact functions of the per-pair statistics, seeded, O(resamples) memory."""

from __future__ import annotations

import numpy as np
import pytest
from toy_metrics import ConceptBag, ConceptJaccard, ToyAspects

from amrmetrics.stats import bootstrap
from amrmetrics.stats.bootstrap import bootstrap_scores, confidence_intervals, resample_counts, resampled_means

METRIC = ConceptBag()


def corpus(n: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    gold = rng.integers(3, 30, n)
    test = np.maximum(gold + rng.integers(-3, 4, n), 1)
    matched = np.minimum(test, gold) - rng.integers(0, 3, n)
    return np.stack([np.maximum(matched, 0), test, gold], axis=1).astype(float)


def test_same_seed_same_intervals_other_seed_other_draws():
    stats = corpus(50)
    first = confidence_intervals(METRIC, stats, 300, seed=7)
    again = confidence_intervals(METRIC, stats, 300, seed=7)
    other = confidence_intervals(METRIC, stats, 300, seed=8)
    assert first == again
    assert first["micro"]["F"] != other["micro"]["F"]
    assert first["method"] == "percentile" and first["seed"] == 7 and first["resamples"] == 300


def test_each_resample_is_a_multinomial_draw_of_n_pairs():
    for counts in resample_counts(13, 40, seed=1):
        assert counts.shape[1] == 13
        assert (counts.sum(axis=1) == 13).all()
        assert (counts >= 0).all()


def test_resampled_scores_are_the_scores_of_the_resampled_corpus():
    stats = corpus(12)
    counts = next(resample_counts(len(stats), 5, seed=3))
    draws = bootstrap_scores(METRIC, stats, 5, seed=3)
    for r in range(5):
        picked = np.repeat(stats, counts[r].astype(int), axis=0)  # the resampled corpus, pair by pair
        assert draws["micro"]["F"][r] == pytest.approx(METRIC.micro(picked)["F"])
        assert draws["macro"]["F"][r] == pytest.approx(METRIC.macro(picked)["F"])


def test_interval_brackets_the_corpus_score_and_is_percentile_based():
    stats = corpus(200)
    ci = confidence_intervals(METRIC, stats, 1000, seed=0)
    for avg, point in (("micro", METRIC.micro(stats)), ("macro", METRIC.macro(stats))):
        for k in "PRF":
            lo, hi = ci[avg][k]
            assert lo < point[k] < hi
    # the resamples drawn here, not by the package: multinomial pair counts from PCG64(seed)
    counts = np.random.Generator(np.random.PCG64(0)).multinomial(200, np.full(200, 1 / 200), size=1000)
    pooled = counts @ stats
    micro_f = 2 * pooled[:, 0] / (pooled[:, 1] + pooled[:, 2])
    assert ci["micro"]["F"] == pytest.approx(tuple(np.percentile(micro_f, [2.5, 97.5])), abs=1e-12)


def test_identical_pairs_give_a_zero_width_interval():
    stats = np.tile([[3.0, 4.0, 5.0]], (20, 1))
    ci = confidence_intervals(METRIC, stats, 100, seed=0)
    lo, hi = ci["micro"]["F"]
    assert lo == pytest.approx(METRIC.micro(stats)["F"])
    assert hi == pytest.approx(METRIC.micro(stats)["F"])


@pytest.mark.parametrize("n", [0, 1, 9])
def test_fewer_than_ten_pairs_gives_no_interval_and_says_why(n):
    ci = confidence_intervals(METRIC, corpus(n) if n else np.zeros((0, 3)), 100, seed=0)
    assert "micro" not in ci and "macro" not in ci
    assert ci["reason"] == f"no interval: {n} pair{'s' if n != 1 else ''} (at least 10 needed)"


def test_ten_pairs_is_enough():
    assert "micro" in confidence_intervals(METRIC, corpus(10), 50, seed=0)


def test_memory_is_one_bounded_chunk_plus_one_float_per_resample(monkeypatch):
    monkeypatch.setattr(bootstrap, "_CHUNK_CELLS", 1000)
    n, resamples = 100, 95
    shapes = [c.shape for c in resample_counts(n, resamples, seed=0)]
    assert all(rows * cols <= 1000 for rows, cols in shapes)
    assert sum(rows for rows, _ in shapes) == resamples
    draws = bootstrap_scores(METRIC, corpus(n), resamples, seed=0)
    assert all(v.shape == (resamples,) for avg in draws.values() for v in avg.values())
    monkeypatch.undo()
    # the chunking does not change the draws: same seed, same numbers with one big chunk
    assert np.array_equal(bootstrap_scores(METRIC, corpus(n), resamples, seed=0)["micro"]["F"], draws["micro"]["F"])


def test_similarity_metric_micro_and_macro_intervals_coincide():
    stats = np.stack([np.linspace(0, 1, 30), np.ones(30)], axis=1)
    ci = confidence_intervals(ConceptJaccard(), stats, 200, seed=0)
    assert ci["micro"]["score"] == pytest.approx(ci["macro"]["score"])


def test_resampled_means_skip_not_applicable_pairs():
    scores = np.array([[1.0], [np.nan], [0.0]])
    counts = np.array([[1.0, 1.0, 1.0], [0.0, 3.0, 0.0], [2.0, 0.0, 1.0]])
    means = resampled_means(counts, scores)[:, 0]
    assert means[0] == pytest.approx(0.5)
    assert np.isnan(means[1])
    assert means[2] == pytest.approx(2 / 3)


def test_aspect_absent_from_the_corpus_gets_nan_interval_not_a_crash():
    stats = np.zeros((12, 6))
    stats[:, :3] = [2.0, 3.0, 3.0]
    ci = confidence_intervals(ToyAspects(), stats, 50, seed=0)
    assert all(np.isnan(ci[avg]["Negation.F"]).all() for avg in ("micro", "macro"))
    assert not np.isnan(ci["micro"]["Concepts.F"]).any()
