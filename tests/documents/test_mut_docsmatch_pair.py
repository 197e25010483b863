"""Document Smatch's pair by hand: the solver calls of ``doc=any`` (a start within sentences) and
``doc=sentence``, a solver without starts, duplicate triples under the classic preset, and the details."""

from __future__ import annotations

import numpy as np

from amrmetrics.align.decompose import DecomposingSolver
from amrmetrics.metrics.docsmatch import DocSmatch
from amrmetrics.read import decode

DOC = "(d / multi-sentence :snt1 (a / want-01 :ARG0 (b / boy)) :snt2 (c / go-02 :ARG0 (e / girl)))"


class Recording:
    def __init__(self, takes_start: bool = True) -> None:
        self.inner = DecomposingSolver()
        if takes_start:
            self.takes_start = True
        self.calls: list[object] = []

    def solve(self, problem, start=None):  # type: ignore[no-untyped-def]
        self.calls.append(None if start is None else np.asarray(start).tolist())
        return self.inner.solve(problem) if start is None else self.inner.solve(problem, start=start)


class NoStarts:
    """A solver whose solve takes no start and that says nothing about starts."""

    def __init__(self) -> None:
        self.inner = DecomposingSolver()
        self.calls = 0

    def solve(self, problem):  # type: ignore[no-untyped-def]
        self.calls += 1
        return self.inner.solve(problem)


def score(metric: DocSmatch, solver: object, test: str = DOC, gold: str = DOC):  # type: ignore[no-untyped-def]
    metric.set_cached("solver", solver)
    return metric.pair(metric.prepare(decode(test)), metric.prepare(decode(gold)))


def test_any_starts_from_the_alignment_within_sentences() -> None:
    recording = Recording()
    result = score(DocSmatch(doc="any"), recording)
    assert recording.calls == [None, [0, 1, 2, 3, 4]]  # distinct concepts: the identity within sentences
    assert result.stats[:3] == (10.0, 10.0, 10.0)  # 5 instances, 4 relations (:snt1, :snt2, two :ARG0), the root triple


def test_sentence_solves_the_restricted_problem_once() -> None:
    recording = Recording()
    score(DocSmatch(doc="sentence"), recording)
    assert recording.calls == [None]


def test_a_solver_without_starts() -> None:
    solver = NoStarts()
    result = score(DocSmatch(doc="any"), solver)
    assert solver.calls == 1 and result.stats[:3] == (10.0, 10.0, 10.0)
    silent = Recording(takes_start=False)
    score(DocSmatch(doc="any"), silent)
    assert silent.calls == [None]


def test_classic_preset_counts_duplicate_triples_k_times_l() -> None:
    doc = "(d / multi-sentence :snt1 (a / x :mod (b / y) :mod b) :snt2 (c / z))"
    # per side: 4 instances, :snt1, :snt2, (a :mod b) twice, the root triple = 9;
    # matched: 4 + 2 + 2 x 2 + 1 = 11
    result = score(DocSmatch(std="smatch-classic"), DecomposingSolver(), doc, doc)
    assert result.stats[:3] == (11.0, 9.0, 9.0)
    # sentence 1 alone: instances a, b and the two copies of (a :mod b): 2 + 2 x 2 = 6 of 4
    assert [(r["matched"], r["n_test"]) for r in result.details["sentences"]] == [(6.0, 4), (1.0, 1)]


def test_details_by_hand() -> None:
    result = score(DocSmatch(), DecomposingSolver())
    details = result.details
    assert (details["lower"], details["upper"], details["status"]) == (10.0, 10.0, "optimal")
    assert details["alignment"] == [["d", "d"], ["a", "a"], ["b", "b"], ["c", "c"], ["e", "e"]]
    assert len(details["sentences"]) == 2
    assert details["solver_seconds"] >= 0.0


def test_sentence_rows_by_hand() -> None:
    metric = DocSmatch(doc="any")
    one = score(metric, DecomposingSolver(), "(k / king :mod (s / small))", "(p / prince :mod (l / little))")
    # a graph without :sntK is sentence 1, root included: k -> p (gold node 0) and s -> l match
    # the relation and the root triple, 2 of 4 on each side
    assert one.details["sentences"] == [{"sentence": 1, "matched": 2.0, "n_test": 4, "n_gold": 4, "P": 0.5, "R": 0.5, "F": 0.5}]
    two = "(d / multi-sentence :snt1 (a / boy) :snt2 (b / girl))"
    three = "(d / multi-sentence :snt1 (a / boy) :snt2 (b / girl) :snt3 (c / cat))"
    rows = score(DocSmatch(doc="any"), DecomposingSolver(), two, three).details["sentences"]
    assert [(r["sentence"], r["matched"], r["n_test"], r["n_gold"]) for r in rows] == [(1, 1.0, 1, 1), (2, 1.0, 1, 1), (3, 0.0, 0, 1)]
