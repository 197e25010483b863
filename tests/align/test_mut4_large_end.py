"""The end of DecomposingSolver._large: how the rest's mapping and bound are combined with what the
climb found and with the Lagrangian bound (``upper = min(lp.upper, max(value, rest upper))``; the
rest's mapping replaces the best one only when it earns more; the status and the seconds).

On ``sixes()`` (tests/align/test_mut3_large_route.py: optimum 6 by [2, 1, 0] or [-1, 1, 0]; [2, 0, -1]
earns 5; [-1, 0, -1] earns 3; the bound after one subgradient step is 7), with climbing and the
greedy start switched off (the start is kept as it is, the bound's rounding finds nothing), the fake
clock of that file (the bound ends 6 s after the start) and the rest's solution given by the test.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from test_mut3_large_route import Clock, sixes

from amrmetrics.align import decompose
from amrmetrics.align.decompose import DecomposingSolver
from amrmetrics.align.result import Alignment


def large_end(monkeypatch: pytest.MonkeyPatch, start: list[int], rest: tuple[list[int], float]) -> tuple[Alignment, list[float]]:
    """``_large(sixes(), deadline 110, start)`` at 100 on the fake clock, the rest solved as ``rest``;
    also the deadlines the rest was given."""
    clock = Clock(100.0)
    monkeypatch.setattr(decompose, "time", clock)
    monkeypatch.setattr(decompose, "climb", lambda ip, begin: np.asarray(begin, dtype=np.int64))
    monkeypatch.setattr(decompose, "greedy_init", lambda ip, weights: np.full(ip.n_test, -1, dtype=np.int64))
    real = decompose.lagrangian_bound

    def bound(ip, begin, deadline):
        clock.now = 106.0
        lp, _ = real(ip, begin, -math.inf)
        return lp, begin

    given: list[float] = []

    def split_and_solve(self, ip, deadline, large, begin=None):
        given.append(deadline)
        return np.array(rest[0]), rest[1]

    monkeypatch.setattr(decompose, "lagrangian_bound", bound)
    monkeypatch.setattr(DecomposingSolver, "_split_and_solve", split_and_solve)
    return DecomposingSolver()._large(sixes(), 110.0, np.array(start)), given


@pytest.mark.parametrize(
    ("start", "rest", "expected"),
    [
        # the rest earns 6 > 5 and proves 6: taken, certified
        ([2, 0, -1], ([2, 1, 0], 6.0), Alignment((2, 1, 0), 6.0, 6.0, "optimal", 6.0)),
        # the rest only ties (6 = 6): the start is kept
        ([2, 1, 0], ([-1, 1, 0], 6.0), Alignment((2, 1, 0), 6.0, 6.0, "optimal", 6.0)),
        # the rest was cut short (its bound 6.5): max(6, 6.5) under the bound 7
        ([2, 1, 0], ([-1, 1, 0], 6.5), Alignment((2, 1, 0), 6.0, 6.5, "time-limit", 6.0)),
        # the rest's bound 4 is below what the start earns (5): the bound is 5, which proves the start
        ([2, 0, -1], ([-1, 0, -1], 4.0), Alignment((2, 0, -1), 5.0, 5.0, "optimal", 6.0)),
        # a rest bound above the Lagrangian bound 7 proves no more than 7
        ([2, 1, 0], ([2, 1, 0], 9.0), Alignment((2, 1, 0), 6.0, 7.0, "time-limit", 6.0)),
    ],
)
def test_the_rest_is_combined_with_what_was_found(
    monkeypatch: pytest.MonkeyPatch, start: list[int], rest: tuple[list[int], float], expected: Alignment
) -> None:
    result, given = large_end(monkeypatch, start, rest)
    assert result == expected
    assert given == [110.0]
