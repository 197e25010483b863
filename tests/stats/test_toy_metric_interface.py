"""The metric interface, exercised end to end by toy metrics: engine, micro/macro, reports, parallel runs."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from toy_metrics import ConceptBag, ConceptJaccard, ToyAspects

from amrmetrics.engine.run import run_corpus
from amrmetrics.read import iter_text_entries
from amrmetrics.read.corpus import Pair
from amrmetrics.stats.aggregate import corpus_report

TEST = """
(a / cat)

(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))

(d / dog :polarity - :mod (d2 / dog))
"""
GOLD = """
(a / cat :mod (b / big))

(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-01 :ARG0 b))

(d / dog)
"""


def pairs():
    return [Pair(i, t, g) for i, (t, g) in enumerate(zip(iter_text_entries(TEST), iter_text_entries(GOLD)))]


def test_match_metric_statistics_and_hand_computed_micro_macro():
    run = run_corpus(pairs(), [ConceptBag()])
    stats = run.stats(0)
    # pair 1: {cat} vs {cat, big}; pair 2: 2 of 3 concepts; pair 3: {dog, dog} vs {dog}
    assert stats.tolist() == [[1, 1, 2], [2, 3, 3], [1, 2, 1]]
    metric = run.metrics[0]
    micro = metric.micro(stats)
    assert micro["P"] == pytest.approx(4 / 6)
    assert micro["R"] == pytest.approx(4 / 6)
    assert micro["F"] == pytest.approx(4 / 6)
    macro = metric.macro(stats)
    assert macro["P"] == pytest.approx((1 + 2 / 3 + 1 / 2) / 3)
    assert macro["R"] == pytest.approx((1 / 2 + 2 / 3 + 1) / 3)
    f = [2 / 3, 2 / 3, 2 / 3]  # 2PR/(P+R) of (1, 1/2), (2/3, 2/3), (1/2, 1)
    assert macro["F"] == pytest.approx(sum(f) / 3)


def test_similarity_metric_micro_equals_macro():
    run = run_corpus(pairs(), [ConceptJaccard()])
    stats = run.stats(0)
    assert stats[:, 1].tolist() == [1, 1, 1]
    scores = [1 / 2, 2 / 4, 1.0]
    metric = run.metrics[0]
    assert metric.micro(stats)["score"] == pytest.approx(np.mean(scores))
    assert metric.macro(stats)["score"] == pytest.approx(np.mean(scores))


def test_several_metrics_in_one_pass_and_parameters_in_the_spec():
    metrics = [ConceptBag(), ConceptBag(lower=False), ConceptJaccard()]
    run = run_corpus(pairs(), metrics)
    assert [len(r.results) for r in run.records] == [3, 3, 3]
    assert metrics[1].spec() == "toy-bag:lower=no"
    assert metrics[0].signature() == "toy-bag|lower:yes"
    report = corpus_report(metrics[0], run.stats(0), metrics[0].signature())
    assert report.as_dict()["micro"]["F"] == pytest.approx(4 / 6)


def test_results_do_not_depend_on_the_number_of_jobs():
    metrics = [ConceptBag(), ConceptJaccard(), ToyAspects()]
    one = run_corpus(pairs(), metrics, jobs=1)
    two = run_corpus(pairs(), metrics, jobs=2)
    for k in range(len(metrics)):
        assert np.array_equal(one.stats(k), two.stats(k), equal_nan=True)


def test_a_not_applicable_aspect_is_nan_and_left_out_of_the_macro_mean():
    metric = ToyAspects()
    run = run_corpus(pairs(), [metric])
    stats = run.stats(0)
    per_pair = metric.scores(stats)
    assert np.isnan(per_pair["Negation.F"][:2]).all()  # no :polarity in pairs 1 and 2
    assert per_pair["Negation.F"][2] == 0.0  # test negates, gold does not
    assert metric.macro(stats)["Negation.F"] == 0.0
    assert metric.micro(stats)["Negation.P"] == 0.0
    assert metric.macro(stats)["Concepts.F"] == pytest.approx(2 / 3)


def test_an_aspect_absent_from_the_whole_corpus_is_nan_not_zero_or_one():
    metric = ToyAspects()
    stats = run_corpus(pairs()[:2], [metric]).stats(0)
    report = corpus_report(metric, stats, metric.signature())
    assert np.isnan(report.micro["Negation.F"]) and np.isnan(report.macro["Negation.F"])
    assert report.summary["aspects"]["Negation"] == {"matched": 0.0, "n_test": 0.0, "n_gold": 0.0, "pairs": 0}


def test_metric_objects_are_frozen_parameters():
    metric = ConceptBag()
    with pytest.raises(dataclasses.FrozenInstanceError):
        metric.lower = False  # type: ignore[misc]
    assert ConceptBag() == ConceptBag() and hash(ConceptBag()) == hash(ConceptBag())


def test_metrics_of_two_classes_with_the_same_parameters_prepare_their_own_graphs():
    # neither toy metric has a parameter: only the class keeps their prepared graphs apart
    run = run_corpus(pairs(), [ConceptJaccard(), ToyAspects()])
    assert run.stats(0).tolist() == [[1 / 2, 1], [2 / 4, 1], [1, 1]]
    # (matched, |test|, |gold|) of the concepts, then of the negated concepts
    assert run.stats(1).tolist() == [[1, 1, 2, 0, 0, 0], [2, 3, 3, 0, 0, 0], [1, 2, 1, 0, 1, 0]]
