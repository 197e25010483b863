"""The end of DecomposingSolver._large: how the rest's mapping and bound are combined with what the
climb found and with the Lagrangian bound (``upper = min(lp.upper, max(value, rest upper))``; the
rest's mapping replaces the best one only when it earns more; the status).

On ``sixes()`` (tests/align/test_mut3_large_route.py: optimum 6 by [2, 1, 0] or [-1, 1, 0]; [2, 0, -1]
earns 5; [-1, 0, -1] earns 3; the bound after one subgradient step is 7), with climbing and the
greedy start switched off (the start is kept as it is, the bound's rounding finds nothing), the
bound taking one step and the rest's solution given by the test.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_mut3_large_route import sixes

from amrmetrics.align import decompose, first_order
from amrmetrics.align.budget import Budget
from amrmetrics.align.decompose import DecomposingSolver
from amrmetrics.align.result import Alignment


def large_end(monkeypatch: pytest.MonkeyPatch, start: list[int], rest: tuple[list[int], float]) -> tuple[Alignment, list[Budget], Budget]:
    """``_large(sixes(), budget, start)``, the rest solved as ``rest``; also the budgets the rest was given."""
    monkeypatch.setattr(decompose, "climb", lambda ip, begin, budget=None: np.asarray(begin, dtype=np.int64))
    monkeypatch.setattr(decompose, "greedy_init", lambda ip, weights: np.full(ip.n_test, -1, dtype=np.int64))
    monkeypatch.setattr(first_order, "STEPS", 1)
    given: list[Budget] = []

    def split_and_solve(self, ip, budget, large, begin=None):
        given.append(budget)
        return np.array(rest[0]), rest[1]

    monkeypatch.setattr(DecomposingSolver, "_split_and_solve", split_and_solve)
    budget = Budget(10.0**12)
    return DecomposingSolver()._large(sixes(), budget, np.array(start)), given, budget


@pytest.mark.parametrize(
    ("start", "rest", "expected"),
    [
        # the rest earns 6 > 5 and proves 6: taken, certified
        ([2, 0, -1], ([2, 1, 0], 6.0), ((2, 1, 0), 6.0, 6.0, "optimal")),
        # the rest only ties (6 = 6): the start is kept
        ([2, 1, 0], ([-1, 1, 0], 6.0), ((2, 1, 0), 6.0, 6.0, "optimal")),
        # the rest was cut short (its bound 6.5): max(6, 6.5) under the bound 7
        ([2, 1, 0], ([-1, 1, 0], 6.5), ((2, 1, 0), 6.0, 6.5, "time-limit")),
        # the rest's bound 4 is below what the start earns (5): the bound is 5, which proves the start
        ([2, 0, -1], ([-1, 0, -1], 4.0), ((2, 0, -1), 5.0, 5.0, "optimal")),
        # a rest bound above the Lagrangian bound 7 proves no more than 7
        ([2, 1, 0], ([2, 1, 0], 9.0), ((2, 1, 0), 6.0, 7.0, "time-limit")),
    ],
)
def test_the_rest_is_combined_with_what_was_found(
    monkeypatch: pytest.MonkeyPatch, start: list[int], rest: tuple[list[int], float], expected: tuple
) -> None:
    result, given, budget = large_end(monkeypatch, start, rest)
    assert (result.mapping, result.value, result.upper, result.status) == expected
    assert len(given) == 1 and given[0] is budget  # the rest spends from the part's own budget
