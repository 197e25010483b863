"""ExactSolver._finish (steps 3 to 5: the LP, a climb from its rounded solution, the MILP) with a
scripted stand-in engine and a clock that only the test moves, on a 3 x 3 problem worked out by hand.

The problem (also in test_mut3_large_route.py): unary (1,0) = 3, (1,1) = 3, (1,2) = 1, (2,0) = 2;
links (0,2)-(1,0) of 2 and (1,1)-(2,0) of 1. Its optimum is 6 (1->1, 2->0: 3 + 2 + 1); [2, 0, -1]
(3 + link 2 = 5) is a local optimum (no move or swap gains), the incumbent every test starts from;
[-1, 1, -1] (3) is not: moving 2 onto 0 gains 2 + 1 and reaches the optimum. Every weight is an
integer, so a bound rounds down.
"""

from __future__ import annotations

import math
import time

import numpy as np
import pytest

from amrmetrics.align import AlignmentProblem, exact, hillclimb
from amrmetrics.align.engines import LpResult, MipResult
from amrmetrics.align.exact import ExactSolver, _Incumbent, _mapping_of
from amrmetrics.align.formulation import Formulation
from amrmetrics.align.indexed import IndexedProblem, index_problem

LOCAL = [2, 0, -1]
OPTIMUM = [-1, 1, 0]


def sixes() -> AlignmentProblem:
    unary = np.array([[0.0, 0.0, 0.0], [3.0, 3.0, 1.0], [2.0, 0.0, 0.0]])
    return AlignmentProblem(unary, np.array([[0, 2, 1, 0], [1, 1, 2, 0]]), np.array([2.0, 1.0]))


def z_of(ip: IndexedProblem, mapping: list[int]) -> np.ndarray:
    """The 0/1 vector of a mapping: x = 1 on its candidates, y = 1 on the links between two of them."""
    x = np.array([float(mapping[i] == j) for i, j in zip(ip.ci.tolist(), ip.cj.tolist())])
    return np.concatenate([x, x[ip.qa] * x[ip.qb]])


class Clock:
    """A ``time`` stand-in whose ``perf_counter`` reads ``now`` (moved by the test or the engine only)."""

    def __init__(self, now: float) -> None:
        self.now = now

    def perf_counter(self) -> float:
        return self.now


class Engine:
    """Answers ``lp`` and ``mip`` and keeps what it was given; ``spend`` moves ``clock`` to that time during the LP."""

    def __init__(self, lp: LpResult, mip: MipResult, clock: Clock | None = None, spend: float | None = None) -> None:
        self.lp, self.mip, self.clock, self.spend = lp, mip, clock, spend
        self.relaxed: list[float] = []
        self.started: list[tuple[np.ndarray, float]] = []

    def relax(self, f: Formulation, time_limit: float) -> LpResult:
        self.relaxed.append(time_limit)
        if self.clock is not None and self.spend is not None:
            self.clock.now = self.spend
        return self.lp

    def integer(self, f: Formulation, start: np.ndarray, time_limit: float) -> MipResult:
        self.started.append((start.copy(), time_limit))
        return self.mip


def finish(solver: ExactSolver, engine: Engine, began: float, deadline: float):
    """``_finish`` from the local optimum (value 5) with the cheap bound 7 (the whole problem left)."""
    problem = sixes()
    ip = index_problem(problem)
    solver._engine = engine
    best = _Incumbent(problem, np.array(LOCAL, dtype=np.int64), 5.0)
    return solver._finish(ip, ip, best, 7.0, began, deadline)


def test_the_rounded_lp_solution_and_its_bound_rounded_down_certify_the_optimum() -> None:
    """The LP gives the optimum's vector with a bound of 6.5: the optimum (6) is taken, 6.5 rounds
    down to 6, so it is certified without a climb's help or the MILP."""
    ip = index_problem(sixes())
    engine = Engine(LpResult(z_of(ip, OPTIMUM), 6.5), MipResult(None, math.inf))
    solver = ExactSolver()
    result = finish(solver, engine, time.perf_counter(), math.inf)
    assert result.mapping == tuple(OPTIMUM) and result.value == 6.0 and result.upper == 6.0
    assert result.status == "optimal"
    assert engine.started == [] and solver.milp_calls == 0 and solver.lp_calls == 1


def test_without_answers_from_the_engine_the_incumbent_and_the_cheap_bound_are_returned(monkeypatch: pytest.MonkeyPatch) -> None:
    """No LP solution, no MILP solution, no bounds: twice the local optimum, its value 5 and the
    bound 7 it came with, status time-limit. The clock stands still, so each engine call gets the
    whole 30 s, the MILP starts from the incumbent's vector, and no time is reported."""
    now = time.perf_counter()
    monkeypatch.setattr(exact, "time", Clock(now))
    ip = index_problem(sixes())
    engine = Engine(LpResult(None, math.inf), MipResult(None, math.inf))
    solver = ExactSolver(timeout=30.0)
    assert solver.lp_calls == 0 and solver.milp_calls == 0
    for _ in range(2):
        result = finish(solver, engine, now, now + 30.0)
        assert result.mapping == tuple(LOCAL) and result.value == 5.0 and result.upper == 7.0
        assert result.status == "time-limit" and result.seconds == 0.0
    assert engine.relaxed == [30.0, 30.0]
    assert [limit for _, limit in engine.started] == [30.0, 30.0]
    for start, _ in engine.started:
        assert start.tolist() == z_of(ip, LOCAL).tolist()
    assert solver.lp_calls == 2 and solver.milp_calls == 2


def test_an_lp_that_uses_up_the_time_leaves_neither_a_climb_nor_the_milp(monkeypatch: pytest.MonkeyPatch) -> None:
    """The LP ends exactly at the deadline with [-1, 1, -1] (worth 3) and bound 7: a climb from it
    would reach the optimum, and so would the MILP, but there is no time for either: the incumbent
    (5) is returned after the 30 s. The clock starts at 1024.0, where (now + 30) - now is exactly 30
    (a real perf_counter reading need not give that, and the test would be flaky)."""
    now = 1024.0
    clock = Clock(now)
    monkeypatch.setattr(exact, "time", clock)
    monkeypatch.setattr(hillclimb, "time", clock)
    ip = index_problem(sixes())
    engine = Engine(LpResult(z_of(ip, [-1, 1, -1]), 7.0), MipResult(z_of(ip, OPTIMUM), 6.0), clock, spend=now + 30.0)
    result = finish(ExactSolver(timeout=30.0), engine, now, now + 30.0)
    assert result.mapping == tuple(LOCAL) and result.value == 5.0 and result.upper == 7.0
    assert result.status == "time-limit" and result.seconds == 30.0
    assert engine.started == []


def test_a_candidate_at_exactly_one_half_is_not_taken() -> None:
    """The rounding keeps the candidates with x > 0.5 only."""
    ip = index_problem(AlignmentProblem(np.array([[1.0]]), np.zeros((0, 4), dtype=np.int64), np.zeros(0)))
    assert _mapping_of(ip, np.array([0.5])).tolist() == [-1]
    assert _mapping_of(ip, np.array([0.75])).tolist() == [0]


@pytest.mark.parametrize("timeout", [0.0, -1.0])
def test_a_timeout_that_is_not_positive_is_refused(timeout: float) -> None:
    with pytest.raises(ValueError, match=r"^timeout must be positive$"):
        ExactSolver(timeout=timeout)
