"""The compiled exact solver (:mod:`amrmetrics._native`), used where its answer is the Python path's.

:func:`solve_natively` gives an :class:`Alignment` for an integer-weighted problem when the compiled
solver certifies it, and None otherwise (graded weights, a restricted or sparse problem, a second
optimum, a work or time limit), in which case the Python path solves the problem as always. The
compiled solver runs the Python path's cheap steps step for step (same greedy start, same climb,
same elimination), then its own bounds: it returns the incumbent when it proves it optimal (as the
Python path does, which keeps its incumbent unless something strictly better turns up), and a
better mapping only when it is the only optimal set of candidates, so that the mapping is the one
the Python path's LP and branch and bound find. See docs/exact-smatch.md.
"""

from __future__ import annotations

import time

from amrmetrics import _native
from amrmetrics.align.indexed import index_problem
from amrmetrics.align.problem import AlignmentProblem
from amrmetrics.align.result import Alignment
from amrmetrics.align.solve import SOLVERS
from amrmetrics.graph import Graph

MAX_CANDIDATES = 1 << 16
MAX_LINKS = 1 << 18
"""Larger problems stay on the Python path (documents: its decomposition hands their parts back here)."""


def solve_natively(problem: AlignmentProblem, timeout: float | None) -> Alignment | None:
    """The certified alignment of ``problem`` from the compiled solver, or None (the Python path decides).

    Raises what :func:`~amrmetrics.align.indexed.index_problem` raises (a negative or NaN weight).
    """
    core = _native.CORE
    if core is None or problem.ceiling is not None or len(problem.weights) > MAX_LINKS:
        return None
    began = time.perf_counter()
    ip = index_problem(problem)
    if not ip.integral or ip.size > MAX_CANDIDATES:
        return None
    found = core.solve_indexed(
        ip.n_test, ip.n_gold, ip.ci.tolist(), ip.cj.tolist(), ip.cu.tolist(), ip.qa.tolist(), ip.qb.tolist(), ip.qw.tolist(),
        0.0 if timeout is None else timeout,
    )
    if found is None:
        return None
    mapping, value, upper, status = found
    return Alignment(mapping, value, upper, status, time.perf_counter() - began)


def is_exact_solver(solver: object) -> bool:
    """True for the registered exact solver itself (not a subclass or a solver plugged in from Python):
    the compiled core answers only for it."""
    return type(solver) is SOLVERS["exact"]


def align_natively(test: Graph, gold: Graph, duplicates: str, timeout: float | None) -> Alignment | None:
    """The exact solver's alignment of two prepared graphs (``build_problem``, then the registered exact
    solver), when the compiled core builds and certifies it; else None."""
    core = _native.CORE
    if core is None:
        return None
    began = time.perf_counter()
    found = core.align_graphs(test, gold, duplicates == "product", 0.0 if timeout is None else timeout)
    if found is None:
        return None
    mapping, value, upper, status = found
    return Alignment(mapping, value, upper, status, time.perf_counter() - began)


def pair_natively(
    test: Graph, gold: Graph, duplicates: str, timeout: float | None
) -> tuple[list[list[str]], float, float, str, float, float, float] | None:
    """What a Smatch pair reports, from the compiled core: ``(alignment, value, upper, status, test
    triples, gold triples, seconds)`` with the alignment as ``[[test variable, gold variable], ...]``;
    None when :func:`align_natively` would be None."""
    core = _native.CORE
    if core is None:
        return None
    return core.align_graphs(test, gold, duplicates == "product", 0.0 if timeout is None else timeout, True)
