"""The components of a split (align/decompose.py): the same partition as scipy's connected_components,
each labelled by its smallest node, found without scipy; a long path in random order is the case a
one-jump-per-round labelling took minutes on (a UMR document part: 239 s at 100,000 nodes)."""

from __future__ import annotations

import sys

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from amrmetrics.align.decompose import components


def reference(n: int, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """scipy's components, labelled by their smallest node."""
    from scipy.sparse import coo_array
    from scipy.sparse.csgraph import connected_components

    _, label = connected_components(coo_array((np.ones(len(a)), (a, b)), shape=(n, n)), directed=False)
    smallest = np.full(label.max() + 1 if n else 0, n)
    np.minimum.at(smallest, label, np.arange(n))
    return smallest[label]


@st.composite
def graphs(draw: st.DrawFn) -> tuple[int, np.ndarray, np.ndarray]:
    n = draw(st.integers(1, 60))
    edges = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=3 * n))
    a = np.array([e[0] for e in edges], dtype=np.int64)
    b = np.array([e[1] for e in edges], dtype=np.int64)
    return n, a, b


@settings(max_examples=300, deadline=None)
@given(graphs())
def test_components_are_scipy_s_labelled_by_their_smallest_node(graph) -> None:
    n, a, b = graph
    assert np.array_equal(components(n, a, b), reference(n, a, b))


def test_a_long_path_in_random_order_is_one_component_in_few_rounds(monkeypatch) -> None:
    """Rounds are counted through np.array_equal (called once per pointer jump): a logarithmic
    number for a path of 50,000 nodes, where one jump per round needed thousands."""
    n = 50_000
    order = np.random.default_rng(7).permutation(n)
    calls = 0
    real = np.array_equal

    def counted(x: np.ndarray, y: np.ndarray) -> bool:
        nonlocal calls
        calls += 1
        return real(x, y)

    monkeypatch.setattr(sys.modules["amrmetrics.align.decompose"].np, "array_equal", counted)
    label = components(n, order[:-1], order[1:])
    monkeypatch.undo()
    assert np.array_equal(label, np.zeros(n, dtype=label.dtype))
    assert calls < 40 * int(np.log2(n)), calls
