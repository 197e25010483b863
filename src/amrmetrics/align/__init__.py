"""Aligning: the node-alignment problem of the Smatch family and the solvers that maximise it."""

from amrmetrics.align.problem import AlignmentProblem, build_problem

__all__ = ["AlignmentProblem", "build_problem"]
