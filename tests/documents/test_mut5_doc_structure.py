"""docSmatch's sentence structure by hand: :coref edges are no parent edges of a chain node, a node of
one sentence is never a chain node, and a relation to a variable without a concept is no edge."""

from __future__ import annotations

from amrmetrics.graph import Graph
from amrmetrics.metrics.doc_structure import structure
from amrmetrics.read import decode


def test_coreference_edges_do_not_make_a_chain_node() -> None:
    """p is in sentences 1 and 2 with a parent in each: a chain node. Its child n is in 1 and 2 too,
    with one written parent, p; (x3 :coref n) and (x4 :coref n) are followed from n to x3 and x4
    (so x3 is in 1, 2, 3 and x4 in 1, 2, 4) but are no parent edges, so n is no chain node, though
    counting them would give n two parents from other sentence sets, {1, 2, 3} and {1, 2, 4}."""
    doc = structure(
        decode(
            "(d / document :snt1 (x1 / see-01 :ARG0 (p / person :poss (n / dog))) :snt2 (x2 / go-02 :ARG0 p)"
            " :snt3 (x3 / like-01 :coref n) :snt4 (x4 / hate-01 :coref n))"
        )
    )
    assert dict(doc.sentences) == {
        "d": frozenset({0}),
        "x1": frozenset({1}),
        "p": frozenset({1, 2}),
        "n": frozenset({1, 2}),
        "x2": frozenset({2}),
        "x3": frozenset({1, 2, 3}),
        "x4": frozenset({1, 2, 4}),
    }
    assert doc.chain_nodes == frozenset({"p"})


def test_a_node_of_one_sentence_is_no_chain_node() -> None:
    """Built in code: x (sentence 1) reaches the root d back, so d is in {0, 1}; u has no parent, so no
    sentence reaches it ({0}). n (sentence 1 only) has the written parents x, d and u, two of them
    ({0, 1} and {0}) from other, different sentence sets; the module doc makes chain nodes of nodes
    of several sentences only, so n is none."""
    graph = Graph(
        instances=(("d", "document"), ("x", "see-01"), ("n", "dog"), ("u", "thing")),
        relations=(("d", ":snt1", "x"), ("x", ":ARG0", "d"), ("x", ":ARG1", "n"), ("d", ":ARG2", "n"), ("u", ":ARG0", "n")),
        root="d",
    )
    doc = structure(graph)
    assert dict(doc.sentences) == {"d": frozenset({0, 1}), "x": frozenset({1}), "n": frozenset({1}), "u": frozenset({0})}
    assert doc.chain_nodes == frozenset()


def test_a_relation_to_a_variable_without_a_concept_is_no_edge() -> None:
    """Built in code, as a reader that kept (x :ARG1 z) without an instance for z could: z is no node,
    so the relation neither reaches nor parents anything; the structure is that of d :snt1 x."""
    for dangling in (("x", ":ARG1", "z"), ("z", ":ARG1", "x")):
        graph = Graph(instances=(("d", "document"), ("x", "see-01")), relations=(("d", ":snt1", "x"), dangling), root="d")
        doc = structure(graph)
        assert dict(doc.sentences) == {"d": frozenset({0}), "x": frozenset({1})}
        assert doc.chain_nodes == frozenset() and doc.numbers == (1,)
