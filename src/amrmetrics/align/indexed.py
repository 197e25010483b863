"""The solvers' working form of a problem: candidate node pairs and their pairwise links.

Only node pairs (i, j) that can earn something are kept as *candidates*; every other pair is
equivalent to leaving i unmapped. Each pairwise weight links two candidates, stored as a list
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

    ``grid[i, j]`` is the candidate of (i, j), or ``size`` (a sentinel that earns nothing) when
    (i, j) is not a candidate; ``grid`` has an extra last column of sentinels, so that gold
    ``n_gold`` stands for "unmapped". Links satisfy ``ci[qa] < ci[qb]``.
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

    @cached_property
    def adjacency(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """CSR ``(indptr, neighbour, weight)`` of the links, both directions; the sentinel has none."""
        ends = np.concatenate([self.qa, self.qb])
        order = np.argsort(ends, kind="stable")
        indptr = np.zeros(self.size + 2, dtype=np.int64)
        np.cumsum(np.bincount(ends, minlength=self.size + 1), out=indptr[1:])
        return indptr, np.concatenate([self.qb, self.qa])[order], np.concatenate([self.qw, self.qw])[order]

    def candidate_of(self, mapping: np.ndarray) -> np.ndarray:
        """The candidate (or sentinel) each test node uses under ``mapping`` (gold -1 = unmapped)."""
        return self.grid[np.arange(self.n_test), np.where(mapping < 0, self.n_gold, mapping)]


def _is_integral(values: np.ndarray) -> bool:
    return not np.any(values % 1)


def index_problem(problem: AlignmentProblem) -> IndexedProblem:
    """Keep the node pairs that can earn something and link them by the pairwise weights.

    Raises ValueError on a negative pairwise weight (the bounds assume links only add).
    """
    unary = problem.unary
    n1, n2 = unary.shape
    pairs, weights = problem.pairs, problem.weights
    if len(weights) and weights.min() <= 0:
        if weights.min() < 0:
            raise ValueError("pairwise weights must be non-negative")
        pairs, weights = pairs[weights > 0], weights[weights > 0]

    useful = unary > 0
    useful[pairs[:, 0], pairs[:, 1]] = True
    useful[pairs[:, 2], pairs[:, 3]] = True
    ci, cj = np.nonzero(useful)
    size = len(ci)
    grid = np.full((n1, n2 + 1), size, dtype=np.int64)
    grid[ci, cj] = np.arange(size)
    qa = grid[pairs[:, 0], pairs[:, 1]]
    qb = grid[pairs[:, 2], pairs[:, 3]]
    integral = _is_integral(unary) and _is_integral(weights)
    cu = np.asarray(unary[ci, cj], dtype=np.float64)
    return IndexedProblem(n1, n2, ci, cj, cu, grid, qa, qb, np.asarray(weights, dtype=np.float64), integral)
