"""The compiled graded prover (S2match's float weights) against the Python path and a brute force.

A graded problem runs the Python path's cheap steps; what elimination leaves goes to the compiled bounds
(``core.prove_graded``) before the LP. Where they answer, the pair reports the Python path's numbers
(value, bound, status) bit for bit, and their bound is never below the true optimum.
"""

from __future__ import annotations

import numpy as np
import pytest
from align.align_helpers import brute_force, problems, random_problem
from conftest import requires_shared, shared
from hypothesis import given, settings
from hypothesis import strategies as st
from native.native_helpers import CORE, GRADED_WEIGHTS, agree, both, compares_paths, examples, path

from amrmetrics.align import exact
from amrmetrics.align.bounds import potentials
from amrmetrics.align.decompose import DecomposingSolver
from amrmetrics.align.exact import ExactSolver
from amrmetrics.align.hillclimb import greedy_init
from amrmetrics.align.indexed import index_problem
from amrmetrics.align.result import certified
from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read import read_graphs

pytestmark = compares_paths



def lp_count(monkeypatch) -> list[int]:
    """A counter of the LP relaxations the exact solver formulates (one list entry per LP)."""
    formulated: list[int] = []
    original = exact.formulate
    monkeypatch.setattr(exact, "formulate", lambda reduced: formulated.append(reduced.size) or original(reduced))
    return formulated


@settings(max_examples=examples(200), deadline=None)
@given(problems(max_nodes=5, weights=GRADED_WEIGHTS))
def test_small_graded_problems_agree_and_are_optimal(problem) -> None:
    python, compiled = both(lambda: DecomposingSolver().solve(problem))
    agree(problem, python, compiled)
    best = brute_force(problem)
    assert compiled.status == "optimal" and certified(compiled.value, best) and compiled.value <= best + 1e-12


@settings(max_examples=examples(300), deadline=None)
@given(problems(max_nodes=5, weights=GRADED_WEIGHTS), st.data())
def test_the_prover_never_bounds_below_the_optimum(problem, data) -> None:
    """The compiled bound on the whole problem, from any incumbent (a greedy start or a random mapping
    of lower value), is at least the brute-force optimum, and certifies the mapping it answers with."""
    ip = index_problem(problem)
    if ip.integral:
        return
    n1, n2 = problem.shape
    if data.draw(st.booleans()):
        mapping = greedy_init(ip, potentials(ip))
    else:
        images = data.draw(st.permutations(list(range(n2)) + [-1] * n1))
        mapping = np.array(images[:n1], dtype=np.int64)
    value = problem.value(mapping)
    found = CORE.prove_graded(
        ip.n_test, ip.n_gold, ip.ci.tolist(), ip.cj.tolist(), ip.cu.tolist(), ip.qa.tolist(), ip.qb.tolist(),
        ip.qw.tolist(), value, mapping.tolist(),
    )
    if found is None:
        return
    better, bound, ties, _ = found
    best = brute_force(problem)
    assert bound >= best
    answer = value if better is None else problem.value(better)
    assert certified(answer, bound)
    for tie in ties:
        assert certified(problem.value(tie), bound)


@settings(max_examples=examples(40), deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 12), st.integers(2, 12), st.integers(0, 100))
def test_link_heavy_graded_problems_agree(seed, n_test, n_gold, n_pairs) -> None:
    """Many links between few nodes (two-decimal similarities): what reaches the branch and bound."""
    problem = random_problem(np.random.default_rng(seed), n_test, n_gold, n_pairs, fractional=True)
    python, compiled = both(lambda: DecomposingSolver().solve(problem))
    agree(problem, python, compiled)


def test_graded_problems_are_proved_without_the_lp(monkeypatch) -> None:
    """The compiled bounds settle graded problems that the Python path sends to HiGHS (not vacuous: the
    Python path needs LPs for them)."""
    rng = np.random.default_rng(1)
    graded = [random_problem(rng, 8, 8, 40, fractional=True) for _ in range(30)]
    formulated = lp_count(monkeypatch)
    with path(False):
        python = [DecomposingSolver().solve(p) for p in graded]
    python_lps = len(formulated)
    formulated.clear()
    CORE.reset_counters()
    with path(True):
        compiled = [DecomposingSolver().solve(p) for p in graded]
    assert python_lps >= 10
    assert len(formulated) <= python_lps // 4
    proved = CORE.graded_counters()
    assert proved["branch_kept"] + proved["branch_improved"] + proved["assignment"] + proved["lagrangian"] >= 20
    assert sum(CORE.counters().values()) == 0  # the integer solver never sees them
    for problem, p, c in zip(graded, python, compiled):
        agree(problem, p, c)


def test_a_limited_budget_keeps_the_python_path(monkeypatch) -> None:
    """Under --timeout the budget counts the Python path's steps: the graded prover is not asked."""
    rng = np.random.default_rng(1)
    graded = [random_problem(rng, 8, 8, 40, fractional=True) for _ in range(10)]
    formulated = lp_count(monkeypatch)
    CORE.reset_counters()
    with path(True):
        results = [ExactSolver(timeout=60).solve(p) for p in graded]
    assert sum(CORE.graded_counters().values()) == 0
    assert formulated and all(r.status == "optimal" for r in results)


@requires_shared
@pytest.mark.parametrize("spec", ["s2match", "s2match:compat=yes"])
@pytest.mark.parametrize(
    "files",
    [
        ("data/bamboo/sts/main/src.dev.amr", "data/bamboo/sts/main/tgt.dev.amr"),
        ("data/littleprince-parses/candidates.amr", "data/littleprince-parses/references.amr"),
    ],
    ids=["sts", "littleprince"],
)
def test_shared_s2match_pairs_report_alike(files, spec) -> None:
    """A fixed sample of S2match pairs (every 10th): the statistics, bound and status on both paths, and
    an alignment that earns the same where the two differ (another optimum). All pairs of every data
    set: bench/native_graded_check.py."""
    (metric,) = parse_metrics([spec], {"vectors": str(shared("data/vectors/glove50-subset.txt"))})
    test, gold = (list(read_graphs(shared(f)))[::10] for f in files)
    pairs = [(metric.prepare(t), metric.prepare(g)) for t, g in zip(test, gold)]
    assert pairs
    CORE.reset_counters()
    python, compiled = both(lambda: [metric.pair(t, g) for t, g in pairs])
    assert sum(CORE.graded_counters().values()) > 0  # the prover was asked
    for (t, g), p, c in zip(pairs, python, compiled):
        assert c.stats == p.stats
        assert [c.details[k] for k in ("lower", "upper", "status")] == [p.details[k] for k in ("lower", "upper", "status")]
        if c.details["alignment"] != p.details["alignment"]:
            index_t = {v: i for i, v in enumerate(t.variables)}
            index_g = {v: j for j, v in enumerate(g.variables)}
            mapping = [-1] * len(t.variables)
            for a, b in c.details["alignment"]:
                mapping[index_t[a]] = index_g[b]
            assert metric.problem(t, g).value(mapping) == p.stats[0]
