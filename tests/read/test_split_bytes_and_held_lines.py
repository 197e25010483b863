"""Undecodable bytes and held lines in the splitter, and the penman path's refusals, by hand.

A byte that is not UTF-8 outranks any other problem of its block, wherever it stands (after the
graph, in a comment held inside an unclosed graph, on the metadata line that starts the next
block); the lines held inside an unclosed graph belong, with their line numbers and metadata, to
the next block. Expected blocks and messages are written out by hand.
"""

from __future__ import annotations

import logging

import pytest

from amrmetrics.read.decode import GraphError, decode
from amrmetrics.read.split import split_blocks, split_text

BYTE_FF = "\udcff"  # how a 0xFF byte that did not decode reaches the splitter (surrogateescape)


def by_lines(text: str):
    return list(split_blocks(text.split("\n")))


def by_text(text: str):
    return list(split_text([text]))


READERS = [pytest.param(by_lines, id="lines"), pytest.param(by_text, id="text")]


@pytest.mark.parametrize("read", READERS)
def test_a_byte_after_the_graph_outranks_text_after_it(read) -> None:
    blocks = read(f"(a / b) extra\n# note {BYTE_FF}\n\n")
    assert len(blocks) == 1
    assert (blocks[0].number, blocks[0].line) == (1, 1)
    assert blocks[0].problem == "not UTF-8: byte 0xFF at column 8"
    assert blocks[0].problem_line == 2


@pytest.mark.parametrize("read", READERS)
def test_text_after_the_graph_alone_is_its_problem(read) -> None:
    blocks = read("(a / b) extra\n# note\n\n")
    assert blocks[0].problem == "unexpected text after the graph: 'extra'"
    assert blocks[0].problem_line == 1


@pytest.mark.parametrize("read", READERS)
def test_a_byte_in_the_graph_that_follows_a_closed_one(read) -> None:
    blocks = read(f"(a / b)\n(c / {BYTE_FF}d)\n\n")
    assert [(b.number, b.line) for b in blocks] == [(1, 1), (2, 2)]
    assert blocks[0].problem is None
    assert blocks[1].problem == "not UTF-8: byte 0xFF at column 6"
    assert blocks[1].problem_line == 2


@pytest.mark.parametrize("read", READERS)
def test_lines_held_in_an_unclosed_graph_go_to_the_next_block(read) -> None:
    blocks = read(f"(a / b\n# x {BYTE_FF}\n# ::snt s\n# ::id 2\n(c / d)\n\n")
    assert [(b.number, b.line) for b in blocks] == [(1, 1), (2, 5)]
    assert blocks[0].problem is not None and blocks[0].problem_line != 2
    assert blocks[1].metadata == {"snt": "s", "id": "2"}
    assert blocks[1].problem == "not UTF-8: byte 0xFF at column 5"
    assert blocks[1].problem_line == 2
    assert blocks[1].text.strip() == "(c / d)"


@pytest.mark.parametrize("read", READERS)
def test_a_byte_on_the_id_line_that_ends_an_unclosed_graph(read) -> None:
    blocks = read(f"(a / b\n# ::id 2 ::snt {BYTE_FF}\n(c / d)\n\n")
    assert [(b.number, b.line) for b in blocks] == [(1, 1), (2, 3)]
    assert blocks[1].metadata["id"] == "2"
    assert blocks[1].problem == "not UTF-8: byte 0xFF at column 16"
    assert blocks[1].problem_line == 2


def located(text: str) -> tuple[str, int]:
    with pytest.raises(GraphError) as caught:
        decode(text, file="f.amr", number=3, line=10)
    return caught.value.message, caught.value.line


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("~e.1(a / b)", "text outside any graph: '~e.1(a / b)'"),  # an alignment before the graph
        ("(~e.1 a / b)", "Expected: SYMBOL"),  # on a variable
        ("(a / ~e.1 b)", "expected a role here"),  # on the slash
        ("(a / b~)", "expected a role here"),  # a tilde alone is no alignment
    ],
)
def test_alignment_markers_where_penman_refuses_them(text: str, start: str) -> None:
    message, line = located(text)
    assert message.startswith(start)
    assert line == 10


def test_an_empty_node_after_a_string_is_located() -> None:
    assert located('(a / b :c "x y" :d ())') == ("a node with no variable and no concept: '()'", 10)


def test_an_empty_node_is_located_on_its_own_line_not_the_last() -> None:
    assert located("(a / b\n :c ()\n :d e)") == ("a node with no variable and no concept: '()'", 11)


def test_penman_s_log_records_stop_at_one_null_handler() -> None:
    for _ in range(2):
        assert located("(a :c d)") == ("node 'a' has no concept", 10)
    handlers = logging.getLogger("penman").handlers
    assert sum(isinstance(h, logging.NullHandler) for h in handlers) == 1
    assert all(isinstance(h, logging.Handler) for h in handlers)


@pytest.mark.parametrize("header", ["", "# ::id 1\n"], ids=["bare", "with-metadata"])
def test_a_variable_s_line_ignores_its_name_inside_a_string(header: str) -> None:
    first = 10 + header.count("\n")  # the graph's first line
    twice = header + '(x / y :c "(a b"\n :d (a / e)\n :f (a / g))'
    assert located(twice) == ("variable 'a' is defined twice", first + 2)
    bare = header + '(x / y :c "(a b"\n :d (a :e f))'
    assert located(bare) == ("node 'a' has no concept", first + 1)
