"""The sentence structure of a document graph, as IBM's docSmatch reads it.

A document graph (DocAMR, MS-AMR, or sentence graphs joined under one root) names its sentences
with ``:snt1 ... :sntN`` roles of the root. A node belongs to sentence K when the sentence's root
reaches it, following each written relation the way docSmatch (IBM/docAMR, ``docSmatch/amr.py``)
does after its parser has stored ``(a :R-of b)`` as ``(b :R a)`` and ``(a :mod b)`` as
``(b :domain a)`` (both *inverted*):

* a relation that is not inverted is followed from its source to its target, except ``:coref``;
* an inverted relation is followed both ways, except ``:domain`` (written ``:mod`` or
  ``:domain-of``), which is followed only in its written direction;
* ``:part``, ``:subset`` and ``:coref`` are followed from target to source too;
* afterwards, each ``(a :coref b)`` (in node order) whose ``b`` the document root does not yet
  reach, while it reaches ``a``, lets ``a`` reach ``b``.

A node reached from several sentence roots (a merged coreference node) belongs to all of them.
The root belongs to the document level, numbered 0, as does any node no sentence root reaches
(docSmatch stops with an error on such a node). A graph without ``:sntK`` roles at its root is
one sentence, numbered 1 (docSmatch would let its nodes align only with the other graph's root).

Coreference, as docSmatch's ``--coref-subscore`` defines it: the *coreference nodes* are the
nodes of concept ``implicit-role`` or ``coref-entity``; the *chain nodes* are those plus every
node of several sentences whose written parents from other sentences than its own are at least
two and lie in different sentences. A relation (in the standardized graph) is a *coreference
edge* when its target is a chain node, when it is ``:coref`` from a chain node, or when it is
``:part`` or ``:subset`` between nodes of different sentences.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from amrmetrics.graph import Graph, Relation
from amrmetrics.standardize.steps import DEINVERSION_EXCEPTIONS

if TYPE_CHECKING:  # scipy loads when a document's structure is read, not with the module
    from scipy.sparse import csr_array

SENTENCE_ROLE = re.compile(r"^:snt(\d+)$", re.IGNORECASE)
"""A role of the document root that names a sentence: ``:snt3`` is sentence 3."""
DOCUMENT_LEVEL = 0
"""The sentence number of the root and of nodes that no sentence root reaches."""
COREF_CONCEPTS = frozenset({"implicit-role", "coref-entity"})
"""Concepts of the nodes that docSmatch scores as coreference nodes."""
_BOTH_WAYS = frozenset({"part", "subset", "coref"})
_NOT_PARENTS = frozenset({"coref", "part", "subset"})


@dataclass(frozen=True)
class DocStructure:
    """Sentences of every node (``sentences[var]``, 0 = document level) and the coreference nodes."""

    sentences: Mapping[str, frozenset[int]]
    numbers: tuple[int, ...]
    """The sentence numbers the document names, increasing (``(1,)`` for a graph without ``:sntK``)."""
    coref_nodes: frozenset[str]
    chain_nodes: frozenset[str]

    def of(self, var: str) -> frozenset[int]:
        """The sentences of ``var`` (the document level for a node the structure does not know)."""
        return self.sentences.get(var, frozenset({DOCUMENT_LEVEL}))

    def is_coref_edge(self, relation: Relation) -> bool:
        """True for a coreference edge of the standardized graph (see the module doc)."""
        source, role, target = relation
        name = role.lower()
        if target in self.chain_nodes or (name == ":coref" and source in self.chain_nodes):
            return True
        return name in (":part", ":subset") and self.of(source) != self.of(target)


def _stored(relation: Relation) -> tuple[str, str, str, bool]:
    """``(x, name, y, inverted)``: the relation as docSmatch's parser stores it (name without colon)."""
    source, role, target = relation
    low = role.lower()
    if low.endswith("-of") and low not in DEINVERSION_EXCEPTIONS:
        return target, low[1:-3], source, True
    if low == ":mod":
        return target, "domain", source, True
    return source, low[1:], target, False


def _matrix(adjacency: Mapping[int, list[int]], n: int) -> csr_array:
    """The directed graph of ``adjacency`` as a sparse matrix."""
    from scipy.sparse import csr_array

    rows = [i for i, ends in adjacency.items() for _ in ends]
    cols = [j for ends in adjacency.values() for j in ends]
    return csr_array((np.ones(len(rows), dtype=np.int8), (rows, cols)), shape=(n, n))


def _reach(graph: csr_array, start: int) -> list[int]:
    """Nodes reachable from ``start`` (itself included)."""
    from scipy.sparse.csgraph import breadth_first_order

    return breadth_first_order(graph, start, directed=True, return_predecessors=False).tolist()


def structure(graph: Graph) -> DocStructure:
    """The sentence structure of a graph as read (roles as written, before standardization)."""
    variables = graph.variables
    index = {v: i for i, v in enumerate(variables)}
    n = len(variables)
    stored = sorted(
        (_stored(r) for r in graph.relations if r[0] in index and r[2] in index), key=lambda s: index[s[0]]
    )
    adjacency: dict[int, list[int]] = defaultdict(list)
    for x, name, y, inverted in stored:
        if name != "coref" and not (name == "domain" and inverted):
            adjacency[index[x]].append(index[y])
        if inverted or name in _BOTH_WAYS:
            adjacency[index[y]].append(index[x])
    roots: dict[int, list[str]] = defaultdict(list)
    for source, role, target in graph.relations:
        match = SENTENCE_ROLE.match(role)
        if match and source == graph.root and target in index:
            roots[int(match.group(1))].append(target)
    if not roots or graph.root not in index:
        return _single_sentence(graph, variables)
    top = index[graph.root]
    reached = set(_reach(_matrix(adjacency, n), top))
    for x, name, y, _ in stored:
        if name == "coref" and index[y] not in reached and index[x] in reached:
            adjacency[index[x]].append(index[y])
            reached |= set(_reach(_matrix(adjacency, n), index[y]))
    matrix = _matrix(adjacency, n)
    members: dict[int, set[int]] = defaultdict(set)
    for number, heads in roots.items():
        for head in heads:
            for node in _reach(matrix, index[head]):
                members[node].add(number)
    members[top].add(DOCUMENT_LEVEL)
    sentences = {v: frozenset(members.get(i) or {DOCUMENT_LEVEL}) for i, v in enumerate(variables)}
    return _with_coreference(graph, sentences, tuple(sorted(roots)))


def _single_sentence(graph: Graph, variables: tuple[str, ...]) -> DocStructure:
    """A graph without sentence roles: every node in sentence 1."""
    return _with_coreference(graph, {v: frozenset({1}) for v in variables}, (1,))


def _with_coreference(graph: Graph, sentences: Mapping[str, frozenset[int]], numbers: tuple[int, ...]) -> DocStructure:
    """Add the coreference and chain nodes (see the module doc) to a sentence map."""
    coref_nodes = frozenset(v for v, c in graph.instances if c.lower() in COREF_CONCEPTS)
    parents: dict[str, list[str]] = defaultdict(list)
    for relation in graph.relations:
        source, _, target = relation
        if source in sentences and target in sentences and _stored(relation)[1] not in _NOT_PARENTS:
            parents[target].append(source)
    chain = set(coref_nodes)
    for node, written in parents.items():
        if len(sentences[node]) < 2 or len(written) < 2:
            continue
        foreign = [p for p in written if sentences[p] != sentences[node]]
        if len(foreign) >= 2 and any(sentences[p] != sentences[foreign[0]] for p in foreign):
            chain.add(node)
    return DocStructure(sentences, numbers, coref_nodes, frozenset(chain))
