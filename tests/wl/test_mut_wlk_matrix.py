"""WLK's all-pairs matrix in row chunks: every cell is the pair's own score (computed one pair at
a time by ``pair``), whatever the chunk size, and progress is told each chunk's rows once."""

from __future__ import annotations

import numpy as np
import pytest

from amrmetrics.metrics import wlk
from amrmetrics.metrics.wlk import WLK
from amrmetrics.read import decode

GRAPHS = [
    "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))",
    "(w / want-01 :ARG0 (g / girl) :ARG1 (s / sleep-01 :ARG0 g))",
    "(b / boy)",
    "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))",
    "(c / cat :mod (b / big) :polarity -)",
]


@pytest.mark.parametrize("chunk", [1, 2, 3, 512])
def test_chunked_matrix_equals_the_pair_scores(chunk: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(wlk, "ROWS_PER_CHUNK", chunk)
    metric = WLK()
    prepared = [metric.prepare(decode(text)) for text in GRAPHS]
    told: list[int] = []
    matrix = metric.matrix(prepared, told.append)
    expected = [[metric.pair(a, b).stats[0] for b in prepared] for a in prepared]
    np.testing.assert_allclose(matrix, expected, rtol=0, atol=1e-12)
    assert matrix[0, 3] == pytest.approx(1.0) and matrix[0, 0] == pytest.approx(1.0)  # a graph and its copy
    sizes = [min(chunk, len(GRAPHS) - s) for s in range(0, len(GRAPHS), chunk)]
    assert told == sizes


def test_no_graphs_and_graphs_without_features_in_a_block() -> None:
    metric = WLK(k=0)
    assert metric.matrix([]).shape == (0, 0)
    prepared = [metric.prepare(decode(text)) for text in ("(b / boy)", "(b / boy)")]
    assert metric.matrix(prepared).tolist() == [[1.0, 1.0], [1.0, 1.0]]
