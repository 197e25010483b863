"""Graded similarity of two AMR concepts, as S2match defines it (Opitz et al. 2020).

sim(a, b) for lower-cased concepts:

* identical -> 1;
* same lemma, different sense (``hit-01``/``hit-02``, or ``hit-01``/``hit``) -> ``diffsense``;
* otherwise the backend's similarity of the two concept vectors (cosine clamped at 0, or a
  model's calibrated cosine), kept only if > ``tau``, times ``diffsense`` when either side is a
  predicate; unknown words -> 0.

A *predicate* is what the reference calls one: a concept with a ``-`` and a digit; its lemma is
the part before the last ``-``. With a word-vector table, a concept's vector is looked up the
way the reference does: a predicate's lemma as a whole word, plus the vector of lemma + ``s``
when the table has it; any other concept as a whole word, else the sum of its ``-``-parts. With an
open-vocabulary model, the concept's lemma is embedded as a phrase (``-`` and ``_`` read as
spaces).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from amrmetrics.embed.base import Embedder

_DIGIT = re.compile(r"[0-9]")


@dataclass(frozen=True)
class ConceptForm:
    """How one concept is compared: its text, its lemma when it is a predicate, and its key words."""

    text: str
    lemma: str | None

    @classmethod
    def of(cls, concept: str) -> ConceptForm:
        """The form of a concept (lower-cased; a predicate has a ``-`` and a digit)."""
        text = concept.lower()
        lemma = text.rpartition("-")[0] if "-" in text and _DIGIT.search(text) else None
        return cls(text, lemma or None)


class ConceptSimilarity:
    """S2match's concept similarity over one embedder, with a per-object cache of concept vectors."""

    def __init__(self, embedder: Embedder, tau: float = 0.5, diffsense: float = 0.5) -> None:
        self.embedder = embedder
        self.tau = tau
        self.diffsense = diffsense
        self._forms: dict[str, ConceptForm] = {}
        self._vectors: dict[str, np.ndarray | None] = {}

    def form(self, concept: str) -> ConceptForm:
        """The cached :class:`ConceptForm` of a concept."""
        found = self._forms.get(concept)
        if found is None:
            found = self._forms[concept] = ConceptForm.of(concept)
        return found

    def _table_vector(self, form: ConceptForm) -> np.ndarray | None:
        lookup = self.embedder.raw
        if form.lemma:
            raw, known = lookup([form.lemma, form.lemma + "s"])
            return raw[0] + raw[1] if known[0] else None
        raw, known = lookup([form.text])
        if known[0]:
            return raw[0]
        if "-" not in form.text:
            return None
        raw, known = lookup(form.text.split("-"))
        return raw[known].sum(axis=0) if known.any() else None

    def _model_vector(self, form: ConceptForm) -> np.ndarray | None:
        phrase = " ".join((form.lemma or form.text).replace("_", "-").replace("-", " ").split())
        if not phrase:
            return None
        raw, known = self.embedder.raw([phrase])
        return raw[0] if known[0] else None

    def vector(self, concept: str) -> np.ndarray | None:
        """The unit vector S2match compares for a concept, or None when it has none."""
        if concept not in self._vectors:
            form = self.form(concept)
            vec = self._model_vector(form) if self.embedder.open_vocabulary else self._table_vector(form)
            norm = 0.0 if vec is None else float(np.linalg.norm(vec))
            self._vectors[concept] = None if vec is None or norm == 0.0 else vec / norm
        return self._vectors[concept]

    def matrix(self, left: Sequence[str], right: Sequence[str]) -> np.ndarray:
        """``(len(left), len(right))`` similarities; computed once per distinct concept pair."""
        rows, cols = list(dict.fromkeys(left)), list(dict.fromkeys(right))
        out = np.zeros((len(rows), len(cols)))
        if rows and cols:
            left_vecs = [self.vector(c) for c in rows]
            right_vecs = [self.vector(c) for c in cols]
            lk = np.array([v is not None for v in left_vecs])
            rk = np.array([v is not None for v in right_vecs])
            if lk.any() and rk.any():
                a = np.stack([v for v in left_vecs if v is not None])
                b = np.stack([v for v in right_vecs if v is not None])
                graded = self.embedder.similarity(a @ b.T)
                graded = np.where(graded > self.tau, graded, 0.0)
                lp = np.array([self.form(c).lemma is not None for c in rows])[lk]
                rp = np.array([self.form(c).lemma is not None for c in cols])[rk]
                graded = np.where(lp[:, None] | rp[None, :], graded * self.diffsense, graded)
                out[np.ix_(lk, rk)] = graded
            self._exact(rows, cols, out)
        ri = {c: i for i, c in enumerate(rows)}
        ci = {c: j for j, c in enumerate(cols)}
        return out[np.ix_([ri[c] for c in left], [ci[c] for c in right])]

    def _exact(self, rows: list[str], cols: list[str], out: np.ndarray) -> None:
        """Overwrite the string-decided cells: identical -> 1, a sense difference -> diffsense."""
        by_text: dict[str, list[int]] = {}
        by_lemma: dict[str, list[int]] = {}
        for j, concept in enumerate(cols):
            form = self.form(concept)
            by_text.setdefault(form.text, []).append(j)
            if form.lemma:
                by_lemma.setdefault(form.lemma, []).append(j)
        for i, concept in enumerate(rows):
            form = self.form(concept)
            sense = by_lemma.get(form.text, [])
            if form.lemma:
                sense = sense + by_lemma.get(form.lemma, []) + by_text.get(form.lemma, [])
            out[i, sense] = self.diffsense
            out[i, by_text.get(form.text, [])] = 1.0

    def __call__(self, a: str, b: str) -> float:
        """Similarity of two concepts."""
        return float(self.matrix([a], [b])[0, 0])
