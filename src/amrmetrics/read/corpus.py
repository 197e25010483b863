"""Read corpora: stream the graphs of a file and pair a test file with a gold file.

Each position of a file becomes an :class:`Entry` holding either a graph or the
:class:`GraphError` that explains why there is none, so one bad graph never loses the others and
graph numbers always match the file.

Pairing by position trusts that both files were cut into graphs at the same places. Where the
splitter had to guess a boundary inside a malformed graph (:mod:`amrmetrics.read.split`), each
file's :class:`Census` records the guess, and :func:`check_positions` refuses a pairing that the
guesses leave in doubt instead of scoring a graph against another sentence's gold.
"""

from __future__ import annotations

import itertools
import os
from array import array
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from amrmetrics.errors import option
from amrmetrics.graph import Graph
from amrmetrics.read.decode import GraphError, decode
from amrmetrics.read.source import CorpusError, PathLike, is_stdin, read_chunks, stdin_once
from amrmetrics.read.split import Block, split_text, taken_in
from amrmetrics.words import counted

OnError = Literal["fail", "zero", "skip"]
ON_ERROR_CHOICES: tuple[str, ...] = ("fail", "zero", "skip")

class Entry:
    """One graph position of a file: the graph, or the error that replaced it.

    An entry read from a file keeps its text and decodes it on first use, so a worker process
    that receives the entry does the decoding (the reading process only splits the file); so does an
    entry of a graph given as a string (:meth:`of_text`).
    """

    __slots__ = ("number", "line", "_graph", "_error", "_block", "_text", "_file", "_id")

    def __init__(
        self,
        number: int,
        line: int,
        graph: Graph | None = None,
        error: GraphError | None = None,
        *,
        block: Block | None = None,
        text: str | None = None,
        file: str = "<string>",
        id: str | None = None,
    ) -> None:
        self.number, self.line = number, line
        self._graph, self._error, self._block, self._text, self._file = graph, error, block, text, file
        self._id = block.metadata.get("id") if block is not None else id

    @classmethod
    def of_block(cls, block: Block, file: str) -> Entry:
        """A lazy entry for a block of ``file`` (a block the splitter rejected is an error now,
        which keeps the block's ``# ::id``)."""
        if block.problem is not None:
            error = GraphError(block.problem, file=file, number=block.number, line=block.problem_line or block.line)
            return cls(block.number, block.line, None, error, id=block.metadata.get("id"))
        return cls(block.number, block.line, block=block, file=file)

    @classmethod
    def of_text(cls, text: str, number: int, file: str) -> Entry:
        """A lazy entry for a graph given as a string (decoded as :func:`decode` decodes it alone, its
        errors located as graph ``number`` of ``file``)."""
        entry = cls.__new__(cls)  # what __init__ sets for a text, without its keyword handling (one per graph)
        entry.number, entry.line, entry._graph, entry._error = number, 1, None, None
        entry._block, entry._text, entry._file, entry._id = None, text, file, None
        return entry

    @property
    def text(self) -> str | None:
        """The graph's text while it is not decoded yet (a metric's fused path may score it directly),
        else None."""
        return self._block.text if self._block is not None else self._text

    def _decode(self) -> None:
        block, self._block = self._block, None
        text, self._text = self._text, None
        try:
            if block is not None:
                self._graph = decode(block.text, metadata=block.metadata, file=self._file, number=block.number, line=block.line)
            elif text is not None:
                self._graph = decode(text, file=self._file, number=self.number)
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
        return (_rebuild_entry, (self.number, self.line, self._graph, self._error, self._block, self._file, self._id, self._text))

    def __repr__(self) -> str:
        state = "pending" if self.text is not None else ("error" if self._error else "graph")
        return f"Entry(number={self.number}, line={self.line}, {state})"


def _rebuild_entry(number, line, graph, error, block, file, id_, text=None) -> Entry:  # type: ignore[no-untyped-def]
    return Entry(number, line, graph, error, block=block, text=text, file=file, id=id_)


class Pair(NamedTuple):
    """A test entry and the gold entry it is scored against; ``index`` is 0-based (a named tuple: one is
    made per pair, and a frozen dataclass costs several times as much to build)."""

    index: int
    test: Entry
    gold: Entry


class PairedEntries(Iterator[Pair]):
    """The entries of two corpora paired by position, one pair at a time (what :func:`pair_files` gives).

    Before the first pair is taken, :meth:`graphs` decodes every graph of both corpora when their
    entries are kept in memory (``kept``): the pairs then carry those same entries, so a run that
    reads the graphs before scoring (to announce their words to an embedder) decodes each graph
    once, and each entry is let go as its pair is taken.
    """

    def __init__(self, tests: Iterable[Entry], golds: Iterable[Entry], *, kept: bool) -> None:
        self._sides = (tests, golds) if kept else None
        self._pairs: Iterator[Pair] = (Pair(i, t, g) for i, (t, g) in enumerate(zip(tests, golds)))

    def __next__(self) -> Pair:
        self._sides = None
        return next(self._pairs)

    def graphs(self) -> list[Graph] | None:
        """The well-formed graphs of the test corpus, then of the gold corpus, decoded now for the
        pairs to score; None when the entries are streamed (a big file) or a pair was taken."""
        if self._sides is None:
            return None
        tests, golds = (list(side) for side in self._sides)
        self._sides = None
        self._pairs = _taken(tests, golds)
        return [entry.graph for entry in itertools.chain(tests, golds) if entry.graph is not None]


def _taken(tests: list[Entry], golds: list[Entry]) -> Iterator[Pair]:
    """Pairs of two lists of entries by position, each entry taken out of its list as it is paired."""
    tests.reverse()
    golds.reverse()
    index = 0
    while tests and golds:
        yield Pair(index, tests.pop(), golds.pop())
        index += 1


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
    census, entries = census_entries(path)
    return census.count, entries


@dataclass(frozen=True, slots=True)
class Guess:
    """A boundary the splitter guessed around a malformed graph: the graphs after position
    ``after`` may belong one or more positions off (``more``: the file may hold more graphs than
    were read, a run-on graph; else fewer, a graph cut off at a ``(`` that may continue it)."""

    after: int
    more: bool
    what: str


@dataclass
class Census:
    """What splitting a file once says before anything is decoded: its name, each position's
    ``# ::id`` and line, the reading errors found, and the boundaries guessed.

    A graph that reads well to the splitter but fails to decode may have run on into another
    block too; finding those means decoding, so :meth:`settle` does it only when asked (a pairing
    in doubt, counts that differ), from the blocks kept or by splitting the file again.
    """

    name: str
    path: PathLike | None = None
    ids: list[str | None] = field(default_factory=list)
    lines: array = field(default_factory=lambda: array("q"))
    errors: list[GraphError] = field(default_factory=list)
    guesses: list[Guess] = field(default_factory=list)
    kept: list[Block] | None = None
    settled: bool = False

    @property
    def count(self) -> int:
        """Graph positions in the file."""
        return len(self.ids)

    def add(self, block: Block) -> None:
        """Count one block."""
        self.ids.append(block.metadata.get("id"))
        self.lines.append(block.line)
        if block.problem is None and not block.guessed_start:
            return  # the common case costs these two tests
        number = block.number
        if block.guessed_start:
            what = f"graph {number} (line {block.line}) starts inside unclosed graph {number - 1} and may continue it"
            self.guesses.append(Guess(number - 1, False, what))
        if block.problem is None:
            return
        self.errors.append(Entry.of_block(block, self.name).error)  # type: ignore[arg-type]
        if not block.text.startswith("("):
            self.guesses.append(Guess(number - 1, False, f"block {number} (line {block.line}) holds no graph and may be none"))
            if "\n" in block.text.strip():  # lines of garbage one newline apart: as many graphs, maybe
                self.guesses.append(Guess(number, True, f"block {number} (line {block.line}) holds no graph over several lines and may be several"))
        if block.took_in:
            self._ran_on(block, block.took_in)

    def _ran_on(self, block: Block, line: int) -> None:
        what = f"malformed graph {block.number} (line {block.line}) runs on across line {line} and may be several graphs"
        self.guesses.append(Guess(block.number, True, what))

    def settle(self) -> None:
        """Decode every graph the splitter found nothing wrong with that took in a line which might
        begin another block (:func:`~amrmetrics.read.split.taken_in`): each malformed one is an
        error and a guess."""
        if self.settled:
            return
        self.settled = True
        blocks = self.kept if self.kept is not None or self.path is None else split_text(read_chunks(self.path))
        for block in blocks or ():
            if block.problem is None and (line := taken_in(block)):
                error = Entry.of_block(block, self.name).error
                if error is not None:
                    self.errors.append(error)
                    self._ran_on(block, line)
        self.errors.sort(key=lambda e: e.number)
        self.guesses.sort(key=lambda g: g.after)


def census_entries(path: PathLike) -> tuple[Census, Iterator[Entry]]:
    """A file's :class:`Census`, then its entries (decoding lazily; see :func:`counted_entries`)."""
    file = _name(path)
    keep_all = is_stdin(path)
    kept: list[Block] | None = []
    census = Census(file, path)
    chars = 0
    for block in split_text(read_chunks(path)):
        census.add(block)
        if kept is not None:
            chars += len(block.text)
            kept.append(block)
            if chars > KEEP_CHARS and not keep_all:
                kept = None
    census.kept = kept
    if kept is None:
        return census, iter_entries(path)
    return census, (Entry.of_block(block, file) for block in kept)


def check_counts(files: Sequence[Census], hint: str = "") -> None:
    """Raise :class:`CorpusError` unless the files hold as many graphs each: the reading errors of
    every file first (a malformed graph is the usual reason for an extra or a missing position),
    then the counts, then where two files' ids first differ (``hint`` ends the message)."""
    if len({c.count for c in files}) <= 1:
        return
    for census in files:
        census.settle()
    errors = [e for c in files for e in c.errors]
    lines = _listed(errors) if errors else []
    if len(files) == 2:
        (test, gold) = files
        lines.append(
            f"{test.name} has {counted(test.count, 'graph')} but {gold.name} has {gold.count}: the files must pair one to one"
            f"{_first_difference(test.name, test.ids, gold.name, gold.ids)}{hint}"
        )
    else:
        listing = ", ".join(f"{c.name} has {c.count}" for c in files)
        lines.append(f"A, B and gold must pair one to one, but {listing} graphs{hint}")
    raise CorpusError("\n".join(lines))


def untrusted_positions(test: Census, gold: Census) -> range:
    """The positions (1-based) whose pairing by position the guessed boundaries leave in doubt.

    The counts agree, so the guesses' shifts add up to nothing: a shift can reach position ``p``
    only if a guess before ``p`` moves the test file's graphs one way and a guess at or after
    ``p`` moves them back. A test file's run-on graph (or a gold file's cut) moves them forward,
    a test file's cut (or a gold file's run-on graph) back; guesses that all go one way are all
    right. The result is one range (empty when nothing is in doubt).
    """
    forward = [g.after for g in test.guesses if g.more] + [g.after for g in gold.guesses if not g.more]
    back = [g.after for g in test.guesses if not g.more] + [g.after for g in gold.guesses if g.more]
    if not forward or not back:
        return range(0)
    spans = [(min(one), max(other)) for one, other in ((forward, back), (back, forward)) if min(one) < max(other)]
    if not spans:
        return range(0)
    return range(min(lo for lo, _ in spans) + 1, max(hi for _, hi in spans) + 1)


def check_positions(test: Census, gold: Census, hint: str = "") -> None:
    """Raise :class:`CorpusError` when pairing two files of equal counts by position could score
    a graph against the wrong gold graph: a pair of well-formed graphs at a position in doubt
    (:func:`untrusted_positions`) whose ``# ::id`` lines do not vouch for it. A pair with a
    malformed side earns nothing whatever its partner, so it never needs vouching for."""
    if not (test.guesses or gold.guesses):
        return  # the common case: then only graphs that decoding alone rejects could be guesses, and
        # it takes such graphs in both files to leave a pair in doubt (not looked for)
    test.settle()
    gold.settle()
    doubtful = untrusted_positions(test, gold)
    if not doubtful:
        return
    bad = {e.number for e in test.errors} | {e.number for e in gold.errors}
    pairs = []
    for p in doubtful:
        if p in bad:
            continue
        test_id, gold_id = test.ids[p - 1], gold.ids[p - 1]
        if test_id is None or gold_id is None or test_id != gold_id:
            pairs.append(p)
    if not pairs:
        return
    p = pairs[0]
    more = f" (and {counted(len(pairs) - 1, 'more pair')})" if len(pairs) > 1 else ""
    test_id, gold_id = test.ids[p - 1], gold.ids[p - 1]
    ids = f" (their ids differ: {test_id!r}, {gold_id!r})" if test_id is not None and gold_id is not None else ""
    lines = _listed(test.errors + gold.errors)
    lines.append(f"cannot pair {test.name} with {gold.name} by position: malformed graphs left it to a guess where graphs begin:")
    lines += [f"  {c.name}: {g.what}" for c in (test, gold) for g in c.guesses]
    lines.append(
        f"so graph {p} of {test.name} (line {test.lines[p - 1]}) and graph {p} of {gold.name} (line {gold.lines[p - 1]}) "
        f"may not be the same sentence{ids}{more}. Fix the malformed graphs{hint}."
    )
    raise CorpusError("\n".join(lines))


def _listed(errors: list[GraphError], limit: int = 20) -> list[str]:
    """The lines of a list of reading errors (each once, the first ``limit`` shown)."""
    errors = distinct_errors(errors)
    lines = [f"{counted(len(errors), 'malformed graph')}:"] + [f"  {e}" for e in errors[:limit]]
    if len(errors) > limit:
        lines.append(f"  ... and {len(errors) - limit} more")
    return lines


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
    lines = _listed(errors, limit)
    lines.append(
        f"Use {option('on_error', 'zero')} (score them as empty graphs) or {option('on_error', 'skip')} (leave the pairs out)."
    )
    return "\n".join(lines)


def pair_files(test: PathLike, gold: PathLike, *, pair_by_id: bool = False) -> tuple[int, Iterator[Pair]]:
    """Pair the graphs of two files by position (default) or by ``# ::id``: ``(count, pairs)``.

    By position, the pairs are :class:`PairedEntries` (their graphs can be decoded once before
    scoring), except for standard input, whose words are looked up as they come.

    By position, both files are counted first, so different counts raise :class:`CorpusError`
    before anything is scored (never a prefix), naming the first position whose ids differ when
    both files have ids; then graphs are streamed. By id, both files are checked for missing and
    repeated ids first, and the gold file is indexed in memory. Either file may be ``-`` (standard
    input), not both.
    """
    stdin_once(test, gold)
    if pair_by_id:
        return _pairs_by_id(test, gold)
    (test_census, test_entries), (gold_census, gold_entries) = census_entries(test), census_entries(gold)
    check_counts([test_census, gold_census], BY_ID_HINT)
    check_positions(test_census, gold_census, f", or give both files '# ::id' lines and use {option('pair_by_id')}")
    kept = test_census.kept is not None and gold_census.kept is not None and not is_stdin(test) and not is_stdin(gold)
    return test_census.count, PairedEntries(test_entries, gold_entries, kept=kept)


BY_ID_HINT = f" (use {option('pair_by_id')} to pair by '# ::id')"
"""How a count error ends when the files could be paired by id instead."""


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
    "BY_ID_HINT",
    "Census",
    "CorpusError",
    "Entry",
    "Guess",
    "census_entries",
    "check_counts",
    "check_positions",
    "GraphError",
    "ON_ERROR_CHOICES",
    "OnError",
    "Pair",
    "PairedEntries",
    "counted_entries",
    "format_errors",
    "iter_entries",
    "pair_files",
    "iter_text_entries",
    "read_graphs",
]
