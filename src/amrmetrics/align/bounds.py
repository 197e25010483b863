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

from amrmetrics.align.budget import Budget, pass_units
from amrmetrics.align.indexed import IndexedProblem

ROUND_PASSES = 3
"""An elimination round costs about three passes over the candidates and links: one for its bound
(the line scans, paid whatever is left), two for the exclusion bounds, the restriction and new
potentials (paid only when they can be)."""
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


def line_bound(ip: IndexedProblem, potential: np.ndarray) -> float:
    """min(sum of row maxima, sum of column maxima) of the potentials: each node has at most one partner."""
    if not ip.n_test or not ip.n_gold:
        return 0.0
    return float(min(_best(ip.ci, potential, ip.n_test).sum(), _best(ip.cj, potential, ip.n_gold).sum()))


def _best(line: np.ndarray, potential: np.ndarray, n_lines: int) -> np.ndarray:
    """Per line (test or gold node): its largest non-negative potential, 0 when it has none."""
    best = np.zeros(n_lines)
    np.maximum.at(best, line, potential)
    return best


def _lines(
    line: np.ndarray, other: np.ndarray, potential: np.ndarray, n_lines: int, n_others: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per line: its best entry, how far its second best is below, and the best entry's other node.

    Entries are the non-negative potentials of the line's candidates and 0 for its other
    ``n_others`` minus candidates pairs. With one other node the margin is 0 (there is no other
    to fall back on; the bound that uses it stays valid, just looser). Where the margin is 0 the
    best entry's node is never used, so ties need no rule.
    """
    value = np.maximum(potential, 0.0)
    best = _best(line, value, n_lines)
    if n_others < 2:
        return best, np.zeros(n_lines), np.zeros(n_lines, dtype=np.int64)
    top = value == best[line]
    rest = _best(line[~top], value[~top], n_lines)
    second = np.where(np.bincount(line[top], minlength=n_lines) >= 2, best, rest)
    best_other = np.zeros(n_lines, dtype=np.int64)
    best_other[line[top]] = other[top]
    return best, best - second, best_other


def _others_best(
    lines: tuple[np.ndarray, np.ndarray, np.ndarray], total: float, rows: np.ndarray, cols: np.ndarray, n_cols: int
) -> np.ndarray:
    """For each (row, col): sum over the *other* rows of their best entry outside ``col``
    (``lines`` is :func:`_lines` of the rows, ``total`` the sum of their best entries).
    """
    best, margin, best_col = lines
    loss = np.bincount(best_col, margin, minlength=n_cols)
    own = np.where(best_col[rows] == cols, margin[rows], 0.0)
    return total - best[rows] - loss[cols] + own


def eliminate(
    ip: IndexedProblem, value: float, rounds: int = 10, potential: np.ndarray | None = None, budget: Budget | None = None
) -> tuple[IndexedProblem, float]:
    """Drop the candidates no mapping better than ``value`` can use, for up to ``rounds`` rounds.

    A candidate (i, j) is dropped when its potential plus, over the other test nodes, their best
    potential outside gold j (and the same by columns; the smaller of the two) is no more than
    ``value``. Returns what is left and its potential bound: every mapping better than ``value``
    lives in the returned problem, so ``max(value, bound)`` bounds the whole problem.
    ``potential`` is :func:`potentials` of ``ip`` when the caller has it already. No round starts
    that ``budget`` cannot pay for (:data:`ROUND_PASSES` passes over what is left); the bound of the
    last round is returned.
    """
    if rounds < 0:
        raise ValueError(f"rounds must be at least 0, not {rounds}")
    pot = potentials(ip) if potential is None else potential
    for done in range(rounds + 1):
        if not ip.size:
            return ip, tighten(line_bound(ip, pot), ip.integral)
        if budget is not None:  # the bound of what is left is computed whatever remains
            budget.spend(pass_units(ip.size, len(ip.qw), ip.n_test + ip.n_gold))
        by_row = _lines(ip.ci, ip.cj, pot, ip.n_test, ip.n_gold)
        by_col = _lines(ip.cj, ip.ci, pot, ip.n_gold, ip.n_test)
        row_total, col_total = by_row[0].sum(), by_col[0].sum()
        bound = tighten(float(min(row_total, col_total)), ip.integral)
        if done == rounds or bound <= value:
            break
        cost = (ROUND_PASSES - 1) * pass_units(ip.size, len(ip.qw), ip.n_test + ip.n_gold)
        if budget is not None:
            if not budget.affords(cost):
                break
            budget.spend(cost)
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
