"""The report of document pairs: each sentence's own P/R/F under the document alignment.

Expected values are counted by hand from tests/data/documents (its README says what each pair
tests) and, for the document rows, read from docsmatch-counts.tsv (IBM docSmatch's counts). doc2
and doc5 have one optimal alignment, so their sentence rows do not depend on how a solver breaks ties.
"""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import DATA, EXAMPLES

import amrmetrics

DOCS = DATA / "documents"
TEST, GOLD = DOCS / "test.amr", DOCS / "gold.amr"
ROW_KEYS = ("sentence", "matched", "n_test", "n_gold", "P", "R", "F")

# Hand counts (sentence, matched, |test|, |gold|). doc2: the test's she (sentence 3) is not the gold's
# Hailey, who is taken by the test's person of sentences 1-2; sentence 3 matches only eat-01. doc5:
# :mod early against :time early in sentence 1; the test has no sentence 3 (smile-01 :ARG0 i).
HAND = {
    "doc2": [(1, 6, 6, 6), (2, 6, 6, 6), (3, 1, 3, 6)],
    "doc5": [(1, 4, 5, 5), (2, 5, 5, 5), (3, 0, 0, 3)],
}


def tsv_counts() -> dict[str, dict[str, float]]:
    with open(DOCS / "docsmatch-counts.tsv", encoding="utf-8") as handle:
        return {row["id"]: {k: float(v) for k, v in row.items() if k != "id"} for row in csv.DictReader(handle, delimiter="\t")}


def counts(rows) -> list[tuple[int, float, float, float]]:
    return [(r["sentence"], r["matched"], r["n_test"], r["n_gold"]) for r in rows]


def f_of(matched: float, n_test: float, n_gold: float) -> float:
    p, r = matched / n_test if n_test else 0.0, matched / n_gold if n_gold else 0.0
    return 2 * p * r / (p + r) if p + r else 0.0


@pytest.fixture(scope="module")
def documents():
    return amrmetrics.explain(TEST, GOLD, metric="smatch:doc=sentence", fine=False, bootstrap=10)


def test_document_smatch_can_be_explained_and_its_rows_are_the_hand_counts(documents) -> None:
    by_id = {p.id: p.sides[0] for p in documents.pairs}
    for doc, rows in HAND.items():
        side = by_id[doc]
        assert counts(side.sentences) == rows
        assert [r["F"] for r in side.sentences] == pytest.approx([f_of(*row[1:]) for row in rows])
    assert by_id["doc2"].sentences[2]["F"] == pytest.approx(2 / 9)


def test_the_document_row_and_the_coref_row_are_docsmatchs_counts(documents) -> None:
    expected = tsv_counts()
    for pair in documents.pairs:
        side, want = pair.sides[0], expected[pair.id]
        assert (side.stats["matched"], side.stats["n_test"], side.stats["n_gold"]) == (want["matched"], want["n_test"], want["n_gold"])
        coref = side.aspects["Coref"]
        assert (coref["matched"], coref["n_test"], coref["n_gold"]) == (want["coref_matched"], want["coref_test"], want["coref_gold"])
        assert side.shown_matched == want["matched"]  # the colored triples add up to the document's matched count
    assert documents.headline == "Smatch.F" and documents.as_dict()["headline"] == "Smatch.F"


def test_the_rows_equal_those_score_per_pair_writes(documents, tmp_path: Path) -> None:
    out = tmp_path / "pairs.jsonl"
    command = [sys.executable, "-m", "amrmetrics", "score", str(TEST), str(GOLD), "-m", "smatch:doc=sentence", "--per-pair", str(out), "--no-progress"]
    assert subprocess.run(command, capture_output=True, text=True, timeout=600).returncode == 0
    entries = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    written = {e["test_id"]: e["metrics"]["smatch:doc=sentence"]["sentences"] for e in entries}
    assert len(written) == len(documents.pairs) == 6
    for pair in documents.pairs:
        assert [[r[k] for k in ROW_KEYS] for r in pair.sides[0].sentences] == [[r[k] for k in ROW_KEYS] for r in written[pair.id]]
    data = documents.as_dict()
    assert [[r[k] for k in ROW_KEYS] for r in data["pairs"][1]["sides"][0]["sentences"]] == [[r[k] for k in ROW_KEYS] for r in written["doc2"]]
    assert data["pairs"][3]["sides"][0]["aspects"]["Coref"]["F"] is None  # doc4 has no coreference: no score, not NaN


def test_plain_smatch_on_documents_shows_the_rows_too() -> None:
    """Unrestricted, doc5's optimum is the same alignment (every concept pairs with its own sentence's)."""
    explanation = amrmetrics.explain(TEST, GOLD, metric="smatch", fine=False, bootstrap=10)
    by_id = {p.id: p.sides[0] for p in explanation.pairs}
    assert counts(by_id["doc5"].sentences) == HAND["doc5"]
    assert by_id["doc5"].aspects == {} and explanation.headline == "F"


def test_sentence_pairs_have_no_rows() -> None:
    explanation = amrmetrics.explain(["(a / cat)"], ["(b / cat)"], metric="smatch", fine=False, bootstrap=10)
    assert explanation.pairs[0].sides[0].sentences == ()
    assert explanation.as_dict()["pairs"][0]["sides"][0]["sentences"] == []


def test_the_cli_explains_document_smatch(tmp_path: Path) -> None:
    out = tmp_path / "docs.html"
    command = [sys.executable, "-m", "amrmetrics", "explain", str(TEST), str(GOLD), "-m", "smatch:doc=sentence", "-o", str(out), "--no-fine", "--bootstrap", "10"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert done.stderr.startswith(f"wrote {out}: 6 pairs") and "Coref.F" in done.stdout


def test_documents_without_coreference_print_no_nan(tmp_path: Path) -> None:
    """No document merges a node: the coreference score does not exist, and is shown as the tables show it."""
    docs = []
    for source in (EXAMPLES / "pred.amr", EXAMPLES / "gold.amr"):
        docs.append(tmp_path / f"{source.stem}.docs.amr")
        assert subprocess.run([sys.executable, "-m", "amrmetrics", "documents", str(source), "-n", "5", "-o", str(docs[-1])]).returncode == 0
    out = tmp_path / "docs.html"
    command = [sys.executable, "-m", "amrmetrics", "explain", *map(str, docs), "-m", "smatch:doc=sentence", "-o", str(out), "--no-fine", "--bootstrap", "10"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    score = subprocess.run([sys.executable, "-m", "amrmetrics", "score", *map(str, docs), "-m", "smatch:doc=sentence", "-f", "json"],
                           capture_output=True, text=True, timeout=600)
    micro = json.loads(score.stdout)["metrics"][0]["micro"]
    assert micro["Coref.F"] is None and micro["Smatch.F"] is not None
    shown = ", ".join(f"{k} {'n/a' if v is None else f'{100 * v:.2f}'}" for k, v in micro.items())
    assert done.stdout.splitlines()[0] == f"smatch:doc=sentence: micro {shown} (x100)"
    assert "nan" not in done.stdout.lower() and "nan" not in done.stderr.lower()


def test_a_comparison_of_documents_has_rows_for_both_systems() -> None:
    """B is the gold itself: each of its sentence rows matches everything."""
    compared = amrmetrics.explain(TEST, GOLD, b=GOLD, metric="smatch:doc=sentence", bootstrap=10, trials=10)
    doc5 = next(p for p in compared.pairs if p.id == "doc5")
    assert counts(doc5.sides[0].sentences) == HAND["doc5"]
    assert counts(doc5.sides[1].sentences) == [(1, 5, 5, 5), (2, 5, 5, 5), (3, 3, 3, 3)]
    assert compared.comparison is not None and compared.comparison.as_dict()["micro"]["Smatch.F"]["b"] == 1.0
