"""A TSV row is the pair's JSON entry, flattened: statistics, scores, timings when asked and the
scalar details, in that order, with whole numbers (numpy's too) as integers. The row is built
straight from the record, so the flattening of :func:`pair_entry` is the oracle here."""

from __future__ import annotations

import csv
import io
from typing import Any

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from amrmetrics.engine.run import PairRecord
from amrmetrics.metrics.base import PairResult
from amrmetrics.metrics.simple import Simple
from amrmetrics.metrics.smatch import Smatch
from amrmetrics.report.perpair import _Writer, pair_entry

METRICS = [Smatch(), Simple()]
SCALAR = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 5), st.text("ab", max_size=2),
    st.floats(-4, 4).map(lambda x: round(x * 4) / 4),  # whole and fractional
    st.integers(-5, 5).map(np.int64), st.sampled_from([np.float64(0.5), np.float64(2.0)]),
)
KEYS = st.sampled_from(["status", "lower", "solve_seconds", "total_seconds", "gap", "bound", 7])
"""Detail names as metrics give them, and a number (``seconds`` alone is the writer's timing column, no detail's)."""
DETAILS = st.dictionaries(KEYS, st.one_of(SCALAR, st.dictionaries(KEYS, SCALAR, max_size=2), st.lists(SCALAR, max_size=2)), max_size=4)
COUNTS = st.tuples(*[st.integers(0, 6).map(float)] * 4)


def flattened(entry: dict[str, Any]) -> dict[str, Any]:
    """The TSV columns of a JSON entry: nested statistics and scores flat, scalar details only."""
    row = {k: entry[k] for k in ("pair", "test_graph", "gold_graph", "test_id", "gold_id")}
    row["zeroed"] = ",".join(entry["zeroed"]) or "-"
    for spec, fields in entry["metrics"].items():
        for key, value in fields.items():
            if key in ("stats", "scores"):
                row.update((f"{spec}.{name}", x) for name, x in value.items())
            elif value is None or isinstance(value, (int, float, str, bool)):
                row[f"{spec}.{key}"] = value
    return row


@given(COUNTS, DETAILS, DETAILS, st.booleans(), st.sampled_from([(), ("test",), ("test", "gold")]))
def test_a_row_is_the_flattened_entry(counts, smatch_details, simple_details, timings, zeroed):
    matched, n_test, n_gold, _ = counts
    results = (
        PairResult((min(matched, n_test, n_gold), n_test, n_gold, n_gold), smatch_details),
        PairResult((min(matched, n_test), max(matched, n_test)), simple_details),
    )
    record = PairRecord(4, 5, 6, "t", None, zeroed, results, (0.25, 0.5))
    writer = _Writer(io.StringIO(), METRICS, jsonl=False, timings=timings)
    row = writer._row(record)
    expected = flattened(pair_entry(record, METRICS, timings))
    assert row == expected
    assert list(row) == list(expected)
    assert [type(v) for v in row.values()] == [type(v) for v in expected.values()]


def test_numpy_details_are_written_as_plain_numbers():
    """A fractional numpy float is written as Python writes the float (not ``np.float64(0.5)``), a
    whole one and a numpy integer as integers."""
    details = {"gap": np.float64(0.5), "nodes": np.float64(3.0), "count": np.int64(7)}
    record = PairRecord(0, 1, 1, None, None, (), (PairResult((1.0, 2.0, 2.0, 1.0), details),), (0.1,))
    out = io.StringIO()
    writer = _Writer(out, [Smatch()], jsonl=False, timings=False)
    writer.write(record)
    writer.write(record)
    rows = list(csv.DictReader(io.StringIO(out.getvalue()), delimiter="\t"))
    assert [(r["smatch.gap"], r["smatch.nodes"], r["smatch.count"], r["smatch.F"]) for r in rows] == [("0.5", "3", "7", "0.5")] * 2


def test_later_rows_follow_the_first_rows_columns():
    """The header comes from the first pair: a detail only a later pair has is not a column, and one
    it lacks is an empty cell."""
    first = PairRecord(0, 1, 1, None, None, (), (PairResult((1.0, 1.0), {"a": 1}),), (0.1,))
    second = PairRecord(1, 2, 2, None, None, (), (PairResult((0.0, 1.0), {"b": 2}),), (0.1,))
    out = io.StringIO()
    writer = _Writer(out, [Simple()], jsonl=False, timings=False)
    writer.write(first)
    writer.write(second)
    assert out.getvalue().splitlines() == [
        "pair\ttest_graph\tgold_graph\ttest_id\tgold_id\tzeroed\tsimple.intersection\tsimple.union\tsimple.score\tsimple.a",
        "1\t1\t1\t\t\t-\t1\t1\t1.0\t1",
        "2\t2\t2\t\t\t-\t0\t1\t0.0\t",
    ]
