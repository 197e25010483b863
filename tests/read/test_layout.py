"""The written order of relations, recovered from the reader's record of definitions."""

from __future__ import annotations

from hypothesis import given, settings
from strategies import graphs

from amrmetrics.graph import Graph
from amrmetrics.read import decode
from amrmetrics.read.layout import WrittenRelation, written_order


def test_relations_come_back_in_text_order_with_definitions_and_seen_targets() -> None:
    graph = decode("(a / x :ARG0 (b / y :ARG2-of a :mod c) :ARG1 b :ARG3 (c / z))")
    assert graph.relations == (("a", ":ARG0", "b"), ("a", ":ARG1", "b"), ("a", ":ARG3", "c"),
                               ("b", ":ARG2-of", "a"), ("b", ":mod", "c"))
    assert written_order(graph) == [
        WrittenRelation(0, True, False),  # :ARG0 (b / y
        WrittenRelation(3, False, True),  # :ARG2-of a, an open ancestor
        WrittenRelation(4, False, False),  # :mod c, before (c / z)
        WrittenRelation(1, False, True),  # :ARG1 b
        WrittenRelation(2, True, False),  # :ARG3 (c / z)
    ]


def test_without_the_record_each_node_is_defined_at_its_first_edge_naming_it() -> None:
    graph = decode("(a / x :ARG0 (b / y :mod c) :ARG1 (c / z))")
    unrecorded = graph.evolve(tree_edges=(("q", ":r", "s"),))
    assert [w.defines for w in written_order(graph)] == [True, False, True]
    assert [w.defines for w in written_order(unrecorded)] == [True, True, False]
    assert written_order(decode("(a / x)")) == []


@settings(max_examples=60, deadline=None)
@given(graphs(duplicates=True))
def test_every_relation_is_written_once_and_every_node_but_the_root_defined_once(graph: Graph) -> None:
    written = written_order(graph)
    assert sorted(w.index for w in written) == list(range(len(graph.relations)))
    defined = [graph.relations[w.index][2] for w in written if w.defines]
    assert sorted(defined) == sorted(graph.variables[1:])
    assert not any(w.defines and w.seen for w in written)
