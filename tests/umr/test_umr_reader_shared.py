"""The UMR reader on every gold and test file of the shared English UMR 3.0 set.

The shared README (section 5) gives a normalisation of the release layout (blank lines only) and the
SHA-256 of every normalised file. Writing each document back in that layout from what the reader
kept (header, graph, alignment and document-level lines) must give those exact bytes, so no line of
any part is lost, moved to another part or sentence, or changed, whatever the file's blank-line
layout. The counted categories and relation labels equal the README's census of the data.
"""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest

from amrmetrics.read.umr import ALIGNMENT_MARKER, DOCUMENT_MARKER, GRAPH_MARKER, SEPARATOR, UmrDocument, read_umr_documents
from conftest import golden_rows, requires_shared, shared

LEVELS = ("gold", "test-light", "test-medium", "test-heavy")


def normalised(document: UmrDocument) -> str:
    """The document in the README's normalised layout, from the reader's parts."""
    out = []
    for sentence in document.sentences:
        parts = sentence.parts
        blocks = ["\n".join([SEPARATOR, *filter(None, [parts.header])])]
        for marked, marker, text in zip(parts.marked, (GRAPH_MARKER, ALIGNMENT_MARKER, DOCUMENT_MARKER), (parts.graph, parts.alignment, parts.document)):
            if marked:
                blocks.append("\n".join([marker, *filter(None, [text])]))
        out.append("\n\n".join(blocks) + "\n\n\n")
    return "".join(out)


@pytest.fixture(scope="module")
def documents() -> dict[str, list[UmrDocument]]:
    return {level: read_umr_documents(shared("data", "umr", level), on_error="zero") for level in LEVELS}


@requires_shared
def test_parts_rebuild_the_normalised_files_byte_for_byte(documents):
    expected = {
        row["file"]: row["sha256"]
        for row in golden_rows(shared("golden", "umr", "ancast", "ancast_input_sha256.tsv"))
        if row["input"] == "ancast_layout"
    }
    checked = 0
    for level, docs in documents.items():
        for document in docs:
            key = f"{level}/{document.name}.txt"
            assert hashlib.sha256(normalised(document).encode("utf-8")).hexdigest() == expected[key], key
            checked += 1
    assert checked == 128


@requires_shared
def test_every_file_reads_and_only_the_unbalanced_graph_fails(documents):
    for level, docs in documents.items():
        assert len(docs) == 32
        assert sum(len(d.sentences) for d in docs) == 1135
        errors = [e for d in docs for e in d.errors]
        assert [(e.file.rsplit("/", 1)[-1], e.number, e.label) for e in errors] == [("english_umr-0199.umr", 10, "snt10")]
        assert "unbalanced parentheses" in errors[0].message and errors[0].line > 1


@requires_shared
def test_the_census_of_the_gold_files(documents):
    gold = documents["gold"]
    counts = Counter()
    for document in gold:
        counts.update(document.counts())
    assert counts["placeholder"] == 32
    assert counts["empty-graph"] == 1
    assert counts["alignment-multi-span"] == 5
    assert counts["alignment-unknown-variable"] == 2
    assert counts["alignment-invalid-span"] == 3
    labels = Counter((r.category, r.label) for d in gold for r in d.relations)
    assert sum(n for (c, _), n in labels.items() if c == "temporal") == 346
    assert sum(n for (c, _), n in labels.items() if c == "modal") == 560
    assert sum(n for (c, _), n in labels.items() if c == "coref") == 437
    assert labels[("temporal", "contains")] == 44 and labels[("coref", "subset")] == 2
    words = sum(len(s.tokens) for d in gold for s in d.sentences)
    assert words == 12423
    nodes = sum(len(s.scored_graph.instances) for d in gold for s in d.sentences)
    nodes += sum(s.parts.graph.count(" / ") for d in gold for s in d.sentences if s.error is not None)  # 0199 #10
    aligned = sum(1 for d in gold for s in d.sentences for v in s.scored_graph.variables if s.alignment.get(v))
    assert nodes == 8125 and 0.17 < aligned / nodes < 0.19  # "82% of the 8,125 gold nodes are unaligned"


@requires_shared
def test_labels_and_tokens_as_written(documents):
    by_name = {d.name: d for d in documents["gold"]}
    little_prince = by_name["english_umr-0206"]
    assert little_prince.sentences[0].label == "snt603" and little_prince.sentences[0].number == 1
    assert by_name["english_umr-0004"].sentences[114].label == "snt1155"
    multi = {v: s for d in documents["gold"] if d.name == "english_umr-0578" for st in d.sentences for v, s in st.alignment.items() if len(s) > 1}
    assert multi["s6h2"] == ((12, 12), (15, 15))
    placeholder = by_name["english_umr-0049"].sentences[0]
    assert placeholder.placeholder and placeholder.tokens == () and placeholder.metadata.get("type") == "not_in_release"
