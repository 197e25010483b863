"""Document Smatch's coreference count under smatch-classic (duplicates k x l), by hand: the ceiling
that skips the re-solve is every coreference weight, not the smaller side's number of items."""

from __future__ import annotations

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
