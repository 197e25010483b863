"""Reading standard input through its byte buffer and compressed files: UTF-8, undecodable bytes kept
as surrogates (an error of their graph only), universal newlines."""

from __future__ import annotations

import bz2
import gzip
import io
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


@pytest.mark.parametrize(("suffix", "compress"), [("gz", gzip.compress), ("bz2", bz2.compress)])
def test_a_compressed_file_keeps_an_undecodable_byte_as_its_graph_s_error(tmp_path, suffix, compress):
    path = tmp_path / f"corpus.amr.{suffix}"
    path.write_bytes(compress(DATA))
    first, second = iter_entries(path)
    assert first.graph.instances == (("a", "café"),)
    assert second.graph is None and str(second.error) == f"{path}: graph 2 (line 3): not UTF-8: byte 0xE9 at column 7"
