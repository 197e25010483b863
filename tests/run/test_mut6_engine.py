"""The engine's own worker pools, its worker rule on a clock the test controls, and its edges.

The pools the engine starts itself (``jobs`` above 1, no executor) are replaced here by pools of
threads in this process, built with the same initializer and arguments, so the engine's side of
the worker path runs where a test sees it. The worker rule is run on a clock that advances only
when a graph is prepared or a pair scored, so its choice is worked out by hand from the rule
``work - work / workers > startup``. Expected scores are counted by hand from each graph's concepts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace
from typing import Any, ClassVar, Self

import numpy as np
import pytest
from conftest import EXAMPLES
from test_caller_executor import (
    Concepts,
    InProcess,
    N,
    concepts_of,
    corpus,
    f_score,
    graph_text,
    overlap,
    records_of,
)

from amrmetrics.cli.main import main
from amrmetrics.engine import executors, matrix, parallel, run
from amrmetrics.engine.matrix import TILE, similarity_matrix
from amrmetrics.engine.run import run_corpus
from amrmetrics.graph import Graph
from amrmetrics.metrics.base import PairResult
from amrmetrics.read import decode, pair_files


class Clock:
    """A CPU clock that moves only when the test's metric works: ``step`` seconds a graph or pair."""

    def __init__(self, step: float) -> None:
        self.now = 100.0
        self.step = step

    def process_time(self) -> float:
        return self.now

    def tick(self) -> None:
        self.now += self.step


class ThreadPool(ThreadPoolExecutor):
    """Stands for the engine's process pool: same initializer and arguments, threads of this process."""

    made: ClassVar[list[ThreadPool]] = []

    def __init__(self, jobs: int, initializer: Any = None, initargs: tuple = ()) -> None:
        super().__init__(max_workers=jobs, initializer=initializer, initargs=initargs)
        self.jobs, self.initargs = jobs, initargs
        self.tasks: list[str] = []
        self.ended: list[str] = []
        ThreadPool.made.append(self)

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        self.tasks.append(fn.__name__)
        return super().submit(fn, *args, **kwargs)

    def stop(self, interrupted: bool = False) -> None:
        self.ended.append("interrupted" if interrupted else "stopped")
        super().shutdown(wait=True, cancel_futures=True)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.ended.append("shutdown, cancelling" if cancel_futures else "shutdown")
        super().shutdown(wait=wait, cancel_futures=cancel_futures)


@pytest.fixture
def own_pools(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[ThreadPool]]:
    """The engine's own pools become thread pools; two processors usable; start-up declared free."""
    ThreadPool.made = []
    monkeypatch.setattr(parallel, "process_pool", ThreadPool)
    monkeypatch.setattr(run, "usable_cpus", lambda: 2)
    monkeypatch.setattr(matrix, "usable_cpus", lambda: 2)
    monkeypatch.setenv("AMRMETRICS_WORKER_STARTUP", "0")
    run._WORKER_METRICS[:] = []
    yield ThreadPool.made
    run._WORKER_METRICS[:] = []  # what a worker keeps stays out of later tests


def score(tmp_path, **options: Any):
    _, pairs = pair_files(tmp_path / "test.amr", tmp_path / "gold.amr")
    seen: list[int] = []
    done: list[int] = []
    result = run_corpus(pairs, [Concepts()], on_record=lambda r: seen.append(r.index), progress=done.append, **options)
    return result, seen, sum(done)


def test_the_engine_s_own_pool_gets_the_metrics_once_and_scores_every_pair_in_its_place(tmp_path, own_pools):
    corpus(tmp_path)
    result, seen, progressed = score(tmp_path, jobs=2)
    (pool,) = own_pools
    assert pool.jobs == 2 and pool.initargs == ([Concepts()],)  # the workers receive the metrics when they start
    assert run._WORKER_METRICS == [Concepts()]  # ... which is what each chunk is scored with
    assert pool.tasks == ["_run_chunk"] * 5 and pool.ended == ["shutdown, cancelling"]
    assert result.workers.elsewhere and result.workers.workers == 2
    assert seen == list(range(N)) and progressed == N
    expected = [(overlap(concepts_of(k), concepts_of(k + 1)), len(concepts_of(k)), len(concepts_of(k + 1))) for k in range(N)]
    assert [r.results[0].stats for r in result.records] == expected
    here, _, _ = score(tmp_path)
    assert records_of(result) == records_of(here)


def test_an_interrupt_ends_the_engine_s_own_workers_at_once(tmp_path, own_pools):
    corpus(tmp_path)

    def interrupt(record: Any) -> None:
        raise KeyboardInterrupt

    _, pairs = pair_files(tmp_path / "test.amr", tmp_path / "gold.amr")
    with pytest.raises(KeyboardInterrupt):
        run_corpus(pairs, [Concepts()], jobs=2, on_record=interrupt)
    (pool,) = own_pools
    assert pool.ended[0] == "interrupted"


def test_a_caller_s_executor_is_left_running_after_an_interrupt(tmp_path):
    corpus(tmp_path)
    executor = InProcess(width=2)
    executor.ended = []
    executor.stop = lambda interrupted=False: executor.ended.append("stopped")
    executor.shutdown = lambda **kw: executor.ended.append("shutdown")

    def interrupt(record: Any) -> None:
        raise KeyboardInterrupt

    _, pairs = pair_files(tmp_path / "test.amr", tmp_path / "gold.amr")
    with pytest.raises(KeyboardInterrupt):
        run_corpus(pairs, [Concepts()], executor=executor, on_record=interrupt)
    assert executor.ended == []  # the caller's executor is the caller's to stop


class Short(Concepts):
    """A metric bug: two statistics for its three names."""

    def pair(self, test: list[str], gold: list[str]) -> PairResult:
        return PairResult((overlap(test, gold), len(test)))


def test_a_metric_giving_too_few_statistics_is_named_with_both_counts(tmp_path):
    corpus(tmp_path)
    _, pairs = pair_files(tmp_path / "test.amr", tmp_path / "gold.amr")
    with pytest.raises(ValueError) as err:
        run_corpus(pairs, [Short()])
    assert str(err.value) == "concepts gave 2 statistics for 3 names"


def test_a_corpus_with_every_pair_skipped_has_no_rows_of_statistics(tmp_path):
    corpus(tmp_path, bad=tuple(range(N)))
    result, seen, progressed = score(tmp_path, on_error="skip")
    assert (result.pairs, result.skipped, seen, progressed) == (0, N, [], N)
    assert result.stats(0).shape == (0, 3)


def test_the_signature_says_the_pairs_were_paired_by_id(capsys):
    code = main(["score", str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr"), "--pair-by-id"])
    out = capsys.readouterr().out
    assert code == 0
    assert "signature: smatch|std:smatch|solver:exact|dedup:yes|on-error:fail|pair:id|v:" in out


class Whole(Concepts):
    """The toy metric with a whole-matrix method; each graph prepared costs one step of the clock."""

    name: ClassVar[str] = "whole"
    clock: ClassVar[Clock | None] = None

    def prepare(self, graph: Graph) -> list[str]:
        if Whole.clock is not None:
            Whole.clock.tick()
        return super().prepare(graph)

    def matrix(self, prepared: list[list[str]], progress: Any = None) -> np.ndarray:
        n = len(prepared)
        return np.array([[f_score(a, b) for b in prepared] for a in prepared]).reshape(n, n)


class Ticking(Concepts):
    """The toy metric; each pair scored costs one step of the clock."""

    name: ClassVar[str] = "ticking"
    clock: ClassVar[Clock | None] = None

    def pair(self, test: list[str], gold: list[str]) -> PairResult:
        if Ticking.clock is not None:
            Ticking.clock.tick()
        return super().pair(test, gold)


def f_scores(n: int) -> np.ndarray:
    return np.array([[f_score(concepts_of(i), concepts_of(j)) for j in range(n)] for i in range(n)])


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    """The engine's CPU clock, moving 0.01 s for each graph the toy metrics prepare."""
    ticks = Clock(0.01)
    monkeypatch.setattr(matrix, "time", SimpleNamespace(process_time=ticks.process_time))
    monkeypatch.setattr(Whole, "clock", ticks)
    monkeypatch.setattr(Ticking, "clock", ticks)
    return ticks


@pytest.mark.parametrize("startup", [0.45, 0.55])
def test_a_matrix_metric_s_graphs_go_to_workers_exactly_when_the_rule_says_they_pay(clock, startup):
    n = 2 * TILE + 5  # three chunks of graphs: the first is prepared here and timed
    graphs = [decode(graph_text(k)) for k in range(n)]
    executor = InProcess(width=2, startup=startup)
    result = similarity_matrix(Whole(), graphs, executor=executor)
    assert np.allclose(result, f_scores(n), rtol=0, atol=1e-12)
    # 0.01 s a graph: the TILE + 5 graphs left take 1.01 s, two workers save half of it
    work = (n - TILE) * 0.01
    pays = work - work / 2 > startup
    assert executor.tasks == (["_prepare_chunk"] * 2 if pays else [])
    assert pays == (startup == 0.45)


def test_no_graphs_make_an_empty_matrix_whatever_the_workers(clock):
    for executor in (InProcess(width=2, startup=1e-12), InProcess(width=2)):
        assert similarity_matrix(Whole(), [], executor=executor).shape == (0, 0)
        assert similarity_matrix(Concepts(), [], executor=executor).shape == (0, 0)
        assert executor.tasks == []


class ThreadExecutor:
    """Stands for the engine's own local workers (:class:`~amrmetrics.engine.executors.ProcessExecutor`)."""

    made: ClassVar[list[ThreadExecutor]] = []

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self.inner = InProcess(width=jobs)
        self.closed = False
        ThreadExecutor.made.append(self)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> bool:
        self.closed = True
        return False


@pytest.mark.parametrize(
    ("metric", "n", "tile", "tasks"),
    [(Whole(), 2 * TILE + 5, TILE, ["_prepare_chunk"] * 2), (Concepts(), 10, 4, ["_tile_of_graphs"] * 6)],
    ids=["matrix method", "tiles"],
)
def test_a_matrix_asked_for_two_jobs_runs_on_two_local_workers_and_stops_them(monkeypatch, own_pools, metric, n, tile, tasks):
    ThreadExecutor.made = []
    monkeypatch.setattr(executors, "ProcessExecutor", ThreadExecutor)
    graphs = [decode(graph_text(k)) for k in range(n)]
    result = similarity_matrix(metric, graphs, jobs=2, tile=tile)
    assert np.allclose(result, f_scores(n), rtol=0, atol=1e-12)
    (workers,) = ThreadExecutor.made
    assert workers.jobs == 2 and workers.closed
    # start-up declared free: every tile goes to the workers; a matrix method's first chunk is timed here
    assert workers.inner.tasks == tasks


def test_workers_that_would_save_exactly_their_start_up_are_not_started():
    from amrmetrics.engine.workers import choose

    # ten units of 0.1 s: two workers save 1.0 - 0.5 = 0.5 s, three save 1.0 - 1/3 s
    assert choose(2, 10, 0.1, 0.5, 1) == 1
    assert choose(2, 10, 0.1, 0.49, 1) == 2
    assert choose(3, 10, 0.1, 0.6, 1) == 3


@pytest.mark.parametrize("width", [1, 2])
def test_a_matrix_keeps_four_tiles_per_worker_in_flight_at_most(width):
    n = 15  # four tiles of four a side: ten on or above the diagonal
    graphs = [decode(graph_text(k)) for k in range(n)]
    executor = InProcess(width=width)
    result = similarity_matrix(Concepts(), graphs, executor=executor, tile=4)
    assert np.allclose(result, f_scores(n), rtol=0, atol=1e-12)
    assert executor.tasks == ["_tile_of_graphs"] * 10
    assert executor.most == 4 * width


class Counted(Concepts):
    """The toy metric counting its calls (of this process)."""

    name: ClassVar[str] = "counted"
    calls: ClassVar[Counter] = Counter()

    def prepare(self, graph: Graph) -> list[str]:
        Counted.calls["prepare"] += 1
        return super().prepare(graph)

    def pair(self, test: list[str], gold: list[str]) -> PairResult:
        Counted.calls["pair"] += 1
        return super().pair(test, gold)


@pytest.mark.parametrize("where", ["here", "executor"])
def test_a_symmetric_matrix_scores_each_unordered_pair_once_and_a_tile_prepares_its_graphs_once(where):
    n = 10  # tiles of four: three a side, six on or above the diagonal
    graphs = [decode(graph_text(k)) for k in range(n)]
    Counted.calls = Counter()
    executor = InProcess(width=2) if where == "executor" else None
    result = similarity_matrix(Counted(), graphs, executor=executor, tile=4)
    assert np.allclose(result, f_scores(n), rtol=0, atol=1e-12)
    assert Counted.calls["pair"] == n * (n + 1) // 2
    # here: each graph once; in workers each tile prepares its rows, and its columns unless they are its rows
    diagonal, above = 4 + 4 + 2, (4 + 4) + (4 + 2) + (4 + 2)
    assert Counted.calls["prepare"] == (n if where == "here" else diagonal + above)


def test_jobs_1_never_starts_a_worker(tmp_path, monkeypatch, own_pools):
    ThreadExecutor.made = []
    monkeypatch.setattr(executors, "ProcessExecutor", ThreadExecutor)
    graphs = [decode(graph_text(k)) for k in range(10)]
    for metric in (Concepts(), Whole()):
        assert np.allclose(similarity_matrix(metric, graphs, jobs=1, tile=4), f_scores(10), rtol=0, atol=1e-12)
    corpus(tmp_path)
    assert score(tmp_path, jobs=1)[0].pairs == N
    assert ThreadExecutor.made == [] and own_pools == []



@pytest.mark.parametrize("startup", [0.0, 1e-12])
def test_a_matrix_whose_every_tile_is_stored_starts_no_worker(tmp_path, monkeypatch, own_pools, startup):
    from amrmetrics.engine.tiles import TileStore, matrix_key

    ThreadExecutor.made = []
    monkeypatch.setattr(executors, "ProcessExecutor", ThreadExecutor)
    n = 10
    graphs = [decode(graph_text(k)) for k in range(n)]
    store = TileStore(tmp_path / "tiles", matrix_key(Concepts(), graphs, 4))
    assert np.allclose(similarity_matrix(Concepts(), graphs, tiles=store, tile=4), f_scores(n), rtol=0, atol=1e-12)
    assert store.count() == 6
    executor = InProcess(width=2, startup=startup)
    assert np.allclose(similarity_matrix(Concepts(), graphs, tiles=store, tile=4, executor=executor), f_scores(n), rtol=0, atol=1e-12)
    monkeypatch.setenv("AMRMETRICS_WORKER_STARTUP", str(startup))
    assert np.allclose(similarity_matrix(Concepts(), graphs, tiles=store, tile=4, jobs=2), f_scores(n), rtol=0, atol=1e-12)
    assert executor.tasks == [] and executor.shared == [] and ThreadExecutor.made == []


class Integers(Concepts):
    """Integer statistics, and scores that divide in place (as a metric may, given float statistics)."""

    name: ClassVar[str] = "integers"
    score_names: ClassVar[tuple[str, ...]] = ("F",)

    def scores(self, stats: np.ndarray) -> dict[str, np.ndarray]:
        f = stats[..., 0].copy()
        f *= 2
        f /= stats[..., 1] + stats[..., 2]
        return {"F": f}


def test_a_matrix_gives_a_metric_s_scores_float_statistics_as_a_corpus_run_does():
    graphs = [decode(graph_text(k)) for k in range(1, 9)]  # every graph has a concept: no 0/0
    expected = np.array([[f_score(concepts_of(i), concepts_of(j)) for j in range(1, 9)] for i in range(1, 9)])
    assert np.allclose(similarity_matrix(Integers(), graphs), expected, rtol=0, atol=1e-12)


@pytest.mark.parametrize(
    ("n", "tile", "left", "startup", "pays"),
    [
        # tiles of four: (0, 0) has 10 cells on or above the diagonal, the others 16, 8, 10, 8 and 3
        (10, 4, [16, 8, 10, 8, 3], 0.21, True),
        (10, 4, [16, 8, 10, 8, 3], 0.24, False),
        # tiles of one: six cells on or above the diagonal, the first timed alone
        (3, 1, [1] * 5, 0.02, True),
        (3, 1, [1] * 5, 0.03, False),
    ],
)
def test_the_tiles_go_to_workers_exactly_when_the_rule_says_they_pay(tmp_path, clock, n, tile, left, startup, pays):
    from amrmetrics.engine.tiles import TileStore, matrix_key

    graphs = [decode(graph_text(k)) for k in range(n)]
    executor = InProcess(width=2, startup=startup)
    store = TileStore(tmp_path / "tiles", matrix_key(Ticking(), graphs, tile))
    done: list[int] = []
    result = similarity_matrix(Ticking(), graphs, executor=executor, tile=tile, tiles=store, progress=done.append)
    assert np.allclose(result, f_scores(n), rtol=0, atol=1e-12)
    assert store.count() == 1 + len(left)  # the tile timed here is kept too
    assert sum(done) == n * (n + 1) // 2
    # the first tile is scored here at 0.01 s a cell; two workers save half of the cells left
    work = sum(left) * 0.01
    assert (work - work / 2 > startup) == pays
    assert executor.tasks == (["_tile_of_graphs"] * len(left) if pays else [])


def test_the_usable_processors_are_those_this_process_may_run_on(monkeypatch):
    import os

    from amrmetrics.engine.workers import usable_cpus

    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {3}, raising=False)
    assert usable_cpus() == 1  # e.g. under taskset -c 3, on a machine of eight
    monkeypatch.delattr(os, "sched_getaffinity")
    assert usable_cpus() == 8  # where the system does not tell


def test_stored_tiles_are_not_those_of_the_same_graphs_written_in_another_layout():
    from amrmetrics.engine.tiles import matrix_key
    from amrmetrics.metrics.registry import parse_metrics

    # the same triples, root and order; only which :ARG edge holds b's concept differs (S2match's
    # reference standardization reads it)
    one, other = decode("(a / x :ARG0 (b / y) :ARG1 b)"), decode("(a / x :ARG0 b :ARG1 (b / y))")
    assert (one.instances, one.relations, one.attributes, one.root) == (other.instances, other.relations, other.attributes, other.root)
    metric = parse_metrics("smatch")[0]
    assert matrix_key(metric, [one], TILE) != matrix_key(metric, [other], TILE)
    assert matrix_key(metric, [one], TILE) == matrix_key(metric, [decode("(a / x :ARG0 (b / y) :ARG1 b)")], TILE)
