"""Aligning: the node-alignment problem of the Smatch family and the solvers that maximise it.

``make_solver("exact" | "hillclimb", ...)`` once per process, then ``solver.solve(problem)``
(or ``align.solve.solve(problem, solver)``) for each :class:`AlignmentProblem`; every solver returns an
:class:`Alignment` with the mapping, its value, a proven upper bound and a status.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from amrmetrics.align.exact import ExactSolver
    from amrmetrics.align.hillclimb import HillClimbSolver
    from amrmetrics.align.problem import AlignmentProblem, build_problem
    from amrmetrics.align.result import Alignment, Status
    from amrmetrics.align.solve import Solver, SolverName, make_solver

_HOMES = {
    "Alignment": "result",
    "AlignmentProblem": "problem",
    "ExactSolver": "exact",
    "HillClimbSolver": "hillclimb",
    "Solver": "solve",
    "SolverName": "solve",
    "Status": "result",
    "build_problem": "problem",
    "make_solver": "solve",
}


def __getattr__(name: str) -> Any:
    """Each name loads its module on first use: naming a solver or reading a result does not load scipy and HiGHS."""
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_HOMES[name]}"), name)


__all__ = [
    "Alignment",
    "AlignmentProblem",
    "ExactSolver",
    "HillClimbSolver",
    "Solver",
    "SolverName",
    "Status",
    "build_problem",
    "make_solver",
]
