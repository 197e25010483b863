"""rematch's shortcuts for one pair give exactly what the general paths give.

A pair's score (per-pair output, the API) is computed without arrays, and a graph prepared again
is taken from the metric's memo; both must be bit-identical to the corpus computations.
"""

from __future__ import annotations

import numpy as np

from amrmetrics.graph import Graph
from amrmetrics.metrics.rematch import Rematch, jaccard
from amrmetrics.read import decode


def test_one_pair_score_equals_the_vectorised_score():
    metric = Rematch()
    rng = np.random.default_rng(3)
    union = rng.integers(0, 400, size=500).astype(np.float64)
    common = np.floor(union * rng.random(500))
    stats = np.stack([common, union], axis=1)
    stats[:3] = [[0.0, 0.0], [0.0, 7.0], [7.0, 7.0]]
    expected = jaccard(stats[:, 0], stats[:, 1])
    one = np.array([metric.scores(row)["score"] for row in stats])
    assert one.tobytes() == expected.tobytes()
    assert one[:3].tolist() == [0.0, 0.0, 1.0]
    assert metric.scores(stats)["score"].tobytes() == expected.tobytes()


def test_a_graph_prepared_again_gives_the_same_motifs_as_a_fresh_metric():
    text = '(w / want-01 :ARG0 (b / boy :name (n / name :op1 "Tom")) :ARG1 (g / go-01 :ARG0 b :polarity -))'
    written = {False: ("boy", ":name", ("name", (":op1", "tom"))), True: ("boy", "name", ("name", ("op1", "tom")))}
    for compat, motif in written.items():
        metric = Rematch(compat=compat)
        graph = decode(text)
        first, second, third = (metric.prepare(graph) for _ in range(3))
        assert first == second and third is second
        assert Rematch(compat=compat).prepare(Graph(graph.instances, graph.attributes, graph.relations, graph.root)) == first
        assert motif in first
