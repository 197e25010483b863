"""``ancast`` equals AnCast (umr4nlp/ancast 37d6e7f) on the shared English UMR set, computed from the files as released.

The golden files were made by AnCast on whitespace-normalised copies (and, for 0578's document
scope, with multi-span alignments cut to their first span, where AnCast otherwise crashes); we read
the raw release files. Every sentence's numbers and alignment, every document's Sent / Modal /
Temporal / Coref / Comp, and the document-level triples as AnCast read them must agree (numbers
within 1e-9; the README's tolerance is 1e-12 across hash seeds). The unreadable sentence 0199 #10
is left out by ``--on-error skip``, as AnCast skips it.
"""

from __future__ import annotations

import json
from functools import lru_cache

import numpy as np
import pytest

from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read.umr_corpus import apply_policy, pair_documents
from conftest import golden_rows, requires_shared, shared

TOLERANCE = 1e-9
COMPONENTS = {"sent": "Sent", "modal": "Modal", "temporal": "Temporal", "coref": "Coref", "comp": "Comp"}


@lru_cache(maxsize=None)
def golden(name: str) -> list[dict]:
    path = shared("golden", "umr", "ancast", name)
    if name.endswith(".jsonl"):
        return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return golden_rows(path)


def golden_input(doc: str, scope: str) -> str:
    return "ancast_layout+alignment_first_span" if scope == "doc" and doc == "english_umr-0578" else "ancast_layout"


@lru_cache(maxsize=None)
def results(level: str, scope: str) -> tuple:
    """(document, metric, result) of every pair, the documents as ``--on-error skip`` hands them to a document metric."""
    metric = parse_metrics(f"ancast:scope={scope}")[0]
    out = []
    for pair in pair_documents(shared("data", "umr", f"test-{level}"), shared("data", "umr", "gold")):
        (test, gold), _ = apply_policy(pair, "skip")
        out.append((test.name, metric, metric.pair(metric.prepare(test), metric.prepare(gold))))
    return tuple(out)


@requires_shared
@pytest.mark.parametrize("scope", ["snt", "doc"])
@pytest.mark.parametrize("level", ["light", "medium", "heavy"])
def test_every_sentence_and_document_equals_ancast(level, scope):
    per_sentence = {
        (r["doc"], int(r["sent_index"])): r
        for r in golden("per_sentence.tsv")
        if r["variant"] == level and r["scope"] == scope and r["input"] == golden_input(r["doc"], scope)
    }
    alignments = {
        (a["doc"], a["sent_index"]): a
        for a in golden("alignments.jsonl")
        if a["variant"] == level and a["scope"] == scope and a["input"] == golden_input(a["doc"], scope)
    }
    overall = [r for r in golden("overall.tsv") if r["variant"] == level and r["scope"] == scope and r["component"] != "-"]
    overall = [r for r in overall if r["input"] == golden_input(r["doc"], scope)]
    compared_sentences = compared_documents = 0
    for doc, metric, result in results(level, scope):
        scored = [row for row in result.details["sentences"] if "skipped" not in row]
        expected = {k: v for k, v in per_sentence.items() if k[0] == doc}
        assert sorted(row["sent_index"] for row in scored) == sorted(k[1] for k in expected), doc
        for row in scored:
            want = per_sentence[(doc, row["sent_index"])]
            assert row["snt_label"] == want["snt_label"]
            for column, value in want.items():
                if column in row and column not in ("snt_label", "sent_index"):
                    assert row[column] == pytest.approx(float(value), abs=TOLERANCE), (doc, row["sent_index"], column)
            aligned = alignments[(doc, row["sent_index"])]
            assert {t: (g if not g.startswith("NULL") else None) for t, g in row["t2g"].items()} == aligned["t2g"]
            assert {g: (t if not t.startswith("NULL") else None) for g, t in row["g2t"].items()} == aligned["g2t"]
            assert row["anchor_level_test"] == aligned["anchor_level_test"]
            compared_sentences += 1
        scores = metric.scores(np.array(result.stats))
        counts = metric.summary(np.array([result.stats]))
        for want in (r for r in overall if r["doc"] == doc):
            component = COMPONENTS[want["component"]]
            for key, name in (("precision", "P"), ("recall", "R"), ("f", "F")):
                assert scores[f"{component}.{name}"] == pytest.approx(float(want[key]), abs=TOLERANCE), (doc, component, name)
            assert counts["blocks"] == int(want["n_blocks"])
            assert counts["scored"] == int(want["n_scored"])
            compared_documents += 1
    assert compared_sentences == len(per_sentence)
    assert compared_documents == (32 if scope == "snt" else 32 * 5)


@requires_shared
@pytest.mark.parametrize("level", ["light", "heavy"])
def test_document_triples_as_ancast_read_them(level):
    expected = {d["doc"]: d for d in golden("doc_triples.jsonl") if d["variant"] == level}
    for doc, _, result in results(level, "doc"):
        for side in ("test", "gold", "test_in_gold_space"):
            assert result.details["document_triples"][side] == {c: sorted(x) for c, x in expected[doc][side].items()}, (doc, side)


@requires_shared
def test_micro_and_macro_equal_ancasts_published_averages():
    """The shared README's table (section 6.6): macro = AnCast's directory-mode mean, micro = pooled."""
    table = {"light": ("Sent", 0.9274, 0.9356, "Comp", 0.9252, 0.9243), "heavy": ("Sent", 0.5683, 0.5673, "Comp", 0.5357, 0.5227)}
    for level, (sent, sent_macro, sent_micro, comp, comp_macro, comp_micro) in table.items():
        snt = [r for _, _, r in results(level, "snt")]
        doc = [r for _, _, r in results(level, "doc")]
        snt_metric, doc_metric = parse_metrics("ancast:scope=snt")[0], parse_metrics("ancast")[0]
        snt_stats = np.array([r.stats for r in snt])
        doc_stats = np.array([r.stats for r in doc])
        assert round(snt_metric.macro(snt_stats)[f"{sent}.F"], 4) == sent_macro
        assert round(snt_metric.micro(snt_stats)[f"{sent}.F"], 4) == sent_micro
        assert round(doc_metric.macro(doc_stats)[f"{comp}.F"], 4) == comp_macro
        assert round(doc_metric.micro(doc_stats)[f"{comp}.F"], 4) == comp_micro
