"""Reading printed output back as a person sees it: rich tables in the terminal, Markdown rendered by
a CommonMark parser with GitHub's tables (markdown-it-py), and escaped LaTeX text.

Written for the tests of the Markdown and LaTeX outputs; no TeX installation is assumed, so
LaTeX is read by a small scanner of the escapes the tool may write, which flags any special
character outside them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from markdown_it import MarkdownIt

MARKDOWN = MarkdownIt("commonmark").enable(["table", "strikethrough"])
"""GitHub's flavour as far as it matters here: CommonMark plus pipe tables and ``~~`` strikethrough."""


def inline_text(tokens) -> str:
    """The text a person reads in rendered inline tokens (raw HTML marked as such: it is never the text)."""
    out = []
    for token in tokens:
        if token.type in ("text", "code_inline"):
            out.append(token.content)
        elif token.type == "html_inline":
            out.append(f"<html {token.content}>")
        elif token.type == "softbreak":
            out.append("\n")
        elif token.children:
            out.append(inline_text(token.children))
    return "".join(out)


@dataclass
class Rendered:
    """What a Markdown text renders to: its blocks in order, as ("table", cells) or ("paragraph", text)
    or (any other block type, "")."""

    blocks: list[tuple[str, object]] = field(default_factory=list)
    codes: list[list[str]] = field(default_factory=list)
    """The code spans of each paragraph."""

    def of(self, kind: str) -> list[object]:
        return [content for k, content in self.blocks if k == kind]


def render_markdown(source: str) -> Rendered:
    """Parse ``source`` and collect its top-level blocks: tables as lists of rows of cell texts
    (header first), paragraphs as their text."""
    out = Rendered()
    tokens = MARKDOWN.parse(source)
    k = 0
    while k < len(tokens):
        token = tokens[k]
        if token.type == "table_open":
            rows, row = [], None
            while tokens[k].type != "table_close":
                t = tokens[k]
                if t.type == "tr_open":
                    row = []
                elif t.type == "tr_close":
                    rows.append(row)
                elif t.type == "inline" and row is not None:
                    row.append(inline_text(t.children))
                k += 1
            out.blocks.append(("table", rows))
        elif token.type == "paragraph_open":
            inline = tokens[k + 1]
            out.blocks.append(("paragraph", inline_text(inline.children)))
            out.codes.append([t.content for t in inline.children if t.type == "code_inline"])
            k += 2
        elif token.nesting >= 0 and token.level == 0:
            out.blocks.append((token.type, ""))
        k += 1
    return out


def rich_output(text: str) -> tuple[list[list[list[str]]], list[str]]:
    """A text-format output as (tables, lines): each rich table as rows of cells (header first),
    and every other line but the tables' titles (the line right above each table)."""
    lines = text.splitlines()
    tables, rest, k = [], [], 0
    while k < len(lines):
        line = lines[k]
        if k + 1 < len(lines) and lines[k + 1].startswith("┏"):
            k += 1  # a title
            continue
        if line.startswith("┏"):
            rows = []
            while not lines[k].startswith("└"):
                if lines[k][:1] in ("┃", "│"):
                    rows.append([cell.strip() for cell in re.split("[┃│]", lines[k])[1:-1]])
                k += 1
            tables.append(rows)
        else:
            rest.append(line)
        k += 1
    return tables, rest


LATEX_SPECIALS = set("\\{}_%&#$~^|<>")
WORDS = {"textbackslash": "\\", "textasciitilde": "~", "textasciicircum": "^", "textbar": "|", "textless": "<",
         "textgreater": ">", "allowbreak": ""}
TOKEN = re.compile(r"\\(" + "|".join(WORDS) + r")\{\}|\\([{}_%&#$])|\{\}|(.)", re.S)
"""One piece of escaped LaTeX: a text command with its empty group, a control symbol (``\\_``), an empty
group between two characters, or one character as it is."""


def unescaped(latex: str) -> list[str]:
    """Special characters of escaped ``latex`` that are not part of an escape."""
    return [m.group(3) for m in TOKEN.finditer(latex) if m.group(3) in LATEX_SPECIALS]


def read_back(latex: str) -> str:
    """What escaped ``latex`` typesets: each command replaced by its character."""
    return "".join(WORDS[m.group(1)] if m.group(1) else m.group(2) or m.group(3) or "" for m in TOKEN.finditer(latex))


TEXTTT = re.compile(r"\\texttt\{((?:[^{}]|\\[{}]|\{\})*)\}")
"""Typewriter text whose content is escaped text (braces in it are escaped or empty groups)."""


def latex_paragraph(latex: str) -> tuple[str, list[str], list[str]]:
    """A paragraph of escaped text and typewriter text: what it typesets, its typewriter parts' texts,
    and every special character left unescaped (in or out of the typewriter parts)."""
    text, codes, bad, at = [], [], [], 0
    for m in TEXTTT.finditer(latex):
        text.append(read_back(latex[at : m.start()]))
        bad += unescaped(latex[at : m.start()]) + unescaped(m.group(1))
        codes.append(read_back(m.group(1)))
        text.append(codes[-1])
        at = m.end()
    text.append(read_back(latex[at:]))
    bad += unescaped(latex[at:])
    return "".join(text), codes, bad


def latex_tabular(latex: str) -> list[list[str]]:
    """The cells of a booktabs ``tabular`` (header first), each read back; a cell with an unescaped
    special character is returned as ``<unescaped ...>``."""
    lines = latex.splitlines()
    assert lines[0].startswith(r"\begin{tabular}{") and lines[1] == r"\toprule" and lines[3] == r"\midrule", latex
    assert lines[-2:] == [r"\bottomrule", r"\end{tabular}"], latex
    rows = []
    for line in [lines[2], *lines[4:-2]]:
        assert line.endswith(r" \\"), line
        cells = re.split(r"(?<!\\) & ", line[: -len(r" \\")])
        rows.append([read_back(c) if not unescaped(c) else f"<unescaped {c}>" for c in cells])
    return rows
