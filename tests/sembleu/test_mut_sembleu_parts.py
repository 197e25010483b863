"""SemBLEU's parts by hand: clipped counts, weight specifications and their messages, the one-pair
score, and the per-process cache of prepared graphs."""

from __future__ import annotations

import pickle
import re

import numpy as np
import pytest

from amrmetrics.metrics.registry import MetricSpecError, parse_metrics
from amrmetrics.metrics.sembleu import SemBLEU, clipped_matches
from amrmetrics.read import decode


def test_clipped_matches_take_the_smaller_count_of_each_ngram() -> None:
    hyp = {("a",): 1, ("b",): 2, ("d",): 4}
    ref = {("a",): 3, ("b",): 1, ("c",): 5}
    assert clipped_matches(hyp, ref) == 1 + 1
    assert clipped_matches(ref, hyp) == 1 + 1
    assert clipped_matches({("a",): 2}, {("a",): 2, ("b",): 1}) == 2


@pytest.mark.parametrize(
    ("spec", "weights"),
    [("sembleu:weights=0/0.5/0.5", (0.0, 0.5, 0.5)), ("sembleu:n=2,weights=1/0", (1.0, 0.0))],
)
def test_zero_weights_are_allowed_with_a_positive_sum(spec: str, weights: tuple[float, ...]) -> None:
    assert parse_metrics(spec)[0].weight_values == weights


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("sembleu:n=2,weights=reference", "sembleu: weights=reference is defined for n=3 only"),
        ("sembleu:weights=abc", "sembleu: weights must be auto, uniform, reference or n numbers like 0.5/0.3/0.2, not 'abc'"),
        ("sembleu:weights=0/0/0", "sembleu: weights '0/0/0': need 3 non-negative numbers with a positive sum"),
        ("sembleu:weights=0.5/0.5", "sembleu: weights '0.5/0.5': need 3 non-negative numbers with a positive sum"),
    ],
)
def test_bad_weights_are_named(spec: str, message: str) -> None:
    with pytest.raises(MetricSpecError, match=f"^{re.escape(message)}$"):
        parse_metrics(spec)


def test_one_pair_scores_a_float64_scalar() -> None:
    stats = np.array([2, 4, 1, 3, 0, 2, 4, 4], dtype=float)
    score = SemBLEU().scores(stats)["score"]
    assert type(score) is np.float64
    assert np.ndim(SemBLEU().scores(stats[None, :])["score"]) == 1


def test_prepared_graphs_stay_in_their_process() -> None:
    metric = SemBLEU()
    metric.prepare(decode("(b / boy)"))
    assert "prepared" in metric.__dict__["_cache"]
    copy = pickle.loads(pickle.dumps(metric))
    assert copy.__dict__["_cache"] == {}
