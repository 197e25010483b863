"""The explanation of a pair on hand-written pairs: alignment, triple credits, arithmetic and standardization steps.

Expected values are counted by hand from the triples each preset makes (docs/standardization.md).
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import DATA

from amrmetrics.engine.corpus import RunOptions
from amrmetrics.explaining.build import explain_corpora
from amrmetrics.explaining.collect import EXPLANATION, Explained, explainable
from amrmetrics.explaining.text import penman_text
from amrmetrics.explaining.trace import StepChange
from amrmetrics.explaining.triples import credit_triples
from amrmetrics.graph import Graph
from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read import decode

TINY = str(DATA / "tiny-vectors.txt")


def explain_pair(spec: str, test: str, gold: str):
    """The explained result of one pair, and the plain metric's result for the same pair."""
    metric = parse_metrics(spec, {"vectors": TINY})[0]
    explained = Explained(metric)
    result = explained.pair(explained.prepare(decode(test)), explained.prepare(decode(gold)))
    plain = metric.pair(metric.prepare(decode(test)), metric.prepare(decode(gold)))
    return result, plain


def test_credits_follow_the_best_alignment() -> None:
    # smatch triples: test (a cat) (b big) (a :TOP top) (b :domain a); gold the same with small.
    # a->x, b->y matches cat, TOP and the :domain edge: 3 of 4 on each side.
    result, plain = explain_pair("smatch", "(a / cat :mod (b / big))", "(x / cat :mod (y / small))")
    e = result.details[EXPLANATION]
    assert {t: g for t, g, _ in e.alignment} == {"a": "x", "b": "y"} == dict(plain.details["alignment"])
    assert e.test_credits.nodes == (1.0, 0.0) and e.gold_credits.nodes == (1.0, 0.0)
    assert e.test_credits.attributes == (1.0,) and e.gold_credits.attributes == (1.0,)
    assert e.test_credits.relations == (1.0,) and e.gold_credits.relations == (1.0,)
    assert result.stats == plain.stats == (3.0, 4.0, 4.0, 3.0)


def test_an_unmatched_edge_is_only_in_its_graph() -> None:
    # test: (a want-01) (b boy) (a :TOP top) (a :arg0 b); gold has :arg1 instead: 3 of 4 match
    result, _ = explain_pair("smatch", "(a / want-01 :ARG0 (b / boy))", "(w / want-01 :ARG1 (g / boy))")
    e = result.details[EXPLANATION]
    assert e.test_credits.relations == (0.0,) and e.gold_credits.relations == (0.0,)
    assert e.test_credits.total == e.gold_credits.total == 3.0 == result.stats[0]
    assert e.test.prepared.relations == (("a", ":arg0", "b"),)


def test_s2match_credits_are_the_graded_similarities() -> None:
    # tiny vectors: sim(king, prince) = sim(small, little) = 0.8; TOP and :domain match: 3.6 of 4
    result, plain = explain_pair("s2match", "(k / king :mod (s / small))", "(p / prince :mod (l / little))")
    e = result.details[EXPLANATION]
    assert sorted(e.alignment) == [("k", "p", pytest.approx(0.8)), ("s", "l", pytest.approx(0.8))]
    assert e.test_credits.nodes == pytest.approx((0.8, 0.8)) and e.gold_credits.nodes == pytest.approx((0.8, 0.8))
    assert e.test_credits.total == pytest.approx(3.6) == plain.stats[0]


def test_duplicates_are_credited_as_the_preset_counts_them() -> None:
    test = Graph(instances=(("a", "x"), ("b", "y")), relations=(("a", ":r", "b"), ("a", ":r", "b")), root="a")
    gold = Graph(instances=(("c", "x"), ("d", "y")), relations=(("c", ":r", "d"),), root="c")
    weights = np.eye(2)
    alignment = {"a": "c", "b": "d"}
    kept, gold_min = credit_triples(test, gold, alignment, weights, "min")  # a repeated edge matches once
    assert kept.relations == (1.0, 0.0) and gold_min.relations == (1.0,)
    product, gold_product = credit_triples(test, gold, alignment, weights, "product")  # smatch 1.0.4: 2 x 1
    assert product.relations == (1.0, 1.0) and gold_product.relations == (2.0,)
    assert product.total == gold_product.total == 4.0


def test_smatch_classic_counts_a_repeated_edge_twice_and_the_credits_agree() -> None:
    # smatch-classic keeps both :ARG0 edges and counts 2 x 1 matches: instances 2 + TOP 1 + 2 = 5
    result, plain = explain_pair("smatch:std=smatch-classic", "(a / x :ARG0 (b / y) :ARG0 b)", "(c / x :ARG0 (d / y))")
    e = result.details[EXPLANATION]
    assert plain.stats[0] == 5.0
    assert e.test_credits.total == e.gold_credits.total == 5.0


def test_every_step_that_changed_the_graph_is_listed() -> None:
    result, _ = explain_pair("smatch", "(a / Cat :ARG0-of (b / run-01))", "(c / cat)")
    steps = result.details[EXPLANATION].test.steps
    assert steps == (
        StepChange("lowercase", (("a", ":instance", "Cat"), ("a", ":ARG0-of", "b")), (("a", ":instance", "cat"), ("a", ":arg0-of", "b"))),
        StepChange("deinvert", (("a", ":arg0-of", "b"),), (("b", ":arg0", "a"),)),
        StepChange("top", (), (("a", ":TOP", "top"),)),
    )


def test_dedup_shows_the_dropped_duplicate() -> None:
    result, _ = explain_pair("smatch", "(a / x :ARG0 (b / y) :ARG0 b)", "(c / x)")
    dedup = [s for s in result.details[EXPLANATION].test.steps if s.step == "dedup"]
    assert dedup == [StepChange("dedup", (("a", ":arg0", "b"),), ())]  # the second copy of the lowercased edge


def test_penman_text_keeps_the_written_shape() -> None:
    text = "(a / and :op1 (b / go-02 :ARG0 (c / prince :ARG1-of (d / puzzle-01))) :op2 (e / see-01 :ARG0 c))"
    graph = decode(text)
    written = penman_text(graph)
    assert decode(written) == graph
    assert ":ARG1-of (d / puzzle-01)" in written and ":ARG0 c)" in written


def test_only_smatch_family_metrics_that_score_their_prepared_graphs_are_explainable() -> None:
    specs = {"smatch": True, "smatch:std=smatchpp-amr": True, "s2match": True, "smatch:doc=sentence": True, "smatch:fine": False, "sembleu": False, "wlk": False}
    for spec, expected in specs.items():
        assert explainable(parse_metrics(spec, {"vectors": TINY})[0]) is expected, spec
    with pytest.raises(ValueError, match="cannot be explained"):
        Explained(parse_metrics("sembleu")[0])


def test_the_corpus_model_shows_the_scores_arithmetic() -> None:
    test = ["(a / cat :mod (b / big))", "(a / want-01 :ARG0 (b / boy))", "(a / dog)"]
    gold = ["(x / cat :mod (y / small))", "(w / want-01 :ARG1 (g / boy))", "(d / dog)"]
    explanation = explain_corpora(test, gold, parse_metrics("smatch")[0], RunOptions(bootstrap=100), fine=False)
    # hand counts: 3/4, 3/4 and 2/2 (dog + TOP); micro P = R = 8/10
    assert [p.sides[0].stats["matched"] for p in explanation.pairs] == [3.0, 3.0, 2.0]
    assert [p.sides[0].shown_matched for p in explanation.pairs] == [3.0, 3.0, 2.0]
    assert [p.sides[0].scores["F"] for p in explanation.pairs] == [0.75, 0.75, 1.0]
    assert explanation.systems[0].report.micro["F"] == pytest.approx(0.8)
    assert explanation.pair(2).sides[0].explanation.test.prepared.relations == (("a", ":arg0", "b"),)
    data = explanation.as_dict()
    assert data["pairs"][0]["sides"][0]["test_credits"] == [[1, 0], [1], [1]]
    assert data["pairs"][2]["sides"][0]["stats"] == {"matched": 2, "n_test": 2, "n_gold": 2, "upper": 2}
    assert data["signature"].startswith("smatch|std:smatch|solver:exact|dedup:yes|on-error:fail|bootstrap:100|seed:")
