"""Located errors and pairing checks of UMR input: file, sentence and line in every message."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from amrmetrics.errors import DataError, UsageError
from amrmetrics.read.source import CorpusError
from amrmetrics.read.umr import parse_umr, read_umr
from amrmetrics.read.umr_corpus import pair_umr

H = "#" * 80


def block(k: int, graph: str, words: str = "a b c", alignment: str = "", document: str = "") -> str:
    return (
        f"{H}\n# meta-info :: sent_id = x-{k}\n# :: snt{k}\nIndex: 1 2 3\nWords: {words}\n\n"
        f"# sentence level graph:\n{graph}\n\n# alignment:\n{alignment}\n\n# document level annotation:\n{document}\n\n\n"
    )


GOOD = block(1, "(s1a / a-01\n    :ARG0 (s1b / b))", alignment="s1a: 1-1\ns1b: 0-0", document="(s1s0 / sentence\n    :modal ((root :modal author)\n        (author :full-affirmative s1a)))")


def test_a_malformed_graph_is_located_by_sentence_and_line():
    text = GOOD + block(2, "(s2a / a-01\n    :ARG0 (s2b / b)")
    document = parse_umr(text, file="doc.umr")
    (error,) = document.errors
    assert str(error).startswith("doc.umr: sentence 2 (snt2, line ")
    graph_line = text.split("\n").index("(s2a / a-01") + 1
    assert error.line >= graph_line
    assert document.sentences[0].graph is not None and document.sentences[1].graph is None


@pytest.mark.parametrize(
    "alignment, document, message",
    [
        ("s1a 1-1", "", "cannot read the alignment line"),
        ("s1a: 1-x", "", "cannot read the alignment span"),
        ("", "(s1s0 / sentence :modal ((author :full-affirmative s1a) stray))", "document-level block"),
        ("", "(s1s0 / sentence :modal ((author :full-affirmative s1a))", "ends early"),
        ("", "(s1s0 / sentence :modal ((author full-affirmative s1a)))", "expected a label"),
    ],
)
def test_unreadable_alignment_and_document_lines_are_located(alignment, document, message):
    text = block(1, "(s1a / a-01)", alignment=alignment, document=document)
    (error,) = parse_umr(text, file="doc.umr").errors
    assert message in error.message
    bad_line = next(k for k, line in enumerate(text.split("\n"), 1) if line and (line in alignment.split("\n") or line in document.split("\n")))
    assert error.line == bad_line and error.number == 1


def test_counted_categories_are_not_errors():
    text = block(1, "(s1u / umr-empty)") + block(2, "", alignment="s9z: 1-1\ns2x: -1--1") + block(
        3, "(s3a / a)", document="(s3s0 / sentence :temporal ((s3a :contains s1q)) :coref ((s3a :subset s3a)))"
    )
    document = parse_umr(text, file="doc.umr")
    assert document.errors == []
    assert document.counts() == {
        "placeholder": 1,
        "empty-graph": 1,
        "alignment-unknown-variable": 2,
        "alignment-invalid-span": 1,
        "unknown-label": 1,
        "relation-unknown-variable": 1,
    }


def test_text_before_the_first_block_and_bad_bytes_are_file_errors(tmp_path: Path):
    with pytest.raises(CorpusError, match="line 1: text before the first sentence block"):
        parse_umr("hello\n" + GOOD, file="doc.umr")
    path = tmp_path / "bad.umr"
    path.write_bytes(GOOD.encode() + b"\xff\n")
    with pytest.raises(CorpusError, match="not UTF-8"):
        read_umr(path)


def test_read_umr_fails_listing_every_bad_sentence(tmp_path: Path):
    path = tmp_path / "doc.umr"
    path.write_text(GOOD + block(2, "(s2a / a") + block(3, "(s3a / a"), encoding="utf-8")
    with pytest.raises(CorpusError) as raised:
        read_umr(path)
    assert "2 malformed graphs" in str(raised.value) and "sentence 3" in str(raised.value)
    assert len(read_umr(path, on_error="zero").errors) == 2


def test_pairing_checks_counts_tokens_and_partners(tmp_path: Path):
    (tmp_path / "t").mkdir()
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "d1.umr").write_text(GOOD + block(2, "(s2a / a)"), encoding="utf-8")
    (tmp_path / "t" / "d1.umr").write_text(GOOD, encoding="utf-8")
    with pytest.raises(CorpusError, match="has 1 sentences but .* has 2"):
        pair_umr(tmp_path / "t", tmp_path / "g")
    (tmp_path / "t" / "d1.umr").write_text(GOOD + block(2, "(s2a / a)", words="a x c"), encoding="utf-8")
    with pytest.raises(CorpusError, match="sentence 2 .* different tokens \\(first difference at token 2: 'x' vs 'b'\\)"):
        pair_umr(tmp_path / "t", tmp_path / "g")
    (tmp_path / "t" / "d1.umr").write_text(GOOD + block(2, "(s2a / a)"), encoding="utf-8")
    (tmp_path / "t" / "d2.umr").write_text(GOOD, encoding="utf-8")
    with pytest.raises(CorpusError, match="d2.umr has no partner in"):
        pair_umr(tmp_path / "t", tmp_path / "g")
    (tmp_path / "t" / "d2.umr").unlink()
    count, pairs = pair_umr(tmp_path / "t", tmp_path / "g")
    assert count == 2 and [p.test.id for p in pairs] == ["d1/1", "d1/2"]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "amrmetrics", *args], capture_output=True, text=True)


def test_the_command_line_applies_the_error_policy_to_sentences(tmp_path: Path):
    gold, test = tmp_path / "gold.umr", tmp_path / "test.umr"
    gold.write_text(GOOD + block(2, "(s2a / a)"), encoding="utf-8")
    test.write_text(GOOD + block(2, "(s2a / a"), encoding="utf-8")
    failed = run("score", str(test), str(gold))
    assert failed.returncode == 1 and "test.umr: sentence 2 (snt2, line" in failed.stderr and failed.stdout == ""
    zeroed = run("score", str(test), str(gold), "--on-error", "zero", "--format", "json")
    assert zeroed.returncode == 0
    report = json.loads(zeroed.stdout)
    assert report["on_error"]["zeroed"] == 1 and report["input"]["format"] == "umr"
    assert "on-error:zero(1)|input:umr" in report["metrics"][0]["signature"]


def test_umr_input_cannot_mix_with_penman_or_pair_by_id(tmp_path: Path):
    gold = tmp_path / "gold.umr"
    gold.write_text(GOOD, encoding="utf-8")
    penman = tmp_path / "test.amr"
    penman.write_text("(a / a)\n", encoding="utf-8")
    assert "must be given for every side" in run("score", str(penman), str(gold)).stderr
    assert run("score", str(gold), str(gold), "--pair-by-id").returncode == 2
    assert issubclass(CorpusError, DataError) and not issubclass(CorpusError, UsageError)
