"""Fine-grained Smatch parts by hand: ``lexicographic`` when neither problem has a pair of links,
``FineSmatch.summary`` totals statistics in float64 whatever their dtype, and a face (``fine_face``)
keeps a sparse problem's shape and solves the LP in the unit box."""

from __future__ import annotations

import numpy as np
from scipy.sparse import csr_array

from amrmetrics.align.problem import AlignmentProblem
from amrmetrics.metrics.fine import ASPECTS, FineSmatch, lexicographic
from amrmetrics.metrics.fine_face import optimal_face


def test_lexicographic_without_pairs_keeps_the_unaries():
    """full: 2 x 3 unary, aspect: 1 x 2 unary whose node 0 is full row 1 and whose nodes 0, 1 are full
    columns 0, 2; weight 3. The result is 3 * full.unary with the aspect added at (1, 0) and (1, 2),
    and still no pairs (shape (0, 4)) and no pair weights."""
    no_pairs = np.zeros((0, 4), dtype=np.int64)
    full = AlignmentProblem(np.array([[1.0, 0.0, 2.0], [0.0, 1.0, 0.0]]), no_pairs, np.zeros(0))
    aspect = AlignmentProblem(np.array([[5.0, 7.0]]), no_pairs.copy(), np.zeros(0))
    out = lexicographic(full, 3.0, aspect, np.array([1]), np.array([0, 2]))
    assert np.asarray(out.unary).tolist() == [[3.0, 0.0, 6.0], [5.0, 3.0, 7.0]]
    assert out.pairs.shape == (0, 4) and out.weights.shape == (0,)
    assert out.value([2, 0]) == 6.0 + 5.0  # row 0 -> col 2 (3 * 2), row 1 -> col 0 (0 + 5)


def test_summary_totals_float32_statistics_in_float64():
    """Two pairs whose statistics arrive as float32, with 2**24 and 1 uncertified subgraphs: the total
    is 2**24 + 1 (a float32 sum would round it to 2**24, the next float32 above 2**24 being 2**24 + 2).
    Smatch counts (1 of 2 and 2, then 3 of 4 and 4) pool to 4 of 6 and 6."""
    stats = np.zeros((2, 3 * len(ASPECTS) + 2), dtype=np.float32)
    stats[0, :3], stats[1, :3] = (1, 2, 2), (3, 4, 4)
    stats[:, 3 * len(ASPECTS)] = (1, 3)  # Smatch.upper: both certified
    stats[:, -1] = (2.0**24, 1.0)
    summary = FineSmatch().summary(stats)
    assert summary["uncertified_subgraphs"] == 2**24 + 1
    assert summary["aspects"]["Smatch"] == {"matched": 4.0, "n_test": 6.0, "n_gold": 6.0, "pairs": 2}
    assert summary["uncertified"] == 0


def test_restricting_a_sparse_problem_keeps_its_shape():
    """A 2 x 3 problem with a sparse unary earning only at (0, 0) (value 1): the face of value 1 keeps
    (0, 0), and the restricted problem is still 2 x 3 (its last row and columns earn nothing), with
    the same single entry."""
    full = AlignmentProblem(csr_array(np.array([[1.0, 0.0, 0.0], [0.0, 0.0, 0.0]])), np.zeros((0, 4), dtype=np.int64), np.zeros(0))
    face = optimal_face(full, 1.0)
    assert face is not None
    restricted = face.restrict(full, np.arange(2), np.arange(3))
    assert restricted.shape == (2, 3)
    assert restricted.unary.toarray().tolist() == [[1.0, 0.0, 0.0], [0.0, 0.0, 0.0]]


def test_the_face_lp_is_the_relaxation_in_the_unit_box(monkeypatch):
    """The LP behind a face is the formulation's relaxation, max cost . z with A z <= upper and
    0 <= z <= 1 (:class:`~amrmetrics.align.formulation.Formulation`): every variable is bounded by
    (0, 1). Seen by wrapping scipy's linprog, on a graph against itself (one candidate)."""
    import scipy.optimize

    seen: list[object] = []
    real = scipy.optimize.linprog

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(kwargs.get("bounds"))
        return real(*args, **kwargs)

    monkeypatch.setattr(scipy.optimize, "linprog", spy)
    full = AlignmentProblem(np.array([[2.0]]), np.zeros((0, 4), dtype=np.int64), np.zeros(0))
    assert optimal_face(full, 2.0) is not None
    assert seen == [(0, 1)]
