"""Smatch on one kind of triple only: smatch.py's ``--justinstance``, ``--justattribute``, ``--justrelation``.

The alignment maximises the matches of that kind alone, and P, R and F count only triples of that
kind, as smatch 1.0.4 does (its TOP triple is an attribute, as in the ``smatch`` presets).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal, get_args

from amrmetrics.align import AlignmentProblem, build_problem
from amrmetrics.align.budget import Budget
from amrmetrics.align.problem import ConceptWeights
from amrmetrics.graph import Graph
from amrmetrics.metrics.base import PairResult
from amrmetrics.metrics.smatch import Smatch

TripleKind = Literal["instances", "attributes", "relations"]
TRIPLE_KINDS: tuple[str, ...] = get_args(TripleKind)


def only(graph: Graph, kind: TripleKind) -> Graph:
    """The graph with the attribute and relation triples of other kinds removed (nodes stay)."""
    return graph.evolve(
        attributes=graph.attributes if kind == "attributes" else (),
        relations=graph.relations if kind == "relations" else (),
    )


@dataclass(frozen=True)
class SmatchPart(Smatch):
    """Smatch restricted to the triples of one kind (``triples``): instances, attributes or relations.

    Nodes are kept, so attributes and relations are still matched through a one-to-one node
    alignment; for those two kinds concepts earn nothing.
    """

    triples: TripleKind = "instances"

    name: ClassVar[str] = "smatch"

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.triples not in TRIPLE_KINDS:
            raise ValueError(f"triples must be one of {', '.join(TRIPLE_KINDS)}, not {self.triples!r}")

    def problem(self, test: Graph, gold: Graph, budget: Budget | None = None) -> AlignmentProblem:
        t, g = only(test, self.triples), only(gold, self.triples)
        weights = None if self.triples == "instances" else ConceptWeights.nothing()
        return build_problem(t, g, duplicates=self.preset.duplicates, concepts=weights, budget=budget)

    def pair(self, test: Graph, gold: Graph) -> PairResult:
        whole = super().pair(test, gold)
        matched, _, _, upper = whole.stats
        sizes = (float(len(getattr(test, self.triples))), float(len(getattr(gold, self.triples))))
        return PairResult((matched, *sizes, upper), whole.details)

    def signature_items(self) -> list[tuple[str, str]]:
        return [*super().signature_items(), ("triples", self.triples)]
