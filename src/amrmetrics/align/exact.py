"""The certified-optimal solver: cheap bounds first, the LP relaxation next, the MILP last.

1. smart init gives a mapping; the potential bound (:mod:`bounds`) may already prove it optimal;
2. else the LP relaxation of the aggregated formulation: its bound is rigorous (weak duality
   from the row prices) and its solution is usually integral, i.e. an optimal mapping;
3. else hill-climbing from the best mapping so far may meet the LP bound;
4. else the MILP, warm-started, within what is left of the time limit.

Large problems climb before the LP (a better start for the MILP, and often certified by the
cheap bound); small ones go straight to the LP, which is cheaper than climbing there.
"""

from __future__ import annotations

import math
import time

import numpy as np

from amrmetrics.align.bounds import line_bound, potential_grid, potentials, tighten
from amrmetrics.align.engines import Engine, default_engine
from amrmetrics.align.formulation import Formulation, formulate
from amrmetrics.align.hillclimb import climb, smart_init
from amrmetrics.align.indexed import IndexedProblem, index_problem
from amrmetrics.align.problem import AlignmentProblem
from amrmetrics.align.result import Alignment, certified

_CLIMB_FIRST = 60
"""Problems with more test or gold nodes than this climb before the LP."""


def _mapping_of(ip: IndexedProblem, z: np.ndarray) -> np.ndarray:
    """The mapping of the x part of an (integral) solution."""
    mapping = np.full(ip.n_test, -1, dtype=np.int64)
    chosen = np.flatnonzero(z[: ip.size] > 0.5)
    mapping[ip.ci[chosen]] = ip.cj[chosen]
    return mapping


def _start(ip: IndexedProblem, f: Formulation, mapping: np.ndarray) -> np.ndarray:
    """The MILP solution vector of a mapping (x of its candidates, y of its earned links)."""
    z = np.zeros(f.n_cols)
    cur = ip.candidate_of(mapping)
    active = np.zeros(ip.size + 1, dtype=bool)
    active[cur] = True
    active[ip.size] = False
    z[: ip.size] = active[: ip.size]
    z[ip.size :] = active[ip.qa] & active[ip.qb]
    return z


class ExactSolver:
    """Certifies the optimum of every problem (``timeout`` seconds per problem, None = no limit).

    On timeout the best mapping found is returned with status ``time-limit`` and the best proven
    bound (cheap, LP or MILP dual bound). The engine (a HiGHS object) is created on first use and
    reused; each solve clears its model, so results never depend on call order.
    """

    def __init__(self, timeout: float | None = None) -> None:
        if timeout is not None and timeout <= 0:
            raise ValueError("timeout must be positive")
        self.timeout = timeout
        self._engine: Engine | None = None
        self.lp_calls = 0
        self.milp_calls = 0

    @property
    def engine(self) -> Engine:
        """The LP/MILP engine, created lazily (importing HiGHS only when an LP is needed)."""
        if self._engine is None:
            self._engine = default_engine()
        return self._engine

    def solve(self, problem: AlignmentProblem) -> Alignment:
        """The optimal alignment of ``problem`` (or the best found and a bound, on timeout)."""
        began = time.perf_counter()
        deadline = math.inf if self.timeout is None else began + self.timeout

        def done(mapping: np.ndarray, value: float, upper: float) -> Alignment:
            return Alignment.of(mapping, value, upper, "time-limit", time.perf_counter() - began)

        ip = index_problem(problem)
        mapping = smart_init(ip, problem.unary)
        value = problem.value(mapping)
        upper = tighten(line_bound(potential_grid(ip, potentials(ip))), ip.integral)
        if certified(value, upper):
            return done(mapping, value, upper)
        if max(ip.n_test, ip.n_gold) > _CLIMB_FIRST:
            mapping = climb(ip, mapping)
            value = problem.value(mapping)
            if certified(value, upper):
                return done(mapping, value, upper)

        if time.perf_counter() >= deadline:
            return done(mapping, value, upper)
        f = formulate(ip)
        self.lp_calls += 1
        lp = self.engine.relax(f, deadline - time.perf_counter())
        upper = min(upper, tighten(lp.bound, ip.integral))
        if lp.z is not None:
            candidate = _mapping_of(ip, lp.z)
            candidate_value = problem.value(candidate)
            if candidate_value > value:
                mapping, value = candidate, candidate_value
        if certified(value, upper):
            return done(mapping, value, upper)

        climbed = climb(ip, mapping)
        climbed_value = problem.value(climbed)
        if climbed_value > value:
            mapping, value = climbed, climbed_value
        if certified(value, upper) or time.perf_counter() >= deadline:
            return done(mapping, value, upper)

        self.milp_calls += 1
        mip = self.engine.integer(f, _start(ip, f, mapping), deadline - time.perf_counter())
        upper = min(upper, tighten(mip.bound, ip.integral))
        if mip.z is not None:
            candidate = _mapping_of(ip, mip.z)
            candidate_value = problem.value(candidate)
            if candidate_value > value:
                mapping, value = candidate, candidate_value
        return done(mapping, value, upper)
