"""LP and MILP engines for a :class:`~amrmetrics.align.formulation.Formulation`.

HiGHS through ``highspy`` (single thread, silent), or ``scipy.optimize`` (which bundles HiGHS)
when ``highspy`` is missing. Each LP gets the units left in the pair's
:class:`~amrmetrics.align.budget.Budget` as a simplex iteration limit (:func:`iteration_units`
each; deterministic, so the point where a search stops does not depend on the machine) and the
seconds left to its wall-clock deadline as HiGHS' time limit (the backstop). highspy 1.16 prints a banner on file descriptor 1 from the ``Highs``
constructor, before any option can be set: :func:`_quiet_highs` builds it with that descriptor
pointed at the null device, so nothing of HiGHS ever reaches our standard output. Both are imported lazily: most pairs never need an LP. Presolve is
off for small LPs (it costs more than it saves on sentence pairs) and on for large ones (a
431-node document pair: 4 s instead of over 60 s), unless the budget left is small: HiGHS cannot
interrupt presolve (seconds on such a pair), while it stops the simplex at its iteration limit.
"""

from __future__ import annotations

import ctypes
import math
import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from amrmetrics.align.budget import Budget, pass_units, units_of
from amrmetrics.align.formulation import Formulation
from amrmetrics.align.result import certified

if TYPE_CHECKING:
    from scipy.sparse import csc_array

_PRESOLVE_COLUMNS = 10_000
"""LPs with more variables than this are presolved..."""
_PRESOLVE_UNITS = units_of(10.0)
"""...when at least this many units (those of a 10 s timeout) are left."""
ITERATION_ELEMENT = 4
"""Units per row and column of one simplex iteration."""
_MAX_ITERATIONS = 2**31 - 1
"""HiGHS' largest iteration limit (a 32-bit integer)."""


def iteration_units(f: Formulation) -> float:
    """Units of one simplex iteration on ``f``."""
    return float(ITERATION_ELEMENT * (f.n_rows + f.n_cols) + 1)


def iteration_limit(f: Formulation, budget: Budget) -> int:
    """The simplex iterations ``budget`` can pay for on ``f``."""
    left = budget.left
    return _MAX_ITERATIONS if math.isinf(left) else int(min(left // iteration_units(f), _MAX_ITERATIONS))
PRESOLVE_PASSES = 10
"""Presolve is charged as this many passes over the formulation (it cannot be limited)."""
NODE_ITERATIONS = 100
"""Simplex iterations charged per branch-and-bound node by the scipy fallback (it does not count them)."""
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
    """Solves the relaxation and the integer program of a formulation, paid from a budget."""

    def relax(self, f: Formulation, budget: Budget) -> LpResult:
        """Solve the LP relaxation within what ``budget`` can pay for."""
        ...

    def integer(self, f: Formulation, start: np.ndarray, budget: Budget) -> MipResult:
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
        self._limits: tuple[float, int] | None = None

    def _set_limits(self, f: Formulation, budget: Budget) -> None:
        """The iterations ``budget`` pays for, and its seconds left: HiGHS compares ``time_limit``
        with its run clock, which keeps running over the object's whole life (``clear`` does not reset it).
        """
        h = self._highs
        seconds = budget.seconds_left()
        limits = (h.getRunTime() + seconds if math.isfinite(seconds) else self._highspy.kHighsInf, iteration_limit(f, budget))
        if limits != self._limits:  # an unlimited budget sets them once (each option set costs a HiGHS call)
            h.setOptionValue("time_limit", limits[0])
            h.setOptionValue("simplex_iteration_limit", limits[1])
            self._limits = limits

    def _load(self, f: Formulation, budget: Budget) -> None:
        h = self._highs
        h.clearModel()
        h.clearSolver()
        presolve = f.n_cols > _PRESOLVE_COLUMNS and budget.left >= _PRESOLVE_UNITS
        if presolve:
            budget.spend(PRESOLVE_PASSES * pass_units(f.n_cols, len(f.index), f.n_rows))
        h.setOptionValue("presolve", "on" if presolve else "off")
        h.passModel(
            f.n_cols, f.n_rows, len(f.index), 1, -1, 0.0,
            f.cost, np.zeros(f.n_cols), np.ones(f.n_cols), np.full(f.n_rows, -np.inf), f.upper,
            f.start, f.index, f.value, np.zeros(f.n_cols, dtype=np.int32),
        )
        self._loaded = f

    def relax(self, f: Formulation, budget: Budget) -> LpResult:
        """Dual-feasible row prices give the bound by weak duality, so it is rigorous."""
        self._load(f, budget)
        node = self._solve_node(f, (), budget)
        if not node:
            return LpResult(None, math.inf)
        return LpResult(*node)

    def integer(self, f: Formulation, start: np.ndarray, budget: Budget) -> MipResult:
        """Depth-first branch and bound on the most fractional x, each node a warm-started LP.

        The HiGHS MIP solver spends ~10 ms on set-up for a sentence pair and re-solves the root
        of a document pair; these node LPs take ~0.1 ms and a few pivots. Every node left
        unexplored (pruned, or cut when the budget runs out) adds its LP bound to the returned
        bound, which is therefore rigorous.
        """
        if self._loaded is not f:
            self._load(f, budget)
        integral = not np.any(f.cost % 1)
        best_z, best = start, float(f.cost @ start)
        closed = -math.inf
        stack: list[tuple[tuple[tuple[int, int], ...], float]] = [((), math.inf)]
        while stack:
            fixings, parent = stack.pop()
            if _cannot_beat(parent, best, integral) or not budget.affords(iteration_units(f)):
                closed = max(closed, parent)
                continue
            node = self._solve_node(f, fixings, budget)
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
        self, f: Formulation, fixings: tuple[tuple[int, int], ...], budget: Budget
    ) -> tuple[np.ndarray, float] | tuple[()] | None:
        """The loaded LP with ``fixings`` applied: (solution, rigorous bound), () if infeasible,
        None if unsolved (iteration or time limit; the budget then records which).
        """
        h = self._highs
        if fixings:
            columns = np.array([c for c, _ in fixings], dtype=np.int32)
            values = np.array([v for _, v in fixings], dtype=np.float64)
            h.changeColsBounds(len(columns), columns, values, values)
        self._set_limits(f, budget)
        h.run()
        status = h.getModelStatus()
        if budget.limited:  # the iterations are counted only where a limit can use the count
            budget.spend(h.getInfo().simplex_iteration_count * iteration_units(f))
        if fixings:
            h.changeColsBounds(len(columns), columns, np.zeros(len(columns)), np.ones(len(columns)))
        statuses = self._highspy.HighsModelStatus
        if status == statuses.kInfeasible:
            return ()
        if status != statuses.kOptimal:
            _record_stop(budget, status == statuses.kTimeLimit)
            return None
        solution = h.getSolution()
        return np.asarray(solution.col_value), f.dual_bound(solution.row_dual, fixings)


class ScipyEngine:
    """``scipy.optimize`` (HiGHS inside): the fallback when ``highspy`` cannot be imported."""

    def _matrix(self, f: Formulation) -> csc_array:
        from scipy.sparse import csc_array

        return csc_array((f.value, f.index, f.start), shape=(f.n_rows, f.n_cols))

    def relax(self, f: Formulation, budget: Budget) -> LpResult:
        """``linprog``'s row marginals are the prices of the minimisation of ``-cost``."""
        from scipy.optimize import linprog

        presolve = f.n_cols > _PRESOLVE_COLUMNS and budget.left >= _PRESOLVE_UNITS
        options: dict[str, float | bool] = {"presolve": presolve, "maxiter": iteration_limit(f, budget)}
        if math.isfinite(budget.seconds_left()):
            options["time_limit"] = budget.seconds_left()
        res = linprog(-f.cost, A_ub=self._matrix(f), b_ub=f.upper, bounds=(0, 1), method="highs", options=options)
        budget.spend((getattr(res, "nit", 0) or 0) * iteration_units(f))
        if res.status != 0:
            _record_stop(budget, res.status == 1 and "time" in str(getattr(res, "message", "")).lower())
            return LpResult(None, math.inf)
        return LpResult(np.asarray(res.x), f.dual_bound(-np.asarray(res.ineqlin.marginals)))

    def integer(self, f: Formulation, start: np.ndarray, budget: Budget) -> MipResult:
        """``milp`` cannot be warm-started (the caller keeps ``start`` if it is better) nor limited in
        simplex iterations: its branch-and-bound nodes are, at :data:`NODE_ITERATIONS` iterations each."""
        from scipy.optimize import Bounds, LinearConstraint, milp

        integrality = np.zeros(f.n_cols)
        integrality[: f.n_x] = 1
        options: dict[str, float] = {"mip_rel_gap": 0.0}
        if math.isfinite(budget.left):
            options["node_limit"] = int(min(budget.left // (NODE_ITERATIONS * iteration_units(f)), _MAX_ITERATIONS))
        if math.isfinite(budget.seconds_left()):
            options["time_limit"] = budget.seconds_left()
        res = milp(
            -f.cost,
            constraints=LinearConstraint(self._matrix(f), -np.inf, f.upper),
            integrality=integrality,
            bounds=Bounds(0, 1),
            options=options,
        )
        budget.spend((getattr(res, "mip_node_count", None) or 1) * NODE_ITERATIONS * iteration_units(f))
        if getattr(res, "status", 0) == 1:
            _record_stop(budget, "time" in str(getattr(res, "message", "")).lower())
        z = np.asarray(res.x) if res.x is not None else None
        bound = -float(res.mip_dual_bound) if getattr(res, "mip_dual_bound", None) is not None else math.inf
        return MipResult(z, bound)


def _record_stop(budget: Budget, by_clock: bool) -> None:
    """Note on ``budget`` why an engine stopped: its time limit (the clock) or its iteration limit."""
    if by_clock:
        budget.clocked = True
    else:
        budget.refused = True


def default_engine() -> Engine:
    """HiGHS via ``highspy`` when importable, else ``scipy.optimize``."""
    try:
        return HighsEngine()
    except ImportError:
        return ScipyEngine()
