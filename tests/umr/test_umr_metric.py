"""The ``umr`` document metric: counts worked out by hand, laws, and the shared gold against itself."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.metrics.umr import ASPECTS
from amrmetrics.read.umr import parse_umr
from amrmetrics.read.umr_corpus import pair_documents
from conftest import requires_shared, shared
from umr_strategies import document_of, documents, renamed

H = "#" * 80


def doc(*sentences: tuple[str, str]) -> str:
    """A document of (graph, document-level block) sentences in the release layout."""
    out = []
    for k, (graph, layer) in enumerate(sentences, 1):
        out.append(f"{H}\n# :: snt{k}\n\n# sentence level graph:\n{graph}\n\n# alignment:\n\n# document level annotation:\n{layer}\n\n\n")
    return "".join(out)


def score(test: str, gold: str) -> tuple[dict[str, float], dict]:
    metric = parse_metrics("umr")[0]
    result = metric.pair(metric.prepare(parse_umr(test, file="t.umr")), metric.prepare(parse_umr(gold, file="g.umr")))
    counts = {f"{a}.{s}": result.stats[3 * k + i] for k, a in enumerate(ASPECTS) for i, s in enumerate(("matched", "n_test", "n_gold"))}
    return counts, result.details


GOLD = doc(
    ("(s1a / arrive-01 :ARG1 (s1b / boy))", "(s1s0 / sentence :temporal ((document-creation-time :before s1a)) :modal ((author :full-affirmative s1a)))"),
    ("(s2e / eat-01 :ARG0 (s2h / he))", "(s2s0 / sentence :temporal ((s1a :before s2e)) :coref ((s1b :same-entity s2h)))"),
    ("(s3s / sleep-01 :ARG0 (s3h / he))", "(s3s0 / sentence :temporal ((s2e :before s3s)) :coref ((s2h :same-entity s3h)))"),
)


def test_written_forms_that_say_the_same_thing_match():
    test = doc(
        ("(s1x / arrive-01 :ARG1 (s1y / boy))", "(s1s0 / sentence :temporal ((s1x :after document-creation-time)) :modal ((author :full-affirmative s1x)))"),
        ("(s2p / eat-01 :ARG0 (s2q / he))", "(s2s0 / sentence :temporal ((s2p :after s1x)) :coref ((s2q :same-entity s1y)))"),
        ("(s3r / sleep-01 :ARG0 (s3t / he))", "(s3s0 / sentence :temporal ((s3r :after s2p)) :coref ((s3t :same-entity s2q)))"),
    )
    counts, details = score(test, GOLD)
    assert counts["Comprehensive.matched"] == counts["Comprehensive.n_test"] == counts["Comprehensive.n_gold"] == 3 * 4 + 6  # per sentence: 2 instances, 1 relation, TOP; document: 3 + 1 + 2
    assert counts["Temporal.matched"] == 3 and counts["Coref.matched"] == 2 and counts["Modal.matched"] == 1
    assert details["status"] == "optimal"


def test_closure_credits_what_the_written_triples_imply():
    # gold: s1a before s2e before s3s, so s1a before s3s by closure; the test writes only that one
    test = doc(
        ("(s1a / arrive-01 :ARG1 (s1b / boy))", "(s1s0 / sentence :temporal ((document-creation-time :before s1a)) :modal ((author :full-affirmative s1a)))"),
        ("(s2e / eat-01 :ARG0 (s2h / he))", "(s2s0 / sentence :coref ((s1b :same-entity s2h)))"),
        ("(s3s / sleep-01 :ARG0 (s3h / he))", "(s3s0 / sentence :temporal ((s1a :before s3s)) :coref ((s1b :same-entity s3h)))"),
    )
    counts, _ = score(test, GOLD)
    assert (counts["Temporal.matched"], counts["Temporal.n_test"], counts["Temporal.n_gold"]) == (1, 2, 3)
    # closure (A after B as A -> B): test a -> dct, s3 -> a, so s3 -> dct; gold a -> dct, e -> a, s3 -> e,
    # so also e -> dct, s3 -> a, s3 -> dct: the test's three are among the gold's six
    assert (counts["TemporalClosure.matched"], counts["TemporalClosure.n_test"], counts["TemporalClosure.n_gold"]) == (3, 3, 6)
    # coref: test b=h2, b=h3 gives by closure h2=h3 too: all three gold chain pairs
    assert (counts["Coref.matched"], counts["Coref.n_test"], counts["Coref.n_gold"]) == (1, 2, 2)
    assert (counts["CorefClosure.matched"], counts["CorefClosure.n_test"], counts["CorefClosure.n_gold"]) == (3, 3, 3)


def test_an_absent_category_does_not_apply():
    bare = doc(("(s1a / arrive-01)", ""))
    metric = parse_metrics("umr")[0]
    stats = np.array([metric.pair(metric.prepare(parse_umr(bare)), metric.prepare(parse_umr(bare))).stats])
    scores = metric.micro(stats)
    assert scores["Comprehensive.F"] == 1.0 and scores["Sentence.F"] == 1.0
    assert all(math.isnan(scores[f"{a}.F"]) for a in ("Temporal", "Modal", "Coref", "TemporalClosure", "CorefClosure"))


def test_a_node_aligns_only_within_its_sentence():
    gold = doc(("(s1a / dog)", ""), ("(s2a / cat)", ""))
    test = doc(("(s1a / cat)", ""), ("(s2a / dog)", ""))
    counts, details = score(test, gold)
    assert counts["Sentence.matched"] == 2  # the two TOP triples only
    assert details["alignment"] == [["s1a", "s1a", 1], ["s2a", "s2a", 2]] or counts["Sentence.matched"] == 2


def _umr():
    return parse_metrics("umr")[0]


def _pair(test, gold):
    metric = _umr()
    return metric.pair(metric.prepare(test), metric.prepare(gold))


@settings(max_examples=40, deadline=None)
@given(documents(), documents(), st.integers(0, 2**31))
def test_laws_range_symmetry_renaming(a, b, seed):
    a_doc, b_doc = document_of(a), document_of(b)
    if len(a_doc.sentences) != len(b_doc.sentences):
        b_doc = document_of((b * 4)[: len(a)])
    forward, backward = _pair(a_doc, b_doc), _pair(b_doc, a_doc)
    metric = _umr()
    f = metric.scores(np.array(forward.stats))
    g = metric.scores(np.array(backward.stats))
    assert 0.0 <= f["Comprehensive.F"] <= 1.0
    assert f["Comprehensive.P"] == pytest.approx(g["Comprehensive.R"]) and f["Comprehensive.F"] == pytest.approx(g["Comprehensive.F"])
    assert forward.details["status"] == "optimal" and forward.stats[3 * 6] == forward.details["lower"]
    moved = metric.scores(np.array(_pair(renamed(a_doc, seed), renamed(b_doc, seed + 1)).stats))
    assert moved["Comprehensive.F"] == pytest.approx(f["Comprehensive.F"])
    assert metric.scores(np.array(_pair(a_doc, a_doc).stats))["Comprehensive.F"] == 1.0


@settings(max_examples=30, deadline=None)
@given(documents(), documents())
def test_repeating_a_document_relation_never_raises_the_score(a, b):
    a_doc, b_doc = document_of(a), document_of((b * 4)[: len(a)])
    metric = _umr()
    before = metric.scores(np.array(_pair(a_doc, b_doc).stats))["Comprehensive.F"]
    repeated = [type(s)(**{**s.__dict__, "relations": s.relations + s.relations}) for s in a_doc.sentences]
    after = metric.scores(np.array(_pair(type(a_doc)(a_doc.file, tuple(repeated), a_doc.issues), b_doc).stats))["Comprehensive.F"]
    assert after <= before + 1e-12


@requires_shared
def test_the_shared_gold_against_itself_scores_one():
    metric = _umr()
    for test, gold in pair_documents(shared("data", "umr", "gold"), shared("data", "umr", "gold")):
        if test.errors:
            continue
        result = metric.pair(metric.prepare(test), metric.prepare(gold))
        scores = metric.scores(np.array(result.stats))
        for aspect in ASPECTS:
            value = scores[f"{aspect}.F"]
            assert math.isnan(value) or value == 1.0, (test.name, aspect)
        assert result.details["status"] == "optimal"
