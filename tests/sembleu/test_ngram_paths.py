"""SemBLEU's n-grams follow paths that never use an edge twice, up to the longest order asked for."""

from __future__ import annotations

from amrmetrics.metrics.ngrams import ngram_counts
from amrmetrics.metrics.sembleu_graphs import label_graph
from amrmetrics.read import decode


def test_a_self_loop_is_walked_once() -> None:
    counts = ngram_counts(label_graph(decode("(a / b :ARG0 a)")), 3)
    assert [dict(c) for c in counts] == [{("b",): 1}, {("b", ":ARG0", "b"): 1}, {}]


def test_a_cycle_of_two_edges_gives_both_round_trips() -> None:
    counts = ngram_counts(label_graph(decode("(a / b :ARG0 (c / d :ARG1 a))")), 4)
    assert dict(counts[2]) == {("b", ":ARG0", "d", ":ARG1", "b"): 1, ("d", ":ARG1", "b", ":ARG0", "d"): 1}
    assert dict(counts[3]) == {}


def test_orders_beyond_the_longest_path_are_empty() -> None:
    counts = ngram_counts(label_graph(decode("(a / b :ARG0 (c / d) :ARG1 (e / f))")), 3)
    assert [sum(c.values()) for c in counts] == [3, 2, 0]
    assert len(ngram_counts(label_graph(decode("(a / b)")), 1)) == 1
