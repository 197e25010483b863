"""Per-pair output: one row per scored pair, as TSV or (by extension ``.jsonl``) JSON lines.

Full precision; pair and graph numbers are 1-based like every error message.
"""

from __future__ import annotations

import csv
import json
import os
from collections.abc import Iterator
from typing import Any

import numpy as np

from amrmetrics.engine.run import CorpusRun


def _scalar_details(details: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in details.items() if isinstance(v, (int, float, str, bool)) or v is None}


def pair_dicts(run: CorpusRun) -> Iterator[dict[str, Any]]:
    """One JSON-ready dict per pair, with every metric's statistics, scores and details."""
    for record in run.records:
        entry: dict[str, Any] = {
            "pair": record.index + 1,
            "test_graph": record.test_number,
            "gold_graph": record.gold_number,
            "test_id": record.test_id,
            "gold_id": record.gold_id,
            "zeroed": list(record.zeroed),
            "metrics": {},
        }
        for metric, result, seconds in zip(run.metrics, record.results, record.seconds):
            scores = metric.scores(np.asarray(result.stats, dtype=np.float64))
            entry["metrics"][metric.spec()] = {
                "stats": dict(zip(metric.stat_names, result.stats)),
                "scores": {k: float(v) for k, v in scores.items()},
                "seconds": seconds,
                **dict(result.details),
            }
        yield entry


def write_per_pair(path: str | os.PathLike[str], run: CorpusRun) -> None:
    """Write per-pair results: JSON lines for ``*.jsonl``/``*.json``, else TSV."""
    name = os.fspath(path)
    with open(name, "w", encoding="utf-8", newline="") as handle:
        if name.endswith((".jsonl", ".json")):
            for entry in pair_dicts(run):
                handle.write(json.dumps(entry, ensure_ascii=False) + "\n")
            return
        writer = csv.writer(handle, delimiter="\t", lineterminator="\n")
        header: list[str] | None = None
        for entry in pair_dicts(run):
            row = {k: entry[k] for k in ("pair", "test_graph", "gold_graph", "test_id", "gold_id")}
            row["zeroed"] = ",".join(entry["zeroed"]) or "-"
            for spec, m in entry["metrics"].items():
                for group in ("stats", "scores"):
                    for k, v in m[group].items():
                        row[f"{spec}.{k}"] = v
                for k, v in _scalar_details(m).items():
                    row[f"{spec}.{k}"] = v
            if header is None:
                header = list(row)
                writer.writerow(header)
            writer.writerow(["" if row.get(h) is None else _cell(row.get(h)) for h in header])


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return repr(value)
    return str(value)
