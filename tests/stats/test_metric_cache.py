"""A metric's cache is declared once in the Metric base: built once, never compared, process-local entries stay home."""

from __future__ import annotations

import pickle

from amrmetrics.metrics.sembleu import SemBLEU
from amrmetrics.metrics.smatch import Smatch


def test_an_entry_is_built_once_and_does_not_change_equality() -> None:
    metric, calls = SemBLEU(), []
    first = metric.cached("x", lambda: calls.append(1) or [1, 2])
    assert metric.cached("x", lambda: calls.append(1) or [3]) is first and calls == [1]
    assert metric == SemBLEU() and hash(metric) == hash(SemBLEU())


def test_pickling_keeps_shared_entries_and_drops_process_local_ones() -> None:
    metric = Smatch()
    solver = metric._solver()
    metric.cached("announced", lambda: {"words"})
    copy = pickle.loads(pickle.dumps(metric))
    assert copy.cached("announced", set) == {"words"}
    assert copy._solver() is not solver and metric._solver() is solver
    assert "solver" in Smatch.process_local


def test_set_cached_replaces_an_entry() -> None:
    metric = SemBLEU()
    metric.cached("k", lambda: 1)
    metric.set_cached("k", 2)
    assert metric.cached("k", lambda: 3) == 2
