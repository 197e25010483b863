"""Parity with the reference S2match (golden s2match-glove50.tsv, GloVe-50 subset vectors).

With ``compat=yes`` we have the reference parser's triples (counts equal on every pair) and the
reference's objective (bench/s2match_reference_search.py: its own scoring of our mapping gives our
value on every pair). So our certified optimum must **equal** the golden match on every pair where
the reference's search reaches the optimum, and be strictly above it only on the pairs where the
reference's own scoring proves that its search stopped below it (tests/data/s2match-reference-misses.json,
made as its README says). All 13 datasets, every pair. Without ``compat`` the triple counts differ
exactly by the parallel relations the reference's parser drops.
"""

from __future__ import annotations

import functools
import json

import numpy as np
import pytest
from conftest import DATA, GOLDEN_DATASETS, golden_rows, requires_shared, shared

from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read import read_graphs
from amrmetrics.standardize.s2match_reference import collapse_parallel

DATASETS = {name: (f"data/{test}", f"data/{gold}") for name, (test, gold) in GOLDEN_DATASETS.items()}
EQUAL = 1e-6
"""The golden match has 6 decimals."""


def reference_misses(dataset: str) -> set[int]:
    """Pairs where the reference's search provably stops below the optimum of its own objective."""
    return set(json.loads((DATA / "s2match-reference-misses.json").read_text(encoding="utf-8"))[dataset])


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
@pytest.mark.parametrize("dataset", list(DATASETS))
def test_compat_equals_the_reference_wherever_its_search_reaches_the_optimum(dataset: str) -> None:
    ours, ref, metric = run(dataset, "s2match:compat=yes")
    misses = reference_misses(dataset)
    assert len(ours) == len(ref) and misses <= set(range(len(ref)))
    reached = np.array([i not in misses for i in range(len(ref))])
    off = np.nonzero(reached & (np.abs(ours[:, 0] - ref[:, 0]) > EQUAL))[0]
    assert not len(off), f"{dataset}: pairs {off[:10]} differ from the reference where its search reaches the optimum"
    assert np.all(ours[~reached, 0] > ref[~reached, 0] + EQUAL)
    golden_f = np.array([float(r["f1"]) for r in golden_rows(shared(f"golden/{dataset}/s2match-glove50.tsv"))])
    assert np.allclose(metric.scores(ours[reached])["F"], golden_f[reached], rtol=0, atol=1e-5)


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
