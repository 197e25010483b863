"""ExactSolver._finish (steps 3 to 5: the LP, a climb from its rounded solution, the MILP) with a
scripted stand-in engine and budgets the test sets, on a 3 x 3 problem worked out by hand.

The problem (also in test_mut3_large_route.py): unary (1,0) = 3, (1,1) = 3, (1,2) = 1, (2,0) = 2;
links (0,2)-(1,0) of 2 and (1,1)-(2,0) of 1. Its optimum is 6 (1->1, 2->0: 3 + 2 + 1); [2, 0, -1]
(3 + link 2 = 5) is a local optimum (no move or swap gains), the incumbent every test starts from;
[-1, 1, -1] (3) is not: moving 2 onto 0 gains 2 + 1 and reaches the optimum. Every weight is an
integer, so a bound rounds down.
"""

from __future__ import annotations

import math
import time

import numpy as np
import pytest

from amrmetrics.align import AlignmentProblem
from amrmetrics.align.budget import Budget, pass_units
from amrmetrics.align.engines import LpResult, MipResult
from amrmetrics.align.exact import ExactSolver, _Incumbent, _mapping_of
from amrmetrics.align.formulation import Formulation, formulate
from amrmetrics.align.hillclimb import step_units
from amrmetrics.align.indexed import IndexedProblem, index_problem

LOCAL = [2, 0, -1]
OPTIMUM = [-1, 1, 0]


def sixes() -> AlignmentProblem:
    unary = np.array([[0.0, 0.0, 0.0], [3.0, 3.0, 1.0], [2.0, 0.0, 0.0]])
    return AlignmentProblem(unary, np.array([[0, 2, 1, 0], [1, 1, 2, 0]]), np.array([2.0, 1.0]))


def z_of(ip: IndexedProblem, mapping: list[int]) -> np.ndarray:
    """The 0/1 vector of a mapping: x = 1 on its candidates, y = 1 on the links between two of them."""
    x = np.array([float(mapping[i] == j) for i, j in zip(ip.ci.tolist(), ip.cj.tolist())])
    return np.concatenate([x, x[ip.qa] * x[ip.qb]])


class Engine:
    """Answers ``lp`` and ``mip`` and keeps the budget each call had left; ``use_up`` spends all of it during the LP."""

    def __init__(self, lp: LpResult, mip: MipResult, use_up: bool = False) -> None:
        self.lp, self.mip, self.use_up = lp, mip, use_up
        self.relaxed: list[float] = []
        self.started: list[tuple[np.ndarray, float]] = []

    def relax(self, f: Formulation, budget: Budget) -> LpResult:
        self.relaxed.append(budget.left)
        if self.use_up:
            budget.spend(budget.left)
        return self.lp

    def integer(self, f: Formulation, start: np.ndarray, budget: Budget) -> MipResult:
        self.started.append((start.copy(), budget.left))
        return self.mip


def finish(solver: ExactSolver, engine: Engine, budget: Budget):
    """``_finish`` from the local optimum (value 5) with the cheap bound 7 (the whole problem left)."""
    problem = sixes()
    ip = index_problem(problem)
    solver._engine = engine
    best = _Incumbent(problem, np.array(LOCAL, dtype=np.int64), 5.0)
    return solver._finish(ip, ip, best, 7.0, time.perf_counter(), budget)


def formulation_units() -> float:
    """What _finish charges for formulating sixes() before the LP."""
    f = formulate(index_problem(sixes()))
    return pass_units(f.n_cols, len(f.index), f.n_rows)


def test_the_rounded_lp_solution_and_its_bound_rounded_down_certify_the_optimum() -> None:
    """The LP gives the optimum's vector with a bound of 6.5: the optimum (6) is taken, 6.5 rounds
    down to 6, so it is certified without a climb's help or the MILP."""
    ip = index_problem(sixes())
    engine = Engine(LpResult(z_of(ip, OPTIMUM), 6.5), MipResult(None, math.inf))
    solver = ExactSolver()
    result = finish(solver, engine, Budget())
    assert result.mapping == tuple(OPTIMUM) and result.value == 6.0 and result.upper == 6.0
    assert result.status == "optimal"
    assert engine.started == [] and solver.milp_calls == 0 and solver.lp_calls == 1


def test_without_answers_from_the_engine_the_incumbent_and_the_cheap_bound_are_returned() -> None:
    """No LP solution, no MILP solution, no bounds: twice the local optimum, its value 5 and the
    bound 7 it came with, status time-limit. The LP gets the budget less the formulation, the MILP
    what the climb from the incumbent left, and it starts from the incumbent's vector."""
    ip = index_problem(sixes())
    engine = Engine(LpResult(None, math.inf), MipResult(None, math.inf))
    solver = ExactSolver(timeout=30.0)
    assert solver.lp_calls == 0 and solver.milp_calls == 0
    units = 10.0**9
    for _ in range(2):
        result = finish(solver, engine, Budget(units))
        assert result.mapping == tuple(LOCAL) and result.value == 5.0 and result.upper == 7.0
        assert result.status == "time-limit"
    assert engine.relaxed == [units - formulation_units()] * 2
    climb_step = step_units(ip.size, len(ip.qw), ip.n_test)
    assert [left for _, left in engine.started] == [units - formulation_units() - 2 * climb_step] * 2
    for start, _ in engine.started:
        assert start.tolist() == z_of(ip, LOCAL).tolist()
    assert solver.lp_calls == 2 and solver.milp_calls == 2


def test_an_lp_that_uses_up_the_budget_leaves_neither_a_climb_nor_the_milp() -> None:
    """The LP spends the whole budget and gives [-1, 1, -1] (worth 3) and bound 7: a climb from it
    would reach the optimum, and so would the MILP, but there is nothing left for either: the
    incumbent (5) is returned."""
    ip = index_problem(sixes())
    engine = Engine(LpResult(z_of(ip, [-1, 1, -1]), 7.0), MipResult(z_of(ip, OPTIMUM), 6.0), use_up=True)
    result = finish(ExactSolver(timeout=30.0), engine, Budget(10.0**9))
    assert result.mapping == tuple(LOCAL) and result.value == 5.0 and result.upper == 7.0
    assert result.status == "time-limit"
    assert engine.started == []


def test_an_lp_stopped_by_the_clock_says_so() -> None:
    """The same with a budget whose clock has passed: the result is marked clock-limit."""
    ip = index_problem(sixes())
    engine = Engine(LpResult(z_of(ip, [-1, 1, -1]), 7.0), MipResult(z_of(ip, OPTIMUM), 6.0))
    result = finish(ExactSolver(timeout=30.0), engine, Budget(10.0**9, deadline=time.perf_counter() - 1.0))
    assert result.mapping == tuple(LOCAL) and result.status == "clock-limit" and engine.started == []


def test_a_candidate_at_exactly_one_half_is_not_taken() -> None:
    """The rounding keeps the candidates with x > 0.5 only."""
    ip = index_problem(AlignmentProblem(np.array([[1.0]]), np.zeros((0, 4), dtype=np.int64), np.zeros(0)))
    assert _mapping_of(ip, np.array([0.5])).tolist() == [-1]
    assert _mapping_of(ip, np.array([0.75])).tolist() == [0]


@pytest.mark.parametrize("timeout", [0.0, -1.0])
def test_a_timeout_that_is_not_positive_is_refused(timeout: float) -> None:
    with pytest.raises(ValueError, match=r"^timeout must be positive$"):
        ExactSolver(timeout=timeout)
