"""Document Smatch's coreference count and mapping by hand, with solvers that return one chosen
optimum (optimal alignments tie), no bound, or a pair the sentence restriction forbids."""

from __future__ import annotations

import math

from amrmetrics.align.decompose import DecomposingSolver
from amrmetrics.align.result import Alignment
from amrmetrics.graph import Graph
from amrmetrics.metrics.docsmatch import DocSmatch
from amrmetrics.read import decode

TIED_TEST = "(a / see-01 :ARG0 (e / coref-entity :quant 5))"
TIED_GOLD = "(a / see-01 :ARG0 (g / coref-entity) :ARG1 (h / coref-entity :quant 5))"
"""One sentence each (no :sntK). Test 5 triples: see-01, coref-entity, TOP, (e :quant 5), (a :ARG0 e);
gold 7: three instances, TOP, (h :quant 5), (a :ARG0 g), (a :ARG1 h). With a -> a (2), e -> g earns
its concept and :ARG0, e -> h its concept and :quant: two optimal alignments worth 4.
Coreference items (edges into coreference nodes, and those nodes): test e, (a :ARG0 e) = 2; gold
g, h, (a :ARG0 g), (a :ARG1 h) = 4. e -> g matches both test items, e -> h only e's concept."""
TO_G, TO_H = [0, 1], [0, 2]
"""Gold nodes in order a, g, h."""


class Scripted:
    """Answers the first problems with the given (mapping, certified) in turn, then solves exactly."""

    def __init__(self, *answers: tuple[list[int], bool]) -> None:
        self.exact = DecomposingSolver()
        self.answers = list(answers)

    def solve(self, problem):  # type: ignore[no-untyped-def]
        if not self.answers:
            return self.exact.solve(problem)
        mapping, certified = self.answers.pop(0)
        value = problem.value(mapping)
        return Alignment.of(mapping, value, value if certified else math.inf, "time-limit", 0.0)


def score(test: str, gold: str, solver: object, doc: str = "any", std: str = "smatch"):  # type: ignore[no-untyped-def]
    metric = DocSmatch(doc=doc, std=std)  # type: ignore[arg-type]
    metric.set_cached("solver", solver)
    return metric.pair(metric.prepare(decode(test)), metric.prepare(decode(gold)))


def test_the_coreference_count_is_the_best_of_the_tied_optima():
    """The solver returns the optimum e -> h (coreference 1): the count is the 2 of e -> g, also optimal."""
    for doc in ("any", "sentence"):
        result = score(TIED_TEST, TIED_GOLD, Scripted((TO_H, True)), doc)
        assert result.stats[:6] == (4.0, 5.0, 7.0, 2.0, 2.0, 4.0)
        assert result.details["alignment"] == [["a", "a"], ["e", "h"]]


def test_without_a_certificate_no_tie_is_known():
    """The same alignment without a bound: its own coreference count (1) is kept."""
    result = score(TIED_TEST, TIED_GOLD, Scripted((TO_H, False)))
    assert result.stats[:6] == (4.0, 5.0, 7.0, 1.0, 2.0, 4.0)


def test_a_better_coreference_count_off_the_optimum_is_not_taken():
    """With (e :polarity -) and (h :polarity -) added, e -> h is the only optimum (5; e -> g is 4).
    A re-solve that returns e -> g (coreference 2, document 4 = one less) is not taken: 1."""
    test = "(a / see-01 :ARG0 (e / coref-entity :quant 5 :polarity -))"
    gold = "(a / see-01 :ARG0 (g / coref-entity) :ARG1 (h / coref-entity :quant 5 :polarity -))"
    result = score(test, gold, Scripted((TO_H, True), (TO_G, True)))
    assert result.stats[:6] == (5.0, 6.0, 8.0, 1.0, 2.0, 4.0)
    assert score(test, gold, DecomposingSolver()).stats[3] == 1.0  # an exact re-solve agrees


def test_classic_preset_counts_duplicate_coreference_edges_k_times_l():
    """smatch-classic keeps (a :ARG0 e) twice on each side: 2 x 2 = 4 edge matches and e's concept,
    5 coreference matches of 3 items a side (2 edges and e)."""
    doc = "(a / see-01 :ARG0 (e / coref-entity) :ARG0 e)"
    result = score(doc, doc, DecomposingSolver(), std="smatch-classic")
    assert result.stats[3:6] == (5.0, 3.0, 3.0)


def test_a_pair_across_sentences_is_unmapped_under_the_sentence_restriction():
    """doc=sentence allows only d-d, a-x, b-y. A solver that also maps a -> y and b -> x (pairs that
    earn nothing in the restricted problem): only d -> d is reported, and each sentence row matches
    nothing (sentence 1: test cat, gold dog), while d's concept and TOP make the 2 matched."""
    test = "(d / multi-sentence :snt1 (a / cat) :snt2 (b / dog))"
    gold = "(d / multi-sentence :snt1 (x / dog) :snt2 (y / cat))"
    result = score(test, gold, Scripted(([0, 2, 1], False)), doc="sentence")
    assert result.details["alignment"] == [["d", "d"]]
    assert result.stats[:3] == (2.0, 6.0, 6.0)
    assert [(r["sentence"], r["matched"]) for r in result.details["sentences"]] == [(1, 0.0), (2, 0.0)]


def test_an_empty_test_graph():
    """No test node: nothing matched of the gold cat and its TOP triple; sentence 1 holds the gold."""
    metric = DocSmatch(doc="any")
    result = metric.pair(metric.prepare(Graph()), metric.prepare(decode("(a / cat)")))
    assert result.stats == (0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 0.0)
    assert [(r["matched"], r["n_test"], r["n_gold"]) for r in result.details["sentences"]] == [(0.0, 0, 2)]
