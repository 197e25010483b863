"""The plain-Python cheap bounds against brute force: each bounds the optimum, and elimination keeps
every candidate of every mapping better than the given value."""

from __future__ import annotations

import numpy as np
from align.align_helpers import brute_force, partial_injections, problems
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from amrmetrics.align import AlignmentProblem
from amrmetrics.align.small import index_small
from amrmetrics.align.small_bounds import eliminate, line_bound, potentials

law = settings(max_examples=60, deadline=None)
INTEGRAL = (0.0, 0.0, 1.0, 1.0, 2.0, 3.0)


def _mappings(problem: AlignmentProblem) -> np.ndarray:
    maps = partial_injections(*problem.shape)
    return np.where(maps == problem.shape[1], -1, maps)


def _used(sp, mapping: np.ndarray) -> list[int]:
    return [sp.index[(i, int(j))] for i, j in enumerate(mapping) if j >= 0 and (i, int(j)) in sp.index]


@law
@given(problems(max_nodes=4, weights=INTEGRAL))
def test_potentials_and_the_line_bound_bound_every_mapping(problem: AlignmentProblem) -> None:
    sp = index_small(problem)
    assume(sp is not None)
    potential = potentials(sp)
    for m in _mappings(problem):
        assert sum(potential[c] for c in _used(sp, m)) >= problem.value(m) - 1e-9
    assert line_bound(sp, potential) >= brute_force(problem) - 1e-9


@law
@given(problems(max_nodes=4, weights=INTEGRAL), st.integers(0, 3))
def test_elimination_keeps_every_better_mapping_and_bounds_the_optimum(problem: AlignmentProblem, below: int) -> None:
    """With ``value`` = optimum - 1 - below (below >= 0; at value = optimum no mapping is better, and
    elimination may drop everything), every optimal mapping is better than ``value``: all its
    candidates survive (by (test, gold) pair), and the bound is at least the optimum."""
    sp = index_small(problem)
    assume(sp is not None)
    best = brute_force(problem)
    value = best - 1 - below
    left, bound = eliminate(sp, value, potentials(sp))
    assert bound >= best - 1e-9 and bound == int(bound)
    kept = set(zip(left.ci, left.cj))
    for m in _mappings(problem):
        if problem.value(m) > value:
            assert {(i, int(j)) for i, j in enumerate(m) if (i, int(j)) in sp.index} <= kept
            assert left.value([int(j) for j in m]) == problem.value(m)


def test_a_hand_made_problem() -> None:
    """Candidates (0,0) cu 1, (1,1) cu 1, (0,1) cu 1, link (0,0)-(1,1) of 2: potentials 1 + 1 = 2, 2, 1;
    line bound: rows 2 + 2, columns 2 + 2 -> 4 (the optimum: 1 + 1 + 2). Below value 2, (0,1) cannot
    help (it earns 1 and blocks (1,1) and (0,0))."""
    unary = np.array([[1.0, 1.0], [0.0, 1.0]])
    sp = index_small(AlignmentProblem(unary, np.array([[0, 0, 1, 1]]), np.array([2.0])))
    assert list(zip(sp.ci, sp.cj)) == [(0, 0), (0, 1), (1, 1)]
    assert potentials(sp) == [2.0, 1.0, 2.0]
    assert line_bound(sp, potentials(sp)) == 4.0
    left, bound = eliminate(sp, 2.0, potentials(sp))
    assert list(zip(left.ci, left.cj)) == [(0, 0), (1, 1)] and bound == 4.0
