"""Text made literal in Markdown and LaTeX: what the tool prints there is read back exactly as written.

A metric label, a note or a signature can hold characters those languages treat as syntax (``|``
splits a Markdown table cell, ``_`` starts a LaTeX subscript, ``%`` a comment); every text the
Markdown and LaTeX outputs print goes through these functions, and nothing else escapes.
"""

from __future__ import annotations

import re

_MARKDOWN_INLINE = re.compile(r"[\\`*_\[<|~&$]")
"""Characters that start inline syntax anywhere in a line (GitHub's too: ``~~`` strikes, ``$`` math;
``]`` and ``>`` only close what an escaped ``[`` or ``<`` would have opened)."""

_MARKDOWN_LEAD = re.compile(r"^(?:[#>+=-]|\d{1,9}(?=[.)]))")
"""What starts a block at the beginning of a line: a heading, quote, list item or rule (an ordered
list item's number is followed by the ``.`` or ``)`` to escape)."""


def markdown_cell(text: str) -> str:
    """``text`` as the content of a Markdown table cell that renders as exactly ``text``: inline
    syntax characters, ``|`` among them, are backslash-escaped (no block starts inside a cell)."""
    return _MARKDOWN_INLINE.sub(lambda m: "\\" + m.group(), text)


def markdown_text(text: str) -> str:
    """One line of ``text`` as a Markdown paragraph that renders as exactly ``text``: escaped as a
    cell, and a block marker at its start (``#``, ``-``, ``1.``, ...) escaped too.

    ``text`` is one line without leading or trailing white space (Markdown drops it).
    """
    escaped = markdown_cell(text)
    lead = _MARKDOWN_LEAD.match(escaped)
    if lead is None:
        return escaped
    if lead.group().isdigit():
        end = lead.end()
        return escaped[:end] + "\\" + escaped[end:]
    return "\\" + escaped


def markdown_code(text: str) -> str:
    """``text`` as a Markdown code span, read back exactly (however many backticks or spaces it holds).

    The fence is one backtick longer than the longest run inside; a space pads both ends when the
    text starts or ends with a backtick or with spaces on both sides (CommonMark strips one each).
    """
    runs = [len(run) for run in re.findall(r"`+", text)]
    fence = "`" * (max(runs, default=0) + 1)
    pad = text.startswith("`") or text.endswith("`") or (text.startswith(" ") and text.endswith(" ") and text.strip(" ") != "")
    space = " " if pad else ""
    return f"{fence}{space}{text}{space}{fence}"


_LATEX = {
    "\\": r"\textbackslash{}",
    "{": r"\{",
    "}": r"\}",
    "_": r"\_",
    "%": r"\%",
    "&": r"\&",
    "#": r"\#",
    "$": r"\$",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    "|": r"\textbar{}",
    "<": r"\textless{}",
    ">": r"\textgreater{}",
}
_LATEX_SPECIAL = re.compile("|".join(re.escape(c) for c in _LATEX))
_LIGATURE = re.compile(r"(?<=[-`',!?])(?=[-`',])")
"""Between two characters TeX would join (``--`` an en dash, ``''`` a quote, ``!``` an inverted
mark): an empty group keeps them apart."""


def latex_text(text: str) -> str:
    """``text`` as LaTeX that typesets exactly ``text``: every special character as its command
    (``|`` as ``\\textbar{}``: in the default font encoding ``|``, ``<`` and ``>`` print other
    glyphs), and no ligature between characters that are written apart."""
    return _LIGATURE.sub("{}", _LATEX_SPECIAL.sub(lambda m: _LATEX[m.group()], text))


def latex_code(text: str) -> str:
    """``text`` in typewriter type (a signature), with a line break allowed after each ``|``."""
    return r"\texttt{" + latex_text(text).replace(r"\textbar{}", r"\textbar{}\allowbreak{}") + "}"
