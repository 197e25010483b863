"""Entries and graph errors cross process boundaries by pickling: a pending entry travels as text
and decodes on the other side; a decoded one travels as its graph; an error keeps its location."""

from __future__ import annotations

import pickle

from amrmetrics.read import GraphError, iter_text_entries


def roundtrip(value):
    return pickle.loads(pickle.dumps(value))


def test_a_graph_error_keeps_its_location():
    error = roundtrip(GraphError("node 'x' has no concept", file="f.amr", number=3, line=7))
    assert isinstance(error, GraphError)
    assert (error.message, error.file, error.number, error.line) == ("node 'x' has no concept", "f.amr", 3, 7)
    assert str(error) == "f.amr: graph 3 (line 7): node 'x' has no concept"


def test_pending_decoded_and_broken_entries_survive_pickling():
    text = "# ::id one\n(a / alpha :ARG0 (b / beta))\n\n(x :ARG0 (y / why))\n"
    pending, broken = iter_text_entries(text, file="f.amr")
    assert repr(pending) == "Entry(number=1, line=2, pending)"
    copy = roundtrip(pending)
    assert repr(copy) == "Entry(number=1, line=2, pending)" and copy.id == "one"
    assert copy.graph.instances == (("a", "alpha"), ("b", "beta")) and copy.graph.metadata == {"id": "one"}
    assert repr(copy) == "Entry(number=1, line=2, graph)"
    decoded = roundtrip(copy)
    assert (decoded.number, decoded.line, decoded.id, decoded.graph) == (1, 2, "one", copy.graph)
    assert decoded.error is None
    assert broken.graph is None and repr(broken) == "Entry(number=2, line=4, error)"
    again = roundtrip(broken)
    assert again.graph is None and str(again.error) == "f.amr: graph 2 (line 4): node 'x' has no concept"


def test_an_entry_of_a_text_is_what_the_constructor_makes():
    """``Entry.of_text`` sets its slots itself (one entry a graph string): the same state as ``Entry(...)``,
    so a malformed string fails the same way, located as the same graph of the same file."""
    from amrmetrics.read.corpus import Entry

    for text in ("(a / alpha :ARG0 (b / beta))", "(x :ARG0 (y / why))"):
        made, built = Entry.of_text(text, 4, "given"), Entry(4, 1, text=text, file="given")
        assert {s: getattr(made, s) for s in Entry.__slots__} == {s: getattr(built, s) for s in Entry.__slots__}
        assert (repr(made), made.id, made.text) == (repr(built), built.id, built.text)
        assert made.graph == built.graph and str(made.error) == str(built.error)
        assert (repr(roundtrip(made)), made.number, made.line) == (repr(built), 4, 1)
