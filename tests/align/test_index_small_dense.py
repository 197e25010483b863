"""``index_problem`` of a small dense problem (plain Python) gives the array path's indexed problem,
bit for bit and with the same dtypes; on every weight the array path refuses it raises the same error."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import amrmetrics.align.indexed as indexed_module
from amrmetrics.align import AlignmentProblem
from amrmetrics.align.indexed import IndexedProblem, index_problem

UNARY = (0.0, 0.0, 0.0, -0.0, 1.0, 2.0, 0.5, 0.1 + 0.2, 0.7071067811865476, 1e-300, 3.0)
LINKS = (0.0, -0.0, 1.0, 2.0, 0.25, 0.1 + 0.2)
FIELDS = ("n_test", "n_gold", "ci", "cj", "cu", "qa", "qb", "qw", "integral")


@st.composite
def dense_problems(draw: st.DrawFn, unary_values: tuple[float, ...] = UNARY, link_values: tuple[float, ...] = LINKS) -> AlignmentProblem:
    """A dense problem of up to 6 x 6 nodes: graded and integer unary weights (zeros of both signs),
    links of any weight including 0 (which indexing drops), in any order."""
    n1, n2 = draw(st.integers(0, 6)), draw(st.integers(0, 6))
    unary = np.array(draw(st.lists(st.sampled_from(unary_values), min_size=n1 * n2, max_size=n1 * n2)), dtype=np.float64)
    quads = [(i, j, k, l) for i in range(n1) for k in range(i + 1, n1) for j in range(n2) for l in range(n2) if j != l]
    chosen = draw(st.lists(st.sampled_from(quads), unique=True, max_size=15)) if quads else []
    weights = [draw(st.sampled_from(link_values)) for _ in chosen]
    return AlignmentProblem(unary.reshape(n1, n2), np.array(chosen, dtype=np.int64).reshape(-1, 4), np.array(weights, dtype=np.float64))


def array_path(problem: AlignmentProblem) -> IndexedProblem:
    """``index_problem`` without the plain-Python path."""
    with pytest.MonkeyPatch.context() as m:
        m.setattr(indexed_module, "SMALL_CELLS", -1)
        return index_problem(problem)


def assert_same(got: IndexedProblem, want: IndexedProblem) -> None:
    for name in FIELDS:
        g, w = getattr(got, name), getattr(want, name)
        if isinstance(w, np.ndarray):
            assert g.dtype == w.dtype and g.shape == w.shape and np.array_equal(g, w), name
        else:
            assert type(g) is type(w) and g == w, name


@settings(max_examples=300, deadline=None)
@given(dense_problems())
def test_small_dense_problems_index_as_on_the_array_path(problem: AlignmentProblem) -> None:
    assert_same(index_problem(problem), array_path(problem))


@settings(max_examples=100, deadline=None)
@given(dense_problems(), st.sampled_from([-1.0, -0.5, float("nan")]), st.booleans(), st.data())
def test_a_refused_weight_raises_the_array_paths_error(problem: AlignmentProblem, bad: float, on_link: bool, data: st.DataObject) -> None:
    """A negative or NaN weight (on a node pair or a link), wherever it is, raises what the array path raises."""
    unary, weights = problem.unary.copy(), problem.weights.copy()
    if on_link and len(weights):
        weights[data.draw(st.integers(0, len(weights) - 1))] = bad
    elif unary.size:
        unary.flat[data.draw(st.integers(0, unary.size - 1))] = bad
    else:
        return
    broken = AlignmentProblem(unary, problem.pairs, weights)
    with pytest.raises(ValueError) as want:
        array_path(broken)
    with pytest.raises(ValueError, match=re.escape(str(want.value))):
        index_problem(broken)


@pytest.mark.parametrize("link", [(0, 1, 0, 2), (0, 1, 1, 1)])
def test_a_link_within_one_node_raises_the_array_paths_error(link: tuple[int, ...]) -> None:
    broken = AlignmentProblem(np.eye(2, 3), np.array([link], dtype=np.int64), np.array([1.0]))
    with pytest.raises(ValueError) as want:
        array_path(broken)
    with pytest.raises(ValueError, match=re.escape(str(want.value))):
        index_problem(broken)


def test_the_plain_python_path_runs_on_a_small_dense_problem(monkeypatch: pytest.MonkeyPatch) -> None:
    """A sentence-sized problem takes the plain-Python path (so the tests above compare two paths)."""
    calls = []
    real = indexed_module._index_small
    monkeypatch.setattr(indexed_module, "_index_small", lambda *a: calls.append(1) or real(*a))
    index_problem(AlignmentProblem(np.full((4, 5), 0.5), np.array([[0, 1, 2, 3]], dtype=np.int64), np.array([1.0])))
    assert calls == [1]
