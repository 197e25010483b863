"""Metric laws of S2match on random graphs (hypothesis), with the tiny test vectors.

Identity scores 1, swapping test and gold swaps P and R, scores stay in [0, 1], S2match is never
below Smatch on the same pair, and renaming variables, reordering triples or repeating edges
never changes the score.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import graph_pairs, graphs, rename_variables, shuffle_triples, with_duplicates

from conftest import DATA
import amrmetrics
from amrmetrics.graph import Graph
from amrmetrics.metrics.registry import parse_metrics

VECTORS = {"vectors": str(DATA / "tiny-vectors.txt")}
S2MATCH, SMATCH, COMPAT = parse_metrics(["s2match", "smatch", "s2match:compat=yes"], VECTORS)
law = settings(max_examples=40, deadline=None)
seeds = st.integers(0, 2**32 - 1)


def prf(metric, test: Graph, gold: Graph) -> dict[str, float]:
    """The pair's scores through the public API."""
    return amrmetrics.score(test, gold, metric).scores


@law
@given(graphs(duplicates=True, mixed_case=True))
def test_a_graph_scores_one_against_itself(graph: Graph) -> None:
    for metric in (S2MATCH, COMPAT):
        assert prf(metric, graph, graph)["F"] == pytest.approx(1.0)


@law
@given(graph_pairs())
def test_swapping_sides_swaps_precision_and_recall(pair: tuple[Graph, Graph]) -> None:
    a, b = pair
    ab, ba = prf(S2MATCH, a, b), prf(S2MATCH, b, a)
    assert ab["F"] == pytest.approx(ba["F"], abs=1e-9)
    assert ab["P"] == pytest.approx(ba["R"], abs=1e-9)


@law
@given(graph_pairs(duplicates=True))
def test_scores_are_within_bounds_and_never_below_smatch(pair: tuple[Graph, Graph]) -> None:
    a, b = pair
    soft, hard, legacy = prf(S2MATCH, a, b), prf(SMATCH, a, b), prf(COMPAT, a, b)
    for score in (soft, legacy):
        assert all(-1e-12 <= v <= 1 + 1e-12 for v in score.values())
    assert soft["F"] >= hard["F"] - 1e-9


@law
@given(graph_pairs(), seeds)
def test_renaming_reordering_and_duplicating_change_nothing(pair: tuple[Graph, Graph], seed: int) -> None:
    a, b = pair
    base = prf(S2MATCH, a, b)["F"]
    assert prf(S2MATCH, rename_variables(a, seed), shuffle_triples(b, seed))["F"] == pytest.approx(base, abs=1e-9)
    assert prf(S2MATCH, with_duplicates(a, seed), b)["F"] == pytest.approx(base, abs=1e-9)
