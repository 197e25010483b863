"""SmallProblem.indexed: the same problem as numpy arrays, with the dtypes the numpy path uses."""

from __future__ import annotations

import numpy as np

from amrmetrics.align.small import SmallProblem


def test_indexed_arrays_and_dtypes() -> None:
    """Candidates (0, 1), (1, 0) of weight 2 and 1 (given as ints, which a ``float`` list may hold),
    one link of weight 3: indices come out int64, weights float64."""
    ip = SmallProblem(2, 2, [0, 1], [1, 0], [2, 1], [0], [1], [3]).indexed()
    assert (ip.n_test, ip.n_gold, ip.integral) == (2, 2, True)
    assert ip.ci.tolist() == [0, 1] and ip.cj.tolist() == [1, 0] and ip.qa.tolist() == [0] and ip.qb.tolist() == [1]
    assert ip.cu.tolist() == [2.0, 1.0] and ip.qw.tolist() == [3.0]
    assert [a.dtype for a in (ip.ci, ip.cj, ip.qa, ip.qb)] == [np.dtype(np.int64)] * 4
    assert ip.cu.dtype == np.float64 and ip.qw.dtype == np.float64


def test_indexed_without_candidates_or_links_still_has_integer_indices() -> None:
    """Empty lists make int64 index arrays (np.array([]) alone would be float64, which cannot index)."""
    ip = SmallProblem(1, 1, [], [], [], [], [], []).indexed()
    assert [a.dtype for a in (ip.ci, ip.cj, ip.qa, ip.qb)] == [np.dtype(np.int64)] * 4
    assert ip.cu.dtype == np.float64 and ip.qw.dtype == np.float64 and ip.size == 0
    assert np.arange(3)[ip.qa].tolist() == []
    linked = SmallProblem(2, 2, [0, 1], [0, 1], [1.0, 1.0], [], [], []).indexed()
    assert linked.qa.dtype == np.int64 and linked.adjacency[0].tolist() == [0, 0, 0, 0]
