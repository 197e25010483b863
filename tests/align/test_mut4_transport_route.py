"""transport.emd by hand: the backend chosen by default and by ``auto``, the route of the scipy fallback
(assignment for uniform masses up to ``lcm(n, m)`` = 600, else the LP), masses given on one side only,
inputs that are not floats, and the message for an empty side.

Every case moves mass under ``CROSS`` (0 on the diagonal, 1 off it) or under zero costs, so the optimum
is worked out in the docstrings.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest

from amrmetrics.align import transport
from amrmetrics.align.transport import Transport, emd

CROSS = np.array([[0.0, 1.0], [1.0, 0.0]])


def routes(monkeypatch: pytest.MonkeyPatch, pot: bool) -> list[str]:
    """Pretend POT is (not) installed; record which solver each call of ``emd`` ends in.

    The fake POT returns a marker transport, so a call routed to it is seen whether POT is installed or not.
    """
    seen: list[str] = []
    assignment, linear_program = transport._assignment, transport._linear_program

    def fake_pot(costs, a, b):
        seen.append("pot")
        return Transport(-1.0, np.zeros(costs.shape))

    def spy_assignment(costs):
        seen.append("assignment")
        return assignment(costs)

    def spy_linear_program(costs, a, b):
        seen.append("lp")
        return linear_program(costs, a, b)

    monkeypatch.setattr(transport, "has_pot", lambda: pot)
    monkeypatch.setattr(transport, "_pot", fake_pot)
    monkeypatch.setattr(transport, "_assignment", spy_assignment)
    monkeypatch.setattr(transport, "_linear_program", spy_linear_program)
    return seen


@pytest.mark.parametrize("pot", [False, True])
def test_the_default_backend_is_auto(monkeypatch: pytest.MonkeyPatch, pot: bool) -> None:
    """Without POT, ``emd(CROSS)`` and ``backend="auto"`` keep the diagonal (cost 0) by the scipy
    assignment; with POT, both go to POT."""
    seen = routes(monkeypatch, pot)
    default, auto = emd(CROSS), emd(CROSS, backend="auto")
    if pot:
        assert seen == ["pot", "pot"] and default.cost == auto.cost == -1.0
    else:
        assert seen == ["assignment", "assignment"]
        for result in (default, auto):
            assert result.cost == 0.0 and result.plan.tolist() == [[0.5, 0.0], [0.0, 0.5]]


def test_scipy_is_used_even_with_pot(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = routes(monkeypatch, True)
    assert emd(CROSS, backend="scipy").cost == 0.0 and seen == ["assignment"]


@pytest.mark.parametrize("shape", [(0, 3), (2, 0), (0, 0)])
def test_an_empty_side_is_named(shape: tuple[int, int]) -> None:
    with pytest.raises(ValueError, match=r"^optimal transport needs at least one point on each side$"):
        emd(np.zeros(shape), backend="scipy")


@pytest.mark.parametrize(
    ("shape", "route"),
    [
        ((2, 3), "assignment"),
        ((24, 25), "assignment"),  # lcm 600: the limit itself
        ((25, 26), "lp"),  # lcm 650 (n / m < 1, n and m both under 600)
        ((26, 25), "lp"),
    ],
)
def test_uniform_masses_take_the_assignment_route_up_to_lcm_600(
    monkeypatch: pytest.MonkeyPatch, shape: tuple[int, int], route: str
) -> None:
    """Zero costs: every plan costs 0; each row sends 1/n and each column receives 1/m."""
    seen = routes(monkeypatch, False)
    n, m = shape
    result = emd(np.zeros(shape), backend="scipy")
    assert seen == [route]
    assert result.cost == 0.0
    assert np.allclose(result.plan.sum(axis=1), 1.0 / n) and np.allclose(result.plan.sum(axis=0), 1.0 / m)


def test_masses_given_on_one_side_only_are_used(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rows (0.75, 0.25) onto uniform columns (0.5, 0.5) under CROSS: row 0 fills column 0 and sends
    its other 0.25 across (cost 0.25). Given for the columns instead, the transposed plan. Uniform on
    the other side only: the LP, never the assignment (which would ignore the given masses, cost 0)."""
    seen = routes(monkeypatch, False)
    rows = emd(CROSS, a=np.array([0.75, 0.25]), backend="scipy")
    cols = emd(CROSS, b=np.array([0.75, 0.25]), backend="scipy")
    assert seen == ["lp", "lp"]
    assert rows.cost == pytest.approx(0.25) and np.allclose(rows.plan, [[0.5, 0.25], [0.0, 0.25]])
    assert cols.cost == pytest.approx(0.25) and np.allclose(cols.plan, [[0.5, 0.0], [0.25, 0.25]])


def test_exact_costs_are_read_as_floats() -> None:
    """Costs as fractions (an object array): diagonal 1/3 and 0, off it 1. The diagonal plan costs
    0.5 * 1/3 = 1/6 (the other vertex costs 1)."""
    costs = np.array([[Fraction(1, 3), Fraction(1)], [Fraction(1), Fraction(0)]], dtype=object)
    result = emd(costs, backend="scipy")
    assert result.cost == pytest.approx(1 / 6) and result.plan.tolist() == [[0.5, 0.0], [0.0, 0.5]]


def test_decimal_masses_are_read_as_floats() -> None:
    """Masses as decimals, rows then columns: the plans of the one-sided test above with 0.25 and
    0.75 swapped: cost 0.25 either way."""
    quarter = [Decimal("0.25"), Decimal("0.75")]
    rows = emd(CROSS, a=quarter, backend="scipy")
    cols = emd(CROSS, b=quarter, backend="scipy")
    assert rows.cost == pytest.approx(0.25) and np.allclose(rows.plan, [[0.25, 0.0], [0.25, 0.5]])
    assert cols.cost == pytest.approx(0.25) and np.allclose(cols.plan, [[0.25, 0.25], [0.0, 0.5]])


def test_the_linear_program_leaves_no_negative_zero() -> None:
    """Masses given (so the LP, not the assignment): costs 0, 0 / 0, 1 with halves on both sides. The
    only plan of cost 0 leaves (1, 1) empty, so (0, 1) and (1, 0) take 0.5 each and (0, 0) is 0. HiGHS
    reports that 0 as -0.0 (a nonbasic variable at its bound); the plan must hold +0.0 (no sign bit),
    as every transport plan is non-negative."""
    costs = np.array([[0.0, 0.0], [0.0, 1.0]])
    result = emd(costs, a=np.array([0.5, 0.5]), b=np.array([0.5, 0.5]), backend="scipy")
    assert result.cost == 0.0 and result.plan.tolist() == [[0.0, 0.5], [0.5, 0.0]]
    assert not np.signbit(result.plan).any()
