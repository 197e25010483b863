"""The reference S2match parser's relations (``s2match:compat=yes``) from the compiled core against the
Python path: the same list (or None) on read graphs, on graphs whose layout record no longer matches
(renamed variables, records dropped or damaged) and on graphs built in code; where the Python path
fails, the core leaves the graph to it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from native.native_helpers import CORE, compares_paths, examples, path
from strategies import graph_texts

from amrmetrics import decode
from amrmetrics.graph import Graph
from amrmetrics.standardize import s2match_reference as ref

pytestmark = compares_paths


def assert_same_filing(graph: Graph) -> None:
    compiled = CORE.s2match_relations(graph)
    assert compiled is not NotImplemented
    assert compiled == ref.reference_relations_in_python(graph)


@settings(max_examples=examples(300), deadline=None)
@given(graph_texts(max_nodes=10, duplicates=True, mixed_case=True))
def test_read_graphs_are_filed_as_the_python_path_files_them(text: str) -> None:
    assert_same_filing(decode(text))


@settings(max_examples=examples(300), deadline=None)
@given(graph_texts(max_nodes=8, duplicates=True), st.sampled_from(["rename", "no-tree", "no-last", "half-tree", "code"]))
def test_graphs_whose_layout_does_not_match_are_filed_as_the_python_path_files_them(text: str, change: str) -> None:
    graph = decode(text)
    if change == "rename":  # the layout records keep the old names
        names = {v: f"n{k}" for k, v in enumerate(dict.fromkeys(graph.variables))}
        graph = graph.evolve(
            instances=tuple((names[v], c) for v, c in graph.instances),
            relations=tuple((names.get(s, s), r, names.get(t, t)) for s, r, t in graph.relations),
            attributes=tuple((names.get(v, v), r, x) for v, r, x in graph.attributes),
        )
    elif change == "no-tree":
        graph = graph.evolve(tree_edges=())
    elif change == "no-last":
        graph = graph.evolve(last_branches=())
    elif change == "half-tree":
        graph = graph.evolve(tree_edges=graph.tree_edges[::2])
    else:
        graph = Graph(graph.instances, graph.attributes, graph.relations, graph.root)
    assert_same_filing(graph)


def test_a_relation_to_an_undefined_node_fails_as_on_the_python_path() -> None:
    """Without recorded definitions the walk defines nodes in instance order and runs out of them here:
    the core leaves the graph to the Python path, which fails the same way on both paths."""
    graph = Graph((("a", "x"), ("b", "y")), (), (("a", ":r", "b"), ("b", ":r", "q")), "a", last_branches=(("b", ":r", "q"),))
    assert CORE.s2match_relations(graph) is NotImplemented
    for compiled in (False, True):
        with path(compiled), pytest.raises(IndexError):
            ref.reference_relations(graph)


def test_a_graph_that_is_not_made_of_strings_is_left_to_the_python_path() -> None:
    graph = decode("(a / x :r (b / y))").evolve(relations=(("a", ":r", 7),))
    assert CORE.s2match_relations(graph) is NotImplemented


def test_a_read_reentrancy_is_filed_as_worked_out_by_hand() -> None:
    """``b`` is named twice: its second mention is filed as written, under ``g``."""
    graph = decode("(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b :ARG1-of (h / hope-01)))")
    assert CORE.s2match_relations(graph) == [
        ("w", ":ARG0", "b"), ("w", ":ARG1", "g"), ("g", ":ARG0", "b"), ("h", ":ARG1", "g"),
    ]
