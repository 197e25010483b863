"""Collecting explanations inside the corpus engine: a metric wrapper that keeps what it compared.

:class:`Explained` wraps a Smatch-family metric. The engine runs it like any metric (chunks,
worker processes, error policy, one preparation per graph); its statistics, scores, name and
signature are the wrapped metric's, and each pair's details add a :class:`PairExplanation` of the
pair: both graphs as written and as prepared, the standardization steps between them, and the
credit of every triple under the metric's alignment. So the report explains exactly the run
whose numbers it shows, with no second pipeline. A document pair (``smatch:doc=sentence``, or
``smatch`` on graphs with ``:sntK`` roles) also keeps each sentence's own row (:mod:`sentences`).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

import numpy as np

from amrmetrics.explaining.sentences import document_structure, rows_under
from amrmetrics.explaining.text import penman_text
from amrmetrics.explaining.trace import StepChange, trace
from amrmetrics.explaining.triples import Credits, credit_triples
from amrmetrics.graph import Graph
from amrmetrics.metrics.base import Metric, PairResult
from amrmetrics.metrics.doc_structure import DocStructure, structure
from amrmetrics.metrics.docsmatch import DocGraph, DocSmatch
from amrmetrics.metrics.smatch import AlignedMatch

_FORWARDED = frozenset({"embedder", "concept_similarity"})

EXPLANATION = "explanation"
"""The details key under which :class:`Explained` puts a pair's :class:`PairExplanation`."""


@dataclass(frozen=True)
class GraphView:
    """One graph as the report shows it: as written, as prepared, the changes between, and its PENMAN text.

    ``structure`` is a document's sentence structure (read from the graph as written), None for a
    graph that names no sentences or a metric that shows no sentence rows.
    """

    written: Graph
    prepared: Graph
    steps: tuple[StepChange, ...]
    penman: str
    structure: DocStructure | None = None


@dataclass(frozen=True)
class PairExplanation:
    """One pair under the metric: both graphs, the node alignment with each node pair's concept credit, and triple credits.

    ``sentences`` holds a document pair's rows (sentence, matched, n_test, n_gold, P, R, F), as
    :func:`amrmetrics.metrics.doc_sentences.sentence_rows` makes them; empty for sentence pairs.
    """

    test: GraphView
    gold: GraphView
    alignment: tuple[tuple[str, str, float], ...]
    test_credits: Credits
    gold_credits: Credits
    sentences: tuple[dict[str, Any], ...] = ()


def explainable(metric: Metric) -> bool:
    """True for a metric whose pair score is one certified alignment of its prepared graphs (smatch,
    s2match, document smatch).

    Metrics that change the graphs while scoring (translation) or count only some triples (fine,
    one kind of triple) would not match the colored triples, so they are not explained.
    """
    if metric.name == "umr":  # UMR documents: every sentence under the document alignment (explaining/umr.py)
        return True
    return isinstance(metric, DocSmatch) or (isinstance(metric, AlignedMatch) and type(metric).pair is AlignedMatch.pair)


def instances_only(graph: Graph) -> Graph:
    """The graph's instance triples alone: the concept weights of an alignment problem come from them."""
    return graph.evolve(attributes=(), relations=())


@dataclass(frozen=True)
class Wrapped(Metric):
    """A metric run in place of ``inner`` to collect more details: its numbers, names, notes and
    signature are ``inner``'s, so the engine and the report treat it as ``inner``."""

    inner: Metric

    @property
    def name(self) -> str:  # type: ignore[override]
        """The wrapped metric's name (so signatures are the wrapped metric's)."""
        return self.inner.name

    @property
    def stat_names(self) -> tuple[str, ...]:  # type: ignore[override]
        """The wrapped metric's statistics."""
        return self.inner.stat_names

    @property
    def score_names(self) -> tuple[str, ...]:  # type: ignore[override]
        """The wrapped metric's scores."""
        return self.inner.score_names

    @property
    def notes(self) -> tuple[str, ...]:  # type: ignore[override]
        """The wrapped metric's notes."""
        return self.inner.notes

    @property
    def headline(self) -> str:
        """The wrapped metric's headline."""
        return self.inner.headline

    def prepare_key(self) -> Hashable:
        return ("explained", self.inner.prepare_key())

    def scores(self, stats: np.ndarray) -> dict[str, np.ndarray]:
        return self.inner.scores(stats)

    def summary(self, stats: np.ndarray) -> dict[str, Any]:
        return self.inner.summary(stats)

    def spec(self) -> str:
        return self.inner.spec()

    def signature_items(self) -> list[tuple[str, str]]:
        return self.inner.signature_items()


@dataclass(frozen=True)
class Explained(Wrapped):
    """``inner`` with an :class:`PairExplanation` of every pair in its details (under :data:`EXPLANATION`)."""

    inner: AlignedMatch

    def __post_init__(self) -> None:
        if not explainable(self.inner):
            raise ValueError(f"{self.inner.spec()} cannot be explained: only smatch, s2match (any preset) and smatch:doc can")

    def prepare(self, graph: Graph) -> GraphView:
        prepared = self.inner.prepare(graph)
        if isinstance(prepared, DocGraph):
            shown, doc = prepared.graph, prepared.structure
        else:
            shown, doc = prepared, document_structure(graph) if self._plain_smatch else None
        return GraphView(graph, shown, trace(graph, self.inner.preset, shown, self.inner.name), penman_text(graph), doc)

    @property
    def _plain_smatch(self) -> bool:
        """Sentence rows count exact concept matches, so they are shown for smatch but not for graded s2match."""
        return self.inner.name == "smatch"

    def pair(self, test: GraphView, gold: GraphView) -> PairResult:
        t, g = test.prepared, gold.prepared
        if isinstance(self.inner, DocSmatch):
            documents = (DocGraph(t, test.structure or structure(test.written)), DocGraph(g, gold.structure or structure(gold.written)))
            result = self.inner.pair(*documents)  # type: ignore[arg-type]
        else:
            result = self.inner.pair(t, g)
        alignment = dict(result.details["alignment"])
        weights = self.inner.problem(instances_only(t), instances_only(g)).unary
        test_index = {v: i for i, v in enumerate(t.variables)}
        gold_index = {v: j for j, v in enumerate(g.variables)}
        aligned = tuple((a, b, float(weights[test_index[a], gold_index[b]])) for a, b in alignment.items())
        test_credits, gold_credits = credit_triples(t, g, alignment, weights, self.inner.preset.duplicates)
        explanation = PairExplanation(test, gold, aligned, test_credits, gold_credits, self._sentences(test, gold, alignment, result))
        return PairResult(result.stats, {**result.details, EXPLANATION: explanation})

    def _sentences(self, test: GraphView, gold: GraphView, alignment: dict[str, str], result: PairResult) -> tuple[dict[str, Any], ...]:
        """The pair's sentence rows: document smatch's own, or for smatch on a document pair the same
        rows under smatch's alignment (a sentence graph facing a document is its sentence 1)."""
        if "sentences" in result.details:
            return tuple(result.details["sentences"])
        if test.structure is None and gold.structure is None:
            return ()
        test_structure = test.structure or structure(test.written)
        gold_structure = gold.structure or structure(gold.written)
        duplicates = self.inner.preset.duplicates
        return rows_under(test.prepared, test_structure, gold.prepared, gold_structure, alignment, duplicates)

    def __getattr__(self, name: str) -> Any:
        """The wrapped metric's optional embedding hooks (``embedder``, ``concept_similarity``), so the
        engine primes an explained S2match as it primes S2match; absent when the wrapped metric has none."""
        if name in _FORWARDED and "inner" in self.__dict__:
            return getattr(self.__dict__["inner"], name)
        raise AttributeError(name)
