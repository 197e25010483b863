"""The Markdown and LaTeX escapes, as laws over arbitrary text.

Markdown is read back by a real CommonMark parser with GitHub's tables and strikethrough
(markdown-it-py); LaTeX has no compiler here (no TeX installation is assumed), so its escape is
checked by a scanner that finds any special character outside a command, and by reading the
commands back.
"""

from __future__ import annotations

import re

from hypothesis import example, given
from hypothesis import strategies as st
from readback import MARKDOWN, inline_text, read_back, unescaped

from amrmetrics.report.escape import latex_code, latex_text, markdown_cell, markdown_code, markdown_text

LINE = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1).filter(lambda s: s == s.strip())
"""One line of text as a note or a cell holds: no control character or line break, no white space at the ends."""
SYNTAX = st.text(st.sampled_from(list("\\`*_[]<>|~&$!#+-=.)(:0123456789 aé{}%^'?,")), min_size=1).filter(lambda s: s == s.strip())
"""Lines made of Markdown's and LaTeX's syntax characters, where an escape is most likely to fail."""


OLD_SPACE_RULE = MARKDOWN.parseInline("` \t `")[0].children[0].content == " \t "
"""Whether this markdown-it-py (before 3.0, CommonMark 0.29) strips no space from a code span made of spaces
and tabs. CommonMark 0.30, which GitHub's cmark and markdown-it-py 3 follow and ``markdown_code`` writes for,
keeps a span unstripped only when it is all spaces (U+0020): a tab is not one."""


def paragraphs(source: str) -> list[str]:
    """What ``source`` renders to, as (block type, text) strings; tables and other blocks are named."""
    tokens = MARKDOWN.parse(source)
    return [t.type if t.type != "inline" else inline_text(t.children) for t in tokens if t.nesting >= 0 or t.type == "inline"]


@given(st.one_of(LINE, SYNTAX))
@example("1. first")
@example("- item")
@example("# heading")
@example("---")
@example("> quote")
@example("a | b")
@example("<b>bold</b>")
@example("&amp; &#35;")
@example("[x]: /url")
@example("~~gone~~ *em* _em_ `code`")
def test_markdown_text_renders_as_itself_in_a_paragraph(text: str) -> None:
    assert paragraphs(markdown_text(text)) == ["paragraph_open", text]


@given(st.lists(st.one_of(LINE, SYNTAX), min_size=2, max_size=4))
def test_markdown_cell_renders_as_itself_in_table_cells(cells: list[str]) -> None:
    head = "| " + " | ".join(f"h{k}" for k in range(len(cells))) + " |"
    rule = "|" + "|".join("---" for _ in cells) + "|"
    row = "| " + " | ".join(markdown_cell(c) for c in cells) + " |"
    tokens = MARKDOWN.parse("\n".join([head, rule, row]))
    body = [inline_text(t.children) for t in tokens[tokens.index(next(t for t in tokens if t.type == "tbody_open")):] if t.type == "inline"]
    assert body == cells


@given(st.one_of(LINE, SYNTAX, st.text(st.sampled_from(["`", " ", "\t", "a", "X", "|"]), min_size=1)))
@example("smatch|std:smatch|solver:exact|dedup:yes|on-error:fail|v:0.1.0")
@example("`a`")
@example(" a ")
@example(" X ")
@example("  ")  # spaces only: CommonMark strips nothing, so nothing is padded
@example(" \t ")  # a tab is not a space: the spaces around it would be stripped
@example(" a")  # a space at one end only is kept as written
def test_markdown_code_reads_back_exactly(text: str) -> None:
    if OLD_SPACE_RULE and "\t" in text and text.strip(" \t") == "":
        return  # read by CommonMark 0.29's rule there (below): no span reads back as both rules' renderers
    tokens = MARKDOWN.parse("signature: " + markdown_code(text))
    code = [t for t in tokens[1].children if t.type == "code_inline"]
    assert len(code) == 1 and code[0].content == text


@given(st.one_of(LINE, SYNTAX, st.text()))
@example("a\\b{c}_d^e~f|g<h>i%j&k#l$m")
@example("--metric -- `quoted'' ?` !`")
def test_latex_text_leaves_no_special_character_and_reads_back(text: str) -> None:
    escaped = latex_text(text)
    assert unescaped(escaped) == []
    assert read_back(escaped) == text
    assert not re.search(r"--|``|''|,,|[!?]`", escaped)  # no TeX ligature joins written characters


@given(st.one_of(LINE, SYNTAX))
@example("smatch|std:smatch|solver:exact|dedup:yes|on-error:fail|v:0.1.0")
def test_latex_code_is_typewriter_text_that_reads_back(text: str) -> None:
    code = latex_code(text)
    assert code.startswith(r"\texttt{") and code.endswith("}")
    inner = code[len(r"\texttt{") : -1]
    assert unescaped(inner) == [] and read_back(inner) == text
