"""Split a PENMAN corpus into graph blocks, line by line, without decoding them.

Graphs are found by balanced parentheses at top level (aware of quoted strings); ``#`` lines
before a graph are its comments and ``# ::key value`` pairs its metadata. Separator lines may be
blank or whitespace-only, several in a row, or missing altogether. Anything that cannot be a graph
becomes a block with a ``problem`` instead of being dropped, so graph numbers stay aligned with
the file and the caller decides what to do with it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace

_SPECIAL = re.compile(r'[()"\\]')
_NON_SPACE = re.compile(r"\S")
_STRING = re.compile(r'"[^"\n\\]*"')
_NOT_PAREN = re.compile(r"[^()]+")
_META = re.compile(r"(?:^|\s)::(\S+)(?:[ \t]+(.*?))?(?=\s+::\S|\s*$)")


@dataclass(frozen=True, slots=True)
class Block:
    """One graph's text as found in a file, before decoding.

    ``number`` is the 1-based position among the file's graphs, ``line`` the 1-based line where
    the graph text starts (or where the problem was found); ``problem`` is set when the text
    cannot be a graph (the block is still counted, so numbering never shifts).
    """

    number: int
    line: int
    text: str
    metadata: dict[str, str] = field(default_factory=dict)
    problem: str | None = None


def parse_metadata(comment: str) -> dict[str, str]:
    """The ``::key value`` pairs of one comment line (text after ``#``)."""
    body = comment.strip()
    if body.startswith("::") and body.count("::") == 1:  # the usual one pair per line
        parts = body[2:].split(None, 1)
        if not parts:  # a bare "# ::" names no key
            return {}
        return {parts[0]: parts[1].strip() if len(parts) > 1 else ""}
    return {m.group(1): (m.group(2) or "").strip() for m in _META.finditer(comment)}


class _Splitter:
    """State machine over the lines of one file; ``feed`` yields finished blocks."""

    def __init__(self) -> None:
        self.number = 0
        self.meta: dict[str, str] = {}
        self.meta_line = 0
        self.depth = 0
        self.in_quote = False
        self.escape = False
        self.lines: list[str] = []
        self.start = 0
        self.garbage: list[str] = []
        self.garbage_line = 0

    def _block(self, line: int, text: str, problem: str | None = None) -> Block:
        self.number += 1
        block = Block(self.number, line, text, self.meta, problem)
        self.meta, self.meta_line = {}, 0
        return block

    def _flush_garbage(self) -> Iterator[Block]:
        if self.garbage:
            text = "\n".join(self.garbage)
            shown = text if len(text) <= 60 else text[:57] + "..."
            yield self._block(
                self.garbage_line, text, f"text outside any graph: {shown!r} (a graph starts with '(')"
            )
            self.garbage = []

    def _flush_unclosed(self, lineno: int) -> Iterator[Block]:
        text = "\n".join(self.lines)
        what = "an unterminated string and " if self.in_quote else ""
        yield self._block(
            self.start,
            text,
            f"unbalanced parentheses: {what}{self.depth} '(' not closed before line {lineno}",
        )
        self.lines, self.depth, self.in_quote, self.escape = [], 0, False, False

    def _comment(self, lineno: int, stripped: str) -> Iterator[Block]:
        yield from self._flush_garbage()
        orphan = self.metadata(lineno, stripped)
        if orphan is not None:
            yield orphan

    def metadata(self, lineno: int, stripped: str) -> Block | None:
        """Keep the metadata of a comment line; a key seen again means the pending metadata had no graph."""
        pairs = parse_metadata(stripped[1:])
        if not pairs:
            return None
        orphan = None
        if self.meta and any(k in self.meta for k in pairs):
            orphan = self._block(self.meta_line, "", "empty block: metadata without a graph")
        if not self.meta:
            self.meta_line = lineno
        self.meta = {**self.meta, **pairs}
        return orphan

    def continues(self, line: str) -> bool:
        """Fast path: absorb a line inside a graph that cannot close it (no quotes, few ')')."""
        if self.depth <= 0 or self.in_quote or line[:1] == "(" or '"' in line or "\\" in line:
            return False
        closes = line.count(")")
        if closes >= self.depth or line.lstrip()[:1] == "#":
            return False
        self.depth += line.count("(") - closes
        self.lines.append(line)
        return True

    def line(self, lineno: int, line: str) -> Iterator[Block]:
        """Consume one line (without its newline), skipping the scan where the line cannot matter."""
        if self.depth > 0:
            if self.continues(line):
                return
        elif not self.garbage:  # between graphs: blank and comment lines need no scan
            first = line.lstrip()[:1]
            if not first:
                return
            if first == "#":
                yield from self._comment(lineno, line.strip())
                return
        yield from self.feed(lineno, line)

    def feed(self, lineno: int, line: str) -> Iterator[Block]:
        """Consume one line (without its newline)."""
        stripped = line.strip()
        if self.depth > 0 and (stripped.startswith("#") or line.startswith("(")):
            yield from self._flush_unclosed(lineno)
        if self.depth == 0:
            if not stripped:
                yield from self._flush_garbage()
                return
            if stripped.startswith("#"):
                yield from self._comment(lineno, stripped)
                return
        yield from self._scan(lineno, line)

    def _scan(self, lineno: int, line: str) -> Iterator[Block]:
        pos, n, closed_here = 0, len(line), None
        while pos < n:
            if self.depth == 0:
                m = _NON_SPACE.search(line, pos)
                if m is None:
                    break
                pos = m.start()
                if line[pos] != "(":
                    rest = line[pos:].rstrip()
                    if closed_here is not None:
                        closed_here = replace(
                            closed_here,
                            problem=f"unexpected text after the graph on line {lineno}: {rest!r}",
                        )
                    else:
                        if not self.garbage:
                            self.garbage_line = lineno
                        self.garbage.append(rest)
                    break
                yield from self._flush_garbage()
                if closed_here is not None:
                    yield closed_here
                    closed_here = None
                self.lines, self.start = [], lineno
                line_start = pos
            else:
                line_start = 0
            end = self._advance(line, pos)
            self.lines.append(line[line_start:end])
            pos = end
            if self.depth == 0 and not self.in_quote:
                closed_here = self._block(self.start, "\n".join(self.lines))
                self.lines = []
        if closed_here is not None:
            yield closed_here

    def _advance(self, line: str, pos: int) -> int:
        """Move through ``line`` from ``pos`` until the graph closes or the line ends."""
        for m in _SPECIAL.finditer(line, pos):
            ch = m.group()
            if self.escape:
                self.escape = False
            elif self.in_quote:
                if ch == "\\":
                    self.escape = True
                elif ch == '"':
                    self.in_quote = False
            elif ch == '"':
                self.in_quote = True
            elif ch == "(":
                self.depth += 1
            elif ch == ")":
                self.depth -= 1
                if self.depth == 0:
                    return m.end()
        self.escape = False
        return len(line)

    def finish(self, lineno: int) -> Iterator[Block]:
        """Flush what is left at the end of the file."""
        if self.depth > 0:
            yield from self._flush_unclosed(lineno)
        yield from self._flush_garbage()
        if self.meta:
            yield self._block(self.meta_line, "", "empty block: metadata without a graph")


def split_blocks(lines: Iterable[str]) -> Iterator[Block]:
    """Yield the graph blocks of a corpus given as an iterable of lines (a file object works).

    This is the reference line-by-line reader; :func:`split_text` gives the same blocks faster.
    """
    splitter = _Splitter()
    lineno = 0
    for lineno, raw in enumerate(lines, 1):
        yield from splitter.line(lineno, raw.rstrip("\r\n"))
    yield from splitter.finish(lineno + 1)


def regular_graph(text: str) -> str | None:
    """The graph of ``text`` if the state machine would read ``text`` as one graph; else None.

    ``text`` is whole lines (``\n``-separated) whose first line starts with ``(``. It is one
    regular graph when its strings open and close on one line without a backslash, no later line
    starts with ``(``, no ``#`` stands outside a string, only spaces and tabs follow the last
    ``)``, and the parentheses outside strings first balance at that ``)``: then the line-by-line
    reader would yield exactly this text, without trailing blanks, as one block with no problem.
    """
    bare = _STRING.sub("S", text) if '"' in text else text
    if '"' in bare or "#" in bare or "\n(" in text:
        return None
    bare = bare.rstrip(" \t")
    if not bare.endswith(")"):
        return None
    inner = _NOT_PAREN.sub("", bare)[1:-1]  # balanced with no prefix below zero <=> reduces to ""
    while "()" in inner:
        inner = inner.replace("()", "")
    return None if inner else text.rstrip(" \t")


def split_text(chunks: Iterable[str]) -> Iterator[Block]:
    """Yield the same blocks as :func:`split_blocks` for a corpus given as pieces of text.

    Lines are separated by ``\n`` (as text-mode files read them) and every piece but the last
    ends with one. A graph that opens at column 0 is first tried as a whole, up to the next
    empty line, with :func:`regular_graph` (a few string operations instead of work per line);
    everything else goes through the line-by-line state machine.
    """
    splitter = _Splitter()
    lineno = 0
    for chunk in chunks:
        pos, size = 0, len(chunk)
        last = size - 1 if chunk.endswith("\n") else size  # end of the piece's last line
        while pos < size:
            lineno += 1
            end = chunk.find("\n", pos)
            end = size if end < 0 else end
            if splitter.depth == 0 and not splitter.garbage:  # between graphs
                first = chunk[pos:pos + 1]
                if first == "(":
                    stop = chunk.find("\n\n", pos)
                    stop = last if stop < 0 else stop
                    graph = regular_graph(chunk[pos:stop])
                    if graph is not None:
                        yield splitter._block(lineno, graph)
                        lineno += chunk.count("\n", pos, stop)
                        pos = stop + 1
                        continue
                elif first == "#" or pos == end:
                    orphan = splitter.metadata(lineno, chunk[pos:end].strip()) if first else None
                    if orphan is not None:
                        yield orphan
                    pos = end + 1
                    continue
            yield from splitter.line(lineno, chunk[pos:end])
            pos = end + 1
    yield from splitter.finish(lineno + 1)
