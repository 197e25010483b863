"""regular_graph (split_text's shortcut for a whole graph) against blocks worked out by hand, and
graph_extent's answer for texts with no graph or text before it."""

from __future__ import annotations

import io

import pytest

from amrmetrics.read.recent import forget_recent
from amrmetrics.read.scan import NO_GRAPH, Extent, graph_extent, text_after, text_before
from amrmetrics.read.split import Block, regular_graph, split_blocks, split_text


@pytest.fixture(autouse=True)
def _cold():
    """Results kept from earlier reads (split_text remembers regular texts) must not answer for these."""
    forget_recent()


@pytest.mark.parametrize(
    ("text", "graph"),
    [
        ("(a / café :mod (ß / straße))", "(a / café :mod (ß / straße))"),  # non-ASCII text between the parentheses
        ('(a / b :op1 "x" :op2 "é(")', '(a / b :op1 "x" :op2 "é(")'),
        ("(a / é))", None),
        ("(a / b)\x0c", None),  # a form feed after the graph: the line-by-line reader drops it, so no shortcut
        ("(a / b)X", None),
        ("(a / b) X", None),
        ("(a / b\n\ufeff   :ARG0 (c / d))", None),  # a later line opening with a byte-order mark
    ],
)
def test_regular_graph(text, graph):
    assert regular_graph(text) == graph


@pytest.mark.parametrize(
    ("text", "blocks"),
    [
        ("(a / café :mod (ß / x))\n\n", [Block(1, 1, "(a / café :mod (ß / x))", {})]),
        ("(a / b)\x0c\n\n(c / d)\n", [Block(1, 1, "(a / b)", {}), Block(2, 3, "(c / d)", {})]),
        ("(a / b)X\n\n", [Block(1, 1, "(a / b)", {}, text_after("X"), 1)]),
        ("(a / b\n\ufeff   :ARG0 (c / d))\n\n", [Block(1, 1, "(a / b\n   :ARG0 (c / d))", {})]),
    ],
)
def test_split_text_gives_the_blocks_by_hand_and_those_of_split_blocks(text, blocks):
    assert list(split_text([text])) == blocks
    forget_recent()
    assert list(split_blocks(io.StringIO(text))) == blocks


def test_a_text_of_comments_only_is_an_empty_graph_at_line_1():
    assert graph_extent("# just a comment\n  \n#", 100) == Extent(0, 0, 1, {}, "empty graph", 1)


def test_a_header_without_a_graph():
    assert graph_extent("\n# ::id x\n# ::snt y z\n", 100) == Extent(0, 0, 1, {"id": "x", "snt": "y z"}, NO_GRAPH, 1)


def test_text_before_the_graph_names_its_first_line_where_it_starts():
    text = "# ::id b\n\nfoo bar\nbaz\n(a / b)"
    assert graph_extent(text, 100) == Extent(0, 0, 1, {"id": "b"}, text_before("foo bar"), 3)
