"""A graph as PENMAN text, for the report's copyable text of each graph.

A graph read from PENMAN remembers which relation introduced each node (``tree_edges``), so the
text is rebuilt in the shape it was written in (each node's attributes before its relations, as
the graph model keeps them apart). A graph without that memory is laid out by penman, and one
penman cannot lay out (a prepared graph that is no longer connected) is listed as triples.
"""

from __future__ import annotations

from typing import Any

from amrmetrics.graph import Graph


def _tree(graph: Graph) -> Any | None:
    """The graph as a penman tree from its written edges, or None if that leaves a node undefined."""
    import penman

    if graph.root is None or not graph.tree_edges:
        return None
    concepts = graph.concepts
    tree = set(graph.tree_edges)
    attributes: dict[str, list[tuple[str, str]]] = {}
    relations: dict[str, list[tuple[str, str]]] = {}
    for var, role, value in graph.attributes:
        attributes.setdefault(var, []).append((role, value))
    for source, role, target in graph.relations:
        relations.setdefault(source, []).append((role, target))
    defined: set[str] = set()

    def node(var: str) -> tuple[str, list[tuple[str, Any]]]:
        defined.add(var)
        branches: list[tuple[str, Any]] = [("/", concepts[var])]
        branches += attributes.get(var, [])
        for role, target in relations.get(var, []):
            nested = (var, role, target) in tree and target not in defined
            branches.append((role, node(target) if nested else target))
        return var, branches

    tree = penman.Tree(node(graph.root))
    return tree if defined == set(concepts) else None


def penman_text(graph: Graph) -> str:
    """The graph as PENMAN (the shape it was written in when known), else as a list of triples."""
    import penman

    if graph.is_empty():
        return "()"
    tree = _tree(graph)
    if tree is not None:
        return penman.format(tree, indent=4)
    try:
        return penman.encode(penman.Graph(list(graph.triples()), top=graph.root), indent=4)
    except penman.exceptions.PenmanError:
        return "\n".join(f"({s}, {r}, {t})" for s, r, t in graph.triples())
