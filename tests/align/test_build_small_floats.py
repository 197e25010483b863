"""The plain-Python builder sums a small pair's unary weights as Python floats: the array builder's
problem bit for bit (same cells, shape and dtype; the same links), for graded concepts (S2match:
similarities, concepts the weights do not list, extra weights for the two tops) and for equal
concepts (Smatch), with repeated triples, self-loops and empty graphs."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import amrmetrics.align.problem as problem_module
from amrmetrics.align import AlignmentProblem, build_problem
from amrmetrics.align.problem import ConceptWeights
from amrmetrics.graph import Graph

SIMILARITIES = (1.0, 0.5, 0.1 + 0.2, 0.7071067811865476, 0.123456789, 1e-300, 0.9999999999999999)


def random_graph(rng: np.random.Generator, n: int) -> Graph:
    """``n`` nodes over four concepts, relations over two labels (some self-loops, some written twice),
    attributes (some repeated)."""
    names = [f"v{i}" for i in range(n)]
    instances = tuple((v, f"c{rng.integers(4)}") for v in names)
    relations = [(names[rng.integers(n)], f":r{rng.integers(2)}", names[rng.integers(n)]) for _ in range(int(rng.integers(0, 2 * n + 1)))] if n else []
    relations += [r for r in relations if rng.random() < 0.3]
    attributes = [(names[rng.integers(n)], ":a", f"x{rng.integers(2)}") for _ in range(int(rng.integers(0, n + 1)))] if n else []
    attributes += [a for a in attributes if rng.random() < 0.3]
    return Graph(instances, tuple(attributes), tuple(relations), names[0] if n else None)


def graded(test: Graph, gold: Graph, rng: np.random.Generator) -> ConceptWeights:
    """Similarities of some of the pair's concepts (some concepts left out of the lists: they earn 0)."""
    left = tuple(c for c in dict.fromkeys(c for _, c in test.instances) if rng.random() < 0.85)
    right = tuple(c for c in dict.fromkeys(c for _, c in gold.instances) if rng.random() < 0.85)
    cells = [(a, b) for a in range(len(left)) for b in range(len(right)) if rng.random() < 0.6]
    values = [SIMILARITIES[rng.integers(len(SIMILARITIES))] for _ in cells]
    return ConceptWeights(left, right, np.array([a for a, _ in cells], dtype=np.int64).reshape(-1),
                          np.array([b for _, b in cells], dtype=np.int64).reshape(-1), np.array(values, dtype=np.float64))


def array_builder(test: Graph, gold: Graph, **options: object) -> AlignmentProblem:
    with pytest.MonkeyPatch.context() as m:
        m.setattr(problem_module, "SMALL_BUILD", -1)
        return build_problem(test, gold, **options)  # type: ignore[arg-type]


def links(problem: AlignmentProblem) -> dict[tuple[int, ...], float]:
    return dict(zip(map(tuple, problem.pairs.tolist()), problem.weights.tolist()))


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 6), st.integers(0, 6), st.sampled_from(["min", "product"]), st.booleans())
def test_the_small_builder_is_the_array_builders_problem(seed: int, n1: int, n2: int, duplicates: str, graded_concepts: bool) -> None:
    rng = np.random.default_rng(seed)
    test, gold = random_graph(rng, n1), random_graph(rng, n2)
    options: dict[str, object] = {"duplicates": duplicates}
    if graded_concepts:
        options["concepts"] = graded(test, gold, rng)
        if n1 and n2:
            options["extra"] = [(int(rng.integers(n1)), int(rng.integers(n2)), SIMILARITIES[rng.integers(len(SIMILARITIES))])
                                for _ in range(int(rng.integers(0, 3)))]
    small, arrays = build_problem(test, gold, **options), array_builder(test, gold, **options)  # type: ignore[arg-type]
    assert small.unary.dtype == arrays.unary.dtype == np.float64 and small.unary.shape == arrays.unary.shape
    assert np.array_equal(small.unary, arrays.unary)
    assert small.pairs.dtype == np.int64 and small.weights.dtype == np.float64 and links(small) == links(arrays)
    assert small.ceiling is None


def test_graded_sums_are_added_in_the_array_builders_order() -> None:
    """An attribute, a self-loop and an extra weight on one node pair with a graded concept weight:
    floating-point addition is not associative, so only the same order gives the same last bit."""
    test = Graph((("a", "x"),), (("a", ":m", "k"),), (("a", ":r", "a"),), "a")
    weights = ConceptWeights(("x",), ("x",), np.array([0]), np.array([0]), np.array([0.7]))
    extra = [(0, 0, 0.1)]
    small, arrays = build_problem(test, test, concepts=weights, extra=extra), array_builder(test, test, concepts=weights, extra=extra)
    in_order = ((0.7 + 1.0) + 1.0) + 0.1  # concept, attribute, self-loop, extra
    other_orders = {((0.7 + 0.1) + 1.0) + 1.0, ((0.7 + 1.0) + 0.1) + 1.0, ((0.1 + 1.0) + 1.0) + 0.7, 0.7 + (2.0 + 0.1)}
    assert small.unary[0, 0] == arrays.unary[0, 0] == in_order and in_order not in other_orders


def test_an_extra_weight_outside_the_nodes_is_an_error() -> None:
    test = Graph((("a", "x"),), (), (), "a")
    with pytest.raises(IndexError):
        build_problem(test, test, concepts=ConceptWeights.nothing(), extra=[(0, 1, 0.5)])


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 4), st.integers(0, 4))
def test_a_concept_pairs_weight_is_its_entry(seed: int, n_test: int, n_gold: int) -> None:
    """``ConceptWeights.weight``: the entry of the two concepts (0 without one; an unknown concept earns 0)."""
    rng = np.random.default_rng(seed)
    left, right = tuple(f"t{a}" for a in range(n_test)), tuple(f"g{b}" for b in range(n_gold))
    cells = [(a, b) for a in range(n_test) for b in range(n_gold) if rng.random() < 0.6]
    values = [SIMILARITIES[rng.integers(len(SIMILARITIES))] for _ in cells]
    weights = ConceptWeights(left, right, np.array([a for a, _ in cells], dtype=np.int64), np.array([b for _, b in cells], dtype=np.int64), np.array(values))
    entry = dict(zip(cells, values))
    for a, x in enumerate(left):
        for b, y in enumerate(right):
            assert weights.weight(x, y) == entry.get((a, b), 0.0)
        assert weights.weight(x, "unknown") == 0.0
