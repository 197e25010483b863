"""A pair's SemBLEU score (per-pair output, the API) is computed without array bookkeeping; it must
equal, bit for bit, what the vectorised corpus computation gives for that pair."""

from __future__ import annotations

import numpy as np
import pytest

from amrmetrics.metrics.sembleu import REFERENCE_WEIGHTS, SemBLEU, bleu, bleu_one


def random_stats(n: int, size: int, seed: int) -> np.ndarray:
    """Statistics with zero counts, zero matches and empty graphs mixed in (reweighing, smoothing, brevity)."""
    rng = np.random.default_rng(seed)
    counts = rng.integers(0, 30, size=(size, n)).astype(np.float64)
    counts[rng.random((size, n)) < 0.2] = 0
    matched = np.floor(counts * rng.random((size, n)))
    matched[rng.random((size, n)) < 0.2] = 0
    stats = np.empty((size, 2 * n + 2))
    stats[:, 0 : 2 * n : 2], stats[:, 1 : 2 * n : 2] = matched, counts
    stats[:, 2 * n], stats[:, 2 * n + 1] = rng.integers(0, 60, size=(2, size))
    stats[: size // 20, 2 * n] = 0
    stats[size // 20 : size // 10, 2 * n + 1] = 0
    stats[0] = 0
    return stats


@pytest.mark.parametrize(
    "weights", [REFERENCE_WEIGHTS, (1 / 3,) * 3, (0.25,) * 4, (1.0,), (0.1, 0.2, 0.3, 0.2, 0.2)], ids=str
)
def test_one_pair_equals_the_vectorised_rows(weights):
    stats = random_stats(len(weights), 4000, seed=len(weights))
    rows = bleu(stats, weights)
    one = np.array([bleu_one(row, weights) for row in stats])
    assert one.tobytes() == rows.tobytes()
    assert one[0] == 0.0  # two empty graphs: the empty graph earns nothing
    assert np.all(one[stats[:, 0] == 0] == 0.0)


def test_metric_scores_take_the_one_pair_path_and_agree():
    metric = SemBLEU(compat=True)
    stats = random_stats(3, 500, seed=9)
    corpus = metric.scores(stats)["score"]
    assert np.array([metric.scores(row)["score"] for row in stats]).tobytes() == corpus.tobytes()
    hand = np.array([4.0, 4.0, 2.0, 3.0, 1.0, 2.0, 7.0, 7.0])  # p = 1, 2/3, 1/2; no brevity penalty
    expected = np.exp(0.34 * np.log(1.0) + 0.33 * np.log(2 / 3) + 0.34 * np.log(0.5))
    assert metric.scores(hand)["score"] == pytest.approx(expected, rel=1e-12)
