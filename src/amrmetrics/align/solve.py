"""The single entry point: pick a solver once per process with :func:`make_solver`, then ``solve``."""

from __future__ import annotations

from typing import Literal, Protocol

from amrmetrics.align.exact import ExactSolver
from amrmetrics.align.hillclimb import HillClimbSolver
from amrmetrics.align.problem import AlignmentProblem
from amrmetrics.align.result import Alignment

SolverName = Literal["exact", "hillclimb"]

__all__ = ["Alignment", "Solver", "SolverName", "make_solver", "solve"]


class Solver(Protocol):
    """Anything with ``solve(problem) -> Alignment``; create once per process and reuse."""

    def solve(self, problem: AlignmentProblem) -> Alignment:
        """Align one problem."""
        ...


def make_solver(
    name: SolverName = "exact", *, timeout: float | None = None, restarts: int = 4, seed: int = 0
) -> ExactSolver | HillClimbSolver:
    """``exact`` (certified, ``timeout`` seconds per problem) or ``hillclimb`` (``restarts``, ``seed``)."""
    if name == "exact":
        return ExactSolver(timeout=timeout)
    if name == "hillclimb":
        return HillClimbSolver(restarts=restarts, seed=seed)
    raise ValueError(f"unknown solver {name!r}; known: exact, hillclimb")


def solve(problem: AlignmentProblem, solver: Solver | None = None) -> Alignment:
    """Align ``problem`` with ``solver`` (a new :class:`ExactSolver` when None)."""
    return (solver or ExactSolver()).solve(problem)
