"""What the engines hand to their solvers, and what they return when a solver gives no answer.

The scipy fallback's calls are recorded (``linprog`` and ``milp`` wrapped, the real ones still
solving) and compared with what the module doc promises: variables in [0, 1], HiGHS, presolve only
for LPs of more than 10,000 variables with at least the units of 10 s left, the budget passed on as
a simplex iteration limit (branch-and-bound nodes for milp) and its clock as a time limit, an exact
MIP gap. The HiGHS engine's options are read back from its ``Highs`` object.
"""

from __future__ import annotations

import math
import time
from types import SimpleNamespace

import numpy as np
import pytest
import scipy.optimize

import amrmetrics.align
from amrmetrics.align import AlignmentProblem
from amrmetrics.align.budget import Budget
from amrmetrics.align.engines import (
    _MAX_ITERATIONS,
    _PRESOLVE_UNITS,
    NODE_ITERATIONS,
    HighsEngine,
    ScipyEngine,
    iteration_units,
)
from amrmetrics.align.exact import ExactSolver
from amrmetrics.align.formulation import Formulation, formulate
from amrmetrics.align.indexed import index_problem
from amrmetrics.align.solve import make_solver


def formulation(unary: list[list[float]]) -> Formulation:
    problem = AlignmentProblem(np.array(unary), np.zeros((0, 4), dtype=np.int64), np.zeros(0))
    return formulate(index_problem(problem))


def square(n_test: int, n_gold: int) -> Formulation:
    """Every pair a candidate and no links: n_test * n_gold variables."""
    return formulation(np.ones((n_test, n_gold)).tolist())


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[dict]:
    """The keyword arguments of every linprog and milp call (which still solve)."""
    seen: list[dict] = []
    real_linprog, real_milp = scipy.optimize.linprog, scipy.optimize.milp

    def linprog(*args, **kwargs):
        seen.append({"call": "linprog", **kwargs})
        return real_linprog(*args, **kwargs)

    def milp(*args, **kwargs):
        seen.append({"call": "milp", **kwargs, "options": dict(kwargs.get("options") or {})})  # milp pops some
        return real_milp(*args, **kwargs)

    monkeypatch.setattr(scipy.optimize, "linprog", linprog)
    monkeypatch.setattr(scipy.optimize, "milp", milp)
    return seen


@pytest.mark.parametrize(
    ("shape", "units", "presolve"),
    [
        ((1, 2), math.inf, False),
        ((1, 2), 10.0**9, False),
        ((100, 100), _PRESOLVE_UNITS, False),  # 10,000 variables: not more
        ((101, 100), _PRESOLVE_UNITS, True),  # 10,100 variables, the units of 10 s left
        ((101, 100), _PRESOLVE_UNITS - 1, False),
        ((101, 100), math.inf, True),
    ],
)
def test_the_scipy_relaxation_is_the_lp_in_the_unit_box(calls: list[dict], shape: tuple[int, int], units: float, presolve: bool) -> None:
    f = square(*shape)
    lp = ScipyEngine().relax(f, Budget(units))
    (call,) = calls
    iterations = _MAX_ITERATIONS if math.isinf(units) else int(units // iteration_units(f))
    assert call["options"] == {"presolve": presolve, "maxiter": iterations}
    assert call["bounds"] == (0, 1) and call["method"] == "highs"
    assert call["b_ub"].tolist() == f.upper.tolist()
    assert lp.bound == pytest.approx(min(shape), abs=1e-6)  # an assignment of ones


@pytest.mark.parametrize("units", [math.inf, 10.0**9])
def test_the_scipy_integer_program_is_binary_with_an_exact_gap(calls: list[dict], units: float) -> None:
    f = formulation([[0.0, 1.0, 1.0], [1.0, 0.5, 0.0], [0.0, 1.0, 0.5]])
    mip = ScipyEngine().integer(f, np.zeros(f.n_cols), Budget(units))
    (call,) = calls
    nodes = {} if math.isinf(units) else {"node_limit": int(units // (NODE_ITERATIONS * iteration_units(f)))}
    assert call["options"] == {"mip_rel_gap": 0.0, **nodes}
    assert np.ravel(call["bounds"].lb).tolist() == [0] and np.ravel(call["bounds"].ub).tolist() == [1]
    assert call["integrality"].tolist() == [1.0] * f.n_x
    assert mip.bound == pytest.approx(3.0, abs=1e-6)


def test_the_scipy_matrix_keeps_the_rows_of_nodes_without_candidates() -> None:
    """Gold node 1 has no candidate: its row is empty, but the matrix still has it (3 rows)."""
    f = formulation([[1.0, 0.0]])
    matrix = ScipyEngine()._matrix(f)
    assert matrix.shape == (3, 1) == (f.n_rows, f.n_cols)
    assert matrix.toarray().tolist() == [[1.0], [1.0], [0.0]]


def test_scipy_answers_without_a_solution(monkeypatch: pytest.MonkeyPatch) -> None:
    """A failed linprog (status 1, say a time limit) gives no solution and no bound; a milp result
    without a solution or a dual bound gives neither."""
    f = formulation([[1.0]])
    monkeypatch.setattr(scipy.optimize, "linprog", lambda *a, **k: SimpleNamespace(status=1, x=None))
    lp = ScipyEngine().relax(f, Budget(10.0**9))
    assert lp.z is None and lp.bound == math.inf
    monkeypatch.setattr(scipy.optimize, "milp", lambda *a, **k: SimpleNamespace(x=None))
    mip = ScipyEngine().integer(f, np.zeros(f.n_cols), Budget(10.0**9))
    assert mip.z is None and mip.bound == math.inf
    monkeypatch.setattr(scipy.optimize, "milp", lambda *a, **k: SimpleNamespace(x=None, mip_dual_bound=None))
    mip = ScipyEngine().integer(f, np.zeros(f.n_cols), Budget(10.0**9))
    assert mip.z is None and mip.bound == math.inf
    monkeypatch.setattr(scipy.optimize, "milp", lambda *a, **k: SimpleNamespace(x=np.array([1.0]), mip_dual_bound=-1.0))
    mip = ScipyEngine().integer(f, np.zeros(f.n_cols), Budget(10.0**9))
    assert mip.z.tolist() == [1.0] and mip.bound == 1.0


def option(engine: HighsEngine, name: str):
    found = engine._highs.getOptionValue(name)
    return found[1] if isinstance(found, tuple) else found


def test_the_highs_object_is_silent_single_threaded_and_seeded(capfd: pytest.CaptureFixture[str]) -> None:
    engine = HighsEngine()
    assert option(engine, "output_flag") is False
    assert option(engine, "threads") == 1 and option(engine, "random_seed") == 0
    f = formulation([[0.0, 1.0, 1.0], [1.0, 0.5, 0.0], [0.0, 1.0, 0.5]])
    assert engine.relax(f, Budget()).bound == pytest.approx(3.0, abs=1e-6)
    assert capfd.readouterr().out == ""


@pytest.mark.parametrize(
    ("shape", "units", "presolve"), [((100, 100), _PRESOLVE_UNITS, "off"), ((101, 100), _PRESOLVE_UNITS, "on"), ((101, 100), _PRESOLVE_UNITS - 1, "off")]
)
def test_highs_presolves_only_large_lps_with_units_left(shape: tuple[int, int], units: float, presolve: str) -> None:
    engine = HighsEngine()
    engine.relax(square(*shape), Budget(units))
    assert option(engine, "presolve") == presolve


def test_the_highs_limits_are_the_budget_s_iterations_and_its_clock_from_the_object_s_run_clock() -> None:
    engine = HighsEngine()
    f = square(3, 3)
    engine.relax(f, Budget())
    assert option(engine, "time_limit") == math.inf and option(engine, "simplex_iteration_limit") == _MAX_ITERATIONS
    before = engine._highs.getRunTime()
    engine._set_limits(f, Budget(10.0**6, deadline=time.perf_counter() + 5.0))
    after = engine._highs.getRunTime()
    assert before <= option(engine, "time_limit") <= after + 5.0 and option(engine, "time_limit") >= before + 4.0
    assert option(engine, "simplex_iteration_limit") == int(10.0**6 // iteration_units(f))


def test_the_package_loads_each_name_from_its_module() -> None:
    from amrmetrics.align import exact, problem, result, solve

    assert amrmetrics.align.__getattr__("ExactSolver") is exact.ExactSolver is ExactSolver
    assert amrmetrics.align.__getattr__("make_solver") is solve.make_solver is make_solver
    assert amrmetrics.align.__getattr__("build_problem") is problem.build_problem
    assert amrmetrics.align.__getattr__("Alignment") is result.Alignment
    with pytest.raises(AttributeError, match=r"^module 'amrmetrics.align' has no attribute 'nothing'$"):
        amrmetrics.align.__getattr__("nothing")
