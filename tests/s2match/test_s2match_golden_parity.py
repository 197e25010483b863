"""Parity with the reference S2match (golden s2match-glove50.tsv, GloVe-50 subset vectors).

The reference hill-climbs, so with ``compat=yes`` (its triples) our exact optimum is never
below its match and equals it on most pairs; the corpus F may only be higher, by at most 0.1
points on these datasets. Without ``compat`` the triple counts differ exactly by the parallel
relations the reference's parser drops.
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import golden_rows, requires_shared, shared

from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.metrics.s2match import collapse_parallel
from amrmetrics.read import read_graphs

DATASETS = {
    "littleprince": ("data/littleprince-parses/candidates.amr", "data/littleprince-parses/references.amr"),
    **{
        f"bamboo/{name}/main": (f"data/bamboo/{name}/main/src.dev.amr", f"data/bamboo/{name}/main/tgt.dev.amr")
        for name in ("sick", "sts", "para")
    },
}
SEARCH_RELIABLE = ("littleprince", "bamboo/sick/main")
"""Where the reference's hill-climbing finds the optimum often enough for the 97% rule."""


def run(dataset: str, spec: str) -> tuple[np.ndarray, np.ndarray, object]:
    """Our (match, n_test, n_gold, upper) per pair and the reference's (match, n_test, n_gold)."""
    metric = parse_metrics(spec, {"vectors": str(shared("data/vectors/glove50-subset.txt"))})[0]
    test, gold = (read_graphs(shared(p)) for p in DATASETS[dataset])
    ours = np.array([metric.pair(metric.prepare(t), metric.prepare(g)).stats for t, g in zip(test, gold)])
    rows = golden_rows(shared(f"golden/{dataset}/s2match-glove50.tsv"))
    ref = np.array([[float(r["match"]), float(r["n_test"]), float(r["n_gold"])] for r in rows])
    return ours, ref, metric


@requires_shared
@pytest.mark.parametrize("dataset", SEARCH_RELIABLE)
def test_compat_is_never_below_the_reference_and_mostly_equal(dataset: str) -> None:
    ours, ref, metric = run(dataset, "s2match:compat=yes")
    assert len(ours) == len(ref)
    assert np.array_equal(ours[:, 1:3], ref[:, 1:3])
    assert np.all(ours[:, 3] - ours[:, 0] <= 1e-9)  # every pair certified optimal
    ours_f, ref_f = metric.scores(ours)["F"], metric.scores(ref)["F"]
    assert np.all(ours[:, 0] >= ref[:, 0] - 1e-9)
    assert np.all(ours_f >= ref_f - 1e-9)
    assert np.mean(np.abs(ours[:, 0] - ref[:, 0]) < 1e-6) >= 0.97
    corpus = metric.micro(ours)["F"] - float(metric.scores(ref.sum(axis=0))["F"])
    assert 0 <= corpus <= 0.001


@requires_shared
def test_default_counts_differ_only_by_the_dropped_parallel_relations() -> None:
    ours, ref, metric = run("littleprince", "s2match")
    test, gold = (read_graphs(shared(p)) for p in DATASETS["littleprince"])
    dropped = np.array(
        [
            [len(metric.prepare(t)) - len(collapse_parallel(metric.prepare(t))),
             len(metric.prepare(g)) - len(collapse_parallel(metric.prepare(g)))]
            for t, g in zip(test, gold)
        ]
    )
    assert dropped.sum() > 0
    assert np.array_equal(ours[:, 1:3] - dropped, ref[:, 1:3])


@requires_shared
@pytest.mark.parametrize("dataset", ["bamboo/sts/main", "bamboo/para/main"])
def test_where_the_reference_parser_agrees_we_are_never_below_it(dataset: str) -> None:
    """On STS and PARA the reference's search misses too often for the 97% rule (docs/s2match.md);
    still, every pair whose triple counts match is at least the reference, and the pairs whose
    counts differ (parser behaviours compat does not emulate) are few."""
    ours, ref, _ = run(dataset, "s2match:compat=yes")
    same = np.all(ours[:, 1:3] == ref[:, 1:3], axis=1)
    assert np.all(ours[:, 3] - ours[:, 0] <= 1e-9)
    assert np.all(ours[same, 0] >= ref[same, 0] - 1e-9)
    assert 0 < np.sum(~same) <= 10
    assert np.mean(np.abs(ours[same, 0] - ref[same, 0]) < 1e-6) >= 0.85
