"""Corpora given as sequences of strings: pairing by id is refused, and a metric's failure names its
pair by position, as for files."""

from __future__ import annotations

import pytest

import amrmetrics
from amrmetrics.engine.run import MetricError
from amrmetrics.metrics.base import PairResult
from amrmetrics.metrics.smatch import Smatch


def test_scoring_sequences_by_id_is_refused():
    with pytest.raises(ValueError, match=r"^pair_by_id needs two files$"):
        amrmetrics.score_corpus(["(a / b)"], ["(a / b)"], "smatch", pair_by_id=True)


class Fails(Smatch):
    """Smatch that fails on a gold graph whose top concept is ``bad``."""

    def prepare(self, graph):
        return graph, super().prepare(graph)

    def pair(self, test, gold) -> PairResult:
        if ("g", "bad") in gold[0].instances:
            raise ZeroDivisionError("a metric bug")
        return super().pair(test[1], gold[1])


def test_a_metric_failing_on_a_pair_of_sequences_names_the_pair_by_position():
    with pytest.raises(MetricError) as err:
        amrmetrics.score_corpus(["(a / b)", "(c / d)", "(e / f)"], ["(a / b)", "(c / d)", "(g / bad)"], Fails())
    assert str(err.value) == "pair 3 (test graph 3, gold graph 3): ZeroDivisionError: a metric bug"


def test_a_penman_graph_keeps_a_role_whose_name_ends_in_of_when_it_is_written_inverted():
    import penman

    # rice consists of the bowl's content; the graph's top is the bowl, so writing it inverts :consist-of
    # (an AMR role whose name ends in -of without being an inverse: :consist-of-of, never :consist)
    graph = penman.Graph([("b", ":instance", "bowl"), ("r", ":instance", "rice"), ("r", ":consist-of", "b")], top="b")
    score = amrmetrics.score(graph, "(r / rice :consist-of (b / bowl))", "smatch")
    assert score.stats["matched"] == 3 and score.scores["F"] == 0.75  # both instances and the role; not the top


@pytest.mark.parametrize("corpora", ["files", "sequences"])
def test_a_document_metric_refuses_input_that_is_not_umr(corpora):
    from conftest import EXAMPLES

    from amrmetrics.errors import UsageError

    test, gold = (EXAMPLES / "pred.amr", EXAMPLES / "gold.amr") if corpora == "files" else (["(a / b)"], ["(a / b)"])
    with pytest.raises(UsageError, match=r"^document metrics \(umr, ancast, jumach\) score UMR documents: give \.umr files or folders of them$"):
        amrmetrics.score_corpus(test, gold, "umr")


def test_umr_input_must_be_given_for_every_side_and_pairs_by_file_name():
    from conftest import EXAMPLES

    from amrmetrics.errors import UsageError

    umr = EXAMPLES / "umr" / "gold"
    with pytest.raises(UsageError, match=r"^UMR input \(\.umr files or folders of them\) must be given for every side$"):
        amrmetrics.score_corpus(umr, EXAMPLES / "gold.amr", "smatch")
    with pytest.raises(UsageError, match=r"^UMR documents pair by file name and their sentences by position: --pair-by-id does not apply$"):
        amrmetrics.score_corpus(umr, EXAMPLES / "umr" / "pred", "smatch", pair_by_id=True)


def test_a_document_metric_applies_the_error_policy_to_a_malformed_sentence(tmp_path):
    import shutil

    from conftest import EXAMPLES

    from amrmetrics.read import CorpusError

    shutil.copytree(EXAMPLES / "umr" / "pred", tmp_path / "pred")
    rain = tmp_path / "pred" / "english-rain.umr"
    rain.write_text(rain.read_text(encoding="utf-8").replace("(s1r / rain-01", "(s1r / rain-01 :ARG0 )", 1), encoding="utf-8")
    gold = EXAMPLES / "umr" / "gold"
    with pytest.raises(CorpusError, match=r"english-rain\.umr: sentence 1 \(snt1, line 9\)"):
        amrmetrics.score_corpus(tmp_path / "pred", gold, "umr")
    for policy in ("zero", "skip"):
        scored = amrmetrics.score_corpus(tmp_path / "pred", gold, "umr", on_error=policy)["umr"]
        assert f"|on-error:{policy}(1)|" in scored.signature  # one document affected


def test_document_and_sentence_metrics_are_refused_in_one_run_naming_the_document_metrics():
    from conftest import EXAMPLES

    from amrmetrics.errors import UsageError

    pred, gold = EXAMPLES / "umr" / "pred", EXAMPLES / "umr" / "gold"
    tail = " score whole UMR documents and cannot run with sentence metrics: score them in separate runs"
    for metrics, names in (("umr,smatch", "umr"), ("smatch,ancast,jumach", "ancast, jumach")):
        with pytest.raises(UsageError) as err:
            amrmetrics.score_corpus(pred, gold, metrics)
        assert str(err.value) == names + tail
    assert set(amrmetrics.score_corpus(pred, gold, "umr,ancast")) == {"umr", "ancast"}  # documents only: one run


def test_two_files_are_scored_by_id_when_asked(tmp_path):
    graphs = {"s1": "(a / apple)", "s2": "(b / banana :mod (y / yellow))", "s3": "(c / cherry)"}
    (tmp_path / "test.amr").write_text("".join(f"# ::id {k}\n{v}\n\n" for k, v in reversed(graphs.items())), encoding="utf-8")
    (tmp_path / "gold.amr").write_text("".join(f"# ::id {k}\n{v}\n\n" for k, v in graphs.items()), encoding="utf-8")
    scored = amrmetrics.score_corpus(tmp_path / "test.amr", tmp_path / "gold.amr", "smatch", pair_by_id=True)["smatch"]
    assert scored.micro["F"] == 1.0  # each graph against itself, whatever the order of the files
    assert "|pair:id|" in scored.signature
