"""The line-by-line splitter inside an unclosed graph: which lines start the next block, and which
problem (and line) the block keeps; blocks worked out by hand, for split_text and split_blocks."""

from __future__ import annotations

import io

import pytest

from amrmetrics.read.recent import forget_recent
from amrmetrics.read.scan import COMMENT_INSIDE, text_after, unclosed
from amrmetrics.read.split import Block, split_blocks, split_text

CASES = [
    # no header: a line opening with '(' at column 0 starts the next graph, even if it does not close the open one
    # (a guess: it might continue the open graph)
    ("(a / b :ARG0 (x / y\n(c / d)\n", [Block(1, 1, "(a / b :ARG0 (x / y", {}, unclosed(2)), Block(2, 2, "(c / d)", {}, guessed_start=True)]),
    # a header: only after a blank line
    (
        "# ::id a\n(a / b :ARG0 (x / y\n\n(c / d)\n",
        [Block(1, 2, "(a / b :ARG0 (x / y", {"id": "a"}, unclosed(2)), Block(2, 4, "(c / d)", {}, guessed_start=True)],
    ),
    # (the '(' at column 0 that it takes in might begin another graph)
    (
        "# ::id a\n(a / b :ARG0 (x / y\n# note\n(c / d))\n",
        [Block(1, 2, "(a / b :ARG0 (x / y\n# note\n(c / d))", {"id": "a"}, COMMENT_INSIDE, 3, took_in=4)],
    ),
    # after a metadata line, an indented '(' starts the next graph too
    (
        "(a / b :ARG0 (x / y\n# ::snt next\n  (c / d)\n",
        [Block(1, 1, "(a / b :ARG0 (x / y", {}, unclosed(2)), Block(2, 3, "(c / d)", {"snt": "next"})],
    ),
    # an undecodable byte on the line that starts the next graph is that graph's problem
    (
        "(a / b :ARG0 (x / y\n(c / d \udce9)\n",
        [
            Block(1, 1, "(a / b :ARG0 (x / y", {}, unclosed(2)),
            Block(2, 2, "(c / d \udce9)", {}, "not UTF-8: byte 0xE9 at column 8", 2, guessed_start=True),
        ],
    ),
    # an undecodable byte outranks a comment inside the graph, on a held line or on the line itself
    ("(a / b\n# c\udce9\n   :ARG0 (c / d))\n", [Block(1, 1, "(a / b\n# c\udce9\n   :ARG0 (c / d))", {}, "not UTF-8: byte 0xE9 at column 4", 2)]),
    ("(a / b\n# c\n   :ARG0 (c / d \udce9))\n", [Block(1, 1, "(a / b\n# c\n   :ARG0 (c / d \udce9))", {}, "not UTF-8: byte 0xE9 at column 17", 3)]),
    # text after the ')' on a line that follows held lines is located on that line
    ("(a / b\n\n   :ARG0 (c / d)) extra\n", [Block(1, 1, "(a / b\n\n   :ARG0 (c / d))", {}, text_after("extra"), 3, took_in=2)]),
]


@pytest.mark.parametrize(("text", "blocks"), CASES)
def test_blocks_inside_an_open_graph(text, blocks):
    forget_recent()
    assert list(split_text([text])) == blocks
    assert list(split_blocks(io.StringIO(text))) == blocks
