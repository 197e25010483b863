"""All-pairs similarity matrices of one corpus (for clustering, retrieval, or as an SVM kernel).

Entry ``[i, j]`` is the headline score of ``metric.pair(prepared[i], prepared[j])`` (graph i as
test, j as gold). Each graph is prepared once. A metric that can do better than N² pair calls
offers :meth:`MatrixMetric.matrix` (WLK: one sparse feature matrix and a matrix product); every
other metric goes through the generic path, which computes ``i <= j`` for symmetric metrics and
mirrors the rest, in square tiles that worker processes (or an executor's workers, e.g. a Dask
cluster) compute independently (each tile prepares its own graphs), so the result is identical
for every number of jobs and every executor. With a :class:`~amrmetrics.engine.tiles.TileStore`
each finished tile is saved at once and tiles already there are not computed again.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import numpy as np

from amrmetrics.engine.prime import prime_metrics
from amrmetrics.engine.workers import POOL_STARTUP, choose, startup, usable_cpus
from amrmetrics.graph import Graph
from amrmetrics.metrics.base import Metric

if TYPE_CHECKING:
    from amrmetrics.engine.executors import Executor
    from amrmetrics.engine.tiles import TileStore

TILE = 96
"""Rows (and columns) of one tile of the generic path."""

Progress = Callable[[int], None]


@runtime_checkable
class MatrixMetric(Protocol):
    """A metric with a whole-matrix method (must equal the generic path up to float rounding)."""

    def matrix(self, prepared: Sequence[Any], progress: Progress | None = None) -> np.ndarray:
        """The ``(n, n)`` headline-score matrix of prepared graphs; ``progress`` gets finished rows."""
        ...


def headline(metric: Metric, stats: Sequence[float]) -> float:
    """The headline score of one pair's statistics."""
    return float(metric.scores(np.asarray(stats, dtype=np.float64))[metric.headline])


def progress_units(metric: Metric, n: int) -> int:
    """How many units a progress bar for an ``n``-graph matrix of ``metric`` counts to (rows or pairs)."""
    if isinstance(metric, MatrixMetric):
        return n
    return n * (n + 1) // 2 if metric.symmetric else n * n


def similarity_matrix(
    metric: Metric,
    graphs: Sequence[Graph],
    *,
    jobs: int = 1,
    progress: Progress | None = None,
    executor: Executor | None = None,
    tiles: TileStore | None = None,
    tile: int = TILE,
) -> np.ndarray:
    """The ``(n, n)`` matrix of headline scores of every ordered pair of ``graphs``.

    ``progress`` is called with finished units (rows for a metric with a ``matrix`` method,
    pairs otherwise; see :func:`progress_units`). ``executor`` runs the tiles (or the preparation
    of a ``matrix`` method) instead of this process or ``jobs`` worker processes. ``tiles`` keeps
    finished tiles of ``tile`` rows (the generic path only; see :func:`~amrmetrics.engine.tiles.matrix_key`).
    """
    n = len(graphs)
    prime_metrics([metric], lambda: graphs)
    if isinstance(metric, MatrixMetric):
        return metric.matrix(_prepare_all(metric, graphs, jobs, executor), progress)
    out = np.empty((n, n))
    todo = []
    for rows, cols in _tiles(n, metric.symmetric, tile):
        done = tiles.get(rows, cols) if tiles is not None else None
        if done is None:
            todo.append((rows, cols))
        else:
            _store(out, rows, cols, done, metric.symmetric, progress)
    workers, prepared = _tile_workers(out, metric, graphs, todo, jobs, executor, tiles, progress)
    if workers == 0:
        if prepared is None:
            prepared = [metric.prepare(g) for g in graphs] if todo else []
        finished: Iterator[tuple[slice, slice, np.ndarray]] = (
            (rows, cols, _tile(metric, prepared[rows], prepared[cols], rows, cols)) for rows, cols in todo
        )
        _keep(out, finished, metric.symmetric, tiles, progress)
        return out
    with _workers(executor, workers) as pool:
        _keep(out, _run_tiles(pool, metric, graphs, todo), metric.symmetric, tiles, progress)
    return out


def _where(jobs: int, executor: Executor | None) -> tuple[int, float]:
    """The most workers a run may use and what starting them costs (see :mod:`amrmetrics.engine.workers`)."""
    if executor is not None:
        return executor.width, float(getattr(executor, "startup", 0.0))
    return min(jobs, usable_cpus()), startup(POOL_STARTUP)


def _tile_workers(
    out: np.ndarray,
    metric: Metric,
    graphs: Sequence[Graph],
    todo: list[tuple[slice, slice]],
    jobs: int,
    executor: Executor | None,
    tiles: TileStore | None,
    progress: Progress | None,
) -> tuple[int, list[Any] | None]:
    """How many workers compute the tiles of ``todo`` (0: this process does) and the graphs prepared
    here, if any. Workers that must start first get the tiles only if they pay: the first tile is
    computed here (and taken off ``todo``), timed, and :func:`~amrmetrics.engine.workers.choose` weighs
    the cells left against the start-up."""
    cap, seconds = _where(jobs, executor)
    if not todo or (executor is None and cap <= 1):
        return 0, None
    if seconds == 0:  # a running cluster (or start-up declared free): the workers take every tile
        return cap, None
    if len(todo) == 1:
        return 0, None
    prepared = [metric.prepare(g) for g in graphs]
    rows, cols = todo.pop(0)
    start = time.process_time()
    block = _tile(metric, prepared[rows], prepared[cols], rows, cols)
    per_cell = (time.process_time() - start) / max(1, int(_computed(rows, cols, metric.symmetric).sum()))
    _keep(out, iter([(rows, cols, block)]), metric.symmetric, tiles, progress)
    cells = sum(int(_computed(r, c, metric.symmetric).sum()) for r, c in todo)
    workers = choose(cap, cells, per_cell, seconds, math.ceil(cells / len(todo)))
    return (workers if workers > 1 else 0), prepared


def _keep(
    out: np.ndarray,
    finished: Iterator[tuple[slice, slice, np.ndarray]],
    symmetric: bool,
    tiles: TileStore | None,
    progress: Progress | None,
) -> None:
    """Save each finished tile (when there is a store) and write it into the matrix."""
    for rows, cols, block in finished:
        if tiles is not None:
            tiles.put(rows, cols, block)
        _store(out, rows, cols, block, symmetric, progress)


@contextmanager
def _workers(executor: Executor | None, jobs: int) -> Iterator[Executor]:
    """The given executor, or ``jobs`` local worker processes (stopped on exit)."""
    if executor is not None:
        yield executor
        return
    from amrmetrics.engine.executors import ProcessExecutor

    with ProcessExecutor(jobs) as own:
        yield own


def _run_tiles(
    workers: Executor, metric: Metric, graphs: Sequence[Graph], todo: list[tuple[slice, slice]]
) -> Iterator[tuple[slice, slice, np.ndarray]]:
    """Tiles computed by the workers, as they finish (a few per worker in flight)."""
    shared = workers.share(metric)
    waiting = iter(todo)
    running: dict[Any, tuple[slice, slice]] = {}

    def start(count: int) -> None:
        for rows, cols in itertools.islice(waiting, count):
            running[workers.submit(_tile_of_graphs, shared, graphs[rows], graphs[cols], rows, cols)] = (rows, cols)

    start(4 * workers.width)
    while running:
        for future in workers.finished(running):
            rows, cols = running.pop(future)
            yield rows, cols, future.result()
            start(1)


def _tiles(n: int, symmetric: bool, tile: int = TILE) -> list[tuple[slice, slice]]:
    """Square tiles covering the matrix (only those on or above the diagonal when symmetric)."""
    starts = range(0, n, tile)
    return [
        (slice(i, min(n, i + tile)), slice(j, min(n, j + tile)))
        for i in starts
        for j in starts
        if not symmetric or j >= i
    ]


def _computed(rows: slice, cols: slice, symmetric: bool) -> np.ndarray:
    """Which cells of a tile are computed: all, or only ``i <= j`` for a symmetric metric."""
    i = np.arange(rows.start, rows.stop)[:, None]
    j = np.arange(cols.start, cols.stop)[None, :]
    return (i <= j) if symmetric else np.ones((len(i), j.shape[1]), dtype=bool)


def _tile(metric: Metric, rows: Sequence[Any], cols: Sequence[Any], row_slice: slice, col_slice: slice) -> np.ndarray:
    """Scores of one tile (cells outside :func:`_computed` are left 0)."""
    block = np.zeros((len(rows), len(cols)))
    mask = _computed(row_slice, col_slice, metric.symmetric)
    for a, b in zip(*np.nonzero(mask)):
        block[a, b] = headline(metric, metric.pair(rows[a], cols[b]).stats)
    return block


def _tile_of_graphs(
    metric: Metric, rows: Sequence[Graph], cols: Sequence[Graph], row_slice: slice, col_slice: slice
) -> np.ndarray:
    """A tile computed in a worker process, which prepares its own graphs."""
    prepared_rows = [metric.prepare(g) for g in rows]
    prepared_cols = prepared_rows if row_slice == col_slice else [metric.prepare(g) for g in cols]
    return _tile(metric, prepared_rows, prepared_cols, row_slice, col_slice)


def _store(
    out: np.ndarray, rows: slice, cols: slice, block: np.ndarray, symmetric: bool, progress: Progress | None
) -> None:
    """Write a tile (and its mirror image for a symmetric metric) into the matrix."""
    done = _computed(rows, cols, symmetric)
    target = out[rows, cols]
    target[done] = block[done]
    if symmetric:
        mirror = out[cols, rows]
        mirror[done.T] = block.T[done.T]
    if progress:
        progress(int(done.sum()))


def _prepare_all(metric: Metric, graphs: Sequence[Graph], jobs: int, executor: Executor | None = None) -> list[Any]:
    """Prepare every graph once: here, or in chunks over worker processes or the executor's workers
    when they pay (the first chunk is prepared here and timed, as for tiles)."""
    cap, seconds = _where(jobs, executor)
    chunks = [graphs[i : i + TILE] for i in range(0, len(graphs), TILE)]
    done: list[Any] = []
    if seconds > 0 or executor is None:
        if cap <= 1 or len(chunks) <= 1:
            return [metric.prepare(g) for g in graphs]
        start = time.process_time()
        done = _prepare_chunk(metric, chunks.pop(0))
        per_graph = (time.process_time() - start) / len(done)
        workers = choose(cap, len(graphs) - len(done), per_graph, seconds, TILE)
        if workers <= 1:
            return done + [metric.prepare(g) for g in graphs[len(done) :]]
    else:
        workers = cap
    with _workers(executor, workers) as pool:
        shared = pool.share(metric)
        futures = [pool.submit(_prepare_chunk, shared, chunk) for chunk in chunks]
        return done + [p for future in futures for p in future.result()]


def _prepare_chunk(metric: Metric, graphs: Sequence[Graph]) -> list[Any]:
    return [metric.prepare(g) for g in graphs]
