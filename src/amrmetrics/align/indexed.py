"""The solvers' working form of a problem: candidate node pairs and their pairwise links.

Only node pairs (i, j) that can earn something (positive unary weight, or a link) are kept as
*candidates*: mapping i to any other j earns at most 0, no more than leaving i unmapped, so an
optimal mapping never needs it. Each pairwise weight links two candidates, stored as a list
(for bounds and the LP) and, built on first use, as symmetric adjacency lists (for climbing).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from amrmetrics.align.problem import AlignmentProblem


@dataclass(frozen=True, eq=False)
class IndexedProblem:
    """Candidates ``c`` = (``ci[c]``, ``cj[c]``) of unary weight ``cu[c]``; links ``qa``-``qb`` of weight ``qw``.

    ``grid`` is ``(n_test, n_gold + 1)``: ``grid[i, j]`` is the candidate of (i, j), or
    :attr:`unmapped` when (i, j) is not a candidate (it earns no more than no image); the last
    column is :attr:`unmapped` too, so that gold ``n_gold`` stands for "no image". Links satisfy
    ``ci[qa] < ci[qb]``. ``integral`` says every candidate and link weight is an integer (so
    bounds can be rounded down).
    """

    n_test: int
    n_gold: int
    ci: np.ndarray
    cj: np.ndarray
    cu: np.ndarray
    grid: np.ndarray
    qa: np.ndarray
    qb: np.ndarray
    qw: np.ndarray
    integral: bool

    @property
    def size(self) -> int:
        """Number of candidates."""
        return len(self.ci)

    @property
    def unmapped(self) -> int:
        """Index that stands for "no image" or a non-candidate pair (earns nothing, has no links)."""
        return len(self.ci)

    @cached_property
    def adjacency(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """CSR ``(indptr, neighbour, weight)`` of the links, both directions (none for :attr:`unmapped`)."""
        ends = np.concatenate([self.qa, self.qb])
        order = np.argsort(ends, kind="stable")
        indptr = np.zeros(self.size + 2, dtype=np.int64)
        np.cumsum(np.bincount(ends, minlength=self.size + 1), out=indptr[1:])
        return indptr, np.concatenate([self.qb, self.qa])[order], np.concatenate([self.qw, self.qw])[order]

    def restrict(self, keep: np.ndarray) -> IndexedProblem:
        """The problem without the candidates where ``keep`` is False (and without their links).

        It is integral when what is left is (dropping the graded candidates of a problem can make
        every remaining weight an integer, and then its bounds can be rounded down).
        """
        kept = np.flatnonzero(keep)
        renumber = np.full(self.size + 1, len(kept), dtype=np.int64)
        renumber[kept] = np.arange(len(kept))
        links = keep[self.qa] & keep[self.qb]
        cu, qw = self.cu[kept], self.qw[links]
        return IndexedProblem(
            self.n_test, self.n_gold, self.ci[kept], self.cj[kept], cu, renumber[self.grid],
            renumber[self.qa[links]], renumber[self.qb[links]], qw, self.integral or _integral(cu, qw),
        )

    def candidate_of(self, mapping: np.ndarray) -> np.ndarray:
        """The index each test node uses under ``mapping`` (gold -1 = unmapped)."""
        return self.grid[np.arange(self.n_test), np.where(mapping < 0, self.n_gold, mapping)]


def _integral(unary: np.ndarray, weights: np.ndarray) -> bool:
    """Every candidate and link weight is an integer."""
    return not (np.any(unary % 1) or np.any(weights % 1))


def index_problem(problem: AlignmentProblem) -> IndexedProblem:
    """Keep the node pairs that can earn something and link them by the pairwise weights.

    Raises ValueError on a negative pairwise weight (the bounds assume links only add).
    """
    unary = problem.unary
    n1, n2 = unary.shape
    pairs, weights = problem.pairs, np.asarray(problem.weights, dtype=np.float64)
    useful = unary > 0
    if len(weights):
        low = weights.min()
        if low <= 0:
            if low < 0:
                raise ValueError("pairwise weights must be non-negative")
            pairs, weights = pairs[weights > 0], weights[weights > 0]
        useful[pairs[:, 0], pairs[:, 1]] = True
        useful[pairs[:, 2], pairs[:, 3]] = True
    ci, cj = np.nonzero(useful)
    size = len(ci)
    grid = np.full((n1, n2 + 1), size, dtype=np.int64)
    grid[ci, cj] = np.arange(size)
    cu = np.asarray(unary[ci, cj], dtype=np.float64)
    integral = _integral(cu, weights)
    qa, qb = grid[pairs[:, 0], pairs[:, 1]], grid[pairs[:, 2], pairs[:, 3]]
    return IndexedProblem(n1, n2, ci, cj, cu, grid, qa, qb, weights, integral)
