"""Reading standard input through its byte buffer and compressed files: UTF-8, undecodable bytes kept
as surrogates (an error of their graph only), universal newlines."""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
import sys

import pytest

from amrmetrics.read.corpus import iter_entries
from amrmetrics.read.source import read_chunks

DATA = "(a / café)\r\n\r\n(b / c\udce9)\r\n".encode("utf-8", "surrogateescape")


def test_standard_input_is_read_from_its_bytes_as_utf8_with_surrogates(monkeypatch):
    stdin = io.TextIOWrapper(io.BytesIO(DATA), encoding="latin-1", newline="")  # what a Latin-1 locale would give
    monkeypatch.setattr(sys, "stdin", stdin)
    assert "".join(read_chunks("-")) == "(a / café)\n\n(b / c\udce9)\n"
    assert not stdin.closed  # standard input stays open


@pytest.mark.parametrize(("suffix", "compress"), [("gz", gzip.compress), ("bz2", bz2.compress), ("xz", lzma.compress)])
def test_a_compressed_file_keeps_an_undecodable_byte_as_its_graph_s_error(tmp_path, suffix, compress):
    path = tmp_path / f"corpus.amr.{suffix}"
    path.write_bytes(compress(DATA))
    first, second = iter_entries(path)
    assert first.graph.instances == (("a", "café"),)
    assert second.graph is None and str(second.error) == f"{path}: graph 2 (line 3): not UTF-8: byte 0xE9 at column 7"


def _pieces(tmp_path, monkeypatch, text: str, chars: int) -> list[str]:
    from amrmetrics.read import source

    monkeypatch.setattr(source, "CHUNK_CHARS", chars)
    path = tmp_path / "pieces.amr"
    path.write_text(text, encoding="utf-8")
    return list(read_chunks(path))


def test_a_file_is_streamed_in_pieces_cut_at_the_last_line_end(tmp_path, monkeypatch):
    assert _pieces(tmp_path, monkeypatch, "(a / bb)\n(c / d)\n", 5) == ["(a / bb)\n", "(c / d)\n"]
    assert _pieces(tmp_path, monkeypatch, "(a)\n(b)\n(c)\n", 20) == ["(a)\n(b)\n(c)\n"]
    assert _pieces(tmp_path, monkeypatch, "(a)\n(b)\n(c)\n(d)", 10) == ["(a)\n(b)\n", "(c)\n", "(d)"]


def test_a_file_that_cannot_be_opened_or_read_is_named_with_the_reason(tmp_path):
    long_name = str(tmp_path / ("x" * 5000))
    with pytest.raises(Exception) as caught:
        list(read_chunks(long_name))
    assert str(caught.value) == f"{long_name}: cannot open (File name too long)"
    damaged = tmp_path / "damaged.amr.gz"
    damaged.write_bytes(b"\x1f\x8b\x08\x00garbage-not-deflate")
    with pytest.raises(Exception) as caught:
        list(read_chunks(damaged))
    assert str(caught.value).startswith(f"{damaged}: cannot read (error: Error -3 while decompressing data")  # zlib.error


def test_errors_in_standard_input_are_located_in_stdin(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("(a / b)\n\n(c / d :ARG0 )\n"))
    first, second = iter_entries("-")
    assert first.graph is not None
    assert str(second.error) == "<stdin>: graph 2 (line 3): role :ARG0 of node 'c' has no target"
