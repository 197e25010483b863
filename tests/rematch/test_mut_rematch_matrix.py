"""Rematch's all-pairs matrix in row chunks: every cell is the pair's own Jaccard (computed one
pair at a time by ``pair``), whatever the chunk size, and progress is told each chunk's rows once."""

from __future__ import annotations

import numpy as np
import pytest

from amrmetrics.metrics import rematch
from amrmetrics.metrics.rematch import Rematch
from amrmetrics.read import decode

GRAPHS = [
    "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))",
    "(w / want-01 :ARG0 (g / girl) :ARG1 (s / sleep-01 :ARG0 g))",
    "(b / boy)",
    "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))",
    "(c / cat :mod (b / big) :polarity -)",
]


def jaccard_of(metric: Rematch, a, b) -> float:  # type: ignore[no-untyped-def]
    return float(metric.scores(np.array(metric.pair(a, b).stats))["score"])


@pytest.mark.parametrize("chunk", [1, 2, 3, 512])
def test_chunked_matrix_equals_the_pair_scores(chunk: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rematch, "ROWS_PER_CHUNK", chunk)
    metric = Rematch()
    prepared = [metric.prepare(decode(text)) for text in GRAPHS]
    told: list[int] = []
    matrix = metric.matrix(prepared, told.append)
    expected = [[jaccard_of(metric, a, b) for b in prepared] for a in prepared]
    np.testing.assert_allclose(matrix, expected, rtol=0, atol=1e-12)
    assert matrix[0, 3] == 1.0 and matrix[2, 2] == 1.0
    assert told == [min(chunk, len(GRAPHS) - s) for s in range(0, len(GRAPHS), chunk)]


def test_no_graphs_and_graphs_without_motifs() -> None:
    metric = Rematch()
    assert metric.matrix([]).shape == (0, 0)
    assert metric.matrix([frozenset(), frozenset()]).tolist() == [[1.0, 1.0], [1.0, 1.0]]  # two empty sets are equal
