"""The document solver's parts: the numpy problem builder and the decomposition into independent parts."""

from __future__ import annotations

import numpy as np
import pytest
from align.align_helpers import brute_force, partial_injections, problems
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import graph_pairs, with_duplicates

from amrmetrics.align import AlignmentProblem, ExactSolver, build_problem, decompose
from amrmetrics.align.budget import Budget
from amrmetrics.align.decompose import DecomposingSolver, split
from amrmetrics.align.doc_problem import build_document_problem
from amrmetrics.align.first_order import lagrangian_bound
from amrmetrics.align.indexed import index_problem
from amrmetrics.align.restrict import Compatibility, restrict

law = settings(max_examples=60, deadline=None)


def as_dict(problem: AlignmentProblem) -> tuple[list, dict]:
    """A problem with its links in a canonical form (the builders order them differently)."""
    unary = np.asarray(problem.unary.todense() if hasattr(problem.unary, "todense") else problem.unary)
    links = {tuple(q): w for q, w in zip(problem.pairs.tolist(), np.asarray(problem.weights).tolist())}
    return unary.tolist(), links


@law
@given(graph_pairs(duplicates=True), st.integers(0, 2**32 - 1), st.sampled_from(["min", "product"]))
def test_the_numpy_builder_builds_the_same_problem(pair, seed, duplicates) -> None:
    test, gold = with_duplicates(pair[0], seed), pair[1]
    assert as_dict(build_document_problem(test, gold, duplicates=duplicates)) == as_dict(build_problem(test, gold, duplicates=duplicates))


@law
@given(graph_pairs(), st.integers(0, 2**32 - 1))
def test_a_restricted_build_equals_restricting_the_full_problem(pair, seed) -> None:
    test, gold = pair
    rng = np.random.default_rng(seed)
    allowed = Compatibility(
        rng.integers(0, 3, len(test.instances)), rng.integers(0, 3, len(gold.instances)), rng.random((3, 3)) < 0.5
    )
    built = build_document_problem(test, gold, allowed=allowed)
    assert as_dict(built) == as_dict(restrict(build_problem(test, gold), allowed))
    mapping = allowed.keep(np.arange(len(test.instances)) % max(1, len(gold.instances)) if gold.instances else [-1] * len(test.instances))
    kept = mapping[mapping >= 0]
    assert allowed.allows(np.flatnonzero(mapping >= 0), kept).all()


@law
@given(problems(max_nodes=5), st.booleans())
def test_decomposing_finds_the_optimum(problem: AlignmentProblem, large: bool) -> None:
    """Every problem split into parts (the size threshold set to 0) still gets its brute-force
    optimum, also when every part takes the Lagrangian route (``large``)."""
    solver = DecomposingSolver()
    saved = decompose.SMALL_NODES, decompose.LARGE_SIZE
    decompose.SMALL_NODES, decompose.LARGE_SIZE = 0, 0 if large else saved[1]
    try:
        result = solver.solve(problem)
    finally:
        decompose.SMALL_NODES, decompose.LARGE_SIZE = saved
    best = brute_force(problem)
    assert result.status == "optimal" and result.value == pytest.approx(best) and result.upper == pytest.approx(best)
    mapped = [j for j in result.mapping if j >= 0]
    assert len(mapped) == len(set(mapped)) and problem.value(result.mapping) == pytest.approx(result.value)


def test_forced_pairs_and_components() -> None:
    """Test 0 and gold 0 have one candidate each (forced, its link to (1, 1) becomes unary weight),
    and so do test 5 and gold 5; test 1-2 x gold 1-2 and test 3-4 x gold 3-4 are two components."""
    unary = np.zeros((6, 6))
    unary[0, 0] = 1
    unary[1, 1] = unary[1, 2] = unary[2, 1] = 1
    unary[3, 3] = unary[3, 4] = unary[4, 3] = 1
    unary[5, 5] = 2
    pairs = np.array([[0, 0, 1, 1], [1, 2, 2, 1]])
    pieces = split(index_problem(AlignmentProblem(unary, pairs, np.array([3.0, 1.0]))))
    assert pieces.forced.tolist() == [0, -1, -1, -1, -1, 5] and pieces.earned == 3.0
    assert [(p.rows.tolist(), p.cols.tolist()) for p in pieces.parts] == [([1, 2], [1, 2]), ([3, 4], [3, 4])]
    small = pieces.parts[0].problem
    assert np.asarray(small.unary).tolist() == [[4.0, 1.0], [1.0, 0.0]]
    assert ExactSolver().solve(small).value == 4.0  # (1, 1) with the forced link; the swap earns 1 + 1 + 1 = 3


def test_reduced_cost_fixing_keeps_the_optimum_on_a_hard_problem() -> None:
    """A random problem with many links (fractional LP), every part on the Lagrangian route: the
    same optimum as the simplex-based exact solver, certified."""
    rng = np.random.default_rng(11)
    n = 30
    unary = (rng.random((n, n)) < 0.15).astype(float)
    quads = rng.integers(0, n, size=(1500, 4))
    quads = np.unique(quads[(quads[:, 0] < quads[:, 2]) & (quads[:, 1] != quads[:, 3])], axis=0)
    problem = AlignmentProblem(unary, quads, np.ones(len(quads)))
    saved = decompose.SMALL_NODES, decompose.LARGE_SIZE
    decompose.SMALL_NODES, decompose.LARGE_SIZE = 0, 0
    try:
        result = DecomposingSolver().solve(problem)
    finally:
        decompose.SMALL_NODES, decompose.LARGE_SIZE = saved
    exact = ExactSolver().solve(problem)
    assert exact.status == result.status == "optimal" and result.value == exact.value


def test_the_time_limit_covers_the_whole_document() -> None:
    """With a limit, every part still returns a proven bound, so the whole bound stays valid."""
    rng = np.random.default_rng(3)
    n = 80
    unary = (rng.random((n, n)) < 0.1).astype(float)
    quads = rng.integers(0, n, size=(3000, 4))
    quads = quads[(quads[:, 0] < quads[:, 2]) & (quads[:, 1] != quads[:, 3])]
    quads = np.unique(quads, axis=0)
    problem = AlignmentProblem(unary, quads, np.ones(len(quads)))
    exact = ExactSolver().solve(problem)
    limited = DecomposingSolver(timeout=1e-4).solve(problem)
    assert limited.value <= exact.value + 1e-9 <= limited.upper + 2e-9
    assert DecomposingSolver().solve(problem).value == pytest.approx(exact.value)
    started = DecomposingSolver(timeout=1e-4).solve(problem, start=np.array(exact.mapping))
    assert started.value == pytest.approx(exact.value) and started.upper >= exact.value - 1e-9


@law
@given(problems(max_nodes=5))
def test_the_lagrangian_bound_and_its_fixing_keep_every_optimal_mapping(problem: AlignmentProblem) -> None:
    """The bound is at least the brute-force optimum, and every candidate of an optimal mapping is
    kept for any target below the optimum (so fixing never loses it)."""
    ip = index_problem(problem)
    best = brute_force(problem)
    bound, found = lagrangian_bound(ip, np.full(ip.n_test, -1), Budget())
    assert bound.dual >= best - 1e-6 and bound.upper >= best - 1e-6
    assert problem.value(found) <= best + 1e-9
    maps = np.where((injections := partial_injections(*problem.shape)) == problem.shape[1], -1, injections)
    optimal = next(m for m in maps if problem.value(m) == pytest.approx(best))
    used = ip.candidate_of(optimal)
    used = used[used < ip.size]
    assert bound.useful(best - 1, ip.integral)[used].all()
