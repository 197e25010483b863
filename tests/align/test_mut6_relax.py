"""HighsEngine.relax when HiGHS gives no solution: no z and an infinite (trivially valid) bound."""

from __future__ import annotations

import math

import numpy as np
import pytest

from amrmetrics.align import AlignmentProblem
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
    lp = HighsEngine().relax(f, math.inf)
    assert lp.z is None and lp.bound == math.inf


def test_a_relaxation_without_time_has_no_solution_and_an_infinite_bound() -> None:
    """A time limit of 0 s stops HiGHS before it solves the 2 x 2 assignment LP; with no limit the
    same engine solves it (bound 5 = 2 + 3, the off-diagonal pairs)."""
    problem = AlignmentProblem(np.array([[1.0, 2.0], [3.0, 1.0]]), np.zeros((0, 4), dtype=np.int64), np.zeros(0))
    f = formulate(index_problem(problem))
    engine = HighsEngine()
    lp = engine.relax(f, 0.0)
    assert lp.z is None and lp.bound == math.inf
    lp = engine.relax(f, math.inf)
    assert lp.z is not None and lp.bound == pytest.approx(5.0, abs=1e-9)
