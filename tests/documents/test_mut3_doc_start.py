"""``sentence_start`` (the within-sentence start of Smatch on documents) on two-sentence documents
small enough to align by hand, with ``MIN_NODES`` lowered so the start applies to them."""

from __future__ import annotations

import pytest

from amrmetrics.align import build_problem
from amrmetrics.align.decompose import DecomposingSolver
from amrmetrics.align.exact import ExactSolver
from amrmetrics.metrics import doc_start
from amrmetrics.metrics.doc_start import sentence_start
from amrmetrics.read import decode
from amrmetrics.standardize import get_preset

SMATCH = get_preset("smatch")
TWO = "(d / multi-sentence :snt1 (a / cat) :snt2 (b / dog))"
"""Three nodes in the order d, a, b: the root, sentence 1, sentence 2."""
SWAPPED = "(d / multi-sentence :snt1 (x / dog) :snt2 (y / cat))"
"""The same concepts in the other sentences: cat and dog are each in the other sentence."""
ONE = "(d / and :op1 (x / dog) :op2 (y / cat))"
"""No :sntK role: a single sentence."""


def start(test: str, gold: str, solver: object) -> object:
    t, g = SMATCH(decode(test)), SMATCH(decode(gold))
    return sentence_start(build_problem(t, g), t, g, solver)


def test_two_sentence_documents_start_from_the_alignment_within_sentences(monkeypatch):
    """With MIN_NODES at 3 (each side has exactly 3 nodes) the start is the best mapping within
    sentences. Allowed pairs: d-d (document level), a-x (sentence 1), b-y (sentence 2). Mapping all
    three earns d's concept, its TOP triple and both :sntK edges (4); dropping a-x or b-y loses its
    edge, so the start is d->d, a->x, b->y = [0, 1, 2], though the concepts say a->y, b->x."""
    monkeypatch.setattr(doc_start, "MIN_NODES", 3)
    assert start(TWO, SWAPPED, DecomposingSolver()).tolist() == [0, 1, 2]


def test_no_start_below_min_nodes_or_for_a_solver_that_takes_none(monkeypatch):
    """Three nodes per side under MIN_NODES = 4 give no start; a solver without ``takes_start``
    (the plain exact solver) or with it False gets none either, and is never asked for one."""
    monkeypatch.setattr(doc_start, "MIN_NODES", 4)
    assert start(TWO, SWAPPED, DecomposingSolver()) is None
    monkeypatch.setattr(doc_start, "MIN_NODES", 3)
    assert start(TWO, SWAPPED, ExactSolver()) is None

    class Refuses:
        takes_start = False

        def solve(self, problem):
            raise AssertionError("a solver that takes no start is never asked for one")

    assert start(TWO, SWAPPED, Refuses()) is None


@pytest.mark.parametrize(("test", "gold"), [(TWO, ONE), (ONE, TWO), (ONE, ONE)])
def test_no_start_unless_both_sides_have_two_sentences(monkeypatch, test, gold):
    """A graph without :sntK roles is one sentence: with it on either side there is no start."""
    monkeypatch.setattr(doc_start, "MIN_NODES", 3)
    assert start(test, gold, DecomposingSolver()) is None
