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
from amrmetrics.graph import Graph

if TYPE_CHECKING:
    from penman.exceptions import DecodeError

_ALIGNMENT = re.compile(r"~(?:[a-z]\.?)?[0-9]+(?:,[0-9]+)*$")


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
    """1-based line (within ``text``) of the ``occurrence``-th ``(var`` opening."""
    pattern = re.compile(r"\(\s*" + re.escape(var) + r"(?=[\s/:()~]|$)")
    for k, m in enumerate(pattern.finditer(text), 1):
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

_TOKEN = re.compile(r'\s*([()/]|:[^\s()/:~]*|[^\s"()/:~]+|"[^"\\]*(?:\\.[^"\\]*)*"|~(?:[a-z]\.?)?[0-9]+(?:,[0-9]+)*|\S)')
"""penman's tokens (parentheses, slash, role, symbol, string, alignment), then any stray character.

A whitespace run is skipped in one step before each token (the alternatives start with distinct
characters, so their order only puts the frequent ones first); this halves tokenizing time."""


class _Irregular(Exception):
    """The fast reader met something it leaves to penman (an error, or a rare construct)."""


def _fast_parse(text: str) -> Parsed | None:
    """Instances, edges and last edges of a regular graph, or None to let penman's parser decide.

    One regex pass and a small recursive descent, several times faster than penman's parser. It
    accepts only the regular shape of a graph, so penman stays the authority on everything else
    and on every error message; tests check that both paths give identical graphs.
    """
    tokens = _TOKEN.findall(text)
    if "~" in text:
        tokens = [t for t in tokens if t[0] != "~" or len(t) == 1]
    instances: list[tuple[str, str]] = []
    slots: list[list[Edge]] = []
    try:
        end = _fast_node(tokens, 0, instances, slots, set())
    except (IndexError, _Irregular):
        return None
    if end != len(tokens):
        return None
    return instances, [edge for slot in slots for edge in slot], [slot[-1] for slot in slots if slot]


def _fast_node(tokens: list[str], pos: int, instances: list, slots: list[list[Edge]], seen: set[str]) -> int:
    """Parse the node opening at ``pos``; its edges go to its pre-order slot (penman's walk order)."""
    var, slash, concept = tokens[pos + 1], tokens[pos + 2], tokens[pos + 3]
    if tokens[pos] != "(" or slash != "/" or var[0] in '()/:"#~' or concept[0] in "()/:#~" or concept == '"' or var in seen:
        raise _Irregular
    seen.add(var)
    instances.append((var, concept))
    mine: list[Edge] = []
    slots.append(mine)
    pos += 4
    while tokens[pos] != ")":
        role, target = tokens[pos], tokens[pos + 1]
        if role[0] != ":":
            raise _Irregular
        if target == "(":
            mine.append((var, role, tokens[pos + 2], True))
            pos = _fast_node(tokens, pos + 1, instances, slots, seen)
        elif target[0] in ")/:#~" or (target[0] == '"' and len(target) == 1):
            raise _Irregular
        else:
            mine.append((var, role, target, False))
            pos += 2
    return pos + 1


def _penman_parse(text: str, fail) -> Parsed:
    """Instances, edges and last edges from penman's parser, with our checks and located errors."""
    import penman  # imported on first use: regular graphs never need it
    from penman.exceptions import DecodeError

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

    def fail(message: str, offset: int = 1) -> GraphError:
        return GraphError(message, file=file, number=number, line=line + offset - 1)

    if not text.strip():
        raise fail("empty graph")
    instances, edges, last = _fast_parse(text) or _penman_parse(text, fail)
    defined = {v for v, _ in instances}
    attributes = []
    relations = []
    tree = []
    for source, role, target, is_node in edges:
        if is_node:
            relations.append((source, role, target))
            tree.append(relations[-1])
        elif target in defined and target[0] != '"':
            relations.append((source, role, target))
        else:
            attributes.append((source, role, target))
    return Graph(
        instances=tuple(instances),
        attributes=tuple(attributes),
        relations=tuple(relations),
        root=instances[0][0],
        metadata=dict(metadata) if metadata else {},
        tree_edges=frozenset(tree),
        last_branches=frozenset(edge[:3] for edge in last),
    )
