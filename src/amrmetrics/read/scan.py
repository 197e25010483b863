"""PENMAN's lexical rules, shared by the splitter and the decoder so that both give one verdict.

penman's lexer cuts its input into lines (``str.splitlines``) and reads a string as ``"`` ... ``"``
on one line, where a backslash escapes the next character; a ``"`` that opens no such string is a
stray character, and parentheses count everywhere else. A line whose first visible character is
``#`` is a comment. :func:`graph_extent` applies these rules to a text that must hold one graph.
"""

from __future__ import annotations

import re
from typing import NamedTuple

LINE_BREAKS = "\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
"""Characters inside one of our lines (cut at ``\\n``) where penman's lexer starts a new line."""

_NOT_IN_STRING = f'"\\\\\\n{LINE_BREAKS}'
STRING = f'"[^{_NOT_IN_STRING}]*(?:\\\\[^\\n{LINE_BREAKS}][^{_NOT_IN_STRING}]*)*"'
"""A quoted string as penman lexes it: on one line, a backslash escaping the next character."""

_PAREN_OR_STRING = re.compile(f"(\\()|(\\))|{STRING}")
_META = re.compile(r"(?:^|\s)::(\S+)(?:[ \t]+(?!::\S)(.*?))?(?=\s+::\S|\s*$)")
_SURROGATE = re.compile("[\udc80-\udcff]")
"""What an undecodable byte becomes when a file is read with ``errors="surrogateescape"``."""


def parse_metadata(comment: str) -> dict[str, str]:
    """The ``::key value`` pairs of one comment line (text after ``#``)."""
    body = comment.strip()
    if body.startswith("::") and body.count("::") == 1:  # the usual one pair per line
        parts = body[2:].split(None, 1)
        if not parts:  # a bare "# ::" names no key
            return {}
        return {parts[0]: parts[1].strip() if len(parts) > 1 else ""}
    return {m.group(1): (m.group(2) or "").strip() for m in _META.finditer(comment)}


def scan_line(line: str, pos: int, depth: int) -> tuple[int, int]:
    """Follow ``line`` from ``pos`` at nesting ``depth``: ``(depth after the line, -1)``, or
    ``(0, index after the ')' that closes the graph)``."""
    for m in _PAREN_OR_STRING.finditer(line, pos):
        kind = m.lastindex
        if kind == 1:
            depth += 1
        elif kind == 2:
            depth -= 1
            if depth == 0:
                return 0, m.end()
    return depth, -1


def graphs_on_line(text: str) -> list[str] | None:
    """The graphs of ``text`` (one line, starting with ``(``) when it is nothing but complete
    graphs separated by whitespace, each as written; else None (then it is text after a graph)."""
    graphs: list[str] = []
    depth, start = 0, 0
    for m in _PAREN_OR_STRING.finditer(text):
        if depth == 0:
            if m.lastindex != 1 or text[start:m.start()].strip():
                return None
            start = m.start()
        if m.lastindex == 1:
            depth += 1
        elif m.lastindex == 2:
            depth -= 1
            if depth == 0:
                graphs.append(text[start:m.end()])
                start = m.end()
    return graphs if depth == 0 and graphs and not text[start:].strip() else None


def bad_byte(line: str) -> str | None:
    """Why ``line`` is not UTF-8 (it holds a byte that did not decode), or None."""
    if line.isascii():  # a flag of the string: no work
        return None
    try:
        line.encode("utf-8")  # fails only on a surrogate; much faster than searching for one
        return None
    except UnicodeEncodeError as err:
        m = _SURROGATE.search(line, err.start)
    if m is None:
        return None
    return f"not UTF-8: byte 0x{ord(m.group()) - 0xDC00:02X} at column {m.start() + 1}"


def shown(text: str) -> str:
    """``text`` quoted for a message, cut to 60 characters."""
    return repr(text if len(text) <= 60 else text[:57] + "...")


def text_after(rest: str) -> str:
    """Message: something follows the graph's closing parenthesis (located at its line)."""
    return f"unexpected text after the graph: {shown(rest)}"


def text_before(text: str) -> str:
    """Message: something that is not a comment precedes the graph (located at its line)."""
    return f"unexpected text before the graph: {shown(text)}"


def text_outside(text: str) -> str:
    """Message: text that holds no graph."""
    return f"text outside any graph: {shown(text)} (a graph starts with '(')"


COMMENT_INSIDE = "a comment line inside the graph (penman reads no comment there)"
NO_GRAPH = "empty block: metadata without a graph"


def unclosed(depth: int) -> str:
    """Message: the graph's parentheses never balance (located at the graph's first line)."""
    return f"unbalanced parentheses: {depth} '(' not closed"


def too_deep(limit: int) -> str:
    """Message: nesting beyond what the reader accepts."""
    return f"nesting deeper than {limit} levels (the reader's limit: penman's parser recurses)"


class Extent(NamedTuple):
    """Where the one graph of a text is, or why the text is not one graph."""

    start: int
    """Offset of the graph's ``(``."""
    end: int
    """Offset just after its closing ``)``."""
    line: int
    """1-based line of the ``(``."""
    metadata: dict[str, str]
    """The ``::key value`` pairs of the comment lines before the graph."""
    problem: str | None = None
    problem_line: int = 1


def graph_extent(text: str, max_depth: int) -> Extent:
    """Find the one graph of ``text``: comment lines may precede it and follow it, nothing else.

    Applies the splitter's rules to a text known to hold one graph: text before the graph, a
    comment line inside it, text after it, unbalanced or too deeply nested parentheses are the
    problems the splitter reports for a graph of a file, with the same messages.
    """
    lines = text.split("\n")
    metadata: dict[str, str] = {}
    offset = 0
    before: list[str] = []  # lines of text that is not a comment, stripped
    before_line = 0
    k = 0
    while k < len(lines):
        body = lines[k].strip()
        if body.startswith("("):
            break
        if body.startswith("#"):
            metadata.update(parse_metadata(body[1:]))
        elif body:
            before_line = before_line or k + 1
            before.append(body)
        offset += len(lines[k]) + 1
        k += 1
    if k == len(lines):
        if before:
            return Extent(0, 0, 1, metadata, text_outside("\n".join(before)), before_line)
        return Extent(0, 0, 1, metadata, NO_GRAPH if metadata else "empty graph", 1)
    if before:
        return Extent(0, 0, 1, metadata, text_before(before[0]), before_line)
    column = len(lines[k]) - len(lines[k].lstrip())
    return _follow(lines, k, offset, column, metadata, max_depth)


def _follow(lines: list[str], k: int, offset: int, column: int, metadata: dict[str, str], max_depth: int) -> Extent:
    """Scan the graph opening at ``column`` of line ``k`` (which starts at ``offset``) to its end."""
    first, depth, pos = k, 0, column
    start = offset + column
    comment = 0  # the first comment line since the last line of the graph
    while k < len(lines):
        line = lines[k]
        body = line.strip()
        if k > first and body.startswith("#"):
            comment = comment or k + 1
        elif comment and body:  # the graph goes on after a comment line
            return Extent(start, start, first + 1, metadata, COMMENT_INSIDE, comment)
        else:
            for m in _PAREN_OR_STRING.finditer(line, pos):
                if m.lastindex == 1:
                    depth += 1
                    if depth > max_depth:
                        return Extent(start, start, first + 1, metadata, too_deep(max_depth), k + 1)
                elif m.lastindex == 2:
                    depth -= 1
                    if depth == 0:
                        return _after(lines, k, m.end(), Extent(start, offset + m.end(), first + 1, metadata))
        offset += len(line) + 1
        pos = 0
        k += 1
    return Extent(start, start, first + 1, metadata, unclosed(depth), first + 1)


def _after(lines: list[str], k: int, column: int, extent: Extent) -> Extent:
    """``extent`` unless something follows the graph other than blank lines and plain comments
    (a metadata line would start another graph's header)."""
    rest = lines[k][column:].strip()
    if rest:
        return extent._replace(problem=text_after(rest), problem_line=k + 1)
    for j in range(k + 1, len(lines)):
        body = lines[j].strip()
        if body and (not body.startswith("#") or parse_metadata(body[1:])):
            return extent._replace(problem=text_after(body), problem_line=j + 1)
    return extent
