"""WWLK's parts by hand on two-node graphs with a two-dimensional vector table: the direction and the
weight setting reaching the features, the empty graph, components plugged in from Python, the mask of
unknown labels, and the transport backend reaching the solver."""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path

import numpy as np
import pytest

from amrmetrics.embed import open_embedder
from amrmetrics.graph import Graph
from amrmetrics.metrics import wwlk
from amrmetrics.metrics.wwlk import WWLK
from amrmetrics.metrics.wwlk_labels import min_entropy_weights
from amrmetrics.read import decode

ROOT3, ROOT2 = np.sqrt(3.0), np.sqrt(2.0)


@pytest.fixture
def vectors(tmp_path: Path) -> str:
    path = tmp_path / "vectors.txt"
    path.write_text("boy 1 0\ngirl 0 1\n")
    return str(path)


@pytest.mark.parametrize(
    ("direction", "a", "b"),
    [
        # boy = (1, 0), girl = (0, 1), one step: a node adds the mean of the vectors it hears (weights 1)
        ("both", np.array([1, 0, 1, 1]) / ROOT3, np.array([0, 1, 1, 1]) / ROOT3),
        ("fromout", np.array([1, 0, 1, 1]) / ROOT3, np.array([0, 1, 0, 1]) / ROOT2),  # only a hears b
        ("fromin", np.array([1, 0, 1, 0]) / ROOT2, np.array([0, 1, 1, 1]) / ROOT3),  # only b hears a
    ],
)
def test_the_direction_reaches_the_features(vectors: str, direction: str, a: np.ndarray, b: np.ndarray) -> None:
    metric = WWLK(vectors=vectors, k=1, weights="ones", stability=0, direction=direction)
    prepared = metric.prepare(decode("(a / boy :ARG0 (b / girl))"))
    assert prepared.structure.entry_role == ((":arg0",) if direction != "both" else (":arg0", ":arg0"))
    assert prepared.features is not None and prepared.features.shape == (1, 2, 4)
    np.testing.assert_allclose(prepared.features[0], [a, b], atol=1e-12)


def test_an_empty_graph_is_one_zero_node_in_one_sample(vectors: str) -> None:
    metric = WWLK(vectors=vectors, k=2, weights="ones", stability=3)
    prepared = metric.prepare(Graph())
    assert prepared.graph.labels == ("",)
    assert prepared.x0.shape == (1, 1, 2) and not prepared.x0.any()
    assert prepared.features is not None and prepared.features.shape == (1, 1, 6) and not prepared.features.any()
    assert metric.pair(prepared, prepared).stats == (0.0, 1.0)  # the empty graph earns nothing, even against itself


def features(w: float) -> np.ndarray:
    """boy -w-> girl after one step of both directions: a = (1, 0) + w (0, 1), b = (0, 1) + w (1, 0)."""
    rows = np.array([[1, 0, 1, w], [0, 1, w, 1]])
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def emd_uniform(costs: np.ndarray) -> float:
    """Earth mover's distance of two equal-sized uniform sets: the best permutation's mean cost."""
    n = len(costs)
    return min(sum(costs[i, p[i]] for i in range(n)) / n for p in itertools.permutations(range(n)))


def test_min_entropy_weights_come_from_the_pair_roles(vectors: str) -> None:
    # the pair's roles sorted are :arg0, :arg1; they get the first two min_entropy weights (one sample)
    metric = WWLK(vectors=vectors, k=1, weights="min_entropy", stability=0, seed=3)
    test, gold = metric.prepare(decode("(a / boy :ARG0 (b / girl))")), metric.prepare(decode("(a / boy :ARG1 (b / girl))"))
    assert test.features is None and gold.features is None  # the weights depend on the pair
    w0, w1 = min_entropy_weights(2, 1, 3)[0]
    costs = np.linalg.norm(features(w0)[:, None, :] - features(w1)[None, :, :], axis=2)
    expected = emd_uniform(costs)
    result = metric.pair(test, gold)
    assert result.details["distance"] == pytest.approx(expected, abs=1e-12)
    assert result.stats[0] == pytest.approx(1 - expected, abs=1e-12)
    # features that only one side carries are not used: both sides get the pair's weights
    half = dataclasses.replace(test, features=np.zeros((1, 2, 4)))
    assert metric.pair(half, gold).details["distance"] == pytest.approx(expected, abs=1e-12)


def test_the_transport_backend_reaches_the_solver(vectors: str, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = []
    solve = wwlk.emd

    def recording(costs: np.ndarray, **kwargs: str) -> object:
        seen.append(kwargs)
        return solve(costs, **kwargs)

    monkeypatch.setattr(wwlk, "emd", recording)
    metric = WWLK(vectors=vectors, k=1, weights="ones", stability=0, transport="scipy")
    graph = metric.prepare(decode("(a / boy :ARG0 (b / girl))"))
    assert metric.pair(graph, graph).stats == (1.0, 1.0)
    assert seen == [{"backend": "scipy"}]


def test_an_embedder_plugged_in_from_python_is_used(vectors: str) -> None:
    metric = WWLK(vectors=vectors)
    other = open_embedder(vectors)
    metric.set_cached("embedder", other)
    assert metric.embedder() is other


def test_label_vectors_use_a_plugged_in_table_and_mask_unknown_labels(vectors: str) -> None:
    metric = WWLK(vectors=vectors)
    table = {"cat": np.array([5.0, 6.0])}
    metric.set_cached("label_vectors", table)
    out, unknown = metric.label_vectors(["cat", "boy", "zebra", "boy"])
    np.testing.assert_array_equal(out, [[5, 6], [1, 0], [0, 0], [1, 0]])
    assert unknown.dtype == np.bool_ and unknown.tolist() == [False, False, True, False]
    np.testing.assert_array_equal(out[~unknown], [[5, 6], [1, 0], [1, 0]])  # the mask indexes
    assert sorted(table) == ["boy", "cat", "zebra"] and table["zebra"] is None  # filled as it goes


@pytest.mark.parametrize(("weights", "shape"), [("random_uniform", (4, 0)), ("ones", (1, 0)), ("constant", (1, 0))])
def test_no_roles_have_no_weight_columns(vectors: str, weights: str, shape: tuple[int, int]) -> None:
    assert WWLK(vectors=vectors, weights=weights, stability=3)._role_weights([]).shape == shape
