"""Hand-computed small examples: graph building, e2n, WLK features, WWLK lookup, propagation and transport."""

from __future__ import annotations

import math

import numpy as np
import pytest
from conftest import DATA

from amrmetrics.graph import Graph
from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.metrics.wl_graph import WLGraph, build, standardize
from amrmetrics.metrics.wlk import WLK, wl_features
from amrmetrics.metrics.wwlk import WWLK, messages, propagate
from amrmetrics.metrics.wwlk_labels import canonical_unknown, label_seed, lookup_keys, min_entropy_weights
from amrmetrics.read import decode

VECTORS = str(DATA / "wl-vectors.txt")


def wl(text: str, e2n: bool = False) -> WLGraph:
    return build(standardize(decode(text)), e2n=e2n)


def test_reading_lowercases_deletes_quotes_deinverts_by_substring_and_deduplicates() -> None:
    graph = standardize(
        decode('(p / Person :ARG0-of (g / Go-02) :name (n / name :op1 "O\'Neil") :consist-of-of (c / city) :ARG0-of g)')
    )
    assert graph.concepts == {"p": "person", "g": "go-02", "n": "name", "c": "city"}
    assert graph.attributes == (("n", ":op1", "oneil"),)
    # :consist-of-of is cut at the first -of and inverted once (Smatch++ 1.5.1, as the WL reference)
    assert sorted(graph.relations) == [("c", ":consist", "p"), ("g", ":arg0", "p"), ("p", ":name", "n")]


def test_every_constant_gets_its_own_node_even_when_it_equals_a_concept() -> None:
    graph = wl('(a / and :op1 (p / person) :op2 "person" :polarity - :mod -)')
    assert graph.labels == ("and", "person", "person", "-", "-")
    assert graph.edges == ((0, ":op1", 1), (0, ":op2", 2), (0, ":polarity", 3), (0, ":mod", 4))
    assert graph.names[2] == "a :op2 person"


def test_an_inverted_role_onto_a_constant_is_an_edge_from_the_constant() -> None:
    graph = wl('(a / thing :ARG0-of "x")')
    assert graph.labels == ("thing", "x")
    assert graph.edges == ((1, ":arg0", 0),)


def test_edge_to_node_transform_by_hand() -> None:
    graph = wl("(w / want-01 :ARG0 (b / boy) :polarity -)", e2n=True)
    assert graph.labels == ("want-01", "boy", "-", ":arg0", ":polarity")
    assert graph.edges == ((0, ":edge", 3), (3, ":edge", 1), (0, ":edge", 4), (4, ":edge", 2))
    assert graph.names[3:] == ("w :arg0 b", "w :polarity w :polarity -")


def test_wlk_features_and_score_by_hand() -> None:
    boy = wl_features(wl("(w / want-01 :ARG0 (b / boy))"), 2)
    assert boy[0] == {"want-01", "boy"}
    assert boy[1] == {"want-01_:arg0_boy"}
    assert boy[2] == {":arg0_boy ::: want-01", ":arg0_want-01 ::: boy"}
    assert boy[3] == {
        ":arg0_:arg0_want-01 ::: boy ::: :arg0_boy ::: want-01",
        ":arg0_:arg0_boy ::: want-01 ::: :arg0_want-01 ::: boy",
    }
    metric = WLK()
    score = metric.pair(metric.prepare(decode("(w / want-01 :ARG0 (b / boy))")), metric.prepare(decode("(w / want-01 :ARG0 (g / girl))")))
    # only the node label want-01 is shared: 1 / (2 + 1 + 2/4 + 2/9)
    assert score.stats == pytest.approx((18 / 67, 1.0), abs=1e-15)


def test_wlk_relabels_per_node_not_per_label() -> None:
    """Two 'b' nodes with different neighbourhoods keep different labels (the reference collapses them)."""
    features = wl_features(wl("(a / and :op1 (b / b :mod (x / x)) :op2 (c / b :mod (y / y)))"), 1)
    assert {label for label in features[2] if label.endswith("::: b")} == {":mod_x ::: :op1_and ::: b", ":mod_y ::: :op2_and ::: b"}


def test_wlk_direction_modes() -> None:
    graph = wl("(w / want-01 :ARG0 (b / boy))")
    assert wl_features(graph, 1, "fromout")[2] == {":arg0_boy ::: want-01", "boy"}
    assert wl_features(graph, 1, "fromin")[2] == {"want-01", ":arg0_want-01 ::: boy"}


def test_wwlk_lookup_keys() -> None:
    assert lookup_keys("want-01") == (["want"], [])
    assert lookup_keys("-") == (["false", "not", "untrue"], [])
    assert lookup_keys("new_york") == (["new_york", "new", "york"], [])
    assert lookup_keys(":ARG0") == (["arg0"], [])
    assert lookup_keys("12") == (["12"], ["1", "2"])
    assert lookup_keys("-1") == ([""], [])


def test_wwlk_label_vectors_by_hand() -> None:
    metric = WWLK(vectors=VECTORS)
    vectors, unknown = metric.label_vectors(["want-01", "new_york", "-", "12", "and"])
    expected = [[1, 1, 0], [0.5, 0.5, 1], [1 / 3, 1 / 3, 1 / 3], [0.5, 0.25, 0], [0, 0, 0]]
    np.testing.assert_allclose(vectors, expected, rtol=0, atol=1e-15)
    assert unknown.tolist() == [False, False, False, False, True]


def test_unknown_label_vector_rule() -> None:
    seed = int.from_bytes(__import__("hashlib").sha256(b"and").digest()[:8], "big")
    assert label_seed("and") == seed
    expected = np.random.Generator(np.random.PCG64(seed)).uniform(-0.05, 0.05, 3)
    np.testing.assert_array_equal(canonical_unknown("and", 3), expected)
    metric = WWLK(vectors=VECTORS, weights="ones", stability=0)
    prepared = metric.prepare(decode("(a / and)"))
    np.testing.assert_array_equal(prepared.x0[0, 0], expected)


def test_propagation_step_by_hand() -> None:
    """a -r-> b, a -s-> b (parallel), b -r-> c with r = 0.5, s = 2; one step, both directions.

    a receives b times r*s = 1 (one message); b receives a * 1 and c * 0.5 (mean of two); c receives b * 0.5.
    """
    graph = WLGraph(("a", "b", "c"), ("a", "b", "c"), ((0, ":r", 1), (0, ":s", 1), (1, ":r", 2)))
    structure = messages(graph, "both")
    assert structure.entry_role == (":r", ":r", ":s", ":s", ":r", ":r")
    weights = np.array([[0.5, 0.5, 2.0, 2.0, 0.5, 0.5]])
    x0 = np.array([[[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]])
    features = propagate(structure, x0, weights, 1)[0]
    expected = np.array([[1, 0, 1, 1], [0, 1, 0.75, 1.25], [1, 1, 1, 1.5]])
    expected /= np.linalg.norm(expected, axis=1)[:, None]
    np.testing.assert_allclose(features, expected, rtol=0, atol=1e-15)


def test_propagation_counts_a_self_loop_twice_and_keeps_isolated_nodes() -> None:
    graph = WLGraph(("a", "b"), ("a", "b"), ((0, ":r", 0),))
    features = propagate(messages(graph, "both"), np.array([[[1.0, 0.0], [0.0, 0.0]]]), np.array([[1.0, 1.0]]), 1)[0]
    np.testing.assert_allclose(features[0], np.array([1, 0, 2, 0]) / math.sqrt(5), atol=1e-15)
    np.testing.assert_array_equal(features[1], np.zeros(4))


def test_wwlk_single_nodes_by_hand_can_be_negative() -> None:
    metric = WWLK(vectors=VECTORS, weights="ones", stability=0)
    result = metric.pair(metric.prepare(decode("(b / boy)")), metric.prepare(decode("(g / girl)")))
    assert result.stats[0] == pytest.approx(1 - math.sqrt(2), abs=1e-15)
    assert result.details["alignment"] == [["b", "g", 1.0, pytest.approx(math.sqrt(2))]]


def test_wwlk_alignment_is_n_to_m_with_uniform_masses() -> None:
    metric = WWLK(vectors=VECTORS, weights="ones", stability=0, k=0)
    result = metric.pair(metric.prepare(decode("(b / boy)")), metric.prepare(decode("(p / person :ARG0 (g / girl))")))
    mass = {(a, b): m for a, b, m, _ in result.details["alignment"]}
    assert mass == {("b", "p"): pytest.approx(0.5), ("b", "g"): pytest.approx(0.5)}
    cost = (math.dist((1, 0, 0), np.ones(3) / math.sqrt(3)) + math.sqrt(2)) / 2
    assert result.stats[0] == pytest.approx(1 - cost, abs=1e-15)


def test_empty_graph_is_one_zero_node() -> None:
    metric = WWLK(vectors=VECTORS, weights="ones", stability=0)
    empty = metric.prepare(Graph())
    assert metric.pair(empty, empty).stats[0] == 0.0  # the empty graph earns nothing, even against itself
    assert metric.pair(empty, metric.prepare(decode("(b / boy)"))).stats[0] == 0.0
    assert WLK().pair(WLK().prepare(Graph()), WLK().prepare(Graph())).stats[0] == 0.0


def test_min_entropy_is_the_greedy_choice_under_scipy_entropy() -> None:
    from scipy.stats import entropy

    weights = min_entropy_weights(8, 3, seed=5)
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(5)))
    candidates = rng.uniform(0.2, 0.35, (8, 3, 10))
    for s in range(3):
        chosen: list[float] = []
        for i in range(8):
            chosen.append(candidates[i, s, int(np.argmin([entropy(np.array(chosen + [c])) for c in candidates[i, s]]))])
        np.testing.assert_array_equal(weights[s], chosen)
    np.testing.assert_array_equal(min_entropy_weights(3, 3, seed=5), weights[:, :3])


def test_spec_defaults_and_signatures() -> None:
    e2n = parse_metrics("wwlk:k=3,e2n=1", {"vectors": VECTORS})[0]
    assert e2n.edge_init == "ones"
    assert "weights:ones" in e2n.signature() and "k:3" in e2n.signature()
    plain = parse_metrics("wwlk", {"vectors": VECTORS})[0]
    assert plain.edge_init == "min_entropy" and plain.stability == 15
    assert parse_metrics("wlk")[0].signature().startswith("wlk|k:2|e2n:no")


def test_stability_averages_distance_matrices_of_the_samples() -> None:
    from scipy.spatial.distance import cdist

    metric = WWLK(vectors=VECTORS, weights="random_uniform", stability=2, seed=3)
    a = metric.prepare(decode("(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))"))
    b = metric.prepare(decode("(a / and :op1 (b / boy) :op2 (d / dog :mod (x / big)))"))
    assert a.features is not None and b.features is not None and len(a.features) == len(b.features) == 3
    expected = (cdist(a.features[0], b.features[0]) + cdist(a.features[1], b.features[1]) + cdist(a.features[2], b.features[2])) / 3
    np.testing.assert_allclose(metric.distances(a, b), expected, rtol=0, atol=1e-15)


def test_samples_that_cannot_differ_are_computed_once() -> None:
    text_a, text_b = "(w / want-01 :ARG0 (b / boy))", "(w / want-01 :ARG0 (g / girl) :polarity -)"
    scores = []
    for stability in (0, 15):
        metric = WWLK(vectors=VECTORS, weights="constant", stability=stability)
        a, b = metric.prepare(decode(text_a)), metric.prepare(decode(text_b))
        assert a.features is not None and len(a.features) == 1
        scores.append(metric.pair(a, b).stats[0])
    assert scores[0] == pytest.approx(scores[1], abs=1e-15)


def test_seed_matters_only_where_there_is_randomness() -> None:
    text_a, text_b = "(w / want-01 :ARG0 (b / boy))", "(w / want-01 :ARG1 (g / girl) :ARG0 (a / and))"

    def score(**params: object) -> float:
        metric = WWLK(vectors=VECTORS, **params)  # type: ignore[arg-type]
        return metric.pair(metric.prepare(decode(text_a)), metric.prepare(decode(text_b))).stats[0]

    assert score(weights="min_entropy", seed=1) == score(weights="min_entropy", seed=1)
    assert score(weights="min_entropy", seed=1) != score(weights="min_entropy", seed=2)
    assert score(weights="ones", stability=0, seed=1) == score(weights="ones", stability=0, seed=2)
