"""Restricting a problem to allowed node pairs and summing weighted problems, checked by hand.

The values below are worked out on paper from the definitions: a pair (i, j) is allowed when
``table[test[i], gold[j]]``; a restricted problem keeps only allowed unary cells and links whose two
ends are both allowed; a weighted sum adds ``w * unary`` cellwise and ``w * weight`` per link,
merging a link that appears in several terms.
"""

from __future__ import annotations

import numpy as np
from scipy.sparse import csr_array, csr_matrix

from amrmetrics.align import AlignmentProblem
from amrmetrics.align.restrict import Compatibility, restrict, weighted_sum

# test nodes 0, 1 in group 0, test node 2 in group 1; gold 0 in group 0, gold 1, 2 in group 1;
# only same-group pairs are allowed.
ALLOWED = Compatibility(np.array([0, 0, 1]), np.array([0, 1, 1]), np.array([[True, False], [False, True]]))
UNARY = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]])
PAIRS = np.array([[0, 0, 2, 1], [0, 1, 2, 2], [1, 0, 2, 2]], dtype=np.int64)
WEIGHTS = np.array([10.0, 20.0, 30.0])


def test_keep_unmaps_exactly_the_pairs_not_allowed() -> None:
    # 0 -> 0 allowed, 1 -> 2 not (group 0 vs 1), 2 -> 1 allowed; unmapped stays -1
    assert ALLOWED.keep([0, 2, 1]).tolist() == [0, -1, 1]
    assert ALLOWED.keep([1, -1, 0]).tolist() == [-1, -1, -1]


def test_keep_returns_int64_indices_whatever_the_input() -> None:
    """The result indexes gold arrays: it is int64 also for an empty mapping (a float array cannot index)."""
    empty = ALLOWED.keep([])
    assert empty.dtype == np.int64 and empty.tolist() == []
    assert np.arange(3)[empty].tolist() == []
    narrow = ALLOWED.keep(np.array([0, 2, 1], dtype=np.int32))
    assert narrow.dtype == np.int64 and narrow.tolist() == [0, -1, 1]


def _expected_restricted() -> tuple[list[list[float]], dict[tuple[int, ...], float]]:
    unary = [[1.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 8.0, 9.0]]
    # link (0,0)-(2,1): both allowed; (0,1)-(2,2): (0,1) not allowed; (1,0)-(2,2): both allowed
    return unary, {(0, 0, 2, 1): 10.0, (1, 0, 2, 2): 30.0}


def _as_lists(problem: AlignmentProblem) -> tuple[list[list[float]], dict[tuple[int, ...], float]]:
    dense = problem.unary.toarray() if hasattr(problem.unary, "toarray") else np.asarray(problem.unary)
    links = {tuple(q): w for q, w in zip(problem.pairs.tolist(), np.asarray(problem.weights).tolist())}
    return dense.tolist(), links


def test_restricting_a_dense_problem() -> None:
    restricted = restrict(AlignmentProblem(UNARY, PAIRS, WEIGHTS), ALLOWED)
    assert _as_lists(restricted) == _expected_restricted()


def test_restricting_a_sparse_problem_keeps_it_sparse_with_the_allowed_entries() -> None:
    restricted = restrict(AlignmentProblem(csr_array(UNARY), PAIRS, WEIGHTS), ALLOWED)
    assert hasattr(restricted.unary, "toarray") and restricted.unary.shape == (3, 3)
    assert _as_lists(restricted) == _expected_restricted()
    assert restricted.value([0, -1, 2]) == 1.0 + 9.0
    assert restricted.value([1, 0, 2]) == 0.0 + 4.0 + 9.0 + 30.0


def test_restricting_a_sparse_problem_whose_last_cells_are_empty_keeps_its_shape() -> None:
    """The shape comes from the problem, not from the largest kept entry (gold 2 and test 2 hold nothing)."""
    unary = np.zeros((3, 3))
    unary[0, 0] = 5.0
    restricted = restrict(AlignmentProblem(csr_array(unary), np.zeros((0, 4), dtype=np.int64), np.zeros(0)), ALLOWED)
    assert restricted.unary.shape == (3, 3) and restricted.shape == (3, 3)
    assert restricted.unary.toarray().tolist() == [[5.0, 0, 0], [0, 0, 0], [0, 0, 0]]


def test_weighted_sum_of_one_problem_scales_it() -> None:
    summed = weighted_sum([(2.0, AlignmentProblem(UNARY, PAIRS, WEIGHTS))])
    assert _as_lists(summed) == ((2 * UNARY).tolist(), {(0, 0, 2, 1): 20.0, (0, 1, 2, 2): 40.0, (1, 0, 2, 2): 60.0})


def test_weighted_sum_adds_cells_and_merges_shared_links() -> None:
    a = AlignmentProblem(UNARY, PAIRS[:2], np.array([10.0, 20.0]))
    b_unary = np.zeros((3, 3))
    b_unary[0, 0], b_unary[2, 1] = 1.0, 3.0
    b = AlignmentProblem(csr_array(b_unary), PAIRS[1:], np.array([1.0, 2.0]))
    summed = weighted_sum([(3.0, a), (0.5, b)])
    unary = (3 * UNARY).tolist()
    unary[0][0] += 0.5
    unary[2][1] += 1.5
    # (0,1,2,2) is in both: 3 * 20 + 0.5 * 1
    assert _as_lists(summed) == (unary, {(0, 0, 2, 1): 30.0, (0, 1, 2, 2): 60.5, (1, 0, 2, 2): 1.0})
    assert len(summed.pairs) == 3 and summed.pairs.dtype == np.int64


def test_weighted_sum_of_sparse_problems_without_links() -> None:
    a_unary, b_unary = np.zeros((2, 3)), np.zeros((2, 3))
    a_unary[0, 1], b_unary[0, 1], b_unary[1, 2] = 2.0, 1.0, 4.0
    no_links = np.zeros((0, 4), dtype=np.int64)
    summed = weighted_sum(
        [(2.0, AlignmentProblem(csr_array(a_unary), no_links, np.zeros(0))),
         (1.0, AlignmentProblem(csr_array(b_unary), no_links, np.zeros(0)))]
    )
    assert np.asarray(summed.unary).tolist() == [[0.0, 5.0, 0.0], [0.0, 0.0, 4.0]]
    assert summed.pairs.shape == (0, 4) and np.asarray(summed.weights).tolist() == []
    assert summed.value([1, 2]) == 9.0


def test_weighted_sum_weighs_link_weights_in_double_precision() -> None:
    """Link weights given in single precision are widened before they are scaled."""
    link = np.array([[0, 0, 1, 1]], dtype=np.int64)
    summed = weighted_sum([(3.0, AlignmentProblem(np.zeros((2, 2)), link, np.array([0.1], dtype=np.float32)))])
    assert np.asarray(summed.weights).tolist() == [3.0 * float(np.float32(0.1))]
    assert float(np.float32(3.0) * np.float32(0.1)) != 3.0 * float(np.float32(0.1))


def test_weighted_sum_of_a_scipy_sparse_matrix_is_a_plain_array() -> None:
    """Any scipy sparse unary (here the older ``csr_matrix``) is densified into a plain 2-D ndarray,
    not left to ``np.matrix`` arithmetic (whose rows are 2-D)."""
    sparse = AlignmentProblem(csr_matrix(np.array([[0.0, 1.5], [2.0, 0.0]])), np.zeros((0, 4), dtype=np.int64), np.zeros(0))
    for terms in ([(2.0, sparse)], [(1.0, AlignmentProblem(np.ones((2, 2)), sparse.pairs, sparse.weights)), (2.0, sparse)]):
        summed = weighted_sum(terms)
        assert type(summed.unary) is np.ndarray
        assert summed.unary[1].tolist() == [4.0 + (len(terms) - 1), 0.0 + (len(terms) - 1)]
