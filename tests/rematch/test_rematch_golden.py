"""Golden parity: rematch:compat=yes against the reference's scores on every pair of the five datasets.

``rematch-noclass.tsv`` is the reference run without concept classes; ``rematch.tsv`` used its
PropBank → VerbAtlas table, which is not distributed with amrmetrics: that test runs only when
``AMRMETRICS_REMATCH_CLASSES`` names a copy of the table. The default mode differs from the
reference only on pairs the golden README lists as affected by a quirk the default fixes.
"""

from __future__ import annotations

import os
from functools import lru_cache

import numpy as np
import pytest
from conftest import golden_rows, requires_shared, shared

from amrmetrics.graph import Graph
from amrmetrics.metrics.rematch import Rematch
from amrmetrics.read import read_graphs

pytestmark = requires_shared

DATASETS = {
    "littleprince": ("littleprince-parses/candidates.amr", "littleprince-parses/references.amr"),
    **{d: (f"{d}/src.dev.amr", f"{d}/tgt.dev.amr") for d in ("bamboo/sts/main", "bamboo/sick/main", "bamboo/para/main", "bamboo/sts/role_confusion")},
}
CLASSES = os.environ.get("AMRMETRICS_REMATCH_CLASSES")
MOD_CONSTANT = {
    "littleprince": {368},
    "bamboo/sts/main": {655, 864, 872, 961},
    "bamboo/sick/main": set(),
    "bamboo/para/main": {282},
    "bamboo/sts/role_confusion": set(),
}
"""Pairs README-rematch.md lists as losing a ``:mod <number>`` in the reference (a motif pair the default keeps)."""
DOCUMENTED = {
    "littleprince": {368},
    "bamboo/sts/main": {655, 864, 872, 961} | {1021, 1034, 1140, 1162, 1165, 1202, 1229} | {1167},
    "bamboo/sick/main": set(),
    "bamboo/para/main": {282} | {81, 115, 261} | {110, 112, 152, 279},
    "bamboo/sts/role_confusion": {68, 69},
}
"""Pairs README-rematch.md lists under ``:mod <number>`` dropped, ``:mod-of`` and multi-word strings."""


@lru_cache(maxsize=None)
def sides(dataset: str) -> tuple[list[Graph], list[Graph]]:
    """(test graphs, gold graphs) of a dataset."""
    test, gold = (read_graphs(shared("data", path)) for path in DATASETS[dataset])
    return test, gold


def scores(metric: Rematch, dataset: str) -> np.ndarray:
    test, gold = sides(dataset)
    stats = np.array([metric.pair(metric.prepare(a), metric.prepare(b)).stats for a, b in zip(test, gold)])
    return metric.scores(stats)["score"]


def expected(dataset: str, name: str) -> np.ndarray:
    return np.array([float(row["rematch"]) for row in golden_rows(shared("golden", dataset, name))])


@pytest.mark.parametrize("dataset", DATASETS)
def test_compat_equals_the_reference_without_classes_on_every_pair(dataset: str) -> None:
    got, want = scores(Rematch(compat=True), dataset), expected(dataset, "rematch-noclass.tsv")
    assert len(got) == len(want)
    assert np.max(np.abs(got - want)) <= 1e-12


@pytest.mark.skipif(not CLASSES, reason="set AMRMETRICS_REMATCH_CLASSES to the reference's pb2va.json (not distributed)")
@pytest.mark.parametrize("dataset", DATASETS)
def test_compat_with_the_class_table_equals_the_reference_on_every_pair(dataset: str) -> None:
    got, want = scores(Rematch(compat=True, classes=CLASSES), dataset), expected(dataset, "rematch.tsv")
    assert len(got) == len(want)
    assert np.max(np.abs(got - want)) <= 1e-12


@pytest.mark.parametrize("dataset", DATASETS)
def test_the_default_differs_only_on_pairs_with_a_documented_quirk(dataset: str) -> None:
    got, want = scores(Rematch(), dataset), expected(dataset, "rematch-noclass.tsv")
    differ = set(np.flatnonzero(np.abs(got - want) > 1e-12).tolist())
    assert MOD_CONSTANT[dataset] <= differ <= DOCUMENTED[dataset]
