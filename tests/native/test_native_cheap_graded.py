"""The compiled cheap steps of graded problems (``core.graded_problem``) against the Python path.

With float weights the order of every sum decides its last bit, and with it the greedy start's ties,
the certification, elimination and the value a pair reports. The compiled steps sum as numpy does
(pairwise in blocks of eight, halved above 128 values; ``bincount`` one by one), so the exact solver
answers with the same mapping, value, bound and status on both paths. The problems here have enough
nodes, candidates and links that numpy's pairwise sums differ from a left-to-right sum (one such
difference would change a value).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from align.align_helpers import problems
from native.native_helpers import CORE, GRADED_WEIGHTS, agree, both, compares_paths, examples

from amrmetrics.align import exact, native
from amrmetrics.align.exact import ExactSolver
from amrmetrics.align.problem import AlignmentProblem

pytestmark = compares_paths


def graded_problem(rng: np.random.Generator, n_test: int, n_gold: int, n_pairs: int, density: float) -> AlignmentProblem:
    """A random problem with unary weights of many digits (sums of them round differently in another
    order), integer or graded link weights, and repeated values (ties)."""
    unary = rng.random((n_test, n_gold)) * (rng.random((n_test, n_gold)) < density)
    unary[rng.random((n_test, n_gold)) < 0.05] = 1.0
    quads = {}
    for _ in range(n_pairs if n_test > 1 and n_gold > 1 else 0):
        i, k = sorted(rng.choice(n_test, 2, replace=False))
        j, l = rng.choice(n_gold, 2, replace=False)
        quads[(int(i), int(j), int(k), int(l))] = float(rng.choice([1.0, 2.0, 0.1 + 0.2, 0.3 + rng.random()]))
    return AlignmentProblem(unary, np.array(list(quads), dtype=np.int64).reshape(-1, 4), np.array(list(quads.values())))


def solved_both_ways(problem: AlignmentProblem, monkeypatch) -> tuple:
    """The exact solver's answer on the Python path and with the compiled core, and whether the compiled
    cheap steps answered."""
    answered: list[bool] = []
    original = native.cheap_graded

    def counted(*args):
        found = original(*args)
        answered.append(found is not None)
        return found

    monkeypatch.setattr(exact, "cheap_graded", counted)
    python, compiled = both(lambda: ExactSolver().solve(problem))
    return python, compiled, answered[-1] if answered else False


@settings(max_examples=examples(120), deadline=None)
@given(
    st.integers(0, 2**32 - 1), st.integers(1, 40), st.integers(1, 40), st.integers(0, 120),
    st.sampled_from([0.1, 0.3, 0.8]),
)
def test_compiled_cheap_steps_answer_as_the_python_path(seed, n_test, n_gold, n_pairs, density) -> None:
    problem = graded_problem(np.random.default_rng(seed), n_test, n_gold, n_pairs, density)
    with pytest.MonkeyPatch.context() as monkeypatch:
        python, compiled, _ = solved_both_ways(problem, monkeypatch)
    agree(problem, python, compiled)


def one_to_one(n_test: int, n_gold: int) -> AlignmentProblem:
    """No links and one weight per row and column, the first seed whose weights sum to another value left
    to right than in numpy's pairwise order (so a left-to-right sum would report another value)."""
    for seed in range(100):
        rng = np.random.default_rng(seed)
        unary = np.zeros((n_test, n_gold))
        unary[np.arange(n_test), rng.permutation(n_gold)[:n_test]] = rng.random(n_test) + 0.1
        weights = unary[unary > 0]
        if sum(weights.tolist()) != float(weights.sum()):
            return AlignmentProblem(unary, np.zeros((0, 4), dtype=np.int64), np.zeros(0))
    raise AssertionError("no seed sums differently")


@pytest.mark.parametrize(("n_test", "n_gold"), [(9, 12), (20, 24), (140, 150)])
def test_long_sums_give_numpy_values_and_the_same_mapping(monkeypatch, n_test, n_gold) -> None:
    """Certified by the greedy start and the line bound alone, the value is numpy's pairwise sum of more
    than 8 (and 128) weights: the compiled answer has it."""
    problem = one_to_one(n_test, n_gold)
    python, compiled, answered = solved_both_ways(problem, monkeypatch)
    assert answered
    assert compiled.value == python.value == problem.value(list(python.mapping))
    assert compiled.mapping == python.mapping


def test_most_graded_problems_are_settled_by_the_compiled_steps(monkeypatch) -> None:
    """Without this the Python path would silently solve every graded problem again (same answers, no gain)."""
    rng = np.random.default_rng(7)
    answered = []
    for _ in range(40):
        problem = graded_problem(rng, int(rng.integers(4, 15)), int(rng.integers(4, 15)), int(rng.integers(0, 40)), 0.3)
        _, _, done = solved_both_ways(problem, monkeypatch)
        answered.append(done)
    assert sum(answered) >= 30


def test_a_zero_weight_link_leaves_the_problem_to_the_python_path(monkeypatch) -> None:
    """numpy's value sums the earned links of the problem itself, zeros included (they shift its blocks)."""
    problem = graded_problem(np.random.default_rng(3), 6, 6, 10, 0.5)
    weights = problem.weights.copy()
    weights[0] = 0.0
    problem = AlignmentProblem(problem.unary, problem.pairs, weights)
    python, compiled, answered = solved_both_ways(problem, monkeypatch)
    assert not answered
    agree(problem, python, compiled)


@pytest.mark.parametrize(
    "lists", [([0.5], [], []), ([0.5, 0.5, 0.5, 0.5], [0, 0, 1], [1.0]), ([0.5, 0.5, 0.5, 0.5], [0, 0, -1, 1], [1.0])]
)
def test_the_core_checks_its_lists(lists) -> None:
    with pytest.raises(ValueError):
        CORE.graded_problem(2, 2, *lists)


def all_mappings(n_test: int, n_gold: int):
    """Every one-to-one partial mapping of test nodes to gold nodes (-1: none)."""
    def extend(prefix: list[int]):
        if len(prefix) == n_test:
            yield list(prefix)
            return
        for j in [-1, *range(n_gold)]:
            if j < 0 or j not in prefix:
                yield from extend([*prefix, j])
    yield from extend([])


@settings(max_examples=examples(200), deadline=None)
@given(problems(max_nodes=4, weights=GRADED_WEIGHTS))
def test_the_values_the_core_reports_are_numpys_values_of_optimal_mappings(problem) -> None:
    """The optimum's value is numpy's value of the optimum returned, and each other optimum's value is
    numpy's value of some mapping within the tie window of the best (checked against every mapping)."""
    n1, n2 = problem.shape
    found = CORE.graded_problem(n1, n2, problem.unary.ravel().tolist(), problem.pairs.ravel().tolist(), problem.weights.tolist())
    if found is None or found[3] is None:
        return
    optimum, optimum_value, _, tie_values = found[3]
    assert optimum_value == problem.value(list(optimum))
    values = [problem.value(m) for m in all_mappings(n1, n2)]
    best = max(values)
    window = {v for v in values if v >= best - 2e-9 * max(1.0, best)}
    assert set(tie_values) <= window
