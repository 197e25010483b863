"""Every phase of the exact solver honours its time limit, and a stopped search keeps valid bounds."""

from __future__ import annotations

import time

import numpy as np
from align_helpers import random_graph, renamed

from amrmetrics.align import ExactSolver, build_problem
from amrmetrics.align.bounds import eliminate, potentials
from amrmetrics.align.hillclimb import climb, greedy_init
from amrmetrics.align.indexed import index_problem


def _symmetric_pair(n: int) -> tuple[object, int]:
    """An 800-node graph of 4 concepts and 3 labels against an isomorphic copy (optimum: every
    triple), with 300,000 links: the climb alone runs for seconds (11 s before it checked the clock)."""
    rng = np.random.default_rng(0)
    test = random_graph(rng, n, 4, 3)
    return build_problem(test, renamed(test, rng)), len(test)


def test_a_large_pair_stops_at_the_time_limit_with_valid_bounds() -> None:
    problem, optimum = _symmetric_pair(800)
    timeout = 0.5
    began = time.perf_counter()
    result = ExactSolver(timeout=timeout).solve(problem)
    elapsed = time.perf_counter() - began
    assert result.value == problem.value(result.mapping)
    assert result.value <= optimum <= result.upper
    assert result.status == "time-limit" or result.value == optimum
    assert elapsed < 10 * timeout


def test_climb_and_elimination_stop_at_a_past_deadline() -> None:
    problem, _ = _symmetric_pair(800)
    ip = index_problem(problem)
    pot = potentials(ip)
    start = greedy_init(ip, pot)
    assert np.array_equal(climb(ip, start, deadline=time.perf_counter()), start)
    value = problem.value(start)
    reduced, bound = eliminate(ip, value, potential=pot, deadline=time.perf_counter())
    first_round, first_bound = eliminate(ip, value, rounds=0, potential=pot)
    assert reduced.size == first_round.size and bound == first_bound
