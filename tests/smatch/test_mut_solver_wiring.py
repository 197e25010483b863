"""How the Smatch family reaches its solver: the solver built from the metric's parameters, once,
replaceable from Python (``set_cached("solver", ...)``), and given the within-sentence alignment
as a start on two documents."""

from __future__ import annotations

import numpy as np

from amrmetrics.align.decompose import DecomposingSolver
from amrmetrics.align.hillclimb import HillClimbSolver
from amrmetrics.align.result import Alignment
from amrmetrics.metrics.smatch import Smatch
from amrmetrics.read import decode


def test_the_solver_is_built_from_the_parameters_once() -> None:
    exact = Smatch(timeout=2.5)
    solver = exact._solver()
    assert isinstance(solver, DecomposingSolver) and solver.timeout == 2.5
    assert exact._solver() is solver
    assert Smatch()._solver().timeout is None
    climb = Smatch(solver="hillclimb", restarts=7, seed=3)._solver()
    assert isinstance(climb, HillClimbSolver) and (climb.restarts, climb.seed) == (7, 3)


class Recording:
    """A solver that records its calls and answers with the wrapped solver (or a fixed alignment)."""

    def __init__(self, inner=None, takes_start: bool = True, answer: Alignment | None = None) -> None:  # type: ignore[no-untyped-def]
        self.inner, self.takes_start, self.answer = inner, takes_start, answer
        self.calls: list[tuple[tuple[int, int], object]] = []

    def solve(self, problem, start=None):  # type: ignore[no-untyped-def]
        self.calls.append((problem.shape, None if start is None else np.asarray(start).tolist()))
        if self.answer is not None:
            return self.answer
        return self.inner.solve(problem) if start is None else self.inner.solve(problem, start=start)


def test_a_solver_plugged_in_from_python_is_used() -> None:
    metric = Smatch()
    fake = Recording(takes_start=False, answer=Alignment((0,), 0.5, 0.75, "heuristic", 0.0))
    metric.set_cached("solver", fake)
    test, gold = metric.prepare(decode("(a / x)")), metric.prepare(decode("(b / y)"))
    result = metric.pair(test, gold)
    assert result.stats == (0.5, 2.0, 2.0, 0.75)  # instance and root triple on each side
    assert result.details["alignment"] == [["a", "b"]] and result.details["status"] == "heuristic"
    assert fake.calls == [((1, 1), None)]


def document(nodes_per_sentence: int) -> str:
    def chain(sentence: int) -> str:
        text = ""
        for k in reversed(range(nodes_per_sentence)):
            inner = f" :ARG1 {text}" if text else ""
            text = f"(s{sentence}n{k} / concept-{sentence}-{k}{inner})"
        return text

    return f"(d / multi-sentence :snt1 {chain(1)} :snt2 {chain(2)})"


def test_two_documents_start_from_their_alignment_within_sentences() -> None:
    metric = Smatch()
    recording = Recording(DecomposingSolver())
    metric.set_cached("solver", recording)
    doc = metric.prepare(decode(document(33)))  # 67 nodes: at least 64, two sentences
    result = metric.pair(doc, doc)
    n = len(doc.variables)
    assert n == 67
    # first the problem restricted to node pairs within a sentence, then the whole one from its answer
    assert [shape for shape, _ in recording.calls] == [(n, n), (n, n)]
    assert recording.calls[0][1] is None
    assert recording.calls[1][1] == list(range(n))  # distinct concepts: the identity is the only optimum
    assert result.stats[0] == result.stats[1] == result.stats[2] == result.stats[3]


def test_no_start_for_a_solver_that_takes_none_or_small_documents() -> None:
    metric = Smatch()
    recording = Recording(DecomposingSolver(), takes_start=False)
    metric.set_cached("solver", recording)
    doc = metric.prepare(decode(document(33)))
    metric.pair(doc, doc)
    assert [start for _, start in recording.calls] == [None]
    small = Smatch()
    recording = Recording(DecomposingSolver())
    small.set_cached("solver", recording)
    doc = small.prepare(decode(document(5)))
    small.pair(doc, doc)
    assert [start for _, start in recording.calls] == [None]
