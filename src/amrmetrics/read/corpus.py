"""Read corpora: stream the graphs of a file and pair a test file with a gold file.

Each position of a file becomes an :class:`Entry` holding either a graph or the
:class:`GraphError` that explains why there is none, so one bad graph never loses the others and
graph numbers always match the file.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from amrmetrics.errors import option
from amrmetrics.graph import Graph
from amrmetrics.read.decode import GraphError, decode
from amrmetrics.read.source import CorpusError, PathLike, is_stdin, read_chunks, stdin_once
from amrmetrics.read.split import Block, split_text
from amrmetrics.words import counted

OnError = Literal["fail", "zero", "skip"]
ON_ERROR_CHOICES: tuple[str, ...] = ("fail", "zero", "skip")

class Entry:
    """One graph position of a file: the graph, or the error that replaced it.

    An entry read from a file keeps its text and decodes it on first use, so a worker process
    that receives the entry does the decoding (the reading process only splits the file).
    """

    __slots__ = ("number", "line", "_graph", "_error", "_block", "_file", "_id")

    def __init__(
        self,
        number: int,
        line: int,
        graph: Graph | None = None,
        error: GraphError | None = None,
        *,
        block: Block | None = None,
        file: str = "<string>",
        id: str | None = None,
    ) -> None:
        self.number, self.line = number, line
        self._graph, self._error, self._block, self._file = graph, error, block, file
        self._id = block.metadata.get("id") if block is not None else id

    @classmethod
    def of_block(cls, block: Block, file: str) -> Entry:
        """A lazy entry for a block of ``file`` (a block the splitter rejected is an error now,
        which keeps the block's ``# ::id``)."""
        if block.problem is not None:
            error = GraphError(block.problem, file=file, number=block.number, line=block.problem_line or block.line)
            return cls(block.number, block.line, None, error, id=block.metadata.get("id"))
        return cls(block.number, block.line, block=block, file=file)

    def _decode(self) -> None:
        block, self._block = self._block, None
        if block is None:
            return
        try:
            self._graph = decode(block.text, metadata=block.metadata, file=self._file, number=block.number, line=block.line)
        except GraphError as error:
            self._error = error

    @property
    def graph(self) -> Graph | None:
        """The decoded graph, or None when the text is malformed."""
        self._decode()
        return self._graph

    @property
    def error(self) -> GraphError | None:
        """Why there is no graph, located by file, graph number and line."""
        self._decode()
        return self._error

    @property
    def id(self) -> str | None:
        """The ``# ::id`` of the position, when its header has one (known without decoding, and
        kept when the graph is malformed)."""
        if self._id is not None:
            return self._id
        return self._graph.metadata.get("id") if self._graph is not None else None

    def __reduce__(self):  # pickle what is there: text not yet decoded, or the result
        return (_rebuild_entry, (self.number, self.line, self._graph, self._error, self._block, self._file, self._id))

    def __repr__(self) -> str:
        state = "pending" if self._block is not None else ("error" if self._error else "graph")
        return f"Entry(number={self.number}, line={self.line}, {state})"


def _rebuild_entry(number, line, graph, error, block, file, id_) -> Entry:  # type: ignore[no-untyped-def]
    return Entry(number, line, graph, error, block=block, file=file, id=id_)


@dataclass(frozen=True, slots=True)
class Pair:
    """A test entry and the gold entry it is scored against; ``index`` is 0-based."""

    index: int
    test: Entry
    gold: Entry


def _name(path: PathLike) -> str:
    """The file name errors give (standard input is ``<stdin>``)."""
    return "<stdin>" if is_stdin(path) else os.fspath(path)


def iter_entries(path: PathLike) -> Iterator[Entry]:
    """Stream the entries of a file, one per graph position, decoding lazily."""
    file = _name(path)
    for block in split_text(read_chunks(path)):
        yield Entry.of_block(block, file)


def iter_text_entries(text: str, *, file: str = "<string>") -> Iterator[Entry]:
    """Entries of a corpus given as a string (same rules as a file; lines as ``str.splitlines`` cuts them)."""
    lines = text.splitlines()
    for block in split_text(["\n".join(lines) + "\n"] if lines else []):
        yield Entry.of_block(block, file)


KEEP_CHARS = 1 << 25
"""Files with up to this many characters of graph text are split once: counting keeps the blocks."""


def counted_entries(path: PathLike) -> tuple[int, Iterator[Entry]]:
    """The number of graph positions in a file, then its entries (decoding lazily).

    Pairing must know every file's count before scoring anything, so the file is split once to
    count; its blocks are kept for the entries unless the file is large, which is split again
    (standard input, which cannot be read twice, is always kept).
    """
    count, _, entries = _counted(path)
    return count, entries


def _counted(path: PathLike) -> tuple[int, list[str | None], Iterator[Entry]]:
    """:func:`counted_entries` plus each position's ``# ::id`` (None where there is none)."""
    file = _name(path)
    keep_all = is_stdin(path)
    kept: list[Block] | None = []
    ids: list[str | None] = []
    chars = 0
    for block in split_text(read_chunks(path)):
        ids.append(block.metadata.get("id"))
        if kept is not None:
            chars += len(block.text)
            kept.append(block)
            if chars > KEEP_CHARS and not keep_all:
                kept = None
    if kept is None:
        return len(ids), ids, iter_entries(path)
    return len(ids), ids, (Entry.of_block(block, file) for block in kept)


def read_graphs(path: PathLike, *, on_error: OnError = "fail") -> list[Graph]:
    """Read every graph of a file.

    ``on_error``: ``fail`` raises :class:`CorpusError` listing every bad graph; ``zero`` puts an
    empty graph in its place; ``skip`` leaves it out.
    """
    entries = list(iter_entries(path))
    errors = [e.error for e in entries if e.error is not None]
    if errors and on_error == "fail":
        raise CorpusError(format_errors(errors))
    graphs = []
    for entry in entries:
        if entry.graph is not None:
            graphs.append(entry.graph)
        elif on_error == "zero":
            graphs.append(Graph(metadata={}))
    return graphs


def distinct_errors(errors: list[GraphError]) -> list[GraphError]:
    """Each error once, in first-seen order (a file given as both test and gold reports its bad graphs once)."""
    return list({str(e): e for e in errors}.values())


def format_errors(errors: list[GraphError], limit: int = 50) -> str:
    """A readable list of graph errors, each once (the first ``limit`` shown)."""
    errors = distinct_errors(errors)
    head = f"{counted(len(errors), 'malformed graph')}:"
    lines = [head] + [f"  {e}" for e in errors[:limit]]
    if len(errors) > limit:
        lines.append(f"  ... and {len(errors) - limit} more")
    lines.append(
        f"Use {option('on_error', 'zero')} (score them as empty graphs) or {option('on_error', 'skip')} (leave the pairs out)."
    )
    return "\n".join(lines)


def pair_files(test: PathLike, gold: PathLike, *, pair_by_id: bool = False) -> tuple[int, Iterator[Pair]]:
    """Pair the graphs of two files by position (default) or by ``# ::id``: ``(count, pairs)``.

    By position, both files are counted first, so different counts raise :class:`CorpusError`
    before anything is scored (never a prefix), naming the first position whose ids differ when
    both files have ids; then graphs are streamed. By id, both files are checked for missing and
    repeated ids first, and the gold file is indexed in memory. Either file may be ``-`` (standard
    input), not both.
    """
    stdin_once(test, gold)
    if pair_by_id:
        return _pairs_by_id(test, gold)
    (n_test, test_ids, test_entries), (n_gold, gold_ids, gold_entries) = _counted(test), _counted(gold)
    if n_test != n_gold:
        test_name, gold_name = _name(test), _name(gold)
        raise CorpusError(
            f"{test_name} has {n_test} graphs but {gold_name} has {n_gold}: the files must pair one to one"
            f"{_first_difference(test_name, test_ids, gold_name, gold_ids)} (use {option('pair_by_id')} to pair by '# ::id')"
        )
    pairs = (Pair(i, t, g) for i, (t, g) in enumerate(zip(test_entries, gold_entries)))
    return n_test, pairs


def _first_difference(test: str, test_ids: list[str | None], gold: str, gold_ids: list[str | None]) -> str:
    """Where two files' ids first disagree (the likely culprit of a count mismatch), or ""."""
    for k, (a, b) in enumerate(zip(test_ids, gold_ids), 1):
        if a != b and a is not None and b is not None:
            return f"; graph {k} is {a!r} in {test} but {b!r} in {gold}"
    return ""


def _id_or_fail(entry: Entry, path: PathLike) -> str:
    if entry.id is not None:
        return entry.id
    if entry.error is not None:
        raise CorpusError(f"{option('pair_by_id')} needs every graph's id, but {entry.error}")
    raise CorpusError(f"{path}: graph {entry.number} (line {entry.line}) has no '# ::id' (needed by {option('pair_by_id')})")


def _index_by_id(path: PathLike) -> dict[str, Entry]:
    index: dict[str, Entry] = {}
    for entry in iter_entries(path):
        key = _id_or_fail(entry, path)
        if key in index:
            raise CorpusError(f"{path}: id {key!r} is used by graphs {index[key].number} and {entry.number}")
        index[key] = entry
    return index


def _pairs_by_id(test: PathLike, gold: PathLike) -> tuple[int, Iterator[Pair]]:
    gold_index = _index_by_id(gold)
    test_entries = list(iter_entries(test))
    seen: dict[str, int] = {}
    missing = []
    for entry in test_entries:
        key = _id_or_fail(entry, test)
        if key in seen:
            raise CorpusError(f"{test}: id {key!r} is used by graphs {seen[key]} and {entry.number}")
        seen[key] = entry.number
        if key not in gold_index:
            missing.append(key)
    unmatched = [k for k in gold_index if k not in seen]
    if missing or unmatched:
        parts = []
        if missing:
            parts.append(f"{len(missing)} id(s) of {test} not in {gold}: {', '.join(missing[:10])}")
        if unmatched:
            parts.append(f"{len(unmatched)} id(s) of {gold} not in {test}: {', '.join(unmatched[:10])}")
        raise CorpusError("; ".join(parts))
    pairs = (Pair(i, e, gold_index[_id_or_fail(e, test)]) for i, e in enumerate(test_entries))
    return len(test_entries), pairs


__all__ = [
    "CorpusError",
    "Entry",
    "GraphError",
    "ON_ERROR_CHOICES",
    "OnError",
    "Pair",
    "counted_entries",
    "format_errors",
    "iter_entries",
    "pair_files",
    "iter_text_entries",
    "read_graphs",
]
