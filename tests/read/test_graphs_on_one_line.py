"""A line of complete graphs is that many graphs; anything else after a graph on its line is text
after the graph: nested graphs, a stray ')' between graphs, text before the
first graph. Blocks worked out by hand from the splitter's documented rules, for both splitters."""

from __future__ import annotations

import io

import pytest

from amrmetrics.read.recent import forget_recent
from amrmetrics.read.scan import graphs_on_line, text_after
from amrmetrics.read.split import Block, split_blocks, split_text


def both(text: str) -> list[Block]:
    """The blocks of ``text`` from the fast splitter, checked equal to the line-by-line one's."""
    forget_recent()
    fast = list(split_text([text]))
    assert list(split_blocks(io.StringIO(text))) == fast
    return fast


def test_nested_graphs_on_one_line_are_each_a_graph():
    text = "(a / x :ARG0 (b / y)) (c / z :ARG1 (d / w :mod (e / v)))\n"
    assert both(text) == [
        Block(1, 1, "(a / x :ARG0 (b / y))", {}),
        Block(2, 1, "(c / z :ARG1 (d / w :mod (e / v)))", {}),
    ]
    assert graphs_on_line("(a :r (b)) (c :r (d :r (e)))") == ["(a :r (b))", "(c :r (d :r (e)))"]


def test_a_stray_parenthesis_between_graphs_is_text_after_the_first():
    # ')' right after a complete graph closes nothing: the line is not made of complete graphs
    text = "(a / x) )( (b / y)\n"
    assert both(text) == [Block(1, 1, "(a / x)", {}, text_after(")( (b / y)"), 1)]
    assert graphs_on_line("(a) )( (b)") is None
    assert graphs_on_line('(a) "s" (b)') is None


@pytest.mark.parametrize("text", ["x (a)", "x(a) (b)", "- (a)"])
def test_text_before_the_first_graph_is_not_a_line_of_graphs(text):
    assert graphs_on_line(text) is None


def test_white_space_around_the_graphs_is_allowed():
    assert graphs_on_line("(a)\t (b)  ") == ["(a)", "(b)"]
    assert graphs_on_line(' (a :s "x ) (")') == ['(a :s "x ) (")']
