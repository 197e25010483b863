"""Explaining a run: score through the one corpus pipeline with an explained metric, then build the model.

:func:`explain_corpora` serves ``amrmetrics explain`` and :func:`amrmetrics.explain`;
:func:`explain_comparison` serves ``compare --html``. Both call :mod:`amrmetrics.engine.corpus`
(pairing, priming, error policy, bootstrap, signature) with the metric wrapped in
:class:`~amrmetrics.explaining.collect.Explained`, so the report shows the same numbers as ``score``
and ``compare`` and explains exactly the alignments behind them.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from amrmetrics.engine.corpus import ComparedCorpora, CorpusResult, Progress, RunOptions, compare_corpora, score_corpora
from amrmetrics.engine.paired import PairedSystems
from amrmetrics.engine.run import CorpusRun, PairRecord
from amrmetrics.engine.sources import CorpusLike, is_file
from amrmetrics.errors import UsageError
from amrmetrics.explaining.collect import EXPLANATION, Explained, explainable
from amrmetrics.explaining.model import Explanation, PairView, Side, SystemSummary
from amrmetrics.metrics.base import Metric, PairResult
from amrmetrics.metrics.registry import metric_class
from amrmetrics.metrics.smatch import AlignedMatch
from amrmetrics.report.perpair import per_pair_file
from amrmetrics.stats.significance import DEFAULT_TRIALS

FINE_PARAMETERS = ("std", "solver", "timeout", "restarts", "seed")
"""The parameters the fine-grained aspects take from the explained metric (the same graphs and solver)."""


def explained_metric(metrics: list[Metric]) -> int:
    """The index of the metric a report explains: the first of the Smatch family (smatch, s2match, smatch:doc)."""
    for k, metric in enumerate(metrics):
        if explainable(metric):
            return k
    names = ", ".join(m.spec() for m in metrics)
    raise UsageError(f"a report explains smatch or s2match (any preset) or smatch:doc, but the metrics are {names}")


def fine_metric(metric: AlignedMatch) -> Metric:
    """``smatch:fine`` with the explained metric's preset and solver."""
    return metric_class("smatch-fine")(**{k: getattr(metric, k) for k in FINE_PARAMETERS})


def plain_run(run: CorpusRun) -> CorpusRun:
    """The run as ``score`` would have it: explained metrics unwrapped, explanations out of the details.

    What ``--per-pair`` writes, so the report's download equals ``score --per-pair`` of the same run.
    """
    metrics = [m.inner if isinstance(m, Explained) else _unwrapped(m) for m in run.metrics]  # type: ignore[misc]
    plain = CorpusRun(metrics, errors=run.errors, on_error=run.on_error, skipped=run.skipped)
    for record in run.records:
        plain.add(record._replace(results=tuple(_plain_result(x) for x in record.results)))
    return plain


def _unwrapped(metric: Metric) -> Metric:
    """A metric with no :class:`Explained` in it (compare wraps each metric in a :class:`PairedSystems`)."""
    if isinstance(metric, PairedSystems) and isinstance(metric.inner, Explained):
        return replace(metric, inner=metric.inner.inner)
    return metric


def _plain_details(details: Any) -> Any:
    if not isinstance(details, dict):
        return details
    return {k: _plain_details(v) for k, v in details.items() if k != EXPLANATION}


def _plain_result(result: PairResult) -> PairResult:
    return PairResult(result.stats, _plain_details(dict(result.details)))


def per_pair_texts(run: CorpusRun) -> dict[str, str]:
    """The per-pair output of a run as ``score --per-pair`` writes it, as TSV and as JSON lines."""
    plain = plain_run(run)
    out = {}
    with tempfile.TemporaryDirectory(prefix="amrmetrics-explain-") as tmp:
        for kind in ("tsv", "jsonl"):
            path = Path(tmp) / f"pairs.{kind}"
            with per_pair_file(path, plain.metrics) as write:
                for record in plain.records:
                    write(record)
            out[kind] = path.read_text(encoding="utf-8")
    return out


def _by_aspect(values: dict[str, float]) -> dict[str, dict[str, float]]:
    """``{"Smatch.F": x}`` as ``{"Smatch": {"F": x}}`` (a metric of one aspect has its names under ``""``)."""
    out: dict[str, dict[str, float]] = {}
    for key, value in values.items():
        aspect, _, name = key.rpartition(".")
        out.setdefault(aspect, {})[name] = value
    return out


def _side(metric: Metric, stats: tuple[float, ...], details: dict[str, Any]) -> Side:
    """A side's numbers; for a metric of several aspects (document smatch: ``Smatch.*``, ``Coref.*``) the
    headline aspect's under plain names (``matched``, ``F``), the others in ``aspects``."""
    named = _by_aspect(dict(zip(metric.stat_names, map(float, stats))))
    scores = _by_aspect({k: float(v) for k, v in metric.scores(np.asarray(stats, dtype=np.float64)).items()})
    head = metric.headline.rpartition(".")[0]
    shown_stats, shown_scores = named.pop(head), scores.pop(head)
    return Side(
        stats=shown_stats,
        scores=shown_scores,
        status=str(details["status"]),
        lower=float(details["lower"]),
        upper=float(details["upper"]),
        explanation=details[EXPLANATION],
        aspects={a: {**named.get(a, {}), **scores.get(a, {})} for a in [*named, *(a for a in scores if a not in named)]},
    )


def _pair_view(record: PairRecord, sides: list[Side]) -> PairView:
    gold = sides[0].explanation.gold
    test = sides[0].explanation.test
    sentence = gold.written.metadata.get("snt") or test.written.metadata.get("snt")
    return PairView(record.index + 1, record.gold_id or record.test_id, sentence, record.zeroed, gold, tuple(sides))


def _name(corpus: CorpusLike, fallback: str) -> str:
    return os.fspath(corpus) if is_file(corpus) else f"<{fallback}: {len(corpus)} graphs>"  # type: ignore[arg-type]


def _errors(run: CorpusRun) -> tuple[tuple[str, ...], dict[str, Any]]:
    policy = {"policy": run.on_error, "zeroed": run.zeroed, "skipped": run.skipped}
    return tuple(str(e) for e in run.errors), policy


def explain_corpora(
    test: CorpusLike,
    gold: CorpusLike,
    metric: Metric,
    options: RunOptions,
    *,
    fine: bool = True,
    progress: Progress | None = None,
) -> Explanation:
    """Score ``test`` against ``gold`` with ``metric`` (and ``smatch:fine`` unless ``fine`` is off) and explain every pair."""
    explained = Explained(metric)  # type: ignore[arg-type]
    metrics: list[Metric] = [explained] + ([fine_metric(explained.inner)] if fine else [])
    result: CorpusResult = score_corpora(test, gold, metrics, options, progress)
    run = result.run
    pairs = tuple(_pair_view(r, [_side(metric, r.results[0].stats, dict(r.results[0].details))]) for r in run.records)
    report = result.reports[0]
    errors, policy = _errors(run)
    return Explanation(
        metric=report.spec,
        headline=metric.headline,
        signature=report.signature,
        gold=_name(gold, "gold"),
        systems=(SystemSummary("test", _name(test, "test"), report, result.reports[1] if fine else None),),
        pairs=pairs,
        errors=errors,
        on_error=policy,
        per_pair=per_pair_texts(run),
    )


def explain_comparison(compared: ComparedCorpora, k: int, sources: tuple[str, str, str]) -> Explanation:
    """The report of a comparison whose metric ``k`` is explained (``compare_corpora`` with an :class:`Explained` metric)."""
    found = compared.metrics[k]
    explained = found.metric
    if not isinstance(explained, Explained):
        raise TypeError(f"metric {k} of the comparison is not explained")
    metric = explained.inner
    width = len(metric.stat_names)
    pairs = []
    for record in compared.run.records:
        result = record.results[k]
        details = dict(result.details)
        sides = [
            _side(metric, tuple(result.stats[:width]), dict(details["A"])),
            _side(metric, tuple(result.stats[width:]), dict(details["B"])),
        ]
        pairs.append(_pair_view(record, sides))
    errors, policy = _errors(compared.run)
    a, b, gold = sources
    return Explanation(
        metric=found.a.spec,
        headline=metric.headline,
        signature=found.signature,
        gold=gold,
        systems=(SystemSummary("A", a, found.a), SystemSummary("B", b, found.b)),
        pairs=tuple(pairs),
        comparison=found.comparison,
        errors=errors,
        on_error=policy,
        per_pair=per_pair_texts(compared.run),
    )


def explain_systems(
    a: CorpusLike,
    b: CorpusLike,
    gold: CorpusLike,
    metric: Metric,
    options: RunOptions,
    *,
    trials: int = DEFAULT_TRIALS,
    progress: Progress | None = None,
) -> Explanation:
    """Compare systems ``a`` and ``b`` on ``gold`` with ``metric`` and explain every pair of both."""
    compared = compare_corpora(a, b, gold, [Explained(metric)], options, trials=trials, progress=progress)  # type: ignore[arg-type]
    return explain_comparison(compared, 0, (_name(a, "A"), _name(b, "B"), _name(gold, "gold")))
