"""The shared graph strategies produce what they promise (tests/strategies.py)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import (
    graph_pairs,
    graphs,
    graphs_with_texts,
    rename_variables,
    shuffle_triples,
    to_penman,
    with_duplicates,
)

from amrmetrics.read.decode import decode
from amrmetrics.standardize.steps import deinvert

seeds = st.integers(0, 2**32 - 1)


def _shape(graph):
    """Triples with variables replaced by concepts: a name-free multiset view of a graph."""
    concept = graph.concepts
    return (
        Counter(c for _, c in graph.instances),
        Counter((concept[v], r, c) for v, r, c in graph.attributes),
        Counter((concept[s], r, concept[t]) for s, r, t in graph.relations),
        concept[graph.root],
    )


@given(graphs_with_texts(duplicates=True, mixed_case=True))
def test_text_decodes_to_the_graph(pair):
    text, graph = pair
    assert decode(text) == graph
    assert graph.root == graph.variables[0]
    assert len(set(graph.variables)) == len(graph.variables)


@given(graphs(), seeds)
def test_rename_keeps_the_shape_and_changes_every_name(graph, seed):
    renamed = rename_variables(graph, seed)
    assert _shape(renamed) == _shape(graph)
    assert not set(renamed.variables) & set(graph.variables)


@given(graphs(), seeds)
def test_shuffle_keeps_the_multiset_of_triples(graph, seed):
    shuffled = shuffle_triples(graph, seed)
    assert Counter(shuffled.triples()) == Counter(graph.triples())
    assert shuffled.root == graph.root


@given(graphs(), seeds)
def test_with_duplicates_adds_only_copies(graph, seed):
    duplicated = with_duplicates(graph, seed, count=4)
    assert set(duplicated.triples()) == set(graph.triples())
    grows = 4 if graph.attributes or graph.relations else 0
    assert len(duplicated) == len(graph) + grows


@given(graphs(duplicates=True))
def test_to_penman_reads_back_as_the_same_graph(graph):
    exceptions = {":consist-of", ":prep-out-of"}
    if any(r in exceptions for _, r, _ in graph.relations):
        return
    again = decode(to_penman(graph))
    assert Counter(deinvert(again).triples()) == Counter(deinvert(graph).triples())
    assert again.root == graph.root


@settings(max_examples=50)
@given(graph_pairs())
def test_pairs_share_the_vocabulary(pair):
    first, second = pair
    assert first.instances and second.instances
