"""A warm scorer for training loops: metrics, presets and solvers built once, pairs scored in process.

Rewards, minimum-Bayes-risk selection and data filtering call a metric thousands of times, one
pair or a handful of candidates at a time. :class:`WarmScorer` keeps what every call would build
again (metric objects with their solvers and embedders) and scores PENMAN strings or graphs with
no file. A batch goes through the one corpus pipeline
(:func:`~amrmetrics.engine.corpus.score_corpora`), so its numbers and signatures are the command
line's; a single pair and a candidate list are scored by the same metric calls. Each thread gets
its own metric objects (a solver is never shared between threads; embedders are).
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Hashable, Sequence
from typing import Any

from amrmetrics.engine.corpus import CorpusResult, RunOptions, score_corpora
from amrmetrics.engine.prime import prime_metrics
from amrmetrics.engine.sources import CorpusLike, GraphLike, to_graph
from amrmetrics.graph import EMPTY_GRAPH, Graph
from amrmetrics.metrics.base import Metric, PairResult
from amrmetrics.read import GraphError

WARM_UP = ("(w / warm-up-01 :ARG0 (b / boy) :polarity -)", "(w / warm-up-01 :ARG1 (g / girl))")
"""The pair scored once when a scorer is built, so that the first real call pays no set-up."""


class WarmScorer:
    """Score pairs, candidate lists and batches with metrics built once (see the module doc).

    ``options`` are the batch's run options (error policy, ``jobs``, bootstrap and seed). A
    malformed graph in :meth:`pair` or :meth:`one_to_many` raises :class:`GraphError` under
    ``on_error="fail"`` and is scored as the empty graph otherwise (a list of candidates keeps
    one result per candidate).
    """

    def __init__(self, metrics: Sequence[Metric], options: RunOptions = RunOptions()) -> None:
        self.metrics = list(metrics)
        self.options = options
        self._owner = threading.get_ident()
        self._local = threading.local()
        self._text_scorer = self.metrics[0].text_scorer() if len(self.metrics) == 1 else None
        self.pair(*WARM_UP)

    def _own(self) -> list[Metric]:
        """This thread's metric objects: the originals in the thread that built the scorer, else copies
        made on the thread's first call (without the originals' solvers, which stay in their thread)."""
        if threading.get_ident() == self._owner:
            return self.metrics
        own: list[Metric] | None = getattr(self._local, "metrics", None)
        if own is None:
            own = self._local.metrics = [copy.copy(m) for m in self.metrics]
        return own

    def _graph(self, value: GraphLike) -> Graph:
        try:
            return to_graph(value)
        except GraphError:
            if self.options.on_error == "fail":
                raise
            return EMPTY_GRAPH

    def pair(self, test: GraphLike, gold: GraphLike) -> tuple[PairResult, ...]:
        """Every metric's result on one pair (in metric order)."""
        return self.one_to_many([test], gold)[0]

    def one_to_many(self, candidates: Sequence[GraphLike], gold: GraphLike) -> list[tuple[PairResult, ...]]:
        """Every candidate against one gold graph, which is prepared once per preset (see :meth:`distinct_results`)."""
        results, index = self.distinct_results(candidates, gold)
        return [results[k] for k in index]

    def distinct_results(self, candidates: Sequence[GraphLike], gold: GraphLike) -> tuple[list[tuple[PairResult, ...]], list[int]]:
        """The results of the distinct candidates (in order of first appearance) against one gold graph, which
        is prepared once per preset, and for each candidate the position of its result in that list.

        Equal PENMAN strings among the candidates (sampling often yields a parse twice) are scored once.
        One metric with a fused path (:meth:`~amrmetrics.metrics.base.Metric.text_scorer`) scores string
        pairs directly; the candidates it leaves (and all others) are read, prepared and scored as graphs.
        """
        metrics = self._own()
        keys = [candidate if isinstance(candidate, str) else id(candidate) for candidate in candidates]
        values = dict(zip(keys, candidates))
        position = {key: k for k, key in enumerate(values)}
        scored = self._fused(values, gold)
        left = {key: value for key, value in values.items() if key not in scored}
        if left or not scored:  # (no candidate: the gold is still read, and refused if malformed)
            reference = self._graph(gold)
            distinct = {key: self._graph(value) for key, value in left.items()}
            prime_metrics(metrics, lambda: [reference, *distinct.values()])
            gold_prepared: dict[Hashable, Any] = {}
            scored.update((key, _score(metrics, test, reference, gold_prepared)) for key, test in distinct.items())
        return [scored[key] for key in values], [position[key] for key in keys]

    def _fused(self, values: dict[Hashable, GraphLike], gold: GraphLike) -> dict[Hashable, tuple[PairResult, ...]]:
        """The results of the string candidates the one metric's fused path (asked for once, when the scorer
        was built; it needs no metric object, so threads share it) scores against a string ``gold``."""
        fused = self._text_scorer
        if fused is None or type(gold) is not str:
            return {}
        scored = {}
        for key, value in values.items():
            if type(value) is str:
                result = fused(value, gold)
                if result is not None:
                    scored[key] = (result,)
        return scored

    def corpus(self, tests: CorpusLike, golds: CorpusLike) -> CorpusResult:
        """A batch of pairs through the corpus pipeline: per-pair results, reports and signatures."""
        return score_corpora(tests, golds, self._own(), self.options)


def _score(metrics: Sequence[Metric], test: Graph, gold: Graph, gold_prepared: dict[Hashable, Any]) -> tuple[PairResult, ...]:
    """Each metric's result on one pair, preparing ``test`` once per preparation key and ``gold``
    only when ``gold_prepared`` does not hold it yet."""
    test_prepared: dict[Hashable, Any] = {}
    results = []
    for metric in metrics:
        key = metric.prepare_key()
        if key not in gold_prepared:
            gold_prepared[key] = metric.prepare(gold)
        if key not in test_prepared:
            test_prepared[key] = metric.prepare(test)
        results.append(metric.pair(test_prepared[key], gold_prepared[key]))
    return tuple(results)
