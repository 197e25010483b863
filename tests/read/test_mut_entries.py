"""Entries keep their ``# ::id`` across pickling, including entries whose graph is malformed."""

from __future__ import annotations

import pickle

from amrmetrics.read import iter_text_entries


def test_a_malformed_graph_keeps_its_id_through_pickling():
    text = "# ::id kept-1\n(a / b) trailing\n\n# ::id kept-2\n(c :ARG0 (d / e))\n"
    rejected, undecodable = iter_text_entries(text, file="f.amr")
    assert rejected.graph is None and undecodable.graph is None
    copies = [pickle.loads(pickle.dumps(e)) for e in (rejected, undecodable)]
    assert [c.id for c in copies] == ["kept-1", "kept-2"]
    assert [str(c.error).split(": ", 1)[1].split(":")[0] for c in copies] == ["graph 1 (line 2)", "graph 2 (line 5)"]
