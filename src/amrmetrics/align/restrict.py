"""Problems made from other problems: only some node pairs allowed, or a weighted sum of objectives.

Restricting is how document Smatch keeps nodes within their sentences: a pair that is not allowed
earns nothing, alone or in a link, which is the same as never mapping it (a solver may still leave
such a pair in its mapping; :meth:`Compatibility.keep` removes it).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from amrmetrics.align.problem import DENSE_CELLS, AlignmentProblem, Compatibility

__all__ = ["Compatibility", "restrict", "weighted_sum"]


def restrict(problem: AlignmentProblem, allowed: Compatibility) -> AlignmentProblem:
    """The problem where only ``allowed`` node pairs earn anything (a restricted problem's ``ceiling`` still bounds it)."""
    unary = problem.unary
    if isinstance(unary, np.ndarray):
        unary = np.where(allowed.mask(), unary, 0.0)
    else:
        from scipy.sparse import coo_array, csr_array

        entries = coo_array(unary)
        keep = allowed.allows(entries.row, entries.col)
        unary = csr_array((entries.data[keep], (entries.row[keep], entries.col[keep])), shape=unary.shape)
    pairs = problem.pairs
    keep = allowed.allows(pairs[:, 0], pairs[:, 1]) & allowed.allows(pairs[:, 2], pairs[:, 3])
    return AlignmentProblem(unary, pairs[keep], np.asarray(problem.weights)[keep], problem.ceiling)


def weighted_sum(terms: Sequence[tuple[float, AlignmentProblem]]) -> AlignmentProblem:
    """The problem whose objective is ``sum(w * objective)`` over ``terms`` (problems of one shape);
    its unary weights are a dense array up to :data:`~amrmetrics.align.problem.DENSE_CELLS` cells,
    else sparse (a table that large is never made dense)."""
    shape = terms[0][1].shape
    if shape[0] * shape[1] <= DENSE_CELLS:
        unary = np.zeros(shape)
        for weight, problem in terms:
            dense = problem.unary.toarray() if hasattr(problem.unary, "toarray") else problem.unary
            unary += weight * np.asarray(dense)
    else:
        from scipy.sparse import csr_array

        unary = csr_array(shape)
        for weight, problem in terms:
            unary = unary + weight * csr_array(problem.unary)
    quads = np.concatenate([p.pairs for _, p in terms]).reshape(-1, 4).astype(np.int64)
    values = np.concatenate([w * np.asarray(p.weights, dtype=np.float64) for w, p in terms])
    if not len(quads):
        return AlignmentProblem(unary, quads, values)
    keys, inverse = np.unique(quads, axis=0, return_inverse=True)
    return AlignmentProblem(unary, keys, np.bincount(inverse.ravel(), weights=values, minlength=len(keys)))
