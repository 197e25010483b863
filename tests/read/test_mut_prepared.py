"""PreparedGraphs: one entry per graph object, each costing its triples + 1 against the budget."""

from __future__ import annotations

from amrmetrics.graph import Graph
from amrmetrics.read.recent import PreparedGraphs


def _graph(name: str) -> Graph:
    return Graph(instances=((f"{name}1", "x"), (f"{name}2", "y")), root=f"{name}1")  # 2 triples: costs 3


def _calls(memo: PreparedGraphs, order: list[Graph]) -> list[Graph]:
    calls: list[Graph] = []
    for graph in order:
        assert memo.prepared(graph, lambda g: calls.append(g) or len(g.instances)) == 2
    return calls


def test_two_graphs_taking_turns_are_each_kept():
    a, b = _graph("a"), _graph("b")
    calls = _calls(PreparedGraphs(), [a, b, a, b, a, b, a])
    assert len(calls) == 4 and [c is g for c, g in zip(calls, [a, b, a, b])] == [True] * 4


def test_a_graph_costing_the_whole_budget_is_kept():
    g = _graph("g")
    assert len(g) == 2
    assert len(_calls(PreparedGraphs(triples=3), [g, g, g, g])) == 2


def test_a_graph_costing_more_than_the_budget_is_prepared_every_time():
    g = _graph("g")
    assert len(_calls(PreparedGraphs(triples=2), [g, g, g, g])) == 4
