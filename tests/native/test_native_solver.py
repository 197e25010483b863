"""The compiled exact solver against the Python path: the same value, bound and status on every problem,
the same mapping unless the Python path's incumbent was beaten and several optima exist (then both are optimal)."""

from __future__ import annotations

import numpy as np
import pytest
from align.align_helpers import brute_force, problems, random_problem
from conftest import GOLDEN_DATASETS, requires_shared, shared
from hypothesis import given, settings
from hypothesis import strategies as st
from native.native_helpers import CORE, agree, CORPUS_PRESETS, both, compares_paths, examples, path, sample
from strategies import graph_pairs

from amrmetrics.align.decompose import DecomposingSolver
from amrmetrics.align.problem import build_problem
from amrmetrics.metrics.smatch import Smatch
from amrmetrics.read import read_graphs
from amrmetrics.standardize import get_preset

pytestmark = compares_paths

INTEGER_WEIGHTS = (0.0, 0.0, 1.0, 1.0, 2.0, 3.0)


@settings(max_examples=examples(150), deadline=None)
@given(problems(max_nodes=5, weights=INTEGER_WEIGHTS))
def test_small_problems_agree_and_are_optimal(problem) -> None:
    python, compiled = both(lambda: DecomposingSolver().solve(problem))
    agree(problem, python, compiled)
    assert compiled.status == "optimal" and compiled.value == brute_force(problem)


@settings(max_examples=examples(30), deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 14), st.integers(2, 14), st.integers(0, 120))
def test_link_heavy_problems_agree(seed, n_test, n_gold, n_pairs) -> None:
    """Many links between few nodes: the cases the cheap bounds cannot settle (branch and bound)."""
    problem = random_problem(np.random.default_rng(seed), n_test, n_gold, n_pairs)
    python, compiled = both(lambda: DecomposingSolver().solve(problem))
    agree(problem, python, compiled)


def test_graded_weights_never_reach_the_integer_solver() -> None:
    """Graded problems go to the graded prover (tests/native/test_native_graded.py), never to the integer one."""
    problem = random_problem(np.random.default_rng(3), 6, 6, 20, fractional=True)
    CORE.reset_counters()
    with path(True):
        DecomposingSolver().solve(problem)
    assert sum(CORE.counters().values()) == 0


def test_graded_problems_are_not_indexed_in_python(monkeypatch) -> None:
    """The integer solver declines graded weights: such a problem goes to the compiled graded steps, which
    index it themselves (it is not indexed in Python for the integer solver), while an integer one still is;
    the graded answer is the Python path's."""
    import amrmetrics.align.native as native_align

    indexed = []
    original = native_align.index_problem
    monkeypatch.setattr(native_align, "index_problem", lambda p: indexed.append(p) or original(p))
    graded = random_problem(np.random.default_rng(3), 6, 6, 20, fractional=True)
    whole = random_problem(np.random.default_rng(3), 6, 6, 20)
    with path(True):
        compiled = native_align.solve_natively(graded)
        assert indexed == []
        native_align.solve_natively(whole)
        assert indexed == [whole]
    with path(False):
        python = DecomposingSolver().solve(graded)
    assert compiled is not None
    agree(graded, python, compiled)


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


def assert_graph_level_agrees(test, gold, preset: str) -> None:
    """Two graphs prepared by ``preset``: the registered exact solver on the Python-built problem agrees on
    the compiled path and on the Python path (the same mapping where the Python path kept its cheap
    steps' incumbent), and the compiled build-and-solve of the graphs (when it answers) is that solve."""
    from amrmetrics.align.native import align_natively

    standardize = get_preset(preset)
    t, g = standardize(test), standardize(gold)
    problem = build_problem(t, g, duplicates=standardize.duplicates)
    with path(True):
        compiled = align_natively(t, g, standardize.duplicates)
        solved = DecomposingSolver().solve(problem)
    with path(False):
        python_solver = DecomposingSolver()
        python = python_solver.solve(problem)
    agree(problem, python, solved)
    if python_solver.lp_calls == 0:  # the Python path kept its cheap steps' incumbent: so does the compiled one
        assert solved.mapping == python.mapping
    if compiled is not None:
        agree(problem, python, compiled)
        assert compiled.mapping == solved.mapping  # the compiled problem is the Python-built one


@settings(max_examples=examples(80), deadline=None)
@given(graph_pairs(mixed_case=True, duplicates=True), st.sampled_from(["smatch", "smatchpp", "smatch-classic"]))
def test_generated_graph_pairs_build_and_solve_alike(pair, preset) -> None:
    assert_graph_level_agrees(*pair, preset)


@requires_shared
@pytest.mark.parametrize("preset", CORPUS_PRESETS)
@pytest.mark.parametrize("dataset", sorted(GOLDEN_DATASETS))
def test_every_golden_dataset_builds_and_solves_alike(dataset, preset) -> None:
    """A fixed sample of every golden dataset's pairs (all of them with every preset under
    ``AMRMETRICS_NATIVE_FULL=1``)."""
    test_file, gold_file = GOLDEN_DATASETS[dataset]
    pairs = sample(list(zip(read_graphs(shared("data", test_file)), read_graphs(shared("data", gold_file)))))
    assert pairs
    for test, gold in pairs:
        assert_graph_level_agrees(test, gold, preset)


@settings(max_examples=examples(80), deadline=None)
@given(graph_pairs(mixed_case=True, duplicates=True), st.sampled_from(["smatch", "smatchpp", "smatch-classic"]))
def test_a_smatch_pair_reports_alike(pair, preset) -> None:
    """The metric's pair result (statistics and details) on the compiled path and on the Python path."""
    metric = Smatch(std=preset)
    test, gold = (metric.prepare(g) for g in pair)
    python, compiled = both(lambda: metric.pair(test, gold))
    assert compiled.stats == python.stats
    keys = ("lower", "upper", "status")
    assert [compiled.details[k] for k in keys] == [python.details[k] for k in keys]
    assert list(compiled.details) == list(python.details)
    if compiled.details["alignment"] != python.details["alignment"]:  # another optimum: it earns the same
        index_t = {v: i for i, v in enumerate(test.variables)}
        index_g = {v: j for j, v in enumerate(gold.variables)}
        mapping = [-1] * len(test.variables)
        for t, g in compiled.details["alignment"]:
            mapping[index_t[t]] = index_g[g]
        problem = build_problem(test, gold, duplicates=metric.preset.duplicates)
        assert problem.value(mapping) == python.stats[0]
