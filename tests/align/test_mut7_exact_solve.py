"""ExactSolver.solve's own returns (the cheap steps on both paths, a restricted problem, the time
budget) on a 2 x 3 problem worked out by hand, with budgets the test sets.

The problem: unary (1, 2) = 4, one link (0, 0)-(1, 1) of 5. Potentials: (0, 0) and (1, 1) 2.5 (half
the link), (1, 2) 4. Line bound: rows 2.5 + 4 = 6.5, columns 2.5 + 2.5 + 4 = 9, so 6.5, rounded
down to 6 (integer weights). The greedy start by potential takes (1, 2), then (0, 0): [0, 2], worth
4. A climb moves 1 onto 1 (it gains 5 - 4) and reaches [0, 1], worth 5, the optimum. Elimination
against 5 then drops (1, 1) (2.5 + 2.5 is not above 5), which leaves a bound of 4: 5 is certified
without an LP.
"""

from __future__ import annotations

import time

import numpy as np
import pytest

from amrmetrics.align import AlignmentProblem, bounds, exact, small_bounds
from amrmetrics.align.budget import Budget
from amrmetrics.align.exact import ExactSolver, _Incumbent

GREEDY = (0, 2)
OPTIMUM = (0, 1)


def linked(ceiling: float | None = None) -> AlignmentProblem:
    unary = np.zeros((2, 3))
    unary[1, 2] = 4.0
    return AlignmentProblem(unary, np.array([[0, 0, 1, 1]]), np.array([5.0]), ceiling)


@pytest.fixture(params=["lists", "numpy"])
def path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Both routes of the cheap steps: the list form of a small problem, or the numpy arrays."""
    if request.param == "numpy":
        monkeypatch.setattr(exact, "index_small", lambda problem: None)
    return request.param


def test_the_climb_and_elimination_certify_the_optimum_without_an_lp(path: str) -> None:
    solver = ExactSolver()
    result = solver.solve(linked())
    assert (result.mapping, result.value, result.upper, result.status) == (OPTIMUM, 5.0, 5.0, "optimal")
    assert solver.lp_calls == 0 and solver.milp_calls == 0
    assert 0.0 <= result.seconds < 10.0


@pytest.mark.parametrize(("budget", "status"), [(lambda: Budget(0), "time-limit"), (lambda: Budget(10**12, deadline=time.perf_counter() - 1.0), "clock-limit")])
def test_without_budget_the_greedy_start_and_the_rounded_line_bound_are_returned(path: str, budget, status: str) -> None:
    """No unit left, or the clock past its deadline: the cheap steps only, and the status says which."""
    solver = ExactSolver(timeout=30.0)
    result = solver.solve(linked(), budget())
    assert (result.mapping, result.value, result.upper) == (GREEDY, 4.0, 6.0)
    assert result.status == status
    assert solver.lp_calls == 0 and solver.milp_calls == 0


def test_a_restricted_problem_is_climbed_and_bounded_by_its_ceiling() -> None:
    result = ExactSolver().solve(linked(ceiling=9.0))
    assert (result.mapping, result.value, result.upper, result.status) == (OPTIMUM, 5.0, 9.0, "size-limit")
    assert 0.0 <= result.seconds < 10.0


def test_a_restricted_problem_without_budget_is_not_climbed() -> None:
    result = ExactSolver(timeout=30.0).solve(linked(ceiling=9.0), Budget(0))
    assert (result.mapping, result.value, result.upper, result.status) == (GREEDY, 4.0, 9.0, "time-limit")


def test_the_incumbent_changes_only_for_a_strictly_better_mapping() -> None:
    problem = AlignmentProblem(np.ones((2, 2)), np.zeros((0, 4), dtype=np.int64), np.zeros(0))
    best = _Incumbent(problem, np.array([0, 1]), 2.0)
    best.offer(np.array([1, 0]))  # worth 2 as well
    assert best.mapping.tolist() == [0, 1] and best.value == 2.0
    best = _Incumbent(problem, np.array([0, -1]), 1.0)
    best.offer(np.array([1, 0]))
    assert best.mapping.tolist() == [1, 0] and best.value == 2.0


def test_elimination_that_cannot_be_paid_for_leaves_the_rest_to_the_lp(path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """An elimination round costs more than the budget holds (the climb and the LP do not): elimination
    stops after its first bound (6, nothing dropped), so the LP certifies the climbed optimum instead
    of the second round (which would have, see the module doc)."""
    for module in (bounds, small_bounds):
        monkeypatch.setattr(module, "ROUND_PASSES", 10**9)
    solver = ExactSolver(timeout=30.0)
    result = solver.solve(linked(), Budget(10**12))
    assert (result.mapping, result.value, result.upper, result.status) == (OPTIMUM, 5.0, 5.0, "optimal")
    assert solver.lp_calls == 1 and solver.milp_calls == 0
