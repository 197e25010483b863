"""The LP bound of a problem too large for the simplex method, by a first-order method, and what it lets us drop.

Two documents of 50 sentences give 50,000 candidate node pairs; of 200 sentences, 700,000. The
simplex method takes about 10 s (50) to many minutes (200) for the first LP. HiGHS's PDLP, a
first-order primal-dual method, gets row prices near the optimum in a fraction of that. Any
non-negative prices give a rigorous bound by weak duality
(:meth:`~amrmetrics.align.formulation.Formulation.dual_bound`), so approximate prices only cost a
slightly looser bound. They also bound every mapping that uses candidate c by ``bound + min(0,
rc_c)``, ``rc_c`` its reduced cost (reduced-cost fixing): :meth:`LpBound.useful` keeps the
candidates with which a mapping could still beat the best one known, the problem every better
mapping lives in.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from amrmetrics.align.bounds import tighten
from amrmetrics.align.engines import _quiet_highs
from amrmetrics.align.formulation import formulate
from amrmetrics.align.indexed import IndexedProblem

GAP = 1e-4
"""PDLP stops at this relative duality gap (the bound is rigorous whatever the gap)."""


@dataclass(frozen=True, eq=False)
class LpBound:
    """The weak-duality bound (``dual``; rounded down when every weight is an integer, ``upper``),
    each candidate's reduced cost under the prices that prove it, and the LP solution's candidate
    values (to round)."""

    dual: float
    upper: float
    reduced: np.ndarray
    x: np.ndarray

    def useful(self, value: float, integral: bool) -> np.ndarray:
        """The candidates some mapping better than ``value`` may use (``dual + min(0, rc) > value``)."""
        best = self.dual + np.minimum(self.reduced, 0.0)
        return np.floor(best + 1e-6) > value if integral else best > value


def first_order_bound(ip: IndexedProblem, seconds: float) -> LpBound | None:
    """The LP bound of ``ip`` by PDLP within ``seconds`` (prices cut short by the limit still give a
    valid, looser bound); None when HiGHS returns no prices at all."""
    import highspy

    f = formulate(ip)
    highs = _quiet_highs(highspy)
    highs.setOptionValue("solver", "pdlp")
    highs.setOptionValue("pdlp_d_gap_tol", GAP)
    if math.isfinite(seconds):
        highs.setOptionValue("time_limit", max(seconds, 0.0))
    highs.passModel(
        f.n_cols, f.n_rows, len(f.index), 1, -1, 0.0,
        f.cost, np.zeros(f.n_cols), np.ones(f.n_cols), np.full(f.n_rows, -np.inf), f.upper,
        f.start, f.index, f.value, np.zeros(f.n_cols, dtype=np.int32),
    )
    highs.run()
    solution = highs.getSolution()
    duals = np.asarray(solution.row_dual)
    if len(duals) != f.n_rows:
        return None
    prices = np.maximum(duals, 0.0)
    reduced = f.cost - np.add.reduceat(f.value * prices[f.index], f.start[:-1]) if f.n_cols else np.zeros(0)
    values = np.asarray(solution.col_value)
    x = values[: f.n_x] if len(values) == f.n_cols else np.zeros(f.n_x)
    dual = f.dual_bound(duals)
    return LpBound(dual, tighten(dual, ip.integral), reduced[: f.n_x], x)
