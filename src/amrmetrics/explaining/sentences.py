"""A document pair's sentence rows for the report: each sentence's own P/R/F under the document alignment.

``smatch:doc=sentence`` computes the rows itself (its details' ``sentences``, which ``--per-pair``
writes too). For plain ``smatch`` on document graphs (``:sntK`` roles at the root) the report
computes them from smatch's alignment with the same function,
:func:`amrmetrics.metrics.doc_sentences.sentence_rows`, so there is one definition of a row.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from amrmetrics.align.problem import Duplicates
from amrmetrics.graph import Graph
from amrmetrics.metrics.doc_sentences import sentence_rows
from amrmetrics.metrics.doc_structure import SENTENCE_ROLE, DocStructure, structure


def names_sentences(graph: Graph) -> bool:
    """True for a document graph: its root has a ``:sntK`` relation."""
    return any(s == graph.root and SENTENCE_ROLE.match(r) for s, r, _ in graph.relations)


def document_structure(graph: Graph) -> DocStructure | None:
    """The sentence structure of a document graph as read, None for a graph that names no sentences."""
    return structure(graph) if names_sentences(graph) else None


def rows_under(
    test: Graph,
    test_structure: DocStructure,
    gold: Graph,
    gold_structure: DocStructure,
    alignment: Mapping[str, str],
    duplicates: Duplicates,
) -> tuple[dict[str, Any], ...]:
    """The sentence rows of a prepared pair under ``alignment`` (test variable -> gold variable)."""
    column = {v: j for j, v in enumerate(gold.variables)}
    mapping = np.array([column[alignment[v]] if v in alignment else -1 for v in test.variables], dtype=np.int64)
    return tuple(sentence_rows(test, test_structure, gold, gold_structure, mapping, duplicates))
