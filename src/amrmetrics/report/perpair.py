"""Per-pair output: one row per scored pair, as TSV or (by extension ``.jsonl``) JSON lines.

Rows are written as the pairs are scored (nothing per pair stays in memory), to a temporary file
beside the target that replaces it once the run succeeds. Full precision; pair and graph numbers
are 1-based like every error message. The same run writes the same bytes: wall-clock times (each
metric's ``seconds`` and any detail named ``*seconds``) only with ``timings``, and a statistic or
detail that is a whole number is written as an integer (``12``, not ``12.0``; scores stay
fractions).
"""

from __future__ import annotations

import csv
import json
import os
import stat
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import IO, Any

import numpy as np

from amrmetrics.engine.run import PairRecord
from amrmetrics.metrics.base import Metric


def _plain(value: Any, timings: bool) -> Any:
    """Whole floats as ints, and (without ``timings``) no ``*seconds`` keys, through nested dicts."""
    if isinstance(value, dict):
        return {k: _plain(v, timings) for k, v in value.items() if timings or not str(k).endswith("seconds")}
    if isinstance(value, (float, np.floating)) and float(value).is_integer():
        return int(value)
    if isinstance(value, np.integer):
        return int(value)
    return value


def pair_entry(record: PairRecord, metrics: Sequence[Metric], timings: bool = False) -> dict[str, Any]:
    """One JSON-ready dict for a pair, with every metric's statistics, scores and details."""
    entry: dict[str, Any] = {
        "pair": record.index + 1,
        "test_graph": record.test_number,
        "gold_graph": record.gold_number,
        "test_id": record.test_id,
        "gold_id": record.gold_id,
        "zeroed": list(record.zeroed),
        "metrics": {},
    }
    for metric, result, seconds in zip(metrics, record.results, record.seconds):
        scores = metric.scores(np.asarray(result.stats, dtype=np.float64))
        entry["metrics"][metric.spec()] = {
            "stats": _plain(dict(zip(metric.stat_names, result.stats)), timings),
            "scores": {k: float(v) for k, v in scores.items()},
            **({"seconds": seconds} if timings else {}),
            **_plain(dict(result.details), timings),
        }
    return entry


class _Writer:
    """Writes the entries of one file, as JSON lines or as TSV (header from the first entry)."""

    def __init__(self, handle: IO[str], metrics: Sequence[Metric], jsonl: bool, timings: bool) -> None:
        self.handle, self.metrics, self.jsonl, self.timings = handle, metrics, jsonl, timings
        self.tsv = csv.writer(handle, delimiter="\t", lineterminator="\n")
        self.header: list[str] | None = None

    def write(self, record: PairRecord) -> None:
        entry = pair_entry(record, self.metrics, self.timings)
        if self.jsonl:
            self.handle.write(json.dumps(entry, ensure_ascii=False) + "\n")
            return
        row = {k: entry[k] for k in ("pair", "test_graph", "gold_graph", "test_id", "gold_id")}
        row["zeroed"] = ",".join(entry["zeroed"]) or "-"
        for spec, m in entry["metrics"].items():
            for k, v in m.items():
                if k in ("stats", "scores"):
                    row.update((f"{spec}.{name}", x) for name, x in v.items())
                elif isinstance(v, (int, float, str, bool)) or v is None:
                    row[f"{spec}.{k}"] = v
        if self.header is None:
            self.header = list(row)
            self.tsv.writerow(self.header)
        self.tsv.writerow(["" if row.get(h) is None else _cell(row.get(h)) for h in self.header])


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return repr(value)
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
    name = os.fspath(path)
    direct = os.path.exists(name) and not stat.S_ISREG(os.stat(name).st_mode)
    folder, base = os.path.split(os.path.abspath(name))
    partial = name if direct else os.path.join(folder, f".{base}.{os.getpid()}.partial")
    jsonl = name.endswith((".jsonl", ".json"))
    try:
        with open(partial, "w" if direct else "x", encoding="utf-8", newline="") as handle:
            yield _Writer(handle, metrics, jsonl, timings).write
        if not direct:
            os.replace(partial, name)
    finally:
        if not direct and os.path.exists(partial):
            os.remove(partial)
