"""Test oracle: the reference SEMA's counts (rafaelanchieta/sema 0ede9e0) in closed form.

Reading sema.py shows that its visited-list bookkeeping comes down to

    m = [root concepts equal]
        + #test nodes ending at least one matching test relation
        + #distinct (source, target) test node pairs joined by a matching test relation
        + #gold attributes equal to at least one test attribute

where a test relation matches if some gold relation has the same role and the same source and
target concepts, and an attribute compares (source concept, role, value). Its reader follows
smatch 1.0.4's triple rules: ``-of`` roles reversed (except the three AMR exceptions), ``:mod``
stored as a reversed ``:domain``, ``:mod`` and inverted roles onto constants dropped, a quoted
string cut to its first token (a one-token string keeps smatch's ``_`` quote marker), no
lowercasing. ``test_sema_reference_comparison.py`` checks this oracle against every golden pair.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from amrmetrics.graph import Graph
from amrmetrics.metrics.sema import SemaGraph

EXCEPTIONS = frozenset({":prep-on-behalf-of", ":prep-out-of", ":consist-of"})


@dataclass(frozen=True)
class Triples:
    """A graph as the reference sees it: concepts by variable, relations, attributes, root."""

    concept: dict[str, str]
    relations: list[tuple[str, str, str]]
    attributes: list[tuple[str, str, str]]
    root: str | None

    @property
    def size(self) -> int:
        return len(self.concept) + len(self.relations) + len(self.attributes)


def reference_triples(graph: Graph) -> Triples:
    """The triples the reference reader builds from a graph (smatch 1.0.4 rules, see module doc)."""
    relations = []
    for source, role, target in graph.relations:
        if role.endswith("-of") and role not in EXCEPTIONS:
            source, role, target = target, role[:-3], source
        elif role == ":mod":
            source, role, target = target, ":domain", source
        relations.append((source, role, target))
    attributes = []
    for var, role, value in graph.attributes:
        if role == ":mod" or (role.endswith("-of") and role not in EXCEPTIONS):
            continue
        if len(value) >= 2 and value[0] == '"' and value[-1] == '"':
            tokens = value[1:-1].split()
            value = tokens[0] if len(tokens) > 1 else (tokens[0] if tokens else "") + "_"
        attributes.append((var, role, value))
    return Triples(dict(graph.instances), relations, attributes, graph.root)


def reference_components(test: Triples, gold: Triples) -> dict[str, int]:
    """The reference's credits, by kind (their sum is its matched count m)."""
    gold_labels = {(gold.concept[s], r, gold.concept[t]) for s, r, t in gold.relations}
    matching = [(s, t) for s, r, t in test.relations if (test.concept[s], r, test.concept[t]) in gold_labels]
    test_attributes = {(test.concept[v], r, c) for v, r, c in test.attributes}
    roots_agree = test.root is not None and gold.root is not None and test.concept[test.root] == gold.concept[gold.root]
    return {
        "root": int(roots_agree),
        "concepts": len({v for pair in matching for v in pair}),
        "relations": len(set(matching)),
        "attributes": sum((gold.concept[v], r, c) in test_attributes for v, r, c in gold.attributes),
    }


def reference_counts(test: Graph, gold: Graph) -> tuple[int, int, int]:
    """``(m, c, t)`` exactly as sema.tsv has them."""
    t, g = reference_triples(test), reference_triples(gold)
    return sum(reference_components(t, g).values()), t.size, g.size


def as_sema_graph(triples: Triples) -> SemaGraph:
    """The reference's triples in amrmetrics' bounded counting structure (to isolate the bounding)."""
    concept = triples.concept
    relations = tuple((s, (concept[s], r, concept[t]), t) for s, r, t in triples.relations)
    attributes = Counter((concept[v], r, c) for v, r, c in triples.attributes)
    return SemaGraph(triples.root, concept, relations, Counter(label for _, label, _ in relations), attributes, triples.size)
