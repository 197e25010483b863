"""The Python API's result shapes: several metrics on one pair, one key rule for every metric's
scores, compare's intervals on small corpora, and a clear error for a file name given as a graph."""

from __future__ import annotations

import math
import pytest
from conftest import EXAMPLES, ROOT

import amrmetrics
from amrmetrics.metrics.registry import METRICS

TEST = "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))"
GOLD = "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-01 :ARG0 b))"
PRF = {"P", "R", "F"}
KEYS = {
    "smatch": PRF,
    "s2match": PRF,
    "sema": PRF,
    "xsmatch": PRF,
    "xs2match": PRF,
    "rematch": {"score"},
    "sembleu": {"score"},
    "simple": {"score"},
    "wlk": {"score"},
    "wwlk": {"score"},
    "xsembleu": {"score"},
}
"""The documented rule (README, Python API): P/R/F for matching metrics, ``score`` for single numbers."""


def test_pair_takes_several_metrics_like_the_corpus_form():
    several = amrmetrics.score(TEST, GOLD, "sembleu,wlk,sema")
    assert list(several) == ["sembleu", "wlk", "sema"]
    for spec, result in several.items():
        alone = amrmetrics.score(TEST, GOLD, spec)
        assert isinstance(alone, amrmetrics.PairScore) and result.scores == alone.scores and result.stats == alone.stats
    assert list(amrmetrics.score(TEST, GOLD, ["smatch", "sema"])) == ["smatch", "sema"]
    assert several["sema"].F == several["sema"].scores["F"] and several["wlk"].score == several["wlk"].scores["score"]


def test_pair_with_several_metrics_matches_the_one_pair_corpus():
    pair = amrmetrics.score(TEST, GOLD, "smatch,sembleu:n=2")
    corpus = amrmetrics.score([TEST], [GOLD], "smatch,sembleu:n=2")
    assert list(pair) == list(corpus)
    for spec in pair:
        assert pair[spec].scores == corpus[spec].micro == corpus[spec].pairs[0].scores


def test_smatch_pair_scores_by_hand():
    result = amrmetrics.score(TEST, GOLD, "smatch")
    assert result.scores == pytest.approx({"P": 6 / 7, "R": 6 / 7, "F": 6 / 7})  # go-02 vs go-01: 6 of 7 triples


ASPECT_METRICS = {"smatch-fine", "docsmatch"}
"""Metrics keyed ``<aspect>.P`` (their specs are ``smatch:fine`` and ``smatch:doc=...``)."""
DOCUMENT_METRICS = {"umr": "Comprehensive", "ancast": "Comp", "jumach": "Jumach"}
"""Metrics of UMR documents (keyed ``<aspect>.P``), scored on the UMR examples, with their headline aspect."""


@pytest.mark.parametrize("name", sorted(set(METRICS) - ASPECT_METRICS - set(DOCUMENT_METRICS)))
def test_every_metric_follows_the_documented_key_rule(name):
    pair = amrmetrics.score(TEST, GOLD, name)
    corpus = amrmetrics.score([TEST, GOLD], [GOLD, GOLD], name)[name]
    assert set(pair.scores) == set(corpus.micro) == set(corpus.macro) == set(corpus.pairs[0].scores) == KEYS[name]


def test_fine_aspects_each_have_p_r_f():
    scores = amrmetrics.score(TEST, GOLD, "smatch:fine").scores
    aspects = {key.rsplit(".", 1)[0] for key in scores}
    assert "Smatch" in aspects and len(aspects) > 1
    assert set(scores) == {f"{a}.{k}" for a in aspects for k in PRF}


def test_document_smatch_has_the_document_and_coreference_aspects():
    corpus = amrmetrics.score([TEST, GOLD], [GOLD, GOLD], "smatch:doc=sentence")["smatch:doc=sentence"]
    keys = {f"{a}.{k}" for a in ("Smatch", "Coref") for k in PRF}
    assert set(corpus.micro) == set(corpus.macro) == set(corpus.pairs[0].scores) == keys
    assert corpus.pairs[0].scores["Smatch.F"] == pytest.approx(6 / 7)


def test_every_registered_metric_is_in_the_rule():
    assert set(METRICS) - ASPECT_METRICS - set(DOCUMENT_METRICS) == set(KEYS)


@pytest.mark.parametrize("name", sorted(DOCUMENT_METRICS))
def test_document_metrics_follow_the_aspect_rule_and_refuse_a_graph_pair(name):
    corpus = amrmetrics.score(EXAMPLES / "umr" / "pred", EXAMPLES / "umr" / "gold", name)[name]
    aspects = {key.rsplit(".", 1)[0] for key in corpus.micro}
    assert DOCUMENT_METRICS[name] in aspects
    assert set(corpus.micro) == set(corpus.macro) == set(corpus.pairs[0].scores) == {f"{a}.{k}" for a in aspects for k in PRF}
    with pytest.raises(ValueError, match="UMR documents"):
        amrmetrics.score(TEST, GOLD, name)


def test_compare_below_ten_pairs_keeps_the_interval_shape():
    gold = [GOLD, "(c / cat)", "(d / dog)"]
    a, b = [TEST, "(c / cat)", "(d / dog)"], list(gold)
    result = amrmetrics.compare(a, b, gold, "smatch,sembleu")
    smatch = result["smatch"]
    assert smatch.intervals["reason"] == "no interval: 3 pairs (at least 10 needed)"
    for avg in ("micro", "macro"):
        for key in PRF:
            lo, hi = smatch.intervals[avg][key]
            assert math.isnan(lo) and math.isnan(hi)
    assert set(result["sembleu"].intervals["micro"]) == {"score"}
    # pooled by hand: A matches 6+2+2 of 7+2+2 test and gold triples; B is the gold itself
    assert smatch.diff["micro"]["F"] == pytest.approx(10 / 11 - 1)
    assert smatch.as_dict()["micro"]["F"]["interval"] is not None


def test_compare_from_ten_pairs_has_finite_intervals():
    a = [TEST] * 5 + ["(c / cat)"] * 5
    b = [GOLD] * 5 + ["(c / dog)"] * 5
    gold = [GOLD] * 10
    result = amrmetrics.compare(a, b, gold, "smatch", resamples=200)["smatch"]
    assert "reason" not in result.intervals
    lo, hi = result.intervals["micro"]["F"]
    assert lo <= result.diff["micro"]["F"] <= hi


def test_file_name_given_as_a_graph_string_says_so(monkeypatch):
    monkeypatch.chdir(ROOT)
    with pytest.raises(ValueError, match=r"'examples/gold.amr' is a file name.*score_corpus.*Path"):
        amrmetrics.smatch(GOLD, "examples/gold.amr")
    with pytest.raises(ValueError, match=r"'examples/pred.amr' is a file name"):
        amrmetrics.score("examples/pred.amr", "examples/gold.amr", "smatch,sembleu")
    with pytest.raises(amrmetrics.GraphError, match="text outside any graph"):
        amrmetrics.smatch(GOLD, "no/such/file.amr")  # not a file: the reader's own message


def test_string_file_names_still_work_where_corpora_are_expected():
    by_path = amrmetrics.score_corpus(EXAMPLES / "pred.amr", EXAMPLES / "gold.amr")
    by_name = amrmetrics.score_corpus(str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr"))
    assert by_name["smatch"].micro == by_path["smatch"].micro
    mixed = amrmetrics.score_corpus(str(EXAMPLES / "gold.amr"), amrmetrics.read_graphs(EXAMPLES / "gold.amr"))
    assert mixed["smatch"].micro["F"] == 1.0


def test_pair_scores_are_the_frozen_objects_their_fields_make():
    """The scores the API hands out (built without the dataclass's __init__) equal, print and pickle as
    ``PairScore(metric, scores, stats, details)`` does, and stay frozen."""
    import dataclasses
    import pickle

    gold = "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))"
    for score in amrmetrics.Scorer("smatch").one_to_many([gold, "(w / want-01 :ARG0 (g / girl))"], gold):
        fields = {f.name: getattr(score, f.name) for f in dataclasses.fields(amrmetrics.PairScore)}
        made = amrmetrics.PairScore(**fields)
        assert score == made and repr(score) == repr(made) and vars(score) == vars(made)
        assert list(vars(score)) == list(fields)
        assert pickle.loads(pickle.dumps(score)) == made
        with pytest.raises(dataclasses.FrozenInstanceError):
            score.metric = "other"  # type: ignore[misc]


def test_a_result_made_in_one_step_is_the_dataclass_its_fields_make():
    import dataclasses
    import pickle

    from amrmetrics.metrics.base import PairResult, pair_result

    details = {"status": "optimal", "alignment": [["a", "b"]]}
    made = pair_result((1.0, 2.0, 3.0, 1.0), details)
    built = PairResult((1.0, 2.0, 3.0, 1.0), details)
    assert made == built and repr(made) == repr(built) and vars(made) == vars(built)
    assert list(vars(made)) == [f.name for f in dataclasses.fields(PairResult)]
    assert pickle.loads(pickle.dumps(made)) == built and dataclasses.replace(made, stats=(0.0,)).details is details
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.stats = ()  # type: ignore[misc]
