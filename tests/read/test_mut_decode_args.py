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
