"""``connected_sentences`` (the sentences the document start of Smatch reads from a standardized
graph) on graphs small enough to read by hand."""

from __future__ import annotations

from amrmetrics.graph import Graph
from amrmetrics.metrics.doc_start import connected_sentences
from amrmetrics.metrics.doc_structure import DocStructure

DOC = 0


def doc(relations: tuple[tuple[str, str, str], ...], variables: str, root: str | None = "d") -> Graph:
    return Graph(instances=tuple((v, "thing") for v in variables), relations=relations, root=root)


def test_a_sentence_is_what_stays_connected_to_its_root_whatever_the_edge_directions() -> None:
    graph = doc(
        (
            ("d", ":snt1", "a"),
            ("d", ":snt2", "b"),
            ("a", ":ARG0", "c"),  # c hangs below sentence 1's root
            ("e", ":ARG1", "b"),  # e points into sentence 2 (an inverted edge, standardized)
            ("d", ":mod", "x"),  # x hangs from the document root only
        ),
        "dabcex",
    )
    assert connected_sentences(graph) == DocStructure(
        {"d": frozenset({DOC}), "a": frozenset({1}), "b": frozenset({2}), "c": frozenset({1}), "e": frozenset({2}), "x": frozenset({DOC})},
        (1, 2),
        frozenset(),
        frozenset(),
    )


def test_sentences_without_other_edges() -> None:
    graph = doc((("d", ":snt1", "a"), ("d", ":snt2", "b")), "dab")
    structure = connected_sentences(graph)
    assert dict(structure.sentences) == {"d": frozenset({DOC}), "a": frozenset({1}), "b": frozenset({2})}
    assert structure.numbers == (1, 2)


def test_a_node_shared_by_two_sentences_joins_them() -> None:
    graph = doc((("d", ":snt1", "a"), ("d", ":snt2", "b"), ("a", ":ARG0", "c"), ("b", ":ARG1", "c")), "dabc")
    assert dict(connected_sentences(graph).sentences) == {
        "d": frozenset({DOC}), "a": frozenset({1, 2}), "b": frozenset({1, 2}), "c": frozenset({1, 2})
    }


def test_no_root_and_the_empty_graph() -> None:
    graph = doc((("a", ":ARG0", "c"),), "ac", root=None)
    assert dict(connected_sentences(graph).sentences) == {"a": frozenset({DOC}), "c": frozenset({DOC})}
    assert connected_sentences(Graph()) == DocStructure({}, (), frozenset(), frozenset())


def test_compatibility_by_sentence_and_with_empty_sides() -> None:
    from amrmetrics.metrics.doc_start import compatibility

    test = doc((("d", ":snt1", "a"), ("d", ":snt2", "b")), "dab")
    gold = doc((("d", ":snt1", "x"), ("d", ":snt2", "y")), "dxy")
    allowed = compatibility(test.variables, connected_sentences(test), gold.variables, connected_sentences(gold))
    assert allowed.mask().tolist() == [[True, False, False], [False, True, False], [False, False, True]]
    empty = Graph()
    one_side = compatibility([], connected_sentences(empty), gold.variables, connected_sentences(gold))
    assert one_side.mask().shape == (0, 3) and one_side.mask().dtype == bool
    other_side = compatibility(test.variables, connected_sentences(test), [], connected_sentences(empty))
    assert other_side.mask().shape == (3, 0) and other_side.mask().dtype == bool
    neither = compatibility([], connected_sentences(empty), [], connected_sentences(empty))
    assert neither.mask().shape == (0, 0) and neither.mask().dtype == bool
    assert neither.table.dtype == bool
