"""Cheap upper bounds on the alignment objective (no LP), to certify heuristic mappings.

Every link (pairwise weight) is split half to each of its two candidates. A chosen candidate
(i, j) can then earn at most its unary weight plus, for each other test node k, its best half
link towards k (k has one image), and likewise per other gold node; the smaller of the two sums
is the candidate's *potential*. The objective is at most the best one-to-one choice of
potentials, itself bounded by the row maxima and by the column maxima (:func:`line_bound`).

:func:`exclusion_bounds` bounds every mapping that *uses* a given candidate; a candidate whose
bound does not beat the best known value can be dropped (no better mapping uses it), which
lowers the other candidates' potentials: repeating this often proves optimality without an LP.
"""

from __future__ import annotations

import math

import numpy as np

from amrmetrics.align.indexed import IndexedProblem

_DENSE_CELLS = 1 << 20
"""Up to this many (owner, key) cells, group maxima use a dense table (faster than sorting)."""


def _sum_of_group_max(owner: np.ndarray, key: np.ndarray, value: np.ndarray, n_keys: int, size: int) -> np.ndarray:
    """Per owner: sum over its distinct keys of the largest value under that key (values >= 0)."""
    if not len(owner):
        return np.zeros(size)
    if size * n_keys <= _DENSE_CELLS:
        table = np.zeros((size, n_keys))
        np.maximum.at(table, (owner, key), value)
        return table.sum(axis=1)
    combined = owner * n_keys + key
    order = np.argsort(combined, kind="stable")
    combined = combined[order]
    starts = np.flatnonzero(np.concatenate(([True], combined[1:] != combined[:-1])))
    best = np.maximum.reduceat(value[order], starts)
    return np.bincount(combined[starts] // n_keys, best, minlength=size)


def potentials(ip: IndexedProblem) -> np.ndarray:
    """Per candidate: its unary weight plus the most its half links can add (see module doc)."""
    owner = np.concatenate([ip.qa, ip.qb])
    other = np.concatenate([ip.qb, ip.qa])
    half = np.concatenate([ip.qw, ip.qw]) / 2
    by_test = _sum_of_group_max(owner, ip.ci[other], half, ip.n_test, ip.size)
    by_gold = _sum_of_group_max(owner, ip.cj[other], half, ip.n_gold, ip.size)
    return ip.cu + np.minimum(by_test, by_gold)


def potential_grid(ip: IndexedProblem, potential: np.ndarray) -> np.ndarray:
    """``(n_test, n_gold)`` matrix of non-negative potentials (0 where nothing can be earned)."""
    grid = np.zeros((ip.n_test, ip.n_gold))
    grid[ip.ci, ip.cj] = np.maximum(potential, 0.0)
    return grid


def line_bound(grid: np.ndarray) -> float:
    """min(sum of row maxima, sum of column maxima): each node has at most one partner."""
    if grid.size == 0:
        return 0.0
    return float(min(grid.max(axis=1).sum(), grid.max(axis=0).sum()))


def _others_best(grid: np.ndarray, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """For each (row, col): sum over the *other* rows of their best entry outside ``col``."""
    n_cols = grid.shape[1]
    best = grid.max(axis=1)
    if n_cols < 2:
        return best.sum() - best[rows]
    margin = best - np.partition(grid, n_cols - 2, axis=1)[:, -2]
    best_col = grid.argmax(axis=1)
    loss = np.bincount(best_col, margin, minlength=n_cols)
    own = np.where(best_col[rows] == cols, margin[rows], 0.0)
    return best.sum() - best[rows] - loss[cols] + own


def exclusion_bounds(ip: IndexedProblem, potential: np.ndarray, grid: np.ndarray) -> np.ndarray:
    """Per candidate (i, j): an upper bound on every mapping that maps i to j.

    Its potential plus, over the other test nodes, their best potential outside gold j (and the
    same by columns; the smaller of the two).
    """
    if not ip.size:
        return np.zeros(0)
    by_rows = _others_best(grid, ip.ci, ip.cj)
    by_cols = _others_best(grid.T, ip.cj, ip.ci)
    return potential + np.minimum(by_rows, by_cols)


def eliminate(
    ip: IndexedProblem, value: float, rounds: int = 10, potential: np.ndarray | None = None
) -> tuple[IndexedProblem, float]:
    """Drop the candidates no mapping better than ``value`` can use, for up to ``rounds`` rounds.

    Returns what is left and its potential bound: every mapping better than ``value`` lives in
    the returned problem, so ``max(value, bound)`` bounds the whole problem. ``potential`` is
    :func:`potentials` of ``ip`` when the caller has it already.
    """
    pot = potentials(ip) if potential is None else potential
    grid = potential_grid(ip, pot)
    bound = tighten(line_bound(grid), ip.integral)
    for _ in range(rounds):
        if bound <= value:
            break
        exclusion = exclusion_bounds(ip, pot, grid)
        keep = (np.floor(exclusion + 1e-6) > value) if ip.integral else (exclusion > value)
        if keep.all():
            break
        ip = ip.restrict(keep)
        pot = potentials(ip)
        grid = potential_grid(ip, pot)
        bound = tighten(line_bound(grid), ip.integral)
    return ip, bound


def tighten(bound: float, integral: bool) -> float:
    """Round a valid bound down to an integer when every weight is an integer."""
    return float(math.floor(bound + 1e-6)) if integral and math.isfinite(bound) else bound
