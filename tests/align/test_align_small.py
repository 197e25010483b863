"""The plain-Python cheap steps (align/small.py, small_bounds.py) against the numpy steps they replace.

Small integer problems take the Python path in ExactSolver; each function must give what its
numpy counterpart gives (ties included), and the solver the same alignment as with the numpy path.
"""

from __future__ import annotations

import numpy as np
import pytest
from align_helpers import brute_force, problems, random_problem
from hypothesis import given, settings

from amrmetrics.align import AlignmentProblem, ExactSolver, exact
from amrmetrics.align.bounds import eliminate, line_bound, potentials
from amrmetrics.align.hillclimb import climb, greedy_init
from amrmetrics.align.indexed import IndexedProblem, index_problem
from amrmetrics.align.small import SMALL_CANDIDATES, SmallProblem, index_small
from amrmetrics.align.small import climb as climb_small
from amrmetrics.align.small import greedy_init as greedy_small
from amrmetrics.align.small_bounds import eliminate as eliminate_small
from amrmetrics.align.small_bounds import line_bound as line_bound_small
from amrmetrics.align.small_bounds import potentials as potentials_small

INTEGER_WEIGHTS = (0.0, 0.0, 1.0, 1.0, 2.0, 3.0)


def same_problem(sp: SmallProblem, ip: IndexedProblem) -> bool:
    """Every array of ``ip`` equals the list of ``sp``."""
    fields = ("ci", "cj", "cu", "qa", "qb", "qw")
    return (sp.n_test, sp.n_gold) == (ip.n_test, ip.n_gold) and all(
        getattr(ip, name).tolist() == getattr(sp, name) for name in fields
    )


@given(problems(max_nodes=6, weights=INTEGER_WEIGHTS))
@settings(max_examples=200)
def test_each_cheap_step_equals_the_numpy_step(problem: AlignmentProblem) -> None:
    sp, ip = index_small(problem), index_problem(problem)
    assert sp is not None and same_problem(sp, ip)
    assert sp.indexed().integral and same_problem(sp, sp.indexed())
    pot = potentials(ip)
    pot_small = potentials_small(sp)
    assert pot_small == pot.tolist()
    assert line_bound_small(sp, pot_small) == line_bound(ip, pot)
    start = greedy_small(sp, pot_small)
    assert start == greedy_init(ip, pot).tolist()
    assert sp.value(start) == problem.value(start)
    climbed = climb_small(sp, start)
    assert climbed == climb(ip, np.array(start, dtype=np.int64)).tolist()
    for value in (problem.value(climbed) - 1, problem.value(climbed)):
        left, bound = eliminate_small(sp, value, pot_small)
        left_np, bound_np = eliminate(ip, value, potential=pot)
        assert bound == bound_np and same_problem(left, left_np)


@given(problems(max_nodes=5, weights=INTEGER_WEIGHTS))
def test_climbs_from_any_mapping_agree(problem: AlignmentProblem) -> None:
    sp, ip = index_small(problem), index_problem(problem)
    assert sp is not None
    n1, n2 = problem.shape
    rng = np.random.default_rng(n1 * 7 + n2)
    start = [int(j) for j in rng.permutation(max(n1, n2))[:n1]]
    start = [j if j < n2 else -1 for j in start]
    assert climb_small(sp, start) == climb(ip, np.array(start, dtype=np.int64)).tolist()


def numpy_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ExactSolver take the numpy path for every problem."""
    monkeypatch.setattr(exact, "index_small", lambda problem: None)


@pytest.mark.parametrize("seed", range(12))
def test_solver_gives_the_numpy_path_alignment_on_hard_problems(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    problem = random_problem(np.random.default_rng(seed), 6 + seed % 3, 6 + seed % 2, 40)
    assert index_small(problem) is not None
    small = ExactSolver().solve(problem)
    assert small.status == "optimal"
    numpy_path(monkeypatch)
    reference = ExactSolver().solve(problem)
    assert (small.mapping, small.value, small.upper, small.status) == (
        reference.mapping, reference.value, reference.upper, reference.status,
    )


def test_lp_steps_are_reached_from_the_python_path() -> None:
    solver = ExactSolver()
    for seed in range(12):
        problem = random_problem(np.random.default_rng(seed), 6, 6, 40)
        assert solver.solve(problem).value == brute_force(problem)
    assert solver.lp_calls > 0


def test_what_takes_the_numpy_path() -> None:
    unary = np.array([[1.0, 0.0], [0.0, 2.0]])
    pairs = np.array([[0, 0, 1, 1]], dtype=np.int64)
    assert index_small(AlignmentProblem(unary, pairs, np.array([1.0]))) is not None
    assert index_small(AlignmentProblem(unary, pairs, np.array([0.5]))) is None  # graded link
    assert index_small(AlignmentProblem(unary * 0.3, pairs, np.array([1.0]))) is None  # graded unary
    assert index_small(AlignmentProblem(-unary, pairs, np.array([1.0]))) is None  # rejected by the numpy path
    assert index_small(AlignmentProblem(unary, pairs, np.array([1.0]), ceiling=3.0)) is None  # a restriction
    side = int(SMALL_CANDIDATES**0.5) + 1
    assert index_small(AlignmentProblem(np.ones((side, side)), np.zeros((0, 4), dtype=np.int64), np.zeros(0))) is None


def test_a_small_problem_by_hand() -> None:
    # test node 0 -> gold 0 earns 1, test 1 -> gold 1 earns 2, and both together earn a link of 1:
    # the optimum maps both (4); mapping test 1 to gold 0 instead earns 1 alone
    unary = np.array([[1.0, 0.0], [1.0, 2.0]])
    problem = AlignmentProblem(unary, np.array([[0, 0, 1, 1]], dtype=np.int64), np.array([1.0]))
    sp = index_small(problem)
    assert sp is not None
    assert (sp.ci, sp.cj, sp.cu, sp.qa, sp.qb, sp.qw) == ([0, 1, 1], [0, 0, 1], [1.0, 1.0, 2.0], [0], [2], [1.0])
    assert potentials_small(sp) == [1.5, 1.0, 2.5]
    assert sp.value([0, 1]) == 4.0 and sp.value([-1, 0]) == 1.0
    assert climb_small(sp, [-1, 0]) == [0, 1]
    result = ExactSolver().solve(problem)
    assert (result.mapping, result.value, result.status) == ((0, 1), 4.0, "optimal")
