"""rematch similarity matrices: the sparse product equals pair-by-pair scoring, on the command line too."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from amrmetrics.cli.main import main
from amrmetrics.engine.matrix import similarity_matrix
from amrmetrics.graph import Graph
from amrmetrics.metrics.rematch import Rematch
from amrmetrics.read import read_graphs
from amrmetrics.read.decode import decode

GRAPHS = [
    "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))",
    "(w / want-01 :ARG0 (g / girl) :ARG1 (b / believe-01 :ARG0 g :polarity -))",
    '(c / city :name (n / name :op1 "New" :op2 "York"))',
    "(a / and :op1 (b / boy) :op2 (d / dog :mod (x / big)) :op3 (p / person :quant 12))",
    '(p / person :ARG0-of (w / want-01 :ARG1 (d / dog)) :name (n / name :op1 "person"))',
]


def pairwise(metric: Rematch, graphs: list[Graph]) -> np.ndarray:
    prepared = [metric.prepare(g) for g in graphs]
    return np.array([[metric.scores(np.array(metric.pair(a, b).stats))["score"] for b in prepared] for a in prepared])


@pytest.mark.parametrize("metric", [Rematch(), Rematch(compat=True)])
def test_the_sparse_matrix_equals_pair_by_pair_scores(metric: Rematch) -> None:
    graphs = [decode(g) for g in GRAPHS] + [Graph()]
    matrix = similarity_matrix(metric, graphs)
    assert np.array_equal(matrix, pairwise(metric, graphs))
    assert np.array_equal(np.diag(matrix), [1.0] * len(GRAPHS) + [0.0])  # the empty graph earns nothing, even against itself
    # 6 motifs (want-01, boy, go-02 and three relations) against 7 (the believe-01 node carries :polarity): want-01 shared
    assert matrix[0, 1] == matrix[1, 0] == 1 / 12


def test_matrix_command_writes_the_rematch_matrix(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    corpus = tmp_path / "graphs.amr"
    corpus.write_text("\n\n".join(GRAPHS) + "\n", encoding="utf-8")
    out = tmp_path / "sims.npy"
    assert main(["matrix", str(corpus), "-m", "rematch", "-o", str(out), "--no-progress"]) == 0
    assert "signature: rematch|classes:none|compat:no|motifs:set" in capsys.readouterr().out
    assert np.array_equal(np.load(out), pairwise(Rematch(), read_graphs(corpus)))
