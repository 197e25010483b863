"""Cheap upper bounds on the alignment objective (no LP), to certify heuristic mappings.

Every link (pairwise weight) is split half to each of its two candidates. A chosen candidate
(i, j) can then earn at most its unary weight plus, for each other test node k, its best half
link towards k (k has one image), and likewise per other gold node; the smaller of the two sums
is the candidate's *potential*. The objective is at most the best one-to-one choice of
potentials, itself bounded by the row maxima and by the column maxima (:func:`line_bound`).

Elimination bounds every mapping that *uses* a given candidate; a candidate whose
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
    if not len(ip.qw):
        return ip.cu.copy()
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


def _lines(grid: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per row: its best entry, how far its second best is below, and the best entry's column.

    With one column the margin is 0 (there is no other column to fall back on; the bound that
    uses it stays valid, just looser).
    """
    n_cols = grid.shape[1]
    if n_cols < 2:
        zeros = np.zeros(len(grid))
        return grid[:, 0], zeros, np.zeros(len(grid), dtype=np.int64)
    top = np.partition(grid, n_cols - 2, axis=1)
    best = top[:, -1]
    return best, best - top[:, -2], grid.argmax(axis=1)


def _others_best(
    lines: tuple[np.ndarray, np.ndarray, np.ndarray], total: float, rows: np.ndarray, cols: np.ndarray, n_cols: int
) -> np.ndarray:
    """For each (row, col): sum over the *other* rows of their best entry outside ``col``
    (``lines`` is :func:`_lines` of the grid, ``total`` the sum of its best entries).
    """
    best, margin, best_col = lines
    loss = np.bincount(best_col, margin, minlength=n_cols)
    own = np.where(best_col[rows] == cols, margin[rows], 0.0)
    return total - best[rows] - loss[cols] + own


def eliminate(
    ip: IndexedProblem, value: float, rounds: int = 10, potential: np.ndarray | None = None
) -> tuple[IndexedProblem, float]:
    """Drop the candidates no mapping better than ``value`` can use, for up to ``rounds`` rounds.

    A candidate (i, j) is dropped when its potential plus, over the other test nodes, their best
    potential outside gold j (and the same by columns; the smaller of the two) is no more than
    ``value``. Returns what is left and its potential bound: every mapping better than ``value``
    lives in the returned problem, so ``max(value, bound)`` bounds the whole problem.
    ``potential`` is :func:`potentials` of ``ip`` when the caller has it already.
    """
    pot = potentials(ip) if potential is None else potential
    for done in range(rounds + 1):
        grid = potential_grid(ip, pot)
        if not ip.size:
            return ip, tighten(line_bound(grid), ip.integral)
        by_row, by_col = _lines(grid), _lines(grid.T)
        row_total, col_total = by_row[0].sum(), by_col[0].sum()
        bound = tighten(float(min(row_total, col_total)), ip.integral)
        if done == rounds or bound <= value:
            break
        exclusion = pot + np.minimum(
            _others_best(by_row, row_total, ip.ci, ip.cj, ip.n_gold),
            _others_best(by_col, col_total, ip.cj, ip.ci, ip.n_test),
        )
        keep = (np.floor(exclusion + 1e-6) > value) if ip.integral else (exclusion > value)
        if keep.all():
            break
        ip = ip.restrict(keep)
        pot = potentials(ip)
    return ip, bound


def tighten(bound: float, integral: bool) -> float:
    """Round a valid bound down to an integer when every weight is an integer."""
    return float(math.floor(bound + 1e-6)) if integral and math.isfinite(bound) else bound
