"""Explaining UMR documents scored by ``umr``: every sentence under the document alignment, and the document layer.

:class:`ExplainedUmr` wraps the ``umr`` metric the way :class:`~amrmetrics.explaining.collect.Explained`
wraps Smatch: the engine runs it like any metric (its numbers and signature are ``umr``'s), and
each document pair's details add, per sentence, both graphs as written and as prepared, the
standardization steps, the sentence's share of the document alignment and the credit of every
triple. :func:`explain_umr` turns the run into the report's model: one pair view per sentence (so
the page draws each sentence's graphs as it draws any pair) and one entry per document with its
aspects and its document-level relations, each matched, only in the test or only in gold, with the
closure's relations likewise.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

import numpy as np

from amrmetrics.align import build_problem
from amrmetrics.engine.corpus import Progress, RunOptions, score_corpora
from amrmetrics.engine.sources import CorpusLike, is_file
from amrmetrics.explaining.build import per_pair_texts
from amrmetrics.explaining.collect import (
    EXPLANATION,
    GraphView,
    PairExplanation,
    Wrapped,
    instances_only,
)
from amrmetrics.explaining.model import Explanation, PairView, Side, SystemSummary
from amrmetrics.explaining.text import penman_text
from amrmetrics.explaining.trace import trace
from amrmetrics.explaining.triples import credit_triples
from amrmetrics.graph import Graph
from amrmetrics.metrics.base import PairResult
from amrmetrics.metrics.umr import ASPECTS, PreparedDocument, UmrMetric
from amrmetrics.read.umr import UmrDocument, UmrSentence


@dataclass(frozen=True)
class SentenceExplanation:
    """One sentence of a document pair: where it is, its text, both graphs' views and the explanation."""

    number: int
    text: str
    explanation: PairExplanation
    row: dict[str, Any]


@dataclass(frozen=True)
class ExplainedUmr(Wrapped):
    """``inner`` (the ``umr`` metric) with every sentence's explanation in each document pair's details."""

    inner: UmrMetric

    unit = "document"  # type: ignore[misc]

    def prepare(self, document: Any) -> tuple[UmrDocument, PreparedDocument]:  # type: ignore[override]
        return document, self.inner.prepare(document)

    def pair(self, test: tuple[UmrDocument, PreparedDocument], gold: tuple[UmrDocument, PreparedDocument]) -> PairResult:  # type: ignore[override]
        result = self.inner.pair(test[1], gold[1])
        rows = {row["sentence"]: row for row in result.details["sentences"]}
        aligned: dict[int, dict[str, str]] = {}
        for t, g, number in result.details["alignment"]:
            aligned.setdefault(number, {})[t] = g
        gold_by = {s.number: s for s in gold[0].sentences}
        sentences = tuple(
            self._sentence(s, gold_by[s.number], aligned.get(s.number, {}), rows[s.number])
            for s in test[0].sentences
            if s.number in rows
        )
        return PairResult(result.stats, {**result.details, EXPLANATION: sentences})

    def _view(self, graph: Graph) -> GraphView:
        prepared = self.inner.preset(graph)
        return GraphView(graph, prepared, trace(graph, self.inner.preset, prepared, self.inner.name), penman_text(graph) if not graph.is_empty() else "")

    def _sentence(self, test: UmrSentence, gold: UmrSentence, alignment: dict[str, str], row: dict[str, Any]) -> SentenceExplanation:
        t, g = self._view(test.scored_graph), self._view(gold.scored_graph)
        weights = np.asarray(build_problem(instances_only(t.prepared), instances_only(g.prepared)).unary, dtype=np.float64)
        t_index = {v: i for i, v in enumerate(t.prepared.variables)}
        g_index = {v: j for j, v in enumerate(g.prepared.variables)}
        pairs = tuple((a, b, float(weights[t_index[a], g_index[b]])) for a, b in alignment.items())
        test_credits, gold_credits = credit_triples(t.prepared, g.prepared, alignment, weights, self.inner.preset.duplicates)
        text = " ".join(gold.tokens or test.tokens) or gold.text or test.text
        return SentenceExplanation(test.number, text, PairExplanation(t, g, pairs, test_credits, gold_credits), row)


def _name(corpus: CorpusLike, fallback: str) -> str:
    return os.fspath(corpus) if is_file(corpus) else f"<{fallback}>"  # type: ignore[arg-type]


def explain_umr(test: CorpusLike, gold: CorpusLike, metric: UmrMetric, options: RunOptions, *, progress: Progress | None = None) -> Explanation:
    """Score UMR documents with ``metric`` and explain every sentence and every document's relations."""
    explained = ExplainedUmr(metric)
    result = score_corpora(test, gold, [explained], options, progress)
    run, report = result.run, result.reports[0]
    pairs: list[PairView] = []
    documents: list[dict[str, Any]] = []
    for record in run.records:
        details = dict(record.results[0].details)
        scores = {k: float(v) for k, v in metric.scores(np.asarray(record.results[0].stats)).items()}
        first = len(pairs) + 1
        numbers: dict[str, int] = {}
        for sentence in details[EXPLANATION]:
            row = sentence.row
            side = Side(
                stats={"matched": float(row["matched"]), "n_test": float(row["n_test"]), "n_gold": float(row["n_gold"])},
                scores={"P": row["P"], "R": row["R"], "F": row["F"]},
                status=str(details["status"]),
                lower=float(row["matched"]),
                upper=float(row["matched"]),
                explanation=sentence.explanation,
            )
            name = record.gold_id or record.test_id
            pairs.append(PairView(len(pairs) + 1, f"{name}/{sentence.number}", sentence.text, (), sentence.explanation.gold, (side,)))
            numbers[str(sentence.number)] = len(pairs)
        stats = dict(zip(metric.stat_names, map(float, record.results[0].stats)))
        documents.append(
            {
                "name": record.gold_id or record.test_id,
                "number": record.index + 1,
                "pairs": [first, len(pairs)],
                "sentences": numbers,
                "status": details["status"],
                "aspects": {
                    a: {
                        "matched": stats[f"{a}.matched"], "n_test": stats[f"{a}.n_test"], "n_gold": stats[f"{a}.n_gold"],
                        "P": scores[f"{a}.P"], "R": scores[f"{a}.R"], "F": scores[f"{a}.F"],
                    }
                    for a in ASPECTS
                },
                "relations": details["relations"],
            }
        )
    return Explanation(
        metric=report.spec,
        headline=metric.headline,
        signature=report.signature,
        gold=_name(gold, "gold"),
        systems=(SystemSummary("test", _name(test, "test"), report, None),),
        pairs=tuple(pairs),
        errors=tuple(str(e) for e in run.errors),
        on_error={"policy": run.on_error, "zeroed": run.zeroed, "skipped": run.skipped},
        per_pair=per_pair_texts(run),
        documents=tuple(documents),
    )
