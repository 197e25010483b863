"""Solve a large problem as the sum of independent parts (document graphs).

Three steps, all exact:

1. **Forced pairs.** When test node i and gold node j each have exactly one candidate, the pair
   (i, j), some optimal mapping contains it: mapping it earns its weight and its links and takes
   nothing from any other node. Its links become unary weight of their other candidate. The root
   of a document (a ``multi-sentence`` node, linked to every sentence by ``:sntK``) is such a pair,
   and so is every node that a sentence constraint leaves with one partner.
2. **Components.** What is left splits into connected components of test and gold nodes (joined
   by a candidate, or by a link between two candidates). No weight crosses two components, so the
   optimum is the sum of their optima and each is solved on its own by the wrapped solver, within
   what is left of the time limit, smallest first.
3. **Large parts.** A part with :data:`LARGE_SIZE` weights or more (two documents of 50
   sentences: 40,000) is bounded without an LP (:mod:`amrmetrics.align.first_order`: Lagrangian
   potentials, an assignment and subgradient steps, climbing from the steps' assignments), and
   loses every candidate the assignment's prices rule out; what is left is split again (steps 1-2)
   and solved part by part. A part with more than
   :data:`~amrmetrics.align.first_order.SQUARE_NODES` nodes on a side (its assignment table would
   not fit), or whose budget cannot pay for two of its steps, is climbed and bounded by elimination instead.

Every part spends from the one :class:`~amrmetrics.align.budget.Budget` of the problem, in order.
A restricted problem (a ``ceiling``, :mod:`~amrmetrics.align.large`) is not split: its parts'
bounds would bound only the restriction.

A document of 200 sentences aligned within its sentences becomes 200 sentence problems. Without
the constraint, what is left after forcing is usually one large part.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from amrmetrics.align.bounds import eliminate, potentials
from amrmetrics.align.budget import SETUP_PASSES, Budget, pass_units
from amrmetrics.align.exact import ExactSolver, stopped
from amrmetrics.align.first_order import SQUARE_NODES, lagrangian_bound, step_units
from amrmetrics.align.hillclimb import climb, greedy_init
from amrmetrics.align.indexed import IndexedProblem, index_problem
from amrmetrics.align.native import solve_natively
from amrmetrics.align.problem import DENSE_CELLS, AlignmentProblem
from amrmetrics.align.result import Alignment, certified

SMALL_NODES = 64
"""Problems with fewer test or gold nodes than this go straight to the wrapped solver."""
LARGE_SIZE = 30_000
"""Parts with at least this many non-zero unary weights and links take the Lagrangian route (step 3)."""
LP_LIMIT = 100_000
"""Under a time limit, what fixing leaves of a large part goes on to the exact solver only when it has
fewer candidates and links than this: a larger LP takes minutes and gigabytes (two 200-sentence
documents: 2.6 GB peak), so the part keeps its Lagrangian bound instead."""
LP_SHARE = 0.6
"""Under a time limit, the Lagrangian bound may use this share of the budget left (all of it when the
part has :data:`LP_LIMIT` candidates and links or more: fixing rarely leaves such a part small enough)."""


@dataclass(frozen=True, eq=False)
class Part:
    """One independent part: its test nodes ``rows``, gold nodes ``cols`` (increasing) and its problem."""

    rows: np.ndarray
    cols: np.ndarray
    problem: AlignmentProblem


@dataclass(frozen=True, eq=False)
class Split:
    """A problem as forced pairs (their mapping and earned weight) plus independent parts."""

    forced: np.ndarray
    earned: float
    parts: tuple[Part, ...]


@dataclass(frozen=True, eq=False)
class Forced:
    """Steps 1 and 2 on an indexed problem: the forced pairs and the components of what is left."""

    mapping: np.ndarray
    """The forced pairs' mapping (-1 for every other test node)."""
    earned: float
    """The weight the forced pairs earn, their links between them included."""
    unary: np.ndarray
    """Every candidate's unary weight plus its links to forced pairs."""
    free: np.ndarray
    """The candidates that are not forced."""
    links: np.ndarray
    """The links between two free candidates."""
    label: np.ndarray
    """The component of each test node, then of each gold node (its smallest node)."""


def force(ip: IndexedProblem) -> Forced:
    """Force the pairs of nodes with one candidate each and label the components of the rest."""
    per_test = np.bincount(ip.ci, minlength=ip.n_test)
    per_gold = np.bincount(ip.cj, minlength=ip.n_gold)
    forced = (per_test[ip.ci] == 1) & (per_gold[ip.cj] == 1)
    mapping = np.full(ip.n_test, -1, dtype=np.int64)
    mapping[ip.ci[forced]] = ip.cj[forced]
    fa, fb = forced[ip.qa], forced[ip.qb]
    earned = float(ip.cu[forced].sum() + ip.qw[fa & fb].sum())
    unary = ip.cu + np.bincount(ip.qb[fa & ~fb], ip.qw[fa & ~fb], minlength=ip.size) + np.bincount(
        ip.qa[fb & ~fa], ip.qw[fb & ~fa], minlength=ip.size
    )
    free = np.flatnonzero(~forced)
    links = np.flatnonzero(~fa & ~fb)
    ends_a = np.concatenate([ip.ci[free], ip.ci[ip.qa[links]]])
    ends_b = np.concatenate([ip.n_test + ip.cj[free], ip.ci[ip.qb[links]]])
    return Forced(mapping, earned, unary, free, links, components(ip.n_test + ip.n_gold, ends_a, ends_b))


def components(n: int, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The component of each of ``n`` nodes joined by the edges ``a[k]``-``b[k]``, labelled by its
    smallest node, without scipy: each round hooks every root joined to a smaller root onto the
    smallest one, then points every node at its root; the number of components with an edge out
    halves each round, so a path of 100,000 nodes in random order takes 0.1 s."""
    label = np.arange(n)
    while True:
        la, lb = label[a], label[b]
        differ = la != lb
        if not differ.any():
            return label
        np.minimum.at(label, np.maximum(la, lb)[differ], np.minimum(la, lb)[differ])
        while not np.array_equal(jumped := label[label], label):
            label = jumped


def split(ip: IndexedProblem) -> Split:
    """Force the pairs of nodes with one candidate each, then cut the rest into components."""
    forced = force(ip)
    free, links, label = forced.free, forced.links, forced.label
    owner = label[ip.ci]
    parts = []
    for component in np.unique(owner[free]):
        rows = np.flatnonzero(label[: ip.n_test] == component)
        cols = np.flatnonzero(label[ip.n_test :] == component)
        mine = free[owner[free] == component]
        parts.append(make_part(ip, rows, cols, mine, links[owner[ip.qa[links]] == component], forced.unary))
    parts.sort(key=lambda p: (p.problem.unary.size, int(p.rows[0])))
    return Split(forced.mapping, forced.earned, tuple(parts))


def make_part(
    ip: IndexedProblem, rows: np.ndarray, cols: np.ndarray, candidates: np.ndarray, links: np.ndarray, unary: np.ndarray
) -> Part:
    """The problem of one component (its candidates' unary weights include the forced links)."""
    row_of = np.full(ip.n_test, -1, dtype=np.int64)
    row_of[rows] = np.arange(len(rows))
    col_of = np.full(ip.n_gold, -1, dtype=np.int64)
    col_of[cols] = np.arange(len(cols))
    at = (row_of[ip.ci[candidates]], col_of[ip.cj[candidates]])
    if len(rows) * len(cols) > DENSE_CELLS:  # a large component: its unary weights stay sparse
        from scipy.sparse import csr_array

        grid = csr_array((unary[candidates], at), shape=(len(rows), len(cols)))
    else:
        grid = np.zeros((len(rows), len(cols)))
        grid[at] = unary[candidates]
    a, b = ip.qa[links], ip.qb[links]
    pairs = np.stack([row_of[ip.ci[a]], col_of[ip.cj[a]], row_of[ip.ci[b]], col_of[ip.cj[b]]], axis=1).reshape(-1, 4)
    return Part(rows, cols, AlignmentProblem(grid, pairs, ip.qw[links]))


class DecomposingSolver(ExactSolver):
    """The exact solver, applied to the independent parts of a large problem (see the module doc).

    The budget (``timeout``, or the one given) bounds the whole problem: the parts spend from it
    in turn. Problems with fewer than :data:`SMALL_NODES` nodes on a side are solved whole. One
    engine serves every part. A ``start`` mapping (a known good one, such as the alignment within
    sentences) is where large parts climb from; a part that is not certified returns the better
    of its result and that climb.
    """

    takes_start = True

    def solve(self, problem: AlignmentProblem, start: np.ndarray | None = None, budget: Budget | None = None) -> Alignment:
        """The optimal alignment (or, when the budget runs out, the best found with a proven bound)."""
        budget = self.budget() if budget is None else budget
        if problem.ceiling is not None:
            return self._restricted(problem, start, budget)
        if min(problem.shape) < SMALL_NODES:
            return self._whole(problem, budget)
        began = time.perf_counter()
        mapping, upper = self._split_and_solve(index_problem(problem), budget, True, start)
        return Alignment.of(mapping, problem.value(mapping), upper, stopped(budget), time.perf_counter() - began)

    def _restricted(self, problem: AlignmentProblem, start: np.ndarray | None, budget: Budget) -> Alignment:
        """A restriction, as the exact solver takes it (a climb, the ceiling as bound), climbed from the
        better of its greedy start and ``start`` (a document's alignment within sentences is usually
        far better: climbing from the greedy start first spent the budget for nothing)."""
        if start is None:
            return super().solve(problem, budget)
        began = time.perf_counter()
        ip = index_problem(problem)
        budget.spend(SETUP_PASSES * pass_units(ip.size, len(ip.qw), ip.n_test + ip.n_gold))
        greedy = greedy_init(ip, potentials(ip))
        given = np.asarray(start, dtype=np.int64)
        begin = given if problem.value(given) > problem.value(greedy) else greedy
        climbed = climb(ip, begin, budget)
        status = stopped(budget) if budget.refused or budget.clocked else "size-limit"
        return Alignment.of(climbed, problem.value(climbed), float(problem.ceiling), status, time.perf_counter() - began)

    def _split_and_solve(
        self, ip: IndexedProblem, budget: Budget, large: bool, start: np.ndarray | None = None
    ) -> tuple[np.ndarray, float]:
        """Steps 1-2 (and 3 when ``large``): the combined mapping and its proven upper bound."""
        budget.spend(SETUP_PASSES * pass_units(ip.size, len(ip.qw), ip.n_test + ip.n_gold))  # split: components
        pieces = split(ip)
        mapping = pieces.forced.copy()
        upper = pieces.earned
        for part in pieces.parts:
            size = len(part.problem.weights) + _nonzero(part.problem.unary)
            part_start = None if start is None else _within(start, part)
            if large and LARGE_SIZE <= size:
                result = self._large(part.problem, budget, part_start)
            else:
                result = _better(part.problem, self._whole(part.problem, budget), part_start, budget)
            chosen = np.asarray(result.mapping, dtype=np.int64)
            mapped = chosen >= 0
            mapping[part.rows[mapped]] = part.cols[chosen[mapped]]
            upper += result.upper
        return mapping, upper

    def _large(self, problem: AlignmentProblem, budget: Budget, start: np.ndarray | None) -> Alignment:
        """Step 3 on one part: climb, Lagrangian bound, fixing by its prices, then the rest split and solved."""
        began = time.perf_counter()
        ip = index_problem(problem)
        budget.spend(SETUP_PASSES * pass_units(ip.size, len(ip.qw), ip.n_test + ip.n_gold))
        best = climb(ip, greedy_init(ip, potentials(ip)) if start is None else start, budget)
        value = problem.value(best)
        if max(ip.n_test, ip.n_gold) > SQUARE_NODES or not budget.affords(2 * step_units(ip)):
            # no assignment table that large, or not two of its steps left: the cheap bound
            _, bound = eliminate(ip, value, budget=budget)
            return Alignment.of(best, value, max(value, bound), stopped(budget), time.perf_counter() - began)
        share = 1.0 if ip.size + len(ip.qw) >= LP_LIMIT else LP_SHARE
        own = budget.share(share)
        lp, found = lagrangian_bound(ip, best, own)
        budget.absorb(own)
        if problem.value(found) > value:
            best, value = found, problem.value(found)
        rounded = climb(ip, greedy_init(ip, np.where(lp.x > 0.5, lp.x, 0.0)), budget)
        if problem.value(rounded) > value:
            best, value = rounded, problem.value(rounded)
        if certified(value, lp.upper) or budget.exhausted():
            return Alignment.of(best, value, lp.upper, stopped(budget), time.perf_counter() - began)
        rest = ip.restrict(lp.useful(value, ip.integral))
        if budget.limited and rest.size + len(rest.qw) >= LP_LIMIT:
            return Alignment.of(best, value, lp.upper, stopped(budget), time.perf_counter() - began)
        mapping, upper = self._split_and_solve(rest, budget, large=False)
        upper = min(lp.upper, max(value, upper))
        if problem.value(mapping) > value:
            best, value = mapping, problem.value(mapping)
        return Alignment.of(best, value, upper, stopped(budget), time.perf_counter() - began)

    def _whole(self, problem: AlignmentProblem, budget: Budget) -> Alignment:
        """The exact solver on a whole problem or one part: the compiled one when it settles it (never
        under a limited budget, see :func:`~amrmetrics.align.native.solve_natively`)."""
        return solve_natively(problem, budget) or super().solve(problem, budget)


def _nonzero(unary: np.ndarray | object) -> int:
    """Non-zero unary weights of a dense or sparse table."""
    return int(np.count_nonzero(unary)) if isinstance(unary, np.ndarray) else int(unary.count_nonzero())  # type: ignore[attr-defined]


def _better(problem: AlignmentProblem, result: Alignment, start: np.ndarray | None, budget: Budget) -> Alignment:
    """``result``, or (when it is not certified and climbing from ``start`` does better) that climb with
    ``result``'s bound."""
    if start is None or result.status == "optimal":
        return result
    climbed = climb(index_problem(problem), np.asarray(start, dtype=np.int64), budget)
    value = problem.value(climbed)
    if value <= result.value:
        return result
    return Alignment.of(climbed, value, result.upper, stopped(budget), result.seconds)


def _within(mapping: np.ndarray, part: Part) -> np.ndarray:
    """A whole-problem mapping as a mapping of ``part``'s nodes (pairs leaving the part unmapped)."""
    image = np.asarray(mapping, dtype=np.int64)[part.rows]
    at = np.minimum(np.searchsorted(part.cols, image), len(part.cols) - 1)
    return np.where((image >= 0) & (part.cols[at] == image), at, -1)
