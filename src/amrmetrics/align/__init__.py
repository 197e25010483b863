"""Aligning: the node-alignment problem of the Smatch family and the solvers that maximise it.

``make_solver("exact" | "hillclimb", ...)`` once per process, then ``solver.solve(problem)``
(or ``solve(problem, solver)``) for each :class:`AlignmentProblem`; every solver returns an
:class:`Alignment` with the mapping, its value, a proven upper bound and a status.
"""

from amrmetrics.align.exact import ExactSolver
from amrmetrics.align.hillclimb import HillClimbSolver
from amrmetrics.align.problem import AlignmentProblem, build_problem
from amrmetrics.align.result import Alignment, Status
from amrmetrics.align.solve import Solver, SolverName, make_solver, solve

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
    "solve",
]
