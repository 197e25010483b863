"""small_bounds.eliminate (the plain-Python elimination) on the staircase of test_mut5_bounds_hillclimb:
15 x 16 integer unary weights, test i earning on gold i and i + 1 only; with the value 56 it
drops candidates in each of its first 13 rounds.

Its first bound, by hand: the row maxima (max of each test node's two weights) are
4 3 4 5 3 4 4 3 3 4 5 5 5 3 5, sum 60; the column maxima are 3 4 4 5 3 4 4 4 3 4 4 5 4 5 5 3,
sum 64; the bound is min(60, 64) = 60. Its 30 candidates are the 15 x 2 non-zero cells.
"""

from __future__ import annotations

import math
import time

import pytest
from align.test_mut5_bounds_hillclimb import staircase
from align_helpers import count_potentials

from amrmetrics.align import small_bounds
from amrmetrics.align.budget import Budget, pass_units
from amrmetrics.align.small import index_small
from amrmetrics.align.small_bounds import eliminate


def small_staircase():
    sp = index_small(staircase())
    assert sp is not None and sp.size == 30
    return sp


def rounds_run(monkeypatch: pytest.MonkeyPatch, **kwargs) -> int:
    """How many rounds dropped candidates (each computes the potentials of what is left once)."""
    real = small_bounds.potentials
    calls = count_potentials(monkeypatch, small_bounds)
    sp = small_staircase()
    eliminate(sp, 56.0, real(sp), **kwargs)
    return len(calls)


def test_ten_rounds_by_default_of_the_thirteen_the_staircase_has(monkeypatch: pytest.MonkeyPatch) -> None:
    assert rounds_run(monkeypatch, rounds=20) == 13
    assert rounds_run(monkeypatch) == 10
    assert rounds_run(monkeypatch, rounds=3) == 3


def test_no_round_starts_that_the_budget_cannot_pay_for() -> None:
    """The first bound (60) is paid whatever is left (one pass over the 30 candidates and 15 + 16
    nodes); one unit short of the two passes the first round costs, it comes back with all 30
    candidates; with them, the first round drops some."""
    sp = small_staircase()
    one_pass = pass_units(30, 0, 31)
    left, bound = eliminate(sp, 56.0, small_bounds.potentials(sp), budget=Budget(3 * one_pass - 1))
    assert left.size == 30 and bound == 60.0
    left, bound = eliminate(sp, 56.0, small_bounds.potentials(sp), budget=Budget(3 * one_pass))
    assert left.size < 30


def test_no_round_starts_past_the_clock() -> None:
    sp = small_staircase()
    late = Budget(10**12, deadline=time.perf_counter() - 1.0)
    left, bound = eliminate(sp, 56.0, small_bounds.potentials(sp), budget=late)
    assert left.size == 30 and bound == 60.0 and late.clocked


def test_no_round_at_all_proves_nothing() -> None:
    """rounds=-1 runs no round, not even the first bound: the problem comes back as given, bound inf;
    rounds=0 computes the first bound (60) and drops nothing."""
    sp = small_staircase()
    pot = small_bounds.potentials(sp)
    left, bound = eliminate(sp, 56.0, pot, rounds=-1)
    assert left is sp and bound == math.inf
    left, bound = eliminate(sp, 56.0, pot, rounds=0)
    assert left is sp and bound == 60.0
