"""The solvers' working form of a problem: candidate node pairs and their pairwise links.

Only node pairs (i, j) that can earn something (positive unary weight, or a link) are kept as
*candidates*: mapping i to any other j earns at most 0, no more than leaving i unmapped, so an
optimal mapping never needs it. Each pairwise weight links two candidates, stored as a list
(for bounds and the LP) and, built on first use, as symmetric adjacency lists (for climbing).
Nothing here is ``n_test x n_gold``: a (test, gold) pair is looked up among the sorted candidates.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

from amrmetrics.align.problem import AlignmentProblem

if TYPE_CHECKING:
    from scipy.sparse import csr_array

_TABLE_FACTOR = 32
_TABLE_CELLS = 1 << 22
""":func:`group` uses a table over the possible values when there are at most this many per value
grouped and at most this many in all (else it sorts)."""
SMALL_CELLS = 1 << 12
SMALL_LINKS = 1 << 10
"""Problems with a dense ``unary`` of at most :data:`SMALL_CELLS` cells and at most :data:`SMALL_LINKS`
links (sentence pairs) are indexed in plain Python, cheaper there than a dozen array operations."""


@dataclass(frozen=True, eq=False)
class IndexedProblem:
    """Candidates ``c`` = (``ci[c]``, ``cj[c]``) of unary weight ``cu[c]``; links ``qa``-``qb`` of weight ``qw``.

    Candidates are sorted by test node, then gold node. Gold ``n_gold`` stands for "no image";
    :meth:`lookup` gives :attr:`unmapped` for it and for any pair that is not a candidate (it earns
    no more than no image). Links satisfy ``ci[qa] < ci[qb]``. ``integral`` says every candidate
    and link weight is an integer (so bounds can be rounded down).
    """

    n_test: int
    n_gold: int
    ci: np.ndarray
    cj: np.ndarray
    cu: np.ndarray
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
    def keys(self) -> np.ndarray:
        """``ci * (n_gold + 1) + cj`` (increasing), then -1 (so a search past the end finds no match)."""
        return np.append(self.ci * (self.n_gold + 1) + self.cj, -1)

    @cached_property
    def row_start(self) -> np.ndarray:
        """The candidates of test node i are ``row_start[i]:row_start[i + 1]``."""
        return np.searchsorted(self.ci, np.arange(self.n_test + 1))

    def lookup(self, i: np.ndarray | int, j: np.ndarray | int) -> np.ndarray:
        """The candidate of each (``i``, ``j``), or :attr:`unmapped` (``j = n_gold`` = no image)."""
        wanted = np.asarray(i, dtype=np.int64) * (self.n_gold + 1) + np.asarray(j, dtype=np.int64)
        found = np.searchsorted(self.keys[:-1], wanted)
        return np.where(self.keys[found] == wanted, found, self.size)

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
            self.n_test, self.n_gold, self.ci[kept], self.cj[kept], cu,
            renumber[self.qa[links]], renumber[self.qb[links]], qw, self.integral or _integral(cu, qw),
        )

    def candidate_of(self, mapping: np.ndarray) -> np.ndarray:
        """The index each test node uses under ``mapping`` (gold -1 = unmapped)."""
        return self.lookup(np.arange(self.n_test), np.where(mapping < 0, self.n_gold, mapping))


def group(values: np.ndarray, n_values: int) -> tuple[np.ndarray, np.ndarray]:
    """The distinct ``values`` (in 0..n_values-1), increasing, and each value's index among them.

    A table over the possible values when it is small (faster than sorting), else a sort (not
    ``np.unique``, whose hashing takes 28 s on 7 million values with numpy 2.4).
    """
    if n_values <= min(_TABLE_CELLS, _TABLE_FACTOR * len(values)):
        seen = np.zeros(n_values + 1, dtype=np.int64)
        seen[values + 1] = 1
        distinct = np.flatnonzero(seen[1:])
        np.cumsum(seen, out=seen)
        return distinct, seen[values]
    order = np.argsort(values)
    ordered = values[order]
    starts = np.concatenate(([True], ordered[1:] != ordered[:-1]))[: len(values)]
    which = np.empty(len(values), dtype=np.int64)
    which[order] = np.cumsum(starts) - 1
    return ordered[starts], which


def _integral(unary: np.ndarray, weights: np.ndarray) -> bool:
    """Every candidate and link weight is an integer."""
    return not (np.any(unary % 1) or np.any(weights % 1))


def _positive_entries(unary: np.ndarray | csr_array) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rows, columns and values of the positive entries, row by row; ValueError if any is negative or NaN."""
    if isinstance(unary, np.ndarray):
        rows, cols = np.nonzero(unary)
        values = unary[rows, cols]
    else:
        coo = unary.tocoo()
        order = np.lexsort((coo.col, coo.row))
        rows, cols, values = coo.row[order].astype(np.int64), coo.col[order].astype(np.int64), coo.data[order]
    if np.any(values < 0):
        raise ValueError("unary weights must be non-negative")
    if np.isnan(values).any():
        raise ValueError("unary weights must not be NaN")
    positive = values > 0
    return rows[positive], cols[positive], values[positive]


def index_problem(problem: AlignmentProblem) -> IndexedProblem:
    """Keep the node pairs that can earn something and link them by the pairwise weights.

    Raises ValueError on a negative or NaN weight (the bounds assume links only add, and the climb
    that a node's support is never negative; NaN passes every comparison unnoticed), and on a link
    between two pairs of one test or one gold node (no one-to-one mapping earns it; the climb's
    moves assume there is none and could cycle for ever).
    """
    n1, n2 = problem.shape
    pairs, weights = problem.pairs, np.asarray(problem.weights, dtype=np.float64)
    if isinstance(problem.unary, np.ndarray) and n1 * n2 <= SMALL_CELLS and len(weights) <= SMALL_LINKS:
        small = _index_small(problem.unary, pairs, weights)
        if small is not None:
            return small
    if len(pairs) and ((pairs[:, 0] == pairs[:, 2]) | (pairs[:, 1] == pairs[:, 3])).any():
        raise ValueError("a pairwise weight links two pairs of one node (rows (i, j, k, l) need i != k and j != l)")
    if len(weights):
        low = weights.min()
        if np.isnan(low):
            raise ValueError("pairwise weights must not be NaN")
        if low <= 0:
            if low < 0:
                raise ValueError("pairwise weights must be non-negative")
            pairs, weights = pairs[weights > 0], weights[weights > 0]
    rows, cols, values = _positive_entries(problem.unary)
    width, n_rows, m = n2 + 1, len(rows), len(weights)
    ends = [rows * width + cols, pairs[:, 0] * width + pairs[:, 1], pairs[:, 2] * width + pairs[:, 3]]
    keys, which = group(np.concatenate(ends), n1 * width)
    ci, cj = keys // width, keys % width
    cu = np.zeros(len(keys))
    cu[which[:n_rows]] = values
    integral = _integral(cu, weights)
    qa, qb = which[n_rows : n_rows + m], which[n_rows + m :]
    return IndexedProblem(n1, n2, ci, cj, cu, qa, qb, weights, integral)


def _index_small(unary: np.ndarray, pairs: np.ndarray, weights: np.ndarray) -> IndexedProblem | None:
    """:func:`index_problem` of a small problem in plain Python, the same arrays; None when a weight is
    negative or NaN or a link joins two pairs of one node (the array path then raises its error)."""
    n1, n2 = unary.shape
    width = n2 + 1
    w = weights.tolist()
    if any(not x >= 0 for x in w):
        return None
    quads = pairs.tolist()
    if any(i == k or j == l for i, j, k, l in quads):
        return None
    if 0.0 in w:  # links of weight 0 are dropped
        keep = [x > 0 for x in w]
        quads = [q for q, kept in zip(quads, keep) if kept]
        w = [x for x in w if x > 0]
        pairs, weights = pairs[np.array(keep, dtype=bool)], weights[np.array(keep, dtype=bool)]
    flat = unary.ravel()
    cells = np.flatnonzero(flat)
    values = flat[cells].tolist()
    if any(not v > 0 for v in values):
        return None
    unary_keys = [cell + cell // n2 for cell in cells.tolist()]  # i * width + j for cell i * n2 + j
    a_keys = [i * width + j for i, j, _, _ in quads]
    b_keys = [k * width + l for _, _, k, l in quads]
    keys = sorted(set(unary_keys).union(a_keys, b_keys))
    position = {key: c for c, key in enumerate(keys)}
    cu = [0.0] * len(keys)
    for key, v in zip(unary_keys, values):
        cu[position[key]] = v
    integral = not (any(v % 1 for v in cu) or any(x % 1 for x in w))

    def ints(values: list[int]) -> np.ndarray:
        return np.array(values, dtype=np.int64)

    return IndexedProblem(
        n1, n2, ints([key // width for key in keys]), ints([key % width for key in keys]), np.array(cu, dtype=np.float64),
        ints([position[key] for key in a_keys]), ints([position[key] for key in b_keys]), weights, integral,
    )
