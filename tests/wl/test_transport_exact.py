"""Exact optimal transport: POT and the scipy-only fallback agree, plans are feasible and optimal."""

from __future__ import annotations

import numpy as np
import pytest

from amrmetrics.align import transport
from amrmetrics.align.transport import emd

SHAPES = [(1, 1), (1, 5), (4, 4), (6, 9), (12, 8), (29, 31), (40, 17)]


def feasible(plan: np.ndarray, a: np.ndarray, b: np.ndarray) -> bool:
    return bool((plan >= 0).all() and np.allclose(plan.sum(axis=1), a, atol=1e-12) and np.allclose(plan.sum(axis=0), b, atol=1e-12))


@pytest.mark.parametrize("shape", SHAPES)
def test_scipy_fallback_is_exact_and_feasible(shape: tuple[int, int]) -> None:
    rng = np.random.default_rng(sum(shape))
    costs = rng.random(shape)
    result = emd(costs, backend="scipy")
    n, m = shape
    assert feasible(result.plan, np.full(n, 1 / n), np.full(m, 1 / m))
    assert result.cost == pytest.approx(float(np.sum(result.plan * costs)), abs=1e-15)
    if n == m:  # uniform masses on equal sizes: the optimum is the best permutation
        from scipy.optimize import linear_sum_assignment

        rows, cols = linear_sum_assignment(costs)
        assert result.cost == pytest.approx(costs[rows, cols].sum() / n, abs=1e-12)


@pytest.mark.parametrize("shape", SHAPES)
def test_pot_and_fallback_agree(shape: tuple[int, int]) -> None:
    pytest.importorskip("ot")
    rng = np.random.default_rng(7 * sum(shape))
    for _ in range(5):
        costs = rng.random(shape)
        assert emd(costs, backend="pot").cost == pytest.approx(emd(costs, backend="scipy").cost, abs=1e-12)


def test_both_solver_paths_of_the_fallback_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(3)
    costs = rng.random((6, 10))
    assignment = emd(costs, backend="scipy").cost
    monkeypatch.setattr(transport, "ASSIGNMENT_LIMIT", 0)
    assert emd(costs, backend="scipy").cost == pytest.approx(assignment, abs=1e-12)


def test_non_uniform_masses() -> None:
    costs = np.array([[0.0, 1.0], [1.0, 0.0], [2.0, 0.5]])
    a, b = np.array([0.5, 0.3, 0.2]), np.array([0.6, 0.4])
    result = emd(costs, a, b, backend="scipy")
    assert feasible(result.plan, a, b)
    # column 0 takes row 0's 0.5 free and 0.1 of row 1 (cost 1); row 1's other 0.2 go free to column 1,
    # and row 2 can only send its 0.2 to column 1 (cost 0.5): 0.1 * 1 + 0.2 * 0.5
    assert result.cost == pytest.approx(0.1 * 1.0 + 0.2 * 0.5, abs=1e-12)
    assert result.plan[2, 1] == pytest.approx(0.2, abs=1e-12)


def test_empty_side_is_an_error() -> None:
    with pytest.raises(ValueError):
        emd(np.zeros((0, 3)))
