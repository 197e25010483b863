"""The optimal face of fine-grained Smatch (:mod:`amrmetrics.metrics.fine_face`) on problems small
enough to price by hand.

Problem P: test nodes a, b, c and gold nodes x, y; a->x, b->x and c->y earn 1 each, nothing else.
Its LP dual is forced at gold node x: x's price is 1 (pricing a and b instead would cost 2), so
any mapping that maps c to x is worth at most 2 - price(c) - price(x) <= 1: at value 2 (the
optimum) the face drops c->x, whatever split of c->y's unit between c and y the LP returns, and
keeps the three pairs that earn (their reduced costs are 0).
"""

from __future__ import annotations

import time
import warnings

import numpy as np
import pytest
from scipy.sparse import csr_array

from amrmetrics.align import AlignmentProblem
from amrmetrics.align.budget import Budget
from amrmetrics.align.indexed import index_problem
from amrmetrics.metrics.fine_face import Face, optimal_face

A, B, C = 0, 1, 2
X, Y = 0, 1
P = AlignmentProblem(np.array([[1.0, 0.0], [1.0, 0.0], [0.0, 1.0]]), np.zeros((0, 4), dtype=np.int64), np.zeros(0))


def unary(*rows: list[float]) -> AlignmentProblem:
    return AlignmentProblem(np.array(rows, dtype=float), np.zeros((0, 4), dtype=np.int64), np.zeros(0))


def strict(problem: AlignmentProblem, value: float, budget: Budget | None = None) -> Face | None:
    """optimal_face, with any warning (an option scipy does not know, ...) made an error."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return optimal_face(problem, value, budget)


@pytest.mark.parametrize("budget", [lambda: None, lambda: Budget.of(30.0), lambda: Budget()])
def test_at_the_optimum_the_face_drops_the_pair_no_good_mapping_uses(budget) -> None:
    face = strict(P, 2.0, budget())
    assert face is not None
    assert face.allows([A, B, C], [X, X, Y]).tolist() == [True, True, True]
    assert not face.allows(C, X)
    # prices: x carries 1, a and b nothing (c->y's unit may sit in c, y or its own column bound)
    assert face.col_price[X] == pytest.approx(1.0)
    assert face.row_price[A] == pytest.approx(0.0) and face.row_price[B] == pytest.approx(0.0)
    assert face.slack == pytest.approx(1e-6 * 2.0, abs=1e-9)  # bound 2, value 2, tolerance 1e-6 relative


def test_below_the_optimum_by_more_than_any_price_every_pair_is_usable() -> None:
    face = strict(P, 0.0)
    assert face.allows([A, A, B, B, C, C], [X, Y, X, Y, X, Y]).all()
    assert face.slack == pytest.approx(2.0 + 1e-6)


def test_the_tolerance_is_one_millionth_of_the_value_and_at_least_one_millionth() -> None:
    one = unary([1.0])  # bound 1: the pair's bound is 1
    assert strict(one, 1.0 + 0.5e-6).allows(0, 0)  # within 1e-6
    assert not strict(one, 1.0 + 1.5e-6).allows(0, 0)  # 1e-6 * max(1, value) is still ~1e-6
    big = unary([1000.0])  # bound 1000: tolerance 1e-3
    assert strict(big, 1000.0 + 0.5e-3).allows(0, 0)
    assert not strict(big, 1000.0 + 1.5e-3).allows(0, 0)


def test_a_problem_without_candidates_has_zero_prices() -> None:
    face = strict(unary([0.0, 0.0]), 0.0)
    assert face is not None
    assert face.row_price.tolist() == [0.0] and face.col_price.tolist() == [0.0, 0.0]
    assert face.slack == pytest.approx(1e-6)
    assert face.allows([0, 0], [0, 1]).tolist() == [True, True]


def test_an_lp_the_budget_cannot_pay_for_gives_no_face() -> None:
    """No simplex iteration paid for: the LP is not solved, so no face (and no pair is dropped)."""
    assert strict(P, 2.0, Budget(1)) is None


def test_a_restricted_problem_has_no_face() -> None:
    restricted = AlignmentProblem(P.unary, P.pairs, P.weights, ceiling=5.0)
    assert optimal_face(restricted, 2.0) is None


def hand_face(problem: AlignmentProblem, usable: dict[tuple[int, int], bool], rows: list[float], cols: list[float], slack: float) -> Face:
    """A face with chosen prices: ``usable`` for the candidates, prices for the other pairs."""
    ip = index_problem(problem)
    flags = np.zeros(ip.size + 1, dtype=bool)
    for (i, j), ok in usable.items():
        flags[int(ip.lookup(i, j))] = ok
    return Face(problem, ip, flags, np.array(rows), np.array(cols), slack)


# Problem Q: 2 x 3, candidates a->x, a->y, b->z, and one link (a->x, b->z) worth 2.
Q_UNARY = np.array([[1.0, 3.0, 0.0], [0.0, 0.0, 1.0]])
Q_PAIRS = np.array([[0, 0, 1, 2]], dtype=np.int64)
Q_USABLE = {(0, 0): True, (0, 1): False, (1, 2): True}


@pytest.fixture
def q_face() -> Face:
    problem = AlignmentProblem(Q_UNARY, Q_PAIRS, np.array([2.0]))
    # other pairs by price: a->z costs 0.5 + 0.25 (usable at slack 1), b->x 2 + 0 and b->y 2 + 0.5 (not)
    return hand_face(problem, Q_USABLE, [0.5, 2.0], [0.0, 0.5, 0.25], 1.0)


def test_allows_reads_candidates_from_usable_and_prices_the_rest(q_face: Face) -> None:
    i = [0, 0, 0, 1, 1, 1]
    j = [0, 1, 2, 0, 1, 2]
    assert q_face.allows(i, j).tolist() == [True, False, True, False, False, True]
    assert q_face.allows([], []).tolist() == []
    assert q_face.allows(np.array([[0], [1]]), np.array([[2, 0]])).tolist() == [[True, True], [True, False]]  # a->x usable; b->z usable; b->x not


def test_a_price_sum_equal_to_the_slack_is_allowed() -> None:
    problem = unary([1.0, 0.0])
    face = hand_face(problem, {(0, 0): True}, [0.75], [0.0, 0.25], 1.0)  # a->y: 0.75 + 0.25 = 1 = slack
    assert face.allows(0, 1)
    face = hand_face(problem, {(0, 0): True}, [0.75], [0.0, 0.5], 1.0)  # 1.25 > 1
    assert not face.allows(0, 1)
    face = hand_face(problem, {(0, 0): True}, [1.5], [0.0, 0.5], 1.0)  # a difference of prices would pass
    assert not face.allows(0, 1)


def test_restrict_drops_unary_weights_and_links_of_pairs_not_allowed(q_face: Face) -> None:
    full = q_face.restricted_full
    assert np.asarray(full.unary).tolist() == [[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]]
    assert full.pairs.tolist() == [[0, 0, 1, 2]] and full.weights.tolist() == [2.0]
    # an aspect problem whose node 0 / 1 is full test node 1 / 0, and gold node k full gold node 2 - k
    rows, cols = np.array([1, 0]), np.array([2, 1, 0])
    aspect = AlignmentProblem(
        np.array([[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]),
        np.array([[0, 0, 1, 2], [0, 1, 1, 2]], dtype=np.int64),  # (b->z, a->x) kept; (b->y, a->x) dropped
        np.array([4.0, 5.0]),
    )
    out = q_face.restrict(aspect, rows, cols)
    assert np.asarray(out.unary).tolist() == [[1.0, 0.0, 0.0], [1.0, 0.0, 1.0]]
    assert out.pairs.tolist() == [[0, 0, 1, 2]] and out.weights.tolist() == [4.0]
    sparse = AlignmentProblem(csr_array(aspect.unary), np.zeros((0, 4), dtype=np.int64), np.zeros(0))
    out = q_face.restrict(sparse, rows, cols)
    assert isinstance(out.unary, csr_array) and out.unary.shape == (2, 3)
    assert out.unary.toarray().tolist() == [[1.0, 0.0, 0.0], [1.0, 0.0, 1.0]]
    assert out.pairs.shape == (0, 4) and len(out.weights) == 0


def test_restrict_keeps_a_link_only_when_both_its_pairs_are_allowed(q_face: Face) -> None:
    problem = AlignmentProblem(
        np.zeros((2, 3)),
        np.array([[0, 0, 1, 2], [0, 1, 1, 2], [0, 2, 1, 0]], dtype=np.int64),
        np.array([1.0, 2.0, 3.0]),
    )
    out = q_face.restrict(problem, np.array([0, 1]), np.array([0, 1, 2]))
    assert out.pairs.tolist() == [[0, 0, 1, 2]] and out.weights.tolist() == [1.0]


def test_clean_unmaps_the_pairs_not_allowed(q_face: Face) -> None:
    cleaned = q_face.clean((1, 0))  # a->y is not usable, b->x is not allowed (prices 2 + 0 > 1)
    assert cleaned.tolist() == [-1, -1] and cleaned.dtype == np.int64
    assert q_face.clean((0, 2)).tolist() == [0, 2]
    assert q_face.clean((-1, 0)).tolist() == [-1, -1]
    assert q_face.clean(np.array([2, -1])).tolist() == [2, -1]
    empty = q_face.clean(())
    assert empty.tolist() == [] and empty.dtype == np.int64


def test_an_lp_not_solved_before_the_clock_s_deadline_gives_no_face() -> None:
    late = Budget(10**12, deadline=time.perf_counter())
    assert strict(P, 2.0, late) is None
