"""WLK's parts by hand: the cosine of counts, the weighted total, and the settings reaching the features."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from amrmetrics.metrics.wl_graph import build, standardize
from amrmetrics.metrics.wlk import WLK, cosine_from_counts, weighted_total, wl_features
from amrmetrics.read import decode


def test_cosine_of_counts_by_hand() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        out = cosine_from_counts(np.array([2.0, 0.25, 1.0, 0.0, np.inf]), np.array([4.0, 0.25, 0.0, 0.0, np.inf]), np.array([1.0, 0.25, 4.0, 0.0, np.inf]))
    assert out[0] == 1.0  # 2 / sqrt(4 * 1)
    assert out[1] == 1.0  # 0.25 / sqrt(0.25 * 0.25): a denominator below 1
    assert out[2] == 0.0 and out[3] == 0.0  # a norm of 0 gives 0
    assert np.isnan(out[4])
    assert cosine_from_counts(1.0, 0.0, 4.0) == 0.0


def test_weighted_total_needs_one_weight_per_block() -> None:
    assert weighted_total([1.0, 2.0], [0.5, 0.25]) == 1.0
    with pytest.raises(ValueError):
        weighted_total([1.0, 2.0], [0.5])


@pytest.mark.parametrize(("e2n", "direction"), [(True, "fromout"), (False, "fromin"), (True, "both")])
def test_the_settings_reach_the_features(e2n: bool, direction: str) -> None:
    graph = decode("(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b :polarity -))")
    expected = wl_features(build(standardize(graph), e2n=e2n), 2, direction)
    assert WLK(k=2, e2n=e2n, direction=direction).prepare(graph) == expected
    assert expected != wl_features(build(standardize(graph), e2n=not e2n), 2, direction)
    if direction != "both":
        assert expected != wl_features(build(standardize(graph), e2n=e2n), 2, "both")


def test_neighbourhoods_default_to_both_directions() -> None:
    graph = build(standardize(decode("(w / want-01 :ARG0 (b / boy))")), e2n=False)
    assert graph.neighbourhoods() == graph.neighbourhoods("both") != graph.neighbourhoods("fromout")
