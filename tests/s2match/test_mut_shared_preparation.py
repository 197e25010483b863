"""Metrics scored together share a prepared graph only when their preparation is the same
(:func:`amrmetrics.engine.run.score_pair` prepares once per ``prepare_key``): scored together,
each metric gives the numbers it gives alone, computed by hand where the preparations differ."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import pytest
from conftest import DATA

from amrmetrics.engine.run import score_pair
from amrmetrics.metrics.base import Metric, PairResult
from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read import decode

TINY = {"vectors": str(DATA / "tiny-vectors.txt")}
KING = "(k / king :mod (s / small))"
PRINCE = "(p / prince :mod (l / little))"
PARALLEL = ("(a / judge-01 :ARG0 (b / you) :ARG1 b)", "(a / judge-01 :ARG1 (b / you))")


def f_scores(specs: list[str], test: str, gold: str) -> list[float]:
    metrics = parse_metrics(specs, TINY)
    results, _ = score_pair(metrics, decode(test), decode(gold))
    return [float(m.scores(np.array(r.stats))[m.headline]) for m, r in zip(metrics, results)]


@pytest.mark.parametrize(
    "order",
    [
        ["smatch", "s2match:compat=yes", "s2match"],
        ["s2match", "s2match:compat=yes", "smatch"],
        ["s2match:compat=yes", "s2match", "smatch"],
    ],
)
def test_smatch_s2match_and_its_compat_mode_each_on_their_own_triples(order: list[str]) -> None:
    # per side: 2 instances, (s :domain k), TOP; Smatch matches the relation and TOP: 2 of 4;
    # S2match also k->p and s->l at 0.8 each: 3.6; compat grades TOP by the root concepts: 3.4
    by_hand = {"smatch": 2 / 4, "s2match": 3.6 / 4, "s2match:compat=yes": 3.4 / 4}
    assert f_scores(order, KING, PRINCE) == pytest.approx([by_hand[s] for s in order])


@pytest.mark.parametrize("order", [["s2match", "s2match:compat=yes"], ["s2match:compat=yes", "s2match"]])
def test_parallel_relations_are_kept_by_default_and_dropped_by_compat(order: list[str]) -> None:
    metrics = parse_metrics(order, TINY)
    results, _ = score_pair(metrics, *(decode(t) for t in PARALLEL))
    by_hand = {False: (4.0, 5.0, 4.0), True: (4.0, 4.0, 4.0)}  # compat keeps the last of :ARG0 b / :ARG1 b
    assert [r.stats[:3] for r in results] == [by_hand[m.compat] for m in metrics]


def test_fine_document_and_rematch_beside_smatch() -> None:
    specs = ["smatch", "smatch:fine", "smatch:doc=any", "rematch", "sema", "simple", "sembleu"]
    metrics = parse_metrics(specs)
    together, _ = score_pair(metrics, decode(KING), decode(PRINCE))
    assert together[1].stats[:3] == (2.0, 4.0, 4.0)  # the fine Smatch aspect is Smatch
    assert together[2].stats[:3] == (2.0, 4.0, 4.0)  # a one-sentence document without restriction too
    for metric, result in zip(metrics, together):
        alone, _ = score_pair([metric], decode(KING), decode(PRINCE))
        assert alone[0].stats == result.stats


@dataclass(frozen=True)
class _Concepts(Metric):
    """Toy metric: shared concepts of the prepared graphs."""

    name: ClassVar[str] = "toy-concepts"
    stat_names: ClassVar[tuple[str, ...]] = ("shared",)
    score_names: ClassVar[tuple[str, ...]] = ("shared",)

    def prepare(self, graph):  # type: ignore[no-untyped-def]
        return {c for _, c in graph.instances}

    def pair(self, test, gold) -> PairResult:  # type: ignore[no-untyped-def]
        return PairResult((float(len(test & gold)),))

    def scores(self, stats: np.ndarray) -> dict[str, np.ndarray]:
        return {"shared": np.asarray(stats, dtype=float)[..., 0]}


@dataclass(frozen=True)
class _Nothing(_Concepts):
    """Toy metric with the same (no) parameters whose preparation keeps nothing."""

    name: ClassVar[str] = "toy-nothing"

    def prepare(self, graph):  # type: ignore[no-untyped-def]
        return set()


def test_metrics_without_parameters_of_different_classes_do_not_share() -> None:
    same = decode("(k / king :mod (s / small))")
    results, _ = score_pair([_Concepts(), _Nothing(), _Concepts()], same, same)
    assert [r.stats for r in results] == [(2.0,), (0.0,), (2.0,)]
    results, _ = score_pair([_Nothing(), _Concepts()], same, same)
    assert [r.stats for r in results] == [(0.0,), (2.0,)]
