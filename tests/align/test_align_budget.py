"""The work budget of a pair (align/budget.py): what --timeout buys, how steps pay, how it stops."""

from __future__ import annotations

import math
import time

import pytest

from amrmetrics.align import budget as budget_module
from amrmetrics.align.budget import Budget, pass_units, units_of
from amrmetrics.metrics.smatch import Smatch


def test_a_timeout_buys_units_per_second_and_a_clock_at_twice_it() -> None:
    before = time.perf_counter()
    b = Budget.of(2.0)
    after = time.perf_counter()
    assert b.limit == units_of(2.0) == math.ceil(2.0 * budget_module.UNITS_PER_SECOND)
    assert before + 2.0 * budget_module.CLOCK_FACTOR <= b.deadline <= after + 2.0 * budget_module.CLOCK_FACTOR
    assert b.limited and b.left == b.limit


def test_no_timeout_is_no_limit() -> None:
    b = Budget.of(None)
    b.spend(10.0**18)
    assert not b.limited and b.left == math.inf and not b.exhausted() and b.affords(10.0**18)
    assert b.seconds_left() == math.inf


@pytest.mark.parametrize("timeout", [0.0, -1.0])
def test_a_timeout_that_is_not_positive_is_refused(timeout: float) -> None:
    with pytest.raises(ValueError, match=r"^timeout must be positive$"):
        Budget.of(timeout)


def test_a_step_is_paid_only_when_it_fits_and_a_refusal_is_recorded() -> None:
    b = Budget(100.0)
    assert b.affords(100.0) and not b.refused
    b.spend(60.0)
    assert not b.affords(41.0) and b.refused and not b.exhausted()
    assert b.affords(40.0)
    b.spend(40.0)
    assert b.exhausted() and b.left == 0.0 and not b.clocked


def test_the_clock_stops_a_budget_and_says_so() -> None:
    b = Budget(10.0**12, deadline=time.perf_counter() - 0.001)
    assert b.exhausted() and b.clocked and b.seconds_left() == 0.0
    assert not Budget(10.0**12, deadline=time.perf_counter() + 60.0).exhausted()


def test_a_share_spends_from_the_whole() -> None:
    whole = Budget(1000.0)
    whole.spend(200.0)
    part = whole.share(0.5)
    assert part.limit == 400.0 and part.deadline == whole.deadline
    part.spend(300.0)
    assert not part.affords(200.0)
    whole.absorb(part)
    assert whole.used == 500.0 and whole.refused and not whole.clocked


def test_a_pass_costs_its_base_and_each_element() -> None:
    assert pass_units(0, 0) == budget_module.PASS_BASE
    assert pass_units(3, 2, 5) == budget_module.PASS_BASE + budget_module.PASS_ELEMENT * (3 + 2 * 2 + 5)


def test_the_signature_names_the_budget_of_the_exact_solver() -> None:
    """The work a timeout buys is in the signature (a recalibration changes it), for the exact solver only."""
    items = dict(Smatch(timeout=5.0).signature_items())
    assert items["timeout"] == "5" and items["budget"] == f"{units_of(5.0) / 1e6:g}M"
    assert "budget" not in dict(Smatch().signature_items())
    assert "budget" not in dict(Smatch(solver="hillclimb", timeout=5.0).signature_items())
