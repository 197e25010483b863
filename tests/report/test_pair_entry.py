"""One pair's JSON entry by hand: whole numbers as ints (numpy's too), timings only when asked,
also inside nested details, and the default is no timings."""

from __future__ import annotations

import numpy as np

from amrmetrics.engine.run import PairRecord
from amrmetrics.metrics.base import PairResult
from amrmetrics.metrics.smatch import Smatch
from amrmetrics.report.perpair import pair_entry

DETAILS = {"solver": "exact", "align": {"solve_seconds": 0.25, "nodes": 3.0}, "total_seconds": 1.5, "count": np.int64(7)}
RECORD = PairRecord(0, 1, 2, "a", None, (), (PairResult((3.0, 4.0, 5.0, 3.0), DETAILS),), (0.5,))
HEAD = {"pair": 1, "test_graph": 1, "gold_graph": 2, "test_id": "a", "gold_id": None, "zeroed": []}
STATS = {"matched": 3, "n_test": 4, "n_gold": 5, "upper": 3}
SCORES = {"P": 0.75, "R": 0.6, "F": 2 * 0.75 * 0.6 / (0.75 + 0.6)}  # 3/4, 3/5, 2PR/(P+R)


def test_without_timings_every_seconds_key_is_left_out_at_any_depth():
    entry = pair_entry(RECORD, [Smatch()])
    assert entry == {**HEAD, "metrics": {"smatch": {"stats": STATS, "scores": SCORES, "solver": "exact", "align": {"nodes": 3}, "count": 7}}}
    assert entry == pair_entry(RECORD, [Smatch()], timings=False)


def test_with_timings_they_are_kept_at_any_depth():
    entry = pair_entry(RECORD, [Smatch()], timings=True)
    expected = {"stats": STATS, "scores": SCORES, "seconds": 0.5, "solver": "exact",
                "align": {"solve_seconds": 0.25, "nodes": 3}, "total_seconds": 1.5, "count": 7}
    assert entry == {**HEAD, "metrics": {"smatch": expected}}


def test_whole_numbers_become_python_ints():
    metric = pair_entry(RECORD, [Smatch()])["metrics"]["smatch"]
    assert [type(metric["stats"][k]) for k in STATS] == [int] * 4
    assert type(metric["count"]) is int and type(metric["align"]["nodes"]) is int
    assert [type(v) for v in metric["scores"].values()] == [float] * 3
