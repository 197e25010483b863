"""The exact solver against brute force, its engines, bounds and time limit."""

from __future__ import annotations

import time

import numpy as np
import pytest
from align_helpers import brute_force, problems, random_problem
from hypothesis import given, settings

import amrmetrics._native as native
from amrmetrics.align import AlignmentProblem, ExactSolver, HillClimbSolver, make_solver
from amrmetrics.align.bounds import line_bound, potentials, tighten
from amrmetrics.align.budget import Budget
from amrmetrics.align.engines import HighsEngine, ScipyEngine
from amrmetrics.align.exact import _mapping_of
from amrmetrics.align.formulation import formulate
from amrmetrics.align.indexed import index_problem
from amrmetrics.align.result import certified
from amrmetrics.align.solve import solve

SOLVER = ExactSolver()


@settings(max_examples=150, deadline=None)
@given(problems())
def test_exact_equals_brute_force(problem: AlignmentProblem) -> None:
    best = brute_force(problem)
    result = SOLVER.solve(problem)
    assert result.status == "optimal"
    assert result.value == pytest.approx(best, abs=1e-9)
    assert result.value == pytest.approx(problem.value(result.mapping), abs=1e-12)
    assert result.upper == result.value  # certified: the bound is reported as the value, no rounding noise
    mapped = [j for j in result.mapping if j >= 0]
    assert len(mapped) == len(set(mapped)) and len(result.mapping) == problem.shape[0]


def test_a_graded_problem_whose_remaining_weights_are_integers_is_certified() -> None:
    """Elimination drops the only graded candidate (0.5); the branch and bound then prunes by
    integrality, so its bound must be rounded down as the remaining problem's (found by hypothesis)."""
    unary = np.array([[1.0, 0.0, 2.0], [2.0, 2.0, 0.0], [0.5, 2.0, 2.0]])
    problem = AlignmentProblem(unary, np.array([[0, 2, 1, 1], [0, 0, 2, 1]]), np.array([1.0, 1.0]))
    result = ExactSolver().solve(problem)
    assert result.status == "optimal"
    assert result.value == pytest.approx(brute_force(problem)) and result.upper == pytest.approx(result.value)


@settings(max_examples=80, deadline=None)
@given(problems())
def test_hill_climbing_never_beats_the_optimum(problem: AlignmentProblem) -> None:
    best = brute_force(problem)
    result = HillClimbSolver(restarts=2, seed=7).solve(problem)
    assert result.value <= best + 1e-9
    assert result.upper >= best - 1e-9
    assert result.value == pytest.approx(problem.value(result.mapping), abs=1e-12)
    assert result.status in ("optimal", "heuristic")


@settings(max_examples=80, deadline=None)
@given(problems())
def test_bounds_are_valid(problem: AlignmentProblem) -> None:
    best = brute_force(problem)
    ip = index_problem(problem)
    assert line_bound(ip, potentials(ip)) >= best - 1e-9
    f = formulate(ip)
    if f.n_cols:
        assert HighsEngine().relax(f, Budget()).bound >= best - 1e-9
        assert f.dual_bound(np.zeros(f.n_rows)) >= best - 1e-9


@pytest.mark.parametrize("engine", [HighsEngine, ScipyEngine])
def test_engines_solve_the_integer_program(engine: type) -> None:
    rng = np.random.Generator(np.random.PCG64(3))
    solver = ExactSolver()
    for _ in range(8):
        problem = random_problem(rng, 5, 5, 14)
        best = brute_force(problem)
        f = formulate(index_problem(problem))
        lp = engine().relax(f, Budget())
        mip = engine().integer(f, np.zeros(f.n_cols), Budget())
        assert lp.bound >= best - 1e-9
        assert mip.bound >= best - 1e-9
        assert float(f.cost @ mip.z) == pytest.approx(best, abs=1e-6)
        assert solver.solve(problem).value == pytest.approx(best)


@pytest.mark.parametrize("fractional", [False, True])
def test_hard_problems_reach_the_lp_and_the_milp(fractional: bool, monkeypatch) -> None:
    """The Python path's LP and MILP (the compiled core, which settles graded problems before the LP, off)."""
    monkeypatch.setattr(native, "CORE", None)
    rng = np.random.Generator(np.random.PCG64(11))
    solver = ExactSolver()
    for _ in range(40):
        problem = random_problem(rng, 5, 6, 18, fractional)
        result = solver.solve(problem)
        assert result.status == "optimal" and result.upper == result.value and result.gap == 0.0
        assert result.value == pytest.approx(brute_force(problem), abs=1e-9)
    assert solver.lp_calls > 0 and solver.milp_calls > 0


def test_branch_and_bound_under_a_time_limit_keeps_a_valid_bound() -> None:
    rng = np.random.Generator(np.random.PCG64(8))
    for _ in range(10):
        problem = random_problem(rng, 6, 6, 30, fractional=True)
        best = brute_force(problem)
        f = formulate(index_problem(problem))
        result = HighsEngine().integer(f, np.zeros(f.n_cols), Budget(2_000))  # a few simplex iterations
        assert result.bound >= best - 1e-9
        assert float(f.cost @ result.z) <= best + 1e-9


def test_certification_tolerance() -> None:
    assert certified(10.0, 10.0 + 1e-9) and not certified(10.0, 10.1)
    assert certified(1e6, 1e6 + 1e-4) and not certified(1e6, 1e6 + 1e-2)
    assert not certified(3.0, np.inf)
    assert tighten(7.9999999999, True) == 8.0 and tighten(8.7, True) == 8.0 and tighten(8.7, False) == 8.7
    assert tighten(np.inf, True) == np.inf


def test_scipy_fallback_certifies(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("amrmetrics.align.exact.default_engine", ScipyEngine)
    rng = np.random.Generator(np.random.PCG64(5))
    solver = ExactSolver()
    for _ in range(6):
        problem = random_problem(rng, 5, 5, 16)
        result = solver.solve(problem)
        assert result.status == "optimal"
        assert result.value == pytest.approx(brute_force(problem))
    assert isinstance(solver.engine, ScipyEngine) and solver.lp_calls > 0


def test_time_limit_keeps_a_valid_bound() -> None:
    rng = np.random.Generator(np.random.PCG64(2))
    hits = 0
    for _ in range(10):
        problem = random_problem(rng, 6, 6, 30)
        best = brute_force(problem)
        result = ExactSolver(timeout=1e-9).solve(problem)
        assert result.upper >= best - 1e-9 and result.value <= best + 1e-9
        assert (result.status == "optimal") == (result.upper - result.value <= 1e-9)
        hits += result.status == "time-limit"
    assert hits > 0


def test_empty_and_trivial_problems() -> None:
    for n1, n2 in [(0, 0), (0, 3), (3, 0), (2, 2)]:
        result = solve(AlignmentProblem(np.zeros((n1, n2)), np.zeros((0, 4), dtype=np.int64), np.zeros(0)))
        assert result.value == 0.0 and result.upper == 0.0 and result.status == "optimal"
        assert result.mapping == (-1,) * n1


def test_negative_pairwise_weights_are_rejected() -> None:
    problem = AlignmentProblem(np.ones((2, 2)), np.array([[0, 0, 1, 1]]), np.array([-1.0]))
    with pytest.raises(ValueError, match="non-negative"):
        ExactSolver().solve(problem)


def test_make_solver() -> None:
    assert isinstance(make_solver("exact", timeout=5), ExactSolver)
    hill = make_solver("hillclimb", restarts=2, seed=3)
    assert isinstance(hill, HillClimbSolver) and hill.restarts == 2 and hill.seed == 3
    with pytest.raises(ValueError):
        make_solver("magic")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        ExactSolver(timeout=0)


def test_time_limit_is_per_call_on_a_reused_engine() -> None:
    """HiGHS's clock runs over the object's life: a limit must count from each call."""
    rng = np.random.Generator(np.random.PCG64(4))
    formulations = [formulate(index_problem(random_problem(rng, 8, 8, 40))) for _ in range(20)]
    engine = HighsEngine()
    solved = 0
    while engine._highs.getRunTime() < 0.6:  # past the limit, had it counted from the object's creation
        for f in formulations:
            budget = Budget(10.0**12, deadline=time.perf_counter() + 0.3)  # generous per call: a loaded machine must not fail it
            assert engine.relax(f, budget).z is not None and not budget.clocked
            solved += 1
    assert solved > len(formulations)


def test_rounding_an_lp_solution_stays_one_to_one() -> None:
    """Feasibility tolerance can put two x of one row just above 0.5 (BAMBOO STS reify pair 987)."""
    problem = AlignmentProblem(np.ones((2, 2)), np.zeros((0, 4), dtype=np.int64), np.zeros(0))
    ip = index_problem(problem)
    z = np.full(ip.size, 0.5 + 1e-9)
    z[1] += 1e-9
    mapping = _mapping_of(ip, z)
    mapped = [j for j in mapping.tolist() if j >= 0]
    assert len(mapped) == len(set(mapped)) == 2
    assert mapping.tolist() == [1, 0]
