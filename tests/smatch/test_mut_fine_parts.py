"""Fine-grained Smatch's parts by hand: a pair's statistics and details, the unlabeled graph, the
negation bag, a full mapping read as an aspect's, and the lexicographic problem."""

from __future__ import annotations

from collections import Counter

import numpy as np

from amrmetrics.align import AlignmentProblem
from amrmetrics.graph import Graph
from amrmetrics.metrics.fine import FineSmatch, _restrict, label_bags, lexicographic, unlabel
from amrmetrics.read import decode

KING = "(k / king :mod (s / small))"
PRINCE = "(p / prince :mod (l / little))"


def test_king_small_against_prince_little_by_hand() -> None:
    metric = FineSmatch()
    result = metric.pair(metric.prepare(decode(KING)), metric.prepare(decode(PRINCE)))
    # per side 4 triples: 2 instances, (s :domain k), the root triple; the relation and the root match
    assert result.stats == (
        2.0, 4.0, 4.0,  # Smatch
        2.0, 4.0, 4.0,  # Unlabeled
        2.0, 4.0, 4.0,  # No WSD
        0.0, 2.0, 2.0,  # Concepts: king, small against prince, little
        0.0, 0.0, 0.0,  # Named Entities
        0.0, 0.0, 0.0,  # Negation
        0.0, 0.0, 0.0,  # Wikification
        0.0, 0.0, 0.0,  # Reentrancies
        0.0, 0.0, 0.0,  # SRL
        2.0,  # Smatch upper bound
        0.0,  # uncertified subgraph counts: the empty aspects are certain
    )
    details = result.details
    assert (details["lower"], details["upper"], details["status"]) == (2.0, 2.0, "optimal")
    assert details["alignment"] == [["k", "p"], ["s", "l"]]  # gold node 0 included
    assert details["solver_seconds"] >= 0.0


def test_unlabel_keeps_root_roles_and_the_of_ending_and_deduplicates_when_asked() -> None:
    graph = Graph(
        instances=(("a", "x"), ("b", "y")),
        attributes=(("a", ":TOP", "x"), ("a", ":quant", "5")),
        relations=(("a", ":ARG0", "b"), ("a", ":ARG1", "b"), ("b", ":consist-of", "a"), ("b", ":Part-OF", "a")),
    )
    out = unlabel(graph, deduplicate=False)
    assert out.attributes == (("a", ":TOP", "x"), ("a", ":label", "5"))
    assert out.relations == (("a", ":label", "b"), ("a", ":label", "b"), ("b", ":label-of", "a"), ("b", ":label-of", "a"))
    assert sorted(unlabel(graph, deduplicate=True).relations) == [("a", ":label", "b"), ("b", ":label-of", "a")]


def test_the_smatch_preset_deduplicates_the_unlabeled_graph() -> None:
    prepared = FineSmatch().prepare(decode("(a / judge-01 :ARG0 (b / you) :ARG1 b)"))
    assert [r for r in prepared.graphs["Unlabeled"].relations if r[1] == ":label"] == [("a", ":label", "b")]


def test_negation_counts_polarity_minus_only() -> None:
    graph = Graph(
        instances=(("x", "go-02"), ("y", "big"), ("z", "red")),
        attributes=(("x", ":polarity", "-"), ("y", ":mode", "-"), ("z", ":polarity", "+")),
    )
    assert label_bags(graph)["Negation"] == Counter({"go-02": 1})


def test_a_full_mapping_read_as_an_aspect_s() -> None:
    # full test nodes 0..3 map to full gold nodes 2, 0, -, 1; the aspect's test nodes are full 0, 1, (none), 3
    # and its gold nodes full 1 and 2
    mapping = [2, 0, -1, 1]
    assert _restrict(mapping, np.array([0, 1, -1, 3]), np.array([1, 2])) == [1, -1, -1, 0]


def test_an_unmapped_node_is_not_sent_to_a_gold_node_missing_from_the_full_graph() -> None:
    """Full test node 0 is unmapped; the aspect's gold node 0 is not in the full graph (-1): the
    aspect's test node 0 (full 0) stays unmapped, its node 1 (full 1) goes to full gold 0 = aspect 1."""
    assert _restrict([-1, 0], np.array([0, 1]), np.array([-1, 0])) == [-1, 1]


def test_lexicographic_problem_by_hand() -> None:
    full = AlignmentProblem(np.array([[1.0, 0.0], [0.0, 1.0]]), np.array([[0, 0, 1, 1]], dtype=np.int64), np.array([2.0]))
    # aspect nodes in the other order: aspect test 0 / 1 is full 1 / 0, gold alike
    aspect = AlignmentProblem(np.array([[0.5, 0.0], [0.0, 0.25]]), np.array([[0, 0, 1, 1], [0, 1, 1, 0]], dtype=np.int64), np.array([5.0, 7.0]))
    rows = cols = np.array([1, 0])
    out = lexicographic(full, 3.0, aspect, rows, cols)
    assert np.asarray(out.unary).tolist() == [[3.25, 0.0], [0.0, 3.5]]
    # aspect (0,0,1,1) is full (1,1,0,0), written (0,0,1,1): it adds to the full link 3 * 2
    # aspect (0,1,1,0) is full (1,0,0,1), written (0,1,1,0)
    assert out.pairs.tolist() == [[0, 0, 1, 1], [0, 1, 1, 0]]
    assert out.weights.tolist() == [6.0 + 5.0, 7.0]


def test_a_graph_against_itself_matches_every_aspect_and_is_certain() -> None:
    text = "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b :polarity -) :mod (n / name :op1 \"x\"))"
    metric = FineSmatch()
    prepared = metric.prepare(decode(text))
    stats = metric.pair(prepared, prepared).stats
    for k in range(9):
        matched, n_test, n_gold = stats[3 * k : 3 * k + 3]
        assert matched == n_test == n_gold
    assert stats[3 * 7 : 3 * 7 + 3] == (5.0, 5.0, 5.0)  # Reentrancies: the 2 edges into b and the instances of w, g, b
    assert stats[-1] == 0.0  # every aspect count is certain
