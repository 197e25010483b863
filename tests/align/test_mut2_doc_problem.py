"""The document builder on a pair worked out by hand, also when the graphs are large enough for sparse unary weights."""

from __future__ import annotations

import numpy as np
import pytest

import amrmetrics.align.problem as problem_module
from amrmetrics.align.doc_problem import build_document_problem
from amrmetrics.align.restrict import Compatibility
from amrmetrics.graph import Graph

TEST = Graph(
    instances=(("a", "want-01"), ("b", "boy"), ("c", "go-02")),
    relations=(("a", ":ARG0", "b"), ("a", ":ARG1", "c"), ("c", ":ARG0", "b"), ("b", ":mod", "b")),
)
GOLD = Graph(
    instances=(("x", "want-01"), ("y", "boy"), ("z", "go-02")),
    relations=(("x", ":ARG0", "y"), ("x", ":ARG1", "z"), ("z", ":ARG0", "y"), ("y", ":mod", "y")),
)
# unary: the three equal concepts, and b -> y also earns the self-loop (b :mod b) = (y :mod y)
UNARY = [[1.0, 0.0, 0.0], [0.0, 2.0, 0.0], [0.0, 0.0, 1.0]]
# :ARG0 (a,b),(c,b) x (x,y),(z,y): a->x b->y, a->z b->y, c->x b->y (written with the smaller test
# node first: b->y c->x), c->z b->y; :ARG1 (a,c) x (x,z): a->x c->z
LINKS = {(0, 0, 1, 1): 1.0, (0, 2, 1, 1): 1.0, (1, 1, 2, 0): 1.0, (1, 1, 2, 2): 1.0, (0, 0, 2, 2): 1.0}


def _as_lists(problem) -> tuple[list, dict]:
    links = {tuple(q): w for q, w in zip(problem.pairs.tolist(), np.asarray(problem.weights).tolist())}
    unary = problem.unary.toarray() if hasattr(problem.unary, "toarray") else problem.unary
    return np.asarray(unary).tolist(), links


@pytest.mark.parametrize("dense_cells", [problem_module.DENSE_CELLS, 0])
def test_the_hand_made_pair(monkeypatch: pytest.MonkeyPatch, dense_cells: int) -> None:
    """``dense_cells = 0`` makes the unary weights sparse, as for two documents of over 2,048 nodes
    each (never a dense n x m table above the limit): the same weights either way."""
    monkeypatch.setattr(problem_module, "DENSE_CELLS", dense_cells)
    built = build_document_problem(TEST, GOLD)
    assert (type(built.unary) is np.ndarray) == (dense_cells > 0) and built.unary.dtype == np.float64
    assert _as_lists(built) == (UNARY, LINKS)
    assert built.pairs.dtype == np.int64 and built.pairs.shape == (5, 4)
    assert built.value([0, 1, 2]) == 1 + 2 + 1 + 3  # three concepts, the loop, three links
    assert built.value([2, 1, 0]) == 2 + 2  # the loop, links a->z b->y and b->y c->x


def test_the_hand_made_pair_restricted(monkeypatch: pytest.MonkeyPatch) -> None:
    """Test a, b with gold x, y only (group 0), test c with gold z only (group 1)."""
    monkeypatch.setattr(problem_module, "DENSE_CELLS", 0)
    allowed = Compatibility(np.array([0, 0, 1]), np.array([0, 0, 1]), np.eye(2, dtype=bool))
    built = build_document_problem(TEST, GOLD, allowed=allowed)
    assert _as_lists(built) == (UNARY, {(0, 0, 1, 1): 1.0, (1, 1, 2, 2): 1.0, (0, 0, 2, 2): 1.0})
