"""Average ranks, medians and correlations for a sample and for bootstrap resamples given as counts.

A bootstrap resample is a row of pair counts (how often each item was drawn, as
:func:`amrmetrics.stats.bootstrap.resample_counts` yields them), so a resample's statistic is a
*weighted* statistic of the original items: no resample is ever materialised. Scores that differ
by at most :data:`TIE_TOLERANCE` are ties (two F-scores that are equal as fractions can differ in
the last bit of their floats).
"""

from __future__ import annotations

import numpy as np

from amrmetrics.defaults import TIE_TOLERANCE
from amrmetrics.errors import DataError


def tie_groups(values: np.ndarray, tol: float = TIE_TOLERANCE) -> np.ndarray:
    """Number each value by its tie group in ascending order (0 = smallest).

    Sorted neighbours at most ``tol`` apart share a group. Values must be finite.
    """
    x = np.asarray(values, dtype=np.float64)
    if not np.all(np.isfinite(x)):
        raise DataError("cannot rank scores that are NaN or infinite")
    order = np.argsort(x, kind="stable")
    sorted_groups = np.concatenate([[0], np.cumsum(np.diff(x[order]) > tol)]).astype(np.int64)
    groups = np.empty(len(x), dtype=np.int64)
    groups[order] = sorted_groups
    return groups


def weighted_average_ranks(groups: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """1-based average ranks of every item in every resample: ``(resamples, items)``.

    ``counts[r, i]`` copies of item i are in resample r; tied copies share the mean of the
    positions they occupy (scipy's ``rankdata(method="average")`` of the expanded sample).
    """
    counts = np.atleast_2d(np.asarray(counts, dtype=np.float64))
    n_groups = int(groups.max()) + 1 if len(groups) else 0
    membership = np.zeros((len(groups), n_groups))
    membership[np.arange(len(groups)), groups] = 1.0
    group_weight = counts @ membership
    before = np.cumsum(group_weight, axis=1) - group_weight
    return (before + (group_weight + 1.0) / 2.0)[:, groups]


def average_ranks(values: np.ndarray, tol: float = TIE_TOLERANCE) -> np.ndarray:
    """1-based average ranks of a sample (ties within ``tol`` share their mean position)."""
    values = np.asarray(values, dtype=np.float64)
    return weighted_average_ranks(tie_groups(values, tol), np.ones((1, len(values))))[0]


def weighted_median(values: np.ndarray, counts: np.ndarray, *, presorted: bool = False) -> np.ndarray:
    """Median of each resample's expanded sample (``np.median`` semantics): ``(resamples,)``.

    ``values`` is ``(resamples, items)`` or ``(items,)``; NaN where a resample has no item.
    ``presorted``: every row of ``values`` is already ascending (skips the per-row sort).
    """
    counts = np.atleast_2d(np.asarray(counts, dtype=np.float64))
    values = np.broadcast_to(np.asarray(values, dtype=np.float64), counts.shape)
    if presorted:
        sorted_values, cumulative = values, np.cumsum(counts, axis=1)
    else:
        order = np.argsort(values, axis=1, kind="stable")
        sorted_values = np.take_along_axis(values, order, axis=1)
        cumulative = np.cumsum(np.take_along_axis(counts, order, axis=1), axis=1)
    total = cumulative[:, -1] if counts.shape[1] else np.zeros(len(counts))
    out = np.full(len(counts), np.nan)
    has = total > 0
    if not has.any():
        return out
    rows = np.flatnonzero(has)

    def at(position: np.ndarray) -> np.ndarray:
        index = (cumulative[rows] <= position[:, None]).sum(axis=1)
        return sorted_values[rows, index]

    low = np.floor((total[rows] - 1) / 2)
    high = np.floor(total[rows] / 2)
    out[rows] = (at(low) + at(high)) / 2
    return out


def weighted_pearson(x: np.ndarray, y: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Pearson's r of each resample's expanded sample: ``(resamples,)``, NaN for a constant side.

    ``x`` and ``y`` are ``(items,)`` or ``(resamples, items)`` (e.g. per-resample ranks).
    """
    counts = np.atleast_2d(np.asarray(counts, dtype=np.float64))
    weights = counts / counts.sum(axis=1, keepdims=True)
    x = np.broadcast_to(np.asarray(x, dtype=np.float64), counts.shape)
    y = np.broadcast_to(np.asarray(y, dtype=np.float64), counts.shape)
    dx = x - (weights * x).sum(axis=1, keepdims=True)
    dy = y - (weights * y).sum(axis=1, keepdims=True)
    cov = (weights * dx * dy).sum(axis=1)
    var = (weights * dx * dx).sum(axis=1) * (weights * dy * dy).sum(axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        r = np.where(var > 1e-300, cov / np.sqrt(np.where(var > 1e-300, var, 1.0)), np.nan)
    return np.clip(r, -1.0, 1.0)


def weighted_spearman(x: np.ndarray, y: np.ndarray, counts: np.ndarray, tol: float = TIE_TOLERANCE) -> np.ndarray:
    """Spearman's rho of each resample (Pearson's r of the resample's own average ranks)."""
    counts = np.atleast_2d(np.asarray(counts, dtype=np.float64))
    rx = weighted_average_ranks(tie_groups(x, tol), counts)
    ry = weighted_average_ranks(tie_groups(y, tol), counts)
    return weighted_pearson(rx, ry, counts)
