"""Fine-grained Smatch parts by hand: ``lexicographic`` when neither problem has a pair of links, and
``FineSmatch.summary`` totals statistics in float64 whatever their dtype."""

from __future__ import annotations

import numpy as np

from amrmetrics.align.problem import AlignmentProblem
from amrmetrics.metrics.fine import ASPECTS, FineSmatch, lexicographic


def test_lexicographic_without_pairs_keeps_the_unaries():
    """full: 2 x 3 unary, aspect: 1 x 2 unary whose node 0 is full row 1 and whose nodes 0, 1 are full
    columns 0, 2; weight 3. The result is 3 * full.unary with the aspect added at (1, 0) and (1, 2),
    and still no pairs (shape (0, 4)) and no pair weights."""
    no_pairs = np.zeros((0, 4), dtype=np.int64)
    full = AlignmentProblem(np.array([[1.0, 0.0, 2.0], [0.0, 1.0, 0.0]]), no_pairs, np.zeros(0))
    aspect = AlignmentProblem(np.array([[5.0, 7.0]]), no_pairs.copy(), np.zeros(0))
    out = lexicographic(full, 3.0, aspect, np.array([1]), np.array([0, 2]))
    assert np.asarray(out.unary).tolist() == [[3.0, 0.0, 6.0], [5.0, 3.0, 7.0]]
    assert out.pairs.shape == (0, 4) and out.weights.shape == (0,)
    assert out.value([2, 0]) == 6.0 + 5.0  # row 0 -> col 2 (3 * 2), row 1 -> col 0 (0 + 5)


def test_summary_totals_float32_statistics_in_float64():
    """Two pairs whose statistics arrive as float32, with 2**24 and 1 uncertified subgraphs: the total
    is 2**24 + 1 (a float32 sum would round it to 2**24, the next float32 above 2**24 being 2**24 + 2).
    Smatch counts (1 of 2 and 2, then 3 of 4 and 4) pool to 4 of 6 and 6."""
    stats = np.zeros((2, 3 * len(ASPECTS) + 2), dtype=np.float32)
    stats[0, :3], stats[1, :3] = (1, 2, 2), (3, 4, 4)
    stats[:, 3 * len(ASPECTS)] = (1, 3)  # Smatch.upper: both certified
    stats[:, -1] = (2.0**24, 1.0)
    summary = FineSmatch().summary(stats)
    assert summary["uncertified_subgraphs"] == 2**24 + 1
    assert summary["aspects"]["Smatch"] == {"matched": 4.0, "n_test": 6.0, "n_gold": 6.0, "pairs": 2}
    assert summary["uncertified"] == 0
