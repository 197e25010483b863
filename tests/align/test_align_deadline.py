"""Every phase of the exact solver honours its budget, a stopped search keeps valid bounds, and where it
stops depends on the work budget, not on how fast the machine runs (the clock is only a backstop)."""

from __future__ import annotations

import itertools
import time

import numpy as np
import pytest
from align_helpers import random_graph, renamed

from amrmetrics.align import ExactSolver, budget, build_problem
from amrmetrics.align.bounds import eliminate, potentials
from amrmetrics.align.budget import Budget
from amrmetrics.align.decompose import DecomposingSolver
from amrmetrics.align.hillclimb import climb, greedy_init, step_units
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
    assert result.status in ("time-limit", "clock-limit") or result.value == optimum
    assert elapsed < 10 * timeout


def test_climb_and_elimination_stop_at_a_past_deadline() -> None:
    problem, _ = _symmetric_pair(800)
    ip = index_problem(problem)
    pot = potentials(ip)
    start = greedy_init(ip, pot)
    late = Budget(10**15, deadline=time.perf_counter())
    assert np.array_equal(climb(ip, start, late), start) and late.clocked
    value = problem.value(start)
    late = Budget(10**15, deadline=time.perf_counter())
    reduced, bound = eliminate(ip, value, potential=pot, budget=late)
    first_round, first_bound = eliminate(ip, value, rounds=0, potential=pot)
    assert reduced.size == first_round.size and bound == first_bound and late.clocked


def test_the_climb_stops_when_its_next_step_is_not_paid_for() -> None:
    """A budget of k climb steps (plus the supports) takes exactly k steps: the mapping after k steps
    from the start is the mapping of a climb given k steps, and a step more changes it."""
    problem, _ = _symmetric_pair(200)
    ip = index_problem(problem)
    start = greedy_init(ip, potentials(ip))
    step = step_units(ip.size, len(ip.qw), ip.n_test)
    seen = [climb(ip, start, Budget(step * (1 + k))) for k in range(4)]
    assert np.array_equal(seen[0], start)
    assert all(not np.array_equal(a, b) for a, b in itertools.pairwise(seen))
    assert [problem.value(m) for m in seen] == sorted(problem.value(m) for m in seen)


@pytest.mark.parametrize("solver", [ExactSolver, DecomposingSolver])
def test_a_slower_machine_gives_the_same_result(monkeypatch: pytest.MonkeyPatch, solver: type) -> None:
    """The same pair and the same --timeout, once on the real clock and once on a clock running 1.5
    times as fast (a machine that is that much busier): the same mapping, value, bound and status,
    because the search stops when its work budget is spent. (Before the budget, the fast clock
    stopped the search earlier; even two runs on the real clock could differ.) The budget here is
    small (``UNITS_PER_SECOND`` lowered), so it runs out long before the clock's backstop."""
    problem, optimum = _symmetric_pair(400)
    monkeypatch.setattr(budget, "UNITS_PER_SECOND", 2e7)
    first = solver(timeout=5.0).solve(problem)
    real = time.perf_counter
    origin = real()
    monkeypatch.setattr(time, "perf_counter", lambda: origin + 1.5 * (real() - origin))
    second = solver(timeout=5.0).solve(problem)
    assert (first.mapping, first.value, first.upper, first.status) == (second.mapping, second.value, second.upper, second.status)
    assert first.status == "time-limit" and first.value < optimum <= first.upper


def test_a_result_cut_by_the_clock_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """A budget the machine cannot spend before the backstop (UNITS_PER_SECOND far above what it
    does): the clock stops the search, and the status is clock-limit, not time-limit."""
    problem, optimum = _symmetric_pair(800)
    monkeypatch.setattr(budget, "UNITS_PER_SECOND", 1e15)
    began = time.perf_counter()
    result = ExactSolver(timeout=0.2).solve(problem)
    assert result.status == "clock-limit" and result.value <= optimum <= result.upper
    assert time.perf_counter() - began < 20
