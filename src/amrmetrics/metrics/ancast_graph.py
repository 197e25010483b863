"""AnCast's reading of one sentence graph, reproduced for the ``ancast`` compatibility metric.

AnCast (umr4nlp/ancast 37d6e7f) reads PENMAN with a scanner of its own, and several of its numbers
depend on how it reads: so ``ancast`` reads the graph text the same way, character for character.
This module is written from AnCast's behaviour (shared README section 6.2, and running it); it is
not AnCast's code. What the scanner does, where it differs from PENMAN:

* a node is ``(`` then the first ``[a-z0-9_-]+ / [^)\\s]+`` found *anywhere* after it (the scan
  then moves on by that match's length from the ``(``); its concept is cut at the first ``-dd``
  (name before, sense = the two digits, else 0) and lowercased;
* a role is the text from ``:`` to the first space after it (a tab only when no space follows);
  a value is a node, a quoted string (no escapes), a known variable, a not-yet-declared
  ``s<digits><letters><digits>`` variable (attached when it is declared; dropped if never), or
  else a constant up to the next whitespace or ``)``;
* a lowercase letter or digit where a role should start is an error; text after the root's
  closing parenthesis is ignored; no node, or an unclosed one, is an error (AnCast skips the
  sentence: :class:`AncastSkip`);
* a variable declared twice keeps its first node; the second is a node of its own, reachable
  only through its parent.

Each relation is stored as AnCast stores it: lowercased, ``-of`` roles (and ``:mod``, as
``mod-of``) turned around so that a relation runs from predicate to argument, and kept on both
nodes (the role as written on the parent, its inverse on the child) in the order it was read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

_HEAD = re.compile(r"([a-z0-9_\-]+\s*\/\s*[^)\s]+)")
_SENSE = re.compile(r"-[0-9]{2}")
_FORWARD = re.compile(r"s[0-9]+[a-z]+[0-9]*")
_LOWER_OR_DIGIT = re.compile(r"[a-z0-9]")
_INFINITY = 10**10
"""AnCast's 1e10 "not found" index (a float there; slicing with it fails, as here with this int we
fail the same way by checking)."""


class AncastSkip(Exception):
    """AnCast cannot read the graph and skips the sentence (the message is AnCast's reason)."""


class AncastCrash(Exception):
    """AnCast would stop with an exception here (not a skip): the document cannot be scored AnCast's way."""


@dataclass(eq=False)
class Const:
    """A constant value (AnCast's ``Attribute``): lowercased, quotes removed."""

    name: str
    quoted: bool = False

    def __str__(self) -> str:
        name = self.name
        if not name:
            raise AncastCrash("an empty constant (\"\"): AnCast stops with an IndexError here")
        return name[1:-1] if name[0] == name[-1] == '"' else name


@dataclass(eq=False)
class Node:
    """A node: its variable, lowercased name (concept before ``-dd``), sense and relations by role as stored."""

    var: str
    name: str
    sense: int
    relations: dict[str, list[Relation]] = field(default_factory=dict)

    def add(self, role: str, value: Node | Const) -> None:
        """Attach ``value`` under ``role`` as written (AnCast's ``node[(role, tags)] = value``)."""
        relation = Relation(role, self, value)
        self.relations.setdefault(role, []).append(relation)
        if isinstance(value, Node):
            value.relations.setdefault(reverse(role), []).append(relation)

    def all_relations(self) -> Iterator[Relation]:
        """Every relation of the node, in AnCast's order (by role as first stored, then as added)."""
        for relations in self.relations.values():
            yield from relations

    def attributes(self) -> dict[str, str]:
        """AnCast's ``node['ATTRIBUTES']``: relation name -> constant, for relations whose argument is a constant (the last wins)."""
        return {r.name: str(r.argument) for r in self.all_relations() if isinstance(r.argument, Const)}

    def stored(self) -> set[tuple[str, str, str] | None]:
        """The relation triples AnCast counts for this node (``get_relations``); None where AnCast's
        conversion fails (a constant in predicate position)."""
        return {r.triple() for r in self.all_relations()}

    def __str__(self) -> str:
        return self.name


class Relation:
    """One written relation, stored from predicate to argument (AnCast's ``Relation``)."""

    __slots__ = ("name", "focus", "child", "para", "predicate", "argument")

    def __init__(self, raw: str, focus: Node, child: Node | Const) -> None:
        name = raw.lower()
        self.para = not is_reverse(name)
        self.name = reverse(name) if not self.para else name
        self.focus, self.child = focus, child
        self.predicate, self.argument = (focus, child) if self.para else (child, focus)

    def seen_from(self, node: Node) -> tuple[Node | Const, bool]:
        """(the other end, whether ``node`` is the predicate) as AnCast's ``r[node]`` gives them."""
        if node is self.focus:
            return self.child, self.para
        return self.focus, not self.para

    def triple(self) -> tuple[str, str, str] | None:
        """AnCast's ``solidate``: (predicate, name, argument) with constants as strings; None when it fails."""
        head, tail = self.predicate, self.argument
        if isinstance(head, Node) and isinstance(tail, Node):
            return head.var, self.name, tail.var
        if self.name != "mod-of":
            return (head.var, self.name, str(tail)) if isinstance(head, Node) else None
        return (str(head), self.name, tail.var) if isinstance(tail, Node) else None


def reverse(role: str) -> str:
    """``ARG0`` <-> ``ARG0-of``."""
    return role[:-3] if role[-3:] == "-of" else role + "-of"


def is_reverse(role: str) -> bool:
    """True for a role stored turned around: ``-of`` roles and ``mod`` (but not ``mod-of``)."""
    if role == "mod":
        return True
    if role == "mod-of":
        return False
    return role[-3:] == "-of"


@dataclass
class AncastGraph:
    """A graph as AnCast read it: the root and the declared nodes in declaration order."""

    root: Node
    nodes: dict[str, Node]

    def triples(self) -> set[tuple[str, str, str]]:
        """Every relation triple of every declared node (AnCast's ``set0``); AncastCrash where one fails to convert."""
        out: set = set()
        for node in self.nodes.values():
            out |= node.stored()
        if None in out:
            raise AncastCrash("a constant in predicate position (an inverted role onto a constant): AnCast stops here")
        return out


class _Reader:
    """AnCast's scanner over one graph text (see the module doc)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.nodes: dict[str, Node] = {}
        self.pending: dict[str, list[tuple[Node, str]]] = {}
        self.steps = 0

    def brackets(self, i: int) -> tuple[Node, int]:
        text = self.text
        found: list[Node] = []
        closed = False
        node = None
        while i < len(text):
            if text[i] == "(":
                node, i = self.node(i + 1)
                found.append(node)
            elif text[i] == ")":
                i += 1
                closed = True
                break
            else:
                i += 1
        if len(found) != 1:
            raise AncastSkip("Multiple heads identified in semantic graph")
        if not closed:
            raise AncastSkip("Brackets aren't matched")
        assert node is not None
        return node, i

    def node(self, i: int) -> tuple[Node, int]:
        text = self.text
        m = _HEAD.search(text, i)
        if m is None:
            raise AncastSkip("no variable / concept after '('")
        head = m.group(1)
        parts = head.split("/")
        if len(parts) != 2:
            raise AncastSkip("a concept with '/'")
        var, concept = parts[0].strip(), parts[1].strip()
        sense = _SENSE.search(concept)
        if sense:
            node = Node(var, concept[: sense.start()].lower(), int(concept[sense.start() + 1 : sense.end()]))
        else:
            node = Node(var, concept.lower(), 0)
        i += len(head)
        if var not in self.nodes:
            self.nodes[var] = node
        for parent, role in self.pending.pop(var, ()):
            parent.add(role, node)
        while i < len(text) and text[i] != ")":
            self.steps += 1
            if self.steps > 10 * len(text) + 100:
                raise AncastCrash("AnCast's scanner does not advance on this graph")
            if text[i] == ":":
                i = self.relation(node, i)
            else:
                if _LOWER_OR_DIGIT.match(text[i]):
                    raise AncastSkip("a colon is missing")
                i += 1
        return node, i

    def relation(self, node: Node, i: int) -> int:
        text = self.text
        space, tab = text.find(" ", i), text.find("\t", i)
        end = space if space != -1 else tab
        role = text[i + 1 : end]
        i = end
        while text[i] == " " or text[i] == "\t":
            i += 1
        forward = False
        value: Node | Const | None = None
        if text[i] == "(":
            value, end = self.brackets(i)
        elif text[i] == '"':
            end = text.find('"', i + 1)
            value = Const(text[i + 1 : end].lower(), quoted=True)
        else:
            ends = [text.find(c, i) for c in (" ", "\t", "\n")]
            next_space = min(e if e != -1 else _INFINITY for e in ends)
            bracket = text.find(")", i)
            end = min(next_space, bracket if bracket != -1 else _INFINITY)
            if end == _INFINITY:
                raise AncastSkip("a value runs to the end of the graph")
            token = text[i:end].strip()
            if token in self.nodes:
                value = self.nodes[token]
            elif _FORWARD.fullmatch(token):
                self.pending.setdefault(token, []).append((node, role))
                forward = True
            else:
                value = Const(token.lower())
        if not forward:
            assert value is not None
            node.add(role, value)
        return end


def read_graph(text: str) -> AncastGraph:
    """The graph AnCast reads from ``text``; :class:`AncastSkip` where AnCast skips the sentence."""
    reader = _Reader(text)
    try:
        root, _ = reader.brackets(0)
    except (AncastSkip, AncastCrash):
        raise
    except Exception as err:  # AnCast catches any exception of its scanner and skips the sentence
        raise AncastSkip(f"{type(err).__name__}: {err}") from None
    return AncastGraph(root, reader.nodes)
