"""HighsEngine.relax when HiGHS gives no solution: no z and an infinite (trivially valid) bound."""

from __future__ import annotations

import math
import time

import numpy as np
import pytest

from amrmetrics.align import AlignmentProblem
from amrmetrics.align.budget import Budget
from amrmetrics.align.engines import HighsEngine
from amrmetrics.align.formulation import Formulation, formulate
from amrmetrics.align.indexed import index_problem


def test_an_infeasible_relaxation_has_no_solution_and_an_infinite_bound() -> None:
    """One variable x in [0, 1] under the row x <= -1: no x satisfies it."""
    f = Formulation(
        cost=np.array([1.0]),
        upper=np.array([-1.0]),
        start=np.array([0, 1], dtype=np.int32),
        index=np.array([0], dtype=np.int32),
        value=np.array([1.0]),
        n_x=1,
    )
    lp = HighsEngine().relax(f, Budget())
    assert lp.z is None and lp.bound == math.inf


@pytest.mark.parametrize(
    ("budget", "clocked"), [(lambda: Budget(1), False), (lambda: Budget(10**12, deadline=time.perf_counter() - 1.0), True)]
)
def test_a_relaxation_without_budget_has_no_solution_and_an_infinite_bound(budget, clocked: bool) -> None:
    """No simplex iteration paid for (an iteration limit of 0), or a time limit of 0 s: HiGHS stops
    before it solves the 2 x 2 assignment LP, and the budget records which limit stopped it; with
    no limit the same engine solves it (bound 5 = 2 + 3, the off-diagonal pairs)."""
    problem = AlignmentProblem(np.array([[1.0, 2.0], [3.0, 1.0]]), np.zeros((0, 4), dtype=np.int64), np.zeros(0))
    f = formulate(index_problem(problem))
    engine = HighsEngine()
    short = budget()
    lp = engine.relax(f, short)
    assert lp.z is None and lp.bound == math.inf
    assert (short.clocked, short.refused) == (clocked, not clocked)
    lp = engine.relax(f, Budget())
    assert lp.z is not None and lp.bound == pytest.approx(5.0, abs=1e-9)
