"""The parts of a UMR document problem: the certificate without the solver is never wrong, and the
parts' optima add up to the optimum of the whole document problem."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from amrmetrics.align import build_problem
from amrmetrics.align.solve import make_solver
from amrmetrics.metrics.umr_problem import SentencePair, _same_names
from amrmetrics.standardize import get_preset
from strategies import graph_pairs

SMATCH = get_preset("smatch")


@settings(max_examples=300, deadline=None)
@given(graph_pairs())
def test_the_certificate_of_equal_names_is_the_optimum(pair):
    test, gold = (SMATCH(g) for g in pair)
    sentence = SentencePair(1, test, gold, "min", test.variables, gold.variables)
    certified = _same_names(sentence)
    optimum = make_solver("exact").solve(build_problem(test, gold))
    if certified is not None:
        assert certified.value == optimum.value == certified.upper
        assert build_problem(test, gold).value(np.asarray(certified.mapping)) == certified.value


@settings(max_examples=100, deadline=None)
@given(graph_pairs())
def test_a_graph_against_itself_is_certified_without_the_solver(pair):
    graph = SMATCH(pair[0])
    certified = _same_names(SentencePair(1, graph, graph, "min", graph.variables, graph.variables))
    assert certified is not None and certified.value == len(graph)


def _blocky_problem(seed: int):
    """A document-like problem: sentence blocks of a few nodes with integer weights, and some links across blocks."""
    from amrmetrics.align import AlignmentProblem

    rng = np.random.default_rng(seed)
    sizes = rng.integers(3, 7, size=24)
    n = int(sizes.sum())
    unary = np.zeros((n, n))
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    quads = {}
    for s, k in zip(starts, sizes):
        block = rng.integers(0, 3, size=(k, k)) * (rng.random((k, k)) < 0.4)
        unary[s : s + k, s : s + k] = block
        for _ in range(int(k)):
            i, k2 = rng.integers(s, s + k, size=2)
            j, l = rng.integers(s, s + k, size=2)
            if i != k2 and j != l:
                key = (i, j, k2, l) if i < k2 else (k2, l, i, j)
                quads[key] = quads.get(key, 0) + 1
    for _ in range(12):  # document-level links between blocks
        a, b = rng.choice(len(sizes), size=2, replace=False)
        i, j = starts[a] + rng.integers(sizes[a]), starts[a] + rng.integers(sizes[a])
        k, l = starts[b] + rng.integers(sizes[b]), starts[b] + rng.integers(sizes[b])
        key = (i, j, k, l) if i < k else (k, l, i, j)
        quads[key] = quads.get(key, 0) + 1
    pairs = np.array(list(quads), dtype=np.int64).reshape(-1, 4)
    return AlignmentProblem(unary, pairs, np.array(list(quads.values()), dtype=np.float64))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**31))
def test_solving_a_part_in_pieces_gives_the_optimum(seed):
    from amrmetrics.metrics.umr_problem import solve_part

    problem = _blocky_problem(seed)
    assert min(problem.shape) >= 64
    solver = make_solver("exact")
    pieces, whole = solve_part(problem, solver), solver.solve(problem)
    assert pieces.status == whole.status == "optimal"
    assert pieces.value == whole.value == problem.value(np.asarray(pieces.mapping))
