"""Limits of the compiled core: the time limit bounds it, large pairs never reach its dense steps, and
whatever it hands back the Python path decides (so the result is the Python path's)."""

from __future__ import annotations

import subprocess
import sys
import time
from functools import partial

import numpy as np
from align.align_helpers import random_problem
from conftest import DATA
from native.native_helpers import CORE, both, needs_core

from amrmetrics.align.budget import Budget
from amrmetrics.align.decompose import DecomposingSolver
from amrmetrics.align.indexed import index_problem
from amrmetrics.graph import Graph
from amrmetrics.metrics.smatch import Smatch
from amrmetrics.read import read_graphs

pytestmark = needs_core


def hard_problem() -> list:
    """Arguments of ``solve_indexed`` for a problem the cheap steps do not settle (it needs branching)."""
    rng = np.random.default_rng(7)
    for _ in range(200):
        ip = index_problem(random_problem(rng, 9, 9, 80))
        args = [ip.n_test, ip.n_gold, *(a.tolist() for a in (ip.ci, ip.cj, ip.cu, ip.qa, ip.qb, ip.qw))]
        CORE.reset_counters()
        CORE.solve_indexed(*args, 0.0)
        if CORE.counters()["cheap"] == 0:
            return args
    raise AssertionError("no hard problem drawn")


def test_a_passed_time_limit_hands_the_problem_back() -> None:
    args = hard_problem()
    assert CORE.solve_indexed(*args, 0.0) is not None
    assert CORE.solve_indexed(*args, 1e-12) is None


def test_a_generous_time_limit_changes_nothing() -> None:
    args = hard_problem()
    assert CORE.solve_indexed(*args, 60.0) == CORE.solve_indexed(*args, 0.0)


# A problem the sanitizer script's fuzzing drew: two of its links join pairs of one gold node (node 2, node 3),
# which AlignmentProblem's contract (j != l) and every builder rule out. The climb's swap gains assume j != l:
# on this problem the compiled solver without a time limit climbed forever.
ONE_GOLD_NODE_LINKS = [
    4, 5,
    [0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3],
    [4, 1, 2, 3, 4, 0, 1, 2, 3, 4, 1, 4],
    [0.0, 1.0, 0.0, 2.0, 2.0, 1.0, 0.0, 2.0, 2.0, 2.0, 0.0, 0.0],
    [2, 3, 4, 1, 5, 3, 0, 0, 0, 2, 0, 7, 2, 2, 6, 3, 7],
    [7, 8, 8, 7, 10, 5, 2, 8, 7, 9, 8, 10, 5, 9, 11, 5, 10],
    [2.0, 1.0, 1.0, 1.0, 2.0, 1.0, 3.0, 2.0, 3.0, 2.0, 2.0, 1.0, 1.0, 1.0, 1.0, 1.0, 2.0],
]


def test_links_within_one_gold_node_are_handed_back_at_once() -> None:
    """Outside the problem's contract the core declines (the Python path decides) instead of solving; in a
    child process, so that a core that loops fails this test instead of hanging the suite."""
    code = f"from amrmetrics._native import _core; print(_core.solve_indexed(*{ONE_GOLD_NODE_LINKS!r}, 0.0))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert (done.returncode, done.stdout.strip()) == (0, "None"), done.stderr
    n1, n2, ci, cj, cu, qa, qb, qw = ONE_GOLD_NODE_LINKS
    kept = [q for q in range(len(qa)) if cj[qa[q]] != cj[qb[q]]]
    within = [[x[q] for q in kept] for x in (qa, qb, qw)]
    assert CORE.solve_indexed(n1, n2, ci, cj, cu, *within, 0.0)[3] == "optimal"  # the rest of the problem is solved


def test_a_pair_under_a_work_budget_reports_the_python_paths_numbers() -> None:
    """--timeout is a work budget counted in the Python path's steps: a pair under one is aligned there,
    so where the budget runs out (and every number that depends on it) is the same with the core."""
    metric = Smatch(timeout=1e-6)  # 500 units: less than setting up any pair costs
    ran_out = 0
    for test, gold in zip(read_graphs(DATA / "lp" / "test.amr"), read_graphs(DATA / "lp" / "gold.amr")):
        t, g = metric.prepare(test), metric.prepare(gold)
        python, compiled = both(partial(metric.pair, t, g))
        assert compiled.stats == python.stats
        assert without_seconds(compiled.details) == without_seconds(python.details)
        ran_out += python.details["status"] == "time-limit"
    assert ran_out > 0


def test_the_registered_solver_under_a_work_budget_is_the_python_paths() -> None:
    """Fine-grained aspects, documents and their parts reach the compiled solver through the registered
    exact solver: under a limited budget it too leaves the problem to the Python path."""
    problem = random_problem(np.random.default_rng(3), 9, 9, 80)
    python, compiled = both(lambda: DecomposingSolver().solve(problem, budget=Budget.of(1e-6)))
    assert (compiled.mapping, compiled.value, compiled.upper, compiled.status) == (
        python.mapping, python.value, python.upper, python.status
    )
    assert python.status == "time-limit"


def test_an_unlimited_pair_is_aligned_by_the_core() -> None:
    metric = Smatch()
    test, gold = next(zip(read_graphs(DATA / "lp" / "test.amr"), read_graphs(DATA / "lp" / "gold.amr")))
    t, g = metric.prepare(test), metric.prepare(gold)
    CORE.reset_counters()
    python, compiled = both(partial(metric.pair, t, g))
    assert sum(CORE.counters().values()) > 0
    assert compiled.stats == python.stats and compiled.details["status"] == python.details["status"] == "optimal"


def without_seconds(details: dict) -> dict:
    return {k: v for k, v in details.items() if k != "solver_seconds"}


def chain(n: int, concept: str) -> Graph:
    names = [f"n{k}" for k in range(n)]
    return Graph(
        tuple((v, concept) for v in names),
        ((names[0], ":TOP", "top"),),
        tuple((names[k], ":ARG0", names[k + 1]) for k in range(n - 1)),
        names[0],
    )


def test_large_pairs_are_left_to_the_python_path_at_once() -> None:
    """Tens of thousands of nodes: no dense n x n step runs (the Python path decomposes such pairs)."""
    big, small = chain(70_000, "x"), chain(63, "x")
    began = time.perf_counter()
    assert CORE.align_graphs(big, big, False, 0.0) is None  # 64 nodes or more on both sides
    assert CORE.align_graphs(small, big, False, 0.0) is None  # 63 x 70,000 node pairs: above the dense table
    assert time.perf_counter() - began < 5.0


def test_malformed_graphs_are_left_to_the_python_path() -> None:
    good = chain(3, "x")
    twice = Graph((("a", "b"), ("a", "c")))
    undefined = Graph((("a", "b"),), (("z", ":r", "x"),))
    not_strings = Graph(((1, "b"),))
    lists = Graph([("a", "b")])  # type: ignore[arg-type]
    for bad in (twice, undefined, not_strings, lists, "not a graph", None):
        assert CORE.align_graphs(bad, good, False, 0.0) is None
        assert CORE.align_graphs(good, bad, False, 0.0, True) is None
    for bad in (not_strings, lists, "not a graph"):
        assert CORE.standardize(bad, ("lowercase",)) is None
    assert CORE.standardize(good, ("lowercase", "no-such-step")) is None
