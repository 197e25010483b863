"""SemBLEU's variable-free graph of a parsed :class:`~amrmetrics.graph.Graph`, fixed or as the reference builds it.

:func:`label_graph` is amrmetrics' graph: concept and constant nodes (quotes stripped, lowercased,
whitespace runs collapsed), every ``-of`` role reversed except the AMR exceptions, duplicate
triples removed, and every node a start of paths. :func:`reference_label_graph` reproduces
freesunshine0316/sembleu (``AMRGraph`` + ``revert_of_edges`` + ``extract_ngrams(multi_roots=True)``)
on the same parsed graph, quirks included; see docs/sembleu.md.
"""

from __future__ import annotations

from amrmetrics.graph import Graph
from amrmetrics.metrics.ngrams import Label, LabelGraph, OutEdge, reachable
from amrmetrics.read.layout import recorded_definitions, written_order
from amrmetrics.standardize import is_inverted, unquote

_QUOTED_DROPPED = str.maketrans("", "", "():/")
"""Characters the reference's parser drops inside a quoted string."""


def _label(text: str) -> Label:
    low = text.lower()
    return (low,) if low.isprintable() and " " not in low else (" ".join(low.split()),)


def _adjacency(nodes: int, edges: list[tuple[int, str, int]]) -> tuple[tuple[OutEdge, ...], ...]:
    out: list[list[OutEdge]] = [[] for _ in range(nodes)]
    for k, edge in enumerate(edges):
        out[edge[0]].append((k, edge[1], edge[2]))
    return tuple(map(tuple, out))


def label_graph(graph: Graph) -> LabelGraph:
    """amrmetrics' SemBLEU graph: de-inverted with the exception list, deduplicated, all nodes start paths."""
    index = {var: k for k, (var, _) in enumerate(graph.instances)}
    labels = [_label(concept) for _, concept in graph.instances]
    edges: dict[tuple[int, str, int], None] = {}
    for source, role, target in graph.relations:
        if role[-1:] in "fF" and is_inverted(role):  # only roles ending in -of can be inverted
            source, role, target = target, role[:-3], source
        edges[(index[source], role, index[target])] = None
    constants: dict[tuple[str, str, Label], None] = {}
    for var, role, value in graph.attributes:
        constants[(var, role, _label(unquote(value)))] = None
    for var, role, label in constants:
        node = len(labels)
        labels.append(label)
        if is_inverted(role):
            edges[(node, role[:-3], index[var])] = None
        else:
            edges[(index[var], role, node)] = None
    size = len(labels) + len(edges)
    return LabelGraph(tuple(labels), _adjacency(len(labels), list(edges)), tuple(range(len(labels))), size)


def looks_like_variable(name: str) -> bool:
    """The reference parser's test for a variable name: one letter a-z, then digits only."""
    return "a" <= name[:1] <= "z" and all("0" <= c <= "9" for c in name[1:])


def forward_references(graph: Graph) -> set[int]:
    """Indices of the relations that name their target before the target's ``(var / concept)``
    (in the written order, :func:`~amrmetrics.read.layout.written_order`).
    """
    tree = recorded_definitions(graph)
    if tree:
        position = {var: k for k, (var, _) in enumerate(graph.instances)}
        if not any(position[t] > position[s] and (s, r, t) not in tree for s, r, t in graph.relations):
            return set()
    return {w.index for w in written_order(graph) if not (w.defines or w.seen)}


def reference_label_graph(graph: Graph) -> LabelGraph:
    """The reference's SemBLEU graph, quirks included (``sembleu:compat=1``).

    * a forward reference to a variable that does not look like ``x`` or ``x12`` becomes a new
      constant node labelled with that variable's concept (the reference resolves the name);
    * a quoted constant loses ``( ) : /`` and, if it then equals a variable name, is labelled
      with that variable's concept;
    * multi-word constants are split into tokens; roles keep their case;
    * every role ending in ``-of`` is reversed (``:consist-of`` too), deleting every ``-of`` in it;
    * no deduplication; paths start only at nodes reachable from the roots (nodes without an
      incoming edge, else the first node).
    """
    concept = dict(graph.instances)
    index = {var: k for k, (var, _) in enumerate(graph.instances)}
    labels: list[Label] = [tuple(c.lower().split()) for _, c in graph.instances]
    edges: list[tuple[int, str, int]] = []

    def add_edge(source: int, role: str, target: int) -> None:
        if role.endswith("-of"):
            edges.append((target, role.replace("-of", ""), source))
        else:
            edges.append((source, role, target))

    def add_constant(text: str) -> int:
        labels.append(tuple(concept.get(text, text).lower().split()))
        return len(labels) - 1

    forward = forward_references(graph)
    for k, (source, role, target) in enumerate(graph.relations):
        if k in forward and not looks_like_variable(target):
            add_edge(index[source], role, add_constant(target))
        else:
            add_edge(index[source], role, index[target])
    for var, role, value in graph.attributes:
        if len(value) >= 2 and value[0] == '"' and value[-1] == '"':
            value = value[1:-1].translate(_QUOTED_DROPPED)
        add_edge(index[var], role, add_constant(value))
    out = _adjacency(len(labels), edges)
    has_parent = {target for _, _, target in edges}
    roots = [node for node in range(len(labels)) if node not in has_parent] or [0]
    starts = reachable(out, roots) if labels else ()
    return LabelGraph(tuple(labels), out, starts, len(labels) + len(edges))
