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
from typing import TYPE_CHECKING, Any

import numpy as np

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


@dataclass(frozen=True)
class PairRecord:
    """Everything kept about one scored pair: where it came from and each metric's result."""

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
    reading: Any = None
    """What reading the input found before scoring, when it reports anything (UMR input: a
    :class:`~amrmetrics.read.umr_corpus.UmrReading`)."""
    _stats: list[array] = field(default_factory=list, init=False, repr=False)

    def add(self, record: PairRecord) -> None:
        """Count one scored pair and keep its statistics (and the record itself when kept)."""
        if not self._stats:
            self._stats = [array("d") for _ in self.metrics]
        for metric, result, column in zip(self.metrics, record.results, self._stats):
            if len(result.stats) != len(metric.stat_names):
                raise ValueError(f"{metric.spec()} gave {len(result.stats)} statistics for {len(metric.stat_names)} names")
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
    for pair in pairs:
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
            where = f"pair {pair.index + 1} (test graph {pair.test.number}, gold graph {pair.gold.number})"
            raise MetricError(f"{where}: {type(err).__name__}: {err}") from err
        out.records.append(
            PairRecord(pair.index, pair.test.number, pair.gold.number, pair.test.id, pair.gold.id, zeroed, results, seconds)
        )
    return out


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
    reading all of them); ``zero`` scores a pair with a malformed graph against an empty graph;
    ``skip`` leaves the pair out. ``progress`` is called with the number of pairs just finished.
    ``executor`` (:mod:`amrmetrics.engine.executors`, e.g. a Dask cluster) replaces this process and
    the process pool; the results are the same.
    ``on_record`` is called with each pair's record, in pair order, as it comes; without
    ``keep_records`` only the statistics stay in memory (a 658,400-pair corpus kept 3.5 KB a pair).
    """
    run = CorpusRun(list(metrics), on_error=on_error, keep_records=keep_records)
    chunks = _chunks(iter(pairs), CHUNK)
    if jobs <= 1 and executor is None:
        for chunk in chunks:
            # under "fail", keep reading to list every bad graph, but stop scoring
            done = _run_chunk(chunk, on_error, run.metrics, score=not (on_error == "fail" and run.errors))
            _merge(run, done, on_record)
            if progress:
                progress(len(chunk))
    else:
        _run_parallel(run, chunks, jobs, progress, executor, on_record)
    if on_error == "fail" and run.errors:
        raise CorpusError(format_errors(run.errors))
    return run


def _run_parallel(
    run: CorpusRun,
    chunks: Iterator[list[Pair]],
    jobs: int,
    progress: Callable[[int], None] | None,
    executor: Executor | None,
    on_record: Callable[[PairRecord], None] | None,
) -> None:
    from amrmetrics.engine.parallel import process_pool  # multiprocessing is imported only when used

    own = executor is None
    pool = executor or process_pool(jobs, _init_worker, (run.metrics,))
    pending: deque[tuple[Future[_ChunkResult], int]] = deque()
    window = 4 * max(jobs if executor is None else executor.width, 1)
    metrics = None if executor is None else executor.share(run.metrics)
    try:
        for chunk in chunks:
            pending.append((pool.submit(_run_chunk, chunk, run.on_error, metrics), len(chunk)))
            while len(pending) >= window:
                _collect(run, pending.popleft(), progress, on_record)
        while pending:
            _collect(run, pending.popleft(), progress, on_record)
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
