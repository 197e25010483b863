"""decode()'s defaults and its metadata on both reader paths, by hand."""

from __future__ import annotations

import pytest

from amrmetrics.read import GraphError, decode
from amrmetrics.read.recent import forget_recent


@pytest.fixture(autouse=True)
def _cold():
    forget_recent()


def test_an_error_without_a_location_is_graph_1_line_1_of_string():
    with pytest.raises(GraphError) as caught:
        decode("(a / b :ARG0 )")
    assert str(caught.value) == "<string>: graph 1 (line 1): role :ARG0 of node 'a' has no target"
    with pytest.raises(GraphError) as caught:
        decode("(a / b :ARG0 (c / d)\n   :ARG1 )")
    assert str(caught.value) == "<string>: graph 1 (line 1): role :ARG1 of node 'a' has no target"


def test_metadata_given_to_a_regular_graph_is_its_metadata():
    plain = decode("(a / b :ARG0 (c / d))")
    tagged = decode("(a / b :ARG0 (c / d))", metadata={"id": "x", "snt": "A b."})
    assert dict(plain.metadata) == {} and dict(tagged.metadata) == {"id": "x", "snt": "A b."}
    assert tagged.instances == (("a", "b"), ("c", "d"))


def test_the_header_inside_the_text_is_the_metadata_unless_metadata_is_given():
    text = "# ::id p ::snt Words.\n(a / b :ARG0 (c / d))"  # a comment line: read by the penman path
    assert dict(decode(text).metadata) == {"id": "p", "snt": "Words."}
    assert dict(decode(text, metadata={"id": "given"}).metadata) == {"id": "given"}
    assert decode(text).relations == (("a", ":ARG0", "c"),)


@pytest.mark.parametrize("text", ["", "  \n \t", "\n\n"])
def test_an_empty_text_is_an_empty_graph_error_on_its_first_line(text):
    with pytest.raises(GraphError) as caught:
        decode(text, file="f.amr", number=4, line=7)
    assert str(caught.value) == "f.amr: graph 4 (line 7): empty graph"
    assert caught.value.line == 7


@pytest.mark.parametrize(
    "text",
    ["\ufeff(a / b :ARG0 (c / d))", "\ufeff\ufeff(a / b :ARG0 (c / d))", "(a / b\n\ufeff:ARG0 (c / d))"],
)
def test_a_byte_order_mark_opening_a_line_is_dropped(text):
    graph = decode(text)
    assert graph.instances == (("a", "b"), ("c", "d"))
    assert graph.relations == (("a", ":ARG0", "c"),)
