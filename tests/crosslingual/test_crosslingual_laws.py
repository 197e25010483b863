"""Metric laws of the cross-lingual metrics on random graphs (hypothesis).

A random English graph is turned into a "Spanish" one by renaming its concepts through a fixed
bijection (``want-01`` -> ``querer-01``); the test dictionary translates them back. Then: a
graph scores 1 against itself (English or Spanish), scores stay in [0, 1], a perfectly
translatable pair scores exactly what Smatch/SemBLEU give the sense-stripped English graphs,
XS2match is symmetric, swapping files and the translated side swaps P and R, and renaming
variables, reordering triples or repeating edges changes nothing.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import graph_pairs, graphs, rename_variables, shuffle_triples, with_duplicates

from conftest import DATA
import amrmetrics
from amrmetrics.graph import Graph
from amrmetrics.metrics.crosslingual import XS2match, XSemBLEU, XSmatch
from amrmetrics.metrics.sembleu import SemBLEU
from amrmetrics.metrics.smatch import Smatch
from amrmetrics.translate.graphs import strip_senses, truncate_labels

XL = DATA / "crosslingual"
SETTINGS = {"source_lang": "es", "translator": "dict+nn", "dictionary": str(XL / "es-en.tsv"), "vectors": str(XL / "tiny-xl-vectors.txt")}
XSMATCH = XSmatch(**SETTINGS)
XSMATCH_TEST_SIDE = XSmatch(**{**SETTINGS, "translate": "test"})
XSEMBLEU = XSemBLEU(**SETTINGS)
DICTIONARY_ONLY = {**SETTINGS, "translator": "dict"}
XS2MATCH = XS2match(vectors=SETTINGS["vectors"])
SPANISH = {
    "want-01": "querer-01", "believe-01": "creer-01", "boy": "niño", "girl": "niña",
    "dog": "perro", "city": "ciudad", "big": "grande", "go-02": "ir-02",
}
law = settings(max_examples=30, deadline=None)
seeds = st.integers(0, 2**32 - 1)


def spanish(graph: Graph) -> Graph:
    """The graph with its concepts renamed into the test dictionary's Spanish words."""
    return graph.evolve(instances=tuple((v, SPANISH.get(c.lower(), c)) for v, c in graph.instances))


def score(metric, test: Graph, gold: Graph) -> dict[str, float]:
    """The pair's scores through the public API."""
    return amrmetrics.score(test, gold, metric).scores


@law
@given(graphs(duplicates=True, mixed_case=True))
def test_a_graph_scores_one_against_itself(graph: Graph) -> None:
    for metric in (XSMATCH, XSEMBLEU, XS2MATCH):
        for g in (graph, spanish(graph)):
            assert min(score(metric, g, g).values()) == pytest.approx(1.0)


@law
@given(graph_pairs(duplicates=True))
def test_scores_stay_in_the_unit_interval(pair: tuple[Graph, Graph]) -> None:
    a, b = pair
    for metric in (XSMATCH, XSEMBLEU, XS2MATCH):
        assert all(-1e-12 <= v <= 1 + 1e-12 for v in score(metric, a, spanish(b)).values())


@law
@given(graph_pairs())
def test_a_translatable_pair_scores_what_the_english_pair_scores(pair: tuple[Graph, Graph]) -> None:
    """With the dictionary alone (the nearest neighbour may prefer a similar label of the other side)."""
    a, b = pair
    expected = score(Smatch(), strip_senses(a), strip_senses(b))
    assert score(XSmatch(**DICTIONARY_ONLY), a, spanish(b)) == pytest.approx(expected, abs=1e-9)
    english = score(SemBLEU(), truncate_labels(strip_senses(a), 5), truncate_labels(strip_senses(b), 5))
    assert score(XSemBLEU(**DICTIONARY_ONLY), a, spanish(b))["score"] == pytest.approx(english["score"], abs=1e-12)


@law
@given(graph_pairs())
def test_xs2match_is_symmetric(pair: tuple[Graph, Graph]) -> None:
    a, b = pair
    ab, ba = score(XS2MATCH, a, spanish(b)), score(XS2MATCH, spanish(b), a)
    assert ab["F"] == pytest.approx(ba["F"], abs=1e-9)
    assert ab["P"] == pytest.approx(ba["R"], abs=1e-9)


@law
@given(graph_pairs())
def test_swapping_files_and_the_translated_side_swaps_precision_and_recall(pair: tuple[Graph, Graph]) -> None:
    a, b = pair
    forward, backward = score(XSMATCH, a, spanish(b)), score(XSMATCH_TEST_SIDE, spanish(b), a)
    assert forward["P"] == pytest.approx(backward["R"], abs=1e-9)
    assert forward["R"] == pytest.approx(backward["P"], abs=1e-9)


@law
@given(graph_pairs(), seeds)
def test_renaming_reordering_and_duplicating_change_nothing(pair: tuple[Graph, Graph], seed: int) -> None:
    a, b = pair
    for metric in (XSMATCH, XSEMBLEU):
        base = score(metric, a, spanish(b))
        assert score(metric, rename_variables(a, seed), shuffle_triples(spanish(b), seed)) == pytest.approx(base, abs=1e-9)
        assert score(metric, with_duplicates(a, seed), spanish(b)) == pytest.approx(base, abs=1e-9)
