"""A bound for problems too large for one LP: Lagrangian potentials, an assignment, subgradient steps.

Two documents of 100 sentences give 200,000 candidate node pairs and 150,000 links; the LP of the
aggregated formulation then takes minutes. This bound needs no LP. Each link's weight is split
between its two candidates (``w/2 + lam`` and ``w/2 - lam``, any real ``lam``); a candidate's
*potential* is its unary weight plus, per other test node, its largest positive share towards that
node's candidates (the node has one image; likewise per other gold node, the smaller sum taken).
Every mapping earns at most the sum of its candidates' potentials, so the best assignment of
potentials bounds it, for every split. Subgradient steps on the splits (Polyak steps towards the
best mapping known) lower that bound: on two 50-sentence documents from 836 to within 3 of the
optimum 774 in a few hundred steps of a few milliseconds.

The assignment's dual prices ``u, v`` (computed from the optimal assignment by shortest paths, then
made feasible column by column, so the bound is rigorous whatever the rounding) bound every
mapping that uses candidate c by ``bound - slack_c`` with ``slack_c = u_i + v_j - potential_c``:
:meth:`LpBound.useful` keeps the candidates with which a mapping could still beat the best one known.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from amrmetrics.align.bounds import tighten
from amrmetrics.align.budget import Budget, pass_units
from amrmetrics.align.hillclimb import climb
from amrmetrics.align.indexed import IndexedProblem

STEPS = 400
"""Subgradient steps at most."""
PATIENCE = 15
"""Steps without a better bound before the step length is halved."""
CLIMB_EVERY = 20
"""Every this many steps, the assignment's mapping is climbed: a better mapping raises the target
of the steps and lets :meth:`LpBound.useful` drop more."""
SQUARE_NODES = 4096
"""The largest side this bound is computed for: each step solves an assignment on a dense square
table of that side (4096: 128 MB). Larger parts are bounded without it (see
:mod:`~amrmetrics.align.decompose`)."""
SQUARE_ELEMENT = 50
"""Units per cell of the square table, per subgradient step (building it, the assignment)."""
PRICE_ELEMENT = 4
"""Units per cell of the square table, per round of the price computation (a few numpy passes over
the table: 33 rounds on a 946-node side took 0.09 CPU s on the reference machine, 3 ns a cell)."""
PRICE_ROUNDS = 64
"""Rounds of the price computation the steps leave budget for (33 on two 100-sentence documents):
without its prices the last assignment bounds nothing better than the column maxima."""
_SETTLE = 1e-9


@dataclass(frozen=True, eq=False)
class LpBound:
    """The bound (``dual``; rounded down when every weight is an integer, ``upper``), each
    candidate's reduced cost (minus its slack: a mapping that uses it earns at most ``dual +
    reduced``), and the candidates the last assignment chose (1, else 0; to round)."""

    dual: float
    upper: float
    reduced: np.ndarray
    x: np.ndarray

    def useful(self, value: float, integral: bool) -> np.ndarray:
        """The candidates some mapping better than ``value`` may use (``dual + min(0, rc) > value``)."""
        best = self.dual + np.minimum(self.reduced, 0.0)
        return np.floor(best + 1e-6) > value if integral else best > value


@dataclass(frozen=True, eq=False)
class _Rows:
    """The (candidate, other node) rows of the link ends, test side and gold side: per side the order
    that groups them, where each group starts, and the candidate that owns each group."""

    owner: np.ndarray
    sign: np.ndarray
    order: tuple[np.ndarray, np.ndarray]
    starts: tuple[np.ndarray, np.ndarray]
    group: tuple[np.ndarray, np.ndarray]


def _rows(ip: IndexedProblem) -> _Rows:
    owner = np.concatenate([ip.qa, ip.qb])
    other = np.concatenate([ip.qb, ip.qa])
    orders, starts, groups = [], [], []
    for key in (owner * ip.n_test + ip.ci[other], owner * ip.n_gold + ip.cj[other]):
        order = np.argsort(key, kind="stable")
        ordered = key[order]
        first = np.flatnonzero(np.concatenate(([True], ordered[1:] != ordered[:-1])))
        orders.append(order)
        starts.append(first)
        groups.append(np.repeat(np.arange(len(first)), np.diff(np.append(first, len(order)))))
    sign = np.concatenate([np.ones(len(ip.qw)), -np.ones(len(ip.qw))])
    return _Rows(owner, sign, (orders[0], orders[1]), (starts[0], starts[1]), (groups[0], groups[1]))


def _potentials(ip: IndexedProblem, rows: _Rows, lam: np.ndarray) -> tuple[np.ndarray, list[tuple[np.ndarray, np.ndarray]]]:
    """Potentials under the split ``lam``, and per side each candidate's row maxima (link end, value)."""
    if not len(ip.qw):
        return ip.cu.copy(), []
    share = np.concatenate([ip.qw / 2 + lam, ip.qw / 2 - lam])
    sums, tops = [], []
    for order, first, group in zip(rows.order, rows.starts, rows.group):
        ordered = share[order]
        top = np.maximum.reduceat(ordered, first)
        at_top = np.flatnonzero(ordered == top[group])
        which = np.empty(len(first), dtype=np.int64)
        which[group[at_top[::-1]]] = at_top[::-1]
        end, gain = order[which], np.maximum(top, 0.0)
        sums.append(np.bincount(rows.owner[end], gain, minlength=ip.size))
        tops.append((end, gain))
    test_side = sums[0] <= sums[1]
    potential = ip.cu + np.where(test_side, sums[0], sums[1])
    active = [(end[test_side[rows.owner[end]]], gain[test_side[rows.owner[end]]]) for end, gain in tops[:1]]
    active += [(end[~test_side[rows.owner[end]]], gain[~test_side[rows.owner[end]]]) for end, gain in tops[1:]]
    return potential, active


def _square(ip: IndexedProblem, potential: np.ndarray) -> np.ndarray:
    """The potentials as a square table (0 for non-candidates and padding: leaving a node unmapped)."""
    n = max(ip.n_test, ip.n_gold)
    table = np.zeros((n, n))
    table[ip.ci, ip.cj] = potential
    return table


def step_units(ip: IndexedProblem) -> float:
    """Units of one subgradient step: the square table and its assignment, and a pass over the links."""
    side = max(ip.n_test, ip.n_gold)
    return SQUARE_ELEMENT * side * side + 10 * pass_units(ip.size, len(ip.qw), ip.n_test + ip.n_gold)


def price_units(side: int) -> float:
    """Units of one round of the price computation on a square table of ``side``."""
    return float(PRICE_ELEMENT * side * side)


def _prices(table: np.ndarray, image: np.ndarray, budget: Budget) -> tuple[np.ndarray, np.ndarray]:
    """Dual prices of the optimal assignment ``image`` of ``table`` (``u_i + v_j >= table[i, j]``).

    Row prices are shortest distances (rows moved onto other rows' columns cost ``table[i', image[i']]
    - table[i, image[i']]``), found by relaxing every row at once until nothing changes; the column
    prices are then the column maxima of ``table - u``, which makes them feasible whatever the rounding
    (and whatever ``u``: when ``budget`` cannot pay for another relaxation the prices are only looser).
    """
    assigned = table[:, image]
    own = np.diagonal(assigned).copy()
    u = np.zeros(len(table))
    cost = price_units(len(table))
    for _ in range(len(table)):
        if not budget.affords(cost):
            break
        budget.spend(cost)
        better = np.minimum(u, own + (u[:, None] - assigned).min(axis=0))
        if np.all(better >= u - _SETTLE):
            break
        u = better
    v = (table - u[:, None]).max(axis=0)
    return u, v


def _value(ip: IndexedProblem, mapping: np.ndarray) -> float:
    """What ``mapping`` earns in ``ip``."""
    used = np.zeros(ip.size + 1, dtype=bool)
    used[ip.candidate_of(mapping)] = True
    used[ip.size] = False
    return float(ip.cu[used[:-1]].sum() + ip.qw[used[ip.qa] & used[ip.qb]].sum())


def _mapping(ip: IndexedProblem, r: np.ndarray, c: np.ndarray) -> np.ndarray:
    """The assignment as a mapping of candidates (other cells unmapped)."""
    mapping = np.full(ip.n_test, -1, dtype=np.int64)
    found = _candidates(ip, r, c)
    mapping[ip.ci[found]] = ip.cj[found]
    return mapping


def lagrangian_bound(ip: IndexedProblem, start: np.ndarray, budget: Budget) -> tuple[LpBound, np.ndarray]:
    """The bound of ``ip`` after the subgradient steps ``budget`` pays for (see the module doc), and
    the best mapping found (``start``, or better by climbing from the steps' assignments). The steps
    stop while the budget still pays for the last assignment and :data:`PRICE_ROUNDS` rounds of its
    prices, which make the bound (they are computed whatever is left)."""
    if not ip.size:
        return LpBound(0.0, 0.0, np.zeros(0), np.zeros(0)), start
    from scipy.optimize import linear_sum_assignment

    budget.spend(4 * pass_units(ip.size, len(ip.qw), ip.n_test + ip.n_gold))  # the link ends, grouped twice
    rows = _rows(ip)
    best, value = start, _value(ip, start)
    lam = np.zeros(len(ip.qw))
    best_bound, best_lam, theta, stale = math.inf, lam, 1.0, 0
    cost = step_units(ip)
    last = cost + PRICE_ROUNDS * price_units(max(ip.n_test, ip.n_gold))
    for step_number in range(STEPS):
        if not budget.affords(cost + last):
            break
        budget.spend(cost)
        potential, active = _potentials(ip, rows, lam)
        table = _square(ip, potential)
        r, c = linear_sum_assignment(table, maximize=True)
        bound = float(table[r, c].sum())
        if step_number % CLIMB_EVERY == CLIMB_EVERY - 1:
            climbed = climb(ip, _mapping(ip, r, c), budget)
            if _value(ip, climbed) > value:
                best, value = climbed, _value(ip, climbed)
        if bound < best_bound - 1e-9:
            best_bound, best_lam, stale = bound, lam, 0
        else:
            stale += 1
            if stale >= PATIENCE:
                theta, stale = theta / 2, 0
        if tighten(best_bound, ip.integral) <= value:
            break
        chosen = np.zeros(ip.size + 1, dtype=bool)
        chosen[_candidates(ip, r, c)] = True
        step = np.zeros(len(ip.qw))
        for end, gain in active:
            used = chosen[rows.owner[end]] & (gain > 0)
            np.add.at(step, end[used] % max(len(ip.qw), 1), rows.sign[end[used]])
        norm = float(step @ step)
        if norm == 0.0:
            break
        lam = lam - theta * max(bound - value, 1e-3) / norm * step
    budget.spend(cost)
    potential, _ = _potentials(ip, rows, best_lam)
    table = _square(ip, potential)
    r, c = linear_sum_assignment(table, maximize=True)
    image = np.empty(len(table), dtype=np.int64)
    image[r] = c
    u, v = _prices(table, image, budget)
    dual = float(u.sum() + v.sum())
    slack = u[ip.ci] + v[ip.cj] - potential
    x = np.zeros(ip.size)
    x[_candidates(ip, r, c)] = 1.0
    return LpBound(dual, tighten(dual, ip.integral), -np.maximum(slack, 0.0), x), best


def _candidates(ip: IndexedProblem, r: np.ndarray, c: np.ndarray) -> np.ndarray:
    """The candidates among the assigned cells (padding and non-candidate cells left out)."""
    real = (r < ip.n_test) & (c < ip.n_gold)
    found = ip.lookup(r[real], c[real])
    return found[found < ip.size]
