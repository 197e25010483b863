"""Limits of the compiled core: the time limit bounds it, large pairs never reach its dense steps, and
whatever it hands back the Python path decides (so the result is the Python path's)."""

from __future__ import annotations

import time
from functools import partial

import numpy as np

from align.align_helpers import random_problem
from amrmetrics.align.indexed import index_problem
from amrmetrics.graph import Graph
from amrmetrics.metrics.smatch import Smatch
from amrmetrics.read import read_graphs
from conftest import DATA
from native.native_helpers import CORE, both, needs_core

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


def test_pairs_with_a_timeout_agree_with_the_python_path() -> None:
    metric = Smatch(timeout=60.0)
    for test, gold in zip(read_graphs(DATA / "lp" / "test.amr"), read_graphs(DATA / "lp" / "gold.amr")):
        t, g = metric.prepare(test), metric.prepare(gold)
        python, compiled = both(partial(metric.pair, t, g))
        assert compiled.stats == python.stats and compiled.details["status"] == python.details["status"] == "optimal"


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
