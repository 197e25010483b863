"""SIMPLE: label sets, the Jaccard index, micro/macro, and metric laws on random graphs."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import graph_pairs, graphs, rename_variables, shuffle_triples, with_duplicates

from amrmetrics.graph import Graph
from amrmetrics.metrics.simple import Simple, label_set
from amrmetrics.read.decode import decode

SEEDS = st.integers(0, 2**32 - 1)
METRIC = Simple()


def score(test: Graph, gold: Graph) -> float:
    return float(METRIC.scores(np.array(METRIC.pair(METRIC.prepare(test), METRIC.prepare(gold)).stats))["score"])


def test_labels_are_concepts_roles_and_constants_never_variables() -> None:
    graph = decode('(xv0 / Want-01 :ARG0 (i / i) :ARG1-of (we / we) :name (n / name :op1 "New  York") :polarity -)')
    assert label_set(graph) == {"want-01", ":arg0", "i", ":arg1", "we", ":name", "name", ":op1", "new york", ":polarity", "-"}


def test_quoted_and_unquoted_constants_are_one_label() -> None:
    assert label_set(decode('(c / city :op1 "Paris")')) == label_set(decode("(c / city :op1 Paris)"))


def test_jaccard_of_the_label_sets() -> None:
    test = decode("(w / want-01 :ARG0 (b / boy))")
    gold = decode("(w / want-01 :ARG1 (g / girl))")
    assert METRIC.pair(METRIC.prepare(test), METRIC.prepare(gold)).stats == (1.0, 5.0)
    assert score(test, gold) == 1 / 5


def test_an_empty_graph_scores_0_even_against_itself() -> None:
    assert score(Graph(), Graph()) == 0.0
    assert score(Graph(), decode("(a / dog)")) == 0.0


def test_micro_pools_intersections_and_macro_averages_pairs() -> None:
    stats = np.array([[1.0, 5.0], [4.0, 4.0]])
    assert METRIC.micro(stats) == {"score": 5 / 9}
    assert METRIC.macro(stats) == {"score": (1 / 5 + 1) / 2}


@settings(max_examples=100, deadline=None)
@given(graph_pairs())
def test_bounded_and_symmetric(pair: tuple[Graph, Graph]) -> None:
    test, gold = pair
    value = score(test, gold)
    assert 0.0 <= value <= 1.0
    assert value == score(gold, test)


@settings(max_examples=100, deadline=None)
@given(graphs(duplicates=True, mixed_case=True))
def test_a_graph_against_itself_scores_1(graph: Graph) -> None:
    assert score(graph, graph) == 1.0


@settings(max_examples=100, deadline=None)
@given(graph_pairs(), SEEDS)
def test_invariant_to_renaming_order_and_duplicates(pair: tuple[Graph, Graph], seed: int) -> None:
    test, gold = pair
    expected = score(test, gold)
    assert score(rename_variables(test, seed), rename_variables(gold, seed + 1)) == expected
    assert score(shuffle_triples(test, seed), shuffle_triples(gold, seed + 1)) == expected
    assert score(with_duplicates(test, seed), gold) == expected
