"""Which node pairs share a sentence, and the alignment within sentences as a start for the full one.

Aligned within their sentences, two documents fall apart into sentence problems that are solved in
well under a second (:mod:`amrmetrics.align.decompose`). That alignment is a feasible mapping of
the unconstrained problem, so it is a lower bound to start from: climbing from it on two
200-sentence Little Prince documents reaches 3001 matched triples where climbing from a greedy
start reaches 2983, in a third of the time.

A metric aligns standardized graphs, whose inverted roles are already turned around, so the start
does not read sentences as docSmatch does (:mod:`doc_structure`, which needs the written
directions): a sentence is what stays connected to its ``:sntK`` root once the document root is
removed. Sentences that share a merged node become one; that only makes the start's problem
larger.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from amrmetrics.align.budget import Budget
from amrmetrics.align.problem import AlignmentProblem
from amrmetrics.align.restrict import Compatibility, restrict
from amrmetrics.align.solve import solve
from amrmetrics.graph import Graph
from amrmetrics.metrics.doc_structure import DOCUMENT_LEVEL, SENTENCE_ROLE, DocStructure

SMALL_TABLE = 64
"""Up to this many distinct sentence sets, which sets meet is found pair by pair (no scipy import)."""
MIN_NODES = 64
"""Graphs smaller than this (on either side) get no start: they are solved whole in milliseconds."""


def compatibility(test: Sequence[str], test_structure: DocStructure, gold: Sequence[str], gold_structure: DocStructure) -> Compatibility:
    """Test node i (``test[i]``) may map to gold node j when they share a sentence; each distinct
    sentence set is one group."""
    numbers: dict[frozenset[int], int] = {}
    t = np.array([numbers.setdefault(test_structure.of(v), len(numbers)) for v in test], dtype=np.int64)
    g = np.array([numbers.setdefault(gold_structure.of(v), len(numbers)) for v in gold], dtype=np.int64)
    sets = list(numbers)
    if len(sets) <= SMALL_TABLE:
        table = np.array([[bool(a & b) for b in sets] for a in sets], dtype=bool).reshape(len(sets), len(sets))
        return Compatibility(t, g, table)
    # two sets meet when they share a sentence: (set x sentence) membership times its transpose,
    # sparse (the loop over all pairs of sets took 3 s for a 2,400-sentence document)
    members = [(row, k) for row, found in enumerate(numbers) for k in found]
    ids = {k: column for column, k in enumerate(sorted({k for _, k in members}))}
    rows = np.array([row for row, _ in members], dtype=np.int64)
    cols = np.array([ids[k] for _, k in members], dtype=np.int64)
    table = np.zeros((len(numbers), len(numbers)), dtype=bool)
    if len(rows):
        from scipy.sparse import csr_array

        membership = csr_array((np.ones(len(rows), dtype=np.int64), (rows, cols)), shape=(len(numbers), len(ids)))
        meet = (membership @ membership.T).tocoo()
        table[meet.row, meet.col] = True
    return Compatibility(t, g, table)


def connected_sentences(graph: Graph) -> DocStructure:
    """Sentences as the parts of ``graph`` that stay connected to a ``:sntK`` root without the document root
    (see the module doc); the root and any part without a sentence root are the document level."""
    from scipy.sparse import coo_array
    from scipy.sparse.csgraph import connected_components

    index = {v: i for i, v in enumerate(graph.variables)}
    heads = [(int(m.group(1)), t) for s, r, t in graph.relations if s == graph.root and (m := SENTENCE_ROLE.match(r))]
    edges = [(index[s], index[t]) for s, _, t in graph.relations if graph.root not in (s, t) and s in index and t in index]
    n = len(index)
    rows, cols = (np.array(x, dtype=np.int64) for x in zip(*edges)) if edges else (np.zeros(0, dtype=np.int64),) * 2
    _, part = connected_components(coo_array((np.ones(len(rows)), (rows, cols)), shape=(n, n)), directed=False)
    numbers: dict[int, set[int]] = {}
    for number, head in heads:
        numbers.setdefault(int(part[index[head]]), set()).add(number)
    sentences = {v: frozenset(numbers.get(int(part[i])) or {DOCUMENT_LEVEL}) for v, i in index.items()}
    if graph.root in sentences:
        sentences[graph.root] = frozenset({DOCUMENT_LEVEL})
    return DocStructure(sentences, tuple(sorted({k for k, _ in heads})), frozenset(), frozenset())


def sentence_start(problem: AlignmentProblem, test: Graph, gold: Graph, solver: Any, budget: Budget | None = None) -> np.ndarray | None:
    """The best alignment of ``problem`` within sentences (paid from ``budget``), when both graphs are
    documents of two or more sentences and ``solver`` takes a start; else None."""
    if min(len(test.instances), len(gold.instances)) < MIN_NODES or not getattr(solver, "takes_start", False):
        return None
    test_structure, gold_structure = connected_sentences(test), connected_sentences(gold)
    if len(test_structure.numbers) < 2 or len(gold_structure.numbers) < 2:
        return None
    allowed = compatibility(test.variables, test_structure, gold.variables, gold_structure)
    return allowed.keep(solve(restrict(problem, allowed), solver, budget=budget).mapping)
