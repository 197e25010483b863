"""Worker processes for the corpus engine and the similarity matrix, safe from an unguarded script.

multiprocessing's ``forkserver`` and ``spawn`` start methods import the parent's ``__main__`` in
every worker: for a script without an ``if __name__ == "__main__":`` guard that re-runs its
top-level code (a second scoring run inside the worker, which dies starting a pool of its own:
``BrokenProcessPool``). Our workers need nothing from the script unless a task uses something
defined in it (a metric class), so while workers start the script is marked as not to be
imported, as multiprocessing does for ``python -m``; Dask's worker processes start the same way.
"""

from __future__ import annotations

import importlib.machinery
import multiprocessing
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any


def uses_main(objects: Iterable[Any]) -> bool:
    """True when an object, or an item of a list, tuple or dict among them, is defined in ``__main__``."""
    for obj in objects:
        items = obj.values() if isinstance(obj, dict) else obj if isinstance(obj, (list, tuple)) else ()
        for value in (obj, *items):
            owner = value if callable(value) and hasattr(value, "__module__") else type(value)
            if getattr(owner, "__module__", None) == "__main__":
                return True
    return False


class _ScriptGuard:
    """Marks ``__main__`` as not to be imported by new workers while any caller needs it.

    ``__main__`` is one per process, so this is the one process-wide switch of the engine; the
    count lets threads start workers at the same time, the first marking and the last restoring.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._users = 0
        self._marked = False

    @contextmanager
    def active(self) -> Iterator[None]:
        """While active, worker processes started by multiprocessing do not re-run the script."""
        with self._lock:
            self._users += 1
            if self._users == 1:
                main = sys.modules.get("__main__")
                self._marked = main is not None and getattr(main, "__spec__", None) is None and hasattr(main, "__file__")
                if self._marked:
                    main.__spec__ = importlib.machinery.ModuleSpec("__main__", None)  # type: ignore[union-attr]
        try:
            yield
        finally:
            with self._lock:
                self._users -= 1
                if self._users == 0 and self._marked:
                    sys.modules["__main__"].__spec__ = None
                    self._marked = False


_SCRIPT_GUARD = _ScriptGuard()


@contextmanager
def script_not_rerun(*objects: Any) -> Iterator[None]:
    """Workers started meanwhile skip the caller's script, unless one of ``objects`` comes from it."""
    if uses_main(objects):
        yield
        return
    with _SCRIPT_GUARD.active():
        yield


class _Pool(ProcessPoolExecutor):
    """A process pool whose workers (started on demand, by ``submit``) never re-run the script.

    Used as a context manager, it ends like ``shutdown(cancel_futures=True)`` (tasks not started are
    cancelled, running ones finish), except on an interrupt (Ctrl-C, or SIGTERM, which the command
    line turns into one): then the workers are ended at once, so none outlives the run.
    """

    def __init__(self, initargs: tuple, **kwargs: Any) -> None:
        super().__init__(initargs=initargs, **kwargs)
        self._initargs_for_check = initargs

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        with script_not_rerun(fn, *self._initargs_for_check, *args):
            return super().submit(fn, *args, **kwargs)

    def stop(self, interrupted: bool = False) -> None:
        """Cancel the tasks not started, end the workers (at once when ``interrupted``) and wait for them."""
        if interrupted:
            for process in list((self._processes or {}).values()):  # Python 3.14: terminate_workers()
                process.terminate()
        self.shutdown(wait=True, cancel_futures=True)

    def __exit__(self, kind: Any, err: Any, traceback: Any) -> bool:
        self.stop(interrupted=isinstance(err, KeyboardInterrupt))
        return False


def process_pool(jobs: int, initializer: Callable[..., None] | None = None, initargs: tuple = ()) -> _Pool:
    """A pool of ``jobs`` worker processes that never inherit threads nor re-run the caller's script.

    Workers come from a fork server (spawn where there is none): a plain fork would copy the
    state of threads that exist in this process (an embedding model's OpenMP pool, for one)
    without the threads, and a worker using them would hang.
    """
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    if "forkserver" in methods:
        context.set_forkserver_preload(["amrmetrics.engine.run", "amrmetrics.metrics.smatch"])
    return _Pool(initargs, max_workers=jobs, mp_context=context, initializer=initializer)
