"""The corpus engine: stream pairs, prepare each graph once per preset, score every metric.

Pairs are processed in chunks, in this process or in a pool of worker processes (``jobs``); each
worker receives the metrics once and keeps its solvers, so results are identical for every
number of jobs. Never graphs are kept: each metric's statistics (what corpus scores need), and
the full per-pair records only when asked; ``on_record`` sees every record as it comes (in pair
order), e.g. to write the per-pair file.
"""

from __future__ import annotations

import itertools
import time
from array import array
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from amrmetrics.engine.workers import (
    POOL_STARTUP,
    PROBE_SHARE,
    WorkerChoice,
    choose,
    enough,
    per_unit,
    startup,
    task_size,
    usable_cpus,
)
from amrmetrics.errors import AmrMetricsError
from amrmetrics.graph import EMPTY_GRAPH, Graph
from amrmetrics.metrics.base import Metric, PairResult
from amrmetrics.read import CorpusError, GraphError, OnError, Pair, format_errors

if TYPE_CHECKING:  # concurrent.futures (and logging, threading) is imported only for --jobs
    from concurrent.futures import Future

    from amrmetrics.engine.executors import Executor

CHUNK = 32


class MetricError(AmrMetricsError, RuntimeError):
    """A metric failed on a pair; names the pair and the metric."""


class PairRecord(NamedTuple):
    """Everything kept about one scored pair: where it came from and each metric's result (a named
    tuple: one is made per pair, and a frozen dataclass costs three times as much to build)."""

    index: int
    test_number: int
    gold_number: int
    test_id: str | None
    gold_id: str | None
    zeroed: tuple[str, ...]
    results: tuple[PairResult, ...]
    seconds: tuple[float, ...]


@dataclass
class CorpusRun:
    """What scoring a corpus gave: each metric's statistics, the per-pair records when kept
    (``keep_records``), and what went wrong reading it."""

    metrics: list[Metric]
    records: list[PairRecord] = field(default_factory=list)
    errors: list[GraphError] = field(default_factory=list)
    on_error: OnError = "fail"
    skipped: int = 0
    pairs: int = 0
    """Pairs scored."""
    zeroed: int = 0
    """Pairs scored against an empty graph because a graph was malformed (``on_error=zero``)."""
    keep_records: bool = True
    workers: WorkerChoice = WorkerChoice(1, 1)
    """How many processes scored the pairs (never changes a number; see :mod:`amrmetrics.engine.workers`)."""
    reading: Any = None
    """What reading the input found before scoring, when it reports anything (UMR input: a
    :class:`~amrmetrics.read.umr_corpus.UmrReading`)."""
    _stats: list[array] = field(default_factory=list, init=False, repr=False)
    _widths: list[int] = field(default_factory=list, init=False, repr=False)

    def add(self, record: PairRecord) -> None:
        """Count one scored pair and keep its statistics (and the record itself when kept)."""
        if not self._stats:
            self._stats = [array("d") for _ in self.metrics]
            self._widths = [len(metric.stat_names) for metric in self.metrics]
        for metric, result, column, width in zip(self.metrics, record.results, self._stats, self._widths):
            if len(result.stats) != width:
                raise ValueError(f"{metric.spec()} gave {len(result.stats)} statistics for {width} names")
            column.extend(result.stats)
        self.pairs += 1
        self.zeroed += bool(record.zeroed)
        if self.keep_records:
            self.records.append(record)

    def stats(self, k: int) -> np.ndarray:
        """The ``(pairs, statistics)`` matrix of metric ``k``."""
        width = len(self.metrics[k].stat_names)
        if not self.pairs:
            return np.zeros((0, width))
        return np.array(self._stats[k], dtype=np.float64).reshape(self.pairs, width)


def score_pair(metrics: Sequence[Metric], test: Graph, gold: Graph) -> tuple[tuple[PairResult, ...], tuple[float, ...]]:
    """Score one pair with several metrics, preparing each graph once per preparation key."""
    prepared: dict[object, tuple[object, object]] = {}
    results, seconds = [], []
    for metric in metrics:
        start = time.perf_counter()
        key = metric.prepare_key()
        if key not in prepared:
            prepared[key] = (metric.prepare(test), metric.prepare(gold))
        t, g = prepared[key]
        results.append(metric.pair(t, g))
        seconds.append(time.perf_counter() - start)
    return tuple(results), tuple(seconds)


@dataclass
class _ChunkResult:
    """What scoring one chunk of pairs produced (returned from worker processes)."""

    records: list[PairRecord] = field(default_factory=list)
    errors: list[GraphError] = field(default_factory=list)
    skipped: int = 0


_WORKER_METRICS: list[Metric] = []


def _init_worker(metrics: list[Metric]) -> None:
    _WORKER_METRICS[:] = metrics


def _run_chunk(pairs: list[Pair], on_error: OnError, metrics: Sequence[Metric] | None = None, score: bool = True) -> _ChunkResult:
    """Decode and score a chunk of pairs, applying the error policy (runs in a worker when --jobs > 1)."""
    metrics = _WORKER_METRICS if metrics is None else metrics
    out = _ChunkResult()
    fused = metrics[0].text_scorer() if score and len(metrics) == 1 else None
    for pair in pairs:
        if fused is not None:
            record = _fused_record(pair, fused)
            if record is not None:
                out.records.append(record)
                continue
        zeroed: tuple[str, ...] = ()
        if pair.test.error is not None or pair.gold.error is not None:
            bad = [(side, e.error) for side, e in (("test", pair.test), ("gold", pair.gold)) if e.error is not None]
            out.errors.extend(error for _, error in bad)  # type: ignore[misc]
            if on_error != "zero":
                out.skipped += 1
                continue
            zeroed = tuple(side for side, _ in bad)
        if not score:
            continue
        test = pair.test.graph if pair.test.graph is not None else EMPTY_GRAPH
        gold = pair.gold.graph if pair.gold.graph is not None else EMPTY_GRAPH
        try:
            results, seconds = score_pair(metrics, test, gold)
        except Exception as err:  # a metric bug must name the pair, not kill the run silently
            raise MetricError(f"{_where(pair)}: {type(err).__name__}: {err}") from err
        out.records.append(
            PairRecord(pair.index, pair.test.number, pair.gold.number, pair.test.id, pair.gold.id, zeroed, results, seconds)
        )
    return out


def _fused_record(pair: Pair, fused: Callable[[str, str], PairResult | None]) -> PairRecord | None:
    """The record of a pair whose two graphs are still texts, scored by the one metric's fused path
    (:meth:`~amrmetrics.metrics.base.Metric.text_scorer`); None when it leaves the pair to the graphs (a
    text it does not read, which the error policy then sees as usual; a pair it does not settle)."""
    test, gold = pair.test.text, pair.gold.text
    if test is None or gold is None:
        return None
    start = time.perf_counter()
    try:
        result = fused(test, gold)
    except Exception as err:
        raise MetricError(f"{_where(pair)}: {type(err).__name__}: {err}") from err
    if result is None:
        return None
    seconds = (time.perf_counter() - start,)
    return PairRecord(pair.index, pair.test.number, pair.gold.number, pair.test.id, pair.gold.id, (), (result,), seconds)


def _where(pair: Pair) -> str:
    return f"pair {pair.index + 1} (test graph {pair.test.number}, gold graph {pair.gold.number})"


def _merge(run: CorpusRun, done: _ChunkResult, on_record: Callable[[PairRecord], None] | None) -> None:
    for record in done.records:
        run.add(record)
        if on_record:
            on_record(record)
    run.errors.extend(done.errors)
    run.skipped += done.skipped


def _chunks(pairs: Iterator[Pair], size: int) -> Iterator[list[Pair]]:
    while chunk := list(itertools.islice(pairs, size)):
        yield chunk


def run_corpus(
    pairs: Iterable[Pair],
    metrics: Sequence[Metric],
    *,
    on_error: OnError = "fail",
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    executor: Executor | None = None,
    on_record: Callable[[PairRecord], None] | None = None,
    keep_records: bool = True,
) -> CorpusRun:
    """Score every pair with every metric.

    ``on_error``: ``fail`` raises :class:`CorpusError` listing every malformed graph (after
    reading all of them); ``zero`` scores a pair with a malformed graph against the empty graph,
    which earns no credit under any metric (:class:`~amrmetrics.metrics.base.Metric`), so the pair
    scores 0 even when both graphs are malformed; ``skip`` leaves the pair out. ``progress`` is called with the number of pairs just finished.
    ``executor`` (:mod:`amrmetrics.engine.executors`, e.g. a Dask cluster) replaces this process and
    the process pool; the results are the same.
    ``on_record`` is called with each pair's record, in pair order, as it comes; without
    ``keep_records`` only the statistics stay in memory (a 658,400-pair corpus kept 3.5 KB a pair).
    """
    run = CorpusRun(list(metrics), on_error=on_error, keep_records=keep_records)
    rest, run.workers, size = _plan(run, iter(pairs), jobs, executor, progress, on_record)
    if not run.workers.elsewhere:
        _run_here(run, _chunks(rest, CHUNK), progress, on_record)
    else:
        _run_parallel(run, _chunks(rest, size), run.workers.workers, progress, executor, on_record)
    if on_error == "fail" and run.errors:
        raise CorpusError(format_errors(run.errors))
    return run


def _run_here(
    run: CorpusRun, chunks: Iterable[list[Pair]], progress: Callable[[int], None] | None, on_record: Callable[[PairRecord], None] | None
) -> None:
    """Score chunks in this process; under "fail", keep reading to list every bad graph, but stop scoring."""
    for chunk in chunks:
        done = _run_chunk(chunk, run.on_error, run.metrics, score=not (run.on_error == "fail" and run.errors))
        _merge(run, done, on_record)
        if progress:
            progress(len(chunk))


def _plan(
    run: CorpusRun,
    pairs: Iterator[Pair],
    jobs: int,
    executor: Executor | None,
    progress: Callable[[int], None] | None,
    on_record: Callable[[PairRecord], None] | None,
) -> tuple[Iterator[Pair], WorkerChoice, int]:
    """How the pairs left run (:mod:`amrmetrics.engine.workers`): the pairs not scored yet, the
    workers chosen and the pairs per task. Workers that must start first are chosen only after
    the first pairs are scored here, timed, and enough pairs are read ahead to know they pay."""
    asked = jobs if executor is None else executor.width
    cap = min(jobs, usable_cpus()) if executor is None else asked
    # an executor says what starting it still costs (0 once running); our own pool costs POOL_STARTUP
    seconds = startup(POOL_STARTUP) if executor is None else float(getattr(executor, "startup", 0.0))
    if cap <= 1 and executor is None:
        return pairs, WorkerChoice(asked, 1, cap=cap), CHUNK
    if seconds == 0:  # a running cluster (or start-up declared free): no estimate, the workers take all
        return pairs, WorkerChoice(asked, cap, elsewhere=True), CHUNK
    per_pair = _probe(run, pairs, PROBE_SHARE * seconds, progress, on_record)
    size = task_size(per_pair, CHUNK)
    ahead = list(itertools.islice(pairs, enough(cap, per_pair, seconds, size)))
    workers = choose(cap, len(ahead), per_pair, seconds, size)
    choice = WorkerChoice(asked, workers, workers > 1, len(ahead) * per_pair, seconds, cap)
    return itertools.chain(ahead, pairs), choice, size


def _probe(
    run: CorpusRun,
    pairs: Iterator[Pair],
    budget: float,
    progress: Callable[[int], None] | None,
    on_record: Callable[[PairRecord], None] | None,
) -> float:
    """Score pairs here, one at a time, for ``budget`` CPU seconds (at least two pairs, if there are),
    and estimate the CPU seconds per pair (:func:`~amrmetrics.engine.workers.per_unit`). CPU time,
    not wall time, so that other programs sharing the machine do not make the pairs look dearer
    than the start-up they are weighed against."""
    times: list[float] = []
    while sum(times) < budget or len(times) < 2:
        pair = next(pairs, None)
        if pair is None:
            break
        start = time.process_time()
        _run_here(run, [[pair]], progress, on_record)
        times.append(time.process_time() - start)
    return per_unit(times)


def _run_parallel(
    run: CorpusRun,
    chunks: Iterator[list[Pair]],
    workers: int,
    progress: Callable[[int], None] | None,
    executor: Executor | None,
    on_record: Callable[[PairRecord], None] | None,
) -> None:
    from amrmetrics.engine.parallel import process_pool  # multiprocessing is imported only when used

    own = executor is None
    pool = executor or process_pool(workers, _init_worker, (run.metrics,))
    pending: deque[tuple[Future[_ChunkResult], int]] = deque()
    window = 4 * max(workers, 1)
    metrics = None if executor is None else executor.share(run.metrics)
    try:
        for chunk in chunks:
            pending.append((pool.submit(_run_chunk, chunk, run.on_error, metrics), len(chunk)))
            while len(pending) >= window:
                _collect(run, pending.popleft(), progress, on_record)
        while pending:
            _collect(run, pending.popleft(), progress, on_record)
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM: no worker may outlive the run
        if own:
            pool.stop(interrupted=True)
        raise
    finally:
        if own:
            pool.shutdown(cancel_futures=True)


def _collect(
    run: CorpusRun,
    item: tuple[Future[_ChunkResult], int],
    progress: Callable[[int], None] | None,
    on_record: Callable[[PairRecord], None] | None,
) -> None:
    future, size = item
    _merge(run, future.result(), on_record)
    if progress:
        progress(size)
