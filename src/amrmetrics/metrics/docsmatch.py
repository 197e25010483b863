"""Document Smatch, compatible with IBM's docSmatch: nodes align only within their own sentence.

IBM's docSmatch (Naseem et al. 2022, github.com/IBM/docAMR) scores document graphs (DocAMR,
MS-AMR, or sentences joined under a ``multi-sentence`` root) with Smatch whose node mapping is
restricted: test node i may map to gold node j only when i and j share a sentence, sentence K of
one graph being sentence K of the other (``:sntK``). Which sentences a node belongs to, merged
coreference nodes included, is :mod:`amrmetrics.metrics.doc_structure`. docSmatch hill-climbs
within that restriction; this metric solves it exactly (the restricted problem falls apart into
sentence problems, see :mod:`amrmetrics.align.decompose`). ``doc=any`` drops the restriction:
the score is then exactly ``smatch``'s, with the coreference score and the sentence rows added.

Two aspects, each with pooled (matched, |test|, |gold|): **Smatch**, the document score, and
**Coref**, docSmatch's coreference sub-score (``--coref-subscore``): the coreference nodes and
edges of each graph, a test one matched when the alignment maps it onto a gold one of the same
concept (nodes) or role (edges). Optimal alignments can tie; the coreference count is the largest
any optimal alignment gives (docSmatch counts under whichever alignment its search returned).
Each pair's details list every sentence's own P/R/F under the document alignment (``sentences``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

import numpy as np

from amrmetrics.align import AlignmentProblem, build_problem
from amrmetrics.align.budget import Budget
from amrmetrics.align.doc_problem import build_document_problem
from amrmetrics.align.restrict import Compatibility, restrict, weighted_sum
from amrmetrics.align.result import Alignment, certified
from amrmetrics.align.solve import solve
from amrmetrics.graph import Graph
from amrmetrics.metrics.base import PairResult, aspect_prf
from amrmetrics.metrics.doc_sentences import sentence_rows
from amrmetrics.metrics.doc_start import compatibility
from amrmetrics.metrics.doc_structure import DocStructure, structure
from amrmetrics.metrics.smatch import AlignedMatch

ASPECTS = ("Smatch", "Coref")
_NOT_COREF = ("\0test", "\0gold")
"""Concepts given to the other nodes in the coreference problem, different on each side so they never match."""


@dataclass(frozen=True)
class DocGraph:
    """A document prepared for scoring: the standardized graph and the sentence structure of the graph as read."""

    graph: Graph
    structure: DocStructure


def coref_graph(doc: DocGraph, side: int) -> Graph:
    """The graph whose matches are docSmatch's coreference matches: its coreference nodes and edges,
    every node kept (so node numbers are the document's) and the others given a concept that matches nothing."""
    s = doc.structure
    return Graph(
        instances=tuple((v, c if v in s.coref_nodes else _NOT_COREF[side]) for v, c in doc.graph.instances),
        relations=tuple(r for r in doc.graph.relations if s.is_coref_edge(r)),
    )


@dataclass(frozen=True)
class DocSmatch(AlignedMatch):
    """Document Smatch as docSmatch defines it (``doc=sentence``: nodes align within their sentence), solved exactly.

    Parameters: those of ``smatch`` plus ``doc`` (``sentence``, docSmatch's restriction, or
    ``any``: no restriction). ``--metric smatch:doc=sentence`` names it.
    """

    doc: Literal["sentence", "any"] = "sentence"

    name: ClassVar[str] = "docsmatch"
    stat_names: ClassVar[tuple[str, ...]] = tuple(f"{a}.{s}" for a in ASPECTS for s in ("matched", "n_test", "n_gold")) + (
        "Smatch.upper",
    )
    score_names: ClassVar[tuple[str, ...]] = tuple(f"{a}.{s}" for a in ASPECTS for s in ("P", "R", "F"))

    @property
    def headline(self) -> str:
        """The document's F."""
        return "Smatch.F"

    def prepare(self, graph: Graph) -> DocGraph:  # type: ignore[override]
        return DocGraph(self.preset(graph), structure(graph))

    def prepare_key(self) -> tuple[str, str]:
        return ("doc", self.std)

    def pair(self, test: DocGraph, gold: DocGraph) -> PairResult:  # type: ignore[override]
        budget = self.budget()
        within = compatibility(test.graph.variables, test.structure, gold.graph.variables, gold.structure)
        allowed = within if self.doc == "sentence" else None
        problem = build_document_problem(test.graph, gold.graph, duplicates=self.preset.duplicates, allowed=allowed, budget=budget)
        solver = self._solver()
        if allowed is None and getattr(solver, "takes_start", False):
            start = within.keep(solve(restrict(problem, within), solver, budget=budget).mapping)
            alignment = solve(problem, solver, start=start, budget=budget)
        else:
            alignment = solve(problem, solver, budget=budget)
        mapping = np.asarray(alignment.mapping, dtype=np.int64) if allowed is None else allowed.keep(alignment.mapping)
        test_coref, gold_coref = coref_graph(test, 0), coref_graph(gold, 1)
        coref = build_problem(test_coref, gold_coref, duplicates=self.preset.duplicates)
        if allowed is not None:
            coref = restrict(coref, allowed)
        items = (
            float(len(test_coref.relations) + len(test.structure.coref_nodes)),
            float(len(gold_coref.relations) + len(gold.structure.coref_nodes)),
        )
        ceiling = min(items) if self.preset.duplicates == "min" else _ceiling(coref)
        counts = (
            (alignment.value, float(len(test.graph)), float(len(gold.graph))),
            (self._coref_matched(problem, coref, ceiling, alignment, mapping, allowed, budget), *items),
        )
        gold_vars = gold.graph.variables
        details = {
            "lower": alignment.value,
            "upper": alignment.upper,
            "status": alignment.status,
            "solver_seconds": alignment.seconds,
            "alignment": [[t, gold_vars[j]] for t, j in zip(test.graph.variables, mapping.tolist()) if j >= 0],
            "sentences": sentence_rows(
                test.graph, test.structure, gold.graph, gold.structure, mapping, self.preset.duplicates
            ),
        }
        stats = tuple(float(x) for c in counts for x in c) + (float(alignment.upper),)
        return PairResult(stats, details)

    def _coref_matched(
        self,
        problem: AlignmentProblem,
        coref: AlignmentProblem,
        ceiling: float,
        alignment: Alignment,
        mapping: np.ndarray,
        allowed: Compatibility | None,
        budget: Budget,
    ) -> float:
        """Coreference matches under the optimal alignment that has the most of them.

        Skipped (the alignment's own count is kept) when it already matches ``ceiling`` (as many
        coreference items as any alignment could), or when the alignment is not certified (then
        no tie is known).
        """
        now = coref.value(mapping)
        if now >= ceiling or not certified(alignment.value, alignment.upper):
            return now
        best = solve(weighted_sum([(ceiling + 1.0, problem), (1.0, coref)]), self._solver(), budget=budget)
        chosen = np.asarray(best.mapping, dtype=np.int64) if allowed is None else allowed.keep(best.mapping)
        if problem.value(chosen) < alignment.value - 1e-9:
            return now
        return max(now, coref.value(chosen))

    def scores(self, stats: np.ndarray) -> dict[str, np.ndarray]:
        stats = np.asarray(stats, dtype=np.float64)
        return aspect_prf(stats[..., : 3 * len(ASPECTS)].reshape(*stats.shape[:-1], len(ASPECTS), 3), ASPECTS)

    def summary(self, stats: np.ndarray) -> dict[str, Any]:
        """Pooled counts per aspect and the pairs it applies to; certification of the document alignments."""
        stats = np.asarray(stats, dtype=np.float64).reshape(-1, len(self.stat_names))
        aspects = {
            a: {
                "matched": float(stats[:, 3 * i].sum()),
                "n_test": float(stats[:, 3 * i + 1].sum()),
                "n_gold": float(stats[:, 3 * i + 2].sum()),
                "pairs": int(((stats[:, 3 * i + 1] > 0) | (stats[:, 3 * i + 2] > 0)).sum()),
            }
            for i, a in enumerate(ASPECTS)
        }
        return {"aspects": aspects, **super().summary(stats[:, [0, 1, 2, 6]])}

    def spec(self) -> str:
        """``smatch:doc=sentence`` (or ``=any``) plus changed parameters, which the registry reads back."""
        _, _, params = super().spec().partition(":")
        rest = [p for p in params.split(",") if p and not p.startswith("doc=")]
        return f"smatch:doc={self.doc}" + "".join("," + p for p in rest)

    def signature_items(self) -> list[tuple[str, str]]:
        return super().signature_items() + [("doc", self.doc)]


def _ceiling(coref: AlignmentProblem) -> float:
    """A bound on the coreference matches of any alignment when duplicates count k x l: every weight earned."""
    return float(np.asarray(coref.unary).sum() + np.asarray(coref.weights).sum())
