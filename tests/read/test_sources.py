"""Where corpora come from: standard input, compressed files, bytes that are not UTF-8 (issue 14)."""

from __future__ import annotations

import bz2
import gzip
import io
import json
import lzma
import os
import subprocess
import sys

import pytest
from conftest import ROOT

from amrmetrics.errors import UsageError
from amrmetrics.read import CorpusError, iter_entries, pair_files, read_graphs, source

TEXT = "# ::id a\n(a / alpha\n   :ARG0 (b / beta))\n\n# ::id b\n(c / gamma)\n"


@pytest.mark.parametrize(("suffix", "compress"), [(".gz", gzip.compress), (".bz2", bz2.compress), (".xz", lzma.compress), (".GZ", gzip.compress)])
def test_compressed_files_read_like_the_plain_file(tmp_path, suffix, compress):
    plain, packed = tmp_path / "c.amr", tmp_path / f"c.amr{suffix}"
    plain.write_text(TEXT, encoding="utf-8")
    packed.write_bytes(compress(TEXT.encode("utf-8")))
    assert read_graphs(packed) == read_graphs(plain) and len(read_graphs(plain)) == 2


@pytest.mark.parametrize(("suffix", "data"), [(".gz", b"not gzip"), (".bz2", b"not bz2"), (".xz", b"not xz"), (".gz", gzip.compress(TEXT.encode(), mtime=0)[:-12])])
def test_a_damaged_compressed_file_is_a_named_corpus_error(tmp_path, suffix, data):
    path = tmp_path / f"c.amr{suffix}"
    path.write_bytes(data)
    with pytest.raises(CorpusError, match=rf"c\.amr\{suffix}: cannot read"):
        list(iter_entries(path))


def test_standard_input_is_read_with_a_dash(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(TEXT.encode("utf-8"))))
    entries = list(iter_entries("-"))
    assert [(e.id, e.graph.instances[0]) for e in entries] == [("a", ("a", "alpha")), ("b", ("c", "gamma"))]
    assert not sys.stdin.closed


def test_standard_input_is_kept_after_counting_and_cannot_be_both_files(tmp_path, monkeypatch):
    gold = tmp_path / "g.amr"
    gold.write_text(TEXT, encoding="utf-8")
    monkeypatch.setattr(source, "CHUNK_CHARS", 8)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(TEXT.replace("(a / ", "(a / ").encode("utf-8"))))
    total, pairs = pair_files("-", gold)
    got = [(p.test.id, p.gold.id, p.test.graph == p.gold.graph) for p in pairs]
    assert total == 2 and got == [("a", "a", True), ("b", "b", True)]
    with pytest.raises(UsageError, match="only one of the files can be '-'"):
        pair_files("-", "-")


def test_the_command_line_reads_a_dash_from_standard_input_and_names_it(tmp_path):
    (tmp_path / "g.amr").write_text(TEXT, encoding="utf-8")
    damaged = TEXT.replace("(c / gamma)", "(c / gamma :ARG0 )")
    done = subprocess.run(
        [sys.executable, "-m", "amrmetrics", "score", "-", "g.amr", "--format", "json", "--on-error", "zero", "--no-progress"],
        cwd=tmp_path, input=damaged.encode("utf-8"), capture_output=True, env={**os.environ, "PYTHONPATH": str(ROOT / "src")}, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["pairs"] == 2 and report["on_error"]["zeroed"] == 1
    assert report["on_error"]["errors"] == ["<stdin>: graph 2 (line 6): role :ARG0 of node 'c' has no target"]


def test_a_byte_that_is_not_utf8_is_an_error_of_its_graph_only(tmp_path):
    path = tmp_path / "latin1.amr"
    path.write_bytes(b"# ::id 1\n(a / b)\n\n# ::id 2\n# ::snt caf\xe9\n(c / d)\n\n# ::id 3\n(e / f\n   :op1 \"na\xefve\")\n\n(g / h)\n")
    got = [(e.number, e.id, e.error and str(e.error)) for e in iter_entries(path)]
    file = str(path)
    assert got == [
        (1, "1", None),
        (2, "2", f"{file}: graph 2 (line 5): not UTF-8: byte 0xE9 at column 12"),
        (3, "3", f"{file}: graph 3 (line 10): not UTF-8: byte 0xEF at column 12"),
        (4, None, None),
    ]
    assert len(read_graphs(path, on_error="skip")) == 2 and len(read_graphs(path, on_error="zero")) == 4


def test_a_bad_byte_deep_in_a_large_file_is_located_by_graph_and_line(tmp_path, monkeypatch):
    monkeypatch.setattr(source, "CHUNK_CHARS", 1000)
    graphs = [f"# ::id {k}\n(a{k} / alpha\n   :ARG0 (b / beta))\n" for k in range(500)]
    data = "\n".join(graphs).encode("utf-8")
    cut = data.index(b"(a377 / alpha")
    path = tmp_path / "big.amr"
    path.write_bytes(data[:cut] + b"(a377 / alph\xff" + data[cut + len(b"(a377 / alph"):])
    errors = [str(e.error) for e in iter_entries(path) if e.error is not None]
    assert errors == [f"{path}: graph 378 (line {377 * 4 + 2}): not UTF-8: byte 0xFF at column 13"]
