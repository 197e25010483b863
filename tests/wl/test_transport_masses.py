"""Optimal transport with masses that are not uniform, or nearly uniform, solved by hand on two
points each with costs [[0, 1], [1, 0]] (moving i to i is free, across costs 1): the cheapest plan
keeps min(a_i, b_i) in place and moves the rest across."""

from __future__ import annotations

import numpy as np
import pytest

from amrmetrics.align.transport import emd, has_pot

SWAP = np.array([[0.0, 1.0], [1.0, 0.0]])
EPS = 2e-6

CASES = [
    # (a, b, plan by hand)
    ([0.3, 0.7], [0.5, 0.5], [[0.3, 0.0], [0.2, 0.5]]),  # cost 0.2
    ([0.3, 0.7], [0.6, 0.4], [[0.3, 0.0], [0.3, 0.4]]),  # cost 0.3
    ([0.5 + EPS, 0.5 - EPS], [0.5, 0.5], [[0.5, EPS], [0.0, 0.5 - EPS]]),  # nearly uniform: never snapped to 1/2
    ([0.5, 0.5], [0.5 + EPS, 0.5 - EPS], [[0.5, 0.0], [EPS, 0.5 - EPS]]),
]


def backends() -> list[str]:
    return ["scipy", "pot"] if has_pot() else ["scipy"]


@pytest.mark.parametrize("backend", backends())
@pytest.mark.parametrize(("a", "b", "plan"), CASES)
def test_the_cheapest_plan_moves_only_the_surplus(backend, a, b, plan):
    result = emd(SWAP, np.array(a), np.array(b), backend=backend)
    assert result.plan == pytest.approx(np.array(plan), abs=1e-12)
    assert result.cost == pytest.approx(plan[0][1] + plan[1][0], abs=1e-12)


def test_masses_that_do_not_balance_are_refused_by_the_linear_program():
    with pytest.raises(RuntimeError, match=r"^transport linear program failed: \S"):
        emd(SWAP, np.array([0.5, 0.5]), np.array([0.4, 0.4]), backend="scipy")


def test_pot_is_found_when_installed():
    pytest.importorskip("ot")
    assert has_pot() is True
