"""The reification table and dereification: the table is well formed, and dereification loses nothing.

Lossless: reifying any table role of a graph (as a parser might) and then dereifying gives back
exactly the graph's triples, so dereification only undoes reification.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from strategies import graphs

from amrmetrics.graph import Graph
from amrmetrics.standardize import STEPS
from amrmetrics.standardize.reify import REIFICATIONS, dereification_table, dereify

TABLE_ROLES = {row.role.lower(): row for row in REIFICATIONS}


def test_table_has_the_guidelines_28_rows_with_unique_roles_and_concepts():
    assert len(REIFICATIONS) == 28
    assert len(TABLE_ROLES) == 28
    concepts = [c for row in REIFICATIONS for c in row.concepts]
    assert len(concepts) == len(set(concepts)) == 29
    assert all(row.source_arg != row.target_arg for row in REIFICATIONS)


def test_primary_only_drops_have_03():
    assert "have-03" not in dereification_table()
    assert dereification_table(primary_only=False)["have-03"].role == ":poss"
    assert len(dereification_table()) == 28


def _prepare(graph: Graph) -> Graph:
    for name in ("lowercase", "delete-quote-chars", "deinvert-all"):
        graph = STEPS[name](graph)
    return graph


def _reify(graph: Graph, seed: int) -> Graph:
    """Replace each relation whose role is in the table, with probability 1/2, by a reified node."""
    rng = np.random.default_rng(seed)
    instances, relations = list(graph.instances), []
    for k, (s, r, t) in enumerate(graph.relations):
        row = TABLE_ROLES.get(r)
        if row is None or rng.random() < 0.5:
            relations.append((s, r, t))
            continue
        z = f"reified{k}"
        instances.append((z, row.concepts[0]))
        relations += [(z, row.source_arg.lower(), s), (z, row.target_arg.lower(), t)]
    return graph.evolve(instances=tuple(instances), relations=tuple(relations))


@given(graphs(duplicates=True), st.integers(0, 2**32 - 1))
def test_dereify_undoes_reification(graph, seed):
    graph = _prepare(graph)  # the strategies' concepts are never table concepts
    table = dereification_table()
    assert dereify(graph, table) == graph
    again = dereify(_reify(graph, seed), table)
    assert Counter(again.triples()) == Counter(graph.triples())
    assert again.root == graph.root
