"""The UMR reader on generated documents in every layout: the same document however it is laid out.

Hypothesis draws documents (sentence graphs, tokens in several scripts, alignments with ``0-0``
and multi-span lines, document-level triples of the three categories) and writes each in the
release layout or AnCast's sample layout, with zero to three blank lines between parts and after
blocks, trailing spaces and tabs, triples one per line or all on one line, and empty parts written
or left out. Reading must give back what was drawn.
"""

from __future__ import annotations

from hypothesis import given, settings

from amrmetrics.read.decode import decode
from amrmetrics.read.umr import parse_umr
from umr_strategies import documents, layouts, write


@settings(max_examples=150, deadline=None)
@given(documents(), layouts())
def test_any_layout_reads_back_what_was_written(sentences, layout):
    document = parse_umr(write(sentences, layout), file="drawn.umr")
    assert document.errors == []
    assert len(document.sentences) == len(sentences)
    for k, (read, drawn) in enumerate(zip(document.sentences, sentences), 1):
        assert read.number == k and read.label == f"snt{k}"
        assert read.tokens == drawn.tokens
        assert read.graph == decode(drawn.graph)
        assert dict(read.alignment) == drawn.alignment
        order = list(dict.fromkeys(r[0] for r in drawn.relations))  # written grouped by category
        assert [(r.category, r.head, r.label, r.tail) for r in read.relations] == sorted(drawn.relations, key=lambda r: order.index(r[0]))
