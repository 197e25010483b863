"""Laws of document Smatch on random documents: the constraint only lowers scores, identity, invariances."""

from __future__ import annotations

import numpy as np
import penman
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import graph_texts, rename_variables, shuffle_triples

from amrmetrics.graph import Graph
from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read.decode import decode
from amrmetrics.read.documents import join_trees

law = settings(max_examples=40, deadline=None)
SENTENCE, ANY = parse_metrics("smatch:doc=sentence,smatch:doc=any")


@st.composite
def document_trees(draw: st.DrawFn) -> penman.Tree:
    """2-3 random sentences joined under a multi-sentence root; often a later sentence refers to a
    node of the first (a cross-sentence coreference, as DocAMR merges it)."""
    k = draw(st.integers(2, 3))
    doc = join_trees([penman.parse(draw(graph_texts(max_nodes=4))) for _ in range(k)])
    if draw(st.booleans()):
        _, branches = doc.node
        first = [v for v, _ in penman.Tree(branches[1][1]).nodes()]
        target = first[draw(st.integers(0, len(first) - 1))]
        at = draw(st.integers(2, k))
        root_var, root_branches = branches[at][1]
        branches[at] = (branches[at][0], (root_var, root_branches + [(":ARG2", target)]))
    return doc


def documents() -> st.SearchStrategy[Graph]:
    return document_trees().map(lambda tree: decode(penman.format(tree)))


def f_and_matched(metric, test: Graph, gold: Graph) -> tuple[float, float]:
    stats = metric.pair(metric.prepare(test), metric.prepare(gold)).stats
    return float(metric.scores(np.asarray(stats))["Smatch.F"]), stats[0]


@law
@given(documents(), documents())
def test_the_sentence_constraint_never_raises_the_score(test: Graph, gold: Graph) -> None:
    constrained, free = f_and_matched(SENTENCE, test, gold), f_and_matched(ANY, test, gold)
    assert constrained[1] <= free[1]
    assert constrained[1] == pytest.approx(free[1]) or constrained[0] < free[0]


@law
@given(documents())
def test_a_document_scores_100_against_itself_in_both_modes(doc: Graph) -> None:
    assert f_and_matched(SENTENCE, doc, doc)[0] == 1.0
    assert f_and_matched(ANY, doc, doc)[0] == 1.0


@law
@given(documents(), documents(), st.integers(0, 2**32 - 1))
def test_renaming_variables_and_node_order_change_nothing(test: Graph, gold: Graph, seed: int) -> None:
    for metric in (SENTENCE, ANY):
        base = metric.pair(metric.prepare(test), metric.prepare(gold)).stats
        renamed = metric.pair(metric.prepare(rename_variables(test, seed)), metric.prepare(shuffle_triples(gold, seed))).stats
        assert renamed == pytest.approx(base)


@law
@given(document_trees(), documents(), st.randoms(use_true_random=False))
def test_the_order_of_the_sentence_branches_changes_nothing(tree: penman.Tree, gold: Graph, rng) -> None:
    var, branches = tree.node
    sentences = branches[1:]
    rng.shuffle(sentences)
    reordered = decode(penman.format(penman.Tree((var, branches[:1] + sentences))))
    original = decode(penman.format(tree))
    for metric in (SENTENCE, ANY):
        for test, gold_ in ((original, gold), (gold, original)):
            swapped = (reordered, gold) if test is original else (gold, reordered)
            base = metric.pair(metric.prepare(test), metric.prepare(gold_)).stats
            assert metric.pair(metric.prepare(swapped[0]), metric.prepare(swapped[1])).stats == pytest.approx(base)
