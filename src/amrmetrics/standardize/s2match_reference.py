"""The triples the reference S2match's parser builds (``amr_py3``), for ``s2match:compat=yes``.

That parser (Heidelberg-NLP/amr-metric-suite) scans the text once and files each relation under a
node as it goes:

* an edge that defines its target, ``:role (t / c)``, right away; an ``-of`` role is inverted
  (every one, ``:consist-of`` included) and filed under the target;
* a reentrancy ``:role t`` that ends its node (``)`` follows) the same way, except that a
  non-inverted one whose target is not defined yet is filed with the *later* ones;
* any other reentrancy as written (an ``-of`` role is *not* inverted), right away if its target
  is defined already, else with the later ones.

Each node then keeps one relation per target (dictionary keys: the later ones win, then the last
filed) and one value per attribute role. Roles are compared lowercased. ``:mod`` is not rewritten
to ``:domain``, and an ``-of`` role onto a constant that ends its node is lost. A quoted constant
is marked (``"Brown"`` is ``Brown_``, unequal to an unquoted ``Brown``) and cut at its first space
(``"New York"`` is ``New``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from amrmetrics.graph import Attribute, Graph, Relation
from amrmetrics.read.layout import recorded_definitions, written_order
from amrmetrics.standardize.native import reference_relations_natively
from amrmetrics.standardize.presets import Preset


def collapse_parallel(graph: Graph) -> Graph:
    """Keep only the last of several relations from one node to another, and the last value of a
    node's repeated attribute role (the reference parser keeps them in dictionaries)."""
    last = {(s, t): k for k, (s, _, t) in enumerate(graph.relations)}
    return graph.evolve(
        relations=tuple(r for k, r in enumerate(graph.relations) if last[(r[0], r[2])] == k),
        attributes=_last_values(graph.attributes),
    )


def _last_values(attributes: tuple[Attribute, ...]) -> tuple[Attribute, ...]:
    """The last value of each node's attribute role, in place."""
    last = {(v, r): k for k, (v, r, _) in enumerate(attributes)}
    if len(last) == len(attributes):
        return attributes
    return tuple(a for k, a in enumerate(attributes) if last[(a[0], a[1])] == k)


def _has_layout(graph: Graph) -> bool:
    """The reader's record of definitions and last branches is there and matches the triples
    (not so for a graph built in code or whose variables were renamed)."""
    triples = {*graph.relations, *graph.attributes}
    last = set(graph.last_branches)
    return bool(last) and last <= triples and recorded_definitions(graph) == set(graph.tree_edges)


def _ends_node(triples: tuple[tuple[str, str, str], ...], last_branches: Iterable[tuple[str, str, str]]) -> list[bool]:
    """Per triple: it is its node's last branch (a repeated branch is last only where written last)."""
    final = {triple: k for k, triple in enumerate(triples)}
    last = set(last_branches)
    return [triple in last and final[triple] == k for k, triple in enumerate(triples)]


def reference_relations(graph: Graph) -> list[Relation] | None:
    """The relations the reference parser files for a read graph (see the module doc), roles as
    written; None without the reader's layout. The compiled core computes them where it is built
    (:func:`~amrmetrics.standardize.native.reference_relations_natively`, the same answer)."""
    compiled, relations = reference_relations_natively(graph)
    if compiled:
        return relations
    return reference_relations_in_python(graph)


def reference_relations_in_python(graph: Graph) -> list[Relation] | None:
    """:func:`reference_relations` on the Python path."""
    layout = _has_layout(graph)
    if layout and _definitions_only(graph):
        return _filed_definitions(graph)
    return _filed_as_written(graph, layout)


def _definitions_only(graph: Graph) -> bool:
    """Every relation is the definition of its target (no reentrancy, no repeated edge) and all hang
    from the first node: the written order then changes nothing the parser files."""
    relations = graph.relations
    if not relations or not graph.instances or len(set(relations)) != len(relations):
        return False
    if set(relations) != set(graph.tree_edges):
        return False
    root = graph.instances[0][0]
    children: dict[str, list[str]] = defaultdict(list)
    for source, _, target in relations:
        children[source].append(target)
    targets = [t for _, _, t in relations]
    if len(set(targets)) != len(targets) or root in targets:
        return False
    reached, stack = 0, [root]
    while stack:  # one parent per node and none for the root: every node is reached at most once
        below = children.get(stack.pop(), ())
        reached += len(below)
        stack.extend(below)
    return reached == len(relations)


def _filed_definitions(graph: Graph) -> list[Relation]:
    """:func:`_filed_as_written` for a graph of definitions only: under each node, the ``-of`` edge
    that defines it (inverted), then its own other edges in order; its own ``-of`` edges go under
    their targets."""
    defined_by: dict[str, tuple[str, str]] = {}
    own: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for source, role, target in graph.relations:
        if role.endswith("-of"):
            defined_by[target] = (role[:-3], source)
        else:
            own[source].append((role, target))
    filed: list[Relation] = []
    for var in graph.variables:
        if var in defined_by:
            filed.append((var, *defined_by[var]))
        filed.extend((var, role, target) for role, target in own.get(var, ()))
    return filed


def _filed_as_written(graph: Graph, layout: bool) -> list[Relation] | None:
    """The relations filed while walking the written order (``layout``: the reader's record of it is there)."""
    written = written_order(graph) if layout else []
    if len(written) != len(graph.relations):
        return None
    ends = _ends_node(graph.relations, graph.last_branches)
    now: dict[str, list[tuple[str, str]]] = defaultdict(list)
    later: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for k, defines, seen in written:
        source, role, target = graph.relations[k]
        if role.endswith("-of") and (defines or ends[k]):
            now[target].append((role[:-3], source))
        elif defines or seen:
            now[source].append((role, target))
        else:
            later[source].append((role, target))
    relations = []
    for var in graph.variables:
        by_target = {target: role for role, target in [*now.get(var, ()), *later.get(var, ())]}
        relations.extend((var, role, target) for target, role in by_target.items())
    return relations


def parsed_constant(value: str) -> str:
    """A constant as the reference parser reads it: the closing quote of a quoted one becomes ``_``,
    and only the first whitespace-separated token is kept."""
    if len(value) >= 2 and value[0] == '"' and value[-1] == '"':
        return (value[1:-1] + "_").split()[0]
    return value


def reference_parser_triples(raw: Graph, preset: Preset) -> Graph:
    """``raw`` with the reference parser's relations (lowercased roles) and the attributes of
    ``preset``, one value per node and role. A graph without the reader's layout gets the
    preset's relations, one per ordered node pair."""
    relations = reference_relations(raw)
    if relations is None:
        return collapse_parallel(preset(raw))
    ends = _ends_node(raw.attributes, raw.last_branches)
    attributes = tuple(
        (var, role, parsed_constant(value))
        for k, (var, role, value) in enumerate(raw.attributes)
        if not (ends[k] and role.endswith("-of"))
    )
    prepared = preset(raw.evolve(attributes=attributes, relations=()))
    lowered = tuple((s, r.lower(), t) for s, r, t in relations)
    if len(set(raw.variables)) == len(raw.instances):  # one relation per ordered node pair already
        return prepared.evolve(relations=lowered, attributes=_last_values(prepared.attributes))
    return collapse_parallel(prepared.evolve(relations=lowered))
