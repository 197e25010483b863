"""The integer program of an alignment, in the strong (aggregated) form, as plain arrays.

Variables: ``x_c`` per candidate (binary), then ``y_q`` per link (continuous in [0, 1]).
Rows ``A z <= b``:

* each test node and each gold node has at most one partner: ``sum x <= 1``;
* for each end c of a link and each *other* test node k: the links from c to k's candidates
  earn at most once, ``sum_q y_q - x_c <= 0`` (k has one image); likewise per other gold node.

The aggregated rows imply ``y_q <= x_a`` and ``y_q <= x_b`` and make the LP relaxation much
stronger than those pairwise rows alone (measured on the 1501 BAMBOO STS dev pairs: integral
LP optimum on 1453 pairs instead of 1262, LP bound equal to the optimum on 1500 instead of 1466,
at about the same LP time).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from amrmetrics.align.indexed import IndexedProblem, group


@dataclass(frozen=True, eq=False)
class Formulation:
    """``max cost . z`` subject to ``A z <= upper``, ``0 <= z <= 1``; A in CSC (``start``, ``index``, ``value``;
    32-bit indices, as HiGHS takes them)."""

    cost: np.ndarray
    upper: np.ndarray
    start: np.ndarray
    index: np.ndarray
    value: np.ndarray
    n_x: int

    @property
    def n_cols(self) -> int:
        """Number of variables (x then y)."""
        return len(self.cost)

    @property
    def n_rows(self) -> int:
        """Number of rows."""
        return len(self.upper)

    def dual_bound(self, duals: np.ndarray, fixings: Sequence[tuple[int, int]] = ()) -> float:
        """A rigorous upper bound from any row multipliers (clipped to >= 0), by weak duality.

        With ``pi >= 0`` and reduced costs ``d = cost - A^T pi``, every feasible ``z`` satisfies
        ``cost . z <= upper . pi + sum_j max(d_j z_j)`` over each column's range: [0, 1], or
        {0} / {1} for the columns a branch fixed (``fixings``: ``(column, value)`` pairs). Every
        column has entries (a candidate sits in its test and gold rows), so ``reduceat`` sees no
        empty column.
        """
        if not self.n_cols:
            return 0.0
        pi = np.maximum(np.asarray(duals, dtype=np.float64), 0.0)
        reduced = self.cost - np.add.reduceat(self.value * pi[self.index], self.start[:-1])
        gain = np.maximum(reduced, 0.0)
        for column, value in fixings:
            gain[column] = reduced[column] if value else 0.0
        return float(self.upper @ pi + gain.sum())


def formulate(ip: IndexedProblem) -> Formulation:
    """Build the aggregated formulation of ``ip`` (see the module doc)."""
    n1, n2, size = ip.n_test, ip.n_gold, ip.size
    m = len(ip.qw)
    cand = np.arange(size)
    link = size + np.arange(m)

    owner = np.concatenate([ip.qa, ip.qb])
    other = np.concatenate([ip.qb, ip.qa])
    ycol = np.concatenate([link, link])
    # one row per (link end, other test node) and per (link end, other gold node)
    test_pairs, test_keys = group(owner * n1 + ip.ci[other], size * n1)
    gold_pairs, gold_keys = group(owner * n2 + ip.cj[other], size * n2)
    test_owner, gold_owner = test_pairs // max(n1, 1), gold_pairs // max(n2, 1)
    n_test_rows, n_gold_rows = len(test_pairs), len(gold_pairs)

    base = n1 + n2
    test_rows = base + np.arange(n_test_rows)
    gold_rows = base + n_test_rows + np.arange(n_gold_rows)
    rows = np.concatenate([ip.ci, n1 + ip.cj, test_rows, gold_rows, base + test_keys, base + n_test_rows + gold_keys])
    cols = np.concatenate([cand, cand, test_owner, gold_owner, ycol, ycol])
    vals = np.concatenate([np.ones(2 * size), -np.ones(n_test_rows + n_gold_rows), np.ones(4 * m)])

    order = np.argsort(cols, kind="stable")
    n_cols = size + m
    start = np.zeros(n_cols + 1, dtype=np.int32)
    np.cumsum(np.bincount(cols, minlength=n_cols), out=start[1:])
    upper = np.concatenate([np.ones(base), np.zeros(n_test_rows + n_gold_rows)])
    return Formulation(
        cost=np.concatenate([ip.cu, ip.qw]),
        upper=upper,
        start=start,
        index=rows[order].astype(np.int32),
        value=vals[order],
        n_x=size,
    )
