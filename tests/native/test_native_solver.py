"""The compiled exact solver against the Python path: the same value, bound and status on every problem,
the same mapping unless the Python path's incumbent was beaten and several optima exist (then both are optimal)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from align.align_helpers import brute_force, problems, random_problem
from amrmetrics.align.decompose import DecomposingSolver
from amrmetrics.align.problem import build_problem
from amrmetrics.read import read_graphs
from amrmetrics.standardize import get_preset
from conftest import GOLDEN_DATASETS, requires_shared, shared
from native.native_helpers import CORE, both, needs_core, path

pytestmark = needs_core

INTEGER_WEIGHTS = (0.0, 0.0, 1.0, 1.0, 2.0, 3.0)


def agree(problem, python, compiled) -> None:
    """Same value, bound and status, and the compiled mapping reaches the value."""
    assert (compiled.value, compiled.upper, compiled.status) == (python.value, python.upper, python.status)
    assert problem.value(compiled.mapping) == compiled.value


@settings(max_examples=300, deadline=None)
@given(problems(max_nodes=5, weights=INTEGER_WEIGHTS))
def test_small_problems_agree_and_are_optimal(problem) -> None:
    python, compiled = both(lambda: DecomposingSolver().solve(problem))
    agree(problem, python, compiled)
    assert compiled.status == "optimal" and compiled.value == brute_force(problem)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 14), st.integers(2, 14), st.integers(0, 120))
def test_link_heavy_problems_agree(seed, n_test, n_gold, n_pairs) -> None:
    """Many links between few nodes: the cases the cheap bounds cannot settle (branch and bound)."""
    problem = random_problem(np.random.default_rng(seed), n_test, n_gold, n_pairs)
    python, compiled = both(lambda: DecomposingSolver().solve(problem))
    agree(problem, python, compiled)


def test_graded_weights_stay_on_the_python_path() -> None:
    problem = random_problem(np.random.default_rng(3), 6, 6, 20, fractional=True)
    CORE.reset_counters()
    with path(True):
        DecomposingSolver().solve(problem)
    assert sum(CORE.counters().values()) == 0


def test_the_compiled_solver_settles_most_problems() -> None:
    """Not vacuous: the problems of the tests above reach the compiled solver and most are settled there."""
    rng = np.random.default_rng(0)
    CORE.reset_counters()
    with path(True):
        for _ in range(50):
            DecomposingSolver().solve(random_problem(rng, 8, 8, 30))
    counts = CORE.counters()
    settled = sum(v for k, v in counts.items() if not k.startswith("fallback"))
    assert settled >= 45 and counts["branch_improved"] > 0


@requires_shared
@pytest.mark.parametrize("preset", ["smatch", "smatchpp", "smatch-classic"])
@pytest.mark.parametrize("dataset", sorted(GOLDEN_DATASETS))
def test_every_shared_pair_agrees(dataset, preset) -> None:
    test_file, gold_file = GOLDEN_DATASETS[dataset]
    standardize = get_preset(preset)
    pairs = zip(read_graphs(shared("data", test_file)), read_graphs(shared("data", gold_file)))
    for test, gold in pairs:
        problem = build_problem(standardize(test), standardize(gold), duplicates=standardize.duplicates)
        with path(False):
            python_solver = DecomposingSolver()
            python = python_solver.solve(problem)
        with path(True):
            compiled = DecomposingSolver().solve(problem)
        agree(problem, python, compiled)
        if python_solver.lp_calls == 0:  # the Python path kept its cheap steps' incumbent: so does the compiled one
            assert compiled.mapping == python.mapping
