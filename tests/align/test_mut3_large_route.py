"""DecomposingSolver._large (step 3: climb, Lagrangian bound, fixing by its prices, the rest solved) on
problems small enough to work out by hand or by brute force, with budgets the tests set.

The spy on the bound records the units it is given, spends as many as the test says, and lets the
real bound take one subgradient step (STEPS = 1, an unlimited budget of its own): the bound with
every link weight split in halves, which the docstrings work out by hand.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from amrmetrics.align import AlignmentProblem, decompose, first_order
from amrmetrics.align.budget import SETUP_PASSES, Budget, pass_units
from amrmetrics.align.decompose import DecomposingSolver
from amrmetrics.align.exact import ExactSolver
from amrmetrics.align.indexed import index_problem

NO_LINKS = np.zeros((0, 4), dtype=np.int64)


def brute_force(problem: AlignmentProblem) -> float:
    """The optimum over every one-to-one partial mapping."""
    n, m = problem.shape
    return max(
        problem.value(np.array(image))
        for image in itertools.product(range(-1, m), repeat=n)
        if len([j for j in image if j >= 0]) == len({j for j in image if j >= 0})
    )


def sixes() -> AlignmentProblem:
    """3 x 3: unary (1,0) = 3, (1,1) = 3, (1,2) = 1, (2,0) = 2; links (0,2)-(1,0) of 2 and (1,1)-(2,0) of 1.

    Optimum 6: 1->1, 2->0 (3 + 2 + 1), with 0->2 or not. [2, 0, -1] (3 + 2) is a local optimum: no
    move or swap gains. The bound with halved links (potentials: (0,2) 0 + 1, (1,0) 3 + 1, (1,1)
    3 + 0.5, (1,2) 1, (2,0) 2 + 0.5) is the assignment (0,2), (1,1), (2,0) = 7; climbing from that
    assignment gives [2, 1, 0] = 6: not certified. Its prices (shortest paths, then column maxima):
    u = (-0.5, 0, -1.5), v = (4, 3.5, 1.5), dual 7, slack 0.5 for (1,2) and 0 elsewhere, so fixing
    with value 6 drops (1,2) only (7 - 0.5 rounds down to 6, no better): 4 candidates and 2 links
    are left. There (0,2) is the only candidate of test 0 and of gold 2: forced (its link adds 2 to
    (1,0)), leaving the part test 1-2 x gold 0-1 with unary [[5, 3], [2, 0]] and link (1,1)-(2,0)
    of 1, whose optimum is 6.
    """
    unary = np.array([[0.0, 0.0, 0.0], [3.0, 3.0, 1.0], [2.0, 0.0, 0.0]])
    return AlignmentProblem(unary, np.array([[0, 2, 1, 0], [1, 1, 2, 0]]), np.array([2.0, 1.0]))


def spy_bound(monkeypatch: pytest.MonkeyPatch, spend: float | None = None) -> list[float]:
    """Record the units the bound is given; it spends ``spend`` of them (all: None) and takes one step."""
    seen: list[float] = []
    real = decompose.lagrangian_bound
    monkeypatch.setattr(first_order, "STEPS", 1)

    def bound(ip, start, budget):
        seen.append(budget.left)
        budget.spend(budget.left if spend is None else spend)
        return real(ip, start, Budget())

    monkeypatch.setattr(decompose, "lagrangian_bound", bound)
    return seen


def spy_parts(monkeypatch: pytest.MonkeyPatch) -> list[tuple[AlignmentProblem, float]]:
    """Record each part handed to the exact solver, with the units it had left."""
    seen: list[tuple[AlignmentProblem, float]] = []
    real = ExactSolver.solve

    def part(self, problem, budget=None):
        seen.append((problem, budget.left))
        return real(self, problem, budget)

    monkeypatch.setattr(ExactSolver, "solve", part)
    return seen


def setup_units(problem: AlignmentProblem) -> float:
    """What _large spends on a problem before its climb: indexing, potentials and the greedy start."""
    ip = index_problem(problem)
    return SETUP_PASSES * pass_units(ip.size, len(ip.qw), ip.n_test + ip.n_gold)


@pytest.fixture
def still(monkeypatch: pytest.MonkeyPatch) -> None:
    """No climb (the start is kept as it is, and nothing is spent on it)."""
    monkeypatch.setattr(decompose, "climb", lambda ip, begin, budget=None: np.asarray(begin, dtype=np.int64))


def test_sixes_by_brute_force() -> None:
    problem = sixes()
    assert brute_force(problem) == 6.0
    assert problem.value(np.array([2, 1, 0])) == 6.0 and problem.value(np.array([2, 0, -1])) == 5.0


def test_ties_keep_the_start() -> None:
    """Unary all ones on 4 x 4, no links: every one-to-one mapping earns 4 and the bound is 4. The
    start [3, 2, 1, 0] is kept (the greedy start and the rounded assignment only tie with it)."""
    problem = AlignmentProblem(np.ones((4, 4)), NO_LINKS, np.zeros(0))
    assert brute_force(problem) == 4.0
    result = DecomposingSolver()._large(problem, Budget(), np.array([3, 2, 1, 0]))
    assert (result.mapping, result.value, result.upper, result.status) == ((3, 2, 1, 0), 4.0, 4.0, "optimal")


def test_a_mapping_of_the_bound_that_only_ties_is_not_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bound's mapping replaces the climb's only when it earns more (rounding noise between the
    bound's own sums and the problem's can make it return another mapping of the same value)."""
    real = decompose.lagrangian_bound

    def bound(ip, start, budget):
        lp, _ = real(ip, start, budget)
        return lp, np.array([1, 0, 3, 2])

    monkeypatch.setattr(decompose, "lagrangian_bound", bound)
    problem = AlignmentProblem(np.ones((4, 4)), NO_LINKS, np.zeros(0))
    assert DecomposingSolver()._large(problem, Budget(), np.array([3, 2, 1, 0])).mapping == (3, 2, 1, 0)


@pytest.mark.parametrize(
    ("lp_limit", "units", "share"),
    [
        (None, 10.0**9, 0.6),  # 0.6 of the units left
        (7, 10.0**9, 1.0),  # 5 candidates + 2 links reach the limit: all of them
        (8, 10.0**9, 0.6),
        (None, float("inf"), 1.0),
    ],
)
def test_the_bound_gets_its_share_of_the_units_left(
    monkeypatch: pytest.MonkeyPatch, still: None, lp_limit: int | None, units: float, share: float
) -> None:
    if lp_limit is not None:
        monkeypatch.setattr(decompose, "LP_LIMIT", lp_limit)
    seen = spy_bound(monkeypatch, spend=0.0)
    DecomposingSolver()._large(sixes(), Budget(units), np.array([2, 0, -1]))
    assert seen == [pytest.approx(share * (units - setup_units(sixes())))]


def test_a_budget_spent_by_the_bound_returns_what_was_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bound spends every unit: the climb from the bound's assignment (6) beats the start (5),
    the bound stays 7, and no part goes to the exact solver."""
    monkeypatch.setattr(decompose, "LP_SHARE", 1.0)
    spy_bound(monkeypatch)
    parts = spy_parts(monkeypatch)
    result = DecomposingSolver()._large(sixes(), Budget(10.0**9), np.array([2, 0, -1]))
    assert (result.mapping, result.value, result.upper, result.status) == ((2, 1, 0), 6.0, 7.0, "time-limit")
    assert parts == []


def test_what_fixing_leaves_is_solved_with_the_units_left(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bound spends 10**8 units of 10**9: fixing leaves the part of sixes' docstring, solved
    exactly with what is left and not by the Lagrangian route again (whatever LARGE_SIZE), which proves 6."""
    monkeypatch.setattr(decompose, "LARGE_SIZE", 1)
    bounds = spy_bound(monkeypatch, spend=10.0**8)
    parts = spy_parts(monkeypatch)
    result = DecomposingSolver()._large(sixes(), Budget(10.0**9), np.array([2, 0, -1]))
    assert (result.mapping, result.value, result.upper, result.status) == ((2, 1, 0), 6.0, 6.0, "optimal")
    assert len(bounds) == 1
    ((part, left),) = parts
    assert 0 < left < 9 * 10.0**8
    assert np.asarray(part.unary).tolist() == [[5.0, 3.0], [2.0, 0.0]]
    assert part.pairs.tolist() == [[0, 1, 1, 0]] and np.asarray(part.weights).tolist() == [1.0]


def test_without_a_limit_the_rest_is_solved_however_large(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(decompose, "LP_LIMIT", 1)
    spy_bound(monkeypatch, spend=0.0)
    result = DecomposingSolver()._large(sixes(), Budget(), np.array([2, 0, -1]))
    assert (result.mapping, result.value, result.upper, result.status) == ((2, 1, 0), 6.0, 6.0, "optimal")


@pytest.mark.parametrize(("lp_limit", "solved"), [(6, False), (7, True)])
def test_a_rest_of_lp_limit_or_more_keeps_the_bound(monkeypatch: pytest.MonkeyPatch, lp_limit: int, solved: bool) -> None:
    """Under a limited budget, fixing leaves 4 candidates and 2 links (6): at LP_LIMIT 6 the part keeps
    the bound 7, at 7 it goes on to the exact solver."""
    monkeypatch.setattr(decompose, "LP_LIMIT", lp_limit)
    spy_bound(monkeypatch, spend=10.0**8)
    parts = spy_parts(monkeypatch)
    result = DecomposingSolver()._large(sixes(), Budget(10.0**9), np.array([2, 0, -1]))
    expected = ((2, 1, 0), 6.0, 6.0, "optimal") if solved else ((2, 1, 0), 6.0, 7.0, "time-limit")
    assert (result.mapping, result.value, result.upper, result.status) == expected
    assert len(parts) == (1 if solved else 0)


def test_a_better_mapping_found_by_the_bound_is_taken() -> None:
    """A 4 x 4 problem where the climb from the greedy start stops at 9 ([3, 0, 1, 2]) and the
    bound's own climbs reach the optimum 10 (brute force); with no time limit that is certified."""
    unary = np.array([[1.0, 1.0, 0.0, 2.0], [1.0, 0.0, 0.0, 0.0], [0.0, 2.0, 2.0, 0.0], [1.0, 0.0, 1.0, 0.0]])
    links = [
        (0, 0, 1, 3, 3), (0, 2, 1, 3, 1), (0, 3, 1, 1, 3), (0, 3, 1, 2, 3), (0, 0, 2, 2, 1), (0, 1, 2, 2, 3),
        (0, 2, 2, 1, 3), (0, 2, 3, 1, 2), (0, 3, 3, 2, 2), (1, 0, 2, 3, 2), (1, 1, 2, 0, 1), (1, 2, 2, 0, 2),
        (1, 2, 3, 3, 1), (1, 3, 3, 1, 3), (2, 0, 3, 1, 1), (2, 1, 3, 2, 1), (2, 3, 3, 1, 2),
    ]
    table = np.array(links)
    problem = AlignmentProblem(unary, table[:, :4], table[:, 4].astype(float))
    assert brute_force(problem) == 10.0 and problem.value(np.array([3, 0, 1, 2])) == 9.0
    result = DecomposingSolver()._large(problem, Budget(), None)
    assert (result.value, result.upper, result.status) == (10.0, 10.0, "optimal")
    assert problem.value(np.array(result.mapping)) == 10.0
