"""The reference parser's relations of a graph of definitions only (no reentrancy) are filed without
walking the written order; that shortcut must file exactly what the walk files."""

from __future__ import annotations

from hypothesis import given, settings
from strategies import graph_texts

from amrmetrics import decode
from amrmetrics.standardize import PRESETS
from amrmetrics.standardize import s2match_reference as ref


@settings(max_examples=300)
@given(graph_texts(max_nodes=8, reentrancies=False))
def test_a_tree_is_filed_as_the_walk_files_it(text: str) -> None:
    graph = decode(text)
    layout = ref._has_layout(graph)
    assert not graph.relations or (layout and ref._definitions_only(graph))  # the shortcut is taken
    assert ref.reference_relations(graph) == ref._filed_as_written(graph, layout)


@settings(max_examples=300)
@given(graph_texts(max_nodes=8, duplicates=True))
def test_any_graph_is_filed_as_the_walk_files_it(text: str) -> None:
    graph = decode(text)
    assert ref.reference_relations(graph) == ref._filed_as_written(graph, ref._has_layout(graph))


def test_a_reentrancy_takes_the_walk() -> None:
    """Worked out by hand: ``b`` is named twice, so the graph is not one of definitions only."""
    graph = decode("(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))")
    assert not ref._definitions_only(graph)
    assert ref.reference_relations(graph) == [("w", ":ARG0", "b"), ("w", ":ARG1", "g"), ("g", ":ARG0", "b")]


@settings(max_examples=200)
@given(graph_texts(max_nodes=8, duplicates=True))
def test_the_compat_triples_keep_one_relation_per_node_pair_and_one_value_per_role(text: str) -> None:
    """The reference parser keeps its relations and values in dictionaries: collapsing changes nothing."""
    triples = ref.reference_parser_triples(decode(text), PRESETS["smatch"])
    assert ref.collapse_parallel(triples) == triples
