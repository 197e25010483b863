"""Document Smatch's coreference count by hand: under smatch-classic (duplicates k x l) the ceiling
that skips the re-solve is every coreference weight, not the smaller side's number of items; and the
count is the best among optimal alignments whichever optimum an exact solver returns."""

from __future__ import annotations

import itertools
import math

from amrmetrics.align.decompose import DecomposingSolver
from amrmetrics.align.result import Alignment
from amrmetrics.metrics.docsmatch import DocSmatch
from amrmetrics.read import decode

TEST = "(a / see-01 :ARG0 (e / coref-entity :quant 5) :ARG0 e)"
GOLD = "(a / see-01 :ARG0 (g / coref-entity :quant 5 :quant 5) :ARG0 (h / coref-entity) :ARG0 h)"
"""smatch-classic keeps duplicates and counts a triple k times in test and l in gold k x l times.
With a -> a (concept and TOP, 2): e -> g earns its concept, (e :quant 5) 1 x 2 and (a :ARG0 e) 2 x 1,
5; e -> h its concept and (a :ARG0 e) 2 x 2, 5: two optimal alignments worth 7.
Coreference items: test (a :ARG0 e) twice and e, 3; gold (a :ARG0 g), (a :ARG0 h) twice, g and h, 5.
Coreference matches: e -> g 1 + 2 = 3, e -> h 1 + 4 = 5."""


class FirstThenExact:
    """Answers the first problem with ``mapping`` (certified), then solves exactly."""

    def __init__(self, mapping: list[int]) -> None:
        self.mapping: list[int] | None = mapping
        self.exact = DecomposingSolver()

    def solve(self, problem):  # type: ignore[no-untyped-def]
        if self.mapping is None:
            return self.exact.solve(problem)
        mapping, self.mapping = self.mapping, None
        value = problem.value(mapping)
        return Alignment.of(mapping, value, value, "optimal", 0.0)


def test_classic_coreference_count_above_the_smaller_side_is_found():
    """The solver returns e -> g (coreference 3, as many as test's 3 items); the tied e -> h matches
    5, so the count is 5 (under k x l it can pass the number of items)."""
    metric = DocSmatch(doc="any", std="smatch-classic")
    metric.set_cached("solver", FirstThenExact([0, 1]))  # gold nodes a, g, h
    result = metric.pair(metric.prepare(decode(TEST)), metric.prepare(decode(GOLD)))
    assert result.stats[:6] == (7.0, 6.0, 9.0, 5.0, 3.0, 5.0)
    assert math.isclose(result.stats[6], 7.0)


class FewestPairs:
    """An exact solver by enumeration that, among optima, returns the one mapping the fewest nodes
    (then the first in order, gold nodes by index, unmapped first): a legal choice of optimum."""

    def solve(self, problem):  # type: ignore[no-untyped-def]
        n_test, n_gold = problem.shape
        mappings = [m for m in itertools.product(range(-1, n_gold), repeat=n_test) if len({j for j in m if j >= 0}) == sum(j >= 0 for j in m)]
        best = max(mappings, key=lambda m: (problem.value(m), -sum(j >= 0 for j in m)))
        value = problem.value(best)
        return Alignment.of(list(best), value, value, "optimal", 0.0)


def with_fewest_pairs(test: str, gold: str):
    """Document Smatch (any alignment) of a pair, solved by :class:`FewestPairs`."""
    metric = DocSmatch(doc="any")
    metric.set_cached("solver", FewestPairs())
    return metric.pair(metric.prepare(decode(test)), metric.prepare(decode(gold)))


def test_the_coreference_count_does_not_depend_on_which_optimum_the_solver_returns():
    """Default preset. Test e (coref-entity, :mod 7, :quant 5, root) with child b; gold d (root,
    :quant 5) with children b and g (coref-entity, :mod 7), and (g :ARG1 b). With b -> b (concept
    and the :ARG1 edge from e's image): e -> d earns TOP and :quant, e -> g the concept and :mod,
    4 both. The solver returns e -> d (gold d comes first): coreference 0. Coreference items: test e,
    1; gold g and (d :ARG0 g), 2: so 1 is the most any alignment matches, and e -> g, b -> b (optimal)
    matches it: the count is 1, however the re-solve's optima are broken (here: by leaving b
    unmapped when that costs nothing)."""
    test = "(e / coref-entity :mod 7 :quant 5 :ARG1 (b / boy))"
    gold = "(d / thing :quant 5 :ARG1 (b / boy) :ARG0 (g / coref-entity :mod 7 :ARG1 b))"
    result = with_fewest_pairs(test, gold)
    assert result.details["alignment"] == [["e", "d"], ["b", "b"]]
    assert result.stats[:6] == (4.0, 6.0, 9.0, 1.0, 1.0, 2.0)  # 6 test triples, 9 gold


def test_a_better_coreference_count_one_point_off_the_optimum_is_not_taken():
    """Default preset, a -> a always (concept and TOP, 2). Test e (coref-entity, :quant 5, :mod 7,
    :time 9) is a's :ARG0 and :ARG1. Gold a has :ARG0 and :ARG1 g (coref-entity), :ARG0 d (thing
    with the three attributes) and :ARG2 h (coref-entity with them). e -> d earns the attributes and
    :ARG0, 4; e -> h the concept and the attributes, 4; e -> g the concept and both edges, 3. The
    solver returns e -> d (before h in gold order): coreference 0. Coreference items: test e and its
    two edges, 3; gold g, h, (a :ARG0 g), (a :ARG1 g), (a :ARG2 h), 5. Among the optima e -> h
    matches 1 (h's concept); e -> g would match all 3 but the document only 5 of the optimal 6.
    The count is 1, whichever optimum of the re-solve (weight 4 on the document) the solver returns."""
    test = "(a / see-01 :ARG0 (e / coref-entity :quant 5 :mod 7 :time 9) :ARG1 e)"
    gold = "(a / see-01 :ARG0 (g / coref-entity) :ARG1 g :ARG0 (d / thing :quant 5 :mod 7 :time 9) :ARG2 (h / coref-entity :quant 5 :mod 7 :time 9))"
    result = with_fewest_pairs(test, gold)
    assert result.details["alignment"] == [["a", "a"], ["e", "d"]]
    assert result.stats[:6] == (6.0, 8.0, 15.0, 1.0, 3.0, 5.0)  # test: 2 + TOP + 3 + 2; gold: 4 + TOP + 6 + 4
