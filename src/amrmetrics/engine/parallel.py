"""Worker processes for the corpus engine and the similarity matrix."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor


def process_pool(jobs: int, initializer: Callable[..., None] | None = None, initargs: tuple = ()) -> ProcessPoolExecutor:
    """A pool of ``jobs`` worker processes that never inherit threads.

    Workers come from a fork server (spawn where there is none): a plain fork would copy the
    state of threads that exist in this process (an embedding model's OpenMP pool, for one)
    without the threads, and a worker using them would hang.
    """
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    if "forkserver" in methods:
        context.set_forkserver_preload(["amrmetrics.engine.run", "amrmetrics.metrics.smatch"])
    return ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=initializer, initargs=initargs)
