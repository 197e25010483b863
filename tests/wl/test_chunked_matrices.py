"""The all-pairs matrices built in row chunks (WLK and rematch): every cell is the pair's own score
(computed one pair at a time by ``pair``), whatever the chunk size, and progress is told each
chunk's rows once."""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest

from amrmetrics.metrics import rematch, wlk
from amrmetrics.metrics.base import Metric
from amrmetrics.metrics.rematch import Rematch
from amrmetrics.metrics.wlk import WLK
from amrmetrics.read import decode

GRAPHS = [
    "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))",
    "(w / want-01 :ARG0 (g / girl) :ARG1 (s / sleep-01 :ARG0 g))",
    "(b / boy)",
    "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))",
    "(c / cat :mod (b / big) :polarity -)",
]

METRICS = [(wlk, WLK), (rematch, Rematch)]


def pair_score(metric: Metric, a: object, b: object) -> float:
    """The pair's score from its own statistics, one pair at a time."""
    return float(next(iter(metric.scores(np.array(metric.pair(a, b).stats)).values())))


@pytest.mark.parametrize("chunk", [1, 2, 3, 512])
@pytest.mark.parametrize(("module", "kind"), METRICS, ids=["wlk", "rematch"])
def test_chunked_matrix_equals_the_pair_scores(module: ModuleType, kind: type, chunk: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(module, "ROWS_PER_CHUNK", chunk)
    metric = kind()
    prepared = [metric.prepare(decode(text)) for text in GRAPHS]
    told: list[int] = []
    matrix = metric.matrix(prepared, told.append)
    expected = [[pair_score(metric, a, b) for b in prepared] for a in prepared]
    np.testing.assert_allclose(matrix, expected, rtol=0, atol=1e-12)
    assert matrix[0, 3] == pytest.approx(1.0) and matrix[2, 2] == pytest.approx(1.0)  # a graph and its copy; itself
    assert told == [min(chunk, len(GRAPHS) - s) for s in range(0, len(GRAPHS), chunk)]


def test_wlk_without_graphs_and_graphs_without_features_in_a_block() -> None:
    metric = WLK(k=0)
    assert metric.matrix([]).shape == (0, 0)
    prepared = [metric.prepare(decode(text)) for text in ("(b / boy)", "(b / boy)")]
    assert metric.matrix(prepared).tolist() == [[1.0, 1.0], [1.0, 1.0]]


def test_rematch_without_graphs_and_graphs_without_motifs() -> None:
    metric = Rematch()
    assert metric.matrix([]).shape == (0, 0)
    assert metric.matrix([frozenset(), frozenset()]).tolist() == [[0.0, 0.0], [0.0, 0.0]]  # the empty graph earns nothing
