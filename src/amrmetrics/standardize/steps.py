"""Named standardization steps: each one a pure function ``Graph -> Graph``.

A step changes the triples a metric compares, so every step has a name, and presets (lists of
step names) are what signatures report. Steps never rename variables: alignment makes names
irrelevant.
"""

from __future__ import annotations

from collections.abc import Callable

from amrmetrics.graph import Graph
from amrmetrics.registry import Registry

Step = Callable[[Graph], Graph]

STEPS = Registry(
    "standardization step",
    {
        "lowercase": "amrmetrics.standardize.steps:lowercase",
        "conflate-quotes": "amrmetrics.standardize.steps:conflate_quotes",
        "deinvert": "amrmetrics.standardize.steps:deinvert",
        "mod-domain": "amrmetrics.standardize.steps:mod_domain",
        "dedup": "amrmetrics.standardize.steps:dedup",
        "drop-wiki": "amrmetrics.standardize.steps:drop_wiki",
        "top": "amrmetrics.standardize.steps:top",
        "smatch-1.0.4-triples": "amrmetrics.standardize.steps:smatch_classic_triples",
        "delete-quote-chars": "amrmetrics.standardize.smatchpp:delete_quote_chars",
        "deinvert-all": "amrmetrics.standardize.smatchpp:deinvert_all",
        "deinvert-substring": "amrmetrics.standardize.smatchpp:deinvert_substring",
        "domain-as-mod-of": "amrmetrics.standardize.smatchpp:domain_as_mod_of",
        "root-of-graph": "amrmetrics.standardize.smatchpp:root_of_graph",
        "root-concept": "amrmetrics.standardize.smatchpp:root_concept",
        "dereify": "amrmetrics.standardize.smatchpp:dereify_amr",
    },
)
"""Every step by name (a step is one function plus one line here)."""

DEINVERSION_EXCEPTIONS = frozenset({":consist-of", ":prep-out-of", ":prep-on-behalf-of"})
"""Roles that end in ``-of`` but are not inverted roles (the AMR guidelines; smatch's list)."""


def is_inverted(role: str) -> bool:
    """True for a role written in inverse form (``:ARG0-of``), with the AMR exception list."""
    low = role.lower()
    return low.endswith("-of") and low not in DEINVERSION_EXCEPTIONS


def unquote(value: str) -> str:
    """A constant without its surrounding double quotes."""
    if len(value) >= 2 and value[0] == '"' and value[-1] == '"':
        return value[1:-1]
    return value


def lowercase(graph: Graph) -> Graph:
    """Lowercase concepts, roles and constants (variables are names, not labels)."""
    return graph.evolve(
        instances=tuple((v, c.lower()) for v, c in graph.instances),
        attributes=tuple((v, r.lower(), c.lower()) for v, r, c in graph.attributes),
        relations=tuple((s, r.lower(), t) for s, r, t in graph.relations),
    )


def conflate_quotes(graph: Graph) -> Graph:
    """Drop the quotes around constants, so ``"foo"`` and ``foo`` are equal (smatch does this).

    Strings with spaces stay whole (smatch 1.0.4 cuts them to their first token).
    """
    return graph.evolve(attributes=tuple((v, r, unquote(c)) for v, r, c in graph.attributes))


def deinvert(graph: Graph) -> Graph:
    """Rewrite ``(a :X-of b)`` as ``(b :X a)``, except ``:consist-of``, ``:prep-out-of``, ``:prep-on-behalf-of``.

    An inverted role onto a constant is kept as written: a constant has no node to start from.
    """
    return graph.evolve(
        relations=tuple((t, r[:-3], s) if is_inverted(r) else (s, r, t) for s, r, t in graph.relations)
    )


def mod_domain(graph: Graph) -> Graph:
    """Store ``:mod`` as a reversed ``:domain`` and ``:mod-of`` as ``:domain``, symmetrically.

    ``(a :mod b)`` = ``(b :domain a)`` and ``(a :mod-of b)`` = ``(a :domain b)``; smatch 1.0.4
    instead turns ``:mod-of`` into a reversed ``:mod``, so ``(a :mod-of b)`` never matched
    ``(a :domain b)``. ``:mod`` onto a constant is kept as written (smatch 1.0.4 dropped it).
    """
    relations = []
    for s, r, t in graph.relations:
        low = r.lower()
        if low == ":mod":
            relations.append((t, ":domain", s))
        elif low == ":mod-of":
            relations.append((s, ":domain", t))
        else:
            relations.append((s, r, t))
    return graph.evolve(relations=tuple(relations))


def dedup(graph: Graph) -> Graph:
    """Remove duplicate triples (keeping the first), so repeating an edge can never raise a score."""
    return graph.evolve(
        instances=tuple(dict.fromkeys(graph.instances)),
        attributes=tuple(dict.fromkeys(graph.attributes)),
        relations=tuple(dict.fromkeys(graph.relations)),
    )


def drop_wiki(graph: Graph) -> Graph:
    """Remove ``:wiki`` triples (wikification is scored separately, if at all)."""
    return graph.evolve(
        attributes=tuple(a for a in graph.attributes if a[1].lower() != ":wiki"),
        relations=tuple(t for t in graph.relations if t[1].lower() != ":wiki"),
    )


def top(graph: Graph) -> Graph:
    """Add smatch's root triple, the attribute ``(root, :TOP, top)`` (smatch >= 1.0.3)."""
    if graph.root is None:
        return graph
    return graph.evolve(attributes=graph.attributes + ((graph.root, ":TOP", "top"),))


def smatch_classic_triples(graph: Graph) -> Graph:
    """smatch 1.0.4's triple rules, bugs included (for ``smatch-classic`` only).

    Case-sensitive ``-of`` inversion with the exception list; ``:mod`` becomes a reversed
    ``:domain`` and ``:mod-of`` a reversed ``:mod``; an inverted role or ``:mod`` onto a constant
    is dropped; a quoted constant is cut to its first token; every label is lowercased and loses
    trailing underscores (smatch's ``normalize``).
    """

    def norm(label: str) -> str:
        return label.lower().rstrip("_")

    relations = []
    for s, r, t in graph.relations:
        if r.endswith("-of") and r not in DEINVERSION_EXCEPTIONS:
            relations.append((t, r[:-3], s))
        elif r == ":mod":
            relations.append((t, ":domain", s))
        else:
            relations.append((s, r, t))
    attributes = []
    for v, r, c in graph.attributes:
        if (r.endswith("-of") and r not in DEINVERSION_EXCEPTIONS) or r == ":mod":
            continue
        if c.startswith('"'):
            tokens = unquote(c).split()
            c = tokens[0] if tokens else ""
        attributes.append((v, norm(r), norm(c)))
    return graph.evolve(
        instances=tuple((v, norm(c)) for v, c in graph.instances),
        attributes=tuple(attributes),
        relations=tuple((s, norm(r), t) for s, r, t in relations),
    )
