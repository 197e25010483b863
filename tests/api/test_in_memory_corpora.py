"""Corpora given as sequences of strings: a malformed graph is named by its side ("test", "gold",
"graphs"), its position counted from 1 and the line of its graph inside its own string."""

from __future__ import annotations

import pytest

import amrmetrics
from amrmetrics.read import CorpusError

TAIL = 'Use on_error="zero" (score them as empty graphs) or on_error="skip" (leave the pairs out).'


def test_malformed_graphs_of_both_sides_are_named_by_side_position_and_line():
    test = ["(a / b)", "# ::snt a sentence\n(c / d :ARG0 )", "junk"]
    gold = ["(a / b)", "(c / d)", "(e / f :mod"]
    with pytest.raises(CorpusError) as err:
        amrmetrics.score_corpus(test, gold, "smatch")
    assert str(err.value).split("\n") == [
        "3 malformed graphs:",
        "  test: graph 2 (line 2): role :ARG0 of node 'c' has no target",
        "  test: graph 3 (line 1): text outside any graph: 'junk' (a graph starts with '(')",
        "  gold: graph 3 (line 1): unbalanced parentheses: 1 '(' not closed",
        TAIL,
    ]


def test_a_matrix_names_its_malformed_graph_among_the_graphs():
    with pytest.raises(CorpusError) as err:
        amrmetrics.matrix(["(a / b)", "(c / d)", "(e / f :ARG0 )"], "smatch")
    assert str(err.value).split("\n") == [
        "1 malformed graph:",
        "  graphs: graph 3 (line 1): role :ARG0 of node 'e' has no target",
        TAIL,
    ]


def test_the_well_formed_graphs_of_a_sequence_are_scored_in_order():
    scores = amrmetrics.score_corpus(["(a / b)", "(c / d :ARG0 )", "(e / f)"], ["(a / b)", "(c / d)", "(e / g)"], "smatch", on_error="skip")
    pairs = scores["smatch"].pairs
    assert [p.stats["matched"] for p in pairs] == [2.0, 1.0]  # (a / b) with itself: 2 triples; (e / f) with (e / g): the top


def test_comparing_sequences_names_each_side_s_malformed_graphs_in_pair_order():
    with pytest.raises(CorpusError) as err:
        amrmetrics.compare(["(a / b)", "(c :ARG0 )"], ["junk", "(c / d)"], ["(a / b)", "(c / d :mod"], "smatch")
    assert str(err.value).split("\n") == [
        "3 malformed graphs:",
        "  b: graph 1 (line 1): text outside any graph: 'junk' (a graph starts with '(')",
        "  a: graph 2 (line 1): node 'c' has no concept",
        "  gold: graph 2 (line 1): unbalanced parentheses: 1 '(' not closed",
        TAIL,
    ]


def test_pairing_sequences_by_id_is_refused():
    with pytest.raises(ValueError, match=r"^pair_by_id needs three files$"):
        amrmetrics.compare(["(a / b)"], ["(a / b)"], ["(a / b)"], "smatch", pair_by_id=True)


def test_a_penman_graph_keeps_its_metadata_and_anything_else_is_named_by_its_type():
    import penman

    from amrmetrics.engine.sources import to_graph

    graph = to_graph(penman.decode("# ::id s7\n# ::snt A tall boy.\n(b / boy :mod (t / tall))"))
    assert graph.metadata == {"id": "s7", "snt": "A tall boy."}
    assert (graph.instances, graph.relations) == ((("b", "boy"), ("t", "tall")), (("b", ":mod", "t"),))
    given = penman.Graph([("b", ":instance", "boy")], metadata={"snt": "a value with ::two colons", "note": ""})
    assert to_graph(given).metadata == {"snt": "a value with ::two colons", "note": ""}  # as given, not as re-read
    with pytest.raises(TypeError) as err:
        to_graph(3)
    assert str(err.value) == "expected a PENMAN string, an amrmetrics.Graph or a penman.Graph, not int"


def test_graphs_given_as_strings_are_numbered_by_position_each_on_its_own_first_line():
    from amrmetrics.engine.sources import pair_corpora

    total, pairs = pair_corpora(["(a / b)", "(c :ARG0 )", "(e / f)"], ["(a / b)", "(c / d)", "junk"], False, unit="graph", on_error="fail")
    entries = [(p.test.number, p.test.line, p.gold.number, p.gold.line) for p in pairs]
    assert total == 3 and entries == [(1, 1, 1, 1), (2, 1, 2, 1), (3, 1, 3, 1)]
