"""Read UMR documents: sentence graphs, tokens, word alignments and the document-level relations.

A UMR file is one document (UMR 3.0 release layout): each sentence block starts with a line of 80
``#``, then a header (``# meta-info :: sent_id = ...``, ``# :: sntN``, ``Index:``, ``Words:``),
``# sentence level graph:`` and one PENMAN graph, ``# alignment:`` and ``var: start-end`` lines,
``# document level annotation:`` and ``(sNs0 / sentence :temporal ((head :label tail) ...) :modal
(...) :coref (...))``. AnCast's sample layout has no 80-``#`` lines and puts the sentence text
after ``# :: sntN`` on the same line; a ``# :: sntN`` (or ``# meta-info``) line after a graph
marker starts the next block there. Blank lines never matter (the release has zero, one or two
between parts and several after a block), and parts may be missing.

Nothing is dropped silently. What cannot be read (a malformed graph, an unreadable alignment line,
a malformed document-level block, a part out of order) is a :class:`UmrError` naming the file, the
sentence and the line; the sentence keeps it in place of its graph, so the caller's error policy
decides. What can be read but deserves a count (placeholder graphs, empty graphs, relation labels
outside UMR's inventory, alignment lines of variables not in the graph, ...) is an
:class:`UmrIssue` of a named category (:data:`CATEGORIES`); a document counts them.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from amrmetrics.graph import EMPTY_GRAPH, Graph
from amrmetrics.read.corpus import format_errors
from amrmetrics.read.decode import GraphError, decode
from amrmetrics.read.scan import bad_byte
from amrmetrics.read.source import CorpusError, PathLike, read_chunks

SEPARATOR = "#" * 80
GRAPH_MARKER = "# sentence level graph:"
ALIGNMENT_MARKER = "# alignment:"
DOCUMENT_MARKER = "# document level annotation:"
MARKERS = (GRAPH_MARKER, ALIGNMENT_MARKER, DOCUMENT_MARKER)
EXTENSION = ".umr"

PLACEHOLDER = "umr-empty"
"""The concept of a placeholder graph (``(s5u / umr-empty)``: a sentence left unannotated)."""

KNOWN_LABELS: Mapping[str, frozenset[str]] = {
    "temporal": frozenset({"before", "after", "overlap", "contained", "contains", "depends-on"}),
    "modal": frozenset(
        {
            "modal",
            "full-affirmative",
            "partial-affirmative",
            "neutral-affirmative",
            "neutral-negative",
            "partial-negative",
            "full-negative",
            "unspecified",
        }
    ),
    "coref": frozenset({"same-entity", "same-event", "subset-of"}),
}
"""UMR's document-level relation labels per category (the UMR guidelines' inventory, plus ``:contains``,
the inverse of ``:contained`` that the English release uses); any other label is read, scored as
written, and counted as ``unknown-label``."""

CATEGORIES: Mapping[str, str] = {
    "placeholder": "placeholder graphs (umr-empty)",
    "empty-graph": "empty sentence graphs",
    "unknown-label": "document relations with a label outside UMR's inventory",
    "unknown-category": "document relation lists other than temporal, modal, coref",
    "alignment-unknown-variable": "alignment lines of variables not in the graph",
    "alignment-invalid-span": "alignment spans that are not 1-based token ranges (read as unaligned)",
    "alignment-multi-span": "alignment lines with several spans",
    "relation-unknown-variable": "document relation arguments that look like variables but are defined nowhere (read as constants)",
    "duplicate-variable": "variables defined in two sentences of the document",
}
"""Every counted category a reader reports: name -> what it counts."""

_VARIABLE_LIKE = re.compile(r"s\d+[a-z]+\d*")
"""A name shaped like a UMR variable (sentence prefix, letters, optional number)."""
_SNT = re.compile(r"#\s*::\s*(snt\d+)(?:[ \t]+(.*))?$")
_META_PAIR = re.compile(r"::\s*([^\s:=]+)\s*=\s*(.*?)\s*(?=::|$)")
_ALIGNMENT_LINE = re.compile(r"^(\S+?)\s*:\s*(.*?)\s*$")
_SPAN = re.compile(r"^(-?\d+)\s*-\s*(-?\d+)$")
_DOC_TOKEN = re.compile(r'\s*(?:(\()|(\))|("(?:[^"\\]|\\.)*")|([^\s()"]+))')

Span = tuple[int, int]


class UmrError(GraphError):
    """A UMR sentence (or file) that cannot be read, located by file, sentence and line."""

    def __init__(self, message: str, *, file: str = "<string>", number: int = 1, line: int = 1, label: str | None = None):
        super().__init__(message, file=file, number=number, line=line)
        self.label = label

    def __str__(self) -> str:
        label = f"{self.label}, " if self.label else ""
        return f"{self.file}: sentence {self.number} ({label}line {self.line}): {self.message}"

    def __reduce__(self):  # keep the location and class when sent between processes
        return (_rebuild_umr_error, (self.message, self.file, self.number, self.line, self.label))


def _rebuild_umr_error(message: str, file: str, number: int, line: int, label: str | None) -> UmrError:
    return UmrError(message, file=file, number=number, line=line, label=label)


@dataclass(frozen=True)
class UmrIssue:
    """A counted fact about the input (see :data:`CATEGORIES`): where it is and what it is."""

    category: str
    sentence: int
    line: int
    detail: str


@dataclass(frozen=True)
class DocRelation:
    """One document-level triple ``(head :label tail)`` of a category (``temporal``, ``modal``, ``coref``)."""

    category: str
    head: str
    label: str
    tail: str
    line: int


@dataclass(frozen=True)
class UmrParts:
    """A block's four parts as written (non-blank lines joined by newlines), with the line each starts on.

    The compatibility metrics read these, as their reference tools read the text (their parsers differ from ours).
    """

    header: str = ""
    graph: str = ""
    alignment: str = ""
    document: str = ""
    lines: tuple[int, int, int, int] = (0, 0, 0, 0)
    marked: tuple[bool, bool, bool] = (False, False, False)
    """Which of the three markers (graph, alignment, document level) the block has."""
    separator: bool = False
    """True when the block starts with the release layout's 80-``#`` line."""


@dataclass(frozen=True)
class UmrSentence:
    """One sentence block: its graph (or the error that replaced it), tokens, alignment and document relations.

    ``number`` is the block's 1-based position in the file; ``label`` the ``sntN`` it names (which
    need not equal its position); ``alignment`` maps each aligned variable to its 1-based token
    spans (inclusive; ``0-0`` lines and variables without a line are unaligned).
    """

    number: int
    line: int
    label: str | None
    metadata: Mapping[str, str]
    tokens: tuple[str, ...]
    text: str
    graph: Graph | None
    error: UmrError | None
    alignment: Mapping[str, tuple[Span, ...]]
    relations: tuple[DocRelation, ...]
    parts: UmrParts = field(default_factory=UmrParts, repr=False)
    placeholder: bool = False
    empty: bool = False
    skipped: bool = False
    """Left out of document scores: the error policy ``skip`` met an unreadable sentence on one side of its pair."""

    @property
    def scored_graph(self) -> Graph:
        """The graph, or the empty graph where there is none."""
        return self.graph if self.graph is not None else EMPTY_GRAPH


@dataclass(frozen=True)
class UmrDocument:
    """A UMR document: its sentences in file order, the counted issues, and where it was read from."""

    file: str
    sentences: tuple[UmrSentence, ...]
    issues: tuple[UmrIssue, ...] = ()

    @property
    def name(self) -> str:
        """The file name without folder and extension (documents of two folders pair by it)."""
        base = os.path.basename(self.file)
        return base[: -len(EXTENSION)] if base.lower().endswith(EXTENSION) else os.path.splitext(base)[0]

    @property
    def errors(self) -> list[UmrError]:
        """Every sentence that could not be read, in order."""
        return [s.error for s in self.sentences if s.error is not None]

    @property
    def relations(self) -> tuple[DocRelation, ...]:
        """All document-level relations, in file order."""
        return tuple(r for s in self.sentences for r in s.relations)

    def counts(self) -> Counter[str]:
        """How many issues of each category the document has."""
        return Counter(issue.category for issue in self.issues)

    def variables(self) -> dict[str, int]:
        """Each variable of the sentence graphs -> the (1-based) number of the first sentence that defines it."""
        defined: dict[str, int] = {}
        for sentence in self.sentences:
            for var in sentence.scored_graph.variables:
                defined.setdefault(var, sentence.number)
        return defined


@dataclass
class _Block:
    """Lines of one block while reading: (line number, text) per part."""

    line: int
    parts: list[list[tuple[int, str]]] = field(default_factory=lambda: [[], [], [], []])
    marked: list[bool] = field(default_factory=lambda: [False, False, False])
    current: int = 0
    problem: tuple[int, str] | None = None
    separator: bool = False


def _blocks(lines: Sequence[str], file: str) -> Iterator[_Block]:
    """Cut a file into sentence blocks and each block into its parts (see the module doc)."""
    release = any(line.startswith(SEPARATOR) and line.rstrip() == SEPARATOR for line in lines)
    block: _Block | None = None
    for number, raw in enumerate(lines, 1):
        line = raw.rstrip()
        if not line:
            continue
        if line[0] != "#" and block is not None:  # the common case: a line of a part
            block.parts[block.current].append((number, raw))
            continue
        starts = line == SEPARATOR if release else (
            block is None or (any(block.marked) and (_SNT.match(line) is not None or line.startswith("# meta-info")))
        )
        if starts:
            if block is not None:
                yield block
            block = _Block(number, separator=line == SEPARATOR)
            if block.separator:
                continue
        if block is None:
            raise CorpusError(f"{file}: line {number}: text before the first sentence block: {line[:60]!r}")
        if line in MARKERS:
            k = MARKERS.index(line)
            if block.marked[k] or any(block.marked[k + 1 :]):
                if block.problem is None:
                    block.problem = (number, f"{line!r} out of order or repeated")
                continue
            block.marked[k] = True
            block.current = k + 1
            continue
        block.parts[block.current].append((number, raw))
    if block is not None:
        yield block


def _joined(part: list[tuple[int, str]]) -> str:
    return "\n".join(text for _, text in part)


class _SentenceReader:
    """Reads one block into a :class:`UmrSentence`, collecting its issues."""

    def __init__(self, file: str, position: int, block: _Block) -> None:
        self.file, self.position, self.block = file, position, block
        self.issues: list[UmrIssue] = []
        self.label: str | None = None

    def issue(self, category: str, line: int, detail: str) -> None:
        self.issues.append(UmrIssue(category, self.position, line, detail))

    def error(self, message: str, line: int) -> UmrError:
        return UmrError(message, file=self.file, number=self.position, line=line, label=self.label)

    def read(self) -> UmrSentence:
        block = self.block
        header, graph_part, alignment_part, document_part = block.parts
        metadata, tokens, text = self._header(header)
        error: UmrError | None = None
        if block.problem is not None:
            error = self.error(block.problem[1], block.problem[0])
        elif not block.marked[0]:
            error = self.error(f"no {GRAPH_MARKER!r} line in this sentence block", block.line)
        graph, empty, placeholder = None, False, False
        if error is None:
            graph, error, empty, placeholder = self._graph(graph_part)
        alignment: dict[str, tuple[Span, ...]] = {}
        relations: tuple[DocRelation, ...] = ()
        if error is None:
            try:
                alignment = self._alignment(alignment_part, graph)
                relations = self._document(document_part)
            except UmrError as err:
                error, graph = err, None
        first = [p[0][0] if p else 0 for p in (header, graph_part, alignment_part, document_part)]
        raw = UmrParts(
            _joined(header), _joined(graph_part), _joined(alignment_part), _joined(document_part),
            (first[0], first[1], first[2], first[3]), (block.marked[0], block.marked[1], block.marked[2]), block.separator,
        )
        return UmrSentence(
            self.position, block.line, self.label, metadata, tokens, text, graph, error, alignment, relations,
            raw, placeholder, empty,
        )

    def _header(self, header: list[tuple[int, str]]) -> tuple[dict[str, str], tuple[str, ...], str]:
        metadata: dict[str, str] = {}
        tokens: tuple[str, ...] = ()
        text = ""
        for number, line in header:
            stripped = line.strip()
            if (m := _SNT.match(stripped)) is not None:
                self.label, text = m.group(1), (m.group(2) or "").strip()
            elif stripped.startswith("# meta-info"):
                metadata.update({k: v for k, v in _META_PAIR.findall(stripped)})
            elif stripped.startswith("Words:"):
                tokens = tuple(stripped[len("Words:") :].split())
            elif stripped.startswith("Index:") or stripped.startswith("#"):
                continue
            elif self.block.problem is None:
                self.block.problem = (number, f"unexpected text in the sentence header: {stripped[:60]!r}")
        if not tokens and text:
            tokens = tuple(text.split())
        return metadata, tokens, text

    def _graph(self, part: list[tuple[int, str]]) -> tuple[Graph | None, UmrError | None, bool, bool]:
        """``(graph, error, empty, placeholder)`` of the graph part."""
        if not part:
            self.issue("empty-graph", self.block.line, "no sentence graph")
            return EMPTY_GRAPH, None, True, False
        start = part[0][0]
        text = "\n".join(line for _, line in part)
        try:
            graph = decode(text, file=self.file, number=self.position, line=start)
        except GraphError as err:
            return None, self.error(err.message, err.line), False, False
        placeholder = len(graph.instances) == 1 and graph.instances[0][1] == PLACEHOLDER and len(graph) == 1
        if placeholder:
            self.issue("placeholder", start, f"({graph.instances[0][0]} / {PLACEHOLDER})")
        return graph, None, False, placeholder

    def _alignment(self, part: list[tuple[int, str]], graph: Graph | None) -> dict[str, tuple[Span, ...]]:
        variables = set(graph.variables) if graph is not None else set()
        alignment: dict[str, tuple[Span, ...]] = {}
        for number, line in part:
            m = _ALIGNMENT_LINE.match(line.strip())
            if m is None or not m.group(2):
                raise self.error(f"cannot read the alignment line {line.strip()!r} (expected 'variable: start-end')", number)
            var, value = m.group(1), m.group(2)
            spans: list[Span] = []
            for piece in value.split(","):
                s = _SPAN.match(piece.strip())
                if s is None:
                    raise self.error(f"cannot read the alignment span {piece.strip()!r} of {var}", number)
                start, end = int(s.group(1)), int(s.group(2))
                if (start, end) == (0, 0):
                    continue
                if start < 1 or end < start:
                    self.issue("alignment-invalid-span", number, f"{var}: {piece.strip()}")
                    continue
                spans.append((start, end))
            if value.count(",") > 0:
                self.issue("alignment-multi-span", number, f"{var}: {value}")
            if var not in variables:
                self.issue("alignment-unknown-variable", number, f"{var} is not a variable of this sentence's graph")
                continue
            alignment[var] = tuple(spans)
        return alignment

    def _document(self, part: list[tuple[int, str]]) -> tuple[DocRelation, ...]:
        """The triples of the document-level block (not PENMAN: lists of ``(head :label tail)``)."""
        tokens = list(_doc_tokens(part, self.error))
        if not tokens:
            return ()
        relations: list[DocRelation] = []
        pos = 0

        def expect(kind: str) -> tuple[int, str, str]:
            nonlocal pos
            if pos >= len(tokens):
                last = tokens[-1][0]
                raise self.error(f"document-level block ends early: expected {kind}", last)
            token = tokens[pos]
            pos += 1
            return token

        def fail(token: tuple[int, str, str], expected: str) -> UmrError:
            return self.error(f"document-level block: expected {expected}, found {token[2]!r}", token[0])

        if (t := expect("'('"))[1] != "(":
            raise fail(t, "'('")
        if (t := expect("a variable"))[1] != "symbol":
            raise fail(t, "a variable")
        if (t := expect("'/'"))[2] != "/":
            raise fail(t, "'/'")
        if (t := expect("a concept"))[1] != "symbol":
            raise fail(t, "a concept")
        while (t := expect("a role or ')'"))[1] != ")":
            if t[1] != "symbol" or not t[2].startswith(":") or len(t[2]) < 2:
                raise fail(t, "a role such as :temporal")
            category = t[2][1:]
            if category not in KNOWN_LABELS:
                self.issue("unknown-category", t[0], t[2])
            if (t := expect("'(' opening a list of triples"))[1] != "(":
                raise fail(t, "'(' opening a list of triples")
            while (t := expect("'(' or ')'"))[1] != ")":
                if t[1] != "(":
                    raise fail(t, "'(' opening a triple")
                head, label, tail = expect("a head"), expect("a label"), expect("a tail")
                for token, what in ((head, "a head"), (tail, "a tail")):
                    if token[1] != "symbol" or token[2].startswith(":"):
                        raise fail(token, what)
                if label[1] != "symbol" or not label[2].startswith(":") or len(label[2]) < 2:
                    raise fail(label, "a label such as :before")
                if (close := expect("')' closing the triple"))[1] != ")":
                    raise fail(close, "')' closing the triple")
                name = label[2][1:]
                if name not in KNOWN_LABELS.get(category, frozenset()):
                    self.issue("unknown-label", label[0], f"{category} :{name}")
                relations.append(DocRelation(category, head[2], name, tail[2], head[0]))
        if pos != len(tokens):
            raise fail(tokens[pos], "the end of the document-level block")
        return tuple(relations)


def _doc_tokens(part: list[tuple[int, str]], error) -> Iterator[tuple[int, str, str]]:  # type: ignore[no-untyped-def]
    """``(line, kind, text)`` tokens of a document-level block: ``(``, ``)``, or a symbol (quoted strings too)."""
    for number, line in part:
        pos, end = 0, len(line.rstrip())
        while pos < end:
            m = _DOC_TOKEN.match(line, pos)
            if m is None:
                raise error(f"document-level block: cannot read {line[pos:].strip()[:40]!r}", number)
            pos = m.end()
            if m.group(1):
                yield number, "(", "("
            elif m.group(2):
                yield number, ")", ")"
            else:
                yield number, "symbol", m.group(3) or m.group(4)


def parse_umr(text: str, *, file: str = "<string>") -> UmrDocument:
    """Read one UMR document from its text (see the module doc); sentence errors stay in their sentences."""
    lines = text.split("\n")
    if bad_byte(text) is not None:  # an undecodable byte: name its line
        for number, line in enumerate(lines, 1):
            problem = bad_byte(line)
            if problem is not None:
                raise CorpusError(f"{file}: line {number}: {problem}")
    sentences: list[UmrSentence] = []
    issues: list[UmrIssue] = []
    for position, block in enumerate(_blocks(lines, file), 1):
        reader = _SentenceReader(file, position, block)
        sentences.append(reader.read())
        issues.extend(reader.issues)
    issues.extend(_document_issues(sentences))
    return UmrDocument(file, tuple(sentences), tuple(issues))


def _document_issues(sentences: list[UmrSentence]) -> list[UmrIssue]:
    """Issues only the whole document shows: variables defined twice, relation arguments defined nowhere."""
    issues = []
    defined: dict[str, int] = {}
    for sentence in sentences:
        for var, _ in sentence.scored_graph.instances:
            if var in defined and defined[var] != sentence.number:
                issues.append(UmrIssue("duplicate-variable", sentence.number, sentence.parts.lines[1], f"{var} (sentence {defined[var]})"))
            defined.setdefault(var, sentence.number)
    for sentence in sentences:
        for relation in sentence.relations:
            for name in (relation.head, relation.tail):
                if name not in defined and _VARIABLE_LIKE.fullmatch(name):
                    issues.append(UmrIssue("relation-unknown-variable", sentence.number, relation.line, name))
    return issues


def _read_text(path: PathLike) -> str:
    name = os.fspath(path)
    if os.path.isdir(name):
        raise CorpusError(f"{name}: is a directory, expected a .umr file (read_umr_documents reads a folder)")
    return "".join(read_chunks(path))


def read_umr(path: PathLike, *, on_error: str = "fail") -> UmrDocument:
    """Read one UMR document (a ``.umr`` file, release or AnCast layout).

    ``on_error``: ``fail`` raises :class:`CorpusError` listing every sentence that cannot be read;
    otherwise they stay in the document with their error in place of the graph (``document.errors``).
    """
    document = parse_umr(_read_text(path), file=os.fspath(path))
    if on_error == "fail" and document.errors:
        raise CorpusError(format_errors(list(document.errors)))
    return document


def umr_files(path: PathLike) -> list[str]:
    """The documents of a UMR input: the file itself, or a folder's ``.umr`` files sorted by name."""
    name = os.fspath(path)
    if os.path.isdir(name):
        found = sorted(os.path.join(name, f) for f in os.listdir(name) if f.lower().endswith(EXTENSION))
        if not found:
            raise CorpusError(f"{name}: folder without .umr files")
        return found
    if not os.path.exists(name):
        raise CorpusError(f"{name}: no such file")
    return [name]


def read_umr_documents(path: PathLike, *, on_error: str = "fail") -> list[UmrDocument]:
    """Every document of a ``.umr`` file or of a folder of them (sorted by file name)."""
    documents = [parse_umr(_read_text(f), file=f) for f in umr_files(path)]
    errors = [e for d in documents for e in d.errors]
    if on_error == "fail" and errors:
        raise CorpusError(format_errors(list(errors)))
    return documents


