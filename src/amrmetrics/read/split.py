"""Split a PENMAN corpus into graph blocks, line by line, without decoding them.

A block is one graph position of the file: the graph's header (``#`` lines; ``# ::key value``
pairs are its metadata), the graph (balanced parentheses, strings as penman lexes them), and
whatever damaged text belongs to it. Boundaries come from everything the file says:

* after a complete graph, a blank line ends its block, and a ``# ::`` metadata line or a line
  opening with ``(`` at column 0 starts the next block;
* a ``# ::id`` line names a new graph: inside an unclosed graph, that graph ends there; after
  a header that has an id, that header had no graph (it is a block of its own). Other keys may
  repeat (JAMR's ``# ::node`` lines), unless a blank line came between (same meaning);
* inside an unclosed graph, other blank and comment lines are held until the next line decides: a
  line opening with ``(`` after a metadata line, or at column 0 after a blank line, starts the
  next graph (the unclosed one is an error); any other line continues the graph (a comment
  inside it is an error). A line opening with ``(`` at column 0 right after graph lines starts
  the next graph only if the unclosed one has no header (one graph per line), since graphs with
  headers announce each other.

A line that holds nothing but complete graphs (separated by whitespace) is that many graphs. Any other text after a graph's closing
parenthesis, up to the next boundary, is an error of that graph; text before a graph in the same
paragraph too; text between blank lines with no graph is a block of its own. So numbering never
shifts, and the caller decides what to do with a bad block.

Around a malformed graph some of these boundaries are guesses, and a block says so, so that
pairing two files by position can tell a count it may trust from a lucky one: a block cut from
an unclosed graph at a ``(`` (after a blank line, or on the next line of a graph without header)
may be that graph's continuation (``guessed_start``); a malformed block that took in a line
which might begin another graph or a block of text (a blank line inside the graph, or a line of
the graph or of text around it that starts with none of ``:`` (a role), ``)`` and ``~``), or
text after the graph on its closing line that starts with a ``(``, may be several (``took_in``,
that line; :func:`taken_in` finds it on demand in a graph that only decoding rejects); a block
with no graph may be none. A ``# ::id`` or a header line, and a blank line or a ``(`` at column
0 after a complete graph, are never guesses.

A byte-order mark at the start of a line is dropped; undecodable bytes (read as surrogates) make
their block an error.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from amrmetrics.read.recent import Recent
from amrmetrics.read.scan import (
    COMMENT_INSIDE,
    NO_GRAPH,
    STRING,
    bad_byte,
    graphs_on_line,
    parse_metadata,
    scan_line,
    text_after,
    text_before,
    text_outside,
    unclosed,
)

__all__ = ["Block", "parse_metadata", "regular_graph", "split_blocks", "split_text", "taken_in"]

_SIMPLE_STRING = re.compile(STRING)
_NOT_PAREN = re.compile(r"[^()]+")
_ASCII_NOT_PAREN = {code: None for code in range(128) if chr(code) not in "()"}
"""A translation table that deletes every ASCII character but the parentheses (faster than a regex)."""

RECENT_CHARS = 1 << 24
"""Characters of graph text remembered as regular (a text that recurs is checked once)."""

_RECENT_REGULAR: Recent[str] = Recent(RECENT_CHARS)

BLANK, COMMENT, METADATA, CONTENT = range(4)

_NO_METADATA: dict[str, str] = {}
"""The metadata of every block without a header (blocks are read-only; one empty dict serves all)."""


@dataclass(frozen=True, slots=True)
class Block:
    """One graph position of a file, before decoding.

    ``number`` is the 1-based position among the file's graphs, ``line`` the 1-based line where
    the block's graph (or, without one, its first line) starts; ``problem`` is set when the text
    cannot be read as one graph (the block is still counted, so numbering never shifts), found on
    ``problem_line`` (0: on ``line``). ``guessed_start``: the block starts where an unclosed graph
    was cut off at a ``(`` that might continue it; ``took_in``: for a block with a problem, the
    first line it took in that might begin another block (0: none; :func:`taken_in` finds it in a
    graph the splitter found nothing wrong with, when its decoding fails).
    """

    number: int
    line: int
    text: str
    metadata: dict[str, str] = field(default_factory=dict)
    problem: str | None = None
    problem_line: int = 0
    guessed_start: bool = False
    took_in: int = 0


def _may_begin(line: str) -> bool:
    """A line that might begin a graph or a block of text: it starts with none of ``:`` (a role),
    ``)`` and ``~`` (an alignment), which only continue a graph."""
    return line.lstrip()[:1] not in (":", ")", "~")


_TAKEN_IN = re.compile(r"\n[^\S\n]*(?:[^\s:)~]|\n)")
"""In a graph's text, a later line that is blank or :func:`_may_begin`."""


def taken_in(block: Block) -> int:
    """The first line of ``block``'s graph (after its first) that is blank or might begin
    another block (0: none): what ``took_in`` records of a graph that has a problem, for one
    the splitter found nothing wrong with."""
    m = _TAKEN_IN.search(block.text) if "\n" in block.text else None
    return 0 if m is None else block.line + block.text.count("\n", 0, m.start()) + 1


class _Splitter:
    """State machine over the lines of one file; :meth:`line` yields finished blocks.

    The block under construction is: a header (``meta``), text before its graph (``pre``), the
    graph's lines (``lines``, ``closed`` once balanced) and lines held inside an unclosed graph
    until the next line says where they belong (``held``).
    """

    def __init__(self) -> None:
        self.number = 0
        self.check_bytes = True
        self._reset()

    def _reset(self) -> None:
        self._reset_header()
        self.pre: list[str] = []
        self.pre_line = 0
        self.lines: list[str] = []
        self.start = 0
        self.depth = 0
        self.closed = False
        self.has_header = False
        self.held: list[tuple[int, str, int, str | None]] = []
        self.guessed_start = False  # the graph starts where an unclosed one was cut off
        self.took_in = 0  # the first line taken in that might begin another graph

    def _reset_header(self) -> None:
        self.meta: dict[str, str] = {}
        self.meta_line = 0
        self.sealed: set[str] = set()  # header keys seen before a blank line
        self.problem: str | None = None
        self.problem_line = 0
        self.byte_problem = False

    # -- problems and finished blocks ------------------------------------------------------------

    def _note(self, message: str, line: int, byte: bool = False) -> None:
        """Keep the block's first problem; an undecodable byte outranks every other."""
        if self.problem is None or (byte and not self.byte_problem):
            self.problem, self.problem_line, self.byte_problem = message, line, byte

    def _stray(self, message: str, line: int, begins: bool) -> None:
        """Note text before or after the graph (on ``line``); ``begins``: it might begin another block."""
        self._note(message, line)
        if begins and not self.took_in:
            self.took_in = line

    def _emit(self, line: int, text: str, problem: str | None = None, problem_line: int = 0) -> Block:
        if self.problem is not None:
            problem, problem_line = self.problem, self.problem_line
        self.number += 1
        took_in = self.took_in if problem is not None else 0  # a graph that reads well: see taken_in()
        block = Block(self.number, line, text, self.meta, problem, problem_line, self.guessed_start, took_in)
        self._reset()
        return block

    def _emit_headless(self) -> Block:
        """The pending header and text before a graph that never came."""
        if self.pre:
            text = "\n".join(self.pre)
            return self._emit(self.pre_line, text, text_outside(text), self.pre_line)
        return self._emit(self.meta_line, "", NO_GRAPH, self.meta_line)

    def _emit_graph(self) -> Block:
        return self._emit(self.start, "\n".join(self.lines))

    def _emit_unclosed(self) -> Block:
        return self._emit(self.start, "\n".join(self.lines), unclosed(self.depth))

    # -- lines -----------------------------------------------------------------------------------

    def line(self, lineno: int, line: str) -> Iterator[Block]:
        """Consume one line (without its newline)."""
        if line[:1] == "\ufeff":
            line = line.lstrip("\ufeff")
        byte = bad_byte(line) if self.check_bytes else None
        body = line.lstrip()
        pairs = None
        if not body:
            kind = BLANK
        elif body[0] == "#":
            pairs = parse_metadata(body[1:])
            kind = METADATA if pairs else COMMENT
        else:
            kind = CONTENT
        if self.closed:
            yield from self._after_graph(lineno, line, kind, byte, pairs)
        elif self.lines:
            if pairs and "id" in pairs:
                yield from self._new_block_inside(lineno, line, kind, byte)
            elif kind != CONTENT:
                self.held.append((lineno, line, kind, byte))
            elif not self.held and byte is None and self._continues(lineno, line):
                self.lines.append(line)
            else:
                yield from self._inside_graph(lineno, line, byte)
        else:
            yield from self._between(lineno, line, kind, byte, pairs)

    def _between(self, lineno: int, line: str, kind: int, byte: str | None, pairs: dict[str, str] | None = None) -> Iterator[Block]:
        """A line while no graph of the block has started (``pairs``: its metadata, if known)."""
        if kind == BLANK:
            if self.pre:
                yield self._emit_headless()
            self.sealed = set(self.meta)
            return
        if kind == METADATA:
            orphan = self.header(lineno, pairs if pairs is not None else parse_metadata(line.lstrip()[1:]))
            if orphan is not None:
                yield orphan
        elif kind == CONTENT:
            body = line.lstrip()
            if body[0] != "(":
                if not self.pre:
                    self.pre_line = lineno
                self.pre.append(body.rstrip())
            else:
                if self.pre:
                    self._stray(text_before(self.pre[0]), self.pre_line, True)  # a line of text: maybe a block
                self.start, self.has_header = lineno, bool(self.meta)
                if byte is not None:
                    self._note(byte, lineno, byte=True)
                yield from self._scan(lineno, line, len(line) - len(body), byte is None)
                return
        if byte is not None:
            self._note(byte, lineno, byte=True)

    def _continues(self, lineno: int, line: str) -> bool:
        """A line that continues the open graph without closing it and needs no string scan."""
        if '"' in line or (line[:1] == "(" and not self.has_header):
            return False
        closes = line.count(")")
        if closes >= self.depth:
            return False
        self.depth += line.count("(") - closes
        if not self.took_in and _may_begin(line):
            self.took_in = lineno
        return True

    def _inside_graph(self, lineno: int, line: str, byte: str | None) -> Iterator[Block]:
        """A content line while the graph is open, after any held blank and comment lines."""
        held = self.held
        header = any(kind == METADATA for _, _, kind, _ in held)
        if line[:1] == "(" and (not self.has_header or any(kind == BLANK for _, _, kind, _ in held)) or (
            header and line.lstrip()[:1] == "("
        ):
            yield from self._new_block_inside(lineno, line, CONTENT, byte, guessed=not header)
            return
        for number, text, kind, held_byte in held:
            self.lines.append(text)
            if kind != BLANK:
                self._note(COMMENT_INSIDE, number)
            if held_byte is not None:
                self._note(held_byte, number, byte=True)
        if not self.took_in:
            blank = next((number for number, _, kind, _ in held if kind == BLANK), 0)
            self.took_in = blank or (lineno if _may_begin(line) else 0)
        self.held = []
        if byte is not None:
            self._note(byte, lineno, byte=True)
        yield from self._scan(lineno, line, 0, byte is None)

    def _new_block_inside(self, lineno: int, line: str, kind: int, byte: str | None, guessed: bool = False) -> Iterator[Block]:
        """``line`` starts the next block inside the open graph: the graph ends unclosed before
        the held lines, which belong to the next block (``guessed``: a ``(`` that might also have
        continued the graph started it)."""
        held = self.held
        yield self._emit_unclosed()
        for number, text, held_kind, held_byte in held:
            yield from self._between(number, text, held_kind, held_byte)
        self.guessed_start = guessed
        yield from self._between(lineno, line, kind, byte)

    def _scan(self, lineno: int, line: str, pos: int, more: bool = True) -> Iterator[Block]:
        """Add a line of the graph (from ``pos``); past its closing parenthesis are further graphs
        of a line made of complete graphs (the graph started on it; ``more``: the line has no
        undecodable byte), or trailing text."""
        self.depth, end = scan_line(line, pos, self.depth)
        if end < 0:
            self.lines.append(line[pos:])
            return
        self.lines.append(line[pos:end])
        self.closed = True
        rest = line[end:].strip()
        if not rest:
            return
        graphs = graphs_on_line(rest) if more and self.start == lineno and rest[0] == "(" else None
        if graphs is None:
            self._stray(text_after(rest), lineno, rest[0] == "(")
            return
        for graph in graphs:
            yield self._emit_graph()
            self.start, self.lines, self.closed = lineno, [graph], True

    def _after_graph(self, lineno: int, line: str, kind: int, byte: str | None, pairs: dict[str, str] | None) -> Iterator[Block]:
        """A line after the graph closed: a boundary, or text that belongs to the graph."""
        if kind == BLANK:
            yield self._emit_graph()
            return
        if kind == METADATA or line[:1] == "(":
            yield self._emit_graph()
            yield from self._between(lineno, line, kind, byte, pairs)
            return
        if kind == CONTENT:
            self._stray(text_after(line.strip()), lineno, _may_begin(line))
        if byte is not None:
            self._note(byte, lineno, byte=True)

    def finish(self) -> Iterator[Block]:
        """Flush what is left at the end of the file."""
        if self.closed:
            yield self._emit_graph()
        elif self.lines:
            held = self.held
            yield self._emit_unclosed()
            for number, text, kind, byte in held:
                yield from self._between(number, text, kind, byte)
        if self.pre or self.meta:
            yield self._emit_headless()

    # -- the fast path of split_text ---------------------------------------------------------------

    def idle(self) -> bool:
        """Between blocks' graphs, with no text waiting for a graph (metadata may be pending)."""
        return not self.lines and not self.pre and not self.check_bytes

    def regular(self, lineno: int, text: str) -> Block:
        """A whole regular graph found by :func:`regular_graph`, followed by a blank line."""
        self.number += 1
        if not (self.meta or self.sealed or self.problem):  # no header: nothing to reset
            return Block(self.number, lineno, text, _NO_METADATA)
        block = Block(self.number, lineno, text, self.meta, self.problem, self.problem_line)
        self._reset_header()
        return block

    def blank(self) -> None:
        """An empty line while :meth:`idle`."""
        self.sealed = set(self.meta)

    def header(self, lineno: int, pairs: dict[str, str]) -> Block | None:
        """Add a metadata line's pairs to the header (no graph has started); a repeated ``id``,
        or a key repeated after a blank line, first closes the pending header as a block."""
        orphan = None
        if "id" in pairs and "id" in self.meta or not self.sealed.isdisjoint(pairs):
            orphan = self._emit_headless()
        if not self.meta:
            self.meta_line = lineno
        self.meta.update(pairs)
        return orphan


def split_blocks(lines: Iterable[str]) -> Iterator[Block]:
    """Yield the graph blocks of a corpus given as an iterable of lines (a file object works).

    This is the reference line-by-line reader; :func:`split_text` gives the same blocks faster.
    """
    splitter = _Splitter()
    for lineno, raw in enumerate(lines, 1):
        yield from splitter.line(lineno, raw.rstrip("\r\n"))
    yield from splitter.finish()


def regular_graph(text: str) -> str | None:
    """The graph of ``text`` if the state machine would read ``text`` as one graph; else None.

    ``text`` is whole lines (``\\n``-separated) whose first line starts with ``(``. It is one
    regular graph when every ``"`` belongs to a string (as penman lexes them), no ``#`` stands
    outside a string, no later line starts with ``(`` or a byte-order mark, only spaces and tabs
    follow the last ``)``, and the parentheses outside strings first balance at that ``)``: then the
    line-by-line reader, given this text and a blank line, yields exactly this text (without
    trailing blanks) as one block with no problem.
    """
    bare = _SIMPLE_STRING.sub("S", text) if '"' in text else text
    if '"' in bare or "#" in bare or "\n(" in bare or "\n\ufeff" in bare:
        return None
    bare = bare.rstrip(" \t")
    if not bare.endswith(")"):
        return None
    parens = bare.translate(_ASCII_NOT_PAREN)
    if not parens.isascii():  # translate drops only ASCII characters
        parens = _NOT_PAREN.sub("", parens)
    inner = parens[1:-1]  # balanced with no prefix below zero <=> reduces to ""
    while "()" in inner:
        inner = inner.replace("()", "")
    return None if inner else text.rstrip(" \t")


def _recent_regular_graph(text: str) -> str | None:
    """:func:`regular_graph`, remembered for recent regular texts (the same object is returned
    for a text that recurs, so the decoder finds it at once)."""
    graph = _RECENT_REGULAR.get(text)
    if graph is None:
        graph = regular_graph(text)
        if graph is not None:
            _RECENT_REGULAR.put(text, graph, len(text))
    return graph


def split_text(chunks: Iterable[str]) -> Iterator[Block]:
    """Yield the same blocks as :func:`split_blocks` for a corpus given as pieces of text.

    Lines are separated by ``\\n`` (as text-mode files read them) and every piece but the last
    ends with one. A graph that opens at column 0 is first tried as a whole, up to the next
    empty line in the same piece, with :func:`regular_graph` (a few string operations instead of
    work per line); everything else goes through the line-by-line state machine, and so does every
    piece that holds an undecodable byte.
    """
    splitter = _Splitter()
    lineno = 0
    for chunk in chunks:
        splitter.check_bytes = bad_byte(chunk) is not None
        pos, size = 0, len(chunk)
        while pos < size:
            lineno += 1
            end = chunk.find("\n", pos)
            end = size if end < 0 else end
            if splitter.idle():
                first = chunk[pos:pos + 1]
                if first == "(":
                    stop = chunk.find("\n\n", pos)
                    graph = _recent_regular_graph(chunk[pos:stop]) if stop >= 0 else None
                    if graph is not None:
                        yield splitter.regular(lineno, graph)
                        lineno += chunk.count("\n", pos, stop) + 1
                        pos = stop + 2
                        continue
                elif pos == end:
                    splitter.blank()
                    pos = end + 1
                    continue
                elif first == "#":
                    pairs = parse_metadata(chunk[pos + 1:end])
                    orphan = splitter.header(lineno, pairs) if pairs else None
                    if orphan is not None:
                        yield orphan
                    pos = end + 1
                    continue
            yield from splitter.line(lineno, chunk[pos:end])
            pos = end + 1
    yield from splitter.finish()
