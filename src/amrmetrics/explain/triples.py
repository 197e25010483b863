"""Which triples an alignment matches: a credit per triple of both prepared graphs.

The solver returns a node mapping and its value; the report colors every triple, so we count the
matches triple by triple under that mapping, as :func:`amrmetrics.align.build_problem` scores
them: an instance triple earns the metric's concept weight (1 or 0 for Smatch, a graded
similarity for S2match), and an attribute or relation triple repeated k times in test and l times
in gold earns ``min(k, l)``, one for each of its first ``min(k, l)`` copies on either side (under
a ``product`` preset each test copy earns l and each gold copy k, so both sides sum to ``k * l``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

from amrmetrics.graph import Graph

Triple = tuple[str, str, str]
Duplicates = Literal["min", "product"]


@dataclass(frozen=True)
class Credits:
    """The credit of every triple of one prepared graph, in the graph's order (nodes, attributes, relations)."""

    nodes: tuple[float, ...]
    attributes: tuple[float, ...]
    relations: tuple[float, ...]

    @property
    def total(self) -> float:
        """The sum of the credits (the matched count this graph's side shows)."""
        return float(sum(self.nodes) + sum(self.attributes) + sum(self.relations))


def _copy_credits(
    triples: Sequence[Triple], partners: Mapping[Triple, Triple], own: Counter[Triple], other: Counter[Triple], duplicates: Duplicates
) -> list[float]:
    """Credits of one side's triples: ``partners`` maps a triple to the other side's triple it matches."""
    seen: Counter[Triple] = Counter()
    credits = []
    for triple in triples:
        copy = seen[triple]
        seen[triple] += 1
        partner = partners.get(triple)
        theirs = other.get(partner, 0) if partner is not None else 0
        if duplicates == "product":
            credits.append(float(theirs))
        else:
            credits.append(1.0 if copy < min(own[triple], theirs) else 0.0)
    return credits


def _edge_credits(
    test: Sequence[Triple], gold: Sequence[Triple], image: Mapping[Triple, Triple], duplicates: Duplicates
) -> tuple[list[float], list[float]]:
    """Credits of two triple lists; ``image`` maps a test triple to the gold triple it would match
    (one to one, as the node alignment is)."""
    test_count, gold_count = Counter(test), Counter(gold)
    inverse = {g: t for t, g in image.items()}
    return (
        _copy_credits(test, image, test_count, gold_count, duplicates),
        _copy_credits(gold, inverse, gold_count, test_count, duplicates),
    )


def credit_triples(
    test: Graph,
    gold: Graph,
    alignment: Mapping[str, str],
    concept_weights: np.ndarray,
    duplicates: Duplicates = "min",
) -> tuple[Credits, Credits]:
    """The credits of the triples of a prepared pair under ``alignment`` (test variable -> gold variable).

    ``concept_weights[i, j]`` is what aligning test node i to gold node j earns for their instance
    triples. Both sides' credits sum to the alignment's value.
    """
    test_index = {v: i for i, v in enumerate(test.variables)}
    gold_index = {v: j for j, v in enumerate(gold.variables)}
    partner = {g: t for t, g in alignment.items()}
    test_nodes = tuple(
        float(concept_weights[i, gold_index[alignment[v]]]) if v in alignment else 0.0 for i, v in enumerate(test.variables)
    )
    gold_nodes = tuple(
        float(concept_weights[test_index[partner[v]], j]) if v in partner else 0.0 for j, v in enumerate(gold.variables)
    )
    attribute_image = {(v, r, c): (alignment[v], r, c) for v, r, c in test.attributes if v in alignment}
    relation_image = {
        (s, r, t): (alignment[s], r, alignment[t]) for s, r, t in test.relations if s in alignment and t in alignment
    }
    test_attributes, gold_attributes = _edge_credits(test.attributes, gold.attributes, attribute_image, duplicates)
    test_relations, gold_relations = _edge_credits(test.relations, gold.relations, relation_image, duplicates)
    return (
        Credits(test_nodes, tuple(test_attributes), tuple(test_relations)),
        Credits(gold_nodes, tuple(gold_attributes), tuple(gold_relations)),
    )
