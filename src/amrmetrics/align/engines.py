"""LP and MILP engines for a :class:`~amrmetrics.align.formulation.Formulation`.

HiGHS through ``highspy`` (single thread, silent), or ``scipy.optimize`` (which bundles HiGHS)
when ``highspy`` is missing. Both are imported lazily: most pairs never need an LP. Presolve is
off for small LPs (it costs more than it saves on sentence pairs) and on for large ones (a
431-node document pair: 3 s instead of 17 s).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from amrmetrics.align.formulation import Formulation

_PRESOLVE_COLUMNS = 10_000
"""LPs with more variables than this are presolved."""


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
    """One reusable ``highspy.Highs`` object; the model is cleared before every solve."""

    def __init__(self) -> None:
        import highspy

        self._highspy = highspy
        self._highs = highspy.Highs()
        self._highs.silent()
        for name, value in (("output_flag", False), ("threads", 1), ("random_seed", 0)):
            self._highs.setOptionValue(name, value)

    def _load(self, f: Formulation, integer: bool, time_limit: float) -> None:
        h = self._highs
        h.clearModel()
        h.clearSolver()
        h.setOptionValue("presolve", "on" if integer or f.n_cols > _PRESOLVE_COLUMNS else "off")
        h.setOptionValue("time_limit", time_limit if math.isfinite(time_limit) else self._highspy.kHighsInf)
        integrality = np.zeros(f.n_cols, dtype=np.int32)
        if integer:
            integrality[: f.n_x] = 1
            h.setOptionValue("mip_rel_gap", 0.0)
            h.setOptionValue("mip_abs_gap", 1e-9)
        h.passModel(
            f.n_cols, f.n_rows, len(f.index), 1, -1, 0.0,
            f.cost, np.zeros(f.n_cols), np.ones(f.n_cols), np.full(f.n_rows, -np.inf), f.upper,
            f.start.astype(np.int32), f.index.astype(np.int32), f.value, integrality,
        )

    def relax(self, f: Formulation, time_limit: float) -> LpResult:
        """Dual-feasible row prices give the bound by weak duality, so it is rigorous."""
        self._load(f, False, time_limit)
        h = self._highs
        h.run()
        if h.getModelStatus() != self._highspy.HighsModelStatus.kOptimal:
            return LpResult(None, math.inf)
        solution = h.getSolution()
        bound = f.row_activity_bound(np.asarray(solution.row_dual))
        return LpResult(np.asarray(solution.col_value), bound)

    def integer(self, f: Formulation, start: np.ndarray, time_limit: float) -> MipResult:
        """The MIP dual bound HiGHS proves, and its incumbent (never worse than ``start``)."""
        self._load(f, True, time_limit)
        h = self._highs
        solution = self._highspy.HighsSolution()
        solution.col_value = list(start)
        solution.value_valid = True
        h.setSolution(solution)
        h.run()
        info = h.getInfo()
        z = np.asarray(h.getSolution().col_value) if info.primal_solution_status == 2 else None
        return MipResult(z, float(info.mip_dual_bound))


class ScipyEngine:
    """``scipy.optimize`` (HiGHS inside): the fallback when ``highspy`` cannot be imported."""

    def _matrix(self, f: Formulation):  # noqa: ANN202 - scipy.sparse type, imported lazily
        from scipy.sparse import csc_array

        return csc_array((f.value, f.index, f.start), shape=(f.n_rows, f.n_cols))

    def relax(self, f: Formulation, time_limit: float) -> LpResult:
        """``linprog``'s row marginals are the prices of the minimisation of ``-cost``."""
        from scipy.optimize import linprog

        options: dict[str, float | bool] = {"presolve": f.n_cols > _PRESOLVE_COLUMNS}
        if math.isfinite(time_limit):
            options["time_limit"] = time_limit
        res = linprog(-f.cost, A_ub=self._matrix(f), b_ub=f.upper, bounds=(0, 1), method="highs", options=options)
        if res.status != 0:
            return LpResult(None, math.inf)
        return LpResult(np.asarray(res.x), f.row_activity_bound(-np.asarray(res.ineqlin.marginals)))

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
