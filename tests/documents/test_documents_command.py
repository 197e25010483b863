"""``amrmetrics documents`` (joining sentence graphs) and document scores read back from its output."""

from __future__ import annotations

import json

import pytest
from conftest import requires_shared, shared

from amrmetrics.cli.main import main
from amrmetrics.metrics.doc_structure import structure
from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read import read_graphs

SENTENCES = """# ::id a ::snt The boy wants.
(w / want-01 :ARG0 (b / boy))

# ::id b ::snt He sleeps.
(s / sleep-01 :ARG0 (h / he))

# ::id c ::snt The girl laughs.
(l / laugh-01 :ARG0 (g / girl))
"""


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_join_two_sentences_per_document(capsys, tmp_path) -> None:
    corpus = tmp_path / "sentences.amr"
    corpus.write_text(SENTENCES, encoding="utf-8")
    code, out, _ = run_cli(capsys, "documents", str(corpus), "--sentences", "2")
    assert code == 0
    (path := tmp_path / "docs.amr").write_text(out, encoding="utf-8")
    first, second = read_graphs(path)
    assert first.id == "doc1" and first.metadata["snt"] == "The boy wants. He sleeps."
    assert first.instances == (("m", "multi-sentence"), ("s1w", "want-01"), ("s1b", "boy"), ("s2s", "sleep-01"), ("s2h", "he"))
    assert set(first.relations) == {("m", ":snt1", "s1w"), ("s1w", ":ARG0", "s1b"), ("m", ":snt2", "s2s"), ("s2s", ":ARG0", "s2h")}
    assert second.instances == (("m", "multi-sentence"), ("s1l", "laugh-01"), ("s1g", "girl"))
    assert structure(first).of("s2h") == {2} and structure(first).of("m") == {0}


def test_step_and_output_file(capsys, tmp_path) -> None:
    corpus, out = tmp_path / "sentences.amr", tmp_path / "docs.amr"
    corpus.write_text(SENTENCES, encoding="utf-8")
    code, stdout, _ = run_cli(capsys, "documents", str(corpus), "-n", "5", "--step", "2", "-o", str(out))
    assert code == 0 and stdout == ""
    (doc,) = read_graphs(out)
    assert [c for _, c in doc.instances] == ["multi-sentence", "want-01", "boy", "laugh-01", "girl"]


def test_a_malformed_sentence_is_named_and_nothing_is_written(capsys, tmp_path) -> None:
    corpus = tmp_path / "bad.amr"
    corpus.write_text(SENTENCES.replace("(h / he))", "(h / he)"), encoding="utf-8")
    code, out, err = run_cli(capsys, "documents", str(corpus), "-n", "2")
    assert code == 1 and out == ""
    assert f"{corpus}: graph 2 (line 5)" in err


def test_bad_counts_are_usage_errors(capsys, tmp_path) -> None:
    corpus = tmp_path / "sentences.amr"
    corpus.write_text(SENTENCES, encoding="utf-8")
    assert run_cli(capsys, "documents", str(corpus), "-n", "0")[0] == 2


def test_per_pair_jsonl_has_the_sentence_rows(capsys, tmp_path) -> None:
    corpus, docs, pairs = tmp_path / "sentences.amr", tmp_path / "docs.amr", tmp_path / "pairs.jsonl"
    corpus.write_text(SENTENCES, encoding="utf-8")
    run_cli(capsys, "documents", str(corpus), "-n", "3", "-o", str(docs))
    code, out, _ = run_cli(capsys, "score", str(docs), str(docs), "-m", "smatch:doc=sentence", "--per-pair", str(pairs))
    assert code == 0 and "Coref" in out and "the one pair certified optimal" in out
    (entry,) = [json.loads(line) for line in pairs.read_text(encoding="utf-8").splitlines()]
    rows = entry["metrics"]["smatch:doc=sentence"]["sentences"]
    assert [(r["sentence"], r["matched"], r["n_test"], r["F"]) for r in rows] == [(1, 3, 3, 1.0), (2, 3, 3, 1.0), (3, 3, 3, 1.0)]


@requires_shared
@pytest.mark.parametrize("n", [1, 10])
def test_a_joined_document_scores_its_sentences_plus_the_root(capsys, tmp_path, n) -> None:
    """Aligned within sentences, a joined document matches 2 (root concept, TOP) plus each sentence
    pair's Smatch match: a sentence's TOP triple matches exactly when its :sntK edge does. Sizes add
    up the same way. Checked on the first n distinct Little Prince sentences (every other graph)."""
    lp = shared("data", "littleprince-parses")
    for side in ("candidates", "references"):
        run_cli(capsys, "documents", str(lp / f"{side}.amr"), "-n", str(n), "--step", "2", "-o", str(tmp_path / f"{side}.amr"))
    test, gold = read_graphs(tmp_path / "candidates.amr")[0], read_graphs(tmp_path / "references.amr")[0]
    smatch, doc = parse_metrics("smatch,smatch:doc=sentence")
    sentences = zip(read_graphs(lp / "candidates.amr")[: 2 * n : 2], read_graphs(lp / "references.amr")[: 2 * n : 2])
    totals = [sum(x) for x in zip(*(smatch.pair(smatch.prepare(t), smatch.prepare(g)).stats[:3] for t, g in sentences))]
    stats = doc.pair(doc.prepare(test), doc.prepare(gold)).stats
    assert list(stats[:3]) == [2 + totals[0], 2 + totals[1], 2 + totals[2]]
