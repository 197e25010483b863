"""Parity with the reference S2match (golden s2match-glove50.tsv, GloVe-50 subset vectors).

With ``compat=yes`` we have the reference parser's triples (counts equal on every pair). The
reference hill-climbs, so our exact optimum is never below its match; it equals it on at least
97% of the pairs and the corpus F is at most 0.1 points higher where its search is reliable
(Little Prince, SICK), less often on STS and PARA (where bench/s2match_reference_search.py shows,
with the reference's own code, that every differing pair is a search miss). Without ``compat`` the triple counts differ
exactly by the parallel relations the reference's parser drops.
"""

from __future__ import annotations

import functools
import numpy as np
import pytest
from conftest import golden_rows, requires_shared, shared

from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read import read_graphs
from amrmetrics.standardize.s2match_reference import collapse_parallel

DATASETS = {
    "littleprince": ("data/littleprince-parses/candidates.amr", "data/littleprince-parses/references.amr"),
    **{
        f"bamboo/{name}/main": (f"data/bamboo/{name}/main/src.dev.amr", f"data/bamboo/{name}/main/tgt.dev.amr")
        for name in ("sick", "sts", "para")
    },
}
SEARCH_RELIABLE = ("littleprince", "bamboo/sick/main")
"""Where the reference's hill-climbing finds the optimum often enough for the 97% rule."""


@functools.cache
def run(dataset: str, spec: str) -> tuple[np.ndarray, np.ndarray, object]:
    """Our (match, n_test, n_gold, upper) per pair and the reference's (match, n_test, n_gold)."""
    metric = parse_metrics(spec, {"vectors": str(shared("data/vectors/glove50-subset.txt"))})[0]
    test, gold = (read_graphs(shared(p)) for p in DATASETS[dataset])
    ours = np.array([metric.pair(metric.prepare(t), metric.prepare(g)).stats for t, g in zip(test, gold)])
    rows = golden_rows(shared(f"golden/{dataset}/s2match-glove50.tsv"))
    ref = np.array([[float(r["match"]), float(r["n_test"]), float(r["n_gold"])] for r in rows])
    return ours, ref, metric


@requires_shared
@pytest.mark.parametrize("dataset", list(DATASETS))
def test_compat_has_the_reference_triples_and_is_never_below_it(dataset: str) -> None:
    ours, ref, metric = run(dataset, "s2match:compat=yes")
    assert len(ours) == len(ref)
    assert np.array_equal(ours[:, 1:3], ref[:, 1:3])  # the reference parser's triple counts, every pair
    assert np.all(ours[:, 3] - ours[:, 0] <= 1e-9)  # every pair certified optimal
    assert np.all(ours[:, 0] >= ref[:, 0] - 1e-9)
    assert np.all(metric.scores(ours)["F"] >= metric.scores(ref)["F"] - 1e-9)
    assert metric.micro(ours)["F"] >= float(metric.scores(ref.sum(axis=0))["F"])


@requires_shared
@pytest.mark.parametrize("dataset", SEARCH_RELIABLE)
def test_compat_equals_the_reference_on_97_percent_where_its_search_is_reliable(dataset: str) -> None:
    ours, ref, metric = run(dataset, "s2match:compat=yes")
    assert np.mean(np.abs(ours[:, 0] - ref[:, 0]) < 1e-6) >= 0.97
    assert metric.micro(ours)["F"] - float(metric.scores(ref.sum(axis=0))["F"]) <= 0.001


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
@pytest.mark.parametrize(("dataset", "floor"), [("bamboo/sts/main", 0.885), ("bamboo/para/main", 0.95)])
def test_where_the_reference_search_misses_the_optimum_often(dataset: str, floor: float) -> None:
    """On STS and PARA the reference's hill-climbing stops below the optimum too often for the 97%
    rule (docs/s2match.md); the pairs still equal to it are most of them (88.9% and 95.2%: a
    triple of the reference's parser lost would show here), and every other pair is above it."""
    ours, ref, _ = run(dataset, "s2match:compat=yes")
    equal = np.abs(ours[:, 0] - ref[:, 0]) < 1e-6
    assert np.mean(equal) >= floor
    assert np.all(ours[~equal, 0] > ref[~equal, 0])
