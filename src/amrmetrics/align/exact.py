"""The certified-optimal solver: cheap bounds first, the LP relaxation next, the MILP last.

1. a greedy mapping by potential (:mod:`bounds`), then hill-climbing when every weight is an
   integer, may meet the potential bound (with graded weights the bound cannot be rounded down
   and a climb almost never meets it, so the LP's rounded solution is climbed instead);
2. else candidates that no better mapping can use are dropped, round after round, which lowers
   the bound (:func:`~amrmetrics.align.bounds.eliminate`);
3. else, for graded weights (S2match), the compiled core's bounds on what is left
   (:func:`~amrmetrics.align.native.prove_graded`), which usually certify the best mapping
   without an LP (with the compiled core and no work limit, steps 1 to 3 of a graded problem run
   compiled in one call, :func:`~amrmetrics.align.native.cheap_graded`, with the same results);
   else the LP relaxation of what is left, in the aggregated formulation: its
   bound is rigorous (weak duality from the row prices) and its solution is usually integral,
   i.e. optimal;
4. else hill-climbing from the rounded LP solution may meet the LP bound;
5. else the MILP (branch and bound on the LP, see :mod:`engines`), within what is left of the
   time limit.

Every step stops when the pair's :class:`~amrmetrics.align.budget.Budget` runs out, with what it
has (the climbs and elimination rounds pay per step; the LP and MILP get the units left as simplex
iterations, and the clock left as HiGHS' time limit). After step 2 every bound is a bound on mappings
*better than the best value known then*, so the overall upper bound is the larger of that value
and the bound. A restricted problem (one with a ``ceiling``, see :mod:`~amrmetrics.align.large`)
gets step 1 only, and the ceiling as its bound.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from amrmetrics.align.bounds import eliminate, line_bound, potentials, tighten
from amrmetrics.align.budget import SETUP_PASSES, Budget, pass_units
from amrmetrics.align.engines import Engine, default_engine
from amrmetrics.align.formulation import Formulation, formulate
from amrmetrics.align.hillclimb import climb, greedy_init
from amrmetrics.align.indexed import IndexedProblem, index_problem
from amrmetrics.align.native import cheap_graded, prove_graded
from amrmetrics.align.problem import AlignmentProblem
from amrmetrics.align.result import Alignment, Status, certified
from amrmetrics.align.small import SmallProblem, index_small
from amrmetrics.align.small import climb as climb_small
from amrmetrics.align.small import greedy_init as greedy_small
from amrmetrics.align.small_bounds import eliminate as eliminate_small
from amrmetrics.align.small_bounds import line_bound as line_bound_small
from amrmetrics.align.small_bounds import potentials as potentials_small


def _mapping_of(ip: IndexedProblem, z: np.ndarray) -> np.ndarray:
    """The one-to-one mapping of the candidates with x > 0.5, largest x first.

    Greedy, because the solver's feasibility tolerance can put two x of one row just above 0.5.
    """
    x = z[: ip.size]
    return greedy_init(ip, np.where(x > 0.5, x, 0.0))


def _start(ip: IndexedProblem, f: Formulation, mapping: np.ndarray) -> np.ndarray:
    """A feasible MILP vector from a mapping (its candidates left in ``ip``, their earned links)."""
    active = np.zeros(ip.size + 1, dtype=bool)
    active[ip.candidate_of(mapping)] = True
    active[ip.unmapped] = False
    z = np.zeros(f.n_cols)
    z[: ip.size] = active[: ip.size]
    z[ip.size :] = active[ip.qa] & active[ip.qb]
    return z


def _cheap_small(sp: SmallProblem, budget: Budget) -> tuple[list[int], float, float, SmallProblem | None]:
    """Steps 1 and 2 in plain Python (the numpy steps of :meth:`ExactSolver.solve`, same results):
    the best mapping, its value, the upper bound, and what elimination left when the LP is needed."""
    budget.spend(SETUP_PASSES * pass_units(sp.size, len(sp.qw), sp.n_test + sp.n_gold))
    pot = potentials_small(sp)
    upper = tighten(line_bound_small(sp, pot), True)
    mapping = greedy_small(sp, pot)
    value = sp.value(mapping)
    if certified(value, upper):
        return mapping, value, upper, None
    climbed = climb_small(sp, mapping, budget)
    if climbed != mapping:
        climbed_value = sp.value(climbed)
        if climbed_value > value:
            mapping, value = climbed, climbed_value
    if certified(value, upper) or budget.exhausted():
        return mapping, value, upper, None
    left, bound = eliminate_small(sp, value, pot, budget=budget)
    upper = min(upper, max(value, bound))
    if certified(value, upper) or budget.exhausted():
        return mapping, value, upper, None
    return mapping, value, upper, left


@dataclass
class _Incumbent:
    """The best mapping found so far for one problem (local to one ``solve`` call)."""

    problem: AlignmentProblem
    mapping: np.ndarray
    value: float

    def offer(self, mapping: np.ndarray) -> None:
        """Keep ``mapping`` if it is strictly better (the same mapping is not evaluated again)."""
        if np.array_equal(mapping, self.mapping):
            return
        value = self.problem.value(mapping)
        if value > self.value:
            self.mapping, self.value = mapping, value


class ExactSolver:
    """Certifies the optimum of every problem (``timeout`` seconds per problem, None = no limit).

    ``timeout`` becomes a work :class:`~amrmetrics.align.budget.Budget` per :meth:`solve` call,
    unless the caller passes one (a metric passes one budget to every solve of a pair). When it
    runs out, the best mapping found is returned with status ``time-limit`` and the best proven
    bound (cheap, LP or MILP dual bound); ``clock-limit`` when the wall-clock backstop stopped it
    first. The engine (a HiGHS object) is created on first use and reused; each solve clears its
    model, so results never depend on call order. ``lp_calls`` and ``milp_calls`` count the engine
    calls (for benchmarks).
    """

    takes_budget = True

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

    def budget(self) -> Budget:
        """A new budget of ``timeout`` seconds (unlimited without one), its clock starting now."""
        return Budget.of(self.timeout)

    def solve(self, problem: AlignmentProblem, budget: Budget | None = None) -> Alignment:
        """The optimal alignment of ``problem`` (or the best found and a bound, when ``budget`` runs out)."""
        began = time.perf_counter()
        budget = self.budget() if budget is None else budget
        compiled = cheap_graded(problem, budget, began)
        if compiled is not None:
            return compiled
        small = index_small(problem)
        if small is not None:
            mapping, value, upper, left = _cheap_small(small, budget)
            if left is None:
                return Alignment.of(mapping, value, upper, stopped(budget), time.perf_counter() - began)
            best = _Incumbent(problem, np.array(mapping, dtype=np.int64), value)
            return self._finish(small.indexed(), left.indexed(), best, upper, began, budget)
        ip = index_problem(problem)
        budget.spend(SETUP_PASSES * pass_units(ip.size, len(ip.qw), ip.n_test + ip.n_gold))
        pot = potentials(ip)
        upper = tighten(line_bound(ip, pot), ip.integral)
        start = greedy_init(ip, pot)
        best = _Incumbent(problem, start, problem.value(start))

        def done() -> Alignment:
            return Alignment.of(best.mapping, best.value, upper, stopped(budget), time.perf_counter() - began)

        if problem.ceiling is not None:  # a restriction: its bounds do not bound the pair
            best.offer(climb(ip, best.mapping, budget))
            status: Status = stopped(budget) if budget.refused or budget.clocked else "size-limit"
            return Alignment.of(best.mapping, best.value, problem.ceiling, status, time.perf_counter() - began)
        if certified(best.value, upper):
            return done()
        if ip.integral:  # graded weights give unrounded bounds that a climb almost never meets
            best.offer(climb(ip, best.mapping, budget))
            if certified(best.value, upper) or budget.exhausted():
                return done()
        reduced, bound = eliminate(ip, best.value, potential=pot, budget=budget)
        upper = min(upper, max(best.value, bound))
        if certified(best.value, upper) or budget.exhausted():
            return done()
        return self._finish(ip, reduced, best, upper, began, budget)

    def _finish(
        self, ip: IndexedProblem, reduced: IndexedProblem, best: _Incumbent, upper: float, began: float, budget: Budget
    ) -> Alignment:
        """Steps 3 to 5: the compiled bounds (graded weights) or the LP relaxation of ``reduced`` (what
        elimination left of ``ip``), a climb, the MILP."""

        def done() -> Alignment:
            return Alignment.of(best.mapping, best.value, upper, stopped(budget), time.perf_counter() - began)

        proof = prove_graded(best.problem, reduced, best.mapping, best.value, budget)
        if proof is not None:
            optimum, bound = proof
            best.offer(optimum)
            bounded = min(upper, max(best.value, bound))
            if certified(best.value, bounded):
                upper = bounded
                return done()

        f = formulate(reduced)
        budget.spend(pass_units(f.n_cols, len(f.index), f.n_rows))
        self.lp_calls += 1
        lp = self.engine.relax(f, budget)
        rounded = best.mapping if lp.z is None else _mapping_of(reduced, lp.z)
        best.offer(rounded)
        upper = min(upper, max(best.value, tighten(lp.bound, reduced.integral)))
        if certified(best.value, upper):
            return done()
        best.offer(climb(ip, rounded, budget))
        if certified(best.value, upper) or budget.exhausted():
            return done()

        self.milp_calls += 1
        mip = self.engine.integer(f, _start(reduced, f, best.mapping), budget)
        if mip.z is not None:
            best.offer(_mapping_of(reduced, mip.z))
        upper = min(upper, max(best.value, tighten(mip.bound, reduced.integral)))
        return done()


def stopped(budget: Budget) -> Status:
    """The status of a result that is not certified: ``clock-limit`` when the wall clock stopped its
    search (the result depends on the machine), else ``time-limit`` (its work budget ran out)."""
    return "clock-limit" if budget.clocked else "time-limit"
