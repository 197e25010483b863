"""Metric laws for SemBLEU on random graphs: bounds, identity, invariances, duplicates, asymmetry."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import graph_pairs, graphs, rename_variables, shuffle_triples, with_duplicates

from amrmetrics.graph import Graph
from amrmetrics.metrics.sembleu import SemBLEU

SEEDS = st.integers(0, 2**32 - 1)
METRICS = [SemBLEU(), SemBLEU(n=4), SemBLEU(n=1), SemBLEU(compat=True), SemBLEU(compat=True, weights="uniform")]


def score(metric: SemBLEU, test: Graph, gold: Graph) -> float:
    stats = metric.pair(metric.prepare(test), metric.prepare(gold)).stats
    return float(metric.scores(np.array(stats))["score"])


@settings(max_examples=100, deadline=None)
@given(graph_pairs())
def test_scores_stay_in_the_unit_interval(pair: tuple[Graph, Graph]) -> None:
    for metric in METRICS:
        assert 0.0 <= score(metric, *pair) <= 1.0


@settings(max_examples=100, deadline=None)
@given(graphs(duplicates=True, mixed_case=True))
def test_a_graph_against_itself_scores_exactly_1(graph: Graph) -> None:
    for metric in METRICS:
        assert score(metric, graph, graph) == 1.0


@settings(max_examples=100, deadline=None)
@given(graph_pairs(), SEEDS)
def test_variable_names_do_not_matter(pair: tuple[Graph, Graph], seed: int) -> None:
    test, gold = pair
    metric = SemBLEU()
    assert score(metric, rename_variables(test, seed), rename_variables(gold, seed + 1)) == score(metric, test, gold)


@settings(max_examples=100, deadline=None)
@given(graph_pairs(), SEEDS)
def test_triple_order_does_not_matter(pair: tuple[Graph, Graph], seed: int) -> None:
    test, gold = pair
    for metric in (SemBLEU(), SemBLEU(n=4)):
        assert score(metric, shuffle_triples(test, seed), shuffle_triples(gold, seed + 1)) == score(metric, test, gold)


@settings(max_examples=100, deadline=None)
@given(graph_pairs(), SEEDS)
def test_duplicate_triples_never_change_the_score(pair: tuple[Graph, Graph], seed: int) -> None:
    test, gold = pair
    metric = SemBLEU()
    assert score(metric, with_duplicates(test, seed), gold) == score(metric, test, gold)
    assert score(metric, test, with_duplicates(gold, seed)) == score(metric, test, gold)


def test_swapping_test_and_gold_changes_the_score_and_the_metric_says_so() -> None:
    from amrmetrics.read.decode import decode

    small = decode("(w / want-01 :ARG0 (b / boy))")
    large = decode("(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))")
    metric = SemBLEU()
    assert score(metric, small, large) != score(metric, large, small)
    assert not SemBLEU.symmetric
    assert any("asymmetric" in note for note in metric.notes)
