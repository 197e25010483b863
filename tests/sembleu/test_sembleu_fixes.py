"""Each SemBLEU fix, shown both ways: amrmetrics' default and the reference behaviour under compat=1."""

from __future__ import annotations

import math

import numpy as np
import pytest

from amrmetrics.graph import Graph
from amrmetrics.metrics.ngrams import ngram_counts
from amrmetrics.metrics.registry import MetricSpecError, parse_metrics
from amrmetrics.metrics.sembleu import REFERENCE_WEIGHTS, SemBLEU
from amrmetrics.metrics.sembleu_graphs import forward_references, label_graph, looks_like_variable, reference_label_graph
from amrmetrics.read.decode import decode


def grams(text: str, compat: bool, n: int = 3) -> list[set[str]]:
    graph = decode(text)
    labelled = reference_label_graph(graph) if compat else label_graph(graph)
    return [{" ".join(g) for g in bag} for bag in ngram_counts(labelled, n)]


def score(test: str, gold: str, **params: object) -> float:
    metric = SemBLEU(**params)  # type: ignore[arg-type]
    stats = metric.pair(metric.prepare(decode(test)), metric.prepare(decode(gold))).stats
    return float(metric.scores(np.array(stats))["score"])


def test_weights_uniform_by_default_reference_in_compat() -> None:
    assert SemBLEU().weight_values == (1 / 3, 1 / 3, 1 / 3)
    assert SemBLEU(compat=True).weight_values == REFERENCE_WEIGHTS == (0.34, 0.33, 0.34)
    assert SemBLEU(compat=True, weights="uniform").weight_values == (1 / 3,) * 3
    assert SemBLEU(n=2, compat=True).weight_values == (0.5, 0.5)
    assert SemBLEU(weights="0.5/0.25/0.25").weight_values == (0.5, 0.25, 0.25)
    assert SemBLEU(weights="reference").weight_values == REFERENCE_WEIGHTS


@pytest.mark.parametrize("bad", ["reference,n=2", "weights=1/2", "weights=-1/1/1", "weights=x", "n=0"])
def test_bad_weights_and_orders_are_refused(bad: str) -> None:
    spec = "sembleu:" + bad if "=" in bad.split(",")[0] else "sembleu:weights=" + bad
    with pytest.raises(MetricSpecError):
        parse_metrics(spec)


def test_reference_weights_sum_to_1_01_so_a_perfect_match_still_scores_1() -> None:
    text = "(a / ask-01 :ARG0 (g / girl) :ARG1 (l / leave-11 :ARG0 (b / boy)))"
    assert math.isclose(sum(REFERENCE_WEIGHTS), 1.01)
    assert score(text, text, compat=True) == 1.0
    partial = "(a / ask-01 :ARG0 (g / girl) :ARG1 (l / leave-11 :ARG0 (b / girl)))"
    assert score(partial, text, compat=True) < score(partial, text, compat=True, weights="uniform")


def test_of_exceptions_are_not_reversed_but_compat_reverses_every_of_role() -> None:
    text = '(t / team :consist-of (p / person) :ARG0-of (w / win-01))'
    assert "team :consist-of person" in grams(text, compat=False)[1]
    assert "win-01 :ARG0 team" in grams(text, compat=False)[1]
    compat = grams(text, compat=True)[1]
    assert "person :consist team" in compat and "win-01 :ARG0 team" in compat


def test_compat_deletes_every_of_in_a_reversed_role() -> None:
    assert "b :prep-out a" in grams("(x / a :prep-out-of (y / b))", compat=True)[1]
    assert "a :prep-out-of b" in grams("(x / a :prep-out-of (y / b))", compat=False)[1]


ROOTED_CYCLE = "(a / and :op1-of (b / go-01 :ARG0-of (c / cause-01 :ARG1-of b)))"
"""After reversal every node has a parent (b -> a, c -> b, b -> c): the reference starts from the
first node only, which has no outgoing edge, so the cycle b <-> c is never reached."""


def test_unreachable_nodes_yield_ngrams_but_not_in_compat() -> None:
    fixed, compat = grams(ROOTED_CYCLE, compat=False), grams(ROOTED_CYCLE, compat=True)
    assert fixed[0] == {"and", "go-01", "cause-01"}
    assert compat[0] == {"and"}
    assert "cause-01 :ARG0 go-01" in fixed[1] and "go-01 :op1 and" in fixed[1] and not compat[1]
    assert label_graph(decode(ROOTED_CYCLE)).size == reference_label_graph(decode(ROOTED_CYCLE)).size == 6


def test_undefined_variable_is_a_constant_not_a_crash() -> None:
    text = "(w / want-01 :ARG0 (b / boy) :ARG1 z11)"
    for compat in (False, True):
        assert "want-01 :ARG1 z11" in grams(text, compat=compat)[1]
        assert 0 < score(text, "(w / want-01 :ARG0 (b / boy))", compat=compat) < 1


def test_forward_reference_becomes_a_duplicate_node_only_in_compat() -> None:
    forward = "(xv0 / see-01 :ARG0 xv2 :ARG1 (xv1 / cat :poss (xv2 / girl)))"
    backward = "(xv0 / see-01 :ARG1 (xv1 / cat :poss (xv2 / girl)) :ARG0 xv2)"
    assert grams(forward, compat=False) == grams(backward, compat=False)
    assert label_graph(decode(forward)).size == label_graph(decode(backward)).size == 6
    compat_forward = reference_label_graph(decode(forward))
    assert compat_forward.size == 7 and len(compat_forward.labels) == 4
    assert sorted(l for (l,) in compat_forward.labels) == ["cat", "girl", "girl", "see-01"]
    assert reference_label_graph(decode(backward)).size == 6
    assert score(forward, backward, compat=True) < 1.0 == score(forward, backward)


def test_forward_reference_to_a_short_variable_is_resolved_like_the_reference() -> None:
    assert looks_like_variable("b") and looks_like_variable("b12")
    assert not looks_like_variable("xv2") and not looks_like_variable("B2") and not looks_like_variable("b2a")
    text = "(a / see-01 :ARG0 b2 :ARG1 (c / cat :poss (b2 / girl)))"
    assert reference_label_graph(decode(text)).size == label_graph(decode(text)).size


def test_forward_references_follow_the_written_tree() -> None:
    defined_later = decode("(a / x :ARG0 (b / y :mod cc) :ARG1 (cc / z))")
    defined_earlier = decode("(a / x :ARG0 (b / y :mod (cc / z)) :ARG1 cc)")
    assert defined_later.relations == defined_earlier.relations
    assert defined_later.relations[2] == ("b", ":mod", "cc")
    assert forward_references(defined_later) == {2}
    assert forward_references(defined_earlier) == set()


def test_without_a_layout_record_each_node_is_defined_at_its_first_edge() -> None:
    read = decode("(a / x :ARG0 (b / y :mod cc) :ARG1 (cc / z))")
    assert forward_references(read) == {2}
    for unrecorded in (read.evolve(tree_edges=()), read.evolve(tree_edges=(("q", ":r", "s"),))):
        assert forward_references(unrecorded) == set()


def test_compat_drops_special_characters_inside_quotes() -> None:
    text = '(u / url-entity :value "http://x.org/a(b)")'
    assert "url-entity :value http://x.org/a(b)" in grams(text, compat=False)[1]
    assert "url-entity :value httpx.orgab" in grams(text, compat=True)[1]


def test_compat_resolves_a_quoted_constant_named_like_a_variable() -> None:
    text = '(n / name :op1 "n" :op2 (p / person))'
    assert "name :op1 n" in grams(text, compat=False)[1]
    assert "name :op1 name" in grams(text, compat=True)[1]


def test_multiword_constants_are_one_label_but_tokens_in_compat() -> None:
    fixed = label_graph(decode('(n / name :op1 "New  York")')).labels
    compat = reference_label_graph(decode('(n / name :op1 "New  York")')).labels
    assert fixed[1] == ("new york",) and compat[1] == ("new", "york")


def test_duplicate_edges_count_once_but_twice_in_compat() -> None:
    once = "(w / want-01 :ARG0 (b / boy))"
    twice = "(w / want-01 :ARG0 (b / boy) :ARG0 b)"
    inverse_twice = "(w / want-01 :ARG0 (b / boy :ARG0-of w))"
    for text in (twice, inverse_twice):
        assert label_graph(decode(text)) == label_graph(decode(once))
        assert reference_label_graph(decode(text)).size == reference_label_graph(decode(once)).size + 1
    gold = "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b) :time (n / now))"
    assert score(twice, gold) == score(once, gold)
    assert score(twice, gold, compat=True, weights="uniform") > score(once, gold, compat=True, weights="uniform")


@pytest.mark.parametrize("compat", [False, True])
def test_the_empty_graph_scores_0_even_against_itself(compat: bool) -> None:
    metric = SemBLEU(compat=compat)
    empty = metric.prepare(Graph())
    full = metric.prepare(decode("(a / dog)"))
    for test, gold, expected in ((empty, empty, 0.0), (empty, full, 0.0), (full, empty, 0.0), (full, full, 1.0)):
        assert float(metric.scores(np.array(metric.pair(test, gold).stats))["score"]) == expected


def test_roles_keep_their_case_and_labels_are_lowercased() -> None:
    assert "want-01 :ARG0 boy" in grams("(w / Want-01 :ARG0 (b / BOY))", compat=False)[1]
    assert "paris" in grams('(c / city :name "Paris")', compat=False)[0]


def test_quoted_and_unquoted_constants_are_equal() -> None:
    assert grams('(c / city :op1 "Paris")', compat=False) == grams("(c / city :op1 Paris)", compat=False)
