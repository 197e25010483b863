"""Elimination (bounds.eliminate) on problems worked out by hand, and the hill climber's restarts,
seed and ties (HillClimbSolver, make_solver).

DIAGONAL is 2 x 2 with unary [[0.5, 0.25], [0.25, 0.5]] and no links (potentials = unary weights,
graded, so nothing is rounded). Each line's best entry is 0.5, so the potential bound is 0.5 + 0.5 = 1.
An off-diagonal candidate (0.25) leaves the other line 0.25 outside its column: it bounds the
mappings that use it by 0.25 + 0.25 = 0.5, no better than a known 0.5, so one round drops both;
a diagonal one bounds them by 0.5 + 0.5 = 1 and stays. The next round drops nothing.
"""

from __future__ import annotations

import time

import numpy as np
import pytest
from align_helpers import count_potentials

from amrmetrics.align import AlignmentProblem, bounds, hillclimb
from amrmetrics.align.bounds import eliminate
from amrmetrics.align.budget import Budget, pass_units
from amrmetrics.align.hillclimb import HillClimbSolver
from amrmetrics.align.indexed import index_problem
from amrmetrics.align.solve import make_solver

NO_LINKS = np.zeros((0, 4), dtype=np.int64)


def unary_only(unary: list[list[float]]) -> AlignmentProblem:
    return AlignmentProblem(np.array(unary), NO_LINKS, np.zeros(0))


DIAGONAL = unary_only([[0.5, 0.25], [0.25, 0.5]])


def test_a_candidate_whose_bound_only_ties_the_known_value_is_dropped() -> None:
    left, bound = eliminate(index_problem(DIAGONAL), 0.5)
    assert list(zip(left.ci.tolist(), left.cj.tolist())) == [(0, 0), (1, 1)]
    assert bound == 1.0


def test_elimination_uses_the_potential_it_is_given() -> None:
    """A looser potential, 1 for every candidate: every line's best entry is 1 (bound 2), and every
    candidate bounds its mappings by 1 + 1 = 2 > 0.5, so none is dropped."""
    left, bound = eliminate(index_problem(DIAGONAL), 0.5, potential=np.ones(4))
    assert left.size == 4 and bound == 2.0


def test_no_round_starts_that_the_budget_cannot_pay_for() -> None:
    """The first bound (1) costs one pass, paid whatever is left; the round after it two more. With
    one unit short of the three passes, the bound comes back and nothing is dropped (and the budget
    says it refused a step); with exactly three passes the round runs (the second, which drops
    nothing, needs three more)."""
    one_pass = pass_units(4, 0, 4)  # 4 candidates, no link, 2 + 2 nodes
    short = Budget(3 * one_pass - 1)
    left, bound = eliminate(index_problem(DIAGONAL), 0.5, budget=short)
    assert left.size == 4 and bound == 1.0 and short.refused and short.used == one_pass
    enough = Budget(3 * one_pass)
    left, bound = eliminate(index_problem(DIAGONAL), 0.5, budget=enough)
    assert left.size == 2 and bound == 1.0 and enough.refused
    half = pass_units(2, 0, 4)  # the two candidates left
    both = Budget(3 * one_pass + 3 * half)
    left, bound = eliminate(index_problem(DIAGONAL), 0.5, budget=both)
    assert left.size == 2 and bound == 1.0 and not both.refused


def test_no_round_starts_past_the_clock_and_the_budget_says_so() -> None:
    late = Budget(10**12, deadline=time.perf_counter() - 1.0)
    left, bound = eliminate(index_problem(DIAGONAL), 0.5, budget=late)
    assert left.size == 4 and bound == 1.0 and late.clocked


def test_a_potential_below_one_stays_as_it_is() -> None:
    """One candidate of weight 0.5: the bound is 0.5, which certifies the climb's 0.5."""
    left, bound = eliminate(index_problem(unary_only([[0.5]])), 0.5)
    assert left.size == 1 and bound == 0.5
    result = HillClimbSolver().solve(unary_only([[0.5]]))
    assert result.value == 0.5 and result.upper == 0.5 and result.status == "optimal"


def staircase() -> AlignmentProblem:
    """15 x 16, test i earns on gold i and i + 1 only (integer weights, optimum 57): with the value
    56, elimination drops candidates in each of its first 13 rounds (one or two at a time)."""
    diagonal = [3, 3, 4, 5, 3, 4, 4, 3, 3, 4, 4, 5, 4, 3, 5]
    above = [4, 3, 4, 3, 3, 3, 4, 2, 3, 3, 5, 1, 5, 3, 3]
    unary = np.zeros((15, 16))
    for i in range(15):
        unary[i, i], unary[i, i + 1] = diagonal[i], above[i]
    return unary_only(unary.tolist())


def test_elimination_stops_after_ten_rounds_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each round that drops candidates computes the potentials of what is left once."""
    real = bounds.potentials
    rounds = count_potentials(monkeypatch, bounds)
    ip = index_problem(staircase())
    eliminate(ip, 56.0, rounds=20, potential=real(ip))
    assert len(rounds) == 13  # the problem has more than ten rounds to give
    rounds.clear()
    eliminate(ip, 56.0, potential=real(ip))
    assert len(rounds) == 10


@pytest.mark.parametrize("make", [HillClimbSolver, lambda: make_solver("hillclimb")], ids=["class", "make_solver"])
def test_restarts_and_seed_by_default(monkeypatch: pytest.MonkeyPatch, make) -> None:
    """Four restarts from random_init, drawing from one PCG64(0) generator in turn (4 x 4 unary
    ones: every draw can pick another gold node), for HillClimbSolver() and make_solver("hillclimb")."""
    problem = unary_only(np.ones((4, 4)).tolist())
    ip = index_problem(problem)
    real = hillclimb.random_init
    generator = np.random.Generator(np.random.PCG64(0))
    expected = [real(ip, generator).tolist() for _ in range(4)]
    assert len({tuple(start) for start in expected}) > 1
    starts: list[list[int]] = []

    def recording(ip, rng):
        start = real(ip, rng)
        starts.append(start.tolist())
        return start

    monkeypatch.setattr(hillclimb, "random_init", recording)
    make().solve(problem)
    assert starts == expected


def test_the_earliest_of_equally_good_climbs_is_kept() -> None:
    """One test node, four gold nodes of weight 1: smart_init's climb maps it to gold 0 (the lowest
    index); both random restarts of seed 0 land on other gold nodes, where no move gains: ties."""
    problem = unary_only([[1.0, 1.0, 1.0, 1.0]])
    generator = np.random.Generator(np.random.PCG64(0))
    assert [hillclimb.random_init(index_problem(problem), generator).tolist() for _ in range(2)] == [[2], [1]]
    result = HillClimbSolver(restarts=2, seed=0).solve(problem)
    assert result.mapping == (0,) and result.value == 1.0 and result.status == "optimal"
