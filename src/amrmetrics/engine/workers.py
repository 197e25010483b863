"""How many workers a run uses: ``jobs`` (``--jobs N``) is an upper bound, not an order.

Workers pay off only when the work they share is larger than what they cost to start: a local
pool starts a fork server (a Python interpreter importing amrmetrics) and forks its workers from
it; a local Dask cluster imports ``distributed`` and starts a scheduler and worker processes.
Before starting any, the engine scores the first pairs (or the first tile of a matrix) in this
process, which is work it needs anyway, and times them in CPU seconds (so other programs on a
busy machine do not make them look dearer); from that estimate of the seconds per unit and the
number of units left (read ahead only as far as the decision needs) it takes
``w = min(jobs, usable CPUs, tasks left)`` workers only when they save more than they cost to
start (``work - work / w > startup``), else it runs everything here. So a run is never slower than one process by more than the start-up (give or
take the estimate), and a small corpus never starts a pool. The rule only chooses where the
work runs: the numbers are the same for every choice.

The start-up constants were measured on the idle 2-core development machine (``python
bench/processes.py`` measures them again); :data:`STARTUP_ENV` replaces them (``0`` always starts
``jobs`` workers).
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass

from amrmetrics.errors import UsageError

POOL_STARTUP = 0.35
"""Seconds from asking for a local process pool to its workers' first results (fork server
start, amrmetrics imported there, two workers forked): 0.33 s on the idle 2-core development
machine; ``python bench/processes.py`` measures it (more on a busy machine)."""

DASK_STARTUP = 3.5
"""Seconds to import ``distributed`` (1.1 s), start a 2-worker ``LocalCluster`` (1.8 s) and close
it (0.4 s) on the idle development machine; ``python bench/processes.py`` measures it."""

STARTUP_ENV = "AMRMETRICS_WORKER_STARTUP"
"""Environment variable: seconds the rule assumes any workers take to start, instead of the
constants above (``0``: always start ``jobs`` workers, as a test of the workers themselves wants)."""

PROBE_SHARE = 0.25
"""The first pairs are scored in this process for this share of the start-up (at least two pairs)
before the engine decides. Nothing is wasted (they are pairs of the run); a corpus that does go to
workers starts them at most this share of the start-up later."""

TASK_SECONDS = 0.05
"""Aimed duration of one task (a chunk of pairs) sent to a worker: long enough that sending it
costs little, short enough that workers finish together (a pair of seconds makes a chunk of one)."""


def startup(default: float) -> float:
    """The start-up seconds the rule assumes: :data:`STARTUP_ENV` when set, else ``default``."""
    text = os.environ.get(STARTUP_ENV, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not value >= 0 or math.isinf(value):
        raise UsageError(f"{STARTUP_ENV} must be a number of seconds >= 0, not {text!r}")
    return value


def usable_cpus() -> int:
    """Processors this process may run on (its affinity, where the system tells)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def per_unit(times: list[float]) -> float:
    """Seconds per unit from the times of the first units: the mean without the first unit and
    without the slowest of the others, when there are enough to spare them. Both are where one-time
    costs fall (the first solve loads the LP solver: a third of a second), which workers pay per
    process, not per unit."""
    counted = sorted(times[1:])[:-1] if len(times) > 3 else times[1:] or times
    return sum(counted) / len(counted) if counted else 0.0


def task_size(seconds_per_unit: float, largest: int) -> int:
    """Units per task: about :data:`TASK_SECONDS` of work, between 1 and ``largest``."""
    if seconds_per_unit <= 0:
        return largest
    return max(1, min(largest, round(TASK_SECONDS / seconds_per_unit)))


def _pays(units: int, seconds_per_unit: float, seconds: float, workers: int) -> bool:
    """Whether ``workers`` save more than their start-up ``seconds`` on ``units`` of work (the one
    comparison both :func:`choose` and :func:`enough` make, so their float roundings agree)."""
    work = units * seconds_per_unit
    return work - work / workers > seconds


def enough(cap: int, seconds_per_unit: float, seconds: float, per_task: int) -> int:
    """How many units left make ``cap`` workers worth their start-up (and give each a task):
    reading that many ahead is all the decision needs."""
    if cap <= 1:
        return 1
    per_unit = max(seconds_per_unit, 1e-9)  # a probe too quick to measure still reads a bounded way ahead
    units = max(math.floor(seconds / (per_unit * (1 - 1 / cap))) + 1, (cap - 1) * per_task + 1)
    while not _pays(units, per_unit, seconds, cap):  # the estimate's rounding fell short
        units += 1
    return units


def choose(cap: int, units: int, seconds_per_unit: float, seconds: float, per_task: int) -> int:
    """Workers for ``units`` left of ``seconds_per_unit`` each, in tasks of ``per_task``, when
    starting workers takes ``seconds``: ``min(cap, tasks)`` if they save more than that, else 1."""
    workers = min(cap, math.ceil(units / max(per_task, 1)))
    if workers <= 1:
        return 1
    return workers if _pays(units, seconds_per_unit, seconds, workers) else 1


@dataclass(frozen=True)
class WorkerChoice:
    """What the rule chose for a run: ``workers`` out of ``asked`` (``jobs``, or an executor's
    width), and whether the pairs left went to them (``elsewhere``) or were scored in this
    process; with the estimate it came from, when there was one: the seconds of ``work`` left
    after the first pairs, the ``startup`` it was weighed against and the ``cap`` (``asked``
    limited to the usable processors)."""

    asked: int
    workers: int
    elsewhere: bool = False
    work: float | None = None
    startup: float = 0.0
    cap: int | None = None

    def describe(self) -> str:
        """One line for the command line's standard error when fewer workers ran than were asked."""
        if self.elsewhere:
            used = f"{self.workers} worker process{'es' if self.workers != 1 else ''}"
        else:
            used = "this process alone"
        reasons = []
        if self.cap is not None and self.cap < self.asked:
            reasons.append(f"{self.cap} processor{'s are' if self.cap != 1 else ' is'} usable")
        if self.work is not None and not self.elsewhere:
            reasons.append(
                f"the pairs left take about {self.work:.2g} s here, too little to gain from workers "
                f"that take about {self.startup:.2g} s to start"
            )
        return f"--jobs {self.asked}: {used}" + (f" ({'; '.join(reasons)})" if reasons else "")
