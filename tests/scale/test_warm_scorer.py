"""amrmetrics.Scorer: built once, the same numbers as the command line, one pair, k candidates, threads."""

from __future__ import annotations

import json
import multiprocessing
import threading
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest
from conftest import DATA, EXAMPLES

import amrmetrics
from amrmetrics.cli.main import main
from amrmetrics.graph import Graph
from amrmetrics.metrics.simple import Simple
from amrmetrics.read import GraphError, read_graphs

TESTS = [
    "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))",
    "(a / c1 :ARG0 (b / c2) :ARG1 (c / c1 :mod (d / c2)))",
    "(k / king :mod (s / small))",
]
GOLDS = [
    "(w / want-01 :ARG0 (g / girl) :ARG1 (g2 / go-02 :ARG0 g))",
    "(a / c1 :ARG1 (b / c2 :mod (c / c1)) :ARG0 (d / c2))",
    "(k / king :mod (l / little))",
]


def test_a_batch_gives_the_command_line_numbers_and_signatures(capsys):
    scorer = amrmetrics.Scorer("smatch,sembleu")
    batch = scorer.pairs(EXAMPLES / "pred.amr", EXAMPLES / "gold.amr")
    assert main(["score", str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr"), "-m", "smatch,sembleu", "-f", "json"]) == 0
    cli = json.loads(capsys.readouterr().out)["metrics"]
    assert [json.loads(json.dumps(s.report.as_dict())) for s in batch.values()] == cli


def test_a_batch_of_strings_equals_score_corpus_pair_by_pair():
    scorer = amrmetrics.Scorer("smatch,sembleu,wlk")
    batch = scorer.pairs(TESTS, GOLDS)
    reference = amrmetrics.score_corpus(TESTS, GOLDS, "smatch,sembleu,wlk")
    assert list(batch) == scorer.specs == list(reference)
    for spec in batch:
        assert batch[spec].report == reference[spec].report
        assert [(p.scores, p.stats) for p in batch[spec].pairs] == [(p.scores, p.stats) for p in reference[spec].pairs]


def test_one_pair_equals_its_row_of_the_batch_and_the_plain_api():
    scorer = amrmetrics.Scorer("smatch,sembleu")
    batch = scorer.pairs(TESTS, GOLDS)
    for k, (test, gold) in enumerate(zip(TESTS, GOLDS)):
        one = scorer(test, gold)
        plain = amrmetrics.score(test, gold, "smatch,sembleu")
        for spec in ("smatch", "sembleu"):
            assert one[spec].scores == batch[spec].pairs[k].scores == plain[spec].scores
            assert one[spec].stats == batch[spec].pairs[k].stats


def test_one_metric_gives_a_pair_score_and_graphs_are_accepted():
    scorer = amrmetrics.Scorer("smatch")
    graphs = read_graphs(EXAMPLES / "gold.amr")
    assert scorer(graphs[0], graphs[0]).F == 1.0
    assert [s.F for s in scorer.one_to_many(graphs[:2], graphs[0])] == [1.0, scorer(graphs[1], graphs[0]).F]


@dataclass(frozen=True)
class CountingSimple(Simple):
    """SIMPLE that records every graph it prepares."""

    name: ClassVar[str] = "simple"
    prepared: ClassVar[list[Graph]] = []

    def prepare(self, graph: Graph) -> Any:
        self.prepared.append(graph)
        return super().prepare(graph)


def test_one_to_many_prepares_the_gold_once_and_scores_a_repeated_candidate_once():
    scorer = amrmetrics.Scorer(CountingSimple())
    CountingSimple.prepared.clear()
    candidates = [TESTS[0], GOLDS[0], TESTS[0], TESTS[2]]
    scores = scorer.one_to_many(candidates, GOLDS[0])
    assert len(CountingSimple.prepared) == 1 + 3  # the gold, then the three distinct candidates
    assert [s.score for s in scores] == [scorer(c, GOLDS[0]).score for c in candidates]
    assert scores[1].score == 1.0 and scores[0] == scores[2]


@pytest.mark.parametrize("metric", ["smatch", "sembleu", "smatch,sembleu"])
def test_a_repeated_candidate_gets_one_score_object(metric):
    """Scores are frozen: a candidate given twice shares one object (built once), the others are distinct."""
    candidates = [TESTS[0], GOLDS[0], TESTS[0], TESTS[2], TESTS[0]]
    scores = amrmetrics.Scorer(metric).one_to_many(candidates, GOLDS[0])
    if isinstance(scores[0], dict):
        assert len({id(s) for s in scores}) == len(candidates)  # each candidate's {spec: score} is its own
        scores = [next(iter(s.values())) for s in scores]
    assert scores[0] is scores[2] is scores[4]
    assert len({id(s) for s in scores}) == 3
    assert scores[1].scores != scores[0].scores


def test_a_malformed_candidate_raises_or_scores_as_the_empty_graph():
    with pytest.raises(GraphError):
        amrmetrics.Scorer("smatch").one_to_many(["(b / boy", "(b / boy)"], "(b / boy)")
    lenient = amrmetrics.Scorer("smatch", on_error="zero").one_to_many(["(b / boy", "(b / boy)"], "(b / boy)")
    assert [s.F for s in lenient] == [0.0, 1.0]


HARD = [
    "(n0 / x :ARG0 (n1 / x :mod (n2 / x :ARG0 (n3 / x :ARG1 (n5 / x)) :ARG0 (n4 / x :ARG0 n3))) :ARG0 n2)",
    "(n0 / x :ARG1 (n1 / x :ARG0 (n3 / x) :ARG1 (n4 / x)) :mod (n2 / x :ARG0 (n5 / x :ARG1 (n6 / x :ARG0 n4)) :ARG1 n6 :ARG1 n4))",
    "(n0 / x :ARG1 (n1 / x :mod (n2 / x :ARG0 (n3 / x) :ARG0 n4) :ARG1 (n4 / x) :ARG0 n3))",
]
"""Graphs of one concept whose alignments the exact solver certifies only with its LP or MILP."""


def test_threads_get_the_numbers_of_one_thread():
    scorer = amrmetrics.Scorer("smatch,sembleu,s2match", vectors=str(DATA / "tiny-vectors.txt"))
    work = [(t, g) for t in TESTS + GOLDS + HARD for g in GOLDS + TESTS + HARD]
    expected = [{k: v.scores for k, v in scorer(t, g).items()} for t, g in work]
    found: dict[int, list[Any]] = {}

    def run(slot: int) -> None:
        found[slot] = [{k: v.scores for k, v in scorer(t, g).items()} for t, g in work]
        found[slot].append([s["smatch"].scores for s in scorer.one_to_many(TESTS, GOLDS[1])])

    threads = [threading.Thread(target=run, args=(slot,)) for slot in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    in_order = [s["smatch"].scores for s in scorer.one_to_many(TESTS, GOLDS[1])]
    assert all(found[slot] == [*expected, in_order] for slot in range(4))


def test_no_worker_process_unless_jobs_are_asked_for():
    scorer = amrmetrics.Scorer("smatch")
    scorer.pairs(TESTS, GOLDS)
    scorer.one_to_many(TESTS, GOLDS[0])
    assert multiprocessing.active_children() == []
    with_jobs = amrmetrics.Scorer("smatch", jobs=2).pairs(TESTS * 30, GOLDS * 30)["smatch"]
    assert with_jobs.report == amrmetrics.Scorer("smatch").pairs(TESTS * 30, GOLDS * 30)["smatch"].report
