"""Similarity against human ratings: hand-computed Pearson, Spearman and RMSE; weighted resample statistics."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from amrmetrics.meta.correlation import pearson, spearman, spearman_matrix
from amrmetrics.meta.ranks import average_ranks, weighted_median, weighted_pearson, weighted_spearman
from amrmetrics.meta.similarity import agreement, normalise, read_human_scores
from amrmetrics.read import CorpusError
from amrmetrics.stats.bootstrap import resample_counts


def test_pearson_spearman_rmse_by_hand():
    scores = np.array([0.1, 0.5, 0.7])
    human = normalise(np.array([0.0, 5.0, 10.0]))
    assert human.tolist() == [0.0, 0.5, 1.0]
    row = agreement("m", "sig", scores, human, resamples=0)
    # dx = -0.3, 0.1, 0.3 (mean 0.4333..); exact r from the centred sums
    dx, dy = scores - scores.mean(), human - human.mean()
    assert row.pearson == pytest.approx((dx @ dy) / math.sqrt((dx @ dx) * (dy @ dy)))
    assert row.pearson == pytest.approx(0.98198, abs=1e-5)
    assert row.spearman == 1.0
    assert row.rmse == pytest.approx(math.sqrt((0.01 + 0.0 + 0.09) / 3))
    assert row.mean == pytest.approx(13 / 30)


def test_spearman_with_ties_by_hand():
    # ranks of x: 1.5 1.5 3 4; of y: 1 2 3 4 -> r = 4.5 / sqrt(4.5 * 5)
    assert spearman([1, 1, 2, 3], [1, 2, 3, 4]) == pytest.approx(4.5 / math.sqrt(22.5))
    assert spearman([1, 2, 3, 4], [1, 3, 2, 4]) == pytest.approx(0.8)


def test_constant_or_short_samples_give_nan():
    assert math.isnan(pearson([1, 1, 1], [1, 2, 3]))
    assert math.isnan(spearman([1, 2, 3], [5, 5, 5]))
    assert math.isnan(pearson([1], [2]))
    matrix = spearman_matrix(np.array([[1, 2, 3], [3, 3, 3]], dtype=float))
    assert matrix[0, 0] == 1.0 and math.isnan(matrix[1, 1]) and math.isnan(matrix[0, 1])


def test_scale_normalisation_and_equal_scores():
    assert normalise(np.array([1.0, 3.0]), (1.0, 5.0)).tolist() == [0.0, 0.5]
    with pytest.raises(ValueError, match="all equal"):
        normalise(np.array([2.0, 2.0]))


def test_weighted_statistics_equal_the_expanded_sample():
    rng = np.random.default_rng(0)
    x = rng.integers(0, 6, 40).astype(float)
    y = rng.integers(0, 4, 40) + 0.1 * x
    for counts in resample_counts(40, 20, 3):
        for row in counts:
            idx = np.repeat(np.arange(40), row.astype(int))
            assert weighted_pearson(x, y, row)[0] == pytest.approx(stats.pearsonr(x[idx], y[idx])[0])
            assert weighted_spearman(x, y, row)[0] == pytest.approx(stats.spearmanr(x[idx], y[idx])[0])
            assert weighted_median(y, row)[0] == np.median(y[idx])
    assert average_ranks(np.array([0.3, 0.1 + 0.2, 0.5])).tolist() == [1.5, 1.5, 3.0]


def test_bootstrap_intervals_are_seeded_and_cover_the_estimate():
    rng = np.random.default_rng(1)
    human = rng.random(60)
    scores = human + rng.normal(0, 0.2, 60)
    first = agreement("m", "s", scores, human, resamples=400, seed=9)
    assert first == agreement("m", "s", scores, human, resamples=400, seed=9)
    assert first.pearson_interval.low < first.pearson < first.pearson_interval.high
    assert first.spearman_interval.low < first.spearman < first.spearman_interval.high
    assert first.pearson_interval.confidence == 0.95
    assert agreement("m", "s", scores, human, resamples=400, seed=10).pearson_interval != first.pearson_interval


def test_read_human_scores(tmp_path):
    path = tmp_path / "h.tsv"
    path.write_text("score\tsentence\n4.5\ta b\n\n1\tc\n", encoding="utf-8")
    assert read_human_scores(path, column=0, header=True).tolist() == [4.5, 1.0]
    with pytest.raises(CorpusError, match="line 1, column 0: 'score' is not a number"):
        read_human_scores(path)
    with pytest.raises(CorpusError, match="no column 2"):
        read_human_scores(path, column=2, header=True)
