"""Optimal transport by hand: tiny problems whose plans and costs are known exactly, the lattice the
fallback's plans lie on, and the backend names."""

from __future__ import annotations

import numpy as np
import pytest

from amrmetrics.align import transport
from amrmetrics.align.transport import emd

COSTS = np.array([[0.0, 1.0, 3.0], [3.0, 0.0, 1.0]])
"""Two points (mass 1/2 each) onto three (1/3 each): row 0 keeps column 0 (1/3) and sends 1/6 to
column 1 at cost 1; row 1 gives column 1 its other 1/6 free and column 2 its 1/3 at cost 1. The
only other way to fill column 2 costs 3 per unit, so this plan is the unique optimum."""
PLAN = np.array([[1 / 3, 1 / 6, 0.0], [0.0, 1 / 6, 1 / 3]])


@pytest.mark.parametrize("limit", [600, 0])  # assignment on 6 copies, then the linear program
def test_a_small_transport_by_hand(monkeypatch, limit):
    monkeypatch.setattr(transport, "ASSIGNMENT_LIMIT", limit)
    result = emd(COSTS, backend="scipy")
    np.testing.assert_allclose(result.plan, PLAN, atol=1e-15)
    assert result.cost == pytest.approx(1 / 6 + 1 / 3, abs=1e-15)
    assert np.array_equal(result.plan * 6, np.rint(result.plan * 6))  # on the lattice of 1/lcm(2, 3)


@pytest.mark.parametrize("backend", ["auto", "pot"])
def test_pot_gives_the_same_plan(backend):
    pytest.importorskip("ot")
    result = emd(COSTS, backend=backend)
    np.testing.assert_allclose(result.plan, PLAN, atol=1e-12)
    assert result.cost == pytest.approx(0.5, abs=1e-12)


def test_lp_plans_of_random_problems_lie_on_the_lattice(monkeypatch):
    monkeypatch.setattr(transport, "ASSIGNMENT_LIMIT", 0)
    rng = np.random.default_rng(5)
    for n, m in ((4, 6), (5, 7), (9, 3)):
        plan = emd(rng.random((n, m)), backend="scipy").plan
        lcm = n * m // np.gcd(n, m)
        assert np.array_equal(plan * lcm, np.rint(plan * lcm)), (n, m)
        assert np.array_equal((plan * lcm).sum(axis=1), np.full(n, lcm // n))


def test_masses_that_are_not_uniform_are_not_snapped():
    a, b = np.array([0.5, 0.5]), np.array([0.3, 0.3, 0.4])
    result = emd(COSTS, a, b, backend="scipy")
    np.testing.assert_allclose(result.plan, [[0.3, 0.2, 0.0], [0.0, 0.1, 0.4]], atol=1e-12)
    assert result.cost == pytest.approx(0.2 + 0.4, abs=1e-12)


def test_unknown_backend_is_named():
    with pytest.raises(ValueError, match=r"^unknown transport backend 'fast' \(auto, pot, scipy\)$"):
        emd(COSTS, backend="fast")
