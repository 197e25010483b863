"""The metric base classes (:mod:`amrmetrics.metrics.base`) by hand: float64 arithmetic whatever
the statistics' dtype, no numpy warnings, the per-process cache left out of a pickle, the
not-applicable aspects, and how a None parameter is written."""

from __future__ import annotations

import pickle
import warnings
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import pytest

from amrmetrics.metrics.base import Metric, PairResult, aspect_prf
from amrmetrics.metrics.simple import Simple
from amrmetrics.metrics.smatch import Smatch
from amrmetrics.metrics.wlk import WLK


@dataclass(frozen=True)
class _Doubled(Metric):
    """Toy metric whose score is twice its one statistic, computed in the statistics' dtype."""

    limit: int | None = None

    name: ClassVar[str] = "doubled"
    stat_names: ClassVar[tuple[str, ...]] = ("x",)
    score_names: ClassVar[tuple[str, ...]] = ("score",)

    def pair(self, test, gold) -> PairResult:  # type: ignore[no-untyped-def]
        return PairResult((1.0,))

    def scores(self, stats: np.ndarray) -> dict[str, np.ndarray]:
        return {"score": stats[..., 0] * 2}


def no_warnings(call):  # type: ignore[no-untyped-def]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return call()


def test_macro_and_micro_compute_in_float64() -> None:
    small = np.array([[100], [100]], dtype=np.int8)  # 100 * 2 overflows int8
    assert _Doubled().macro(small) == {"score": 200.0}
    single = np.array([[1e8], [1.0], [1.0]], dtype=np.float32)  # a float32 sum loses the ones
    assert _Doubled().micro(single) == {"score": 2 * (1e8 + 2)}


def test_a_macro_mean_over_no_applicable_pair_is_nan_without_a_warning() -> None:
    out = no_warnings(lambda: _Doubled().macro(np.array([[np.nan], [np.nan]])))
    assert np.isnan(out["score"])


def test_a_none_parameter_is_written_none() -> None:
    assert _Doubled().signature() == "doubled|limit:none"
    assert _Doubled(limit=3).signature() == "doubled|limit:3"


def test_similarity_scores_are_float64_and_silent() -> None:
    scores = no_warnings(lambda: WLK().scores(np.array([[1, 3], [0, 0], [1, 0]], dtype=np.float32))["score"])
    assert scores.dtype == np.float64
    assert scores[0] == 1 / 3
    assert np.isnan(scores[1]) and scores[2] == np.inf


def test_simple_scores_are_float64_silent_and_divide_by_any_positive_union() -> None:
    stats = np.array([[1, 3], [0, 0], [0.25, 0.5], [np.inf, np.inf]], dtype=np.float32)
    score = no_warnings(lambda: Simple().scores(stats)["score"])
    assert score.dtype == np.float64
    assert score[0] == 1 / 3 and score[1] == 0.0 and score[2] == 0.5 and np.isnan(score[3])


def test_aspect_prf_scores_the_smatch_aspect_even_when_empty() -> None:
    counts = np.array([[[0, 0, 0], [0, 0, 0], [1, 2, 2]]], dtype=float)
    out = aspect_prf(counts, ("Smatch", "Other", "Third"))
    assert out["Smatch.F"].tolist() == [0.0]  # two empty graphs: scored, and the empty graph earns nothing
    assert np.isnan(out["Other.P"][0]) and np.isnan(out["Other.F"][0])
    assert out["Third.F"].tolist() == [0.5]
    named = aspect_prf(counts, ("Smatch", "Other", "Third"), always="Other")
    assert np.isnan(named["Smatch.F"][0]) and named["Other.F"].tolist() == [0.0]


def test_process_local_cache_entries_stay_out_of_a_pickle() -> None:
    metric = Smatch()
    assert pickle.loads(pickle.dumps(metric)) == metric  # no cache yet
    metric.set_cached("solver", "a solver")
    metric.set_cached("weights", [1, 2])
    copy = pickle.loads(pickle.dumps(metric))
    assert copy.__dict__["_cache"] == {"weights": [1, 2]}
    assert metric.__dict__["_cache"] == {"solver": "a solver", "weights": [1, 2]}  # the original keeps both
    assert copy.cached("weights", lambda: None) == [1, 2]
    assert copy.cached("solver", lambda: "rebuilt") == "rebuilt"


@pytest.mark.parametrize("stats", [[[2, 4, 4, 2]], [[2.0, 4.0, 4.0, 2.0]]])
def test_integer_and_float_statistics_score_alike(stats: list[list[float]]) -> None:
    assert Smatch().micro(np.array(stats))["F"] == 0.5
