"""Both LP/MILP engines give the exact optimum, bound and solution of an assignment problem by hand.

Without pairs the alignment problem is an assignment problem, whose LP relaxation has an integral
optimum: relaxation bound, integer bound and the solutions' value all equal the optimum, 3 here
(test 0 -> gold 2, 1 -> 0, 2 -> 1, each of weight 1; every other one-to-one mapping scores less).
"""

from __future__ import annotations

import numpy as np
import pytest

from amrmetrics.align import AlignmentProblem
from amrmetrics.align.budget import Budget
from amrmetrics.align.engines import HighsEngine, ScipyEngine
from amrmetrics.align.formulation import formulate
from amrmetrics.align.indexed import index_problem

UNARY = [[0.0, 1.0, 1.0], [1.0, 0.5, 0.0], [0.0, 1.0, 0.5], [0.0, 0.0, 0.0]]
BEST = 3.0

ENGINES = [pytest.param(HighsEngine, id="highs"), pytest.param(ScipyEngine, id="scipy")]


def formulation():
    problem = AlignmentProblem(np.array(UNARY), np.zeros((0, 4), dtype=np.int64), np.zeros(0))
    return formulate(index_problem(problem))


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("limit", [lambda: Budget(), lambda: Budget.of(60.0)])
def test_the_relaxation_of_an_assignment_is_its_optimum(engine: type, limit) -> None:
    f = formulation()
    lp = engine().relax(f, limit())
    assert lp.bound == pytest.approx(BEST, abs=1e-6)
    assert lp.z is not None and float(f.cost @ lp.z) == pytest.approx(BEST, abs=1e-6)
    assert np.all(lp.z >= -1e-9) and np.all(lp.z <= 1 + 1e-9)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("limit", [lambda: Budget(), lambda: Budget.of(60.0)])
def test_the_integer_program_of_an_assignment(engine: type, limit) -> None:
    f = formulation()
    mip = engine().integer(f, np.zeros(f.n_cols), limit())
    assert mip.bound == pytest.approx(BEST, abs=1e-6)
    assert mip.z is not None and float(f.cost @ mip.z) == pytest.approx(BEST, abs=1e-6)
    assert np.allclose(mip.z[: f.n_x], np.round(mip.z[: f.n_x]), atol=1e-6)
