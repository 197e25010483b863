"""Splitting a corpus into graph blocks, on a file of hand-picked cases (tests/data/split-cases.amr):
the blocks, their lines, metadata and problems are written out here from the documented rules, and
both splitters (line by line, and the fast one on pieces of text cut anywhere at a line end) must
give exactly them."""

from __future__ import annotations

import pytest
from conftest import DATA

from amrmetrics.read import split_blocks
from amrmetrics.read import split as split_module
from amrmetrics.read.split import parse_metadata, split_text

TEXT = (DATA / "split-cases.amr").read_text(encoding="utf-8")
COMMENT = "a comment line inside the graph (penman reads no comment there)"
LONG = "this line is not a graph and it is rather long, longer than sixty characters"
EXPECTED = [
    # (number, line, text, metadata, problem, problem line (0: none or the block's line))
    (1, 2, '(a / alpha\n   :ARG0 (b / beta\n      :ARG1 (c / gamma))\n   :op1 "smile :) (really")', {"id": "one", "date": "2020"}, None, 0),
    (2, 8, '(d / delta :op1 "say \\" ) (" :ARG0 (e / eps\n   :ARG1 (f / phi)))', {"id": "two"}, None, 0),  # "#::id": no space needed
    (3, 10, "(g / gee)", {}, None, 0),  # a line of complete graphs is that many graphs
    (4, 10, "(h / aitch)", {}, None, 0),
    (5, 12, "(i / iota\n# a comment line inside a graph\n   :ARG0 (j / jay))", {}, COMMENT, 13),  # the next line continues the graph
    (6, 16, LONG + "\nand continues here", {}, f"text outside any graph: {LONG[:57] + '...'!r} (a graph starts with '(')", 16),
    (7, 19, "", {"id": "orphan"}, "empty block: metadata without a graph", 19),  # a second '# ::id': the first header had no graph
    (8, 21, "(k / kappa :ARG0 (l / lambda))", {"id": "three"}, "unexpected text after the graph: 'trailing text'", 21),
    (9, 22, "(m / mu)", {}, None, 0),  # '(' at column 0 after a complete graph; trailing blanks dropped
    (10, 24, '(n / name\n   :op1 "x (" :ARG0 (d2 / e2\n      :ARG1 (f2 / g2)))', {"id": "last"}, None, 0),  # "(" in a string
    (11, 27, "(p / q\n   :ARG0 (r / s\n))", {}, None, 0),  # a line that closes exactly what is open
    (12, 30, "(t / tee\n   # an indented comment\n   :ARG0 (u / you))", {}, COMMENT, 31),  # an indented '#' line too
    (13, 33, "(o / omegaX\n   :ARG0 (p2 / pi))", {}, None, 0),
    (14, 35, "(g3 / gee)", {}, "unexpected text after the graph: '(h3 / aitch'", 35),  # not complete on its line: text after,
    # which runs on to the next boundary
    (15, 37, "(k2 / kappa)", {}, "unexpected text after the graph: 'trailing text'", 37),  # and takes 'not a graph' along
    (16, 39, "", {"id": "m1"}, "empty block: metadata without a graph", 39),
    (17, 41, "(z / zeta", {"id": "m2"}, "unbalanced parentheses: 1 '(' not closed", 0),  # open at the end of the file
]


GUESSES = {14: (False, 35), 15: (False, 38)}
"""The blocks made by a guess, (guessed_start, took_in): '(h3 / aitch' after a graph on its line
might begin another graph, and the line 'not a graph' another block."""


def blocks(found) -> list[tuple]:
    return [(b.number, b.line, b.text, b.metadata, b.problem, b.problem_line) for b in found]


def guesses(found) -> dict[int, tuple[bool, int]]:
    return {b.number: (b.guessed_start, b.took_in) for b in found if b.guessed_start or b.took_in}


@pytest.mark.parametrize("ending", ["\n", "\r\n"])
def test_line_by_line(ending):
    lines = [line + ending for line in TEXT.split("\n")[:-1]]
    assert blocks(split_blocks(lines)) == EXPECTED
    assert guesses(split_blocks(lines)) == GUESSES


@pytest.mark.parametrize("size", [1, 20, 60, 100, 10_000])
def test_pieces_of_text(size):
    pieces, current = [], ""
    for line in TEXT.splitlines(keepends=True):
        current += line
        if len(current) >= size:
            pieces.append(current)
            current = ""
    pieces.append(current)
    assert blocks(split_text(pieces)) == EXPECTED
    assert guesses(split_text(pieces)) == GUESSES


def test_garbage_is_shown_whole_up_to_sixty_characters():
    for width, shown in ((60, "x" * 60), (61, "x" * 57 + "..."), (59, "x" * 59)):
        (block,) = split_blocks(["x" * width])
        assert block.problem == f"text outside any graph: {shown!r} (a graph starts with '(')" and block.text == "x" * width


def test_regular_graphs_never_reach_the_line_machine(monkeypatch):
    calls = []
    real = split_module._Splitter.line

    def counting(self, lineno, line):
        calls.append(line)
        return real(self, lineno, line)

    monkeypatch.setattr(split_module._Splitter, "line", counting)
    text = '# ::id a\n(a / alpha\n   :ARG0 (b / beta :op1 "x (y"))\n\n\n(c / gamma)  \n\n'  # each graph followed by a blank line
    assert blocks(split_text([text])) == [(1, 2, '(a / alpha\n   :ARG0 (b / beta :op1 "x (y"))', {"id": "a"}, None, 0), (2, 6, "(c / gamma)", {}, None, 0)]
    assert calls == []
    assert blocks(split_text(["(k / kappa) X\n"])) == [(1, 1, "(k / kappa)", {}, "unexpected text after the graph: 'X'", 1)]


@pytest.mark.parametrize(
    ("comment", "pairs"),
    [
        (" ::id", {"id": ""}),
        (" ::id  a b  ", {"id": "a b"}),
        (" ::", {}),
        (" ::id a ::snt b c", {"id": "a", "snt": "b c"}),
        (" note ::id x", {"id": "x"}),
        (" ::id a ::date", {"id": "a", "date": ""}),
        (" no pairs here", {}),
    ],
)
def test_metadata_pairs(comment, pairs):
    assert parse_metadata(comment) == pairs


@pytest.mark.parametrize(
    ("comment", "pairs"),
    [
        (" ::id ::snt b", {"id": "", "snt": "b"}),
        (" ::id\t::snt b", {"id": "", "snt": "b"}),
        (" ::a ::b ::c d", {"a": "", "b": "", "c": "d"}),
    ],
)
def test_an_empty_value_before_another_key(comment, pairs):
    """An empty value does not swallow the next key (it once gave id '::snt b')."""
    assert parse_metadata(comment) == pairs
