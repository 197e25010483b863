"""Smatch++'s standardizations (Opitz 2023; smatchpp 1.8.0) as named steps and two presets.

``smatchpp`` reproduces Smatch++'s generic standardizer and ``smatchpp-amr`` its AMR standardizer,
triple for triple: both give the same triple counts and matches as smatchpp 1.8.0 on every pair of
the shared golden data (tests/smatch/test_smatch_golden_parity.py; docs/standardization.md lists
where the reader deliberately differs). Smatch++ stores some triples *from* a
constant *to* a node (its root triple ``(ROOT_OF_GRAPH, :root, x)`` and an inverted role onto a
constant, ``(x :ARG0-of "c")`` = ``("c", :ARG0, x)``); here such a triple is the attribute
``(x, :r-of, c)``, which matches exactly the triples Smatch++ matches (after full de-inversion no
other role ends in ``-of``).
"""

from __future__ import annotations

from amrmetrics.graph import Graph
from amrmetrics.standardize.presets import Preset
from amrmetrics.standardize.reify import dereification_table, dereify

ROOT_CONSTANT = "root_of_graph"
"""Smatch++'s name for the virtual node above the root (lowercased, as it compares it)."""


def _unquote_all(label: str) -> str:
    return label.replace('"', "").replace("'", "")


def delete_quote_chars(graph: Graph) -> Graph:
    """Delete every ``"`` and ``'`` from concepts, roles and constants, also inside strings (Smatch++).

    ``"Kohl's"`` becomes ``kohls`` (after lowercasing) and equals an unquoted ``Kohls``. Runs of
    white space inside a constant become one space, as Smatch++'s reader joins a string's tokens.
    """
    return graph.evolve(
        instances=tuple((v, _unquote_all(c)) for v, c in graph.instances),
        attributes=tuple((v, _unquote_all(r), " ".join(_unquote_all(c).split())) for v, r, c in graph.attributes),
        relations=tuple((s, _unquote_all(r), t) for s, r, t in graph.relations),
    )


def _strip_inversions(role: str) -> tuple[str, bool]:
    """``(role without every trailing -of, True if their number is odd)``."""
    count = 0
    while role.endswith("-of"):
        role, count = role[:-3], count + 1
    return role, count % 2 == 1


def deinvert_all(graph: Graph) -> Graph:
    """De-invert every role ending in ``-of`` (no exception list; ``-of-of`` cancels), as Smatch++.

    ``(a :consist-of b)`` becomes ``(b :consist a)`` too; consistently on both sides this changes no
    score. An inverted role onto a constant stays an attribute, written ``:r-of`` (see module doc).
    """
    relations = []
    for s, r, t in graph.relations:
        base, flip = _strip_inversions(r)
        relations.append((t, base, s) if flip else (s, base, t))
    attributes = []
    for v, r, c in graph.attributes:
        base, flip = _strip_inversions(r)
        attributes.append((v, base + "-of" if flip else base, c))
    return graph.evolve(relations=tuple(relations), attributes=tuple(attributes))


def deinvert_substring(graph: Graph) -> Graph:
    """De-invert every role containing ``-of``, cut at its first ``-of`` (Smatch++ 1.5.1, pinned by the WL reference).

    ``(a :consist-of-of b)`` becomes ``(b :consist a)``, where Smatch++ 1.8 (``deinvert-all``) keeps
    ``(a :consist b)``. An inverted role onto a constant stays an attribute written ``:r-of``
    (:func:`build` turns it into an edge from the constant's node).
    """

    def base(role: str) -> str:
        return role.split("-of")[0]

    return graph.evolve(
        relations=tuple((t, base(r), s) if "-of" in r else (s, r, t) for s, r, t in graph.relations),
        attributes=tuple((v, base(r) + "-of", c) if "-of" in r else (v, r, c) for v, r, c in graph.attributes),
    )


def domain_as_mod_of(graph: Graph) -> Graph:
    """Rename ``:domain`` to ``:mod-of`` and ``:domain-of`` to ``:mod`` (Smatch++ AMR; run before de-inverting).

    The guidelines define ``:domain`` as the inverse of ``:mod``, so after de-inversion
    ``(a :domain b)`` and ``(b :mod a)`` are the same triple.
    """
    rename = {":domain": ":mod-of", ":domain-of": ":mod"}
    return graph.evolve(
        relations=tuple((s, rename.get(r, r), t) for s, r, t in graph.relations),
        attributes=tuple((v, rename.get(r, r), c) for v, r, c in graph.attributes),
    )


def root_of_graph(graph: Graph) -> Graph:
    """Add Smatch++'s generic root triple ``(ROOT_OF_GRAPH, :root, root)`` as the attribute ``(root, :root-of, root_of_graph)``."""
    if graph.root is None:
        return graph
    return graph.evolve(attributes=graph.attributes + ((graph.root, ":root-of", ROOT_CONSTANT),))


def root_concept(graph: Graph) -> Graph:
    """Add Smatch++'s AMR root triple ``(root, :root, concept of root)``: the root's concept is the graph's focus."""
    if graph.root is None:
        return graph
    return graph.evolve(attributes=graph.attributes + ((graph.root, ":root", graph.concepts[graph.root]),))


_SMATCHPP_TABLE = dereification_table(primary_only=True)


def dereify_amr(graph: Graph) -> Graph:
    """Collapse reified nodes (``have-mod-91`` -> ``:mod``, ...) with the guidelines' table, as Smatch++ does.

    See :func:`amrmetrics.standardize.reify.dereify` for when a node is collapsed. Smatch++ uses
    only the first concept of each row, so ``have-03`` stays (only ``own-01`` becomes ``:poss``).
    """
    return dereify(graph, _SMATCHPP_TABLE)


SMATCHPP = Preset(
    "smatchpp",
    ("lowercase", "delete-quote-chars", "deinvert-all", "root-of-graph"),
    "Smatch++ generic standardizer (smatchpp 1.8.0): lowercase, every quote character deleted, "
    "every -of role de-inverted, root triple (ROOT_OF_GRAPH, :root, root); duplicates kept and "
    "matched min(k, l) times",
    duplicates="min",
)

SMATCHPP_AMR = Preset(
    "smatchpp-amr",
    ("lowercase", "delete-quote-chars", "domain-as-mod-of", "deinvert-all", "root-concept", "dereify", "dedup"),
    "Smatch++ AMR standardizer (smatchpp 1.8.0): as smatchpp, plus :domain = :mod-of, root "
    "triple (root, :root, concept), dereification with the AMR guidelines' table, duplicates removed",
)

SMATCH_ROOT_CONCEPT = Preset(
    "smatch-root-concept",
    ("lowercase", "conflate-quotes", "deinvert", "mod-domain", "dedup", "root-concept"),
    "the smatch preset with the root triple (root, :root, concept of root) instead of (root, :TOP, top): "
    "it matches only between roots with the same concept, as in amr-metric-suite's Smatch (the published "
    "BAMBOO Smatch row) and Smatch++'s AMR standardizer",
)
