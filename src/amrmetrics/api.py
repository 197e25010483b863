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
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Union

import numpy as np

from amrmetrics.defaults import DEFAULT_SEED
from amrmetrics.engine.paired import PairedSystems, join_systems, pair_systems
from amrmetrics.engine.run import CorpusRun, run_corpus, score_pair
from amrmetrics.engine.signature import RunSettings, signature
from amrmetrics.graph import Graph
from amrmetrics.metrics.base import Metric
from amrmetrics.metrics.registry import build_metric, parse_metrics
from amrmetrics.read import CorpusError, Entry, GraphError, OnError, Pair, decode, iter_entries, pair_files
from amrmetrics.stats.aggregate import MetricReport, corpus_report
from amrmetrics.stats.bootstrap import DEFAULT_RESAMPLES
from amrmetrics.stats.significance import AVERAGES, DEFAULT_TRIALS, Comparison
from amrmetrics.stats.significance import compare as compare_statistics

GraphLike = Union[str, Graph, Any]
"""A PENMAN string, an amrmetrics :class:`Graph`, or a ``penman.Graph``."""
CorpusLike = Union[os.PathLike, Sequence[GraphLike]]
"""A file (``pathlib.Path``) or a sequence of graphs."""


def to_graph(value: GraphLike) -> Graph:
    """Accept a PENMAN string, an amrmetrics Graph or a penman.Graph (encoded with the AMR model)."""
    if isinstance(value, Graph):
        return value
    if isinstance(value, str):
        try:
            return decode(value)
        except GraphError:
            if os.path.isfile(value.strip()):
                raise ValueError(
                    f"{value.strip()!r} is a file name, not a PENMAN graph; use amrmetrics.score_corpus or pass a "
                    f"Path (pathlib.Path({value.strip()!r}))"
                ) from None
            raise
    import penman
    from penman.models.amr import model

    if isinstance(value, penman.Graph):
        return decode(penman.encode(value, model=model), metadata=dict(value.metadata))
    raise TypeError(f"expected a PENMAN string, an amrmetrics.Graph or a penman.Graph, not {type(value).__name__}")


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


def _entries(items: Sequence[GraphLike], name: str) -> Iterator[Entry]:
    for number, item in enumerate(items, 1):
        try:
            graph = to_graph(item)
        except GraphError as err:
            yield Entry(number, 1, None, GraphError(err.message, file=name, number=number, line=err.line))
        else:
            yield Entry(number, 1, graph)


def _corpus_entries(corpus: CorpusLike, name: str) -> list[Entry]:
    return list(iter_entries(corpus)) if isinstance(corpus, (str, os.PathLike)) else list(_entries(corpus, name))


def _pairs(test: CorpusLike, gold: CorpusLike, pair_by_id: bool) -> tuple[int, Iterable[Pair]]:
    if isinstance(test, (str, os.PathLike)) and isinstance(gold, (str, os.PathLike)):
        return pair_files(test, gold, pair_by_id=pair_by_id)
    if pair_by_id:
        raise ValueError("pair_by_id needs two files")
    t, g = _corpus_entries(test, "test"), _corpus_entries(gold, "gold")
    if len(t) != len(g):
        raise CorpusError(f"test has {len(t)} graphs but gold has {len(g)}: they must pair one to one")
    return len(t), (Pair(i, a, b) for i, (a, b) in enumerate(zip(t, g)))


def score_corpus(
    test: CorpusLike,
    gold: CorpusLike,
    metrics: str | Metric | Iterable[str | Metric] = "smatch",
    *,
    on_error: OnError = "fail",
    pair_by_id: bool = False,
    jobs: int = 1,
    **options: Any,
) -> dict[str, CorpusScore]:
    """Score two corpora with one or more metrics; results keyed by metric spec.

    ``options`` (e.g. ``timeout=10``, ``solver="hillclimb"``, ``seed=1``) are defaults for every
    metric that has a parameter of that name, as the command-line options are.
    """
    built = _metrics(metrics, options)
    _, pairs = _pairs(test, gold, pair_by_id)
    run: CorpusRun = run_corpus(pairs, built, on_error=on_error, jobs=jobs)
    affected = run.skipped if on_error == "skip" else run.zeroed
    settings = RunSettings(on_error=on_error, affected=affected, pair_by_id=pair_by_id)
    out = {}
    for k, metric in enumerate(built):
        report = corpus_report(metric, run.stats(k), signature(metric, settings))
        out[metric.spec()] = CorpusScore(report, [_pair_score(metric, r.results[k]) for r in run.records])
    return out


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
    adapters = [PairedSystems(m) for m in built]
    corpora = (a, b, gold)
    if all(isinstance(c, (str, os.PathLike)) for c in corpora):
        _, pairs = pair_systems(a, b, gold, pair_by_id=pair_by_id)  # type: ignore[arg-type]
    elif pair_by_id:
        raise ValueError("pair_by_id needs three files")
    else:
        entries = [_corpus_entries(c, name) for c, name in zip(corpora, ("a", "b", "gold"))]
        _, pairs = join_systems([(name, len(e), e) for name, e in zip(("a", "b", "gold"), entries)])
    run = run_corpus(pairs, adapters, on_error=on_error, jobs=jobs)
    return {
        metric.spec(): _full_shape(
            compare_statistics(metric, *adapter.split(run.stats(k)), resamples=resamples, trials=trials, seed=seed)
        )
        for k, (metric, adapter) in enumerate(zip(built, adapters))
    }


def _full_shape(comparison: Comparison) -> Comparison:
    """The comparison with a ``(nan, nan)`` interval for every score when there is none (too few pairs)."""
    if "reason" not in comparison.intervals:
        return comparison
    none = (float("nan"), float("nan"))
    filled = {avg: {k: none for k in comparison.score_names} for avg in AVERAGES}
    return replace(comparison, intervals={**comparison.intervals, **filled})


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
    s2match, sema, xsmatch, xs2match), ``score`` for single-number metrics (sembleu, simple, wlk,
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
