"""juːmæʧ's reading of a UMR document, reproduced for the ``jumach`` compatibility metric.

juːmæʧ (ufal/umrtools ``compare_umr.pl`` 4377bc4) reads each sentence's four blocks with line
scanners of its own; its counts depend on them, so ``jumach`` reads the same text the same way.
Written from the shared README's specification (section 7.2) and from running it, not from its
(GPL) code. The sentence blocks are the reader's parts, laid out as juːmæʧ sees the release files
once their blank lines are normalised (header, then each marked part with its marker line).

A failure (juːmæʧ's FATAL) stops that sentence's reading where it happens: what was read stays
(its graph even keeps the nodes read so far), and the later parts of the sentence are not read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from amrmetrics.read.umr import ALIGNMENT_MARKER, DOCUMENT_MARKER, GRAPH_MARKER, SEPARATOR, UmrDocument, UmrSentence

_WORD = r"(?:[^\W_])"
"""A letter or a number (Perl's ``[\\pL\\pN]``)."""
_NODE = re.compile(rf"^\(\s*({_WORD}+)\s*/\s*")
_CONCEPT = re.compile(r"([^\s()]+)")
_ROLE = re.compile(rf"^(:(?:{_WORD}|-)+)\s*")
_QUOTED = re.compile(r'^"(.*?)"')
_BARE = re.compile(r"^([^\s)]+)")
_SPACE = re.compile(r"^\s+")
_ALIGNMENT = re.compile(rf"^({_WORD}+):\s*([0-9]+-[0-9]+(\s*,\s*[0-9]+-[0-9]+)*)$")
_INTERVAL = re.compile(r"^([0-9]+)-([0-9]+)$")
_DOC_OPEN = re.compile(rf"^\(\s*({_WORD}+)\s*/\s*sentence\s*")
_DOC_TRIPLE = re.compile(rf"^\(\s*((?:{_WORD}|-)+)\s*(:(?:{_WORD}|-)+)\s*((?:{_WORD}|-)+)\s*\)")
_OPEN = re.compile(r"^\(\s*")
_OP = re.compile(r"^:op[0-9]+$")


class Fatal(Exception):
    """What juːmæʧ reports as FATAL for a sentence (the sentence is still compared with what was read)."""


def _true(text: str) -> bool:
    """Perl's truth of a string: empty and ``"0"`` are false (so a line-final value 0 is never read)."""
    return text != "" and text != "0"


def _clean(line: str) -> str:
    """A line without its comment and surrounding whitespace (a ``#`` starts a comment even inside quotes)."""
    return line.split("#", 1)[0].strip()


@dataclass(eq=False)
class JNode:
    """A node as juːmæʧ keeps it: relations as written (role with colon, value string), its alignment and links."""

    variable: str
    concept: str
    relations: list[tuple[str, str]] = field(default_factory=list)
    econcept: str | None = None
    """The concept, ``name`` extended by its ``:opN`` values; None when the graph failed (B2)."""
    alignment: list[int] | None = None
    aligned_text: str | None = None
    links: dict[str, int] = field(default_factory=dict)
    """Linked nodes of the other file (juːmæʧ's ``crossfile``)."""
    ambiguous: list[str] | None = None
    """The links when the node first had several (for the ambiguity statistics)."""


@dataclass
class JSentence:
    """One sentence as juːmæʧ read it."""

    tokens: list[str] = field(default_factory=list)
    nodes: dict[str, JNode] = field(default_factory=dict)
    docrels: dict[str, int] = field(default_factory=dict)
    failed: str | None = None


@dataclass
class JFile:
    """A document: its sentences and the document-wide node table (sentences whose graph was read)."""

    sentences: list[JSentence]
    nodes: dict[str, JNode]


def blocks(sentence: UmrSentence) -> list[list[str]]:
    """The sentence's blocks as juːmæʧ reads them: header, then each marked part after its marker line."""
    parts = sentence.parts
    header = ([SEPARATOR] if parts.separator else []) + [x for x in parts.header.split("\n") if x]
    out = [[x.rstrip() for x in header]]
    for marked, marker, text in zip(parts.marked, (GRAPH_MARKER, ALIGNMENT_MARKER, DOCUMENT_MARKER), (parts.graph, parts.alignment, parts.document)):
        if marked:
            out.append([marker] + [x.rstrip() for x in text.split("\n") if x.strip()])
    return out


def read_document(document: UmrDocument, *, top: bool) -> JFile:
    """Read every sentence of ``document`` as juːmæʧ does (see the module doc)."""
    file = JFile([], {})
    for sentence in document.sentences:
        read = JSentence()
        file.sentences.append(read)
        parts = blocks(sentence)
        try:
            read.tokens = _tokens(parts[0] if parts else [])
            _graph(read, parts[1] if len(parts) > 1 else [], file, top)
            _alignment(read, parts[2] if len(parts) > 2 else [])
            _docrels(read, parts[3] if len(parts) > 3 else [])
        except Fatal as fatal:
            read.failed = str(fatal)
    return file


def _tokens(lines: list[str]) -> list[str]:
    for line in lines:
        m = re.match(r"^Words:\s*(.+)$", line)
        if m:
            return m.group(1).split()
    return []


def _graph(sentence: JSentence, lines: list[str], file: JFile, top: bool) -> None:
    nodes = sentence.nodes
    stack: list[JNode] = []
    relation: str | None = "START"
    top_node: str | None = None
    for line in lines:
        rest = _clean(line)
        while _true(rest):
            if m := _NODE.match(rest):
                variable = m.group(1)
                rest = rest[m.end():]
                if top_node is None:
                    top_node = variable
                c = _CONCEPT.search(rest)
                if c is None:
                    raise Fatal(f"Found what looks like a new node {variable} but could not recognize the concept")
                rest = rest[: c.start()] + rest[c.end():]
                if relation is None:
                    raise Fatal("Not expecting new node (this is not START and there was no relation name)")
                node = JNode(variable, c.group(1))
                if relation != "START":
                    stack[-1].relations.append((relation, variable))
                nodes[variable] = node
                stack.append(node)
                relation = None
            elif m := _ROLE.match(rest):
                relation = m.group(1)
                rest = rest[m.end():]
            elif (m := _QUOTED.match(rest)) or (m := _BARE.match(rest)):
                rest = rest[m.end():]
                if not stack:
                    raise Fatal(f"Nodes closed prematurely; extra attribute value {m.group(1)}")
                if relation is None:
                    raise Fatal(f"Missing relation for value {m.group(1)}")
                stack[-1].relations.append((relation, m.group(1)))
                relation = None
            elif rest.startswith(")"):
                rest = rest[1:]
                if relation is not None:
                    raise Fatal(f"Missing value for relation {relation}")
                if not stack:
                    raise Fatal("Extra closing bracket")
                stack.pop()
            elif m := _SPACE.match(rest):
                rest = rest[m.end():]
            else:
                raise Fatal("Internal error")
    if top and top_node is not None:
        nodes[top_node].relations.append((":TOP", "TOP"))
    for variable in sorted(nodes):
        node = nodes[variable]
        node.econcept = node.concept
        if node.concept == "name":
            ops = [v for r, v in sorted(node.relations, key=lambda rv: rv[0].lower()) if _OP.match(r)]
            node.econcept += "[" + " ".join(ops) + "]"
    for variable in sorted(nodes):
        file.nodes[variable] = nodes[variable]


def _alignment(sentence: JSentence, lines: list[str]) -> None:
    for line in lines:
        rest = _clean(line)
        if not rest:
            continue
        m = _ALIGNMENT.match(rest)
        if m is None:
            raise Fatal("Cannot parse the alignment line")
        variable, value = m.group(1), m.group(2)
        if variable not in sentence.nodes:
            raise Fatal(f"Variable {variable} not known in the current sentence")
        node = sentence.nodes[variable]
        if value == "0-0":
            node.alignment = None
            continue
        mask: list[int] = []
        for interval in re.split(r"\s*,\s*", value):
            i = _INTERVAL.match(interval)
            if i is None:
                raise Fatal("Internal error")
            x, y = int(i.group(1)), int(i.group(2))
            if x == 0 or y == 0 or x > y:
                raise Fatal(f"Bad alignment interval {interval}")
            if len(mask) < y:
                mask.extend([0] * (y - len(mask)))
            for k in range(x, y + 1):
                mask[k - 1] += 1
        node.alignment = mask
        node.aligned_text = " ".join(sentence.tokens[k] for k in range(len(mask)) if mask[k] and k < len(sentence.tokens))


def _docrels(sentence: JSentence, lines: list[str]) -> None:
    inside = False
    current: str | None = None
    after_set = False
    for line in lines:
        rest = _clean(line)
        while _true(rest):
            if m := _DOC_OPEN.match(rest):
                rest = rest[m.end():]
                inside = True
            elif m := _ROLE.match(rest):
                rest = rest[m.end():]
                current = m.group(1)
                if not inside:
                    raise Fatal("Expecting beginning of a document-level relation graph")
                if after_set:
                    raise Fatal(f"Expecting opening bracket after relation set {current}")
                after_set = True
            elif m := _DOC_TRIPLE.match(rest):
                rest = rest[m.end():]
                if not inside:
                    raise Fatal("Expecting beginning of a document-level relation graph")
                if after_set:
                    raise Fatal(f"Expecting opening bracket after relation set {current}")
                if current is None:
                    raise Fatal("Not expecting relation triple (we are not inside a relation set)")
                key = f"{m.group(1)} {m.group(2)} {m.group(3)}"
                sentence.docrels[key] = sentence.docrels.get(key, 0) + 1
            elif m := _OPEN.match(rest):
                rest = rest[m.end():]
                if not inside:
                    raise Fatal("Expecting beginning of a document-level relation graph")
                if after_set:
                    after_set = False
                else:
                    raise Fatal("Not expecting opening bracket")
            elif rest.startswith(")"):
                rest = rest[1:]
                if not inside:
                    raise Fatal("Expecting beginning of a document-level relation graph")
                if after_set:
                    raise Fatal(f"Expecting opening bracket after relation set {current}")
                if current is not None:
                    current = None
                else:
                    inside = False
            elif m := _SPACE.match(rest):
                rest = rest[m.end():]
            else:
                raise Fatal("Internal error")
