"""UMR's document layer as the ``umr`` metric reads it: normalised relations, their matching and closure.

Each document-level triple ``(head :label tail)`` of a category (``temporal``, ``modal``, ``coref``)
names variables of the document's sentence graphs or constants (``author``, ``root``,
``document-creation-time``, ...). A name is the variable of the triple's own sentence when that
sentence defines it, else of the nearest earlier sentence that does, else of the first later one;
a name no sentence defines is a constant. Labels that say the same thing are read alike:
``(A :before B)`` is ``(B :after A)``, ``(A :contains B)`` is ``(B :contained A)``, and
``:overlap``, ``:same-entity`` and ``:same-event`` are symmetric. Triples are a set per document
(a repeated triple counts once). Any other label is kept as written.

**Closure** (temporal and coref) follows AnCast's composition rules: each triple becomes typed
edges (``after``: A→B ``r``; ``contained``: B→A ``dn`` and A→B ``up``; ``depends-on``: A→B ``dp``;
``overlap``: ``o``; ``same-entity``: ``sn`` both ways; ``same-event``: ``sv`` both ways;
``subset-of``: A→B ``up`` and B→A ``dn``), a path's type is the left fold of :data:`COMPOSE` over
its edges (a pair missing from the table ends the path), and the closure is every (start, end,
type) some path gives, in canonical form (``up`` as the reversed ``dn``; ``o``, ``sn``, ``sv``
unordered), start and end different.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

CATEGORIES = ("temporal", "modal", "coref")
SYMMETRIC = frozenset({("temporal", "overlap"), ("coref", "same-entity"), ("coref", "same-event")})
INVERSES: Mapping[tuple[str, str], str] = {("temporal", "before"): "after", ("temporal", "contains"): "contained"}
"""Labels read as the inverse of another: ``(A :before B)`` is ``(B :after A)``."""

BUCKETS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("temporal", ("after", "contained", "overlap", "depends-on")),
    (
        "modal",
        ("modal", "full-affirmative", "partial-affirmative", "neutral-affirmative", "neutral-negative", "partial-negative", "full-negative", "unspecified"),
    ),
    ("coref", ("same-entity", "same-event", "subset-of")),
)
"""The labels counted one by one (after normalisation: ``after`` includes ``:before``, ``contained``
includes ``:contains``); every other label of a category counts under ``<category>:other``, and
lists of other roles under ``other:other``."""

LABELS: tuple[str, ...] = tuple(f"{c}:{label}" for c, labels in BUCKETS for label in (*labels, "other")) + ("other:other",)

_EDGES: Mapping[tuple[str, str], tuple[tuple[bool, str], ...]] = {
    ("temporal", "after"): ((False, "r"),),
    ("temporal", "contained"): ((True, "dn"), (False, "up")),
    ("temporal", "depends-on"): ((False, "dp"),),
    ("temporal", "overlap"): ((False, "o"),),
    ("coref", "same-entity"): ((False, "sn"), (True, "sn")),
    ("coref", "same-event"): ((False, "sv"), (True, "sv")),
    ("coref", "subset-of"): ((False, "up"), (True, "dn")),
}
"""Normalised label -> its typed edges: (reversed?, type); ``(A :after B)`` is A→B ``r``."""

COMPOSE: Mapping[tuple[str, str], str] = {
    ("r", "r"): "r", ("r", "dn"): "r", ("up", "r"): "r",
    ("up", "up"): "up", ("dn", "dn"): "dn",
    ("sn", "sn"): "sn", ("sv", "sv"): "sv", ("sn", "sv"): "sn", ("sv", "sn"): "sv",
    ("sn", "dn"): "dn", ("sv", "dn"): "dn", ("sn", "up"): "up", ("sv", "up"): "up",
    ("dn", "sn"): "dn", ("dn", "sv"): "dn", ("up", "sn"): "up", ("up", "sv"): "up",
}
"""(type of the path so far, type of the next edge) -> type of the longer path (AnCast's rules)."""

_UNORDERED = frozenset({"o", "sn", "sv"})


@dataclass(frozen=True)
class LayerTriple:
    """A normalised document-level triple; ``head`` and ``tail`` are node names or constants."""

    category: str
    label: str
    head: str
    tail: str
    symmetric: bool
    written: str
    """The triple as written, for reports: ``(s3a :before s1b)``."""
    sentence: int = 0
    """The sentence whose document-level block holds the triple (the first, for a repeated one)."""

    def key(self, rename: Callable[[str], str | None] = lambda name: name) -> tuple[str, str, str, str] | None:
        """The triple's identity with names renamed (None when a name has no image): symmetric ones unordered."""
        head, tail = rename(self.head), rename(self.tail)
        if head is None or tail is None:
            return None
        if self.symmetric and tail < head:
            head, tail = tail, head
        return (self.category, self.label, head, tail)

    @property
    def bucket(self) -> str:
        """The per-label count this triple goes to (see :data:`LABELS`)."""
        for category, labels in BUCKETS:
            if category == self.category:
                return f"{category}:{self.label if self.label in labels else 'other'}"
        return "other:other"


def normalised(category: str, head: str, label: str, tail: str, written: str, sentence: int = 0) -> LayerTriple:
    """One triple in normal form (inverse labels turned around; symmetric ones flagged)."""
    inverse = INVERSES.get((category, label))
    if inverse is not None:
        label, head, tail = inverse, tail, head
    return LayerTriple(category, label, head, tail, (category, label) in SYMMETRIC, written, sentence)


def distinct(triples: Iterable[LayerTriple]) -> list[LayerTriple]:
    """Each triple once (by :meth:`LayerTriple.key`), in first-seen order."""
    seen: dict[tuple[str, str, str, str], LayerTriple] = {}
    for triple in triples:
        seen.setdefault(triple.key(), triple)  # type: ignore[arg-type]
    return list(seen.values())


def closure(triples: Iterable[LayerTriple], category: str) -> set[tuple[str, str, str]]:
    """The closure of a category's triples (see the module doc) as canonical ``(start, end, type)``."""
    edges: dict[str, list[tuple[str, str]]] = {}
    for triple in triples:
        for reverse, kind in _EDGES.get((triple.category, triple.label), ()) if triple.category == category else ():
            a, b = (triple.tail, triple.head) if reverse else (triple.head, triple.tail)
            edges.setdefault(a, []).append((b, kind))
    found: set[tuple[str, str, str]] = set()
    for start, first in edges.items():
        queue = deque((node, kind) for node, kind in first)
        seen = set(queue)
        while queue:
            node, kind = queue.popleft()
            if node != start:
                found.add(canonical(start, node, kind))
            for nxt, step in edges.get(node, ()):
                composed = COMPOSE.get((kind, step))
                if composed is not None and (nxt, composed) not in seen:
                    seen.add((nxt, composed))
                    queue.append((nxt, composed))
    return found


def canonical(start: str, end: str, kind: str) -> tuple[str, str, str]:
    """``(start, end, type)`` in canonical form: ``up`` as the reversed ``dn``; unordered types sorted."""
    if kind == "up":
        return (end, start, "dn")
    if kind in _UNORDERED and end < start:
        return (end, start, kind)
    return (start, end, kind)
