"""Decode one PENMAN graph text into a :class:`~amrmetrics.graph.Graph`.

penman's parser builds the tree; we turn the tree into typed triples ourselves, keeping roles as
written (de-inversion is a standardization step, so penman's models never get the chance to
de-invert ``:consist-of``), stripping ISI alignment markers (``~e.12``) and rejecting what penman
accepts but a metric cannot score: a node without a concept, a role without a target, and a
variable defined twice.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from amrmetrics.errors import DataError
from amrmetrics.graph import Graph, Instance, Relation
from amrmetrics.read.native import parse_natively
from amrmetrics.read.recent import Recent
from amrmetrics.read.scan import LINE_BREAKS, STRING, graph_extent

if TYPE_CHECKING:
    from penman.exceptions import DecodeError

_ALIGNMENT = re.compile(r"~(?:[a-z]\.?)?[0-9]+(?:,[0-9]+)*$")
_LINE_BOM = re.compile("^\ufeff+", re.MULTILINE)


class GraphError(DataError):
    """A graph that cannot be read, located by file, 1-based graph number and line."""

    def __init__(self, message: str, *, file: str = "<string>", number: int = 1, line: int = 1):
        super().__init__(message)
        self.message = message
        self.file = file
        self.number = number
        self.line = line

    def __str__(self) -> str:
        return f"{self.file}: graph {self.number} (line {self.line}): {self.message}"

    def __reduce__(self):  # keep the location when sent between processes
        return (_rebuild_error, (self.message, self.file, self.number, self.line))


def _rebuild_error(message: str, file: str, number: int, line: int) -> GraphError:
    return GraphError(message, file=file, number=number, line=line)


def _strip(label: str) -> str:
    return _ALIGNMENT.sub("", label) if "~" in label else label


def _line_of(text: str, var: str, occurrence: int = 1) -> int:
    """1-based line (within ``text``) of the ``occurrence``-th ``(var`` opening outside strings."""
    pattern = re.compile(r"\(\s*" + re.escape(var) + r"(?=[\s/:()~]|$)")
    for k, m in enumerate(pattern.finditer(_masked(text)), 1):
        if k == occurrence:
            return text.count("\n", 0, m.start()) + 1
    return 1


def _penman_message(err: DecodeError) -> str:
    message = err.message or "malformed PENMAN"
    if message.startswith("Expected: ROLE"):
        return "expected a role here (roles start with ':')"
    if message == "Unexpected end of input":
        return "unexpected end of graph (unbalanced parentheses?)"
    return message


Edge = tuple[str, str, str, bool]
"""``(source, role, target, target_is_a_node_written_here)``"""
Parsed = tuple[list[tuple[str, str]], list[Edge], list[Edge]]
"""Instances, edges in penman's walk order, and each node's last edge as written."""

MAX_DEPTH = 200
"""Deepest nesting of parentheses read (the deepest graph of the shared data nests 18): penman's parser recurses, so a
deeper graph is refused with a located error instead of a RecursionError, on both reader paths."""

_SPACE = " \t\n" + LINE_BREAKS
_TOKEN = re.compile(
    f'[{_SPACE}]*([()/]|:[^{_SPACE}"()/:~]*|[^{_SPACE}"()/:~]+|{STRING}|~(?:[a-z]\\.?)?[0-9]+(?:,[0-9]+)*|[^{_SPACE}])'
)
"""penman's tokens (parentheses, slash, role, symbol, string, alignment), then any stray character.

A whitespace run is skipped in one step before each token (the alternatives start with distinct
characters, so their order only puts the frequent ones first); this halves tokenizing time. The
characters where penman's lexer starts a new line separate tokens and end no string."""


_NOT_PLAIN = "\\~\r\x0b\x0c\x1c\x1d\x1e\x1f"
"""What sends an ASCII text to the regex: escapes, alignments, penman's extra line breaks, and the
one character ``str.split`` takes for whitespace that penman does not."""


def _split_tokens(text: str) -> list[str] | None:
    """:data:`_TOKEN`'s tokens of a plain ASCII text by string methods (a quarter faster than the
    regex), or None for any other text; a test checks both give the same tokens."""
    if not text.isascii():
        return None
    for odd in _NOT_PLAIN:
        if odd in text:
            return None
    if '"' not in text:
        return text.replace("(", " ( ").replace(")", " ) ").replace("/", " / ").replace(":", " :").split()
    parts = text.split('"')
    if not len(parts) % 2:  # an unterminated string
        return None
    tokens: list[str] = []
    for k, part in enumerate(parts):
        if k % 2:
            if "\n" in part:
                return None
            tokens.append(f'"{part}"')
        else:
            tokens += part.replace("(", " ( ").replace(")", " ) ").replace("/", " / ").replace(":", " :").split()
    return tokens


def _without_alignments(tokens: list[str]) -> list[str] | None:
    """The tokens without alignment markers, or None when a marker stands where penman refuses one
    (only a concept, a role or a target may carry one, and only one)."""
    kept: list[str] = []
    previous = before = ""
    for token in tokens:
        if token[0] == "~" and len(token) > 1:
            if previous[:1] in ("", "(", ")", "/", "~") or before == "(":
                return None
        else:
            kept.append(token)
        before, previous = previous, token
    return kept


RECENT_CHARS = 1 << 24
"""Characters of graph text whose decoded graphs are kept for reuse (about 12 bytes of graph per character)."""

_RECENT: Recent[Graph] = Recent(RECENT_CHARS)


def _fast_parse(text: str) -> Graph | None:
    """The graph of a regular text (without metadata), or None to let penman's parser decide.

    The graphs of recently read texts are kept (:class:`~amrmetrics.read.recent.Recent`), so a
    text that recurs is decoded once; graphs are immutable, so every reader of that text shares
    one object (and a metric can recognise a graph it has already prepared).
    """
    graph = _RECENT.get(text)
    if graph is None:
        graph = parse_natively(text) or _parse_regular(text)
        if graph is None:
            return None
        _RECENT.put(text, graph, len(text))
    return graph


def _parse_regular(text: str) -> Graph | None:
    """The graph of a regular text, or None to let penman's parser decide.

    One tokenizing pass and a loop over the tokens, several times faster than penman's parser. It
    accepts only the regular shape of a whole text that is one graph (no comment, nothing before
    or after, at most :data:`MAX_DEPTH` levels), so penman stays the authority on everything else
    and on every error message; tests check that both paths give identical graphs and verdicts.
    """
    tokens = _split_tokens(text)
    if tokens is None:
        tokens = _TOKEN.findall(text)
        if "~" in text:
            tokens = _without_alignments(tokens)
            if tokens is None:
                return None
    instances: list[tuple[str, str]] = []
    slots: list[list[Relation]] = []  # each node's edges, in penman's walk order
    tree: list[Relation] = []
    seen: set[str] = set()
    stack: list[tuple[str, list[Relation]]] = []
    pos = 0
    try:
        if tokens[0] != "(":
            return None
        while True:  # tokens[pos] opens a node
            var, slash, concept = tokens[pos + 1], tokens[pos + 2], tokens[pos + 3]
            if slash != "/" or var[0] in '()/:"#~' or concept[0] in "()/:#~" or concept == '"' or var in seen:
                return None
            seen.add(var)
            instances.append((var, concept))
            mine: list[Relation] = []
            slots.append(mine)
            stack.append((var, mine))
            if len(stack) > MAX_DEPTH:
                return None
            pos += 4
            while True:  # the node's edges, until a child opens
                role = tokens[pos]
                if role == ")":
                    stack.pop()
                    pos += 1
                    if not stack:
                        return _regular_graph(instances, slots, tree, seen) if pos == len(tokens) else None
                    var, mine = stack[-1]
                    continue
                target = tokens[pos + 1]
                if role[0] != ":":
                    return None
                if target == "(":
                    edge = (var, role, tokens[pos + 2])
                    mine.append(edge)
                    tree.append(edge)
                    pos += 1
                    break
                if target[0] in ")/:#~" or target == '"':
                    return None
                mine.append((var, role, target))
                pos += 2
    except IndexError:
        return None


def _regular_graph(instances: list[Instance], slots: list[list[Relation]], tree: list[Relation], defined: set[str]) -> Graph:
    """The graph of a regular parse: an edge onto a defined variable is a relation, any other an
    attribute (a quoted target is never a variable: variables are penman symbols, never strings)."""
    edges = [edge for slot in slots for edge in slot]
    return Graph(
        tuple(instances),
        tuple([edge for edge in edges if edge[2] not in defined]),
        tuple([edge for edge in edges if edge[2] in defined]),
        instances[0][0],
        {},
        tuple(tree),
        tuple([slot[-1] for slot in slots if slot]),
    )


def _quiet(penman_module) -> None:
    """penman logs what it repairs (``Missing target: ...``); we report those as located errors,
    so its log records stop at a null handler instead of Python's last-resort stderr handler."""
    import logging  # with penman, which imports it anyway: regular graphs never need it

    logger = logging.getLogger(penman_module.__name__)
    if not any(isinstance(h, logging.NullHandler) for h in logger.handlers):
        logger.addHandler(logging.NullHandler())


_EMPTY_NODE = re.compile(r"\(\s*\)")
_ANY_STRING = re.compile(STRING)


def _masked(text: str) -> str:
    """``text`` with every string's characters replaced by ``S`` (same length, same lines)."""
    return _ANY_STRING.sub(lambda m: "S" * len(m.group()), text) if '"' in text else text


def _empty_node(text: str, fail) -> GraphError:
    """The error for ``()``, penman's node with no variable, at its first place outside strings."""
    bare = _masked(text)
    where = _EMPTY_NODE.search(bare)
    return fail("a node with no variable and no concept: '()'", bare.count("\n", 0, where.start()) + 1 if where else 1)


def _penman_parse(text: str, fail) -> Parsed:
    """Instances, edges and last edges from penman's parser, with our checks and located errors.

    ``text`` is exactly one graph (see :func:`~amrmetrics.read.scan.graph_extent`).
    """
    import penman  # imported on first use: regular graphs never need it
    from penman.exceptions import DecodeError

    _quiet(penman)
    try:
        root = penman.parse(text).node
    except DecodeError as err:
        raise fail(_penman_message(err), err.lineno or 1) from None
    instances: list[tuple[str, str]] = []
    edges: list[Edge] = []
    last: list[Edge] = []
    defined: dict[str, int] = {}
    stack = [root]
    while stack:
        var, branches = stack.pop()
        if var is None:
            raise _empty_node(text, fail)
        var = _strip(var)
        defined[var] = defined.get(var, 0) + 1
        if defined[var] > 1:
            raise fail(f"variable {var!r} is defined twice", _line_of(text, var, defined[var]))
        concepts = [target for role, target in branches if role == "/"]
        if len(concepts) != 1 or concepts[0] is None:
            what = "has no concept" if not concepts or concepts[0] is None else "has several concepts"
            raise fail(f"node {var!r} {what}", _line_of(text, var))
        instances.append((var, _strip(concepts[0])))
        children = []
        for role, target in branches:
            if role == "/":
                continue
            role = _strip(role)
            if target is None:
                raise fail(f"role {role} of node {var!r} has no target", _line_of(text, var))
            if isinstance(target, tuple):
                if target[0] is None:
                    raise _empty_node(text, fail)
                edges.append((var, role, _strip(target[0]), True))
                children.append(target)
            else:
                edges.append((var, role, _strip(target), False))
        if len(branches) > 1:  # edges[-1] is this node's last branch
            last.append(edges[-1])
        stack.extend(reversed(children))
    return instances, edges, last


def decode(
    text: str,
    *,
    metadata: Mapping[str, str] | None = None,
    file: str = "<string>",
    number: int = 1,
    line: int = 1,
) -> Graph:
    """Decode one graph; raise :class:`GraphError` located at ``file``/``number``/``line``.

    ``line`` is the file line on which ``text`` starts, so errors point into the file.
    """

    def fail(message: str, offset: int) -> GraphError:
        return GraphError(message, file=file, number=number, line=line + offset - 1)

    if "\ufeff" in text:  # a byte-order mark opening a line is dropped, as the splitter does
        text = _LINE_BOM.sub("", text)
    graph = _fast_parse(text)
    if graph is not None:
        return graph.evolve(metadata=dict(metadata)) if metadata else graph
    extent = graph_extent(text, MAX_DEPTH)
    if extent.problem is not None:
        raise fail(extent.problem, extent.problem_line)
    if metadata is None:
        metadata = extent.metadata

    def fail_in_graph(message: str, offset: int) -> GraphError:
        return fail(message, extent.line + offset - 1)

    return _graph_of(_penman_parse(text[extent.start:extent.end], fail_in_graph), metadata)


def _graph_of(parsed: Parsed, metadata: Mapping[str, str]) -> Graph:
    """The graph of parsed instances and edges: an edge onto a node written there, or onto a
    defined variable, is a relation; any other target is a constant (a quoted target is never a
    variable: penman reads a variable as a symbol, never a string)."""
    instances, edges, last = parsed
    defined = {v for v, _ in instances}
    attributes = []
    relations = []
    introduced: dict[str, Relation] = {}
    for source, role, target, is_node in edges:
        if is_node:
            relations.append((source, role, target))
            introduced[target] = relations[-1]
        elif target in defined:
            relations.append((source, role, target))
        else:
            attributes.append((source, role, target))
    return Graph(
        instances=tuple(instances),
        attributes=tuple(attributes),
        relations=tuple(relations),
        root=instances[0][0],
        metadata=dict(metadata),
        tree_edges=tuple(introduced[var] for var, _ in instances if var in introduced),
        last_branches=tuple([edge[:3] for edge in last]),
    )
