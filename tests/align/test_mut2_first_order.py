"""The Lagrangian bound's parts, checked by hand, by brute force and by a loop re-implementation."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from align.align_helpers import brute_force, partial_injections, problems, random_problem
from hypothesis import given, settings
from hypothesis import strategies as st

from amrmetrics.align import AlignmentProblem
from amrmetrics.align.budget import Budget
from amrmetrics.align.first_order import (
    LpBound,
    _candidates,
    _mapping,
    _potentials,
    _prices,
    _rows,
    _value,
    lagrangian_bound,
    step_units,
)
from amrmetrics.align.indexed import index_problem

law = settings(max_examples=40, deadline=None)
NO_LINKS = np.zeros((0, 4), dtype=np.int64)


def test_useful_keeps_the_candidates_that_could_beat_the_value() -> None:
    """dual + min(reduced, 0) is [10, 9.5, 9, 7.5, 10, 9]; rounded down (integral) [10, 9, 9, 7, 10, 9]."""
    bound = LpBound(10.0, 10.0, np.array([0.0, -0.5, -1.0, -2.5, 0.7, -1.0000001]), np.zeros(6))
    assert bound.useful(9.0, True).tolist() == [True, False, False, False, True, False]
    assert bound.useful(8.0, True).tolist() == [True, True, True, False, True, True]
    assert bound.useful(9.0, False).tolist() == [True, True, False, False, True, False]
    assert bound.useful(9.5, False).tolist() == [True, False, False, False, True, False]
    assert bound.useful(10.0, False).tolist() == [False] * 6


def test_value_counts_unary_weights_and_links_whose_both_ends_are_used() -> None:
    ip = index_problem(AlignmentProblem(np.array([[1.0, 0.0], [0.0, 2.0]]), np.array([[0, 0, 1, 1]]), np.array([3.0])))
    assert _value(ip, np.array([0, 1])) == 6.0
    assert _value(ip, np.array([0, -1])) == 1.0
    assert _value(ip, np.array([-1, 1])) == 2.0
    assert _value(ip, np.array([1, 0])) == 0.0
    assert _value(ip, np.array([-1, -1])) == 0.0


def test_candidates_leave_out_padding_cells() -> None:
    """Three test nodes, one gold node: the square table is 3 x 3 and its columns 1, 2 are padding.
    Cell (0, 2) must not be read as a candidate, although its key 0 * 2 + 2 is candidate (1, 0)'s."""
    ip = index_problem(AlignmentProblem(np.ones((3, 1)), NO_LINKS, np.zeros(0)))
    assert ip.ci.tolist() == [0, 1, 2] and ip.cj.tolist() == [0, 0, 0]
    r, c = np.array([0, 1, 2]), np.array([2, 1, 0])
    assert _candidates(ip, r, c).tolist() == [2]
    assert _mapping(ip, r, c).tolist() == [-1, -1, 0]
    assert _mapping(ip, np.array([0, 1, 2]), np.array([1, 2, 0])).dtype == np.int64


def _brute_assignment(table: np.ndarray) -> float:
    n = len(table)
    return max(sum(table[i, p[i]] for i in range(n)) for p in itertools.permutations(range(n)))


@law
@given(st.integers(1, 5), st.integers(0, 2**32 - 1))
def test_prices_are_feasible_and_sum_to_the_optimal_assignment(n: int, seed: int) -> None:
    """LP duality of the assignment problem: feasible prices (u_i + v_j >= table[i, j]) of an optimal
    assignment sum to its value (checked against all n! assignments)."""
    rng = np.random.default_rng(seed)
    table = rng.integers(0, 4, size=(n, n)) + rng.choice([0.0, 0.5, 0.25], size=(n, n))
    best = _brute_assignment(table)
    image = next(
        np.array(p) for p in itertools.permutations(range(n)) if sum(table[i, p[i]] for i in range(n)) == best
    )
    u, v = _prices(table, image, Budget())
    assert (u[:, None] + v[None, :] >= table - 1e-9).all()
    assert float(u.sum() + v.sum()) == pytest.approx(best, abs=1e-9)


def test_prices_of_a_hand_made_table() -> None:
    """table [[5, 1], [1, 5]], image the diagonal: u = 0 (no row gains by moving), v = column maxima 5, 5."""
    u, v = _prices(np.array([[5.0, 1.0], [1.0, 5.0]]), np.array([0, 1]), Budget())
    assert u.tolist() == [0.0, 0.0] and v.tolist() == [5.0, 5.0]
    # [[3, 4], [1, 5]] with image [0, 1]: row 0 moved to column 1 costs 5 - 4 = 1 -> u0 = min(0, 0 + ...)
    table = np.array([[3.0, 4.0], [1.0, 5.0]])
    u, v = _prices(table, np.array([0, 1]), Budget())
    assert float(u.sum() + v.sum()) == 8.0 and (u[:, None] + v[None, :] >= table).all()


def _potentials_by_loops(problem: AlignmentProblem, ip, lam: np.ndarray) -> np.ndarray:
    """Each candidate's unary weight plus the smaller of: per other test node, the largest positive
    share of a link towards that node's candidates; the same per other gold node."""
    shares: dict[int, list[tuple[int, int, float]]] = {c: [] for c in range(ip.size)}
    for q in range(len(ip.qw)):
        a, b = int(ip.qa[q]), int(ip.qb[q])
        shares[a].append((int(ip.ci[b]), int(ip.cj[b]), ip.qw[q] / 2 + lam[q]))
        shares[b].append((int(ip.ci[a]), int(ip.cj[a]), ip.qw[q] / 2 - lam[q]))
    out = []
    for c in range(ip.size):
        by_test: dict[int, float] = {}
        by_gold: dict[int, float] = {}
        for i, j, s in shares[c]:
            by_test[i] = max(by_test.get(i, 0.0), s)
            by_gold[j] = max(by_gold.get(j, 0.0), s)
        out.append(ip.cu[c] + min(sum(by_test.values()), sum(by_gold.values())))
    return np.array(out)


@law
@given(problems(max_nodes=4), st.integers(0, 2**32 - 1))
def test_potentials_match_a_loop_re_implementation_and_bound_every_mapping(problem, seed) -> None:
    ip = index_problem(problem)
    lam = np.random.default_rng(seed).normal(0, 1, len(ip.qw))
    potential, _ = _potentials(ip, _rows(ip), lam)
    assert potential == pytest.approx(_potentials_by_loops(problem, ip, lam), abs=1e-9)
    maps = partial_injections(*problem.shape)
    for m in np.where(maps == problem.shape[1], -1, maps):
        used = ip.candidate_of(m)
        assert potential[used[used < ip.size]].sum() >= problem.value(m) - 1e-9


def test_potentials_of_a_hand_made_problem() -> None:
    """Candidates (0,0), (1,1), (1,2) (cu 1, 0, 0); links (0,0)-(1,1) of 4 and (0,0)-(1,2) of 2.
    lam = 0: (0,0)'s test side is max(2, 1) = 2 (both towards test node 1), its gold side 2 + 1 = 3:
    potential 1 + 2 = 3; (1,1) and (1,2) get their own half: 2 and 1."""
    unary = np.zeros((2, 3))
    unary[0, 0] = 1.0
    ip = index_problem(AlignmentProblem(unary, np.array([[0, 0, 1, 1], [0, 0, 1, 2]]), np.array([4.0, 2.0])))
    assert list(zip(ip.ci.tolist(), ip.cj.tolist())) == [(0, 0), (1, 1), (1, 2)]
    lam = np.zeros(2)
    potential, _ = _potentials(ip, _rows(ip), lam)
    assert potential.tolist() == [3.0, 2.0, 1.0]
    # shift 1.5 of the first link to (0,0): shares 3.5 | 0.5 and 1 | 1
    lam = np.array([1.5, 0.0]) if ip.qa[0] == 0 else np.array([-1.5, 0.0])
    potential, _ = _potentials(ip, _rows(ip), lam)
    assert potential.tolist() == [1.0 + 3.5, 0.5, 1.0]


def test_the_bound_of_an_assignment_problem_is_its_optimum_with_exact_reduced_costs() -> None:
    """No links: potentials are the unary weights [[5, 1], [1, 5]]; the LP is the assignment problem,
    whose dual is the optimum 10. Diagonal candidates have slack 0; the two off-diagonal slacks sum
    to (u0 + v1 - 1) + (u1 + v0 - 1) = 10 - 2 = 8."""
    ip = index_problem(AlignmentProblem(np.array([[5.0, 1.0], [1.0, 5.0]]), NO_LINKS, np.zeros(0)))
    pairs = list(zip(ip.ci.tolist(), ip.cj.tolist()))
    bound, found = lagrangian_bound(ip, np.array([-1, -1]), Budget())
    assert bound.dual == 10.0 and bound.upper == 10.0
    reduced = dict(zip(pairs, bound.reduced.tolist()))
    assert reduced[(0, 0)] == 0.0 and reduced[(1, 1)] == 0.0
    assert reduced[(0, 1)] + reduced[(1, 0)] == -8.0 and reduced[(0, 1)] <= 0 and reduced[(1, 0)] <= 0
    assert dict(zip(pairs, bound.x.tolist())) == {(0, 0): 1.0, (0, 1): 0.0, (1, 0): 0.0, (1, 1): 1.0}
    assert bound.useful(9.0, True).tolist() == [p in {(0, 0), (1, 1)} for p in pairs]


def test_the_bound_of_a_problem_without_candidates() -> None:
    ip = index_problem(AlignmentProblem(np.zeros((2, 3)), NO_LINKS, np.zeros(0)))
    start = np.array([-1, -1])
    bound, found = lagrangian_bound(ip, start, Budget())
    assert (bound.dual, bound.upper) == (0.0, 0.0)
    assert bound.reduced.shape == (0,) and bound.x.shape == (0,) and found is start


@law
@given(problems(max_nodes=4))
def test_the_bound_and_each_reduced_cost_bound_the_brute_force_optimum(problem: AlignmentProblem) -> None:
    """``dual`` bounds every mapping; ``upper`` is it rounded down for integral problems; every mapping
    that uses candidate c earns at most ``dual + reduced[c]``; ``x`` marks one candidate per test node at most."""
    ip = index_problem(problem)
    bound, found = lagrangian_bound(ip, np.full(ip.n_test, -1), Budget())
    best = brute_force(problem)
    assert bound.dual >= best - 1e-6
    assert bound.upper == (math.floor(bound.dual + 1e-6) if ip.integral else bound.dual)
    assert (bound.reduced <= 0).all() and set(bound.x.tolist()) <= {0.0, 1.0}
    maps = partial_injections(*problem.shape)
    for m in np.where(maps == problem.shape[1], -1, maps):
        used = ip.candidate_of(m)
        used = used[used < ip.size]
        assert (bound.dual + bound.reduced[used] >= problem.value(m) - 1e-6).all()
    assert problem.value(found) <= best + 1e-9


@pytest.mark.parametrize("seed", range(12))
def test_an_optimal_start_is_returned_itself(seed: int) -> None:
    """``found`` is ``start``, or a better mapping: nothing beats an optimal start, so it comes back
    as given, also when the bound does not close and the steps' assignments are climbed (an equally
    good climbed mapping does not replace it). Optimum by enumerating all 1,546 partial mappings.
    The weights are integers, so ``upper`` is ``dual`` rounded down (seed 0: 10.00002 -> 10)."""
    problem = random_problem(np.random.default_rng(seed), 5, 5, 25)
    maps = partial_injections(5, 5)
    maps = np.where(maps == 5, -1, maps)
    values = np.array([problem.value(m) for m in maps])
    start = maps[np.flatnonzero(values == values.max())[-1]].copy()
    ip = index_problem(problem)
    bound, found = lagrangian_bound(ip, start, Budget())
    assert found is start and bound.dual >= values.max() - 1e-9
    assert ip.integral and bound.upper == math.floor(bound.dual + 1e-6)  # the bound rounded down


@pytest.mark.parametrize("steps", [1, 3, 8])
@pytest.mark.parametrize("seed", range(3))
def test_a_budget_that_stops_the_steps_still_pays_for_the_last_prices(seed: int, steps: int) -> None:
    """A budget of a few steps' units stops the subgradient steps before the last assignment's prices
    are cut short: the prices of that (optimal) assignment leave its candidates no slack, so their
    reduced costs are 0 (complementary slackness). With the prices cut (u = 0, v the column maxima),
    the bound of two 100-sentence documents stayed at 1,736 instead of about 1,615 under --timeout 30."""
    problem = random_problem(np.random.default_rng(seed), 40, 40, 400)
    ip = index_problem(problem)
    budget = Budget((steps + 0.5) * step_units(ip))
    bound, _ = lagrangian_bound(ip, np.full(ip.n_test, -1), budget)
    assert bound.x.sum() > 0
    assert (bound.reduced[bound.x == 1.0] >= -1e-9).all()
    unlimited, _ = lagrangian_bound(ip, np.full(ip.n_test, -1), Budget())
    assert unlimited.dual <= bound.dual + 1e-9
