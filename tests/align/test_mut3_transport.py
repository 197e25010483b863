"""transport._snap by hand: only uniform masses (to 1e-15) are snapped, and only when the rounded plan
keeps both its row and its column sums; and large.links_between keeps integer node pairs when a label
has no test edges."""

from __future__ import annotations

import numpy as np

from amrmetrics.align.large import links_between
from amrmetrics.align.transport import _snap

HALF = np.array([0.5, 0.5])


def test_masses_a_billionth_from_uniform_are_not_snapped() -> None:
    """Row (then column) masses 0.5 +- 1e-9: within numpy's default tolerance of uniform, not within
    1e-15. The plan moves the extra 1e-9 off the diagonal; rounding it to halves would drop that."""
    d = 1e-9
    rows = np.array([[0.5, d], [0.0, 0.5 - d]])
    assert _snap(rows, np.array([0.5 + d, 0.5 - d]), HALF) is rows
    cols = rows.T.copy()
    assert _snap(cols, HALF, np.array([0.5 + d, 0.5 - d])) is cols
    lattice = np.array([[0.5, 1e-17], [0.0, 0.5]])  # uniform masses: snapped onto halves
    assert _snap(lattice, HALF, HALF).tolist() == [[0.5, 0.0], [0.0, 0.5]]


def test_a_rounding_that_keeps_only_the_row_sums_is_not_taken() -> None:
    """4 points (1/4 each) onto 2 (1/2 each), lattice 1/4: in quarters the rows are (0.6, 0.4) three
    times and (0.2, 0.8), column sums 2 and 2. Rounded, every row keeps its one quarter but the
    columns get 3 and 1: the plan is returned as it is."""
    plan = np.array([[0.6, 0.4], [0.6, 0.4], [0.6, 0.4], [0.2, 0.8]]) / 4
    assert _snap(plan, np.full(4, 0.25), HALF) is plan


def test_a_label_without_test_edges_leaves_the_pairs_integer() -> None:
    """:r has no test edge; :s 0->1 meets gold 0->1, and (0,0), (1,1) earn: link (0,0,1,1) of 1."""
    test = {":r": [], ":s": [(0, 1, 1)]}
    gold = {":r": [(0, 1, 1)], ":s": [(0, 1, 1)]}
    quads, weights = links_between(test, gold, np.array([0, 3]), 2, False)
    assert quads.dtype == np.int64 and quads.tolist() == [[0, 0, 1, 1]] and weights.tolist() == [1.0]
    none, nothing = links_between({":r": []}, gold, np.array([0, 3]), 2, False)
    assert none.dtype == np.int64 and none.shape == (0, 4) and nothing.tolist() == []
