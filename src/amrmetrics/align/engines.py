"""LP and MILP engines for a :class:`~amrmetrics.align.formulation.Formulation`.

HiGHS through ``highspy`` (single thread, silent), or ``scipy.optimize`` (which bundles HiGHS)
when ``highspy`` is missing. highspy 1.16 prints a banner on file descriptor 1 from the ``Highs``
constructor, before any option can be set: :func:`_quiet_highs` builds it with that descriptor
pointed at the null device, so nothing of HiGHS ever reaches our standard output. Both are imported lazily: most pairs never need an LP. Presolve is
off for small LPs (it costs more than it saves on sentence pairs) and on for large ones (a
431-node document pair: 4 s instead of over 60 s), unless little time is left: HiGHS cannot
interrupt presolve (seconds on such a pair), while it stops the simplex on time.
"""

from __future__ import annotations

import ctypes
import math
import os
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from amrmetrics.align.formulation import Formulation
from amrmetrics.align.result import certified

if TYPE_CHECKING:
    from scipy.sparse import csc_array

_PRESOLVE_COLUMNS = 10_000
"""LPs with more variables than this are presolved..."""
_PRESOLVE_SECONDS = 10.0
"""...when at least this much time is left."""
_INTEGRALITY = 1e-6
"""A solution value this close to an integer counts as integral."""


_STDOUT_GUARD = threading.Lock()
"""Serializes the descriptor swap of :func:`_stdout_to_devnull` between threads."""


@contextmanager
def _stdout_to_devnull() -> Iterator[None]:
    """Point file descriptor 1 at the null device for the duration of the block.

    Python's buffer is flushed before the swap and C's ``stdio`` buffers before the restore, so
    our own output is never lost and a library's is never delayed past the block.
    """
    with _STDOUT_GUARD:
        sys.stdout.flush()
        saved = os.dup(1)
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, 1)
            yield
        finally:
            _flush_c_stdio()
            os.dup2(saved, 1)
            os.close(saved)
            os.close(null)


def _flush_c_stdio() -> None:
    """``fflush(NULL)`` where the C library can be loaded (POSIX); a no-op elsewhere."""
    try:
        ctypes.CDLL(None).fflush(None)
    except (OSError, AttributeError, TypeError):
        return


def _quiet_highs(highspy: Any) -> Any:
    """A silent ``highspy.Highs``: built with stdout on the null device, then told to stay quiet."""
    with _stdout_to_devnull():
        highs = highspy.Highs()
    highs.silent()
    for name, value in (("output_flag", False), ("threads", 1), ("random_seed", 0)):
        highs.setOptionValue(name, value)
    return highs


def _cannot_beat(bound: float, best: float, integral: bool) -> bool:
    """True when a node of LP bound ``bound`` cannot hold a solution better than ``best``
    (beyond the certification tolerance: the node's bound still enters the returned bound).
    """
    if integral and math.isfinite(bound):
        bound = math.floor(bound + 1e-6)
    return certified(best, bound)


@dataclass(frozen=True, eq=False)
class LpResult:
    """A relaxation's solution ``z`` (None if the solver gave none) and a rigorous upper bound."""

    z: np.ndarray | None
    bound: float


@dataclass(frozen=True, eq=False)
class MipResult:
    """The best integer solution found (None if none) and the proven upper bound."""

    z: np.ndarray | None
    bound: float


class Engine(Protocol):
    """Solves the relaxation and the integer program of a formulation."""

    def relax(self, f: Formulation, time_limit: float) -> LpResult:
        """Solve the LP relaxation within ``time_limit`` seconds (``inf`` = no limit)."""
        ...

    def integer(self, f: Formulation, start: np.ndarray, time_limit: float) -> MipResult:
        """Solve the MILP (x binary), warm-started from the feasible ``start``."""
        ...


class HighsEngine:
    """One reusable ``highspy.Highs`` object.

    :meth:`relax` clears the previous model and loads the new one; :meth:`integer` branches
    from that loaded LP when given the same formulation object (its root is then solved already),
    else it loads the formulation first. Either way the result depends only on the formulation.
    """

    def __init__(self) -> None:
        import highspy

        self._highspy = highspy
        self._highs = _quiet_highs(highspy)
        self._loaded: Formulation | None = None

    def _set_time_limit(self, seconds: float) -> None:
        """Allow ``seconds`` more: HiGHS compares ``time_limit`` with its run clock, which keeps
        running over the object's whole life (``clear`` does not reset it).
        """
        h = self._highs
        h.setOptionValue("time_limit", h.getRunTime() + seconds if math.isfinite(seconds) else self._highspy.kHighsInf)

    def _load(self, f: Formulation, time_limit: float) -> None:
        h = self._highs
        h.clearModel()
        h.clearSolver()
        presolve = f.n_cols > _PRESOLVE_COLUMNS and time_limit >= _PRESOLVE_SECONDS
        h.setOptionValue("presolve", "on" if presolve else "off")
        h.passModel(
            f.n_cols, f.n_rows, len(f.index), 1, -1, 0.0,
            f.cost, np.zeros(f.n_cols), np.ones(f.n_cols), np.full(f.n_rows, -np.inf), f.upper,
            f.start, f.index, f.value, np.zeros(f.n_cols, dtype=np.int32),
        )
        self._loaded = f

    def relax(self, f: Formulation, time_limit: float) -> LpResult:
        """Dual-feasible row prices give the bound by weak duality, so it is rigorous."""
        self._load(f, time_limit)
        node = self._solve_node(f, (), time_limit)
        if not node:
            return LpResult(None, math.inf)
        return LpResult(*node)

    def integer(self, f: Formulation, start: np.ndarray, time_limit: float) -> MipResult:
        """Depth-first branch and bound on the most fractional x, each node a warm-started LP.

        The HiGHS MIP solver spends ~10 ms on set-up for a sentence pair and re-solves the root
        of a document pair; these node LPs take ~0.1 ms and a few pivots. Every node left
        unexplored (pruned, or cut by the deadline) adds its LP bound to the returned bound,
        which is therefore rigorous.
        """
        deadline = time.perf_counter() + time_limit
        if self._loaded is not f:
            self._load(f, time_limit)
        integral = not np.any(f.cost % 1)
        best_z, best = start, float(f.cost @ start)
        closed = -math.inf
        stack: list[tuple[tuple[tuple[int, int], ...], float]] = [((), math.inf)]
        while stack:
            fixings, parent = stack.pop()
            remaining = deadline - time.perf_counter()
            if remaining <= 0 or _cannot_beat(parent, best, integral):
                closed = max(closed, parent)
                continue
            node = self._solve_node(f, fixings, remaining)
            if node is None:
                closed = max(closed, parent)
                continue
            if not node:
                continue
            z, bound = node
            x = z[: f.n_x]
            integral_x = bool(np.all(np.abs(x - np.round(x)) <= _INTEGRALITY))
            if integral_x and float(f.cost @ np.round(z)) > best:
                best_z, best = np.round(z), float(f.cost @ np.round(z))
            if integral_x or _cannot_beat(bound, best, integral):
                closed = max(closed, bound)
                continue
            column = int(np.argmin(np.abs(x - 0.5)))
            stack.append((fixings + ((column, 0),), bound))
            stack.append((fixings + ((column, 1),), bound))
        return MipResult(best_z, max(best, closed))

    def _solve_node(
        self, f: Formulation, fixings: tuple[tuple[int, int], ...], time_limit: float
    ) -> tuple[np.ndarray, float] | tuple[()] | None:
        """The loaded LP with ``fixings`` applied: (solution, rigorous bound), () if infeasible,
        None if unsolved (time limit).
        """
        h = self._highs
        if fixings:
            columns = np.array([c for c, _ in fixings], dtype=np.int32)
            values = np.array([v for _, v in fixings], dtype=np.float64)
            h.changeColsBounds(len(columns), columns, values, values)
        self._set_time_limit(time_limit)
        h.run()
        status = h.getModelStatus()
        if fixings:
            h.changeColsBounds(len(columns), columns, np.zeros(len(columns)), np.ones(len(columns)))
        if status == self._highspy.HighsModelStatus.kInfeasible:
            return ()
        if status != self._highspy.HighsModelStatus.kOptimal:
            return None
        solution = h.getSolution()
        return np.asarray(solution.col_value), f.dual_bound(solution.row_dual, fixings)


class ScipyEngine:
    """``scipy.optimize`` (HiGHS inside): the fallback when ``highspy`` cannot be imported."""

    def _matrix(self, f: Formulation) -> csc_array:
        from scipy.sparse import csc_array

        return csc_array((f.value, f.index, f.start), shape=(f.n_rows, f.n_cols))

    def relax(self, f: Formulation, time_limit: float) -> LpResult:
        """``linprog``'s row marginals are the prices of the minimisation of ``-cost``."""
        from scipy.optimize import linprog

        presolve = f.n_cols > _PRESOLVE_COLUMNS and time_limit >= _PRESOLVE_SECONDS
        options: dict[str, float | bool] = {"presolve": presolve}
        if math.isfinite(time_limit):
            options["time_limit"] = time_limit
        res = linprog(-f.cost, A_ub=self._matrix(f), b_ub=f.upper, bounds=(0, 1), method="highs", options=options)
        if res.status != 0:
            return LpResult(None, math.inf)
        return LpResult(np.asarray(res.x), f.dual_bound(-np.asarray(res.ineqlin.marginals)))

    def integer(self, f: Formulation, start: np.ndarray, time_limit: float) -> MipResult:
        """``milp`` cannot be warm-started; the caller keeps ``start`` if it is better."""
        from scipy.optimize import Bounds, LinearConstraint, milp

        integrality = np.zeros(f.n_cols)
        integrality[: f.n_x] = 1
        options: dict[str, float] = {"mip_rel_gap": 0.0}
        if math.isfinite(time_limit):
            options["time_limit"] = time_limit
        res = milp(
            -f.cost,
            constraints=LinearConstraint(self._matrix(f), -np.inf, f.upper),
            integrality=integrality,
            bounds=Bounds(0, 1),
            options=options,
        )
        z = np.asarray(res.x) if res.x is not None else None
        bound = -float(res.mip_dual_bound) if getattr(res, "mip_dual_bound", None) is not None else math.inf
        return MipResult(z, bound)


def default_engine() -> Engine:
    """HiGHS via ``highspy`` when importable, else ``scipy.optimize``."""
    try:
        return HighsEngine()
    except ImportError:
        return ScipyEngine()
