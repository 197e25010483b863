"""Score lists of (test, gold) graphs with the corpus engine and keep one headline score per pair.

Every meta-evaluation needs the same thing from the metrics: a score per pair, in pair order, for
pairs it builds itself (swapped, interleaved, corrupted). This module turns graphs into
:class:`~amrmetrics.read.Pair` objects, runs :func:`amrmetrics.engine.corpus.run_entries` (so every
registered metric works, in any number of processes) and reads the headline scores back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from amrmetrics.engine.corpus import RunOptions, run_entries
from amrmetrics.engine.run import CorpusRun
from amrmetrics.graph import Graph
from amrmetrics.metrics.base import Metric
from amrmetrics.read import CorpusError, Entry, OnError, format_errors, iter_entries

Progress = Callable[[str, int], "Callable[[int], None] | None"]
"""``progress(label, total)`` starts a stage of ``total`` pairs and may return a callback advanced
with the number of pairs just finished (the command line shows a bar per stage)."""

META_ON_ERROR: tuple[str, ...] = ("fail", "zero")
"""Error policies that keep every pair (``skip`` would shift the pairs against the labels)."""


@dataclass(frozen=True)
class Scored:
    """Per-pair headline scores of several metrics over one list of pairs, plus the run itself."""

    run: CorpusRun
    scores: np.ndarray
    """``(metrics, pairs)`` headline scores (fractions), in pair order."""

    def stats(self, k: int) -> np.ndarray:
        """The ``(pairs, statistics)`` matrix of metric ``k``, in pair order."""
        return self.run.stats(k)


def read_entries(path: str) -> list[Entry]:
    """Every graph position of a file (bad graphs kept as entries with an error)."""
    return list(iter_entries(path))


def score_entries(
    pairs: Sequence[tuple[Entry, Entry]],
    metrics: Sequence[Metric],
    *,
    on_error: OnError = "fail",
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Scored:
    """Score ``(test, gold)`` entry pairs with every metric; one headline score per pair and metric."""
    if on_error not in META_ON_ERROR:
        raise ValueError(f"on_error must be one of {', '.join(META_ON_ERROR)} here (skip would misalign pairs)")
    run = run_entries(pairs, metrics, RunOptions(on_error=on_error, jobs=jobs), progress)
    run.records.sort(key=lambda r: r.index)
    if [r.index for r in run.records] != list(range(len(pairs))):
        raise CorpusError(format_errors(run.errors) if run.errors else "some pairs were not scored")
    scores = np.zeros((len(run.metrics), len(pairs)))
    for k, metric in enumerate(run.metrics):
        if pairs:
            scores[k] = metric.scores(run.stats(k))[metric.headline]
    return Scored(run, scores)


def score_graphs(
    pairs: Sequence[tuple[Graph, Graph]],
    metrics: Sequence[Metric],
    *,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Scored:
    """Score in-memory ``(test, gold)`` graph pairs (they are well formed by construction)."""
    entries = [(Entry(2 * k + 1, 0, t), Entry(2 * k + 2, 0, g)) for k, (t, g) in enumerate(pairs)]
    return score_entries(entries, metrics, jobs=jobs, progress=progress)
