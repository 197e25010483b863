"""``umr``: UMR documents scored under one certified alignment of sentence graphs and document layer.

One pair is a document (a ``.umr`` file against its gold file). Its nodes are every sentence
graph's nodes; a test node may align only with a gold node of the same sentence (as in
``smatch:doc=sentence``). The alignment maximises the matched triples of the sentence graphs (the
``std`` preset's triples, TOP included, per sentence) plus the matched document-level triples
(:mod:`amrmetrics.metrics.umr_layer`: variables through the alignment, constants as themselves,
symmetric labels in either order, each triple weighing 1), and is certified optimal by the exact
solver. Under it the metric reports, each as P/R/F from pooled counts:

* ``Sentence``: the sentence graphs' triples;
* ``Temporal``, ``Modal``, ``Coref``: the document-level triples of each category;
* ``TemporalClosure``, ``CorefClosure``: the same under AnCast's transitive closure rules;
* ``Comprehensive`` (the headline): sentence triples and document-level triples pooled, which is
  the objective the alignment maximises;

and, in the summary, counts per document-level label. A category neither side has does not apply
(NaN, left out of macro averages), never 0 or 1. Where optimal alignments tie, the aspects follow
the one the solver returns; ``Comprehensive`` does not depend on it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

import numpy as np

from amrmetrics.align import AlignmentProblem, build_problem
from amrmetrics.align.doc_problem import build_document_problem
from amrmetrics.align.restrict import Compatibility, restrict, weighted_sum
from amrmetrics.errors import DataError
from amrmetrics.graph import EMPTY_GRAPH, Graph
from amrmetrics.metrics.base import PairResult, aspect_prf, prf
from amrmetrics.metrics.smatch import AlignedMatch
from amrmetrics.metrics.umr_layer import CATEGORIES, LABELS, LayerTriple, closure, distinct, normalised
from amrmetrics.read.umr import UmrDocument

ASPECTS = ("Sentence", "Temporal", "Modal", "Coref", "TemporalClosure", "CorefClosure", "Comprehensive")
_ALWAYS = frozenset({"Sentence", "Comprehensive"})
SEP = "\x1f"
"""Joins a sentence number and a variable into a node name (variables may repeat across sentences)."""


def node(sentence: int, var: str) -> str:
    """The document-wide name of variable ``var`` of sentence ``sentence``."""
    return f"{sentence}{SEP}{var}"


def shown(name: str) -> str:
    """A node name as people read it (the variable), a constant as itself."""
    return name.split(SEP, 1)[1] if SEP in name else name


@dataclass(frozen=True)
class PreparedDocument:
    """A document ready to score: each scored sentence's prepared graph, the joined graph, the layer."""

    name: str
    sentences: tuple[tuple[int, Graph], ...]
    """(sentence number, prepared graph with document-wide node names), skipped sentences left out."""
    graph: Graph
    layer: tuple[LayerTriple, ...]
    groups: tuple[int, ...]
    """The sentence number of each node of :attr:`graph`, in node order."""


def _qualified(graph: Graph, number: int) -> Graph:
    """``graph`` with every variable ``v`` renamed ``node(number, v)``."""
    if graph.is_empty():
        return EMPTY_GRAPH
    names = {v: node(number, v) for v in graph.variables}
    return Graph(
        instances=tuple((names[v], c) for v, c in graph.instances),
        attributes=tuple((names[v], r, c) for v, r, c in graph.attributes),
        relations=tuple((names[s], r, names[t]) for s, r, t in graph.relations),
        root=names.get(graph.root) if graph.root else None,
    )


def document_layer(document: UmrDocument, scored: set[int]) -> list[LayerTriple]:
    """The normalised document-level triples of the scored sentences (names resolved, see :mod:`umr_layer`)."""
    defined: dict[str, list[int]] = {}
    for sentence in document.sentences:
        if sentence.number in scored:
            for var in sentence.scored_graph.variables:
                defined.setdefault(var, []).append(sentence.number)

    def resolve(name: str, number: int) -> str:
        where = defined.get(name)
        if not where:
            return name
        if number in where:
            return node(number, name)
        earlier = [k for k in where if k < number]
        return node(earlier[-1] if earlier else where[0], name)

    triples = []
    for sentence in document.sentences:
        if sentence.number not in scored:
            continue
        for r in sentence.relations:
            written = f"({r.head} :{r.label} {r.tail})"
            head, tail = resolve(r.head, sentence.number), resolve(r.tail, sentence.number)
            triples.append(normalised(r.category, head, r.label, tail, written, sentence.number))
    return distinct(triples)


def layer_problem(test: PreparedDocument, gold: PreparedDocument) -> AlignmentProblem:
    """The document layer's part of the objective: a triple between two nodes is a link, a triple
    between a node and a constant earns a unary weight, symmetric links count half in each direction."""
    t_index = {v: i for i, v in enumerate(test.graph.variables)}
    g_index = {v: j for j, v in enumerate(gold.graph.variables)}
    unary = np.zeros((len(t_index), len(g_index)))
    gold_links: dict[str, list[tuple[int, int, float]]] = {}
    gold_anchored: dict[tuple[str, str, str], list[int]] = {}
    for triple in gold.layer:
        _add(triple, g_index, gold_links, gold_anchored)
    test_links: dict[str, list[tuple[int, int, float]]] = {}
    test_anchored: dict[tuple[str, str, str], list[int]] = {}
    for triple in test.layer:
        _add(triple, t_index, test_links, test_anchored)
    for key, rows in test_anchored.items():
        for j in gold_anchored.get(key, ()):
            unary[rows, j] += 1.0
    quads: dict[tuple[int, int, int, int], float] = {}
    for role, links in test_links.items():
        for i, k, weight in links:
            for j, l, _ in gold_links.get(role, ()):
                if i == k and j == l:
                    unary[i, j] += weight
                elif i != k and j != l:
                    key = (i, j, k, l) if i < k else (k, l, i, j)
                    quads[key] = quads.get(key, 0.0) + weight
    pairs = np.array(list(quads), dtype=np.int64).reshape(-1, 4)
    return AlignmentProblem(unary, pairs, np.array(list(quads.values()), dtype=np.float64))


def _add(triple: LayerTriple, index: dict[str, int], links: dict, anchored: dict) -> None:  # type: ignore[type-arg]
    role = f"{triple.category}:{triple.label}"
    head, tail = index.get(triple.head), index.get(triple.tail)
    if head is not None and tail is not None:
        if triple.symmetric and head != tail:
            links.setdefault(role, []).extend([(head, tail, 0.5), (tail, head, 0.5)])
        else:
            links.setdefault(role, []).append((head, tail, 1.0))
    elif head is not None:
        side = "sym" if triple.symmetric else "head"
        anchored.setdefault((role, side, triple.tail), []).append(head)
    elif tail is not None:
        side = "sym" if triple.symmetric else "tail"
        anchored.setdefault((role, side, triple.head), []).append(tail)


def _compatibility(test: PreparedDocument, gold: PreparedDocument) -> Compatibility:
    numbers = sorted(set(test.groups) | set(gold.groups))
    group = {n: k for k, n in enumerate(numbers)}
    return Compatibility(
        np.array([group[n] for n in test.groups], dtype=np.int64),
        np.array([group[n] for n in gold.groups], dtype=np.int64),
        np.eye(len(numbers), dtype=bool),
    )


@dataclass(frozen=True)
class UmrMetric(AlignedMatch):
    """UMR documents: sentence graphs and document layer under one certified alignment (see the module doc).

    Parameters: those of ``smatch`` (``std`` prepares each sentence graph; ``solver``, ``timeout``).
    """

    name: ClassVar[str] = "umr"
    unit: ClassVar[str] = "document"
    stat_names: ClassVar[tuple[str, ...]] = (
        tuple(f"{a}.{s}" for a in ASPECTS for s in ("matched", "n_test", "n_gold"))
        + ("Comprehensive.upper",)
        + tuple(f"label.{label}.{s}" for label in LABELS for s in ("matched", "n_test", "n_gold"))
    )
    score_names: ClassVar[tuple[str, ...]] = tuple(f"{a}.{s}" for a in ASPECTS for s in ("P", "R", "F"))

    @property
    def headline(self) -> str:
        """The comprehensive F."""
        return "Comprehensive.F"

    def prepare(self, document: Any) -> PreparedDocument:  # type: ignore[override]
        if not isinstance(document, UmrDocument):
            raise DataError("the umr metric scores UMR documents (.umr files or folders of them)")
        scored = {s.number for s in document.sentences if not s.skipped}
        sentences = []
        for sentence in document.sentences:
            if sentence.number in scored:
                sentences.append((sentence.number, _qualified(self.preset(sentence.scored_graph), sentence.number)))
        joined = Graph(
            instances=tuple(x for _, g in sentences for x in g.instances),
            attributes=tuple(x for _, g in sentences for x in g.attributes),
            relations=tuple(x for _, g in sentences for x in g.relations),
        )
        groups = tuple(n for n, g in sentences for _ in g.instances)
        return PreparedDocument(document.name, tuple(sentences), joined, tuple(document_layer(document, scored)), groups)

    def prepare_key(self) -> tuple[str, str]:
        return ("umr", self.std)

    def pair(self, test: PreparedDocument, gold: PreparedDocument) -> PairResult:  # type: ignore[override]
        allowed = _compatibility(test, gold)
        duplicates = self.preset.duplicates
        sentence_part = build_document_problem(test.graph, gold.graph, duplicates=duplicates, allowed=allowed)
        problem = weighted_sum([(1.0, sentence_part), (1.0, restrict(layer_problem(test, gold), allowed))])
        alignment = self._solver().solve(problem)
        mapping = allowed.keep(alignment.mapping)
        gold_vars = gold.graph.variables
        image = {t: gold_vars[j] for t, j in zip(test.graph.variables, mapping.tolist()) if j >= 0}
        rows = _sentence_rows(test, gold, image, duplicates)
        sentence = tuple(float(sum(r[k] for r in rows)) for k in ("matched", "n_test", "n_gold"))
        layer = _layer_counts(test.layer, gold.layer, image)
        comprehensive = tuple(sentence[k] + sum(layer["categories"][c][k] for c in layer["categories"]) for k in range(3))
        aspects = {
            "Sentence": sentence,
            **{c.capitalize(): layer["categories"].get(c, (0.0, 0.0, 0.0)) for c in CATEGORIES},
            "TemporalClosure": layer["closure"]["temporal"],
            "CorefClosure": layer["closure"]["coref"],
            "Comprehensive": comprehensive,
        }
        upper = comprehensive[0] + max(0.0, alignment.upper - alignment.value)
        stats = tuple(float(x) for a in ASPECTS for x in aspects[a]) + (upper,)
        stats += tuple(float(x) for label in LABELS for x in layer["labels"].get(label, (0, 0, 0)))
        details = {
            "lower": alignment.value,
            "upper": alignment.upper,
            "status": alignment.status,
            "solver_seconds": alignment.seconds,
            "alignment": [[shown(t), shown(g), int(t.split(SEP, 1)[0])] for t, g in image.items()],
            "sentences": rows,
            "relations": layer["listing"],
        }
        return PairResult(stats, details)

    def scores(self, stats: np.ndarray) -> dict[str, np.ndarray]:
        stats = np.asarray(stats, dtype=np.float64)
        counts = stats[..., : 3 * len(ASPECTS)].reshape(*stats.shape[:-1], len(ASPECTS), 3)
        out = aspect_prf(counts, ASPECTS, always="Sentence")
        total = prf(counts[..., -1, 0], counts[..., -1, 1], counts[..., -1, 2])
        out.update({f"Comprehensive.{k}": v for k, v in total.items()})
        return out

    def summary(self, stats: np.ndarray) -> dict[str, Any]:
        """Pooled counts per aspect and per document-level label; certification of the alignments."""
        stats = np.asarray(stats, dtype=np.float64).reshape(-1, len(self.stat_names))
        pooled = stats.sum(axis=0)
        aspects = {
            a: {
                **dict(zip(("matched", "n_test", "n_gold"), map(float, pooled[3 * k : 3 * k + 3]))),
                "pairs": int(((stats[:, 3 * k + 1] > 0) | (stats[:, 3 * k + 2] > 0)).sum()),
            }
            for k, a in enumerate(ASPECTS)
        }
        base = 3 * len(ASPECTS) + 1
        labels = {}
        for k, label in enumerate(LABELS):
            m, t, g = (float(x) for x in pooled[base + 3 * k : base + 3 * k + 3])
            if t or g:
                labels[label] = {"matched": m, "n_test": t, "n_gold": g, **{s: float(v) for s, v in prf(m, t, g).items()}}
        comprehensive = 3 * (len(ASPECTS) - 1)
        certified = super().summary(stats[:, [comprehensive, comprehensive + 1, comprehensive + 2, base - 1]])
        return {"aspects": aspects, "labels": labels, **certified}


def _sentence_rows(test: PreparedDocument, gold: PreparedDocument, image: dict[str, str], duplicates: Any) -> list[dict[str, Any]]:
    """Each sentence's own counts under the document alignment (sentence triples only)."""
    gold_by = dict(gold.sentences)
    rows = []
    for number, t in test.sentences:
        g = gold_by.get(number, EMPTY_GRAPH)
        column = {v: j for j, v in enumerate(g.variables)}
        sub = [column.get(image.get(v, ""), -1) for v in t.variables]
        matched = build_problem(t, g, duplicates=duplicates).value(sub) if t.instances and g.instances else 0.0
        scores = prf(matched, len(t), len(g))
        rows.append({"sentence": number, "matched": matched, "n_test": len(t), "n_gold": len(g), **{k: float(v) for k, v in scores.items()}})
    return rows


def _layer_counts(test: tuple[LayerTriple, ...], gold: tuple[LayerTriple, ...], image: dict[str, str]) -> dict[str, Any]:
    """Matched, test and gold counts of the document layer under ``image`` (test node -> gold node): per
    category, per label bucket and under closure; and every triple and closure relation with its status
    (``matched``, ``test_only``, ``gold_only``)."""
    unaligned = {t: f"{_TEST}{t}" for t in {x for tr in test for x in (tr.head, tr.tail)} if SEP in t and t not in image}

    def rename(name: str) -> str:
        return image.get(name) or unaligned.get(name) or name

    gold_keys = {tr.key(): tr for tr in gold}
    test_keys = {tr.key(rename): tr for tr in test}
    categories: dict[str, list[float]] = {}
    labels: dict[str, list[float]] = {}
    listing: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for keys, side in ((test_keys, 1), (gold_keys, 2)):
        for key, tr in keys.items():
            for table, name in ((categories, tr.category), (labels, tr.bucket)):
                row = table.setdefault(name, [0.0, 0.0, 0.0])
                row[side] += 1
                if side == 1 and key in gold_keys:
                    row[0] += 1
            if side == 1 or key not in test_keys:
                status = "gold_only" if side == 2 else ("matched" if key in gold_keys else "test_only")
                entry = {"written": tr.written, "sentence": tr.sentence, "status": status}
                if status == "matched":
                    entry["gold"] = gold_keys[key].written
                listing.setdefault(tr.category, {"triples": [], "closure": []})["triples"].append(entry)
    closures: dict[str, tuple[float, float, float]] = {}
    renamed = [replace(tr, head=rename(tr.head), tail=rename(tr.tail)) for tr in test]
    for category in ("temporal", "coref"):
        t, g = closure(renamed, category), closure(gold, category)
        closures[category] = (float(len(t & g)), float(len(t)), float(len(g)))
        inferred = listing.setdefault(category, {"triples": [], "closure": []})["closure"]
        for start, end, kind in sorted(t | g):
            status = "matched" if (start, end, kind) in t and (start, end, kind) in g else ("test_only" if (start, end, kind) in t else "gold_only")
            inferred.append({"start": _shown_node(start), "end": _shown_node(end), "type": kind, "status": status})
    return {
        "categories": {c: tuple(v) for c, v in categories.items()},
        "labels": {k: tuple(v) for k, v in labels.items()},
        "closure": closures,
        "listing": listing,
    }


_TEST = "\x00test:"
"""Prefix of a test node the alignment leaves unaligned (it matches nothing of gold)."""


def _shown_node(name: str) -> str:
    """A node of the gold space as people read it: a gold variable, ``test:var`` for an unaligned test node, a constant."""
    return "test:" + shown(name[len(_TEST):]) if name.startswith(_TEST) else shown(name)


__all__ = ["ASPECTS", "UmrMetric", "document_layer", "layer_problem"]
