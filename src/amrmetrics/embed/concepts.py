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
    """How one concept is compared: its lower-cased text and, when it is a predicate, its lemma."""

    text: str
    lemma: str | None

    @classmethod
    def of(cls, concept: str) -> ConceptForm:
        """The form of a concept (lower-cased; a predicate has a ``-`` and a digit)."""
        text = concept.lower()
        lemma = text.rpartition("-")[0] if "-" in text and _DIGIT.search(text) else None
        return cls(text, lemma or None)


class ConceptSimilarity:
    """S2match's concept similarity over one embedder.

    Every concept seen gets a row (its unit vector, whether it has one, and integer ids of its
    text and lemma, -1 for a non-predicate), cached per object, so a pair's whole similarity
    matrix is a few array operations. New concepts are embedded in one batch per call.
    """

    def __init__(self, embedder: Embedder, tau: float = 0.5, diffsense: float = 0.5) -> None:
        self.embedder = embedder
        self.tau = tau
        self.diffsense = diffsense
        self._row: dict[str, int] = {}
        self._strings: dict[str, int] = {}
        self._units = np.zeros((0, 0))
        self._known = np.zeros(0, dtype=bool)
        self._text_id = np.zeros(0, dtype=np.int64)
        self._lemma_id = np.zeros(0, dtype=np.int64)

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

    def _model_vectors(self, forms: list[ConceptForm]) -> list[np.ndarray | None]:
        """Embed the lemmas or concepts of many forms as phrases, in one batch."""
        phrases = [" ".join((f.lemma or f.text).replace("_", "-").replace("-", " ").split()) for f in forms]
        distinct = list(dict.fromkeys(p for p in phrases if p))
        raw, known = self.embedder.raw(distinct) if distinct else (np.zeros((0, 0)), np.zeros(0, dtype=bool))
        index = {p: k for k, p in enumerate(distinct)}
        return [raw[index[p]] if p and known[index[p]] else None for p in phrases]

    def _intern(self, text: str) -> int:
        return self._strings.setdefault(text, len(self._strings))

    def _add(self, concepts: list[str]) -> None:
        """Give new concepts their rows (their vectors computed in one batch)."""
        forms = [ConceptForm.of(c) for c in concepts]
        if self.embedder.open_vocabulary:
            vectors = self._model_vectors(forms)
        else:
            vectors = [self._table_vector(f) for f in forms]
        for concept, form, vec in zip(concepts, forms, vectors):
            norm = 0.0 if vec is None else float(np.linalg.norm(vec))
            row = len(self._row)
            if row == len(self._known):
                self._grow(max(64, 2 * row))
            if vec is not None and norm > 0.0:
                self._units[row] = vec / norm
                self._known[row] = True
            self._text_id[row] = self._intern(form.text)
            self._lemma_id[row] = self._intern(form.lemma) if form.lemma else -1
            self._row[concept] = row

    def _grow(self, size: int) -> None:
        """Enlarge the per-concept arrays to ``size`` rows (amortised doubling)."""
        n = len(self._known)
        units = np.zeros((size, self.embedder.dim))
        if n:
            units[:n] = self._units
        self._units = units
        self._known = np.concatenate([self._known, np.zeros(size - n, dtype=bool)])
        self._text_id = np.concatenate([self._text_id, np.zeros(size - n, dtype=np.int64)])
        self._lemma_id = np.concatenate([self._lemma_id, np.zeros(size - n, dtype=np.int64)])

    def rows(self, concepts: Sequence[str]) -> np.ndarray:
        """Row numbers of concepts (adding the new ones)."""
        table = self._row
        new = list(dict.fromkeys(c for c in concepts if c not in table))
        if new:
            self._add(new)
        return np.array([table[c] for c in concepts], dtype=np.int64)

    def vector(self, concept: str) -> np.ndarray | None:
        """The unit vector S2match compares for a concept, or None when it has none."""
        row = int(self.rows([concept])[0])
        return self._units[row].copy() if self._known[row] else None

    def matrix(self, left: Sequence[str], right: Sequence[str]) -> np.ndarray:
        """``(len(left), len(right))`` similarities of two concept lists."""
        both = self.rows([*left, *right])
        li, ri = both[: len(left)], both[len(left) :]
        if not len(li) or not len(ri):
            return np.zeros((len(li), len(ri)))
        units, known, text, lemma = self._units, self._known, self._text_id, self._lemma_id
        graded = self.embedder.similarity(units[li] @ units[ri].T)
        graded = np.where((graded > self.tau) & known[li][:, None] & known[ri][None, :], graded, 0.0)
        lt, rt, ll, rl = text[li][:, None], text[ri][None, :], lemma[li][:, None], lemma[ri][None, :]
        predicate = (ll >= 0) | (rl >= 0)
        graded = np.where(predicate, graded * self.diffsense, graded)
        sense = ((ll >= 0) & ((ll == rl) | (ll == rt))) | ((rl >= 0) & (rl == lt))
        graded = np.where(sense, self.diffsense, graded)
        return np.where(lt == rt, 1.0, graded)

    def __call__(self, a: str, b: str) -> float:
        """Similarity of two concepts."""
        return float(self.matrix([a], [b])[0, 0])
