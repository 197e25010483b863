"""Standard input is read once: its blocks are kept however large it is; both files cannot be '-'."""

from __future__ import annotations

import io
import sys

import pytest

from amrmetrics.read import corpus
from amrmetrics.errors import UsageError
from amrmetrics.read.corpus import counted_entries, pair_files


def test_standard_input_is_kept_whole_even_beyond_the_size_kept_for_files(monkeypatch):
    monkeypatch.setattr(corpus, "KEEP_CHARS", 10)
    monkeypatch.setattr(sys, "stdin", io.StringIO("(a / b)\n\n(c / d :ARG0 (e / f))\n\n(g / h)\n"))
    count, entries = counted_entries("-")
    assert count == 3
    assert [e.graph.instances[0] for e in entries] == [("a", "b"), ("c", "d"), ("g", "h")]


def test_a_file_beyond_that_size_is_read_again_for_its_entries(monkeypatch, tmp_path):
    monkeypatch.setattr(corpus, "KEEP_CHARS", 10)
    path = tmp_path / "big.amr"
    path.write_text("(a / b)\n\n(c / d :ARG0 (e / f))\n\n(g / h)\n", encoding="utf-8")
    count, entries = counted_entries(path)
    assert count == 3 and [e.graph.instances[0] for e in entries] == [("a", "b"), ("c", "d"), ("g", "h")]


def test_both_files_from_standard_input_is_a_usage_error():
    with pytest.raises(UsageError) as caught:
        pair_files("-", "-")
    assert str(caught.value) == "only one of the files can be '-' (standard input is read once)"
