"""``ancast``: AnCast-compatible numbers for UMR documents (umr4nlp/ancast 37d6e7f, its defaults).

One pair is a document. ``scope=doc`` (the default) gives AnCast's document scope: Sent (LRM
pooled over the document's sentences), Modal, Temporal, Coref and Comp; ``scope=snt`` AnCast's
sentence scope (Sent only; no lexical anchors, since the release's ``# :: sntN`` lines carry no
text). Both add Concept (AnCast's concept score pooled over the sentences; its recall equals its
precision, as AnCast reports it). Each pair's details hold every sentence's AnCast numbers and
alignment. Micro pools the numerators and denominators over documents; macro is the mean document
F, which is AnCast's own several-document average (unannotated documents count 0 there).

Every AnCast behaviour that changes a number is reproduced here, and only here (the ``umr`` metric
fixes them; docs/umr.md lists them): its own graph reader and alignment heuristic, sentences it
cannot read (an unclosed bracket, no graph) left out, empty categories scoring 0, concept recall =
precision, WLRM's gold side reading the test graph's counts, unknown document-level labels
(``:contains``, ``:subset``) dropped, one label per ordered pair, forward references left
unaligned, the header text as anchor text in document scope. Where AnCast crashes instead of
scoring (a multi-span alignment line ``v: 12-12,15-15``, a block without a part, the trailing piece
of the release layout), the document is scored as AnCast would score it without the crash, and the
crash is counted (``summary()["would_crash"]``); where AnCast stops for good (an exception inside
its scoring), the pair is a clean error naming the document and sentence.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

import numpy as np

from amrmetrics.errors import DataError, UsageError
from amrmetrics.metrics.ancast_align import Tally, match_sentence
from amrmetrics.metrics.ancast_document import DocumentState, closure_score, modal
from amrmetrics.metrics.ancast_graph import AncastCrash, AncastSkip, read_graph
from amrmetrics.metrics.base import Metric, PairResult
from amrmetrics.read.umr import SEPARATOR, UmrDocument, UmrSentence

ASPECTS = ("Sent", "Concept", "Modal", "Temporal", "Coref", "Comp")
DOCUMENT_ASPECTS = ("Modal", "Temporal", "Coref", "Comp")
_PR = ("p_num", "p_den", "r_num", "r_den")
COUNTS = ("blocks", "scored", "unreadable", "left_out", "dropped_labels", "would_crash")
"""Per document: sentence blocks, sentences scored, sentences AnCast cannot read (left out), sentence pairs
the error policy left out, document-level relations AnCast drops (unknown labels), and AnCast crashes avoided."""


def _prf_arrays(p_num: np.ndarray, p_den: np.ndarray, r_num: np.ndarray, r_den: np.ndarray) -> dict[str, np.ndarray]:
    """AnCast's P, R, F (0 where a denominator is 0), elementwise."""
    with np.errstate(divide="ignore", invalid="ignore"):
        p = np.where(p_den != 0, p_num / np.where(p_den != 0, p_den, 1), 0.0)
        r = np.where(r_den != 0, r_num / np.where(r_den != 0, r_den, 1), 0.0)
        f = np.where(p + r != 0, 2 * p * r / np.where(p + r != 0, p + r, 1), 0.0)
    return {"P": p, "R": r, "F": f}


def _alignment_crashes(sentence: UmrSentence, variables: set[str]) -> int:
    """Alignment lines AnCast's document scope cannot read for a variable of the graph (it stops there)."""
    lines: dict[str, str] = {}
    for line in sentence.parts.alignment.split("\n"):
        if not line.strip() or "alignment" in line:
            continue
        parts = line.strip().split(":")
        if len(parts) != 2:
            return 1
        lines[parts[0]] = parts[1].strip()
    crashes = 0
    for var, value in lines.items():
        if var not in variables:
            continue
        if not value:
            crashes += 1
        elif value[0] not in "0-":
            pieces = value.split("-")
            if "undefined" not in pieces:
                try:
                    int(pieces[0]), int(pieces[1])
                except (ValueError, IndexError):
                    crashes += 1
    return crashes


@dataclass(frozen=True)
class Ancast(Metric):
    """AnCast-compatible document and sentence scores of UMR documents (docs/umr.md).

    Parameters: ``scope`` (``doc``: AnCast's document scope; ``snt``: its sentence scope).
    """

    scope: Literal["doc", "snt"] = "doc"

    name: ClassVar[str] = "ancast"
    unit: ClassVar[str] = "document"
    symmetric: ClassVar[bool] = False
    stat_names: ClassVar[tuple[str, ...]] = (
        tuple(f"Sent.{k}" for k in _PR)
        + ("Concept.num", "Concept.den")
        + ("Modal.matched", "Modal.n_test", "Modal.n_gold")
        + tuple(f"{a}.{k}" for a in ("Temporal", "Coref", "Comp") for k in _PR)
        + tuple(f"count.{c}" for c in COUNTS)
    )
    notes: ClassVar[tuple[str, ...]] = (
        "AnCast-compatible: AnCast's own reader and alignment heuristic, quirks included (not certified; see docs/umr.md)",
    )

    def __post_init__(self) -> None:
        if self.scope not in ("doc", "snt"):
            raise ValueError("scope must be doc or snt")

    @property
    def score_names(self) -> tuple[str, ...]:  # type: ignore[override]
        """Sent and Concept, plus Modal, Temporal, Coref and Comp in document scope."""
        aspects = ASPECTS if self.scope == "doc" else ("Sent", "Concept")
        return tuple(f"{a}.{k}" for a in aspects for k in ("P", "R", "F"))

    @property
    def headline(self) -> str:
        """Comp F in document scope, Sent F in sentence scope."""
        return "Comp.F" if self.scope == "doc" else "Sent.F"

    def prepare(self, document: Any) -> UmrDocument:  # type: ignore[override]
        if not isinstance(document, UmrDocument):
            raise UsageError("the ancast metric scores UMR documents (.umr files or folders of them)")
        return document

    def prepare_key(self) -> tuple[str, str]:
        return ("umr-document", "as-read")

    def pair(self, test: UmrDocument, gold: UmrDocument) -> PairResult:  # type: ignore[override]
        doc = self.scope == "doc"
        forward, backward = Tally(), Tally()
        state = DocumentState()
        rows: list[dict[str, Any]] = []
        counts = dict.fromkeys(COUNTS, 0)
        for t, g in zip(test.sentences, gold.sentences):
            counts["blocks"] += 1
            if t.skipped or g.skipped:
                counts["left_out"] += 1
                continue
            if doc:
                counts["would_crash"] += self._layout_crashes(t) + self._layout_crashes(g)
            try:
                t_graph, g_graph = read_graph(self._graph_text(t)), read_graph(self._graph_text(g))
            except AncastSkip as skip:
                counts["unreadable"] += 1
                rows.append({"sent_index": t.number, "snt_label": t.label, "skipped": str(skip)})
                continue
            if doc:
                counts["would_crash"] += _alignment_crashes(t, set(t_graph.nodes)) + _alignment_crashes(g, set(g_graph.nodes))
                texts = (self._header(t), self._header(t))
            else:
                texts = (t.text, g.text)
            try:
                match = match_sentence(t_graph, g_graph, *texts)
            except AncastCrash as crash:
                raise DataError(f"{test.file}: sentence {t.number}: {crash}") from None
            forward.add(match.forward)
            backward.add(match.backward)
            counts["scored"] += 1
            rows.append({"sent_index": t.number, "snt_label": t.label, **match.row(), "t2g": match.t2g, "g2t": match.g2t,
                         "anchor_level_test": match.levels})
            if doc:
                state.sentence((t.parts.document.strip(), g.parts.document.strip()), (match.t2g, match.g2t))
        try:
            stats, extra = self._document_stats(forward, backward, state, doc)
        except AncastCrash as crash:
            raise DataError(f"{test.file}: {crash}") from None
        counts["dropped_labels"] = len(state.dropped)
        details = {"sentences": rows, **extra}
        return PairResult(stats + tuple(float(counts[c]) for c in COUNTS), details)

    def _document_stats(self, forward: Tally, backward: Tally, state: DocumentState, doc: bool) -> tuple[tuple[float, ...], dict[str, Any]]:
        sent = self._sent(forward) + self._sent(backward)
        concept = (forward.good + forward.bad, float(forward.good_n + forward.bad_n))
        if not doc:
            return tuple(map(float, sent + concept)) + (0.0,) * 15, {}
        m = modal(state)
        temporal, coref = closure_score(state, "temporal"), closure_score(state, "coref")
        comp_p = (forward.sums["lr"] + m[0] + temporal[0] + coref[0], forward.counts["lr"] + m[1] + temporal[1] + coref[1])
        comp_r = (backward.sums["lr"] + m[0] + temporal[2] + coref[2], backward.counts["lr"] + m[2] + temporal[3] + coref[3])
        stats = sent + concept + m + temporal + coref + comp_p + comp_r
        names = state.ids
        triples = {
            label: {
                c: sorted([names[space][h], r, names[space][t]] for (h, t), r in state.annotations[side][c].items())
                for c in state.annotations[side]
            }
            for label, side, space in (("test", 0, 0), ("gold", 1, 1), ("test_in_gold_space", 0, 1))
        }
        return tuple(float(x) for x in stats), {"document_triples": triples, "dropped": state.dropped}

    @staticmethod
    def _sent(tally: Tally) -> tuple[float, float]:
        """Sent's numerator and denominator in one direction (AnCast uses the concept score when no relation was counted)."""
        if tally.counts["lr"] == 0:
            return tally.good + tally.bad, float(tally.good_n + tally.bad_n)
        return tally.sums["lr"], tally.counts["lr"]

    def _graph_text(self, sentence: UmrSentence) -> str:
        return sentence.parts.graph.strip() if self.scope == "doc" else sentence.parts.graph

    @staticmethod
    def _header(sentence: UmrSentence) -> str:
        """The text AnCast's document scope anchors on: the whole block header (the 80-# line included)."""
        header = sentence.parts.header
        return (SEPARATOR + "\n" + header).strip() if sentence.parts.separator else header.strip()

    @staticmethod
    def _layout_crashes(sentence: UmrSentence) -> int:
        """A block without one of the three parts stops AnCast's document scope."""
        return int(not all(sentence.parts.marked))

    def scores(self, stats: np.ndarray) -> dict[str, np.ndarray]:
        stats = np.asarray(stats, dtype=np.float64)
        col = {name: stats[..., k] for k, name in enumerate(self.stat_names)}
        out = {}
        for aspect in ("Sent", "Temporal", "Coref", "Comp"):
            for k, v in _prf_arrays(*(col[f"{aspect}.{x}"] for x in _PR)).items():
                out[f"{aspect}.{k}"] = v
        for k, v in _prf_arrays(col["Concept.num"], col["Concept.den"], col["Concept.num"], col["Concept.den"]).items():
            out[f"Concept.{k}"] = v
        for k, v in _prf_arrays(col["Modal.matched"], col["Modal.n_test"], col["Modal.matched"], col["Modal.n_gold"]).items():
            out[f"Modal.{k}"] = v
        return {name: out[name] for name in self.score_names}

    def summary(self, stats: np.ndarray) -> dict[str, Any]:
        """Pooled counts (blocks, sentences scored, left out and why, dropped labels, AnCast crashes avoided),
        the documents each aspect applies to, and these facts in words."""
        stats = np.asarray(stats, dtype=np.float64).reshape(-1, len(self.stat_names))
        base = len(self.stat_names) - len(COUNTS)
        counts = {c: int(stats[:, base + k].sum()) for k, c in enumerate(COUNTS)}
        col = {name: stats[:, k] for k, name in enumerate(self.stat_names)}
        dens = {"Sent": "Sent.p_den", "Concept": "Concept.den", "Modal": "Modal.n_test", "Temporal": "Temporal.p_den",
                "Coref": "Coref.p_den", "Comp": "Comp.p_den"}
        recall = {"Modal": "Modal.n_gold", "Concept": "Concept.den"}
        aspects = {
            a: {"pairs": int(((col[d] > 0) | (col[recall.get(a, d.replace("p_den", "r_den"))] > 0)).sum())}
            for a, d in dens.items()
        }
        facts = [f"{counts['scored']} of {counts['blocks']} sentence pairs scored"]
        if counts["unreadable"]:
            facts.append(f"{counts['unreadable']} left out because AnCast cannot read a side (as AnCast does)")
        if counts["left_out"]:
            facts.append(f"{counts['left_out']} left out by the error policy")
        if counts["dropped_labels"]:
            facts.append(f"{counts['dropped_labels']} document-level relations dropped (labels AnCast does not know)")
        if counts["would_crash"]:
            facts.append(f"{counts['would_crash']} places where AnCast itself crashes (scored as if it did not)")
        return {**counts, "aspects": aspects, "facts": ["; ".join(facts)]}

