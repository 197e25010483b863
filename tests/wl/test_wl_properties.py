"""Metric laws of WLK and WWLK on random graphs: identity, symmetry, bounds, invariances, duplicates."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import DATA
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import graph_pairs, graphs, rename_variables, shuffle_triples, with_duplicates

from amrmetrics.graph import Graph
from amrmetrics.metrics.base import Metric
from amrmetrics.metrics.wlk import WLK
from amrmetrics.metrics.wwlk import WWLK

SEEDS = st.integers(0, 2**32 - 1)
VECTORS = str(DATA / "wl-vectors.txt")
WLKS = [WLK(), WLK(k=3, e2n=True), WLK(direction="fromout")]
WWLKS = [
    WWLK(vectors=VECTORS, stability=2),
    WWLK(vectors=VECTORS, k=3, e2n=True, stability=2),
    WWLK(vectors=VECTORS, weights="random_uniform", stability=1, direction="fromin"),
    WWLK(vectors=VECTORS, weights="constant", stability=0, transport="scipy"),
]
EXAMPLES = 60


def score(metric: Metric, test: Graph, gold: Graph) -> float:
    return float(metric.pair(metric.prepare(test), metric.prepare(gold)).stats[0])


@settings(max_examples=EXAMPLES, deadline=None)
@given(graph_pairs())
def test_bounds(pair: tuple[Graph, Graph]) -> None:
    for metric in WLKS:
        assert 0.0 <= score(metric, *pair) <= 1.0 + 1e-15
    for metric in WWLKS:
        assert -1.0 <= score(metric, *pair) <= 1.0 + 1e-15


@settings(max_examples=EXAMPLES, deadline=None)
@given(graphs(duplicates=True, mixed_case=True))
def test_a_graph_against_itself_scores_1(graph: Graph) -> None:
    for metric in WLKS:
        assert score(metric, graph, graph) == 1.0
    for metric in WWLKS:
        assert score(metric, graph, graph) == 1.0


@settings(max_examples=EXAMPLES, deadline=None)
@given(graph_pairs())
def test_symmetry(pair: tuple[Graph, Graph]) -> None:
    test, gold = pair
    for metric in WLKS:
        assert score(metric, test, gold) == score(metric, gold, test)
    for metric in WWLKS:
        assert abs(score(metric, test, gold) - score(metric, gold, test)) <= 1e-12


@settings(max_examples=EXAMPLES, deadline=None)
@given(graph_pairs(), SEEDS)
def test_variable_names_do_not_matter(pair: tuple[Graph, Graph], seed: int) -> None:
    test, gold = pair
    renamed = rename_variables(test, seed), rename_variables(gold, seed + 1)
    for metric in WLKS:
        assert score(metric, *renamed) == score(metric, test, gold)
    for metric in WWLKS:
        assert abs(score(metric, *renamed) - score(metric, test, gold)) <= 1e-12


@settings(max_examples=EXAMPLES, deadline=None)
@given(graph_pairs(), SEEDS)
def test_triple_order_does_not_matter(pair: tuple[Graph, Graph], seed: int) -> None:
    test, gold = pair
    shuffled = shuffle_triples(test, seed), shuffle_triples(gold, seed + 1)
    for metric in WLKS:
        assert score(metric, *shuffled) == score(metric, test, gold)
    for metric in WWLKS:
        assert abs(score(metric, *shuffled) - score(metric, test, gold)) <= 1e-12


@settings(max_examples=EXAMPLES, deadline=None)
@given(graph_pairs(), SEEDS)
def test_duplicate_triples_never_change_the_score(pair: tuple[Graph, Graph], seed: int) -> None:
    test, gold = pair
    for metric in WLKS + WWLKS:
        assert score(metric, with_duplicates(test, seed), gold) == score(metric, test, gold)


@settings(max_examples=20, deadline=None)
@given(graph_pairs())
def test_pot_and_scipy_transport_give_the_same_scores(pair: tuple[Graph, Graph]) -> None:
    pytest.importorskip("ot")
    pot = WWLK(vectors=VECTORS, stability=1, transport="pot")
    fallback = WWLK(vectors=VECTORS, stability=1, transport="scipy")
    assert np.isclose(score(pot, *pair), score(fallback, *pair), rtol=0, atol=1e-12)
