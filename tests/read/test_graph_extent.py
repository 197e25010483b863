"""Where the one graph of a text is, field by field, worked out by hand (offsets count every
character, a line end included): the graph's span, its line and metadata, and for a broken text
the problem and its line, with the span of the graph's opening."""

from __future__ import annotations

from amrmetrics.read.scan import COMMENT_INSIDE, Extent, graph_extent, text_after, too_deep

HEADER = "# ::id x\n"  # 9 characters: the graph opens at offset 9 + its column


def test_a_graph_after_a_header_and_an_indent():
    text = HEADER + "  (a / b\n   :ARG0 (c / d))\n# a comment after it"
    # '(' at 9 + 2 = 11; line 3 starts at 9 + 9 = 18 and its 17 characters end with the closing ')'
    assert graph_extent(text, 100) == Extent(11, 35, 2, {"id": "x"}, None, 1)


def test_a_comment_inside_the_graph_is_located_and_the_span_is_the_opening():
    text = HEADER + " (a / b\n# inside\n   :ARG0 (c / d))"
    assert graph_extent(text, 100) == Extent(10, 10, 2, {"id": "x"}, COMMENT_INSIDE, 3)


def test_nesting_too_deep_is_located_at_the_line_that_goes_too_deep():
    text = HEADER + "(a / b\n   :ARG0 (c / d\n      :ARG1 (e / f)))"
    assert graph_extent(text, 2) == Extent(9, 9, 2, {"id": "x"}, too_deep(2), 4)


def test_text_after_the_graph_is_its_problem_on_its_line():
    text = HEADER + "(a / b)\n\n  trailing  "
    assert graph_extent(text, 100) == Extent(9, 16, 2, {"id": "x"}, text_after("trailing"), 4)


def test_a_header_comment_with_one_colon_pair_is_metadata():
    # '#::id' and '# ::id' are both metadata; '## ::snt' too (the body after the first '#')
    text = "#::id y\n## ::snt s t\n(a / b)"
    assert graph_extent(text, 100) == Extent(21, 28, 3, {"id": "y", "snt": "s t"}, None, 1)
