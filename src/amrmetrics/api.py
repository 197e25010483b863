"""The Python API: the same defaults as the command line, no global state.

>>> import amrmetrics
>>> amrmetrics.smatch("(a / cat)", "(b / cat)").F
1.0
>>> from pathlib import Path
>>> result = amrmetrics.score(Path("pred.amr"), Path("gold.amr"), metrics="smatch,sembleu")  # doctest: +SKIP
>>> result["smatch"].micro["F"]  # doctest: +SKIP
>>> amrmetrics.compare(Path("a.amr"), Path("b.amr"), Path("gold.amr"))["smatch"].diff["micro"]["F"]  # doctest: +SKIP

A pair is given as two PENMAN strings or two graphs; a corpus as two files (``pathlib.Path``)
or two sequences of strings/graphs. Each call builds its own metric objects (and solvers), so
nothing is shared between calls.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from amrmetrics.defaults import DEFAULT_SEED
from amrmetrics.engine.corpus import RunOptions, compare_corpora, score_corpora
from amrmetrics.engine.run import score_pair
from amrmetrics.engine.sources import CorpusLike, GraphLike, to_graph
from amrmetrics.explain.build import explain_corpora, explain_systems, explained_metric
from amrmetrics.explain.model import Explanation
from amrmetrics.metrics.base import Metric
from amrmetrics.metrics.registry import build_metric, parse_metrics
from amrmetrics.read import OnError
from amrmetrics.stats.aggregate import MetricReport
from amrmetrics.stats.bootstrap import DEFAULT_RESAMPLES
from amrmetrics.stats.significance import DEFAULT_TRIALS, Comparison

__all__ = [
    "CorpusLike",
    "CorpusScore",
    "GraphLike",
    "PairScore",
    "compare",
    "explain",
    "score",
    "score_corpus",
    "smatch",
    "to_graph",
]


@dataclass(frozen=True)
class PairScore:
    """One metric's result on one pair: scores (fractions), statistics and details."""

    metric: str
    scores: dict[str, float]
    stats: dict[str, float]
    details: Mapping[str, Any] = field(default_factory=dict)

    def __getattr__(self, name: str) -> float:
        scores = self.__dict__.get("scores", {})
        if name in scores:
            return scores[name]
        raise AttributeError(name)


@dataclass(frozen=True)
class CorpusScore:
    """One metric's corpus result: the report (micro, macro, signature) and every pair's score."""

    report: MetricReport
    pairs: list[PairScore]

    @property
    def micro(self) -> dict[str, float]:
        """Scores of the pooled statistics."""
        return self.report.micro

    @property
    def macro(self) -> dict[str, float]:
        """Mean of the pair scores."""
        return self.report.macro

    @property
    def signature(self) -> str:
        """The reproducibility signature."""
        return self.report.signature


def _metrics(metrics: str | Metric | Iterable[str | Metric], options: Mapping[str, Any]) -> list[Metric]:
    items = [metrics] if isinstance(metrics, (str, Metric)) else list(metrics)
    out: list[Metric] = []
    for item in items:
        out.extend([item] if isinstance(item, Metric) else parse_metrics(item, options))
    return out


def _pair_score(metric: Metric, result: Any) -> PairScore:
    stats = np.asarray(result.stats, dtype=np.float64)
    return PairScore(
        metric=metric.spec(),
        scores={k: float(v) for k, v in metric.scores(stats).items()},
        stats=dict(zip(metric.stat_names, map(float, result.stats))),
        details=result.details,
    )


def score_corpus(
    test: CorpusLike,
    gold: CorpusLike,
    metrics: str | Metric | Iterable[str | Metric] = "smatch",
    *,
    on_error: OnError = "fail",
    pair_by_id: bool = False,
    jobs: int = 1,
    bootstrap: int | None = None,
    **options: Any,
) -> dict[str, CorpusScore]:
    """Score two corpora with one or more metrics; results keyed by metric spec.

    ``options`` (e.g. ``timeout=10``, ``solver="hillclimb"``, ``seed=1``) are defaults for every
    metric that has a parameter of that name, as the command-line options are; ``seed`` also seeds
    the ``bootstrap`` resamples of the 95% intervals (none by default), as ``--seed`` does.
    """
    built = _metrics(metrics, options)
    run_options = RunOptions(on_error, pair_by_id, jobs, bootstrap, options.get("seed", DEFAULT_SEED))
    result = score_corpora(test, gold, built, run_options)
    return {
        metric.spec(): CorpusScore(report, [_pair_score(metric, r.results[k]) for r in result.run.records])
        for k, (metric, report) in enumerate(zip(built, result.reports))
    }


def compare(
    a: CorpusLike,
    b: CorpusLike,
    gold: CorpusLike,
    metrics: str | Metric | Iterable[str | Metric] = "smatch",
    *,
    resamples: int = DEFAULT_RESAMPLES,
    trials: int = DEFAULT_TRIALS,
    seed: int = DEFAULT_SEED,
    on_error: OnError = "fail",
    pair_by_id: bool = False,
    jobs: int = 1,
    **options: Any,
) -> dict[str, Comparison]:
    """Compare systems A and B on one gold corpus, as ``amrmetrics compare`` does; keyed by metric spec.

    Each :class:`~amrmetrics.stats.significance.Comparison` holds both corpus scores, A − B with
    its paired-bootstrap interval, the approximate-randomization p-value and per-pair
    wins/ties/losses. Corpora are files or sequences of graphs (by position; ``pair_by_id`` needs
    files); the gold corpus is read once. Below 10 pairs there is no bootstrap interval: every
    ``intervals[avg][score]`` is then ``(nan, nan)`` and ``intervals["reason"]`` says why, so
    the result has the same shape for every corpus size.
    """
    built = _metrics(metrics, options)
    run_options = RunOptions(on_error, pair_by_id, jobs, resamples, seed)
    compared = compare_corpora(a, b, gold, built, run_options, trials=trials)
    return {m.metric.spec(): m.comparison for m in compared.metrics}


def explain(
    test: CorpusLike,
    gold: CorpusLike,
    metric: str | Metric = "smatch",
    *,
    b: CorpusLike | None = None,
    fine: bool = True,
    bootstrap: int = DEFAULT_RESAMPLES,
    trials: int = DEFAULT_TRIALS,
    on_error: OnError = "fail",
    pair_by_id: bool = False,
    jobs: int = 1,
    **options: Any,
) -> Explanation:
    """Explain why each pair scored what it did, as ``amrmetrics explain`` does; ``.to_html(path)`` writes the report.

    ``metric`` is one Smatch-family metric (``"smatch"``, ``"smatch:std=smatchpp-amr"``,
    ``"s2match"``). The :class:`~amrmetrics.explain.model.Explanation` holds the corpus report
    (with ``bootstrap`` intervals), the fine-grained aspects (unless ``fine=False``) and, per pair,
    both graphs as written and as prepared, the alignment and every triple's credit. With ``b``,
    ``test`` is system A and ``b`` system B, compared as ``compare --html`` does (``trials``
    randomization trials; no fine-grained aspects).
    """
    built = _metrics(metric, options)
    if len(built) != 1:
        raise ValueError(f"explain takes one metric, not {len(built)}")
    explained_metric(built)
    run_options = RunOptions(on_error, pair_by_id, jobs, bootstrap, options.get("seed", DEFAULT_SEED))
    if b is not None:
        return explain_systems(test, b, gold, built[0], run_options, trials=trials)
    return explain_corpora(test, gold, built[0], run_options, fine=fine)


def _score_pair(test: GraphLike, gold: GraphLike, built: Sequence[Metric]) -> dict[str, PairScore]:
    """Every metric's score of one pair (each graph prepared once per preset), keyed by metric spec."""
    results, _ = score_pair(built, to_graph(test), to_graph(gold))
    return {metric.spec(): _pair_score(metric, result) for metric, result in zip(built, results)}


def score_pair_of(test: GraphLike, gold: GraphLike, metric: str | Metric = "smatch", **options: Any) -> PairScore:
    """Score one pair with one metric."""
    built = _metrics(metric, options)
    if len(built) != 1:
        raise ValueError(f"expected one metric, got {metric!r}")
    return next(iter(_score_pair(test, gold, built).values()))


def _is_corpus(value: Any) -> bool:
    return isinstance(value, (os.PathLike, list, tuple))


def score(
    test: GraphLike | CorpusLike,
    gold: GraphLike | CorpusLike,
    metrics: str | Metric | Iterable[str | Metric] = "smatch",
    **options: Any,
) -> PairScore | dict[str, PairScore] | dict[str, CorpusScore]:
    """Score a pair (two graphs or PENMAN strings) or two corpora (files or sequences).

    Corpora give ``{spec: CorpusScore}``. A pair gives its :class:`PairScore` when ``metrics`` is
    one metric (``"sembleu"``, or a metric object), and ``{spec: PairScore}`` when it names
    several (``"sembleu,wlk,sema"`` or a list), keyed like the corpus form.

    Every score dictionary (a pair's ``scores``, a corpus's ``micro`` and ``macro``) has the same
    keys for a given metric: ``P``, ``R`` and ``F`` for metrics that match triples (smatch,
    s2match, sema, xsmatch, xs2match), ``score`` for single-number metrics (rematch, sembleu, simple, wlk,
    wwlk, xsembleu), and ``<aspect>.P``/``.R``/``.F`` for ``smatch:fine``.
    """
    if _is_corpus(test) or _is_corpus(gold):
        return score_corpus(test, gold, metrics, **options)
    built = _metrics(metrics, options)
    scored = _score_pair(test, gold, built)
    one = isinstance(metrics, Metric) or (isinstance(metrics, str) and len(built) == 1)
    return next(iter(scored.values())) if one else scored


def smatch(
    test: GraphLike | CorpusLike,
    gold: GraphLike | CorpusLike,
    *,
    std: str = "smatch",
    solver: str = "exact",
    timeout: float | None = None,
    **options: Any,
) -> PairScore | CorpusScore:
    """Smatch of a pair (two PENMAN strings or graphs) or of two corpora (files or sequences).

    Same defaults as ``amrmetrics score``: preset ``smatch``, exact solver, no time limit.
    """
    params = {"std": std, "solver": solver, "timeout": timeout}
    metric = build_metric("smatch", {}, {k: v for k, v in params.items() if v is not None})
    if _is_corpus(test) or _is_corpus(gold):
        return next(iter(score_corpus(test, gold, metric, **options).values()))
    if options:
        raise TypeError(f"options {', '.join(options)} only apply to corpora")
    return score_pair_of(test, gold, metric)
