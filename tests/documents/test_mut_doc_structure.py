"""docSmatch's reading of relations and of coreference edges, written out by hand."""

from __future__ import annotations

import pytest

from amrmetrics.metrics.doc_structure import DocStructure, _stored


@pytest.mark.parametrize(
    ("relation", "stored"),
    [
        (("x", ":mod", "y"), ("y", "domain", "x", True)),
        (("x", ":MOD", "y"), ("y", "domain", "x", True)),
        (("x", ":ARG0", "y"), ("x", "arg0", "y", False)),
        (("x", ":ARG0-of", "y"), ("y", "arg0", "x", True)),
        (("x", ":consist-of", "y"), ("x", "consist-of", "y", False)),
        (("x", ":domain", "y"), ("x", "domain", "y", False)),
    ],
)
def test_relations_as_docsmatch_stores_them(relation: tuple[str, str, str], stored: tuple) -> None:
    assert _stored(relation) == stored


def test_part_and_subset_across_sentences_are_coreference_edges() -> None:
    structure = DocStructure({"a": frozenset({1}), "b": frozenset({2}), "c": frozenset({1})}, (1, 2), frozenset(), frozenset())
    assert structure.is_coref_edge(("a", ":part", "b"))
    assert structure.is_coref_edge(("a", ":Subset", "b"))
    assert structure.is_coref_edge(("a", ":PART", "b"))
    assert not structure.is_coref_edge(("a", ":part", "c"))  # within one sentence
    assert not structure.is_coref_edge(("a", ":ARG0", "b"))


def test_nodes_reached_only_through_coreference_edges_join_the_sentence() -> None:
    from amrmetrics.metrics.doc_structure import structure
    from amrmetrics.read import decode

    # b1 hangs from z1 by :coref only, f from b1, g from y: a :coref edge is no parent edge, so they
    # are reached through the coreference pass, in variable order (z1 before b1, whose name sorts first)
    graph = decode(
        "(d / multi-sentence :snt1 (z1 / boy :coref (b1 / person :coref (f / thing))) :snt2 (y / girl :coref (g / thing)))"
    )
    assert dict(structure(graph).sentences) == {
        "d": frozenset({0}), "z1": frozenset({1}), "b1": frozenset({1}), "f": frozenset({1}), "y": frozenset({2}), "g": frozenset({2})
    }


def test_chain_nodes_have_parents_in_two_different_sentences() -> None:
    from amrmetrics.metrics.doc_structure import structure
    from amrmetrics.read import decode

    shared = structure(decode("(d / multi-sentence :snt1 (a / x :ARG0 (n / y)) :snt2 (b / z :ARG1 n))"))
    assert shared.sentences["n"] == frozenset({1, 2}) and shared.chain_nodes == frozenset({"n"})
    # n is in sentences 1 and 2 (b reaches it by :part, which is no parent edge); its two parents a and c
    # are both in sentence 1: not a chain node
    one_side = structure(decode("(d / multi-sentence :snt1 (a / x :ARG0 (n / y) :ARG1 (c / w :ARG2 n)) :snt2 (b / z :part n))"))
    assert one_side.sentences["n"] == frozenset({1, 2}) and one_side.chain_nodes == frozenset()


def test_a_node_the_structure_does_not_know_is_at_the_document_level() -> None:
    assert DocStructure({"a": frozenset({1})}, (1,), frozenset(), frozenset()).of("zz") == frozenset({0})
