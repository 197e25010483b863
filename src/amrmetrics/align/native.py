"""The compiled exact solver (:mod:`amrmetrics._native`), used where its answer is the Python path's.

:func:`solve_natively` gives an :class:`Alignment` for an integer-weighted problem when the compiled
solver certifies it (for a graded one, :func:`cheap_graded`'s), and None otherwise (a restricted
problem, its own work limits, a limited work budget, a link between two pairs of one gold node, which
no built problem has), in
which case the Python path solves the problem as always. The compiled
solver runs the Python path's cheap steps step for step (same greedy start, same climb, same
elimination), then its own bounds (an assignment bound, elimination by its prices, Lagrangian
re-splitting, branch and bound); it returns only certified optima, with the Python path's value,
bound and status. See docs/exact-smatch.md.

A graded problem (S2match: float concept weights) is indexed and runs the Python path's cheap steps
compiled, in numpy's arithmetic (:func:`cheap_graded`: the same start, value and bounds to the last
bit); what its elimination leaves goes to the compiled :func:`prove_graded`, the same bounds in
floating point (made rigorous against rounding), before the LP: where they prove the best mapping
optimal, no LP is solved.
Where the LP would still be needed, the Python path solves the problem from the start.

A pair under a limited work budget (``--timeout``) is aligned on the Python path: the budget's units
count the Python path's steps, and where they run out (status ``time-limit`` or ``clock-limit``, a
lower bound below the upper) is what the pair reports, the same with and without the compiled core.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import numpy as np

from amrmetrics import _native
from amrmetrics.align.indexed import IndexedProblem, index_problem
from amrmetrics.align.problem import AlignmentProblem
from amrmetrics.align.result import Alignment, certified
from amrmetrics.align.solve import SOLVERS
from amrmetrics.graph import Graph

if TYPE_CHECKING:
    from amrmetrics.align.budget import Budget

MAX_CANDIDATES = 1 << 16
MAX_LINKS = 1 << 18
"""Larger problems stay on the Python path (documents: its decomposition hands their parts back here)."""


def solve_natively(problem: AlignmentProblem, budget: Budget | None = None) -> Alignment | None:
    """The certified alignment of ``problem`` from the compiled solver, or None (the Python path decides,
    always under a limited ``budget``). A graded problem gets :func:`cheap_graded`'s answer.

    Raises what :func:`~amrmetrics.align.indexed.index_problem` raises (a negative or NaN weight).
    """
    core = _native.CORE
    if core is None or (budget is not None and budget.limited) or problem.ceiling is not None or len(problem.weights) > MAX_LINKS:
        return None
    began = time.perf_counter()
    if _graded(problem):
        return _graded_natively(problem, began)
    ip = index_problem(problem)
    if not ip.integral or ip.size > MAX_CANDIDATES:
        return None
    found = core.solve_indexed(
        ip.n_test, ip.n_gold, ip.ci.tolist(), ip.cj.tolist(), ip.cu.tolist(), ip.qa.tolist(), ip.qb.tolist(), ip.qw.tolist(),
        0.0,
    )
    if found is None:
        return None
    mapping, value, upper, status = found
    return Alignment(mapping, value, upper, status, time.perf_counter() - began)


def prove_graded(
    problem: AlignmentProblem, reduced: IndexedProblem, mapping: np.ndarray, value: float, budget: Budget
) -> tuple[np.ndarray, float] | None:
    """The compiled bounds on ``reduced``, what elimination left of the graded ``problem``, given the
    best mapping known and its value: ``(optimum, bound)`` where no mapping is worth more than
    ``bound``, the optimum's value plus half the certification tolerance; None without a proof, and
    the LP decides: other optima whose values differ (see below), no compiled core, integer weights, a
    limited ``budget``, a problem too large, the prover's own limits.

    The optimum is what the LP would offer the caller: the mapping the compiled search found when it
    beats ``mapping`` (without node pairs that earn nothing), else ``mapping`` without those pairs
    (an integral LP solution has none, and numpy's sum of the same weights at other positions can
    differ in its last bit, so the caller keeps whichever is worth more, as it does after the LP).
    Where other sets of node pairs earn within twice the certification tolerance (other optima: the
    LP may reach any of them), the proof stands only when the caller's answer does not depend on
    which: every one of them is worth no more than ``value``, or all are worth the same (numpy's
    value, as the caller computes it) and more than ``value``.
    """
    core = _native.CORE
    if core is None or reduced.integral or budget.limited or reduced.size > MAX_CANDIDATES or len(reduced.qw) > MAX_LINKS:
        return None
    found = core.prove_graded(
        reduced.n_test, reduced.n_gold, reduced.ci.tolist(), reduced.cj.tolist(), reduced.cu.tolist(),
        reduced.qa.tolist(), reduced.qb.tolist(), reduced.qw.tolist(), value, mapping.tolist(),
    )
    if found is None:
        return None
    better, bound, ties, held_ties = found
    optimum = _earning(problem, mapping) if better is None else np.array(better, dtype=np.int64)
    if ties or held_ties:
        others = [np.array(tie, dtype=np.int64) for tie in ties] + ([_earning(problem, mapping)] if held_ties else [])
        if _depends_on_the_optimum(value, {problem.value(m) for m in [optimum, *others]}):
            return None
    return optimum, bound


def cheap_graded(problem: AlignmentProblem, budget: Budget, began: float) -> Alignment | None:
    """The exact solver's answer for a graded ``problem`` with its indexing, cheap steps and
    :func:`prove_graded` compiled, in one call: the Python path's candidates, greedy start, value, bounds
    and elimination, summed as numpy sums them (so the same start, the same value, the same candidates
    left), then the graded prover on what is left. None wherever the Python path would go on to its LP,
    for integer weights and for what the compiled core declines (a sparse or large problem, weights or
    pairs :func:`~amrmetrics.align.indexed.index_problem` refuses): the Python path then solves the problem
    from the start. ``began`` is when the solve started (for the result's seconds).
    """
    if _native.CORE is None or budget.limited or problem.ceiling is not None or not _graded(problem):
        return None
    return _graded_natively(problem, began)


def _graded_natively(problem: AlignmentProblem, began: float) -> Alignment | None:
    """:func:`cheap_graded` of a graded, unrestricted problem without a work limit, the compiled core built."""
    core = _native.CORE
    unary = problem.unary
    if not isinstance(unary, np.ndarray) or unary.size > MAX_CANDIDATES or len(problem.weights) > MAX_LINKS:
        return None
    n1, n2 = unary.shape
    try:
        found = core.graded_problem(
            n1, n2, unary.ravel().tolist(), problem.pairs.ravel().tolist(), np.asarray(problem.weights, dtype=np.float64).tolist()
        )
    except (ValueError, TypeError):  # pairs out of range: the Python path says what is wrong
        return None
    if found is None:
        return None
    mapping, value, upper, proof = found
    if proof is not None:  # as align/exact.py's _finish after prove_graded: keep the better, certify or hand back
        optimum, optimum_value, bound, tie_values = proof
        if tie_values and _depends_on_the_optimum(value, {optimum_value, *tie_values}):
            return None
        if optimum != mapping and optimum_value > value:
            mapping, value = optimum, optimum_value
        upper = min(upper, max(value, bound))
        if not certified(value, upper):
            return None
    return Alignment.of(mapping, value, upper, "optimal", time.perf_counter() - began)


def _depends_on_the_optimum(value: float, values: set[float]) -> bool:
    """Whether the caller's answer would depend on which of several optima (their numpy ``values``) the LP
    reaches, given the value it holds: some beat it, and not all by the same amount."""
    above = {v for v in values if v > value}
    return bool(above) and (len(above) > 1 or len(values) > 1)


def _earning(problem: AlignmentProblem, mapping: np.ndarray) -> np.ndarray:
    """``mapping`` without the node pairs that earn nothing in it (no unary weight, no link to another
    of its pairs)."""
    rows = np.flatnonzero(mapping >= 0)
    earns = np.zeros(len(mapping), dtype=bool)
    earns[rows] = np.asarray(problem.unary[rows, mapping[rows]]).ravel() > 0
    if len(problem.pairs):
        i, j, k, l = problem.pairs.T
        both = (mapping[i] == j) & (mapping[k] == l) & (problem.weights > 0)
        earns[i[both]] = True
        earns[k[both]] = True
    return np.where(earns, mapping, -1)


def _graded(problem: AlignmentProblem) -> bool:
    """True when a weight is not an integer (S2match's concepts): the integer solver declines the problem,
    so it is not indexed for it, and :func:`cheap_graded` takes it (an integer problem is not copied for
    it). A negative or NaN weight counts as graded here; the Python path then refuses it."""
    unary = problem.unary if isinstance(problem.unary, np.ndarray) else problem.unary.data
    return bool(np.any(unary % 1) or np.any(problem.weights % 1))


def is_exact_solver(solver: object) -> bool:
    """True for the registered exact solver itself (not a subclass or a solver plugged in from Python):
    the compiled core answers only for it."""
    return type(solver) is SOLVERS["exact"]


def align_natively(test: Graph, gold: Graph, duplicates: str) -> Alignment | None:
    """The exact solver's alignment of two prepared graphs (``build_problem``, then the registered exact
    solver without a work budget), when the compiled core builds and certifies it; else None."""
    core = _native.CORE
    if core is None:
        return None
    began = time.perf_counter()
    found = core.align_graphs(test, gold, duplicates == "product", 0.0)
    if found is None:
        return None
    mapping, value, upper, status = found
    return Alignment(mapping, value, upper, status, time.perf_counter() - began)


def pair_natively(test: Graph, gold: Graph, duplicates: str) -> tuple[tuple[float, float, float, float], dict[str, Any]] | None:
    """What a Smatch pair reports, from the compiled core: ``((value, test triples, gold triples, upper),
    details)`` with the details the Smatch metric writes (``lower``, ``upper``, ``status``,
    ``solver_seconds``, ``alignment`` as ``[[test variable, gold variable], ...]``); None when
    :func:`align_natively` would be None."""
    core = _native.CORE
    if core is None:
        return None
    return core.align_graphs(test, gold, duplicates == "product", 0.0, True)


def core_active() -> bool:
    """True when the compiled core is built and switched on (the functions here may answer)."""
    return _native.CORE is not None


def pair_texts_natively(
    test: str, gold: str, steps: tuple[str, ...], duplicates: str
) -> tuple[tuple[float, float, float, float], dict[str, Any]] | None:
    """What :func:`pair_natively` answers for the two graphs the compiled reader reads from ``test`` and
    ``gold`` and the compiled ``steps`` prepare, in one call that makes no graph object (the fused path of
    a pair given as texts); None wherever the reader, the steps or :func:`pair_natively` would give None."""
    core = _native.CORE
    if core is None:
        return None
    return core.smatch_texts(test, gold, steps, duplicates == "product")
