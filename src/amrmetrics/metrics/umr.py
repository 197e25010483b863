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

from amrmetrics.errors import UsageError
from amrmetrics.graph import Graph
from amrmetrics.metrics.base import PairResult, aspect_prf, prf
from amrmetrics.metrics.smatch import AlignedMatch
from amrmetrics.metrics.umr_layer import (
    CATEGORIES,
    LABELS,
    LayerTriple,
    closure,
    distinct,
    normalised,
)
from amrmetrics.metrics.umr_problem import (
    SEP,
    Part,
    SentencePair,
    document_parts,
    sentence_pairs,
    solve_part,
)
from amrmetrics.read.umr import UmrDocument

ASPECTS = ("Sentence", "Temporal", "Modal", "Coref", "TemporalClosure", "CorefClosure", "Comprehensive")


def node(sentence: int, var: str) -> str:
    """The document-wide name of variable ``var`` of sentence ``sentence`` (variables may repeat across sentences)."""
    return f"{sentence}{SEP}{var}"


def shown(name: str) -> str:
    """A node name as people read it (the variable), a constant as itself."""
    return name.split(SEP, 1)[1] if SEP in name else name


@dataclass(frozen=True)
class PreparedDocument:
    """A document ready to score: each scored sentence's prepared graph, the joined graph, the layer."""

    name: str
    sentences: tuple[tuple[int, Graph], ...]
    """(sentence number, prepared graph), skipped sentences left out."""
    layer: tuple[LayerTriple, ...]


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


@dataclass(frozen=True)
class UmrMetric(AlignedMatch):
    """UMR documents: sentence graphs and document layer under one certified alignment (docs/umr.md).

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
            raise UsageError("the umr metric scores UMR documents (.umr files or folders of them)")
        scored = {s.number for s in document.sentences if not s.skipped}
        sentences = tuple((s.number, self.preset(s.scored_graph)) for s in document.sentences if s.number in scored)
        return PreparedDocument(document.name, sentences, tuple(document_layer(document, scored)))

    def prepare_key(self) -> tuple[str, str]:
        return ("umr", self.std)

    def pair(self, test: PreparedDocument, gold: PreparedDocument) -> PairResult:  # type: ignore[override]
        duplicates = self.preset.duplicates
        sentences = sentence_pairs(test.sentences, gold.sentences, duplicates)
        parts = document_parts(sentences, test.layer, gold.layer, duplicates)
        image, value, upper, status, seconds, alone = self._solve(sentences, parts)
        fixed = float(len(_constant_keys(test.layer) & _constant_keys(gold.layer)))  # match under any alignment
        value, upper = value + fixed, upper + fixed
        rows = _sentence_rows(sentences, image, alone)
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
        upper = comprehensive[0] + max(0.0, upper - value)
        stats = tuple(float(x) for a in ASPECTS for x in aspects[a]) + (upper,)
        stats += tuple(float(x) for label in LABELS for x in layer["labels"].get(label, (0, 0, 0)))
        details = {
            "lower": value,
            "upper": upper,
            "status": status,
            "solver_seconds": seconds,
            "alignment": [[shown(t), shown(g), int(t.split(SEP, 1)[0])] for t, g in image.items()],  # in node order
            "sentences": rows,
            "relations": layer["listing"],
        }
        return PairResult(stats, details)

    def _solve(self, sentences: list[SentencePair], parts: list[Part]) -> tuple[dict[str, str], float, float, str, float, dict[int, float]]:
        """Solve every part: (test node -> gold node, value, upper bound, status, solver seconds, the value of each
        sentence solved alone without document-level weight) of the document."""
        solver, budget = self._solver(), self.budget()
        by_number = {s.number: s for s in sentences}
        image: dict[str, str] = {}
        alone: dict[int, float] = {}
        value = upper = seconds = 0.0
        status = "optimal"
        for part in parts:
            alignment = part.certified or solve_part(part.problem, solver, budget)  # type: ignore[arg-type]
            value, upper, seconds = value + alignment.value, upper + alignment.upper, seconds + alignment.seconds
            if alignment.status != "optimal" and status == "optimal":
                status = alignment.status
            tests = [node(n, v) for n in part.sentences for v in by_number[n].test_vars]
            golds = [node(n, v) for n in part.sentences for v in by_number[n].gold_vars]
            image.update({tests[i]: golds[j] for i, j in enumerate(alignment.mapping) if j >= 0})
            if part.plain:
                alone[part.sentences[0]] = alignment.value
        return image, value, upper, status, seconds, alone

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


def _constant_keys(layer: tuple[LayerTriple, ...]) -> set[tuple[str, str, str, str]]:
    """The document-level triples between two constants (``(root :modal author)``), which no alignment changes."""
    return {tr.key() for tr in layer if SEP not in tr.head and SEP not in tr.tail}  # type: ignore[misc]


def _sentence_rows(sentences: list[SentencePair], image: dict[str, str], alone: dict[int, float]) -> list[dict[str, Any]]:
    """Each sentence's own counts under the document alignment (sentence triples only); ``alone`` holds the
    value of the sentences that were a part by themselves, with no document-level weight."""
    rows = []
    for s in sentences:
        matched = 0.0
        if s.number in alone:
            matched = alone[s.number]
        elif s.problem is not None:
            column = {v: j for j, v in enumerate(s.gold_vars)}
            matched = s.problem.value([column.get(shown(image.get(node(s.number, v), "")), -1) for v in s.test_vars])
        scores = prf(matched, len(s.test), len(s.gold))
        rows.append({"sentence": s.number, "matched": matched, "n_test": len(s.test), "n_gold": len(s.gold), **{k: float(v) for k, v in scores.items()}})
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


__all__ = ["ASPECTS", "UmrMetric", "document_layer"]
