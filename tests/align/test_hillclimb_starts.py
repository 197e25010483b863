"""The hill climber's starting mappings and its checks, by hand on a four-by-three problem.

smart_init: each test node in order takes the unused gold node of highest positive unary weight,
the lowest index on ties; a node with no positive weight stays unmapped (-1). random_init maps
every node that still has a free candidate, and only onto a candidate.
"""

from __future__ import annotations

import numpy as np
import pytest

from amrmetrics.align import AlignmentProblem
from amrmetrics.align.hillclimb import HillClimbSolver, random_init, smart_init
from amrmetrics.align.indexed import index_problem

UNARY = [
    [0.0, 1.0, 1.0],  # a tie: gold 1, the lower index
    [1.0, 0.5, 0.0],  # gold 0 (the first gold node can be taken)
    [0.0, 1.0, 0.5],  # gold 1 is taken: gold 2, a weight below 1
    [0.0, 0.0, 0.0],  # no positive weight: unmapped
]


def problem() -> AlignmentProblem:
    return AlignmentProblem(np.array(UNARY), np.zeros((0, 4), dtype=np.int64), np.zeros(0))


def test_smart_init_by_hand() -> None:
    start = smart_init(index_problem(problem()))
    assert start.tolist() == [1, 0, 2, -1]
    assert start.dtype == np.int64


@pytest.mark.parametrize("seed", range(5))
def test_random_init_maps_each_node_with_a_free_candidate_onto_one(seed: int) -> None:
    start = random_init(index_problem(problem()), np.random.Generator(np.random.PCG64(seed))).tolist()
    candidates = [{1, 2}, {0, 1}, {1, 2}, set()]
    assert start[3] == -1
    assert start[0] in candidates[0] and start[1] in candidates[1]  # both always have a free one
    assert start[2] == -1 or start[2] in candidates[2]
    mapped = [j for j in start if j >= 0]
    assert len(mapped) == len(set(mapped))
    if start[2] == -1:  # only when tests 0 and 1 took both of its candidates
        assert {start[0], start[1]} == {1, 2}


def test_hill_climbing_finds_the_optimum_and_times_itself() -> None:
    result = HillClimbSolver().solve(problem())
    assert result.value == pytest.approx(1.0 + 1.0 + 1.0)  # 0->2, 1->0, 2->1 (or 0->1, 2->2: 2.5)
    assert list(result.mapping) == [2, 0, 1, -1]
    assert isinstance(result.seconds, float) and 0.0 <= result.seconds < 60.0


def test_a_negative_number_of_restarts_is_refused() -> None:
    with pytest.raises(ValueError, match=r"^restarts must be >= 0$"):
        HillClimbSolver(restarts=-1)
