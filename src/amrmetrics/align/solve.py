"""The single entry point: pick a solver once per process with :func:`make_solver`, then ``solve``."""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Literal, Protocol

from amrmetrics.align.result import Alignment
from amrmetrics.registry import Registry

if TYPE_CHECKING:  # naming a solver (the CLI's --solver) must not load scipy
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
    """Anything with ``solve(problem, budget=None) -> Alignment``; create once per process and reuse.

    ``budget`` (:class:`~amrmetrics.align.budget.Budget`) is the work the call may spend; None: the
    solver's own limit (``timeout``), or none.
    """

    def solve(self, problem: AlignmentProblem, budget: Budget | None = None) -> Alignment:
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


def solve(problem: AlignmentProblem, solver: Solver | None = None) -> Alignment:
    """Align ``problem`` with ``solver`` (a new :class:`ExactSolver` when None)."""
    return (solver or make_solver()).solve(problem)
