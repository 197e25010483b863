"""The data model of an explained run: the corpus numbers, every pair's graphs, alignment and credits.

:class:`Explanation` is what ``amrmetrics.explain`` returns and what the HTML report embeds (as
the JSON of :meth:`Explanation.as_dict`; the page's script draws the views from it).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from amrmetrics.explaining.collect import GraphView, PairExplanation
from amrmetrics.explaining.triples import Credits
from amrmetrics.graph import Graph
from amrmetrics.report.jsonable import json_safe
from amrmetrics.stats.aggregate import MetricReport
from amrmetrics.stats.significance import Comparison
from amrmetrics.version import __version__


@dataclass(frozen=True)
class Side:
    """One system's graph of a pair scored against the gold graph: statistics, scores, certificate, explanation.

    For a metric of several aspects (document smatch), ``stats`` and ``scores`` are the headline
    aspect's (``matched``, ``F``) and ``aspects`` holds the others' counts and scores
    (``{"Coref": {"matched": ..., "F": ...}}``).
    """

    stats: dict[str, float]
    scores: dict[str, float]
    status: str
    lower: float
    upper: float
    explanation: PairExplanation
    aspects: dict[str, dict[str, float]] = field(default_factory=dict)

    @property
    def sentences(self) -> tuple[dict[str, Any], ...]:
        """A document pair's sentence rows (sentence, matched, n_test, n_gold, P, R, F); empty for a sentence pair."""
        return self.explanation.sentences

    @property
    def shown_matched(self) -> float:
        """The matched count the colored test triples add up to (equal to ``stats["matched"]``)."""
        return self.explanation.test_credits.total


@dataclass(frozen=True)
class PairView:
    """One pair of the corpus: where it came from, its gold graph, and each system's side (one, or A and B)."""

    number: int
    id: str | None
    sentence: str | None
    zeroed: tuple[str, ...]
    gold: GraphView
    sides: tuple[Side, ...]


@dataclass(frozen=True)
class SystemSummary:
    """One system's corpus result: its source, the metric's report (with intervals) and the fine-grained one."""

    name: str
    source: str
    report: MetricReport
    fine: MetricReport | None = None


@dataclass(frozen=True)
class Explanation:
    """An explained run: corpus reports, the comparison of two systems (``compare``), and every pair.

    ``per_pair`` holds the run's per-pair output as ``score --per-pair`` writes it (``tsv`` and
    ``jsonl``), which the page offers for download. ``headline`` names the score the page leads
    with (``F``; ``Smatch.F`` for document smatch).
    """

    metric: str
    signature: str
    gold: str
    systems: tuple[SystemSummary, ...]
    pairs: tuple[PairView, ...]
    comparison: Comparison | None = None
    errors: tuple[str, ...] = ()
    on_error: dict[str, Any] = field(default_factory=dict)
    per_pair: dict[str, str] = field(default_factory=dict)
    headline: str = "F"
    documents: tuple[dict[str, Any], ...] = ()
    """UMR documents (``umr``): each one's aspects, its sentences' pair numbers and its document-level
    relations and closure, each matched, only in the test or only in gold (:mod:`amrmetrics.explaining.umr`)."""

    def pair(self, number: int) -> PairView:
        """The pair with 1-based ``number`` (its position in the corpus)."""
        for view in self.pairs:
            if view.number == number:
                return view
        raise KeyError(f"no pair {number} (pairs left out by the error policy have none)")

    def as_dict(self) -> dict[str, Any]:
        """The JSON the report embeds (fractions, full precision; a NaN corpus score as null).

        Pair scores are never NaN (Smatch-family P, R and F are defined for every pair), so only
        the corpus parts go through :func:`json_safe`: walking every triple costs seconds.
        """
        return {
            "amrmetrics": __version__,
            "kind": "compare" if self.comparison is not None else "explain",
            "metric": self.metric,
            "headline": self.headline,
            "signature": self.signature,
            "gold": self.gold,
            "systems": json_safe([_system(s) for s in self.systems]),
            "comparison": json_safe(self.comparison.as_dict()) if self.comparison is not None else None,
            "errors": list(self.errors),
            "on_error": self.on_error,
            "pairs": [_pair(p) for p in self.pairs],
            "per_pair": self.per_pair,
            **({"documents": json_safe(list(self.documents))} if self.documents else {}),
        }

    def to_html(self, path: str | os.PathLike[str]) -> Path:
        """Write the report as one self-contained HTML file; returns its path."""
        from amrmetrics.explaining.html import write_html

        return write_html(self.as_dict(), Path(path))


def _system(system: SystemSummary) -> dict[str, Any]:
    return {
        "name": system.name,
        "source": system.source,
        "report": system.report.as_dict(),
        "fine": system.fine.as_dict() if system.fine is not None else None,
    }


def _number(x: float) -> float | int:
    """A credit or count as JSON writes it shortest (``1`` for 1.0)."""
    return int(x) if float(x).is_integer() else round(float(x), 6)


def _graph(graph: Graph) -> dict[str, Any]:
    return {
        "root": graph.root,
        "nodes": [list(n) for n in graph.instances],
        "attrs": [list(a) for a in graph.attributes],
        "rels": [list(r) for r in graph.relations],
    }


def _view(view: GraphView) -> dict[str, Any]:
    return {
        "written": _graph(view.written),
        "prepared": _graph(view.prepared),
        "steps": [[s.step, [list(t) for t in s.removed], [list(t) for t in s.added]] for s in view.steps],
        "penman": view.penman,
    }


def _credits(credits: Credits) -> list[list[float | int]]:
    return [[_number(x) for x in part] for part in (credits.nodes, credits.attributes, credits.relations)]


def _side(side: Side) -> dict[str, Any]:
    e = side.explanation
    return {
        "graph": _view(e.test),
        "stats": {k: _number(v) for k, v in side.stats.items()},
        "scores": side.scores,
        "status": side.status,
        "lower": side.lower,
        "upper": side.upper,
        "alignment": [[t, g, _number(w)] for t, g, w in e.alignment],
        "test_credits": _credits(e.test_credits),
        "gold_credits": _credits(e.gold_credits),
        "aspects": json_safe(side.aspects),
        "sentences": [json_safe(row) for row in e.sentences],
    }


def _pair(pair: PairView) -> dict[str, Any]:
    return {
        "number": pair.number,
        "id": pair.id,
        "sentence": pair.sentence,
        "zeroed": list(pair.zeroed),
        "gold": _view(pair.gold),
        "sides": [_side(s) for s in pair.sides],
    }

