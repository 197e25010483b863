"""SEMA (Anchiêta et al. 2019), bounded: triples compared through concepts, each triple credited at most once."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

from amrmetrics.graph import Graph
from amrmetrics.metrics.base import MatchMetric, PairResult
from amrmetrics.standardize import STEPS

STANDARDIZATION = ("lowercase", "conflate-quotes", "deinvert", "mod-domain", "dedup")
"""Steps applied to both graphs before counting (named in the signature)."""

Labelled = tuple[str, str, str]
"""A triple with concepts in place of variables: ``(source concept, role, target concept or constant)``."""


@dataclass(frozen=True, slots=True)
class SemaGraph:
    """A graph seen through its concepts (no TOP triple), with each relation's endpoints kept.

    The endpoints let a concept be credited only as the root or as the end of a matched relation.
    """

    root: str | None
    concept: dict[str, str]
    relations: tuple[tuple[str, Labelled, str], ...]
    relation_counts: Counter[Labelled]
    attribute_counts: Counter[Labelled]
    size: int


def sema_graph(graph: Graph) -> SemaGraph:
    """Standardize a graph and label its triples with concepts."""
    for step in STANDARDIZATION:
        graph = STEPS[step](graph)
    concept = dict(graph.instances)
    relations = tuple((s, (concept[s], r, concept[t]), t) for s, r, t in graph.relations)
    attributes = Counter((concept[v], r, " ".join(c.split())) for v, r, c in graph.attributes)
    relation_counts = Counter(label for _, label, _ in relations)
    return SemaGraph(graph.root, concept, relations, relation_counts, attributes, len(graph))


def overlap(a: Counter, b: Counter) -> int:
    """Size of the multiset intersection: a one-to-one matching of equal items."""
    return sum((a & b).values())


def creditable_concepts(graph: SemaGraph, other: SemaGraph) -> Counter[str]:
    """Concepts of the nodes SEMA may credit: the root if both roots have the same concept, and
    the endpoints of relations whose concept-level triple the other graph also has."""
    nodes: set[str] = set()
    if graph.root is not None and other.root is not None and graph.concept[graph.root] == other.concept[other.root]:
        nodes.add(graph.root)
    for source, label, target in graph.relations:
        if label in other.relation_counts:
            nodes.add(source)
            nodes.add(target)
    return Counter(graph.concept[v] for v in nodes)


@dataclass(frozen=True)
class Sema(MatchMetric):
    """SEMA with every test triple and every gold triple credited at most once, so 0 <= P, R, F <= 1.

    Relation triples match on (source concept, role, target concept), attribute triples on
    (source concept, role, value), each as a one-to-one matching of equal triples; a node's
    instance triple can be credited when it is the root and both roots have the same concept, or
    when it ends a relation the other graph also has; such nodes match one-to-one by concept. See docs/sema-simple.md for
    how this differs from the reference (which can exceed 1).
    """

    name: ClassVar[str] = "sema"
    stat_names: ClassVar[tuple[str, ...]] = ("matched", "n_test", "n_gold")

    def prepare(self, graph: Graph) -> SemaGraph:
        return sema_graph(graph)

    def prepare_key(self) -> str:
        return "sema"

    def pair(self, test: SemaGraph, gold: SemaGraph) -> PairResult:
        relations = overlap(test.relation_counts, gold.relation_counts)
        attributes = overlap(test.attribute_counts, gold.attribute_counts)
        concepts = overlap(creditable_concepts(test, gold), creditable_concepts(gold, test))
        matched = concepts + relations + attributes
        details = {"concepts": concepts, "relations": relations, "attributes": attributes}
        return PairResult((float(matched), float(test.size), float(gold.size)), details)

    def signature_items(self) -> list[tuple[str, str]]:
        return [("std", "+".join(STANDARDIZATION)), ("bounded", "yes")]
