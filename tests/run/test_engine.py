"""The corpus engine: error policies, one preparation per key, identical results for any --jobs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from amrmetrics.engine.run import MetricError, run_corpus
from amrmetrics.graph import Graph
from amrmetrics.metrics.base import MatchMetric, PairResult
from amrmetrics.read import CorpusError, pair_files


@dataclass(frozen=True)
class ConceptOverlap(MatchMetric):
    """Toy metric: multiset overlap of concepts (enough to exercise the engine)."""

    name: ClassVar[str] = "toy"
    stat_names: ClassVar[tuple[str, ...]] = ("matched", "n_test", "n_gold")
    explode_on: str = ""

    def prepare(self, graph: Graph) -> list[str]:
        return sorted(c for _, c in graph.instances)

    def pair(self, test: list[str], gold: list[str]) -> PairResult:
        if self.explode_on and self.explode_on in test:
            raise RuntimeError("boom")
        remaining = list(gold)
        matched = 0
        for c in test:
            if c in remaining:
                remaining.remove(c)
                matched += 1
        return PairResult((matched, len(test), len(gold)))


def write(path, graphs):
    path.write_text("\n\n".join(graphs) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def files(tmp_path):
    test = write(tmp_path / "t.amr", ["(a / x :ARG0 (b / y))", "(a / x :ARG0 (b / BROKEN", "(a / z)", "(q / w)"])
    gold = write(tmp_path / "g.amr", ["(a / x :ARG0 (b / y))", "(a / x)", "(a / z :ARG0 (c / v))", "(q / w)"])
    return test, gold


def run(files, **kw):
    _, pairs = pair_files(*files)
    return run_corpus(pairs, [ConceptOverlap()], **kw)


def test_fail_lists_every_bad_graph(files):
    with pytest.raises(CorpusError, match=r"t\.amr: graph 2 \(line 3\): unbalanced parentheses"):
        run(files)


def test_zero_scores_against_an_empty_graph(files):
    result = run(files, on_error="zero")
    assert len(result.records) == 4 and result.zeroed == 1 and result.skipped == 0
    assert result.records[1].zeroed == ("test",)
    assert result.stats(0)[1].tolist() == [0, 0, 1]
    assert len(result.errors) == 1


def test_skip_leaves_the_pair_out(files):
    result = run(files, on_error="skip")
    assert [r.index for r in result.records] == [0, 2, 3] and result.skipped == 1


@pytest.mark.parametrize("jobs", [2, 3])
def test_results_identical_for_any_number_of_jobs(tmp_path, jobs):
    graphs = [f"(a / c{i % 7} :ARG0 (b / c{i % 3}) :ARG1 (d / c{i % 5}))" for i in range(150)]
    golds = [f"(a / c{i % 5} :ARG0 (b / c{i % 7}))" for i in range(150)]
    files = (write(tmp_path / "t.amr", graphs), write(tmp_path / "g.amr", golds))
    one = run(files)
    many = run(files, jobs=jobs)
    assert [r.index for r in many.records] == list(range(150))
    assert (one.stats(0) == many.stats(0)).all()


def test_metric_failure_names_the_pair(tmp_path):
    files = (write(tmp_path / "t.amr", ["(a / ok)", "(a / bad)"]), write(tmp_path / "g.amr", ["(a / ok)", "(a / ok)"]))
    _, pairs = pair_files(*files)
    with pytest.raises(MetricError, match="pair 2 .*RuntimeError: boom"):
        run_corpus(pairs, [ConceptOverlap(explode_on="bad")])


def test_each_graph_prepared_once_per_key(tmp_path):
    calls = []

    @dataclass(frozen=True)
    class Counting(ConceptOverlap):
        def prepare(self, graph):
            calls.append(graph.root)
            return super().prepare(graph)

    files = (write(tmp_path / "t.amr", ["(a / x)"]), write(tmp_path / "g.amr", ["(b / x)"]))
    _, pairs = pair_files(*files)
    run_corpus(pairs, [Counting(), Counting()])
    assert calls == ["a", "b"]
