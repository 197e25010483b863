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
nothing is shared between calls; a :class:`Scorer` builds them once for many calls (a training
loop). A model's embeddings are kept on disk between runs (:mod:`amrmetrics.embed.store`);
``cache=False`` in any call leaves that cache alone, as ``--no-cache`` does. ``executor="dask"``
(or a ``distributed.Client``) runs a corpus on a Dask cluster.

Errors: an unknown keyword argument is a ``TypeError`` (as for any function); a bad input is an
:class:`~amrmetrics.errors.DataError`, a bad call (metric, parameter) a
:class:`~amrmetrics.errors.UsageError`, a missing optional package a
:class:`~amrmetrics.errors.BackendMissing` (also an ``ImportError``) that says what to install. A
message names settings as keyword arguments (``on_error="zero"``), never as command-line options.
"""

from __future__ import annotations

import functools
import inspect
import os
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from amrmetrics.defaults import DEFAULT_SEED
from amrmetrics.engine.corpus import CorpusResult, RunOptions, compare_corpora, score_corpora
from amrmetrics.engine.executors import open_executor
from amrmetrics.engine.prime import without_disk_cache
from amrmetrics.engine.run import score_pair
from amrmetrics.engine.scorer import WarmScorer
from amrmetrics.engine.sources import CorpusLike, GraphLike, to_graph
from amrmetrics.metrics.base import Metric, PairResult, dict_maker
from amrmetrics.metrics.registry import MetricSpecError, build_metric, parameter_names, parse_metrics
from amrmetrics.read import OnError
from amrmetrics.stats.aggregate import MetricReport
from amrmetrics.stats.bootstrap import DEFAULT_RESAMPLES
from amrmetrics.stats.significance import DEFAULT_TRIALS, Comparison
from amrmetrics.words import did_you_mean

if TYPE_CHECKING:  # the report's modules (and the solver they need) load only when explain() is called
    from amrmetrics.explaining.model import Explanation

__all__ = [
    "CorpusLike",
    "CorpusScore",
    "GraphLike",
    "PairScore",
    "Scorer",
    "compare",
    "explain",
    "matrix",
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
        if name.startswith("__"):  # a protocol lookup (copy, pickle), not a score
            raise AttributeError(name)
        metric = self.__dict__.get("metric", "")
        raise AttributeError(
            f"{metric} has no score {name!r}{did_you_mean(name, scores)}; its scores: {', '.join(scores) or 'none'} "
            "(attributes: metric, scores, stats, details)"
        )


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


RUN_OPTIONS = frozenset({"seed"})
"""Options a corpus run reads besides the metrics having them: ``seed`` also seeds the bootstrap."""


@functools.cache
def _keywords(function: Callable[..., Any]) -> frozenset[str]:
    """The keyword-only arguments ``function`` names itself (beside its ``**options``)."""
    parameters = inspect.signature(function).parameters.values()
    return frozenset(p.name for p in parameters if p.kind is inspect.Parameter.KEYWORD_ONLY)


def _check_options(
    caller: str,
    options: Mapping[str, Any],
    keywords: Collection[str],
    takes: Sequence[Metric],
    corpus_only: Collection[str] = (),
) -> None:
    """Refuse an option that neither ``caller`` (its ``keywords``) nor a metric it built from a spec
    (``takes``) has, as Python refuses an unknown keyword argument: a typo must not leave the
    defaults in place without a word. ``corpus_only`` options are refused for a single pair."""
    parameters = list(dict.fromkeys(p for metric in takes for p in parameter_names(type(metric))))
    unknown = [name for name in options if name not in keywords and name not in parameters]
    if not unknown:
        return
    corpus = [name for name in unknown if name in corpus_only]
    if corpus:
        what = f"keyword argument {corpus[0]!r}" if len(corpus) == 1 else f"keyword arguments {', '.join(map(repr, corpus))}"
        raise TypeError(f"{caller}() got {what}, for corpora only: test and gold here are one pair of graphs")
    valid = [", ".join(sorted(keywords))] if keywords else []
    if takes:
        valid.append(f"the parameters of {', '.join(m.spec() for m in takes)}: {', '.join(parameters) or 'none'}")
    named = ", ".join(f"{name!r}{did_you_mean(name, [*keywords, *parameters])}" for name in unknown)
    what = "an unexpected keyword argument" if len(unknown) == 1 else "unexpected keyword arguments"
    raise TypeError(f"{caller}() got {what} {named}; valid: {'; '.join(valid) or 'none'}")


def _metrics(
    caller: str,
    metrics: str | Metric | Iterable[str | Metric],
    options: Mapping[str, Any],
    keywords: Collection[str] = (),
    corpus_only: Collection[str] = (),
) -> list[Metric]:
    """The metrics of a call: specs built with ``options`` as defaults for the parameters they have,
    metric objects as they are; ``options`` checked (see :func:`_check_options`). ``cache=False``
    switches off the embedding disk cache of every call that builds metrics (as ``--no-cache`` does)."""
    items = [metrics] if isinstance(metrics, (str, Metric)) else list(metrics)
    out: list[Metric] = []
    takes: list[Metric] = []
    for item in items:
        built = [item] if isinstance(item, Metric) else parse_metrics(item, options)
        takes += [] if isinstance(item, Metric) else built
        if not built:  # a blank spec (an empty list is explicit: it scores nothing)
            raise MetricSpecError(f"{caller}(): {item!r} names no metric (e.g. metrics=\"smatch,sembleu\")")
        out.extend(built)
    _check_options(caller, options, {*keywords, "cache"}, takes, corpus_only)
    if not options.get("cache", True):
        without_disk_cache(out)
    return out


def _pair_score(metric: str, scores: dict[str, float], stats: dict[str, float], details: Mapping[str, Any]) -> PairScore:
    """``PairScore(metric, scores, stats, details)`` with its fields written straight into the new object
    (the frozen dataclass's ``__init__`` sets each through ``object.__setattr__``): about a third of the
    cost, paid once a candidate in a reward loop. The object equals the one ``__init__`` makes."""
    made = object.__new__(PairScore)
    fields = made.__dict__
    fields["metric"] = metric
    fields["scores"] = scores
    fields["stats"] = stats
    fields["details"] = details
    return made


def _pair_scores(metric: Metric, results: Sequence[PairResult], spec: str | None = None) -> list[PairScore]:
    """One metric's scores of many pairs (its per-pair scores computed once, for all of them)."""
    if not results:
        return []
    spec = metric.spec() if spec is None else spec
    stats = dict_maker(metric.stat_names)
    scores = metric.pair_scores([r.stats for r in results])
    return [_pair_score(spec, row, stats(result.stats), result.details) for result, row in zip(results, scores)]


def _corpus_scores(result: CorpusResult) -> dict[str, CorpusScore]:
    """Each metric's report and per-pair scores."""
    return {
        metric.spec(): CorpusScore(report, _pair_scores(metric, [r.results[k] for r in result.run.records]))
        for k, (metric, report) in enumerate(zip(result.run.metrics, result.reports))
    }


def score_corpus(
    test: CorpusLike,
    gold: CorpusLike,
    metrics: str | Metric | Iterable[str | Metric] = "smatch",
    *,
    on_error: OnError = "fail",
    pair_by_id: bool = False,
    jobs: int = 1,
    bootstrap: int | None = None,
    executor: str | Any | None = None,
    scheduler: str | None = None,
    **options: Any,
) -> dict[str, CorpusScore]:
    """Score two corpora with one or more metrics; results keyed by metric spec.

    ``options`` (e.g. ``timeout=10``, ``solver="hillclimb"``, ``seed=1``) are defaults for every
    metric that has a parameter of that name, as the command-line options are; ``seed`` also seeds
    the ``bootstrap`` resamples of the 95% intervals (none by default), as ``--seed`` does. An
    option that no metric named by a spec has (nor this function) is a ``TypeError`` naming the
    valid ones, as for any keyword argument: a typo never leaves a default in place unnoticed.
    ``executor``: ``"processes"`` (default: ``jobs`` local processes), ``"dask"`` (a local Dask
    cluster of ``jobs`` workers, or the one whose ``scheduler`` address is given) or a
    ``distributed.Client``; the numbers are the same for every executor.
    """
    built = _metrics("score_corpus", metrics, options, _keywords(score_corpus) | RUN_OPTIONS)
    with open_executor(executor, jobs, scheduler) as opened:
        run_options = RunOptions(on_error, pair_by_id, jobs, bootstrap, options.get("seed", DEFAULT_SEED), opened)
        return _corpus_scores(score_corpora(test, gold, built, run_options))


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
    executor: str | Any | None = None,
    scheduler: str | None = None,
    **options: Any,
) -> dict[str, Comparison]:
    """Compare systems A and B on one gold corpus, as ``amrmetrics compare`` does; keyed by metric spec.

    Each :class:`~amrmetrics.stats.significance.Comparison` holds both corpus scores, A − B with
    its paired-bootstrap interval, the approximate-randomization p-value and per-pair
    wins/ties/losses. Corpora are files or sequences of graphs (by position; ``pair_by_id`` needs
    files); the gold corpus is read once. Below 10 pairs there is no bootstrap interval: every
    ``intervals[avg][score]`` is then ``(nan, nan)`` and ``intervals["reason"]`` says why, so
    the result has the same shape for every corpus size. ``seed`` seeds the resamples, the trials
    and every metric that has a seed (hill-climbing), as ``--seed`` does. ``executor`` and
    ``scheduler`` as for :func:`score_corpus`.
    """
    built = _metrics("compare", metrics, {**options, "seed": seed}, _keywords(compare))
    with open_executor(executor, jobs, scheduler) as opened:
        run_options = RunOptions(on_error, pair_by_id, jobs, resamples, seed, opened)
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
    ``"s2match"``, ``"smatch:doc=sentence"``). The :class:`~amrmetrics.explaining.model.Explanation` holds the corpus report
    (with ``bootstrap`` intervals), the fine-grained aspects (unless ``fine=False``) and, per pair,
    both graphs as written and as prepared, the alignment and every triple's credit. With ``b``,
    ``test`` is system A and ``b`` system B, compared as ``compare --html`` does (``trials``
    randomization trials; no fine-grained aspects).
    """
    from amrmetrics.explaining.build import explain_corpora, explain_systems, explained_metric

    built = _metrics("explain", metric, options, _keywords(explain) | RUN_OPTIONS)
    if len(built) != 1:
        raise ValueError(f"explain takes one metric, not {len(built)}")
    explained_metric(built)
    run_options = RunOptions(on_error, pair_by_id, jobs, bootstrap, options.get("seed", DEFAULT_SEED))
    if b is not None:
        return explain_systems(test, b, gold, built[0], run_options, trials=trials)
    if built[0].unit == "document":  # UMR documents with umr: every sentence and the document layer
        from amrmetrics.explaining.umr import explain_umr

        return explain_umr(test, gold, built[0], run_options)  # type: ignore[arg-type]
    return explain_corpora(test, gold, built[0], run_options, fine=fine)


def _score_pair(test: GraphLike, gold: GraphLike, built: Sequence[Metric]) -> dict[str, PairScore]:
    """Every metric's score of one pair (each graph prepared once per preset), keyed by metric spec."""
    results, _ = score_pair(built, to_graph(test), to_graph(gold))
    return {metric.spec(): _pair_scores(metric, [result])[0] for metric, result in zip(built, results)}


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
    run = _keywords(score_corpus) | RUN_OPTIONS
    if _is_corpus(test) or _is_corpus(gold):
        built = _metrics("score", metrics, options, run)
        return score_corpus(test, gold, built, **{k: v for k, v in options.items() if k in run})
    built = _metrics("score", metrics, options, corpus_only=run)
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
    ``options`` are Smatch's other parameters (``restarts``, ``seed``) and, for corpora, the
    keyword arguments of :func:`score_corpus`.
    """
    params = {"std": std, "solver": solver, "timeout": timeout}
    metric = build_metric("smatch", {}, {**options, **{k: v for k, v in params.items() if v is not None}})
    run = _keywords(score_corpus) | RUN_OPTIONS
    corpus = _is_corpus(test) or _is_corpus(gold)
    keywords, corpus_only = (run, ()) if corpus else ((), run)
    _check_options("smatch", options, keywords, [metric], corpus_only)
    if corpus:
        return next(iter(score_corpus(test, gold, metric, **{k: v for k, v in options.items() if k in run}).values()))
    return next(iter(_score_pair(test, gold, [metric]).values()))


def matrix(
    graphs: CorpusLike,
    metric: str | Metric = "wlk",
    *,
    jobs: int = 1,
    executor: str | Any | None = None,
    scheduler: str | None = None,
    **options: Any,
) -> np.ndarray:
    """The ``(n, n)`` all-pairs matrix of one metric's headline score over a corpus (a file or a
    sequence), as ``amrmetrics matrix`` computes it: entry ``[i, j]`` scores graph i (test)
    against graph j (gold). ``executor`` and ``scheduler`` as for :func:`score_corpus`."""
    from amrmetrics.engine.matrix import similarity_matrix
    from amrmetrics.engine.sources import entries_of
    from amrmetrics.read import CorpusError, format_errors

    built = _metrics("matrix", metric, options, _keywords(matrix))
    if len(built) != 1:
        raise ValueError(f"expected one metric, got {metric!r}")
    entries = entries_of(graphs, "graphs")
    errors = [e.error for e in entries if e.error is not None]
    if errors:
        raise CorpusError(format_errors(errors))
    with open_executor(executor, jobs, scheduler) as opened:
        return similarity_matrix(built[0], [e.graph for e in entries], jobs=jobs, executor=opened)  # type: ignore[misc]


class Scorer:
    """Warm, batched, in-process scoring for training loops (rewards, minimum-Bayes-risk selection, filtering).

    >>> scorer = Scorer("smatch,sembleu")
    >>> scorer("(w / want-01 :ARG0 (b / boy))", "(w / want-01 :ARG0 (g / girl))")["smatch"].F
    0.75
    >>> [s.F for s in Scorer("smatch").one_to_many(["(b / boy)", "(b / boy :quant 2)"], "(b / boy)")]
    [1.0, 0.8]

    Metrics, presets and solvers are built (and warmed up on a small pair) once; ``metrics`` and
    ``options`` are read as by :func:`score`. ``scorer(test, gold)`` scores one pair and
    ``one_to_many(candidates, gold)`` k candidates against one reference (prepared once), both in
    this process; ``pairs(tests, golds)`` scores a batch through the corpus pipeline (``jobs``
    worker processes when asked for) and returns what :func:`score_corpus` returns: the same
    numbers and signatures as the command line. Safe to call from several threads. A malformed
    graph raises under ``on_error="fail"``; otherwise a pair or candidate is scored against (or
    as) the empty graph.
    """

    def __init__(
        self,
        metrics: str | Metric | Iterable[str | Metric] = "smatch",
        *,
        on_error: OnError = "fail",
        jobs: int = 1,
        bootstrap: int | None = None,
        **options: Any,
    ) -> None:
        built = _metrics("Scorer", metrics, options, _keywords(Scorer.__init__) | RUN_OPTIONS)
        self._one = isinstance(metrics, Metric) or (isinstance(metrics, str) and len(built) == 1)
        run_options = RunOptions(on_error, False, jobs, bootstrap, options.get("seed", DEFAULT_SEED))
        self._warm = WarmScorer(built, run_options)
        self._specs = [m.spec() for m in built]

    @property
    def specs(self) -> list[str]:
        """The metric specs, as keys of the results."""
        return list(self._specs)

    def _shape(self, per_metric: list[list[PairScore]]) -> list[Any]:
        """Per pair: the one metric's score, or ``{spec: PairScore}``."""
        if self._one:
            return per_metric[0]
        return [dict(zip(self._specs, scores)) for scores in zip(*per_metric)]

    def __call__(self, test: GraphLike, gold: GraphLike) -> PairScore | dict[str, PairScore]:
        """One pair: a :class:`PairScore` for one metric, ``{spec: PairScore}`` for several."""
        return self.one_to_many([test], gold)[0]

    def one_to_many(self, candidates: Sequence[GraphLike], gold: GraphLike) -> list[Any]:
        """Each candidate scored against ``gold`` (prepared once); one result per candidate, in order."""
        results, index = self._warm.distinct_results(candidates, gold)
        metrics = zip(self._warm.metrics, self._specs)
        scores = self._shape([_pair_scores(m, [r[k] for r in results], spec) for k, (m, spec) in enumerate(metrics)])
        if self._one:  # a candidate given twice: the same (frozen) score object twice
            return [scores[k] for k in index]
        return [dict(scores[k]) for k in index]  # a dict of its own for each candidate

    def pairs(self, tests: CorpusLike, golds: CorpusLike) -> dict[str, CorpusScore]:
        """A batch of pairs: ``{spec: CorpusScore}`` with every pair's score, micro, macro and signature."""
        return _corpus_scores(self._warm.corpus(tests, golds))
