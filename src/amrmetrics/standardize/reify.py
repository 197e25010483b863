"""AMR reification: the guidelines' table of roles and the frames that reify them, and dereification.

The AMR guidelines (amr.md, section "Reification") list, for each non-core role, a concept that
expresses the same relation as a node: ``(x :location y)`` = ``(z / be-located-at-91 :ARG1 x
:ARG2 y)``. Dereification collapses such a node back into the role when nothing else hangs on it,
so a parser that reifies and one that does not are compared on the same triples.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from types import MappingProxyType

from amrmetrics.graph import Graph


@dataclass(frozen=True)
class Reification:
    """One row of the table: ``(source role, target)`` = ``(z / concept :source_arg source :target_arg target)``.

    ``concepts`` lists every concept the guidelines give for the role, the primary one first.
    """

    role: str
    concepts: tuple[str, ...]
    source_arg: str
    target_arg: str


REIFICATIONS: tuple[Reification, ...] = (
    Reification(":accompanier", ("accompany-01",), ":ARG1", ":ARG0"),
    Reification(":age", ("age-01",), ":ARG1", ":ARG2"),
    Reification(":beneficiary", ("benefit-01",), ":ARG0", ":ARG1"),
    Reification(":concession", ("have-concession-91",), ":ARG1", ":ARG2"),
    Reification(":condition", ("have-condition-91",), ":ARG1", ":ARG2"),
    Reification(":degree", ("have-degree-91",), ":ARG1", ":ARG2"),
    Reification(":destination", ("be-destined-for-91",), ":ARG1", ":ARG2"),
    Reification(":duration", ("last-01",), ":ARG1", ":ARG2"),
    Reification(":example", ("exemplify-01",), ":ARG1", ":ARG0"),
    Reification(":extent", ("have-extent-91",), ":ARG1", ":ARG2"),
    Reification(":frequency", ("have-frequency-91",), ":ARG1", ":ARG2"),
    Reification(":instrument", ("have-instrument-91",), ":ARG1", ":ARG2"),
    Reification(":li", ("have-li-91",), ":ARG1", ":ARG2"),
    Reification(":location", ("be-located-at-91",), ":ARG1", ":ARG2"),
    Reification(":manner", ("have-manner-91",), ":ARG1", ":ARG2"),
    Reification(":mod", ("have-mod-91",), ":ARG1", ":ARG2"),
    Reification(":name", ("have-name-91",), ":ARG1", ":ARG2"),
    Reification(":ord", ("have-ord-91",), ":ARG1", ":ARG2"),
    Reification(":part", ("have-part-91",), ":ARG1", ":ARG2"),
    Reification(":polarity", ("have-polarity-91",), ":ARG1", ":ARG2"),
    Reification(":poss", ("own-01", "have-03"), ":ARG1", ":ARG0"),
    Reification(":purpose", ("have-purpose-91",), ":ARG1", ":ARG2"),
    Reification(":quant", ("have-quant-91",), ":ARG1", ":ARG2"),
    Reification(":source", ("be-from-91",), ":ARG1", ":ARG2"),
    Reification(":subevent", ("have-subevent-91",), ":ARG1", ":ARG2"),
    Reification(":time", ("be-temporally-at-91",), ":ARG1", ":ARG2"),
    Reification(":topic", ("concern-02",), ":ARG0", ":ARG1"),
    Reification(":value", ("have-value-91",), ":ARG1", ":ARG2"),
)
"""The guidelines' reification table (AMR 1.2.6, written out by us)."""


def dereification_table(*, primary_only: bool = True) -> MappingProxyType[str, Reification]:
    """Lowercased concept -> its (lowercased) row; ``primary_only`` keeps only each role's first concept.

    Smatch++ reads only the first concept of a row, so ``have-03`` is never collapsed into
    ``:poss`` there; the ``smatchpp-amr`` preset keeps that reading.
    """
    table: dict[str, Reification] = {}
    for row in REIFICATIONS:
        lowered = Reification(row.role.lower(), row.concepts, row.source_arg.lower(), row.target_arg.lower())
        for concept in row.concepts[:1] if primary_only else row.concepts:
            table[concept.lower()] = lowered
    return MappingProxyType(table)


def is_inverse_attribute(role: str) -> bool:
    """True for an attribute that stands for a triple *from* a constant *to* its node.

    After full de-inversion no role ends in ``-of``, so an attribute ``(x, :r-of, c)`` can only mean
    the triple ``(c, :r, x)`` (an inverted role onto a constant, or Smatch++'s root triple).
    """
    return role.endswith("-of")


def dereify(graph: Graph, table: MappingProxyType[str, Reification]) -> Graph:
    """Collapse every reified node that the table allows, in one pass over the input graph.

    A node ``z`` with a table concept is collapsed into ``(x, role, y)`` when it is not the root,
    nothing points to it (no relation, no inverse attribute), and it has exactly two outgoing
    triples: one ``source_arg`` and one ``target_arg`` (no others, no repeats). Expects lowercased,
    fully de-inverted graphs. A row whose two arguments are both constants is left reified (a
    triple between two constants has no node to belong to).
    """
    concepts = graph.concepts
    incoming = Counter(t for _, _, t in graph.relations)
    incoming.update(v for v, r, _ in graph.attributes if is_inverse_attribute(r))
    outgoing: dict[str, list[tuple[str, str, bool]]] = {v: [] for v in concepts}
    for s, r, t in graph.relations:
        outgoing[s].append((r, t, True))
    for v, r, c in graph.attributes:
        if not is_inverse_attribute(r):
            outgoing[v].append((r, c, False))

    collapsed: dict[str, tuple[str, str, str, bool, bool]] = {}
    for var, concept in graph.instances:
        row = table.get(concept)
        if row is None or var == graph.root or incoming[var] or var in collapsed:
            continue
        edges = outgoing[var]
        roles = [r for r, _, _ in edges]
        if sorted(roles) != sorted([row.source_arg, row.target_arg]):
            continue
        (source, source_is_node), (target, target_is_node) = (
            next((t, node) for r, t, node in edges if r == arg) for arg in (row.source_arg, row.target_arg)
        )
        if not (source_is_node or target_is_node):
            continue
        collapsed[var] = (source, row.role, target, source_is_node, target_is_node)

    if not collapsed:
        return graph
    relations = [t for t in graph.relations if t[0] not in collapsed]
    attributes = [a for a in graph.attributes if a[0] not in collapsed]
    for source, role, target, source_is_node, target_is_node in collapsed.values():
        if source_is_node and target_is_node:
            relations.append((source, role, target))
        elif source_is_node:
            attributes.append((source, role, target))
        else:
            attributes.append((target, role + "-of", source))
    return graph.evolve(
        instances=tuple(i for i in graph.instances if i[0] not in collapsed),
        attributes=tuple(attributes),
        relations=tuple(relations),
    )
