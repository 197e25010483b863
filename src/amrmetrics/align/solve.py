"""The single entry point: pick a solver once per process with :func:`make_solver`, then ``solve``."""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any, Literal, Protocol

from amrmetrics.align.result import Alignment
from amrmetrics.registry import Registry

if TYPE_CHECKING:  # naming a solver (the CLI's --solver) must not load scipy
    import numpy as np

    from amrmetrics.align.budget import Budget
    from amrmetrics.align.problem import AlignmentProblem

SolverName = Literal["exact", "hillclimb"]
"""The names of :data:`SOLVERS`, as a type (metric parameters are checked against it)."""

SOLVERS = Registry(
    "solver",
    {
        "exact": "amrmetrics.align.decompose:DecomposingSolver",
        "hillclimb": "amrmetrics.align.hillclimb:HillClimbSolver",
    },
)
"""Every solver class by name; its constructor takes the options of :func:`make_solver` it uses."""

__all__ = ["SOLVERS", "Alignment", "Solver", "SolverName", "make_solver", "solve"]


class Solver(Protocol):
    """Anything with ``solve(problem) -> Alignment``; create once per process and reuse.

    A solver whose ``takes_start`` is true also takes ``start=`` (a mapping to improve on); one whose
    ``takes_budget`` is true takes ``budget=`` (a :class:`~amrmetrics.align.budget.Budget`: the work
    the call may spend, shared by every solve of one pair). :func:`solve` passes each only to the
    solvers that take it.
    """

    def solve(self, problem: AlignmentProblem) -> Alignment:
        """Align one problem."""
        ...


def make_solver(name: SolverName = "exact", *, timeout: float | None = None, restarts: int = 4, seed: int = 0) -> Solver:
    """The solver ``name`` of :data:`SOLVERS`, given the options its constructor takes: ``exact``
    (certified, ``timeout`` seconds per problem) or ``hillclimb`` (``restarts``, ``seed``)."""
    cls = SOLVERS[name]
    options = {"timeout": timeout, "restarts": restarts, "seed": seed}
    accepted = inspect.signature(cls).parameters
    solver: Solver = cls(**{k: v for k, v in options.items() if k in accepted})
    return solver


def solve(
    problem: AlignmentProblem, solver: Solver | None = None, *, start: np.ndarray | None = None, budget: Budget | None = None
) -> Alignment:
    """Align ``problem`` with ``solver`` (a new :class:`ExactSolver` when None), from ``start`` and
    within ``budget`` when the solver takes them (see :class:`Solver`)."""
    solver = solver or make_solver()
    options: dict[str, Any] = {}
    if start is not None and getattr(solver, "takes_start", False):
        options["start"] = start
    if budget is not None and getattr(solver, "takes_budget", False):
        options["budget"] = budget
    return solver.solve(problem, **options)
