"""The cheap bounds of :mod:`bounds` (potentials, line bound, elimination) on a :class:`SmallProblem`.

Step for step as the numpy versions; with integer weights every potential is a multiple of 1/2
and every sum exact, so bounds and eliminated candidates are the same.
"""

from __future__ import annotations

import math

from amrmetrics.align.bounds import ROUND_PASSES, tighten
from amrmetrics.align.budget import Budget, pass_units
from amrmetrics.align.small import SmallProblem

Lines = tuple[list[float], list[float], list[int]]


def potentials(sp: SmallProblem) -> list[float]:
    """As :func:`amrmetrics.align.bounds.potentials`: unary weight plus the most the half links can add."""
    if not sp.qw:
        return list(sp.cu)
    ci, cj, n1, n2 = sp.ci, sp.cj, sp.n_test, sp.n_gold
    tests: dict[int, float] = {}  # (candidate, other test node) -> best half link
    golds: dict[int, float] = {}  # (candidate, other gold node) -> best half link
    for a, b, w in zip(sp.qa, sp.qb, sp.qw):
        half = w / 2
        key = a * n1 + ci[b]
        if tests.get(key, 0.0) < half:
            tests[key] = half
        key = b * n1 + ci[a]
        if tests.get(key, 0.0) < half:
            tests[key] = half
        key = a * n2 + cj[b]
        if golds.get(key, 0.0) < half:
            golds[key] = half
        key = b * n2 + cj[a]
        if golds.get(key, 0.0) < half:
            golds[key] = half
    by_test = [0.0] * len(ci)
    for key, half in tests.items():
        by_test[key // n1] += half
    by_gold = [0.0] * len(ci)
    for key, half in golds.items():
        by_gold[key // n2] += half
    return [u + min(t, g) for u, t, g in zip(sp.cu, by_test, by_gold)]


def line_maxima(line: list[int], potential: list[float], n_lines: int) -> list[float]:
    """Per line (test or gold node): its largest non-negative potential, 0 when it has none."""
    best = [0.0] * n_lines
    for node, p in zip(line, potential):
        best[node] = max(best[node], p)
    return best


def line_bound(sp: SmallProblem, potential: list[float]) -> float:
    """As :func:`amrmetrics.align.bounds.line_bound`."""
    if not sp.n_test or not sp.n_gold:
        return 0.0
    return min(sum(line_maxima(sp.ci, potential, sp.n_test)), sum(line_maxima(sp.cj, potential, sp.n_gold)))


def _lines(line: list[int], other: list[int], potential: list[float], n_lines: int, n_others: int) -> Lines:
    """As :func:`amrmetrics.align.bounds._lines`: per line its best entry, the margin to its second
    best (0 when the best is reached twice or there is one other node) and the best entry's other node."""
    value = [max(0.0, p) for p in potential]
    best = line_maxima(line, value, n_lines)
    if n_others < 2:
        return best, [0.0] * n_lines, [0] * n_lines
    tops, rest, best_other = [0] * n_lines, [0.0] * n_lines, [0] * n_lines
    for node, v, o in zip(line, value, other):
        if v == best[node]:
            tops[node] += 1
            best_other[node] = o
        elif v > rest[node]:
            rest[node] = v
    return best, [0.0 if t >= 2 else b - r for b, r, t in zip(best, rest, tops)], best_other


def _others_best(lines: Lines, total: float, rows: list[int], cols: list[int], n_cols: int) -> list[float]:
    """As :func:`amrmetrics.align.bounds._others_best`: per (row, col), the other rows' best outside col."""
    best, margin, best_col = lines
    loss = [0.0] * n_cols
    for col, m in zip(best_col, margin):
        loss[col] += m
    return [
        total - best[r] - loss[c] + (margin[r] if best_col[r] == c else 0.0) for r, c in zip(rows, cols)
    ]


def eliminate(
    sp: SmallProblem, value: float, potential: list[float], rounds: int = 10, budget: Budget | None = None
) -> tuple[SmallProblem, float]:
    """As :func:`amrmetrics.align.bounds.eliminate` (integer weights): what is left after dropping,
    round after round, the candidates no mapping better than ``value`` can use, and its bound (each
    round charged to ``budget`` as there)."""
    pot = potential
    bound = math.inf
    for done in range(rounds + 1):
        if not sp.size:
            return sp, tighten(line_bound(sp, pot), True)
        if budget is not None:  # the bound of what is left is computed whatever remains
            budget.spend(pass_units(sp.size, len(sp.qw), sp.n_test + sp.n_gold))
        by_row = _lines(sp.ci, sp.cj, pot, sp.n_test, sp.n_gold)
        by_col = _lines(sp.cj, sp.ci, pot, sp.n_gold, sp.n_test)
        row_total, col_total = sum(by_row[0]), sum(by_col[0])
        bound = tighten(min(row_total, col_total), True)
        if done == rounds or bound <= value:
            break
        cost = (ROUND_PASSES - 1) * pass_units(sp.size, len(sp.qw), sp.n_test + sp.n_gold)
        if budget is not None:
            if not budget.affords(cost):
                break
            budget.spend(cost)
        by_rows = _others_best(by_row, row_total, sp.ci, sp.cj, sp.n_gold)
        by_cols = _others_best(by_col, col_total, sp.cj, sp.ci, sp.n_test)
        keep = [math.floor(p + min(r, c) + 1e-6) > value for p, r, c in zip(pot, by_rows, by_cols)]
        if all(keep):
            break
        sp = sp.restrict(keep)
        pot = potentials(sp)
    return sp, bound
