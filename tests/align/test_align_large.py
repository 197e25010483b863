"""Large pairs: sparse unary weights, restricted problems with a triple-count ceiling, memory that
grows with the candidates and links rather than with n_test x n_gold."""

from __future__ import annotations

import tracemalloc

import numpy as np
import pytest
from align_helpers import brute_force, random_graph, renamed
from scipy.sparse import csr_array

import amrmetrics.align.problem as problem_module
from amrmetrics.align import ExactSolver, HillClimbSolver, build_problem
from amrmetrics.align.large import triple_ceiling
from amrmetrics.graph import Graph


def _peak_bytes(test: Graph, gold: Graph, timeout: float) -> tuple[int, object, object]:
    """Peak traced allocation of building and solving one pair, with the problem and result."""
    tracemalloc.start()
    try:
        problem = build_problem(test, gold)
        result = ExactSolver(timeout=timeout).solve(problem)
        return tracemalloc.get_traced_memory()[1], problem, result
    finally:
        tracemalloc.stop()


def test_memory_does_not_grow_quadratically() -> None:
    """4x the nodes: a dense n x n matrix would need 16x the memory (5,000 nodes: 200 MB for the
    unary weights alone); concepts and labels grow with the graph, so candidates and links do too."""
    peaks = []
    for n in (1250, 5000):
        rng = np.random.default_rng(1)
        test = random_graph(rng, n, n // 4, n // 20)
        gold = renamed(random_graph(rng, n, n // 4, n // 20), rng)
        peak, problem, result = _peak_bytes(test, gold, timeout=1.0)
        assert result.value <= result.upper and result.value == problem.value(result.mapping)
        peaks.append(peak)
    assert isinstance(problem.unary, csr_array)
    assert peaks[1] < 4 * peaks[0] and peaks[1] < 150 * 2**20  # the dense unary matrix alone would be 200 MB


def test_a_pair_with_too_many_links_is_restricted_in_bounded_memory() -> None:
    """5,000 nodes and 5 relation labels: about 5 million possible links (some 750 MB as a full
    problem); the restriction keeps a few thousand, and the ceiling still bounds the optimum."""
    rng = np.random.default_rng(2)
    test = random_graph(rng, 5000, 100, 5)
    gold = renamed(test, rng)  # an isomorphic copy: the optimum matches every triple
    peak, problem, result = _peak_bytes(test, gold, timeout=1.0)
    assert problem.ceiling is not None and len(problem.pairs) < 100_000
    assert result.value <= len(test) <= result.upper
    assert result.value == problem.value(result.mapping)
    assert result.status in ("size-limit", "time-limit", "clock-limit", "optimal")  # tracemalloc slows the machine: the clock may stop it first
    assert peak < 100 * 2**20


def _small_pairs(count: int) -> list[tuple[Graph, Graph]]:
    rng = np.random.default_rng(3)
    pairs = []
    for _ in range(count):
        sizes = rng.integers(1, 6, size=2)
        pairs.append(tuple(random_graph(rng, int(n), 2, 2, extra=0.5, duplicates=0.3) for n in sizes))
    return pairs


@pytest.mark.parametrize("duplicates", ["min", "product"])
def test_restricted_problems_bound_the_optimum(monkeypatch: pytest.MonkeyPatch, duplicates: str) -> None:
    """Forced restriction on small pairs: the value is the true objective of the mapping, and the
    brute-force optimum of the full problem lies between value and ceiling."""
    pairs = _small_pairs(60)
    full = [build_problem(t, g, duplicates=duplicates) for t, g in pairs]
    monkeypatch.setattr(problem_module, "LINK_LIMIT", -1)
    restricted = [build_problem(t, g, duplicates=duplicates) for t, g in pairs]
    for whole, part in zip(full, restricted):
        assert whole.ceiling is None and part.ceiling is not None
        best = brute_force(whole)
        assert part.ceiling >= best
        for solver in (ExactSolver(), HillClimbSolver(restarts=2)):
            result = solver.solve(part)
            assert result.value == whole.value(result.mapping)
            assert result.value <= best + 1e-9 <= result.upper + 2e-9


def test_triple_ceiling_counts_per_group() -> None:
    test = Graph(
        (("a", "x"), ("b", "x"), ("c", "y")),
        (("a", ":p", "1"), ("a", ":p", "1"), ("b", ":p", "2")),
        (("a", ":r", "b"), ("a", ":r", "c"), ("b", ":r", "b"), ("c", ":s", "a")),
    )
    gold = Graph(
        (("d", "x"), ("e", "y"), ("f", "y")),
        (("d", ":p", "1"), ("e", ":p", "1"), ("e", ":p", "1"), ("e", ":p", "1")),
        (("d", ":r", "e"), ("e", ":r", "e"), ("f", ":r", "f"), ("d", ":s", "f"), ("e", ":s", "f")),
    )
    # x: min(2, 1); y: min(1, 2); :p 1: min(2, 1 + 3); :r: min(2, 1); :r loops: min(1, 2); :s: min(1, 2)
    assert triple_ceiling(test, gold, product=False) == 1 + 1 + 2 + 1 + 1 + 1
    # products: :p 1: min(2 * 3, 4 * 2) = 6 instead of 2
    assert triple_ceiling(test, gold, product=True) == 1 + 1 + 6 + 1 + 1 + 1


def test_sparse_unary_solves_like_dense(monkeypatch: pytest.MonkeyPatch) -> None:
    pairs = _small_pairs(40)
    dense = [build_problem(t, g) for t, g in pairs]
    monkeypatch.setattr(problem_module, "DENSE_CELLS", 0)
    sparse = [build_problem(t, g) for t, g in pairs]
    for a, b in zip(dense, sparse):
        assert isinstance(a.unary, np.ndarray) and isinstance(b.unary, csr_array)
        np.testing.assert_array_equal(a.unary, b.unary.toarray())
        for solver in (ExactSolver(), HillClimbSolver(restarts=2)):
            x, y = solver.solve(a), solver.solve(b)
            assert (x.mapping, x.value, x.upper, x.status) == (y.mapping, y.value, y.upper, y.status)
