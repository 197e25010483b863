"""graph_extent's whole answer (span, line, metadata, problem and its line) for texts that are not
one clean graph, worked out by hand; and penman's repair warnings stopping at its own logger."""

from __future__ import annotations

import logging

import pytest

from amrmetrics.read import GraphError, decode
from amrmetrics.read.scan import Extent, graph_extent, text_after, text_outside, unclosed


def test_text_without_a_graph_is_located_at_its_first_line():
    text = "# ::id q\nfoo\n  bar\n"
    assert graph_extent(text, 100) == Extent(0, 0, 1, {"id": "q"}, text_outside("foo\nbar"), 2)


def test_an_unclosed_graph_is_located_at_its_opening_line():
    text = "# ::id u\n  (a / b\n   :ARG0 (c / d)\n"
    # the '(' is at offset 9 + 2 = 11 on line 2; one '(' is left open
    assert graph_extent(text, 100) == Extent(11, 11, 2, {"id": "u"}, unclosed(1), 2)


def test_text_after_the_closing_parenthesis_on_its_line_is_located_there():
    text = "# ::id t\n(a / b) extra"
    assert graph_extent(text, 100) == Extent(9, 16, 2, {"id": "t"}, text_after("extra"), 2)


def test_a_metadata_line_after_the_graph_is_text_after_it_but_a_plain_comment_is_not():
    assert graph_extent("(a / b)\n#::id next\n", 100) == Extent(0, 7, 1, {}, text_after("#::id next"), 2)
    assert graph_extent("(a / b)\n#: note\n# plain\n", 100) == Extent(0, 7, 1, {}, None, 1)


def test_penman_repair_warnings_stop_at_a_null_handler_of_penman_s_logger(monkeypatch):
    own, root = logging.getLogger("penman"), logging.getLogger()
    monkeypatch.setattr(own, "handlers", [])  # as in a fresh process, before the first penman parse
    monkeypatch.setattr(root, "handlers", list(root.handlers))
    before = list(root.handlers)
    with pytest.raises(GraphError, match="role :ARG0 of node 'a' has no target"):
        decode("(a / b :ARG0 )")  # penman logs 'Missing target' while repairing it
    assert [type(h) for h in own.handlers] == [logging.NullHandler]
    assert root.handlers == before
