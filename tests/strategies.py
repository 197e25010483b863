"""Hypothesis strategies for random AMR-like graphs, shared by every metric's property tests.

Usage (``tests/`` is on ``sys.path``, so any test file can import this module)::

    from hypothesis import given
    from strategies import graphs, graphs_with_texts, rename_variables, shuffle_triples, with_duplicates

    @given(graphs(), st.integers(0, 2**32 - 1))
    def test_renaming_does_not_change_the_score(graph, seed):
        assert score(rename_variables(graph, seed), graph) == score(graph, graph)

Strategies (all keyword arguments optional):

* :func:`graph_texts` draws a valid PENMAN string; :func:`graphs` draws the
  :class:`~amrmetrics.graph.Graph` that ``amrmetrics.read.decode`` reads from it;
  :func:`graphs_with_texts` draws both as ``(text, graph)``; :func:`graph_pairs` draws two graphs
  over the same small vocabulary (so they overlap), half of the time a graph and a
  :func:`perturb`-ed copy of it.
* Graphs are connected and rooted, and can contain reentrancies (a variable used again as a
  target, self-loops included), inverted roles (``:ARG0-of``), attributes with quoted and unquoted
  constants (``"Paris"`` and ``Paris``, a multi-word ``"New York"``, numbers, ``-``), ``:mod`` onto a
  constant, an inverted role onto a constant, ``:wiki``, the exception roles ``:consist-of`` and
  ``:prep-out-of``, ``:mod-of`` and ``:domain``. ``duplicates=True`` repeats some edges in the text
  (``:ARG0 b :ARG0 b``); ``mixed_case=True`` writes some concepts and constants capitalised.
* Sizes stay small (``max_nodes``, default 6) so an exact alignment takes milliseconds.

Helpers on :class:`~amrmetrics.graph.Graph` objects (``seed`` is any int; results are
deterministic): :func:`rename_variables` (fresh names, random order), :func:`shuffle_triples`
(permutes instance, attribute and relation order, so node order changes too),
:func:`with_duplicates` (appends copies of existing attribute/relation triples),
:func:`perturb` (changes a concept, drops a triple), :func:`to_penman` (writes a graph back to
PENMAN; reading it back gives the same graph up to triple order and the written direction of
inverted roles).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import penman
from hypothesis import strategies as st
from penman.models.noop import model as _noop_model

from amrmetrics.graph import Graph
from amrmetrics.read.decode import decode

CONCEPTS = ("want-01", "believe-01", "boy", "girl", "dog", "and", "person", "city", "name", "big", "go-02")
"""Concept vocabulary: small on purpose, so that random graphs share labels and alignments matter."""
RELATION_ROLES = (":ARG0", ":ARG1", ":ARG2", ":mod", ":domain", ":op1", ":location", ":consist-of",
                  ":prep-out-of", ":mod-of")
"""Roles of relation edges; ``-of`` forms of the ``:ARGn`` roles are drawn separately."""
CONSTANTS = ("-", "+", "1", "2.5", '"Paris"', "Paris", '"New York"', '"New Jersey"', "imperative", '"foo"', "foo")
"""Constant vocabulary: quoted and unquoted twins, multi-word strings, numbers, polarity."""
VARIABLE_NAMES = tuple("abcdefgw") + ("b2", "x1", "p10", "zz")
"""Variable names as annotators write them; none equals a constant."""
ATTRIBUTE_ROLES = (":polarity", ":quant", ":mode", ":op1", ":op2", ":mod", ":value", ":wiki", ":ARG1-of", ":name")
"""Roles of attribute edges, including ``:mod`` and an inverted role onto a constant."""


@dataclass(frozen=True)
class _Edge:
    role: str
    target: int | str  # node index (tree child or reentrancy) or a constant
    child: bool  # True: the target node is written here in full (tree edge)


def _capitalise(label: str, rng: np.random.Generator, mixed_case: bool) -> str:
    if mixed_case and rng.random() < 0.5:
        return label[0].upper() + label[1:] if not label.startswith('"') else '"' + label[1:2].upper() + label[2:]
    return label


def _pick(pool: tuple[str, ...], rng: np.random.Generator) -> str:
    return pool[int(rng.integers(len(pool)))]


@st.composite
def graph_texts(
    draw: st.DrawFn,
    *,
    max_nodes: int = 6,
    reentrancies: bool = True,
    attributes: bool = True,
    inverted: bool = True,
    duplicates: bool = False,
    mixed_case: bool = False,
) -> str:
    """A valid PENMAN graph (one line) with up to ``max_nodes`` nodes.

    Hypothesis draws the sizes (nodes, reentrancies, attributes, duplicates) and a seed; the labels
    and the layout come from a numpy generator seeded with it. That keeps a draw cheap (a handful of
    choices instead of ~60), and shrinking still goes to the fewest nodes and edges.
    """
    n = draw(st.integers(1, max_nodes))
    n_reentrant = draw(st.integers(0, n)) if reentrancies else 0
    n_attributes = draw(st.integers(0, n + 1)) if attributes else 0
    n_duplicates = draw(st.integers(0, 3)) if duplicates else 0
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))

    concepts = [_capitalise(_pick(CONCEPTS, rng), rng, mixed_case) for _ in range(n)]
    names = [VARIABLE_NAMES[i] for i in rng.permutation(len(VARIABLE_NAMES))[:n]]
    edges: list[list[_Edge]] = [[] for _ in range(n)]
    for child in range(1, n):
        parent = int(rng.integers(child))
        if inverted and rng.random() < 0.25:
            role = _pick((":ARG0", ":ARG1", ":ARG2"), rng) + "-of"
        else:
            role = _pick(RELATION_ROLES, rng)
        edges[parent].append(_Edge(role, child, True))
    for _ in range(n_reentrant):
        source, target = (int(x) for x in rng.integers(n, size=2))
        edges[source].append(_Edge(_pick(RELATION_ROLES + (":ARG0-of", ":ARG1-of"), rng), target, False))
    for _ in range(n_attributes):
        value = _capitalise(_pick(CONSTANTS, rng), rng, mixed_case)
        edges[int(rng.integers(n))].append(_Edge(_pick(ATTRIBUTE_ROLES, rng), value, False))
    copies = [(node, e) for node in range(n) for e in edges[node] if not e.child]
    for k in rng.integers(len(copies), size=n_duplicates) if copies else ():
        node, edge = copies[int(k)]
        edges[node].append(edge)
    edges = [[node_edges[i] for i in rng.permutation(len(node_edges))] for node_edges in edges]

    def render(i: int) -> str:
        parts = [f"({names[i]} / {concepts[i]}"]
        for edge in edges[i]:
            if isinstance(edge.target, str):
                parts.append(f"{edge.role} {edge.target}")
            elif edge.child:
                parts.append(f"{edge.role} {render(edge.target)}")
            else:
                parts.append(f"{edge.role} {names[edge.target]}")
        return " ".join(parts) + ")"

    return render(0)


def graphs(**options: object) -> st.SearchStrategy[Graph]:
    """Graphs read by ``amrmetrics.read.decode`` from :func:`graph_texts` (same options)."""
    return graph_texts(**options).map(decode)  # type: ignore[arg-type]


def graphs_with_texts(**options: object) -> st.SearchStrategy[tuple[str, Graph]]:
    """``(text, graph)`` pairs: a PENMAN string and the graph read from it."""
    return graph_texts(**options).map(lambda text: (text, decode(text)))  # type: ignore[arg-type]


@st.composite
def graph_pairs(draw: st.DrawFn, **options: object) -> tuple[Graph, Graph]:
    """Two graphs over the same vocabulary: independent, or a graph and a perturbed copy."""
    first = draw(graphs(**options))
    if draw(st.booleans()):
        return first, perturb(first, draw(st.integers(0, 2**32 - 1)))
    return first, draw(graphs(**options))


def rename_variables(graph: Graph, seed: int) -> Graph:
    """The same graph with fresh variable names (``q<number>``) assigned in a random order."""
    rng = np.random.default_rng(seed)
    old = graph.variables
    numbers = rng.permutation(len(old)) + 100
    new = {v: f"q{k}" for v, k in zip(old, numbers)}
    return graph.evolve(
        instances=tuple((new[v], c) for v, c in graph.instances),
        attributes=tuple((new[v], r, c) for v, r, c in graph.attributes),
        relations=tuple((new[s], r, new[t]) for s, r, t in graph.relations),
        root=new.get(graph.root) if graph.root is not None else None,
    )


def _permuted(items: tuple, rng: np.random.Generator) -> tuple:
    return tuple(items[i] for i in rng.permutation(len(items)))


def shuffle_triples(graph: Graph, seed: int) -> Graph:
    """The same graph with its instance, attribute and relation triples in a random order."""
    rng = np.random.default_rng(seed)
    return graph.evolve(
        instances=_permuted(graph.instances, rng),
        attributes=_permuted(graph.attributes, rng),
        relations=_permuted(graph.relations, rng),
    )


def with_duplicates(graph: Graph, seed: int, count: int = 3) -> Graph:
    """The graph plus ``count`` extra copies of randomly chosen attribute or relation triples.

    Instance triples are never repeated (a variable has one concept). A graph with no attribute
    or relation is returned unchanged.
    """
    rng = np.random.default_rng(seed)
    pool = [("attributes", t) for t in graph.attributes] + [("relations", t) for t in graph.relations]
    if not pool:
        return graph
    extra: dict[str, list] = {"attributes": [], "relations": []}
    for i in rng.integers(0, len(pool), size=count):
        kind, triple = pool[i]
        extra[kind].append(triple)
    return graph.evolve(
        attributes=graph.attributes + tuple(extra["attributes"]),
        relations=graph.relations + tuple(extra["relations"]),
    )


def perturb(graph: Graph, seed: int) -> Graph:
    """A similar graph: one concept replaced from :data:`CONCEPTS`, and one non-instance triple dropped."""
    rng = np.random.default_rng(seed)
    instances = list(graph.instances)
    if instances:
        i = int(rng.integers(len(instances)))
        instances[i] = (instances[i][0], CONCEPTS[int(rng.integers(len(CONCEPTS)))])
    attributes, relations = list(graph.attributes), list(graph.relations)
    pool = [attributes, relations]
    choices = [p for p in pool if p]
    if choices:
        target = choices[int(rng.integers(len(choices)))]
        del target[int(rng.integers(len(target)))]
    return graph.evolve(instances=tuple(instances), attributes=tuple(attributes), relations=tuple(relations))


def to_penman(graph: Graph) -> str:
    """PENMAN text of a graph (penman's layout); a connected graph reads back as itself.

    Reading the text back gives the same triples up to order, except that a relation may be
    written in the other direction (``(a :ARG0-of b)`` as ``(b :ARG0 a)``), which the
    ``deinvert`` step makes equal. Relations must connect every node to the root.
    """
    triples = list(graph.triples())
    return penman.encode(penman.Graph(triples, top=graph.root), model=_noop_model, indent=None)
