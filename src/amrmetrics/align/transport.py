"""Exact optimal transport (earth mover's distance) between two sets of points with given masses.

WWLK compares two graphs by the cheapest way to move the uniform mass of one graph's nodes onto
the other's; the optimal plan is an n:m alignment. POT's network simplex (``ot.emd``, extra
``amrmetrics[ot]``) is used when installed. Without it, an exact fallback needs only scipy: with
uniform masses the problem is an assignment problem on ``lcm(n, m)`` copies of the points
(:func:`scipy.optimize.linear_sum_assignment`); when that is too big, the transport linear program
is solved by the HiGHS dual simplex and its vertex solution is snapped to the lattice of masses.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

import numpy as np

from amrmetrics.extras import available, require

Backend = Literal["auto", "pot", "scipy"]

ASSIGNMENT_LIMIT = 600
"""Largest ``lcm(n, m)`` solved as an assignment problem by the scipy fallback (else the LP)."""


@dataclass(frozen=True)
class Transport:
    """An optimal transport: its total cost and the plan (``plan[i, j]`` = mass moved from i to j)."""

    cost: float
    plan: np.ndarray


def has_pot() -> bool:
    """True when POT (Python Optimal Transport) is importable."""
    return available("ot")


def emd(costs: np.ndarray, a: np.ndarray | None = None, b: np.ndarray | None = None, backend: Backend = "auto") -> Transport:
    """The optimal transport of masses ``a`` (rows) onto ``b`` (columns) under ``costs``; uniform by default.

    ``backend``: ``pot``, ``scipy`` (exact fallback), or ``auto`` (POT when installed).
    """
    costs = np.ascontiguousarray(costs, dtype=np.float64)
    n, m = costs.shape
    if n == 0 or m == 0:
        raise ValueError("optimal transport needs at least one point on each side")
    uniform = a is None and b is None
    a = np.full(n, 1.0 / n) if a is None else np.asarray(a, dtype=np.float64)
    b = np.full(m, 1.0 / m) if b is None else np.asarray(b, dtype=np.float64)
    if backend == "pot" or (backend == "auto" and has_pot()):
        return _pot(costs, a, b)
    if backend not in ("auto", "scipy"):
        raise ValueError(f"unknown transport backend {backend!r} (auto, pot, scipy)")
    if uniform and n * m // math.gcd(n, m) <= ASSIGNMENT_LIMIT:
        return _assignment(costs)
    return _linear_program(costs, a, b)


def _pot(costs: np.ndarray, a: np.ndarray, b: np.ndarray) -> Transport:
    ot = require("ot", "the pot transport backend")
    plan = ot.emd(a, b, costs)
    return Transport(float(np.sum(plan * costs)), plan)


def _assignment(costs: np.ndarray) -> Transport:
    """Uniform masses: each row point splits into ``L/n`` copies, each column point into ``L/m``."""
    from scipy.optimize import linear_sum_assignment

    n, m = costs.shape
    lcm = n * m // math.gcd(n, m)
    rows = np.repeat(np.arange(n), lcm // n)
    cols = np.repeat(np.arange(m), lcm // m)
    r, c = linear_sum_assignment(costs[np.ix_(rows, cols)])
    plan = np.zeros((n, m))
    np.add.at(plan, (rows[r], cols[c]), 1.0 / lcm)
    return Transport(float(np.sum(plan * costs)), plan)


def _linear_program(costs: np.ndarray, a: np.ndarray, b: np.ndarray) -> Transport:
    """The transport LP by the HiGHS dual simplex; a vertex on the mass lattice is snapped onto it."""
    from scipy import sparse
    from scipy.optimize import linprog

    n, m = costs.shape
    rows = sparse.kron(sparse.identity(n), np.ones((1, m)))
    cols = sparse.kron(np.ones((1, n)), sparse.identity(m))
    equalities = sparse.vstack([rows, cols]).tocsr()
    result = linprog(
        costs.ravel(), A_eq=equalities, b_eq=np.concatenate([a, b]), bounds=(0, None), method="highs-ds"
    )
    if result.status != 0:
        raise RuntimeError(f"transport linear program failed: {result.message}")
    plan = np.clip(result.x.reshape(n, m), 0.0, None)
    snapped = _snap(plan, a, b)
    return Transport(float(np.sum(snapped * costs)), snapped)


def _snap(plan: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Round a plan to multiples of ``1/lcm(n, m)`` when the masses are uniform and rounding keeps it feasible."""
    n, m = plan.shape
    lcm = n * m // math.gcd(n, m)
    if not (np.allclose(a, 1.0 / n, rtol=0, atol=1e-15) and np.allclose(b, 1.0 / m, rtol=0, atol=1e-15)):
        return plan
    units = np.rint(plan * lcm)
    if np.all(units.sum(axis=1) == lcm // n) and np.all(units.sum(axis=0) == lcm // m):
        return units / lcm
    return plan
