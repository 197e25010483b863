"""WWLK's parameter checks (exact messages) and its cached min_entropy weights, which grow on demand
and equal the weight sequence of :func:`~amrmetrics.metrics.wwlk_labels.min_entropy_weights`."""

from __future__ import annotations

import re
import sys

import numpy as np
import pytest

from amrmetrics.errors import BackendMissing
from amrmetrics.metrics.wwlk import WWLK
from amrmetrics.metrics.wwlk_labels import min_entropy_weights


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"k": -1}, "k must be >= 0"),
        ({"stability": -1}, "stability must be >= 0"),
        ({"weights": "heavy"}, "weights must be auto, ones, constant, random_uniform or min_entropy"),
        ({"direction": "up"}, "direction must be both, fromout or fromin"),
        ({"transport": "ship"}, "transport must be auto, pot or scipy"),
    ],
)
def test_bad_parameters_are_named(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        WWLK(**kwargs)


@pytest.mark.parametrize("kwargs", [{"k": 0}, {"stability": 0}, {"direction": "fromout"}, {"direction": "fromin"}, {"weights": "random_uniform"}, {"transport": "pot"}, {"transport": "scipy"}])
def test_edge_values_are_accepted(kwargs: dict) -> None:
    metric = WWLK(**kwargs)
    assert all(getattr(metric, key) == value for key, value in kwargs.items())


def test_min_entropy_weights_grow_and_keep_their_prefix() -> None:
    metric = WWLK(stability=2, seed=7)
    full = min_entropy_weights(100, 3, 7)
    assert np.array_equal(metric._min_entropy(5), full[:, :5])
    assert np.array_equal(metric._min_entropy(40), full[:, :40])  # grown past the first 16 columns
    assert np.array_equal(metric._min_entropy(100), full)
    assert np.array_equal(metric._min_entropy(100), full)  # read back from the cache
    assert np.array_equal(metric._min_entropy(3), full[:, :3])


def test_a_graph_against_itself_is_at_distance_zero() -> None:
    from conftest import DATA

    from amrmetrics.read import decode

    metric = WWLK(vectors=str(DATA / "wl-vectors.txt"), stability=0, weights="ones")
    graph = metric.prepare(decode("(w / want-01 :ARG0 (b / boy))"))
    result = metric.pair(graph, graph)
    assert result.stats == (1.0, 1.0)
    assert result.details["distance"] == 0.0
    assert sorted((a, b) for a, b, *_ in result.details["alignment"]) == [(n, n) for n in sorted(graph.graph.names)]


def test_transport_pot_is_refused_at_once_without_pot_and_the_others_need_none(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "ot", None)  # POT not installed
    message = 'wwlk:transport=pot needs pot, which is not installed: pip install "amrmetrics[ot]"'
    with pytest.raises(BackendMissing, match=f"^{re.escape(message)}$"):
        WWLK(transport="pot")
    assert WWLK(transport="scipy").transport == "scipy"
    assert WWLK().transport == "auto"


def test_a_pair_is_solved_by_the_transport_asked_for(monkeypatch) -> None:
    from conftest import DATA

    from amrmetrics.read import decode

    metric = WWLK(vectors=str(DATA / "wl-vectors.txt"), stability=0, weights="ones", transport="pot")
    graph = metric.prepare(decode("(w / want-01 :ARG0 (b / boy))"))
    monkeypatch.setitem(sys.modules, "ot", None)  # POT gone after the check: asked for, it is still the one used
    with pytest.raises(BackendMissing, match="^the pot transport backend needs pot"):
        metric.pair(graph, graph)
