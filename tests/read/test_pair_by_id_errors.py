"""Pairing by id: the messages for a test graph with no id, broken or whole, name the file; an
entry keeps its id through pickling even when its graph is broken."""

from __future__ import annotations

import pickle

import pytest

from amrmetrics.read import CorpusError, iter_text_entries, pair_files


def pairs_of(tmp_path, test_text: str) -> None:
    test, gold = tmp_path / "t.amr", tmp_path / "g.amr"
    test.write_text(test_text, encoding="utf-8")
    gold.write_text("# ::id g1\n(a / b)\n", encoding="utf-8")
    _, pairs = pair_files(test, gold, pair_by_id=True)
    list(pairs)


def test_a_test_graph_without_an_id_is_named_with_its_file(tmp_path):
    with pytest.raises(CorpusError) as err:
        pairs_of(tmp_path, "(a / b)\n")
    assert str(err.value) == f"{tmp_path / 't.amr'}: graph 1 (line 1) has no '# ::id' (needed by pair_by_id=True)"


def test_a_broken_test_graph_without_an_id_gives_its_own_error(tmp_path):
    with pytest.raises(CorpusError) as err:
        pairs_of(tmp_path, "(a :ARG0 (b / c))\n")
    assert str(err.value) == f"pair_by_id=True needs every graph's id, but {tmp_path / 't.amr'}: graph 1 (line 1): node 'a' has no concept"


def test_a_broken_entry_keeps_its_id_through_pickling():
    (entry,) = iter_text_entries("# ::id g7\n(a :ARG0 (b / c))\n")
    copy = pickle.loads(pickle.dumps(entry))
    assert entry.id == "g7" and copy.id == "g7" and copy.graph is None
