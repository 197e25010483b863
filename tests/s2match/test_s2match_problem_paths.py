"""S2match's problem (its concept entries, the tops' extra weight under compat, the plain-Python
builder) is, bit for bit, the problem the general steps give: the positive cells of the pair's
similarity matrix, the graphs without their root triples, the tops' cell of that matrix, the array
builder."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import DATA
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import graph_pairs

import amrmetrics.align.problem as problem_module
from amrmetrics.align import AlignmentProblem, build_problem
from amrmetrics.align.problem import ConceptWeights
from amrmetrics.graph import EMPTY_GRAPH, Graph
from amrmetrics.metrics.registry import parse_metrics

TINY = {"vectors": str(DATA / "tiny-vectors.txt")}
TOP = (":TOP", "top")
METRICS = {
    (compat, tau, diffsense): parse_metrics(f"s2match:compat={compat},tau={tau},diffsense={diffsense}", TINY)[0]
    for compat in ("yes", "no") for tau in (0.0, 0.5) for diffsense in (0.5, 1.0)
}


def general_problem(metric: object, test: Graph, gold: Graph) -> AlignmentProblem:
    """The problem from the general steps: the matrix's positive cells, the array builder, the tops' cell."""
    left = tuple(dict.fromkeys(c for _, c in test.instances))
    right = tuple(dict.fromkeys(c for _, c in gold.instances))
    block = metric.concept_similarity().matrix(left, right)  # type: ignore[attr-defined]
    rows, cols = np.nonzero(block)
    weights = ConceptWeights(left, right, rows.astype(np.int64), cols.astype(np.int64), block[rows, cols])
    extra = []
    if metric.compat:  # type: ignore[attr-defined]
        tops = [next((var for var, role, value in g.attributes if (role, value) == TOP and var in g.concepts), None) for g in (test, gold)]
        if tops[0] is not None and tops[1] is not None:
            i, j = test.variables.index(tops[0]), gold.variables.index(tops[1])
            extra.append((i, j, float(block[left.index(test.instances[i][1]), right.index(gold.instances[j][1])])))
        test, gold = (g.evolve(attributes=tuple(a for a in g.attributes if (a[1], a[2]) != TOP)) for g in (test, gold))
    with pytest.MonkeyPatch.context() as m:
        m.setattr(problem_module, "SMALL_BUILD", -1)
        return build_problem(test, gold, duplicates=metric.preset.duplicates, concepts=weights, extra=extra)  # type: ignore[attr-defined]


def assert_same_problem(got: AlignmentProblem, want: AlignmentProblem) -> None:
    assert got.unary.dtype == want.unary.dtype and got.unary.shape == want.unary.shape
    assert np.array_equal(got.unary, want.unary)
    assert got.pairs.dtype == np.int64 and got.weights.dtype == np.float64
    assert dict(zip(map(tuple, got.pairs.tolist()), got.weights.tolist())) == dict(zip(map(tuple, want.pairs.tolist()), want.weights.tolist()))
    assert got.ceiling is None and want.ceiling is None


@settings(max_examples=150, deadline=None)
@given(graph_pairs(duplicates=True, mixed_case=True), st.sampled_from(sorted(METRICS)))
def test_s2match_builds_the_general_steps_problem(pair: tuple[Graph, Graph], key: tuple[str, float, float]) -> None:
    metric = METRICS[key]
    test, gold = (metric.prepare(g) for g in pair)
    assert_same_problem(metric.problem(test, gold), general_problem(metric, test, gold))


@pytest.mark.parametrize("key", sorted(METRICS))
@pytest.mark.parametrize("sides", [(EMPTY_GRAPH, "(w / want-01 :ARG0 (b / boy))"), ("(w / want-01 :ARG0 (b / boy))", EMPTY_GRAPH), (EMPTY_GRAPH, EMPTY_GRAPH)])
def test_an_empty_graph_builds_the_general_steps_problem(key: tuple[str, float, float], sides: tuple[object, object]) -> None:
    from amrmetrics.read import decode

    metric = METRICS[key]
    test, gold = (metric.prepare(decode(s) if isinstance(s, str) else s) for s in sides)
    assert_same_problem(metric.problem(test, gold), general_problem(metric, test, gold))


def test_under_compat_the_tops_earn_their_concepts_similarity() -> None:
    """The root triples are dropped (they would match as attributes too) and the two tops' node pair
    earns their concepts' similarity once more (the reference keeps the root's concept in its root
    triple): want-01/want-01 earns 1 + 1; boy/girl their cosine, 0.8 with the tiny vectors; a predicate
    and a word half their cosine (0.64 for want/girl, 0.8 for want/boy)."""
    from amrmetrics.read import decode

    metric = METRICS[("yes", 0.5, 0.5)]
    test, gold = (metric.prepare(decode(t)) for t in ("(w / want-01 :ARG0 (b / boy))", "(w / want-01 :ARG0 (g / girl))"))
    assert any((r, v) == TOP for _, r, v in test.attributes)
    unary = metric.problem(test, gold).unary
    assert unary[0, 0] == 2.0 and unary[1, 1] == 0.8
    assert unary[0, 1] == pytest.approx(0.5 * 0.64) and unary[1, 0] == pytest.approx(0.5 * 0.8)
