"""Metric laws of rematch on random graphs: identity, symmetry, bounds, invariances, duplicates."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import graph_pairs, graphs, rename_variables, shuffle_triples, with_duplicates

from amrmetrics.graph import Graph
from amrmetrics.metrics.rematch import DEFAULT_STEPS, Rematch, fixed_triples
from amrmetrics.read.decode import decode
from amrmetrics.standardize import STEPS

SEEDS = st.integers(0, 2**32 - 1)
EXAMPLES = 80


@pytest.fixture(scope="module")
def metrics(tmp_path_factory: pytest.TempPathFactory) -> list[Rematch]:
    """Both modes, with and without a small class table (two frames share a class, one equals a concept)."""
    table = tmp_path_factory.mktemp("classes") / "classes.json"
    table.write_text(json.dumps({"want-01": {"label": "desire"}, "believe-01": {"label": "desire"}, "go-02": {"label": "dog"}}))
    return [Rematch(), Rematch(compat=True), Rematch(classes=str(table)), Rematch(compat=True, classes=str(table))]


def score(metric: Rematch, test: Graph, gold: Graph) -> float:
    stats = metric.pair(metric.prepare(test), metric.prepare(gold)).stats
    return float(metric.scores(np.array(stats))["score"])


@settings(max_examples=EXAMPLES, deadline=None)
@given(graphs(duplicates=True, mixed_case=True))
def test_a_graph_against_itself_scores_1(metrics: list[Rematch], graph: Graph) -> None:
    for metric in metrics:
        assert score(metric, graph, graph) == 1.0


@settings(max_examples=EXAMPLES, deadline=None)
@given(graph_pairs(mixed_case=True))
def test_bounded_and_symmetric(metrics: list[Rematch], pair: tuple[Graph, Graph]) -> None:
    test, gold = pair
    for metric in metrics:
        value = score(metric, test, gold)
        assert 0.0 <= value <= 1.0
        assert value == score(metric, gold, test)


@settings(max_examples=EXAMPLES, deadline=None)
@given(graph_pairs(), SEEDS)
def test_variable_names_and_triple_order_do_not_matter(metrics: list[Rematch], pair: tuple[Graph, Graph], seed: int) -> None:
    test, gold = pair
    for metric in metrics:
        value = score(metric, test, gold)
        assert score(metric, rename_variables(test, seed), rename_variables(gold, seed + 1)) == value
        assert score(metric, shuffle_triples(test, seed), shuffle_triples(gold, seed + 1)) == value


@settings(max_examples=EXAMPLES, deadline=None)
@given(graph_pairs(), SEEDS)
def test_duplicate_triples_never_change_a_score(metrics: list[Rematch], pair: tuple[Graph, Graph], seed: int) -> None:
    test, gold = pair
    for metric in metrics:
        assert score(metric, with_duplicates(test, seed), gold) == score(metric, test, gold)


def steps_triples(graph: Graph) -> tuple[dict[str, str], list, list]:
    for name in DEFAULT_STEPS:
        graph = STEPS[name](graph)
    return dict(graph.instances), list(graph.attributes), list(graph.relations)


@settings(max_examples=EXAMPLES, deadline=None)
@given(graphs(duplicates=True, mixed_case=True))
def test_the_one_pass_reading_equals_the_named_standardization_steps(graph: Graph) -> None:
    assert fixed_triples(graph) == steps_triples(graph)


def test_the_one_pass_reading_resolves_doubly_inverted_roles_as_the_steps_do() -> None:
    graph = decode("(a / big :mod-of-of (b / dog) :Consist-Of (c / cat) :ARG0-of-of (d / dog) :MOD-OF (e / tall))")
    assert fixed_triples(graph) == steps_triples(graph)
