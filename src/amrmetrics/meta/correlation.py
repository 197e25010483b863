"""Point estimates of Pearson's r and Spearman's rho (scipy), NaN when a side is constant."""

from __future__ import annotations

import warnings

import numpy as np

from amrmetrics.defaults import TIE_TOLERANCE
from amrmetrics.meta.ranks import average_ranks


def pearson(x: np.ndarray, y: np.ndarray) -> float:
    """Pearson's r of two equally long samples; NaN for fewer than 2 items, a constant side or NaN input."""
    from scipy import stats

    x, y = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
    if len(x) != len(y):
        raise ValueError(f"samples differ in length: {len(x)} and {len(y)}")
    if len(x) < 2 or not (np.all(np.isfinite(x)) and np.all(np.isfinite(y))) or np.ptp(x) == 0 or np.ptp(y) == 0:
        return float("nan")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return float(stats.pearsonr(x, y)[0])


def spearman(x: np.ndarray, y: np.ndarray, tol: float = TIE_TOLERANCE) -> float:
    """Spearman's rho: scipy's Spearman of the average ranks (scores within ``tol`` are ties)."""
    from scipy import stats

    x, y = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
    if len(x) != len(y):
        raise ValueError(f"samples differ in length: {len(x)} and {len(y)}")
    if len(x) < 2 or not (np.all(np.isfinite(x)) and np.all(np.isfinite(y))):
        return float("nan")
    rx, ry = average_ranks(x, tol), average_ranks(y, tol)
    if np.ptp(rx) == 0 or np.ptp(ry) == 0:
        return float("nan")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return float(stats.spearmanr(rx, ry)[0])


def spearman_matrix(columns: np.ndarray, tol: float = TIE_TOLERANCE) -> np.ndarray:
    """Pairwise Spearman's rho of the rows of ``columns`` (``(variables, items)``).

    The diagonal is 1, or NaN for a constant row (its rank correlation is undefined).
    """
    k = len(columns)
    matrix = np.eye(k)
    for i in range(k):
        matrix[i, i] = 1.0 if np.isfinite(spearman(columns[i], columns[i], tol)) else float("nan")
        for j in range(i + 1, k):
            matrix[i, j] = matrix[j, i] = spearman(columns[i], columns[j], tol)
    return matrix
