"""Weights the solvers cannot reason about are refused with a message, not solved into nonsense:
NaN passes every comparison (a NaN link would be kept and its unary twin silently dropped), and a
negative number of elimination rounds has no bound to return."""

from __future__ import annotations

import numpy as np
import pytest

from amrmetrics.align.bounds import eliminate
from amrmetrics.align.decompose import DecomposingSolver
from amrmetrics.align.exact import ExactSolver
from amrmetrics.align.hillclimb import HillClimbSolver
from amrmetrics.align.indexed import index_problem
from amrmetrics.align.problem import AlignmentProblem

LINK = np.array([[0, 0, 1, 1]])


@pytest.mark.parametrize("solver", [ExactSolver(), HillClimbSolver()])
def test_a_nan_link_weight_is_refused(solver) -> None:
    problem = AlignmentProblem(np.ones((2, 2)), LINK, np.array([np.nan]))
    with pytest.raises(ValueError, match="pairwise weights must not be NaN"):
        solver.solve(problem)


@pytest.mark.parametrize("unary", [np.array([[np.nan, 1.0], [1.0, 0.0]]), np.array([[1.0, 0.0], [0.0, np.nan]])])
def test_a_nan_unary_weight_is_refused(unary) -> None:
    with pytest.raises(ValueError, match="unary weights must not be NaN"):
        index_problem(AlignmentProblem(unary, LINK, np.array([1.0])))


def test_elimination_needs_at_least_zero_rounds() -> None:
    ip = index_problem(AlignmentProblem(np.eye(2), LINK, np.array([1.0])))
    assert eliminate(ip, 0.0, rounds=0)[1] == 3.0  # both diagonal pairs (1 + 1) and their link (1)
    with pytest.raises(ValueError, match="rounds must be at least 0, not -1"):
        eliminate(ip, 0.0, rounds=-1)


@pytest.mark.parametrize("link", [[0, 1, 2, 1], [1, 0, 1, 2]], ids=["one gold node", "one test node"])
@pytest.mark.parametrize("solver", [ExactSolver(), HillClimbSolver(), DecomposingSolver()])
def test_a_link_between_pairs_of_one_node_is_refused(solver, link) -> None:
    """No one-to-one mapping earns such a link; a climb that assumes there is none could cycle for ever."""
    problem = AlignmentProblem(np.ones((3, 3)), np.array([link]), np.array([1.0]))
    with pytest.raises(ValueError, match=r"links two pairs of one node \(rows \(i, j, k, l\) need i != k and j != l\)"):
        solver.solve(problem)
