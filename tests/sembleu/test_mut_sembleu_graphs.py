"""SemBLEU's label graphs and the reference's variable-name test, written out by hand."""

from __future__ import annotations

import pytest

from amrmetrics.graph import Graph
from amrmetrics.metrics.sembleu_graphs import label_graph, looks_like_variable, reference_label_graph


@pytest.mark.parametrize(
    ("name", "expected"),
    [("a", True), ("a1", True), ("z9", True), ("b0", True), ("q123", True),
     ("", False), ("ab", False), ("aB", False), ("Y1", False), ("A1", False), ("1a", False), ("z1x", False)],
)
def test_a_variable_is_one_letter_a_to_z_then_digits(name: str, expected: bool) -> None:
    assert looks_like_variable(name) is expected


def test_label_graph_reverses_of_roles_in_any_case_onto_nodes_and_constants() -> None:
    graph = Graph(
        instances=(("a", "Want-01"), ("b", "Boy")),
        relations=(("a", ":ARG0-OF", "b"),),
        attributes=(("a", ":ARG1-of", '"5"'),),
    )
    out = label_graph(graph)
    assert out.labels == (("want-01",), ("boy",), ("5",))
    # (b :ARG0 a), then the constant node 2: (5 :ARG1 a)
    assert out.out == ((), ((0, ":ARG0", 0),), ((1, ":ARG1", 0),))
    assert out.starts == (0, 1, 2) and out.size == 5


def test_reference_graph_strips_quotes_only_around_a_whole_value() -> None:
    graph = Graph(instances=(("a", "x"),), attributes=(("a", ":op1", '""'), ("a", ":op2", 'b"'), ("a", ":op3", '"c"')))
    assert reference_label_graph(graph).labels == (("x",), (), ('b"',), ("c",))
