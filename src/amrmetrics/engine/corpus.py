"""The one corpus pipeline: pair the corpora, prime the embedders, run the metrics, sign and report.

Every way of scoring a corpus goes through here: the ``score``, ``fine``, ``smatch`` and
``compare`` commands, the Python API (:mod:`amrmetrics.api`) and the meta-evaluation studies
(:func:`run_entries`). So every run primes the same way, applies the same error policy and signs
its numbers with the same settings (:mod:`amrmetrics.engine.signature`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from amrmetrics.defaults import DEFAULT_SEED, DEFAULT_TRIALS
from amrmetrics.engine.prime import prime_metrics
from amrmetrics.engine.run import CorpusRun, PairRecord, run_corpus
from amrmetrics.engine.signature import RunSettings, signature
from amrmetrics.engine.sources import CorpusLike, corpus_graphs, graphs_of, input_unit, pair_corpora, pair_three
from amrmetrics.metrics.base import Metric
from amrmetrics.read import Entry, OnError, Pair
from amrmetrics.stats.aggregate import MetricReport, corpus_report
from amrmetrics.stats.bootstrap import DEFAULT_RESAMPLES, confidence_intervals

if TYPE_CHECKING:  # comparing systems (stats.significance, engine.paired) loads only for a comparison
    from amrmetrics.stats.significance import Comparison
    from amrmetrics.engine.executors import Executor

Progress = Callable[[str, int], "Callable[[int], None] | None"]
"""``progress(label, total)`` starts a stage of ``total`` pairs and may return a callback advanced
with the number of pairs just finished (the command line shows a bar per stage)."""


@dataclass(frozen=True)
class RunOptions:
    """How a corpus is run (a metric's own parameters are its fields): error policy, pairing,
    worker processes, and the bootstrap of intervals (``bootstrap`` resamples seeded by ``seed``).
    ``executor`` (e.g. a Dask cluster, :mod:`amrmetrics.engine.executors`) runs the chunks of
    pairs instead of this process or its own ``jobs`` processes; it never changes a number."""

    on_error: OnError = "fail"
    pair_by_id: bool = False
    jobs: int = 1
    bootstrap: int | None = None
    seed: int = DEFAULT_SEED
    executor: Executor | None = None


@dataclass(frozen=True)
class CorpusResult:
    """A scored corpus: every pair's results, the settings that signed it, one report per metric."""

    run: CorpusRun
    settings: RunSettings
    reports: list[MetricReport]


@dataclass(frozen=True)
class ComparedMetric:
    """One metric's comparison of systems A and B: the signed comparison and both corpus reports."""

    metric: Metric
    signature: str
    comparison: Comparison
    a: MetricReport
    b: MetricReport


@dataclass(frozen=True)
class ComparedCorpora:
    """Two systems scored against one gold corpus in one pass, compared per metric."""

    run: CorpusRun
    settings: RunSettings
    metrics: list[ComparedMetric]


def settings_of(run: CorpusRun, options: RunOptions, *, trials: int | None = None) -> RunSettings:
    """The settings of a finished run that change its numbers (for signatures); ``trials`` is
    ``exact`` when the permutation test enumerates every swap of the run's pairs, as it then does."""
    affected = run.skipped if run.on_error == "skip" else run.zeroed
    return RunSettings(
        on_error=run.on_error,
        affected=affected,
        pair_by_id=options.pair_by_id,
        bootstrap=options.bootstrap,
        seed=options.seed if options.bootstrap else None,
        trials="exact" if trials is not None and _exact(run.pairs, trials) else trials,
        reading=tuple(run.reading.items()) if run.reading is not None else (),
    )


def _exact(pairs: int, trials: int) -> bool:
    """Whether the permutation test enumerates every swap of ``pairs`` (:func:`~amrmetrics.stats.significance.exact_test`)."""
    from amrmetrics.stats.significance import exact_test

    return exact_test(pairs, trials)


def _read_facts(run: CorpusRun, pairs: Iterable[Pair]) -> CorpusRun:
    """Add what reading found before the run (UMR input: counted categories, and the unreadable sentences
    inside document pairs that the error policy handled) to the run."""
    reading = getattr(pairs, "reading", None)
    if reading is not None:
        run.reading = reading
        run.errors.extend(reading.errors)
        if run.on_error == "skip":
            run.skipped += reading.affected
        else:
            run.zeroed += reading.affected
    return run


Records = Callable[[PairRecord], None]
"""Called with every pair's record as it is scored, in pair order (e.g. to write the per-pair file)."""


def _run(
    total: int,
    pairs: Iterable[Pair],
    metrics: Sequence[Metric],
    options: RunOptions,
    progress: Progress | None,
    on_record: Records | None,
    keep_records: bool,
) -> CorpusRun:
    advance = progress("scoring", total) if progress else None
    return run_corpus(
        pairs, metrics, on_error=options.on_error, jobs=options.jobs, progress=advance, executor=options.executor,
        on_record=on_record, keep_records=keep_records,
    )


def score_corpora(
    test: CorpusLike,
    gold: CorpusLike,
    metrics: Sequence[Metric],
    options: RunOptions = RunOptions(),
    progress: Progress | None = None,
    *,
    on_record: Records | None = None,
    keep_records: bool = True,
) -> CorpusResult:
    """Score a test corpus against a gold corpus with every metric; reports with signatures (and intervals).

    ``on_record`` sees every pair's record as it comes; with ``keep_records=False`` only the
    statistics stay in memory (the command line streams its per-pair file so).
    """
    unit = input_unit(metrics)
    total, pairs = pair_corpora(test, gold, options.pair_by_id, unit=unit, on_error=options.on_error)
    prime_metrics(metrics, lambda: corpus_graphs(pairs, [(test, "test"), (gold, "gold")]))
    run = _read_facts(_run(total, pairs, metrics, options, progress, on_record, keep_records), pairs)
    settings = settings_of(run, options)
    reports = []
    for k, metric in enumerate(metrics):
        stats = run.stats(k)
        intervals = confidence_intervals(metric, stats, options.bootstrap, options.seed) if options.bootstrap else None
        reports.append(corpus_report(metric, stats, signature(metric, settings), intervals))
    return CorpusResult(run, settings, reports)


def compare_corpora(
    a: CorpusLike,
    b: CorpusLike,
    gold: CorpusLike,
    metrics: Sequence[Metric],
    options: RunOptions = RunOptions(bootstrap=DEFAULT_RESAMPLES),
    *,
    trials: int = DEFAULT_TRIALS,
    progress: Progress | None = None,
    on_record: Records | None = None,
    keep_records: bool = True,
) -> ComparedCorpora:
    """Score systems A and B against one gold corpus in one pass (gold read and standardized once)
    and compare them per metric: A − B with its paired-bootstrap interval (``options.bootstrap``
    resamples), the randomization p-value (``trials``), and pair wins."""
    from amrmetrics.engine.paired import PairedSystems
    from amrmetrics.stats.significance import compare

    adapters = [PairedSystems(m) for m in metrics]
    unit = input_unit(metrics)
    total, pairs = pair_three(a, b, gold, options.pair_by_id, unit=unit, on_error=options.on_error)
    prime_metrics(metrics, lambda: itertools.chain(graphs_of(a, "a"), graphs_of(b, "b"), graphs_of(gold, "gold")))
    run = _read_facts(_run(total, pairs, adapters, options, progress, on_record, keep_records), pairs)
    settings = settings_of(run, options, trials=trials)
    resamples = options.bootstrap or DEFAULT_RESAMPLES
    compared = []
    for k, (metric, adapter) in enumerate(zip(metrics, adapters)):
        stats_a, stats_b = adapter.split(run.stats(k))
        signed = signature(metric, settings)
        comparison = compare(metric, stats_a, stats_b, resamples=resamples, trials=trials, seed=options.seed)
        compared.append(
            ComparedMetric(
                metric,
                signed,
                _full_shape(comparison),
                corpus_report(metric, stats_a, signed),
                corpus_report(metric, stats_b, signed),
            )
        )
    return ComparedCorpora(run, settings, compared)


def _full_shape(comparison: Comparison) -> Comparison:
    """The comparison with a ``(nan, nan)`` interval for every score when there is none (too few pairs)."""
    if "reason" not in comparison.intervals:
        return comparison
    from amrmetrics.stats.significance import AVERAGES

    none = (float("nan"), float("nan"))
    filled = {avg: {k: none for k in comparison.score_names} for avg in AVERAGES}
    return replace(comparison, intervals={**comparison.intervals, **filled})


def run_entries(
    pairs: Sequence[tuple[Entry, Entry]],
    metrics: Sequence[Metric],
    options: RunOptions = RunOptions(),
    progress: Callable[[int], None] | None = None,
) -> CorpusRun:
    """Score ``(test, gold)`` entry pairs a caller built itself (swapped, interleaved, perturbed), in order."""
    prime_metrics(metrics, lambda: (e.graph for pair in pairs for e in pair if e.graph is not None))
    built = [Pair(i, test, gold) for i, (test, gold) in enumerate(pairs)]
    return run_corpus(
        built, metrics, on_error=options.on_error, jobs=options.jobs, progress=progress, executor=options.executor
    )
