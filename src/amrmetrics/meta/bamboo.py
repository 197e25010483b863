"""The BAMBOO benchmark (Opitz, Daza & Frank 2021): 12 columns of agreement with human similarity.

Layout of a BAMBOO directory, for a split such as ``test`` or ``dev``::

    {sts,sick,para}/orig.<split>.txt                       human scores (and sentences)
    {sts,sick,para}/{main,reify,syno,role_confusion}/src.<split>.amr, tgt.<split>.amr

Every graph pair is scored with ``tgt`` as the first (test) graph and ``src`` as the second (gold)
graph, one score per graph including the header and dummy graphs, as the benchmark's evaluator
expects. Then, as that evaluator does: STS's last graph (a dummy) and SICK's and PARA's first
(header) and last (dummy) graphs are dropped; human scores are STS column 4, SICK column 3 and
PARA column 0 (the last two after a header line), min-max normalised. main, reify and syno
columns are Pearson's r; role_confusion has no header and no dummy, graph 2i is a role-swapped
foil of graph 2i+1, and a pair is correct only when score(2i) < score(2i+1) (ties are wrong).
The ranking key is the arithmetic mean of the 12 columns.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from amrmetrics.engine.signature import RunSettings, signature
from amrmetrics.meta.correlation import pearson
from amrmetrics.meta.scoring import Progress, read_entries, score_entries
from amrmetrics.meta.similarity import normalise, read_human_scores
from amrmetrics.metrics.base import Metric
from amrmetrics.read import CorpusError, Entry, OnError
from amrmetrics.report.jsonable import json_safe


@dataclass(frozen=True)
class Task:
    """One BAMBOO data set: where its human score is and whether its files carry a header."""

    name: str
    label: str
    column: int
    """0-based tab-separated column of the human score in ``orig.<split>.txt``."""
    header: bool
    """True when ``orig.<split>.txt`` has a header line and the graph files a header graph."""


TASKS: tuple[Task, ...] = (Task("sts", "STS", 4, False), Task("sick", "SICK", 3, True), Task("para", "PARA", 0, True))
SUBSETS: tuple[str, ...] = ("main", "reify", "syno", "role_confusion")
_SUFFIX = {"main": "", "reify": "(reify)", "syno": "(Syno)", "role_confusion": "(role)"}
COLUMNS: tuple[tuple[Task, str], ...] = tuple((task, subset) for subset in SUBSETS for task in TASKS)
"""The 12 columns in the published table's order: main, reify, syno, role, each STS/SICK/PARA."""


def column_label(task: Task, subset: str) -> str:
    """The published column name, e.g. ``STS``, ``SICK(reify)``, ``PARA(role)``."""
    return task.label + _SUFFIX[subset]


def _require(path: str) -> str:
    if not os.path.isfile(path):
        raise CorpusError(f"{path}: no such file (expected the BAMBOO layout: <task>/<subset>/src|tgt.<split>.amr)")
    return path


def human_scores(directory: str, task: Task, split: str) -> np.ndarray:
    """The task's human scores, min-max normalised to [0, 1] (header line skipped where there is one)."""
    path = _require(os.path.join(directory, task.name, f"orig.{split}.txt"))
    return normalise(read_human_scores(path, column=task.column, header=task.header))


def evaluated_scores(task: Task, subset: str, scores: np.ndarray, expected: int | None) -> np.ndarray:
    """Drop the header and dummy graphs' scores (not in role_confusion) and check the count."""
    if subset == "role_confusion":
        if len(scores) % 2:
            raise CorpusError(f"{task.name}/{subset}: {len(scores)} graph pairs, expected an even number (foil, original)")
        return scores
    kept = scores[1:-1] if task.header else scores[:-1]
    if expected is not None and len(kept) != expected:
        extra = "a header graph and a dummy graph" if task.header else "a dummy graph"
        raise CorpusError(
            f"{task.name}/{subset}: {len(scores)} graph pairs but {expected} human scores "
            f"(expected {expected} pairs plus {extra})"
        )
    return kept


def role_confusion_accuracy(scores: np.ndarray) -> float:
    """Share of (foil, original) pairs (graphs 2i, 2i+1) where the foil scores strictly lower."""
    scores = np.asarray(scores, dtype=np.float64)
    if not len(scores):
        return float("nan")
    return float(np.mean(scores[0::2] < scores[1::2]))


@dataclass(frozen=True)
class BambooResult:
    """One row of 12 columns (fractions) plus their arithmetic mean per metric."""

    split: str
    specs: list[str]
    signatures: list[str]
    columns: list[str]
    values: np.ndarray
    """``(metrics, 12)``: Pearson's r (main, reify, syno) or accuracy (role), as fractions."""
    pairs: list[int]
    """Evaluated pairs per column (role: foil/original pairs)."""

    @property
    def mean(self) -> np.ndarray:
        """Arithmetic mean of the 12 columns per metric (the benchmark's ranking key)."""
        return self.values.mean(axis=1) if self.values.size else np.zeros(len(self.specs))

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form (fractions)."""
        return {
            "split": self.split,
            "columns": self.columns,
            "pairs": dict(zip(self.columns, self.pairs)),
            "metrics": [
                {
                    "metric": spec,
                    "signature": self.signatures[k],
                    "scores": {c: json_safe(v) for c, v in zip(self.columns, self.values[k])},
                    "amean": json_safe(self.mean[k]),
                }
                for k, spec in enumerate(self.specs)
            ],
        }


def run_bamboo(
    directory: str,
    metrics: Sequence[Metric],
    *,
    split: str = "test",
    on_error: OnError = "fail",
    jobs: int = 1,
    progress: Progress | None = None,
) -> BambooResult:
    """Run every metric on the 12 BAMBOO corpora of ``split`` under ``directory`` (one engine run).

    Every file is read and every graph count checked before anything is scored.
    """
    humans = {task.name: human_scores(directory, task, split) for task in TASKS}
    pairs: list[tuple[Entry, Entry]] = []
    parts: list[slice] = []
    for task, subset in COLUMNS:
        folder = os.path.join(directory, task.name, subset)
        tgt = read_entries(_require(os.path.join(folder, f"tgt.{split}.amr")))
        src = read_entries(_require(os.path.join(folder, f"src.{split}.amr")))
        if len(tgt) != len(src):
            raise CorpusError(f"{folder}: tgt.{split}.amr has {len(tgt)} graphs but src.{split}.amr has {len(src)}")
        expected = None if subset == "role_confusion" else len(humans[task.name])
        evaluated_scores(task, subset, np.zeros(len(tgt)), expected)
        parts.append(slice(len(pairs), len(pairs) + len(tgt)))
        pairs.extend(zip(tgt, src))
    advance = progress(f"BAMBOO {split}", len(pairs)) if progress else None
    scored = score_entries(pairs, metrics, on_error=on_error, jobs=jobs, progress=advance)
    values = np.zeros((len(metrics), len(COLUMNS)))
    counts = []
    for c, (task, subset) in enumerate(COLUMNS):
        human = None if subset == "role_confusion" else humans[task.name]
        for k in range(len(metrics)):
            kept = evaluated_scores(task, subset, scored.scores[k, parts[c]], None if human is None else len(human))
            values[k, c] = role_confusion_accuracy(kept) if human is None else pearson(kept, human)
        counts.append((parts[c].stop - parts[c].start) // 2 if human is None else len(human))
    zeroed = scored.run.zeroed
    settings = RunSettings(on_error=on_error, affected=zeroed)
    return BambooResult(
        split=split,
        specs=[m.spec() for m in metrics],
        signatures=[signature(m, settings) for m in metrics],
        columns=[column_label(t, s) for t, s in COLUMNS],
        values=values,
        pairs=counts,
    )
