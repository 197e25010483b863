"""The fast text splitter gives exactly the blocks of the line-by-line state machine."""

from __future__ import annotations

import glob
import io

import pytest
from conftest import SHARED, requires_shared
from hypothesis import given, settings
from hypothesis import strategies as st

from amrmetrics.read import iter_entries, iter_text_entries, source, split_blocks
from amrmetrics.read.split import regular_graph, split_text

LINES = (
    "",
    "   ",
    "\t",
    "\x0c",
    "# ::id a1",
    "# ::id a2 ::snt two keys",
    "# ::snt a sentence (with parentheses)",
    "  # ::id indented",
    "# plain comment",
    "#",
    "(a / b)",
    "(a / b",
    "(a / b :ARG0 (c / d",
    "   :ARG1 (e / f))",
    "   :ARG1 (e / f)))",
    "      :mod (g / h)",
    "  (x / y)",
    "(a / b) (c / d)",
    "(a / b) trailing",
    "(a / b)  ",
    "(a / b)\x0c",
    ')"',
    ')',
    '))',
    '   :op1 "Paris" :op2 "a (b"',
    '   :op1 "open',
    'still open" :op2 x)',
    '(n / name :op1 "say \\"hi\\"")',
    '(n / name :op1 "back\\slash)")',
    "   :mod #hash)",
    "garbage here",
    "((a / b))",
    "(a / b :ARG0 a)",
    "   # ::id inside",
    "# ::snt again",
    "# ::node\t0\tb",
    "\ufeff# ::id bom",
    "\ufeff(a / b)",
    "  (c / d))",
    '(a / b :op1 "x\\y")',
    '   :op1 "x\\" :op2 ")"',
    "(a / caf\udce9)",
    "# ::snt caf\udce9",
    "   :op1 x\udcff)",
    "garbage \udc80",
)
"""Line shapes that exercise every branch: separators, metadata, nesting, strings, escapes, garbage."""


def _pieces(text: str, cuts: list[int]) -> list[str]:
    """``text`` cut into pieces that end at line ends (after the ``k``-th newline for each cut ``k``)."""
    ends = [i + 1 for i, ch in enumerate(text) if ch == "\n"]
    chosen = sorted({ends[k % len(ends)] for k in cuts}) if ends else []
    bounds = [0, *chosen, len(text)]
    return [text[a:b] for a, b in zip(bounds, bounds[1:]) if b > a]


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.sampled_from(LINES), max_size=30),
    st.lists(st.integers(0, 60), max_size=5),
    st.booleans(),
)
def test_generated_corpora_give_the_same_blocks(lines, cuts, final_newline):
    text = "\n".join(lines) + ("\n" if final_newline and lines else "")
    assert list(split_text(_pieces(text, cuts))) == list(split_blocks(io.StringIO(text)))


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet='()"\\#: \t\nab/:-\ufeff\udce9\x0c', max_size=120))
def test_random_text_gives_the_same_blocks(text):
    assert list(split_text([text])) == list(split_blocks(io.StringIO(text)))


@pytest.mark.parametrize(
    "text, graph",
    [
        ("(a / b)", "(a / b)"),
        ("(a / b\n  :ARG0 (c / d))  \t", "(a / b\n  :ARG0 (c / d))"),
        ('(a / b :op1 "x)(")', '(a / b :op1 "x)(")'),
        ("(a / b) (c / d)", None),  # two graphs on one line
        ("(a / b))", None),  # closes early: the last ')' is text after the graph
        ("(a / b\n(c / d))", None),  # a line opening with '(' ends the unclosed graph
        ("(a / b\n# ::id x\n)", None),
        ('(a / b :op1 "open\n")', None),  # a string across lines
        ('(a / b :op1 "esc\\")', None),
        ('(a / b) "x"', None),
        ("(a / b", None),
    ],
)
def test_regular_graph_accepts_only_what_the_state_machine_reads_as_one_graph(text, graph):
    assert regular_graph(text) == graph
    if graph is not None:
        blocks = list(split_blocks(text.split("\n")))
        assert [(b.text, b.problem) for b in blocks] == [(graph, None)]


@requires_shared
@pytest.mark.parametrize("chunk_chars", [source.CHUNK_CHARS, 1000])
def test_every_shared_file_gives_the_same_blocks(monkeypatch, chunk_chars):
    monkeypatch.setattr(source, "CHUNK_CHARS", chunk_chars)
    files = sorted(glob.glob(str(SHARED / "data/**/*.amr"), recursive=True))
    assert files
    for path in files:
        with open(path, encoding="utf-8") as handle:
            expected = list(split_blocks(handle))
        assert list(split_text(source.read_chunks(path))) == expected, path
        assert [(e.number, e.line, e.id) for e in iter_entries(path)] == [(b.number, b.line, b.metadata.get("id")) for b in expected]


def test_text_entries_cut_lines_like_splitlines():
    text = "# ::id a\r\n(a / b\r  :ARG0 (c / d))\x85\x85(e / f)\u2028# ::id g"
    lines = text.splitlines()
    got = [(e.number, e.line, e.error and str(e.error)) for e in iter_text_entries(text)]
    want = [(b.number, b.line, b.problem) for b in split_blocks(lines)]
    assert [g[:2] for g in got] == [w[:2] for w in want] and len(got) == 3
    assert list(iter_text_entries("")) == []
