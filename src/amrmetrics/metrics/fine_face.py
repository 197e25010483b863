"""The node pairs a good full alignment can use, from LP row prices: small fine-grained re-solves.

Fine-grained aspects are counted under the best optimal full alignment, a lexicographic solve of
``w * full + aspect`` (:mod:`~amrmetrics.metrics.fine`). On a document pair that problem is huge
(the Unlabeled aspect of a 50-sentence Little Prince document has 233,000 links; its exact solve
takes many minutes), yet optimal full alignments can use few node pairs, and weak duality says
which. With any row prices ``pi >= 0`` of the full problem's LP relaxation
(:mod:`~amrmetrics.align.formulation`), reduced costs ``d = cost - A^T pi`` and the bound
``U = upper . pi + sum max(d, 0)``, every mapping that uses candidate c is worth at most
``U - max(-d_c, 0)``; one that maps test node i to a gold node j that earns nothing with it is
worth at most ``U - pi_i - pi_j`` (such a pair takes both nodes' rows and earns nothing). A pair
whose bound is below a value F is used by no mapping worth F or more.

:meth:`Face.restrict` drops those pairs from a problem (their weights and links). Any mapping
worth at least F in the full problem keeps its value in both restricted problems, so the optimum
of the restricted lexicographic problem is the unrestricted one, and a solver's bound on the
restricted problem bounds the unrestricted one: nothing certified changes, only problem sizes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from amrmetrics.align import AlignmentProblem
from amrmetrics.align.budget import Budget
from amrmetrics.align.engines import iteration_limit, iteration_units
from amrmetrics.align.formulation import formulate
from amrmetrics.align.indexed import IndexedProblem, index_problem

_PRESOLVE_COLUMNS = 10_000
"""Presolve LPs with more variables than this (a 431-node document: 4 s instead of 40 s; it only
costs time on sentence pairs)."""
_TOLERANCE = 1e-6
"""Relative slack kept on the value, so rounding in the prices never drops a usable pair."""


@dataclass(frozen=True, eq=False)
class Face:
    """The node pairs of a full problem that a mapping worth at least ``value`` may use.

    ``usable[c]`` for the candidates of ``ip`` (the full problem indexed; ``usable[ip.size]`` is
    False, for no candidate); a pair that is no candidate is usable when ``row_price[i] + col_price[j] <= slack`` (``slack = U - value``).
    """

    full: AlignmentProblem
    ip: IndexedProblem
    usable: np.ndarray
    row_price: np.ndarray
    col_price: np.ndarray
    slack: float

    def allows(self, i: np.ndarray, j: np.ndarray) -> np.ndarray:
        """Whether test node ``i`` may map to gold node ``j`` (full-problem indices, broadcast)."""
        i, j = np.asarray(i, dtype=np.int64), np.asarray(j, dtype=np.int64)
        candidate = self.ip.lookup(i, j)
        priced = self.row_price[i] + self.col_price[j] <= self.slack
        return np.where(candidate < self.ip.size, self.usable[candidate], priced)

    def restrict(self, problem: AlignmentProblem, rows: np.ndarray, cols: np.ndarray) -> AlignmentProblem:
        """``problem`` (node a / b being full node ``rows[a]`` / ``cols[b]``) without the pairs not allowed."""
        if isinstance(problem.unary, np.ndarray):
            unary = np.where(self.allows(rows[:, None], cols[None, :]), problem.unary, 0.0)
        else:
            from scipy.sparse import csr_array

            coo = problem.unary.tocoo()
            keep = self.allows(rows[coo.row], cols[coo.col])
            unary = csr_array((coo.data[keep], (coo.row[keep], coo.col[keep])), shape=problem.shape)
        p = problem.pairs
        if not len(p):
            return AlignmentProblem(unary, p, problem.weights)
        keep = self.allows(rows[p[:, 0]], cols[p[:, 1]]) & self.allows(rows[p[:, 2]], cols[p[:, 3]])
        return AlignmentProblem(unary, p[keep], problem.weights[keep])

    @cached_property
    def restricted_full(self) -> AlignmentProblem:
        """The full problem without the pairs not allowed (computed once, shared by the aspects)."""
        n_test, n_gold = self.full.shape
        return self.restrict(self.full, np.arange(n_test), np.arange(n_gold))

    def clean(self, mapping: tuple[int, ...] | np.ndarray) -> np.ndarray:
        """``mapping`` with the pairs not allowed unmapped (they earn nothing in a restricted problem)."""
        m = np.array(mapping, dtype=np.int64)
        mapped = np.flatnonzero(m >= 0)
        m[mapped[~self.allows(mapped, m[mapped])]] = -1
        return m


def optimal_face(full: AlignmentProblem, value: float, budget: Budget | None = None) -> Face | None:
    """The pairs usable by mappings of ``full`` worth at least ``value``; None when the LP relaxation
    is not solved within ``budget`` (its simplex iterations, or its clock), or ``full`` is a
    restriction (its LP bounds nothing)."""
    if full.ceiling is not None:
        return None
    budget = Budget() if budget is None else budget
    ip = index_problem(full)
    f = formulate(ip)
    options: dict[str, float | bool] = {"presolve": f.n_cols > _PRESOLVE_COLUMNS, "maxiter": iteration_limit(f, budget)}
    if math.isfinite(budget.seconds_left()):
        options["time_limit"] = budget.seconds_left()
    price = np.zeros(f.n_rows)
    if f.n_cols:
        from scipy.optimize import linprog  # imported when needed (documents only)
        from scipy.sparse import csc_array

        matrix = csc_array((f.value, f.index, f.start), shape=(f.n_rows, f.n_cols))
        res = linprog(-f.cost, A_ub=matrix, b_ub=f.upper, bounds=(0, 1), method="highs", options=options)
        budget.spend((res.nit or 0) * iteration_units(f))
        if res.status != 0:
            return None
        price = np.maximum(-np.asarray(res.ineqlin.marginals, dtype=np.float64), 0.0)
    reduced = f.cost - np.add.reduceat(f.value * price[f.index], f.start[:-1]) if f.n_cols else f.cost
    bound = float(f.upper @ price + np.maximum(reduced, 0.0).sum())
    slack = bound - value + _TOLERANCE * max(1.0, abs(value))
    usable = np.append(np.maximum(-reduced[: ip.size], 0.0) <= slack, False)
    return Face(full, ip, usable, price[: ip.n_test], price[ip.n_test : ip.n_test + ip.n_gold], slack)
