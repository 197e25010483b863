"""HighsEngine.integer (depth-first branch and bound) on scripted node LPs, and the HiGHS object's options.

The node LPs are a stand-in for ``_solve_node``: a table from each node's fixings to its answer
(solution and bound, ``()`` for infeasible, None for unsolved), recording the nodes asked for. The
formulation is that of a 2 x 2 problem of unary weights 1 and no links: four candidates (0,0), (0,1),
(1,0), (1,1), costs 1 (integers, so a node of bound b cannot beat an incumbent of value floor(b)).
A fractional x = (0.5, 0.5, 0.5, 0.5) branches on column 0 (the first closest to 0.5): the child
fixing it to 1 is pushed last, so it is solved first. The results follow the docstring of
``integer``: the best integer solution (the start unless one is strictly better) and the largest
of its value and the bounds of the nodes left unexplored.
"""

from __future__ import annotations

import math
import time
from types import SimpleNamespace

import highspy
import numpy as np
import pytest

from amrmetrics.align import AlignmentProblem
from amrmetrics.align.budget import Budget
from amrmetrics.align.engines import HighsEngine, _quiet_highs, iteration_units
from amrmetrics.align.formulation import Formulation, formulate
from amrmetrics.align.indexed import index_problem

HALF = np.full(4, 0.5)
LEFT = np.array([1.0, 0.0, 0.0, 1.0])  # 0->0, 1->1: value 2
RIGHT = np.array([0.0, 1.0, 1.0, 0.0])  # 0->1, 1->0: value 2
ROOT: tuple = ()
ZERO, ONE = ((0, 0),), ((0, 1),)


def formulation(n_test: int = 2, n_gold: int = 2) -> Formulation:
    return formulate(index_problem(AlignmentProblem(np.ones((n_test, n_gold)), np.zeros((0, 4), dtype=np.int64), np.zeros(0))))


class Nodes:
    """A scripted ``_solve_node``: ``answers[fixings]``, with every call's fixings and units left kept;
    each node spends ``cost`` units."""

    def __init__(self, answers: dict, cost: float = 0.0) -> None:
        self.answers = answers
        self.cost = cost
        self.calls: list[tuple] = []
        self.limits: list[float] = []

    def __call__(self, f: Formulation, fixings: tuple, budget: Budget):
        self.calls.append(fixings)
        self.limits.append(budget.left)
        budget.spend(self.cost)
        return self.answers[fixings]


def branch(answers: dict, start: np.ndarray, budget: Budget | None = None, cost: float = 0.0):
    """Run ``integer`` on the scripted nodes (the formulation counts as loaded: no HiGHS model is built)."""
    f = formulation()
    engine = HighsEngine()
    nodes = Nodes(answers, cost)
    engine._solve_node = nodes
    engine._loaded = f
    result = engine.integer(f, start, Budget() if budget is None else budget)
    return result, nodes


def test_a_root_that_cannot_beat_the_start_once_rounded_down_is_not_branched() -> None:
    """Root bound 2.5 with integer costs: no solution beats the start's 2 (floor 2.5 = 2), so the
    root is closed with its bound, 2.5, and its children are never solved."""
    result, nodes = branch({ROOT: (HALF, 2.5), ZERO: (), ONE: ()}, LEFT)
    assert nodes.calls == [ROOT]
    assert result.z.tolist() == LEFT.tolist() and result.bound == 2.5


def test_pruned_nodes_are_closed_with_their_parent_s_bound() -> None:
    """Start 0. Root 2.5 branches on column 0; x0 = 1 (bound 2.4, x = (1, 0, 0.4, 0.6)) branches on
    column 2; x2 = 1 under it is integral, value 2. The two nodes still on the stack (x2 = 0 under
    parent 2.4, then x0 = 0 under parent 2.5) cannot beat 2 (floor 2.4 = floor 2.5 = 2): both are
    pruned unsolved, and the bound is the larger parent bound, 2.5."""
    answers = {
        ROOT: (HALF, 2.5),
        ONE: (np.array([1.0, 0.0, 0.4, 0.6]), 2.4),
        ONE + ((2, 1),): (np.array([1.0, 0.0, 1.0, 0.0]), 2.0),
        ONE + ((2, 0),): (),
        ZERO: (),
    }
    result, nodes = branch(answers, np.zeros(4))
    assert nodes.calls == [ROOT, ONE, ONE + ((2, 1),)]
    assert result.z.tolist() == [1.0, 0.0, 1.0, 0.0] and result.bound == 2.5


def test_an_unsolved_node_is_closed_with_its_parent_s_bound_and_the_search_goes_on() -> None:
    """x0 = 1 is not solved (time limit inside HiGHS): its parent's bound 2.5 stays in the bound;
    x0 = 0 is still solved and gives the integer solution RIGHT (value 2)."""
    result, nodes = branch({ROOT: (HALF, 2.5), ONE: None, ZERO: (RIGHT, 2.0)}, np.zeros(4))
    assert nodes.calls == [ROOT, ONE, ZERO]
    assert result.z.tolist() == RIGHT.tolist() and result.bound == 2.5


def test_an_infeasible_node_adds_no_bound_and_the_search_goes_on() -> None:
    result, nodes = branch({ROOT: (HALF, 2.5), ONE: (), ZERO: (RIGHT, 2.0)}, np.zeros(4))
    assert nodes.calls == [ROOT, ONE, ZERO]
    assert result.z.tolist() == RIGHT.tolist() and result.bound == 2.0


def test_a_solution_within_the_integrality_tolerance_is_integral() -> None:
    """x0 = 1e-6 is exactly the tolerance: the root counts as integral, rounded to RIGHT (value 2)."""
    near = np.array([1e-6, 1.0, 1.0, 0.0])
    result, nodes = branch({ROOT: (near, 2.0), ZERO: (), ONE: ()}, np.zeros(4))
    assert nodes.calls == [ROOT]
    assert result.z.tolist() == RIGHT.tolist() and result.bound == 2.0


def test_an_integer_solution_only_as_good_as_the_start_does_not_replace_it() -> None:
    result, nodes = branch({ROOT: (RIGHT, 2.0), ZERO: (), ONE: ()}, LEFT)
    assert nodes.calls == [ROOT]
    assert result.z.tolist() == LEFT.tolist() and result.bound == 2.0


def test_an_integral_node_is_closed_with_its_bound_even_above_its_value() -> None:
    """An integral root of value 2 whose dual bound is 3: it is not branched, and 3 is the bound."""
    result, nodes = branch({ROOT: (RIGHT, 3.0), ZERO: (), ONE: ()}, np.zeros(4))
    assert nodes.calls == [ROOT]
    assert result.z.tolist() == RIGHT.tolist() and result.bound == 3.0


@pytest.mark.parametrize("budget", [lambda: Budget(0), lambda: Budget(10**12, deadline=time.perf_counter() - 1.0)])
def test_with_nothing_left_no_node_is_solved(budget) -> None:
    """No unit left (not even one simplex iteration's), or the clock past its deadline: nothing is
    solved, the bound is infinite."""
    result, nodes = branch({ROOT: (RIGHT, 2.0)}, LEFT, budget())
    assert nodes.calls == []
    assert result.z.tolist() == LEFT.tolist() and result.bound == math.inf


def test_a_node_gets_the_units_that_are_left() -> None:
    """The root gets the whole budget; each child what the nodes before it left, and a child that
    cannot be paid one simplex iteration is closed with its parent's bound."""
    result, nodes = branch({ROOT: (HALF, 2.5), ONE: (), ZERO: (RIGHT, 2.0)}, np.zeros(4), Budget(10**6), cost=4 * 10**5)
    assert nodes.calls == [ROOT, ONE, ZERO] and nodes.limits == [10**6, 6 * 10**5, 2 * 10**5]
    assert result.z.tolist() == RIGHT.tolist() and result.bound == 2.0
    f = formulation()
    tight = Budget(2 * 10**5 + iteration_units(f) - 1)
    result, nodes = branch({ROOT: (HALF, 2.5), ONE: (np.array([1.0, 0.0, 0.4, 0.6]), 2.4)}, np.zeros(4), tight, cost=10**5)
    assert nodes.calls == [ROOT, ONE] and result.bound == 2.5 and tight.refused


def test_integer_loads_a_large_formulation_it_was_not_given_before() -> None:
    """101 x 100 unary ones, no links (10,100 variables, so presolve is considered): the optimum is
    100 pairs, and the assignment LP's root is integral."""
    f = formulation(101, 100)
    mip = HighsEngine().integer(f, np.zeros(f.n_cols), Budget())
    assert mip.bound == pytest.approx(100.0, abs=1e-6)
    assert float(f.cost @ mip.z) == pytest.approx(100.0, abs=1e-6)


class Recording(highspy.Highs):
    """A ``Highs`` that keeps the status HiGHS returns for every option set through ``setOptionValue``."""

    def __init__(self) -> None:
        super().__init__()
        self.statuses: list[tuple] = []

    def setOptionValue(self, name, value):
        status = super().setOptionValue(name, value)
        self.statuses.append((name, value, status))
        return status


def test_every_option_set_on_the_highs_object_is_one_highs_knows(capfd: pytest.CaptureFixture[str]) -> None:
    """HiGHS answers an unknown option name with an error status (and sets nothing)."""
    highs = _quiet_highs(SimpleNamespace(Highs=Recording))
    assert [(name, value) for name, value, _ in highs.statuses] == [("output_flag", False), ("threads", 1), ("random_seed", 0)]
    assert all(status == highspy.HighsStatus.kOk for _, _, status in highs.statuses)
    assert capfd.readouterr().out == ""
