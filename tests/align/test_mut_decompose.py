"""decompose.py's pieces on problems small enough to solve by hand: forced pairs and what they earn,
the parts' bounds added up, which route a part takes, a whole mapping read within a part, and the
better of a part's result and a climb from the start."""

from __future__ import annotations

import numpy as np
import pytest

from amrmetrics.align import AlignmentProblem, decompose
from amrmetrics.align.budget import Budget
from amrmetrics.align.decompose import DecomposingSolver, Part, _better, _within, split
from amrmetrics.align.indexed import index_problem
from amrmetrics.align.result import Alignment


def forced_problem() -> AlignmentProblem:
    """Test 0 / gold 0 and test 1 / gold 1 have one candidate each (forced, unary 1 and 2, linked by
    weight 5); test 2 and 3 x gold 2 and 3 is a part (all four unary 1), and the link
    (2,2)-(1,1) of weight 3 becomes unary weight of (2, 2): its other end is forced."""
    unary = np.zeros((4, 4))
    unary[0, 0], unary[1, 1] = 1.0, 2.0
    unary[2:, 2:] = 1.0
    pairs = np.array([[0, 0, 1, 1], [1, 1, 2, 2]])
    return AlignmentProblem(unary, pairs, np.array([5.0, 3.0]))


def test_forced_pairs_earn_their_unary_weight_and_their_links() -> None:
    pieces = split(index_problem(forced_problem()))
    assert pieces.forced.tolist() == [0, 1, -1, -1]
    assert pieces.earned == 1.0 + 2.0 + 5.0
    (part,) = pieces.parts
    assert part.rows.tolist() == [2, 3] and part.cols.tolist() == [2, 3]
    assert np.asarray(part.problem.unary).tolist() == [[4.0, 1.0], [1.0, 1.0]]


def test_parts_bounds_and_forced_weight_add_up() -> None:
    """Optimum: the forced 8, then (2,2) with 1 + 3 and (3,3) with 1: 13; the proven bound is that sum."""
    solver = DecomposingSolver()
    mapping, upper = solver._split_and_solve(index_problem(forced_problem()), Budget(), False)
    assert mapping.tolist() == [0, 1, 2, 3] and upper == 13.0
    two = np.zeros((4, 4))
    two[0, 1] = two[1, 0] = two[0, 0] = 1.0  # part of test 0-1
    two[2, 3] = two[3, 2] = two[2, 2] = 2.0  # part of test 2-3
    mapping, upper = solver._split_and_solve(index_problem(AlignmentProblem(two, np.zeros((0, 4), dtype=np.int64), np.zeros(0))), Budget(), False)
    assert upper == 2.0 + 4.0 and AlignmentProblem(two, np.zeros((0, 4), dtype=np.int64), np.zeros(0)).value(mapping) == 6.0


@pytest.mark.parametrize("limit", [4, 5])
def test_parts_of_large_size_take_the_lagrangian_route(monkeypatch: pytest.MonkeyPatch, limit: int) -> None:
    """The part of forced_problem has 4 non-zero unary weights and no link: size 4. It takes the
    Lagrangian route (with the start given) when LARGE_SIZE <= 4, the exact solver otherwise, with
    the one budget of the whole problem either way."""
    routes: list[tuple] = []
    large, exact = DecomposingSolver._large, decompose.ExactSolver.solve
    given = Budget(10**12)

    def spy_large(self, problem, budget, start):
        routes.append(("large", None if start is None else start.tolist(), budget is given))
        return large(self, problem, budget, start)

    def spy_exact(self, problem, budget=None):
        routes.append(("exact", None, budget is given))
        return exact(self, problem, budget)

    monkeypatch.setattr(decompose, "LARGE_SIZE", limit)
    monkeypatch.setattr(decompose, "SMALL_NODES", 0)
    monkeypatch.setattr(DecomposingSolver, "_large", spy_large)
    monkeypatch.setattr(decompose.ExactSolver, "solve", spy_exact)
    solver = DecomposingSolver(timeout=60)
    result = solver.solve(forced_problem(), start=np.array([0, 1, 3, 2]), budget=given)
    assert result.value == 13.0 and result.status == "optimal" and solver.timeout == 60
    assert routes[0] == (("large", [1, 0], True) if limit <= 4 else ("exact", None, True))


def test_a_whole_mapping_within_a_part() -> None:
    part = Part(np.array([1, 3]), np.array([2, 4, 5]), AlignmentProblem(np.zeros((2, 3)), np.zeros((0, 4), dtype=np.int64), np.zeros(0)))
    # test 1 -> gold 5 (the part's last column, 2); test 3 -> gold 7 (beyond the part's columns)
    assert _within(np.array([0, 5, 1, 7]), part).tolist() == [2, -1]
    assert _within(np.array([0, 4, 1, 3]), part).tolist() == [1, -1]  # gold 3 is between the part's columns
    assert _within(np.array([0, -1, 1, 2]), part).tolist() == [-1, 0]


def test_the_better_of_a_result_and_a_climb_from_the_start() -> None:
    """Unary all ones on 2 x 2: both one-to-one mappings earn 2, and a climb from either stays there."""
    problem = AlignmentProblem(np.ones((2, 2)), np.zeros((0, 4), dtype=np.int64), np.zeros(0))
    unproven = Alignment((0, 1), 2.0, 3.0, "time-limit", 0.25)
    assert _better(problem, unproven, np.array([1, 0]), Budget()) is unproven  # a tie keeps the result
    assert _better(problem, unproven, None, Budget()) is unproven
    weak = Alignment((0, -1), 1.0, 3.0, "time-limit", 0.25)
    better = _better(problem, weak, np.array([1, -1]), Budget())
    assert better == Alignment((1, 0), 2.0, 3.0, "time-limit", 0.25)
