"""Each sentence's own P/R/F under a document alignment (the rows of a document's breakdown).

Sentence K of a graph is the subgraph of its nodes in sentence K (:mod:`doc_structure`): their
instance and attribute triples, and the relations between two of them. A test triple of sentence K
counts as matched when the document alignment maps it onto a triple of the gold sentence K, so
the rows show where a document score comes from. Triples of no sentence (the root, its ``:sntK``
edges) count only in the document score; a merged node's triples count in each of its sentences.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import numpy as np

from amrmetrics.align import build_problem
from amrmetrics.align.problem import Duplicates
from amrmetrics.graph import EMPTY_GRAPH, Graph
from amrmetrics.metrics.base import prf
from amrmetrics.metrics.doc_structure import DOCUMENT_LEVEL, DocStructure


def sentence_graphs(graph: Graph, structure: DocStructure) -> dict[int, Graph]:
    """The subgraph of each sentence (see the module doc), nodes in document order, in one pass."""
    parts: dict[int, tuple[list, list, list]] = defaultdict(lambda: ([], [], []))
    for instance in graph.instances:
        for number in structure.of(instance[0]):
            parts[number][0].append(instance)
    for attribute in graph.attributes:
        for number in structure.of(attribute[0]):
            parts[number][1].append(attribute)
    for relation in graph.relations:
        for number in structure.of(relation[0]) & structure.of(relation[2]):
            parts[number][2].append(relation)
    return {k: Graph(tuple(i), tuple(a), tuple(r)) for k, (i, a, r) in parts.items()}


def sentence_rows(
    test: Graph,
    test_structure: DocStructure,
    gold: Graph,
    gold_structure: DocStructure,
    mapping: np.ndarray,
    duplicates: Duplicates,
) -> list[dict[str, Any]]:
    """One row per sentence number of either graph: matched, sizes, P, R, F under ``mapping`` (test node -> gold node)."""
    gold_vars = gold.variables
    image = {t: gold_vars[j] for t, j in zip(test.variables, np.asarray(mapping).tolist()) if j >= 0}
    test_parts, gold_parts = sentence_graphs(test, test_structure), sentence_graphs(gold, gold_structure)
    rows = []
    for number in sorted((set(test_structure.numbers) | set(gold_structure.numbers)) - {DOCUMENT_LEVEL}):
        t, g = test_parts.get(number, EMPTY_GRAPH), gold_parts.get(number, EMPTY_GRAPH)
        column = {v: j for j, v in enumerate(g.variables)}
        sub = [column.get(image[v], -1) if v in image else -1 for v in t.variables]
        matched = build_problem(t, g, duplicates=duplicates).value(sub) if t.instances and g.instances else 0.0
        scores = prf(matched, len(t), len(g))
        counts = {"sentence": number, "matched": matched, "n_test": len(t), "n_gold": len(g)}
        rows.append({**counts, **{k: float(v) for k, v in scores.items()}})
    return rows
