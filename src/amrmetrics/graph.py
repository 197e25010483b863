"""The graph model: an immutable rooted graph of typed triples.

Every metric sees graphs through this one type. A graph has three kinds of triples:

* instance triples ``(variable, concept)``: one per node;
* attribute triples ``(variable, role, constant)``: the target is a constant (a value that is
  not a variable of the graph); constants keep their quotes (``'"New York"'``), so a
  standardization step decides whether quoted and unquoted values are equal;
* relation triples ``(variable, role, variable)``.

Roles keep their leading colon (``:ARG0``), exactly as written (inverted roles such as
``:ARG0-of`` are not de-inverted here: that is a standardization step).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields

Instance = tuple[str, str]
"""``(variable, concept)``"""
Attribute = tuple[str, str, str]
"""``(variable, role, constant)``"""
Relation = tuple[str, str, str]
"""``(source variable, role, target variable)``"""

@dataclass(frozen=True, slots=True)
class Graph:
    """An immutable rooted graph of instance, attribute and relation triples.

    ``metadata`` holds the ``# ::key value`` lines that preceded the graph in its file.
    Duplicate triples are allowed (a reader keeps what was written); the ``dedup``
    standardization step removes them.
    """

    instances: tuple[Instance, ...] = ()
    attributes: tuple[Attribute, ...] = ()
    relations: tuple[Relation, ...] = ()
    root: str | None = None
    metadata: Mapping[str, str] = field(default_factory=dict, compare=False, hash=False)
    tree_edges: tuple[Relation, ...] = field(default=(), compare=False, hash=False)
    """Relations written as their target's definition (``:role (var / concept)``), in the order of the
    nodes they define, as read; layout only (SemBLEU compat)."""
    last_branches: tuple[Relation, ...] = field(default=(), compare=False, hash=False)
    """Each node's last branch as written ``(variable, role, target)``, in node order, as read; layout only
    (S2match compat). Both layout records are tuples, not sets: a tuple of strings leaves the garbage
    collector's watch after one pass, a set never does, and every graph of a run carries both."""

    @property
    def variables(self) -> tuple[str, ...]:
        """Node variables in order of first definition."""
        return tuple(v for v, _ in self.instances)

    @property
    def concepts(self) -> dict[str, str]:
        """Map each variable to its concept."""
        return dict(self.instances)

    @property
    def id(self) -> str | None:
        """The ``# ::id`` of the graph, if its file gave one."""
        return self.metadata.get("id")

    def __len__(self) -> int:
        """Number of triples (instances + attributes + relations)."""
        return len(self.instances) + len(self.attributes) + len(self.relations)

    def is_empty(self) -> bool:
        """True for the graph with no node (what a failed parse is scored as)."""
        return not self.instances

    def triples(self) -> Iterator[tuple[str, str, str]]:
        """All triples in one ``(source, role, target)`` form; instances use role ``:instance``."""
        for var, concept in self.instances:
            yield (var, ":instance", concept)
        yield from self.attributes
        yield from self.relations

    def evolve(self, **changes: object) -> Graph:
        """A copy with some fields replaced (the graph itself never changes).

        Standardization calls this for every step of every graph, so it copies the slots
        directly instead of going through ``dataclasses.replace`` (about 10x cheaper).
        """
        unknown = changes.keys() - _FIELDS
        if unknown:
            raise TypeError(f"Graph has no field(s) {', '.join(sorted(unknown))}")
        new = object.__new__(Graph)
        for name in _FIELDS:
            object.__setattr__(new, name, changes[name] if name in changes else getattr(self, name))
        return new


_FIELDS = tuple(f.name for f in fields(Graph))

EMPTY_GRAPH = Graph()
"""The graph with no triples."""
