"""S2match's parts by hand: components plugged in from Python, and the preset's duplicate rule
reaching the graded problem."""

from __future__ import annotations

import pytest
from conftest import DATA

from amrmetrics.embed import open_embedder
from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read import decode

TINY = {"vectors": str(DATA / "tiny-vectors.txt")}


def test_an_embedder_and_a_similarity_plugged_in_from_python_are_used() -> None:
    metric = parse_metrics("s2match", TINY)[0]
    other = open_embedder(TINY["vectors"])
    metric.set_cached("embedder", other)
    assert metric.embedder() is other
    similarity = object()
    fresh = parse_metrics("s2match", TINY)[0]
    fresh.set_cached("similarity", similarity)
    assert fresh.concept_similarity() is similarity
    assert fresh.embedder() is fresh.embedder()


def test_the_classic_preset_counts_duplicate_triples_k_times_l() -> None:
    # per side: 2 instances, the relation a :mod b twice, the root triple: 5 triples; the two copies
    # match each other twice over (2 x 2) under smatch-classic, so 2 + 4 + 1 = 7
    text = "(a / x :mod (b / y) :mod b)"
    metric = parse_metrics("s2match:std=smatch-classic", TINY)[0]
    assert metric.pair(metric.prepare(decode(text)), metric.prepare(decode(text))).stats[:3] == (7.0, 5.0, 5.0)


def test_compat_with_an_empty_side_scores_nothing() -> None:
    from amrmetrics.graph import Graph

    metric = parse_metrics("s2match:compat=yes", TINY)[0]
    empty, king = metric.prepare(Graph()), metric.prepare(decode("(a / king)"))
    assert metric.pair(empty, king).stats == (0.0, 0.0, 2.0, 0.0)  # the other side: instance and root triple
    assert metric.pair(king, empty).stats == (0.0, 2.0, 0.0, 0.0)


def test_compat_grades_the_root_triple_by_the_root_concepts_not_another_node() -> None:
    # per side: 2 instances, :ARG0, :polarity -, the root triple = 5; a -> p and b -> l:
    # king~prince 0.8 + small~small 1 + 1 + 1 + the root triple graded king~prince 0.8 = 4.6
    metric = parse_metrics("s2match:compat=yes", TINY)[0]
    test = metric.prepare(decode("(a / king :ARG0 (b / small :polarity -))"))
    gold = metric.prepare(decode("(p / prince :ARG0 (l / small :polarity -))"))
    assert test.attributes[0] == ("b", ":polarity", "-")  # the root triple is not the first attribute
    assert metric.pair(test, gold).stats[:3] == pytest.approx((4.6, 5.0, 5.0))
