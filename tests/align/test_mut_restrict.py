"""restrict.py and doc_problem.py by hand: a restriction of a sparse problem, a weighted sum of
problems (dense and sparse, with and without links), unmapping disallowed pairs, and the document
builder when the pair's unary weights are sparse."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.sparse import csr_array

import amrmetrics.align.problem as problem_module
from amrmetrics.align import AlignmentProblem, build_problem
from amrmetrics.align.doc_problem import build_document_problem
from amrmetrics.align.restrict import Compatibility, restrict, weighted_sum
from amrmetrics.graph import Graph

NO_LINKS = (np.zeros((0, 4), dtype=np.int64), np.zeros(0))

# test nodes 0, 1 in groups 0, 1; gold nodes 0, 1, 2 in groups 0, 1, 1; group 0 only with 0, 1 only with 1
ALLOWED = Compatibility(np.array([0, 1]), np.array([0, 1, 1]), np.array([[True, False], [False, True]]))


def test_a_sparse_problem_restricted() -> None:
    unary = np.array([[1.0, 2.0, 0.0], [3.0, 0.0, 4.0]])
    pairs = np.array([[0, 0, 1, 2], [0, 1, 1, 2]])
    restricted = restrict(AlignmentProblem(csr_array(unary), pairs, np.array([5.0, 6.0])), ALLOWED)
    assert isinstance(restricted.unary, csr_array) and restricted.unary.shape == (2, 3)
    assert restricted.unary.toarray().tolist() == [[1.0, 0.0, 0.0], [0.0, 0.0, 4.0]]
    assert restricted.pairs.tolist() == [[0, 0, 1, 2]] and restricted.weights.tolist() == [5.0]


def test_keep_unmaps_disallowed_pairs() -> None:
    assert ALLOWED.keep([1, 2]).tolist() == [-1, 2]
    assert ALLOWED.keep((0, -1)).tolist() == [0, -1]


def test_a_weighted_sum_by_hand() -> None:
    """2 x (dense, link (0,0)-(1,1) of 1.5) + 1 x (sparse, links (0,0)-(1,1) of 2 and (0,1)-(1,0) of 3)."""
    first = AlignmentProblem(np.array([[1.0, 0.0], [0.0, 2.0]]), np.array([[0, 0, 1, 1]]), np.array([1.5]))
    second = AlignmentProblem(csr_array(np.array([[0.0, 3.0], [1.0, 0.0]])), np.array([[0, 1, 1, 0], [0, 0, 1, 1]]), np.array([3.0, 2.0]))
    total = weighted_sum([(2.0, first), (1.0, second)])
    assert np.asarray(total.unary).tolist() == [[2.0, 3.0], [1.0, 4.0]]
    assert total.pairs.tolist() == [[0, 0, 1, 1], [0, 1, 1, 0]] and total.weights.tolist() == [5.0, 3.0]


def test_a_weighted_sum_without_links_and_of_one_term() -> None:
    sparse = AlignmentProblem(csr_array(np.array([[0.0, 3.0]])), *NO_LINKS)
    dense = AlignmentProblem(np.array([[1.0, 1.0]]), *NO_LINKS)
    total = weighted_sum([(0.5, sparse), (2.0, dense)])
    assert np.asarray(total.unary).tolist() == [[2.0, 3.5]]
    assert total.pairs.shape == (0, 4) and total.weights.tolist() == []
    alone = weighted_sum([(3.0, AlignmentProblem(np.array([[1.0, 0.0]]), np.array([[0, 0, 0, 1]]), np.array([2.0])))])
    assert np.asarray(alone.unary).tolist() == [[3.0, 0.0]] and alone.weights.tolist() == [6.0]


def test_the_document_builder_with_sparse_unary_weights(monkeypatch: pytest.MonkeyPatch) -> None:
    """With every pair's unary weights sparse (the large-pair form), the numpy builder still builds
    the problem by hand: (a, x) and (b, y) share concepts, and a :ARG0 b meets x :ARG0 y."""
    test = Graph((("a", "want"), ("b", "boy")), (), (("a", ":ARG0", "b"),), "a")
    gold = Graph((("x", "want"), ("y", "boy"), ("z", "girl")), (), (("x", ":ARG0", "y"),), "x")
    monkeypatch.setattr(problem_module, "DENSE_CELLS", 0)
    assert isinstance(build_problem(test, gold).unary, csr_array)
    built = build_document_problem(test, gold)
    assert isinstance(built.unary, csr_array)  # never a dense n x m table above the limit
    assert built.unary.toarray().tolist() == [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]
    assert built.pairs.tolist() == [[0, 0, 1, 1]] and built.weights.tolist() == [1.0]
