"""Per-pair output: one row per scored pair, as TSV or (by extension ``.jsonl``) JSON lines.

Rows are written as the pairs are scored (nothing per pair stays in memory), to a temporary file
beside the target that replaces it once the run succeeds (:func:`amrmetrics.writing.output_file`).
Full precision, and strict JSON (a score that does not exist is ``null``, as in ``--format json``); pair and graph numbers
are 1-based like every error message. The same run writes the same bytes: wall-clock times (each
metric's ``seconds`` and any detail named ``*seconds``) only with ``timings``, and a statistic or
detail that is a whole number is written as an integer (``12``, not ``12.0``; scores stay
fractions).
"""

from __future__ import annotations

import csv
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import IO, Any

import numpy as np

from amrmetrics.engine.run import PairRecord
from amrmetrics.metrics.base import Metric, PairResult
from amrmetrics.report.jsonable import dumps
from amrmetrics.writing import output_file


def _whole(value: Any) -> Any:
    """A whole float (numpy's too) or a numpy integer as a Python int; anything else as it is."""
    if isinstance(value, (float, np.floating)) and float(value).is_integer():
        return int(value)
    if isinstance(value, np.integer):
        return int(value)
    return value


def _plain(value: Any, timings: bool) -> Any:
    """Whole floats as ints, and (without ``timings``) no ``*seconds`` keys, through nested dicts."""
    if isinstance(value, dict):
        return {k: _plain(v, timings) for k, v in value.items() if timings or not str(k).endswith("seconds")}
    return _whole(value)


HEAD_COLUMNS = ("pair", "test_graph", "gold_graph", "test_id", "gold_id")
"""The columns every row starts with (:func:`_head`)."""


def _head(record: PairRecord) -> dict[str, Any]:
    """Where a pair comes from: the columns every row starts with."""
    return {
        "pair": record.index + 1,
        "test_graph": record.test_number,
        "gold_graph": record.gold_number,
        "test_id": record.test_id,
        "gold_id": record.gold_id,
    }


def _pair_scores(metric: Metric, result: PairResult) -> dict[str, float]:
    """One pair's scores, as Python floats."""
    return {k: float(v) for k, v in metric.scores(np.asarray(result.stats, dtype=np.float64)).items()}


def pair_entry(
    record: PairRecord, metrics: Sequence[Metric], timings: bool = False, specs: Sequence[str] | None = None
) -> dict[str, Any]:
    """One JSON-ready dict for a pair, with every metric's statistics, scores and details
    (``specs``: the metrics' :meth:`~Metric.spec`, when the caller has them already)."""
    entry: dict[str, Any] = {**_head(record), "zeroed": list(record.zeroed), "metrics": {}}
    for spec, metric, result, seconds in zip(specs or [m.spec() for m in metrics], metrics, record.results, record.seconds):
        entry["metrics"][spec] = {
            "stats": _plain(dict(zip(metric.stat_names, result.stats)), timings),
            "scores": _pair_scores(metric, result),
            **({"seconds": seconds} if timings else {}),
            **_plain(dict(result.details), timings),
        }
    return entry


_SCALARS = (int, float, str, bool)


class _Writer:
    """Writes the entries of one file, as JSON lines or as TSV (header from the first entry)."""

    def __init__(self, handle: IO[str], metrics: Sequence[Metric], jsonl: bool, timings: bool) -> None:
        self.handle, self.metrics, self.jsonl, self.timings = handle, metrics, jsonl, timings
        self.specs = [m.spec() for m in metrics]
        self.tsv = csv.writer(handle, delimiter="\t", lineterminator="\n")
        self.header: list[str] | None = None
        self._names: dict[tuple[int, str], str] = {}

    def write(self, record: PairRecord) -> None:
        if self.jsonl:
            entry = pair_entry(record, self.metrics, self.timings, self.specs)
            self.handle.write(dumps(entry, ensure_ascii=False) + "\n")
            return
        row = self._row(record)
        if self.header is None:
            self.header = list(row)
            self.tsv.writerow(self.header)
        self.tsv.writerow(["" if row.get(h) is None else _cell(row.get(h)) for h in self.header])

    def finish(self) -> None:
        """After the last pair: a TSV file of no pairs still gets its header, the columns every
        row has (each metric's details come with its rows); JSON lines have no header."""
        if self.jsonl or self.header is not None:
            return
        header = dict.fromkeys([*HEAD_COLUMNS, "zeroed"])  # a name both a statistic and a score is one column
        for k, metric in enumerate(self.metrics):
            header.update(dict.fromkeys(self._column(k, name) for name in (*metric.stat_names, *metric.score_names)))
            if self.timings:
                header[self._column(k, "seconds")] = None
        self.tsv.writerow(list(header))

    def _column(self, k: int, name: str) -> str:
        """``spec.name`` for metric ``k`` (made once per run)."""
        column = self._names.get((k, name))
        if column is None:
            column = self._names[(k, name)] = f"{self.specs[k]}.{name}"
        return column

    def _row(self, record: PairRecord) -> dict[str, Any]:
        """The TSV columns of a pair: what :func:`pair_entry` holds, flat, without nested details."""
        row = _head(record)
        row["zeroed"] = ",".join(record.zeroed) or "-"
        column = self._column
        for k, (metric, result, seconds) in enumerate(zip(self.metrics, record.results, record.seconds)):
            row.update((column(k, name), _whole(x)) for name, x in zip(metric.stat_names, result.stats))
            row.update((column(k, name), x) for name, x in _pair_scores(metric, result).items())
            if self.timings:
                row[column(k, "seconds")] = seconds
            for name, value in result.details.items():
                if self.timings or not str(name).endswith("seconds"):
                    value = _whole(value)
                    if isinstance(value, _SCALARS) or value is None:
                        row[column(k, name)] = value
        return row


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return repr(float(value))
    return str(value)


@contextmanager
def per_pair_file(
    path: str | os.PathLike[str], metrics: Sequence[Metric], timings: bool = False
) -> Iterator[Callable[[PairRecord], None]]:
    """Yield a callback that writes one pair's row: JSON lines for ``*.jsonl``/``*.json``, else TSV.

    Rows go to a temporary file in the target's directory, renamed over ``path`` when the block
    ends normally and removed when it raises (so a failed run leaves any earlier file as it was).
    A target that is not a regular file (``/dev/stdout``, a pipe) is written directly.
    """
    jsonl = os.fspath(path).endswith((".jsonl", ".json"))
    with output_file(path, newline="") as handle:
        writer = _Writer(handle, metrics, jsonl, timings)
        yield writer.write
        writer.finish()
