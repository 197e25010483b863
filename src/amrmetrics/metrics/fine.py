"""Fine-grained Smatch (Damonte, Cohen & Satta 2017): one P/R/F per aspect of the graphs.

Aspects, each scored by pooled (matched, |test|, |gold|) counts:

* **Smatch**: the full graphs (exactly the ``smatch`` metric with the same parameters);
* **Unlabeled**: every role replaced by one label (root triples keep theirs);
* **No WSD**: sense suffixes (``-01``) removed from concepts;
* **Reentrancies**: the edges into nodes with two or more parents, with their end nodes;
* **SRL**: the ``:ARGn`` triples, with their end nodes;
* **Concepts**, **Named Entities** (concepts of nodes with ``:name``), **Negation** (concepts of
  nodes with ``:polarity -``), **Wikification** (``:wiki`` values): multisets of labels, no alignment.

The four graph aspects are counted under the certified optimal alignment of the full graphs, or,
with ``realign=yes``, under each aspect's own optimal alignment (what the public scripts do with
their hill-climbing). An aspect neither graph of a pair has does not apply to that pair (its
scores are NaN there); one absent from a whole corpus is reported as not applicable. Every choice
between the two public code lineages is documented in docs/fine-grained.md.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

import numpy as np

from amrmetrics.align import AlignmentProblem
from amrmetrics.align.bounds import eliminate
from amrmetrics.align.budget import Budget
from amrmetrics.align.indexed import index_problem
from amrmetrics.align.result import Alignment, certified
from amrmetrics.align.solve import solve
from amrmetrics.graph import Graph
from amrmetrics.metrics.base import PairResult, aspect_prf
from amrmetrics.metrics.fine_face import Face, optimal_face
from amrmetrics.metrics.smatch import AlignedMatch
from amrmetrics.standardize import STEPS

GRAPH_ASPECTS = ("Smatch", "Unlabeled", "No WSD", "Reentrancies", "SRL")
"""Aspects scored as Smatch on (sub)graphs."""
BAG_ASPECTS = ("Concepts", "Named Entities", "Negation", "Wikification")
"""Aspects scored as multisets of labels."""
ASPECTS = ("Smatch", "Unlabeled", "No WSD", "Concepts", "Named Entities", "Negation", "Wikification", "Reentrancies", "SRL")
"""Report order: Damonte et al.'s table, after the full Smatch."""
ROOT_ROLES = frozenset({":top", ":root", ":root-of"})
"""Roles of the root triples the presets add (smatch: ``:TOP``; smatchpp: ``:root-of``; smatchpp-amr: ``:root``)."""
SENSE = re.compile(r"-\d+$")
SRL_ROLE = re.compile(r"^:arg\d+$", re.IGNORECASE)
UNLABELED = ":label"
FACE_LINKS = 5_000
"""Above this many links in an aspect's problems, they are solved on the full problem's optimal
face (sentence pairs have at most about 1,300; a 10-sentence Little Prince document 14,000)."""


@dataclass(frozen=True)
class FineGraph:
    """A graph prepared for the fine-grained scores: one graph per graph aspect, one multiset per bag aspect."""

    graphs: dict[str, Graph]
    bags: dict[str, Counter[str]]


def unlabel(graph: Graph, deduplicate: bool) -> Graph:
    """Replace every role by ``:label`` (``:label-of`` when it still ends in ``-of``), root triples excepted."""

    def label(role: str) -> str:
        low = role.lower()
        if low in ROOT_ROLES:
            return role
        return UNLABELED + "-of" if low.endswith("-of") else UNLABELED

    out = graph.evolve(
        attributes=tuple((v, label(r), c) for v, r, c in graph.attributes),
        relations=tuple((s, label(r), t) for s, r, t in graph.relations),
    )
    return STEPS["dedup"](out) if deduplicate else out


def strip_senses(graph: Graph) -> Graph:
    """Remove sense suffixes from concepts (``want-01`` -> ``want``); constants are untouched."""
    return graph.evolve(instances=tuple((v, SENSE.sub("", c)) for v, c in graph.instances))


def _subgraph(graph: Graph, attributes: Sequence[tuple[str, str, str]], relations: Sequence[tuple[str, str, str]]) -> Graph:
    """The given triples plus the instance triples of every node they touch, without a root."""
    touched = {v for v, _, _ in attributes} | {x for s, _, t in relations for x in (s, t)}
    return Graph(
        instances=tuple((v, c) for v, c in graph.instances if v in touched),
        attributes=tuple(attributes),
        relations=tuple(relations),
        root=None,
    )


def reentrancy_subgraph(graph: Graph) -> Graph:
    """Edges into nodes with at least two distinct incoming edges, in the de-inverted raw graph.

    Parents are counted before any ``:mod``/``:domain`` rewriting, which would change which node is
    the child; repeated identical edges count once.
    """
    relations = tuple(dict.fromkeys(STEPS["deinvert"](graph).relations))
    parents = Counter(t for _, _, t in relations)
    return _subgraph(graph, (), [(s, r, t) for s, r, t in relations if parents[t] >= 2])


def srl_subgraph(graph: Graph) -> Graph:
    """The ``:ARGn`` triples (any case; inverted roles de-inverted first), relations and attributes."""
    canonical = STEPS["deinvert"](graph)
    attributes = [a for a in canonical.attributes if SRL_ROLE.match(a[1])]
    relations = [t for t in canonical.relations if SRL_ROLE.match(t[1])]
    return _subgraph(graph, attributes, relations)


def label_bags(graph: Graph) -> dict[str, Counter[str]]:
    """The multisets of the bag aspects, from a standardized graph."""
    concepts = graph.concepts
    triples = list(graph.attributes) + list(graph.relations)
    return {
        "Concepts": Counter(c for _, c in graph.instances),
        "Named Entities": Counter(concepts[s] for s, r, _ in triples if r.lower() == ":name" and s in concepts),
        "Negation": Counter(
            concepts[v] for v, r, c in graph.attributes if r.lower() == ":polarity" and c == "-" and v in concepts
        ),
        "Wikification": Counter(c for _, r, c in graph.attributes if r.lower() == ":wiki"),
    }


def _restrict(mapping: Sequence[int], rows: np.ndarray, cols: np.ndarray) -> list[int]:
    """A full-graph mapping as a mapping of a subgraph whose nodes are full nodes ``rows`` / ``cols``.

    A node of the subgraph that is not in the full graph (``-1``) is unmapped; it is never the
    image of a full node the mapping leaves unmapped (also ``-1``)."""
    inverse = {int(j): c for c, j in enumerate(cols) if j >= 0}
    return [inverse.get(mapping[r], -1) if r >= 0 else -1 for r in rows]


def lexicographic(full: AlignmentProblem, weight: float, aspect: AlignmentProblem, rows: np.ndarray, cols: np.ndarray) -> AlignmentProblem:
    """The problem ``weight * full + aspect``, the aspect's node i (j) being the full problem's ``rows[i]`` (``cols[j]``)."""
    unary = weight * full.unary
    unary[np.ix_(rows, cols)] += aspect.unary
    mapped = aspect.pairs.copy()
    if len(mapped):
        mapped[:, 0], mapped[:, 2] = rows[aspect.pairs[:, 0]], rows[aspect.pairs[:, 2]]
        mapped[:, 1], mapped[:, 3] = cols[aspect.pairs[:, 1]], cols[aspect.pairs[:, 3]]
        swap = mapped[:, 0] > mapped[:, 2]
        mapped[swap] = mapped[swap][:, [2, 3, 0, 1]]
    quads = np.concatenate([full.pairs, mapped]).reshape(-1, 4)
    values = np.concatenate([weight * full.weights, aspect.weights])
    if not len(quads):
        return AlignmentProblem(unary, quads, values)
    keys, inverse = np.unique(quads, axis=0, return_inverse=True)
    return AlignmentProblem(unary, keys, np.bincount(inverse.ravel(), weights=values, minlength=len(keys)))


@dataclass(frozen=True)
class FineSmatch(AlignedMatch):
    """Fine-grained Smatch: per-aspect (matched, |test|, |gold|), so micro, macro and bootstrap apply per aspect.

    Parameters: those of ``smatch`` plus ``realign`` (align each graph aspect on its own instead of
    reusing the full graphs' certified optimal alignment). ``--metric smatch:fine`` names it.
    """

    realign: bool = False

    name: ClassVar[str] = "smatch-fine"
    aspects: ClassVar[tuple[str, ...]] = ASPECTS
    stat_names: ClassVar[tuple[str, ...]] = tuple(f"{a}.{s}" for a in ASPECTS for s in ("matched", "n_test", "n_gold")) + (
        "Smatch.upper",
        "uncertified_subgraphs",
    )
    score_names: ClassVar[tuple[str, ...]] = tuple(f"{a}.{s}" for a in ASPECTS for s in ("P", "R", "F"))

    def prepare(self, graph: Graph) -> FineGraph:
        preset = self.preset
        full = preset(graph)
        graphs = {
            "Smatch": full,
            "Unlabeled": unlabel(full, preset.deduplicates),
            "No WSD": strip_senses(full),
            "Reentrancies": preset(reentrancy_subgraph(graph)),
            "SRL": preset(srl_subgraph(graph)),
        }
        return FineGraph(graphs, label_bags(full))

    def prepare_key(self) -> tuple[str, str]:
        return ("fine", self.std)

    def _under_full(
        self,
        full_t: Graph,
        full_g: Graph,
        full: AlignmentProblem,
        alignment: Alignment,
        face: Callable[[], Face | None],
        t: Graph,
        g: Graph,
        budget: Budget,
    ) -> tuple[float, bool]:
        """An aspect's matches under the best optimal full alignment for it, and whether that is certified.

        Optimal full alignments can tie; counting under whichever one the solver returned would
        make the aspect depend on variable names and triple order. So we maximise
        ``w * full + aspect`` with ``w`` above any aspect count: among the optimal full alignments,
        the one that matches the most aspect triples. Skipped when the returned alignment already
        matches as many aspect triples as any alignment of the aspect's graphs could. Above
        :data:`FACE_LINKS` links both solves see only the node pairs an alignment as good as the
        returned one can use (``face``, :mod:`~amrmetrics.metrics.fine_face`): their optima stay
        the same, and a document's problems become small. A full problem too large to formulate
        (or whose LP ran out of time) proves no full alignment optimal: the count is not certified.
        """
        aspect = self.problem(t, g, budget)
        full_index_t = {v: i for i, v in enumerate(full_t.variables)}
        full_index_g = {v: j for j, v in enumerate(full_g.variables)}
        rows = np.array([full_index_t.get(v, -1) for v in t.variables], dtype=np.int64)
        cols = np.array([full_index_g.get(v, -1) for v in g.variables], dtype=np.int64)
        now = aspect.value(_restrict(alignment.mapping, rows, cols))
        if self.preset.duplicates == "min":
            ceiling = float(min(len(t), len(g)))  # each triple matches at most once
        elif aspect.ceiling is not None:  # a restricted problem's weights leave out links: its own bound
            ceiling = aspect.ceiling
        else:
            ceiling = float(np.maximum(aspect.unary, 0).sum() + np.maximum(aspect.weights, 0).sum())
        if now >= ceiling or (rows < 0).any() or (cols < 0).any():
            return now, True  # nothing to gain, or a node the preset dropped from the full graph
        if aspect.ceiling is None and eliminate(index_problem(aspect), now)[1] <= now + 1e-9:
            return now, True  # no alignment of the aspect's graphs does better (a bound without LP)
        if full.ceiling is not None:
            return now, False
        narrow, wide, usable = aspect, full, None
        if len(full.pairs) + len(aspect.pairs) > FACE_LINKS:
            usable = face()
            if usable is None:
                return now, False
            narrow, wide = usable.restrict(aspect, rows, cols), usable.restricted_full
        own = solve(narrow, self._solver(), budget=budget)  # usually cheaper, and usually shows there is nothing to gain
        if certified(own.value, own.upper) and own.value <= now + 1e-9:
            return now, True
        best = solve(lexicographic(wide, ceiling + 1.0, narrow, rows, cols), self._solver(), budget=budget)
        mapping = best.mapping if usable is None else usable.clean(best.mapping)
        value = aspect.value(_restrict(mapping, rows, cols))
        if full.value(mapping) < alignment.value - 1e-9 or value < now:
            return now, False
        return value, certified(best.value, best.upper)

    def pair(self, test: FineGraph, gold: FineGraph) -> PairResult:
        full_t, full_g = test.graphs["Smatch"], gold.graphs["Smatch"]
        budget = self.budget()
        full = self.problem(full_t, full_g, budget)
        alignment = solve(full, self._solver(), budget=budget)
        face = cache(lambda: optimal_face(full, alignment.value, budget))
        counts: dict[str, tuple[float, float, float]] = {}
        uncertified = 0
        for aspect in GRAPH_ASPECTS:
            t, g = test.graphs[aspect], gold.graphs[aspect]
            if aspect == "Smatch":
                matched, sure = alignment.value, certified(alignment.value, alignment.upper)
            elif not t.instances or not g.instances:
                matched, sure = 0.0, True
            elif self.realign:
                own = self.align(t, g, budget)
                matched, sure = own.value, certified(own.value, own.upper)
            else:
                matched, sure = self._under_full(full_t, full_g, full, alignment, face, t, g, budget)
            uncertified += not sure
            counts[aspect] = (float(matched), float(len(t)), float(len(g)))
        gold_vars = full_g.variables
        pairs = {t: gold_vars[j] for t, j in zip(full_t.variables, alignment.mapping) if j >= 0}
        for aspect in BAG_ASPECTS:
            t_bag, g_bag = test.bags[aspect], gold.bags[aspect]
            counts[aspect] = (float(sum((t_bag & g_bag).values())), float(sum(t_bag.values())), float(sum(g_bag.values())))
        stats = tuple(x for aspect in ASPECTS for x in counts[aspect]) + (float(alignment.upper), float(uncertified))
        details = {
            "lower": alignment.value,
            "upper": alignment.upper,
            "status": alignment.status,
            "solver_seconds": alignment.seconds,
            "alignment": [[t, g] for t, g in pairs.items()],
        }
        return PairResult(stats, details)

    def _counts(self, stats: np.ndarray) -> np.ndarray:
        """``(..., aspects, 3)`` view of (matched, n_test, n_gold)."""
        stats = np.asarray(stats, dtype=np.float64)
        return stats[..., : 3 * len(ASPECTS)].reshape(stats.shape[:-1] + (len(ASPECTS), 3))

    def scores(self, stats: np.ndarray) -> dict[str, np.ndarray]:
        return aspect_prf(self._counts(stats), ASPECTS)

    def summary(self, stats: np.ndarray) -> dict[str, Any]:
        """Pooled counts per aspect and the pairs it applies to; certification of the full alignments."""
        stats = np.asarray(stats, dtype=np.float64).reshape(-1, len(self.stat_names))
        counts = self._counts(stats)
        pooled = counts.sum(axis=0)
        aspects = {
            a: {
                "matched": float(pooled[i, 0]),
                "n_test": float(pooled[i, 1]),
                "n_gold": float(pooled[i, 2]),
                "pairs": int(((counts[:, i, 1] > 0) | (counts[:, i, 2] > 0)).sum()),
            }
            for i, a in enumerate(ASPECTS)
        }
        smatch = np.concatenate([counts[:, 0, :], stats[:, [3 * len(ASPECTS)]]], axis=1)
        certification = super().summary(smatch)
        return {"aspects": aspects, **certification, "uncertified_subgraphs": int(stats[:, -1].sum())}

    def spec(self) -> str:
        """``smatch:fine`` plus changed parameters (``smatch:fine,realign=yes``), which the registry reads back."""
        _, _, params = super().spec().partition(":")
        return "smatch:fine" + ("," + params if params else "")

    def signature_items(self) -> list[tuple[str, str]]:
        return super().signature_items() + [("align", "each-aspect" if self.realign else "full-graphs")]
