"""``jumach`` equals juːmæʧ (ufal/umrtools compare_umr.pl 4377bc4) on the shared English UMR set.

The golden counts were made by the unmodified script on whitespace-normalised copies of the
release files; we read the raw files. Every line of its ``--tsv`` output in the five golden modes
(default, ``--top``, ``--no-document-level``, ``--only concept``, ``--except concept``), every
per-relation and per-sentence count, must agree: counts exactly, P/R/F within 1e-12.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pytest

from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read.umr_corpus import pair_documents
from conftest import golden_rows, requires_shared, shared

MODES = {
    "tsv": "jumach",
    "top": "jumach:top=yes",
    "nodoc": "jumach:document_level=no",
    "only-concept": "jumach:only=concept",
    "except-concept": "jumach:exclude=concept",
}
LINES = {
    "juːmæʧ": ("Jumach", ("correct", "total0", "total1")),
    "triples in mapped nodes": ("Mapped", ("correct_mapped", "total0_mapped", "total1_mapped")),
    "aligned token sets": ("TokenSets", ("tokensets_correct", "tokensets0", "tokensets1")),
}


@lru_cache(maxsize=None)
def golden(name: str) -> list[dict[str, str]]:
    return golden_rows(shared("golden", "umr", "jumach", name))


@lru_cache(maxsize=None)
def results(level: str, spec: str) -> tuple:
    metric = parse_metrics(spec)[0]
    out = []
    for test, gold in pair_documents(shared("data", "umr", f"test-{level}"), shared("data", "umr", "gold")):
        out.append((test.name, metric, metric.pair(metric.prepare(test), metric.prepare(gold))))
    return tuple(out)


@requires_shared
@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("level", ["light", "medium", "heavy"])
def test_every_tsv_line_equals_jumach(level, mode):
    rows = [r for r in golden("metrics.tsv") if r["level"] == level and r["mode"] == mode]
    compared = 0
    for doc, metric, result in results(level, MODES[mode]):
        counts = dict(zip(metric.stat_names, result.stats))
        scores = metric.scores(np.array(result.stats))
        for row in (r for r in rows if r["doc"] == doc):
            line = row["metric"]
            if line in LINES:
                aspect, names = LINES[line]
                assert tuple(int(counts[n]) for n in names) == (int(row["correct"]), int(row["total0"]), int(row["total1"])), (doc, line)
                for k in "prf":
                    assert scores[f"{aspect}.{k.upper()}"] == pytest.approx(float(row[k]), rel=1e-12, abs=1e-15), (doc, line, k)
            elif line == "node projections":
                got = tuple(int(counts[n]) for n in ("nodes0", "nodes1", "mapped0", "mapped1"))
                assert got == (int(row["total0"]), int(row["total1"]), int(row["mapped0"]), int(row["mapped1"])), doc
                for k in "prf":
                    assert scores[f"Projections.{k.upper()}"] == pytest.approx(float(row[k]), rel=1e-12), (doc, k)
            elif line == "ambiguous node projections":
                got = " ".join(f"{n}={int(counts[n])}" for n in ("nsrc0", "nsrc1", "ntgt0", "ntgt1"))
                assert got == row["extra"], doc
            elif line.startswith("number of"):
                name = {"number of tokens": "tokens", "number of nodes GOLD": "nodes0", "number of nodes SYSTEM": "nodes1",
                        "number of sentences GOLD": "sentences0", "number of sentences SYSTEM": "sentences1"}[line]
                assert int(counts[name]) == int(row["total0"]), (doc, line)
            else:
                raise AssertionError(f"unknown line {line!r}")
            compared += 1
    assert compared == len(rows) and compared >= 32 * 8


@requires_shared
@pytest.mark.parametrize("level", ["light", "medium", "heavy"])
def test_per_relation_and_per_sentence_counts(level):
    relations = [r for r in golden("per_relation.tsv") if r["level"] == level]
    sentences = [r for r in golden("per_sentence.tsv") if r["level"] == level]
    for doc, _, result in results(level, "jumach"):
        want = sorted(
            (r["scope"], r["relation"], int(r["correct"]), int(r["total0_gold"]), int(r["total1_test"])) for r in relations if r["doc"] == doc
        )
        got = sorted((r["scope"], r["relation"], r["correct"], r["total0_gold"], r["total1_test"]) for r in result.details["relations"])
        assert got == want, doc
        want_rows = [
            tuple(int(r[k]) for k in ("correct", "total0_gold", "total1_test", "correct_mapped", "total0_mapped", "total1_mapped"))
            for r in sorted((r for r in sentences if r["doc"] == doc), key=lambda r: int(r["sentence"]))
        ]
        got_rows = [tuple(r[k] for k in ("correct", "total0", "total1", "correct_mapped", "total0_mapped", "total1_mapped")) for r in result.details["sentences"]]
        assert got_rows == want_rows, doc


@requires_shared
def test_pooled_f_equals_the_published_micro_average():
    """The shared README's table (section 7.6): micro_average.pl over the 32 documents, normalised layout."""
    for level, expected in (("light", 0.9026), ("medium", 0.7348), ("heavy", 0.5193)):
        metric = parse_metrics("jumach")[0]
        stats = np.array([r.stats for _, _, r in results(level, "jumach")])
        assert round(metric.micro(stats)["Jumach.F"], 4) == expected
