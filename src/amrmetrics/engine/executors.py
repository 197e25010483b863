"""Where the engine's tasks run when not in this process: a local process pool or a Dask cluster.

The engine cuts a run into independent tasks (a chunk of pairs, a tile of a matrix), submits
them and reads their results. A task computes exactly what this process would, so the numbers
never depend on the executor, and signatures do not name it. Dask (``amrmetrics[dask]``) runs
the tasks on a ``dask.distributed`` cluster: a :class:`~distributed.LocalCluster` on 127.0.0.1,
or the scheduler at an address; Dask re-runs the tasks of a worker that dies.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING, Any, Protocol

from amrmetrics.errors import UsageError, option

if TYPE_CHECKING:  # multiprocessing and concurrent.futures are imported only when workers start
    from concurrent.futures import Future

EXECUTORS = ("processes", "dask")
"""Executor names for ``--executor`` and ``executor=``: the local process pool (default) or Dask."""

DASK = f"the dask executor ({option('executor', 'dask')})"
"""What needs Dask, for the error when it is missing."""


class Executor(Protocol):
    """Runs the engine's tasks: ``submit`` a function and its arguments, read ``result()`` later.

    An executor that still has to start may say what that costs in an attribute ``startup``
    (seconds; :class:`LocalDask` does): the engine then gives it a run's work only when the work
    pays for it (:mod:`amrmetrics.engine.workers`). Without one, it is taken as running and always used.
    """

    @property
    def width(self) -> int:
        """How many tasks run at once (the engine keeps a few times this many in flight)."""
        ...

    def share(self, value: Any) -> Any:
        """A handle to ``value`` that tasks receive as an argument in its place (sent once, not per task)."""
        ...

    def submit(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Start ``fn(*args)``; the returned future's ``result()`` is its value (or raises its error)."""
        ...

    def finished(self, futures: Iterable[Any]) -> list[Any]:
        """The futures that are done, once at least one is (waits for it)."""
        ...


class ProcessExecutor:
    """Tasks on ``jobs`` local worker processes (:func:`~amrmetrics.engine.parallel.process_pool`)."""

    def __init__(self, jobs: int) -> None:
        from amrmetrics.engine.parallel import process_pool

        self.jobs = jobs
        self.pool = process_pool(jobs)

    @property
    def width(self) -> int:
        return self.jobs

    def share(self, value: Any) -> Any:
        return value

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future:
        return self.pool.submit(fn, *args)

    def finished(self, futures: Iterable[Future]) -> list[Future]:
        from concurrent.futures import FIRST_COMPLETED, wait

        return list(wait(list(futures), return_when=FIRST_COMPLETED).done)

    def __enter__(self) -> ProcessExecutor:
        return self

    def __exit__(self, kind: Any, err: Any, traceback: Any) -> bool:
        """Stop the workers (cancelling tasks not started; on an interrupt, at once)."""
        return self.pool.__exit__(kind, err, traceback)


def _value(value: Any) -> Any:
    return value


class DaskExecutor:
    """Tasks on the workers of a ``distributed.Client``; a worker that dies has its tasks re-run."""

    def __init__(self, client: Any) -> None:
        self.client = client

    @property
    def width(self) -> int:
        return max(1, sum(self.client.nthreads().values()))

    def share(self, value: Any) -> Any:
        # a task, not scattered data: Dask can compute it again if the workers holding it die
        return self.client.submit(_value, value, pure=False)

    def submit(self, fn: Callable[..., Any], *args: Any) -> Any:
        return self.client.submit(fn, *args, pure=False)

    def finished(self, futures: Iterable[Any]) -> list[Any]:
        from amrmetrics.extras import require

        wait = require("distributed", DASK).wait
        return list(wait(list(futures), return_when="FIRST_COMPLETED").done)


class LocalDask:
    """A local Dask cluster of ``jobs`` one-thread worker processes, started on first use.

    Starting one (importing ``distributed``, a scheduler and the workers) takes seconds
    (:data:`~amrmetrics.engine.workers.DASK_STARTUP`), which :attr:`startup` tells the engine
    until it is running, so a corpus too small to pay for it is scored without ever starting it.
    """

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self._stack = ExitStack()
        self._executor: DaskExecutor | None = None

    @property
    def startup(self) -> float:
        """Seconds starting the cluster still costs (0 once it runs)."""
        from amrmetrics.engine.workers import DASK_STARTUP, startup

        return 0.0 if self._executor is not None else startup(DASK_STARTUP)

    @property
    def width(self) -> int:
        return self.jobs

    @property
    def client(self) -> Any:
        """The running cluster's ``distributed.Client`` (the cluster starts now if it has not)."""
        return self._started().client

    def _started(self) -> DaskExecutor:
        if self._executor is None:
            import logging

            from amrmetrics.engine.parallel import script_not_rerun
            from amrmetrics.extras import require

            distributed = require("distributed", DASK)

            self._stack.enter_context(script_not_rerun())  # the cluster's workers start (and restart) meanwhile
            # Our cluster's own logs stay quiet: a task's error reaches the user through its future,
            # and a worker outliving the scheduler on shutdown (Ctrl-C, SIGTERM) must not print tracebacks.
            cluster = self._stack.enter_context(
                distributed.LocalCluster(
                    n_workers=self.jobs, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None,
                    silence_logs=logging.CRITICAL,
                )
            )
            client = self._stack.enter_context(distributed.Client(cluster))
            client.wait_for_workers(self.jobs)
            self._executor = DaskExecutor(client)
        return self._executor

    def share(self, value: Any) -> Any:
        return self._started().share(value)

    def submit(self, fn: Callable[..., Any], *args: Any) -> Any:
        return self._started().submit(fn, *args)

    def finished(self, futures: Iterable[Any]) -> list[Any]:
        return self._started().finished(futures)

    def close(self) -> None:
        """Stop the cluster, if it was started."""
        self._executor = None
        self._stack.close()


def _dask_client(jobs: int, scheduler: str | None) -> Iterator[Executor]:
    """A client of the cluster at ``scheduler``, or a local cluster of ``jobs`` workers started
    when first needed; closed after use."""
    from amrmetrics.extras import check, require

    check("distributed", DASK)
    if scheduler is not None:
        distributed = require("distributed", DASK)
        try:
            client = distributed.Client(scheduler, timeout="30s")
        except (OSError, ValueError) as err:
            raise UsageError(f"no Dask scheduler answers at {scheduler}: {err}") from None
        with client:
            yield DaskExecutor(client)
        return
    local = LocalDask(jobs)
    try:
        yield local
    finally:
        local.close()


@contextmanager
def open_executor(executor: str | Any | None, jobs: int = 1, scheduler: str | None = None) -> Iterator[Executor | None]:
    """The executor named by ``executor``, closed on exit; None means the engine's own process pool.

    ``executor`` is ``"processes"`` (or None: the engine starts up to ``jobs`` worker processes
    when they pay, :mod:`amrmetrics.engine.workers`), ``"dask"`` (a ``LocalCluster`` of ``jobs``
    worker processes on 127.0.0.1, started only when a run needs it, or the cluster whose
    scheduler is at ``scheduler``, e.g. ``tcp://host:8786``), a ``distributed.Client``
    (used, not closed), or an object with the :class:`Executor` methods (used as it is).
    """
    if executor is None or executor == "processes":
        if scheduler is not None:
            raise UsageError(f"a scheduler address needs {DASK}")
        yield None
    elif executor == "dask":
        yield from _dask_client(jobs, scheduler)
    elif isinstance(executor, str):
        raise UsageError(f"unknown executor {executor!r}; choose from {', '.join(EXECUTORS)}")
    elif scheduler is not None:
        raise UsageError("a scheduler address goes with executor='dask', not with an executor object")
    elif all(hasattr(executor, name) for name in ("submit", "share", "finished", "width")):
        yield executor
    elif type(executor).__module__.startswith("distributed") and hasattr(executor, "nthreads"):
        yield DaskExecutor(executor)
    else:
        raise UsageError(f"executor must be 'processes', 'dask', a distributed.Client or an Executor, not {type(executor).__name__}")
