"""An executor object given by the caller runs the engine's tasks: a corpus and a matrix come out as
scored here, each pair in its place, whatever order the tasks finish in.

The executor below runs every task in this process when it is submitted (so these tests reach the
engine's code for workers without starting any) and reports the finished tasks one at a time, the
latest first. Expected values are counted by hand from each graph's concepts.
"""

from __future__ import annotations

from collections import Counter
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pytest

from amrmetrics.engine.matrix import TILE, progress_units, similarity_matrix
from amrmetrics.engine.run import run_corpus
from amrmetrics.graph import Graph
from amrmetrics.metrics.base import MatchMetric, PairResult
from amrmetrics.read import CorpusError, decode, pair_files


@dataclass(frozen=True)
class Concepts(MatchMetric):
    """Toy metric: the multiset overlap of two graphs' concepts."""

    name: ClassVar[str] = "concepts"
    stat_names: ClassVar[tuple[str, ...]] = ("matched", "n_test", "n_gold")

    def prepare(self, graph: Graph) -> list[str]:
        return sorted(c for _, c in graph.instances)

    def pair(self, test: list[str], gold: list[str]) -> PairResult:
        return PairResult((overlap(test, gold), len(test), len(gold)))


@dataclass(frozen=True)
class OneWay(Concepts):
    """The same metric declared asymmetric: the matrix computes every cell."""

    name: ClassVar[str] = "one-way"
    symmetric: ClassVar[bool] = False


def overlap(test: list[str], gold: list[str]) -> int:
    return sum((Counter(test) & Counter(gold)).values())


class _Future(Future):
    def __init__(self, owner: InProcess) -> None:
        super().__init__()
        self.owner = owner

    def result(self, timeout: float | None = None) -> Any:
        self.owner.waiting.discard(self)
        return super().result(timeout)


class InProcess:
    """Runs each task when it is submitted, here; says the finished tasks one at a time, latest first.

    ``startup`` 0 says it is running already (the engine gives it all the work); more, that starting
    it costs that many seconds (the engine first times some work here, then decides)."""

    def __init__(self, width: int, startup: float = 0.0) -> None:
        self.width = width
        self.startup = startup
        self.shared: list[Any] = []
        self.waiting: set[Future] = set()
        self.most = 0
        self.tasks: list[str] = []

    def share(self, value: Any) -> Any:
        self.shared.append(value)
        return value

    def submit(self, fn: Any, *args: Any) -> Future:
        future = _Future(self)
        future.set_result(fn(*args))
        self.tasks.append(fn.__name__)
        self.waiting.add(future)
        self.most = max(self.most, len(self.waiting))
        return future

    def finished(self, futures: Any) -> list[Future]:
        return [list(futures)[-1]]


def concepts_of(k: int) -> list[str]:
    return sorted(f"c{(k * j) % 5}" for j in range(1 + k % 4))


def graph_text(k: int) -> str:
    names = concepts_of(k)
    children = "".join(f" :ARG{j} (v{j} / {c})" for j, c in enumerate(names[1:], 1))
    return f"(v0 / {names[0]}{children})"


def write(path, texts: list[str]) -> None:
    path.write_text("\n\n".join(texts) + "\n", encoding="utf-8")


def records_of(run) -> list[tuple]:
    """Everything a record says but its timings."""
    return [(r.index, r.test_number, r.gold_number, r.test_id, r.gold_id, r.zeroed, r.results) for r in run.records]


N = 150  # five tasks of 32 pairs, the last one short


def corpus(tmp_path, bad: tuple[int, ...] = ()) -> tuple[list[str], list[str]]:
    tests = [graph_text(k) if k not in bad else "(v0 / c1 :ARG0 )" for k in range(N)]
    golds = [graph_text(k + 1) for k in range(N)]
    write(tmp_path / "test.amr", tests)
    write(tmp_path / "gold.amr", golds)
    return tests, golds


def run_with(tmp_path, **options: Any):
    _, pairs = pair_files(tmp_path / "test.amr", tmp_path / "gold.amr")
    seen: list[int] = []
    done: list[int] = []
    run = run_corpus(pairs, [Concepts()], on_record=lambda r: seen.append(r.index), progress=done.append, **options)
    return run, seen, sum(done)


def test_a_corpus_scored_by_the_caller_s_executor_is_every_pair_in_its_place(tmp_path):
    corpus(tmp_path)
    executor = InProcess(width=1)
    run, seen, progressed = run_with(tmp_path, executor=executor)
    assert run.workers.elsewhere and run.workers.workers == 1
    assert executor.shared == [[Concepts()]]  # the metrics go to the workers once, not with every task
    assert executor.tasks == ["_run_chunk"] * 5
    assert executor.most == 4  # four tasks per worker in flight, no more
    assert seen == list(range(N)) and progressed == N and run.pairs == N
    expected = [(overlap(concepts_of(k), concepts_of(k + 1)), len(concepts_of(k)), len(concepts_of(k + 1))) for k in range(N)]
    assert [r.results[0].stats for r in run.records] == expected
    assert run.stats(0).tolist() == [list(s) for s in expected]
    here, _, _ = run_with(tmp_path)
    assert records_of(run) == records_of(here)


@pytest.mark.parametrize("policy", ["fail", "zero", "skip"])
def test_a_caller_s_executor_applies_the_error_policy_as_this_process_does(tmp_path, policy):
    corpus(tmp_path, bad=(3, 100))
    if policy == "fail":
        with pytest.raises(CorpusError) as elsewhere:
            run_with(tmp_path, on_error=policy, executor=InProcess(width=2))
        with pytest.raises(CorpusError) as here:
            run_with(tmp_path, on_error=policy)
        assert str(elsewhere.value) == str(here.value)
        assert "graph 4 (line 7)" in str(here.value) and "graph 101 (line 201)" in str(here.value)
        return
    executor = InProcess(width=2)
    run, seen, progressed = run_with(tmp_path, on_error=policy, executor=executor)
    assert executor.most == 5  # two workers may hold eight tasks: all five are in flight at once
    here, _, _ = run_with(tmp_path, on_error=policy)
    assert records_of(run) == records_of(here)
    assert (run.pairs, run.zeroed, run.skipped, progressed) == (here.pairs, here.zeroed, here.skipped, N)
    assert (run.pairs, run.zeroed, run.skipped) == ((N, 2, 0) if policy == "zero" else (N - 2, 0, 2))
    assert seen == [r.index for r in here.records]


def f_score(a: list[str], b: list[str]) -> float:
    m = overlap(a, b)
    return 0.0 if m == 0 else 2 * m / (len(a) + len(b))


@pytest.mark.parametrize("metric", [Concepts(), OneWay()], ids=["symmetric", "asymmetric"])
def test_a_matrix_tiled_over_a_caller_s_executor_puts_every_tile_in_its_place(metric):
    n = 2 * TILE + 5  # three tiles a side: a short one at the end
    graphs = [decode(graph_text(k)) for k in range(n)]
    executor = InProcess(width=2)
    done: list[int] = []
    matrix = similarity_matrix(metric, graphs, executor=executor, progress=done.append)
    expected = np.array([[f_score(concepts_of(i), concepts_of(j)) for j in range(n)] for i in range(n)])
    assert np.allclose(matrix, expected, rtol=0, atol=1e-12)
    assert executor.shared == [metric]
    assert executor.tasks == ["_tile_of_graphs"] * (6 if metric.symmetric else 9)
    assert sum(done) == progress_units(metric, n) == (n * (n + 1) // 2 if metric.symmetric else n * n)
    assert type(progress_units(metric, n)) is int  # a count of cells, as a progress bar's total
    assert np.array_equal(matrix, similarity_matrix(metric, graphs))




NEVER_PAYS, ALWAYS_PAYS = 1e6, 1e-12
"""Start-up costs no work here can pay for, and that any work pays for."""


def test_a_corpus_goes_to_an_executor_that_must_start_only_when_the_work_pays(tmp_path):
    corpus(tmp_path)
    here, _, _ = run_with(tmp_path)
    idle = InProcess(width=2, startup=NEVER_PAYS)
    run, seen, progressed = run_with(tmp_path, executor=idle)
    assert idle.tasks == [] and not run.workers.elsewhere and run.workers.startup == NEVER_PAYS
    assert records_of(run) == records_of(here) and seen == list(range(N)) and progressed == N
    busy = InProcess(width=2, startup=ALWAYS_PAYS)
    run, seen, progressed = run_with(tmp_path, executor=busy)
    assert busy.tasks and set(busy.tasks) == {"_run_chunk"} and run.workers.elsewhere and run.workers.workers == 2
    assert records_of(run) == records_of(here) and seen == list(range(N)) and progressed == N


@pytest.mark.parametrize(("startup", "tasks"), [(0.0, 6), (ALWAYS_PAYS, 5), (NEVER_PAYS, 0)])
def test_the_tiles_go_to_an_executor_that_must_start_only_when_they_pay(startup, tasks):
    n = 2 * TILE + 5
    graphs = [decode(graph_text(k)) for k in range(n)]
    executor = InProcess(width=2, startup=startup)
    matrix = similarity_matrix(Concepts(), graphs, executor=executor)
    assert executor.tasks == ["_tile_of_graphs"] * tasks  # the first tile is timed here when starting costs
    assert np.array_equal(matrix, similarity_matrix(Concepts(), graphs))


@pytest.mark.parametrize(("startup", "tasks"), [(0.0, 3), (ALWAYS_PAYS, 2), (NEVER_PAYS, 0)])
def test_a_matrix_metric_prepares_its_graphs_over_an_executor_only_when_that_pays(startup, tasks):
    from amrmetrics.metrics.wlk import WLK

    n = 2 * TILE + 5
    graphs = [decode(graph_text(k)) for k in range(n)]
    executor = InProcess(width=2, startup=startup)
    done: list[int] = []
    matrix = similarity_matrix(WLK(), graphs, executor=executor, progress=done.append)
    assert sum(done) == progress_units(WLK(), n) == n  # rows
    assert executor.tasks == ["_prepare_chunk"] * tasks  # the first chunk is timed here when starting costs
    assert executor.shared == ([WLK()] if tasks else [])
    assert np.array_equal(matrix, similarity_matrix(WLK(), graphs))
