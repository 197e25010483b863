"""Every way of scoring a corpus runs the engine's one pipeline: it primes embedders and signs every setting.

Before the engine, the Python API and the meta-evaluation library never read vectors before
scoring (a bad vectors file surfaced as a metric failure on pair 1), and the API's signature left
out the bootstrap.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import EXAMPLES

import amrmetrics
from amrmetrics.embed import VectorsFileError
from amrmetrics.engine.corpus import (
    RunOptions,
    compare_corpora,
    run_entries,
    score_corpora,
)
from amrmetrics.meta.scoring import score_graphs
from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read import Entry, decode

GOLD = ["(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))", "(k / king :mod (s / small))"]
TEST = ["(w / want-01 :ARG0 (b / boy))", "(k / king :mod (l / little))"]


def _bad_vectors(tmp_path: Path) -> str:
    path = tmp_path / "vectors.txt"
    path.write_text("king 1 0\nboy 0 1\nsmall nan 1\n", encoding="utf-8")
    return str(path)


def test_the_api_reads_vectors_before_scoring(tmp_path: Path) -> None:
    with pytest.raises(VectorsFileError, match=r"vectors\.txt, line 3"):
        amrmetrics.score_corpus(TEST, GOLD, "s2match", vectors=_bad_vectors(tmp_path))


def test_meta_scoring_reads_vectors_before_scoring(tmp_path: Path) -> None:
    metrics = parse_metrics("wwlk", {"vectors": _bad_vectors(tmp_path)})
    with pytest.raises(VectorsFileError, match=r"vectors\.txt, line 3"):
        score_graphs([(decode(t), decode(g)) for t, g in zip(TEST, GOLD)], metrics)


def test_the_api_signature_names_the_bootstrap() -> None:
    scored = amrmetrics.score_corpus(EXAMPLES / "pred.amr", EXAMPLES / "gold.amr", "smatch", bootstrap=200, seed=7)
    (result,) = scored.values()
    assert "|bootstrap:200|seed:7|" in result.signature
    assert result.report.intervals["resamples"] == 200 and result.report.intervals["seed"] == 7


def test_api_and_engine_give_the_same_reports() -> None:
    metrics = parse_metrics("smatch,sembleu")
    engine = score_corpora(EXAMPLES / "pred.amr", EXAMPLES / "gold.amr", metrics, RunOptions(bootstrap=100))
    api = amrmetrics.score_corpus(EXAMPLES / "pred.amr", EXAMPLES / "gold.amr", "smatch,sembleu", bootstrap=100)
    assert [r.as_dict() for r in engine.reports] == [s.report.as_dict() for s in api.values()]


def test_compare_signs_the_resamples_and_trials() -> None:
    done = compare_corpora(TEST, GOLD, GOLD, parse_metrics("smatch"), RunOptions(bootstrap=50), trials=3)
    assert "|bootstrap:50|seed:12345|trials:3|v:" in done.metrics[0].signature  # 2 pairs, 4 swaps > 3 trials
    done = compare_corpora(TEST, GOLD, GOLD, parse_metrics("smatch"), RunOptions(bootstrap=50), trials=20)
    assert "|bootstrap:50|seed:12345|trials:exact|v:" in done.metrics[0].signature  # all 4 swaps


def test_run_entries_keeps_the_pair_order() -> None:
    pairs = [(Entry(1, 1, decode(t)), Entry(2, 1, decode(g))) for t, g in zip(TEST, GOLD)]
    run = run_entries(pairs, parse_metrics("smatch"))
    assert [r.index for r in run.records] == [0, 1]
    assert [r.results[0].stats[1:3] for r in run.records] == [(4.0, 7.0), (4.0, 4.0)]
