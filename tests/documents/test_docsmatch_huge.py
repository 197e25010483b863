"""Document Smatch on documents too large for an n x m table: nodes pair only within their sentences,
and the builder applies that while it counts and builds (issue 30: it made the dense table and every
same-label relation pair of the two documents first)."""

from __future__ import annotations

import tracemalloc

from amrmetrics.metrics.docsmatch import DocSmatch
from amrmetrics.read import decode


def document(sentences: int, children: int) -> str:
    """``sentences`` sentences, each a node of concept x with ``children`` children of concept x by :ARG0."""
    def sentence(s: int) -> str:
        return f"(r{s} / x " + " ".join(f":ARG0 (n{s}x{i} / x)" for i in range(children)) + ")"

    return "(d / multi-sentence " + " ".join(f":snt{s + 1} {sentence(s)}" for s in range(sentences)) + ")"


def test_two_large_documents_are_aligned_within_sentences_in_bounded_memory() -> None:
    """40 sentences of 61 same-concept nodes against themselves (2,441 nodes a side: 6 million node
    pairs and as many :ARG0 pairs across the documents, 150,000 within sentences): certified, every
    triple matched, under 150 MB traced (it was over 600 MB)."""
    metric = DocSmatch()
    graph = metric.prepare(decode(document(40, 60)))
    tracemalloc.start()
    try:
        result = metric.pair(graph, graph)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    triples = 1 + 1 + 40 * (1 + 61 + 60)  # the root's concept and TOP, each sentence's :snt edge, concepts, :ARG0 edges
    assert result.stats[:3] == (triples, triples, triples) and result.details["status"] == "optimal"
    assert peak < 150 * 2**20


def test_which_sentence_sets_meet_is_the_same_by_pairs_and_by_the_sparse_product(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Random sentence sets (most nodes in one sentence, some merged into two or three): the table of
    sets that share a sentence is the same whether it is found pair by pair or by the membership product."""
    import random

    import numpy as np

    from amrmetrics.metrics import doc_start
    from amrmetrics.metrics.doc_structure import DocStructure

    rng = random.Random(1)
    for _ in range(20):
        numbers = list(range(1, 80))

        def sets(n: int, numbers: list[int] = numbers) -> dict[str, frozenset[int]]:
            return {f"v{i}": frozenset(rng.sample(numbers, rng.choice([1, 1, 1, 2, 3]))) for i in range(n)}

        test, gold = sets(120), sets(110)
        structures = [DocStructure(s, tuple(numbers), frozenset(), frozenset()) for s in (test, gold)]
        sparse = doc_start.compatibility(list(test), structures[0], list(gold), structures[1])
        monkeypatch.setattr(doc_start, "SMALL_TABLE", 10**9)
        pairwise = doc_start.compatibility(list(test), structures[0], list(gold), structures[1])
        monkeypatch.undo()
        assert len(sparse.table) > doc_start.SMALL_TABLE
        assert np.array_equal(sparse.table, pairwise.table) and np.array_equal(sparse.test, pairwise.test)
        assert np.array_equal(sparse.gold, pairwise.gold)
