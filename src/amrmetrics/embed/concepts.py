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

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import chain

import numpy as np

from amrmetrics.embed.base import Embedder

_DIGIT = re.compile(r"[0-9]")
BLOCK_CELLS = 1 << 20
"""Cells of the similarity table :meth:`ConceptSimilarity.entries` computes at a time."""
GRID_CELLS = 1 << 12
"""Up to this many cells (a sentence pair's concepts) :meth:`ConceptSimilarity.entries` finds the
positive ones in plain Python after one matrix product, cheaper there than a dozen array operations."""


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

    Every concept seen gets a row, cached per object: its unit vector, whether it has one, its
    *factor* (0 without a vector, ``diffsense`` for a predicate, else 1: a graded match of two
    concepts is scaled by the smaller factor), and integer ids of its text and lemma (-1, or -2
    on the right side, for a non-predicate), so a pair's whole similarity matrix is a few array
    operations. New concepts are embedded in one batch per call (two for a word table). The same row
    facts are kept as Python numbers too (``_facts``), for a sentence pair's few concepts.
    """

    def __init__(self, embedder: Embedder, tau: float = 0.5, diffsense: float = 0.5) -> None:
        self.embedder = embedder
        self.tau = tau
        self.diffsense = diffsense
        self._row: dict[str, int] = {}
        self._strings: dict[str, int] = {}
        self._units = np.zeros((0, 0))
        self._factor = np.zeros(0)
        self._known = np.zeros(0, dtype=bool)
        self._text_id = np.zeros(0, dtype=np.int64)
        self._lemma_id = np.zeros(0, dtype=np.int64)
        self._lemma_right = np.zeros(0, dtype=np.int64)
        self._facts: list[tuple[float, int, int, int]] = []
        """Per row, as Python numbers: factor, text id, lemma id, right-side lemma id."""

    def _table_vectors(self, forms: list[ConceptForm]) -> list[np.ndarray | None]:
        """Look up many forms in a word table: whole words in one batch, then the ``-``-parts of
        the unknown non-predicates in a second one.
        """
        words: list[str] = []
        for form in forms:
            words += [form.lemma, form.lemma + "s"] if form.lemma else [form.text]
        raw, known = self.embedder.raw(words)
        vectors: list[np.ndarray | None] = []
        split: list[int] = []
        k = 0
        for n, form in enumerate(forms):
            if form.lemma:
                vectors.append(raw[k] + raw[k + 1] if known[k] else None)
                k += 2
                continue
            vectors.append(raw[k] if known[k] else None)
            if not known[k] and "-" in form.text:
                split.append(n)
            k += 1
        if split:
            parts = [forms[n].text.split("-") for n in split]
            raw, known = self.embedder.raw([p for ps in parts for p in ps])
            k = 0
            for n, ps in zip(split, parts):
                rows, hits = raw[k : k + len(ps)], known[k : k + len(ps)]
                vectors[n] = rows[hits].sum(axis=0) if hits.any() else None
                k += len(ps)
        return vectors

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
            vectors = self._table_vectors(forms)
        start = len(self._row)
        end = start + len(concepts)
        if end > len(self._factor):
            self._grow(max(64, 2 * end))
        for row, (concept, form, vec) in enumerate(zip(concepts, forms, vectors), start):
            norm = 0.0 if vec is None else math.sqrt(vec.dot(vec))
            if norm > 0.0:
                self._units[row] = vec / norm
                self._known[row] = True
            self._row[concept] = row
        predicate = np.array([form.lemma is not None for form in forms], dtype=bool)
        lemma = np.array([self._intern(f.lemma) if f.lemma else -1 for f in forms], dtype=np.int64)
        known = self._known[start:end]
        self._factor[start:end] = np.where(known, np.where(predicate, self.diffsense, 1.0), 0.0)
        self._text_id[start:end] = [self._intern(f.text) for f in forms]
        self._lemma_id[start:end] = lemma
        self._lemma_right[start:end] = np.where(predicate, lemma, -2)
        self._facts += zip(
            self._factor[start:end].tolist(), self._text_id[start:end].tolist(),
            self._lemma_id[start:end].tolist(), self._lemma_right[start:end].tolist(),
        )

    def _grow(self, size: int) -> None:
        """Enlarge the per-concept arrays to ``size`` rows (amortised doubling)."""
        n = len(self._factor)
        units = np.zeros((size, self.embedder.dim))
        if n:
            units[:n] = self._units
        self._units = units
        self._factor = np.concatenate([self._factor, np.zeros(size - n)])
        self._known = np.concatenate([self._known, np.zeros(size - n, dtype=bool)])
        self._text_id = np.concatenate([self._text_id, np.zeros(size - n, dtype=np.int64)])
        self._lemma_id = np.concatenate([self._lemma_id, np.zeros(size - n, dtype=np.int64)])
        self._lemma_right = np.concatenate([self._lemma_right, np.zeros(size - n, dtype=np.int64)])

    def add(self, concepts: Iterable[str]) -> None:
        """Give rows to the concepts not seen yet, in one batch (a corpus's concepts at load time).

        Only a speed-up: a row never depends on which other concepts share its batch.
        """
        new = [c for c in dict.fromkeys(concepts) if c not in self._row]
        if new:
            self._add(new)

    def rows(self, concepts: Sequence[str]) -> np.ndarray:
        """Row numbers of concepts (adding the new ones)."""
        table = self._row
        if any(c not in table for c in concepts):
            self.add(concepts)
        return np.array([table[c] for c in concepts], dtype=np.int64)

    def vector(self, concept: str) -> np.ndarray | None:
        """The unit vector S2match compares for a concept, or None when it has none."""
        row = int(self.rows([concept])[0])
        return self._units[row].copy() if self._known[row] else None

    def matrix(self, left: Sequence[str], right: Sequence[str]) -> np.ndarray:
        """``(len(left), len(right))`` similarities of two concept lists.

        Graded: the backend's similarity above ``tau``, times the smaller factor of the two rows
        (0 without a vector, ``diffsense`` for a predicate); then a shared lemma gives
        ``diffsense`` and an identical text 1.
        """
        both = self.rows([*left, *right])
        li, ri = both[: len(left)], both[len(left) :]
        if not len(li) or not len(ri):
            return np.zeros((len(li), len(ri)))
        units, text = self._units, self._text_id
        sim = self.embedder.similarity(units[li] @ units[ri].T)
        graded = np.where(sim > self.tau, sim * np.minimum.outer(self._factor[li], self._factor[ri]), 0.0)
        lt, rt = text[li][:, None], text[ri]
        ll = self._lemma_id[li][:, None]
        sense = (ll == self._lemma_right[ri]) | (ll == rt) | (self._lemma_id[ri] == lt)
        graded[sense] = self.diffsense
        graded[lt == rt] = 1.0
        return graded

    def _small_entries(self, left: Sequence[str], right: Sequence[str]) -> tuple[list[int], list[int], list[float]]:
        """The positive entries of ``matrix(left, right)`` in row-major order, bit for bit, for a few
        concepts: the same matrix product and backend similarity, the graded cells above ``tau`` (the
        same product with the smaller factor), then shared lemmas and identical texts found by their
        ids, in the matrix's precedence (identical text over shared lemma over graded)."""
        table = self._row
        try:
            li, ri = [table[c] for c in left], [table[c] for c in right]
        except KeyError:
            self.add(chain(left, right))
            li, ri = [table[c] for c in left], [table[c] for c in right]
        units, facts, tau = self._units, self._facts, self.tau
        # the matrix's product on the same rows (take copies them as indexing does, with less overhead)
        sims = self.embedder.similarity(units.take(li, axis=0) @ units.take(ri, axis=0).T).tolist()
        columns = [facts[r] for r in ri]
        by_text: dict[int, list[int]] = {}
        by_lemma: dict[int, list[int]] = {}
        for c, (_, text, lemma, _) in enumerate(columns):
            by_text.setdefault(text, []).append(c)
            if lemma >= 0:
                by_lemma.setdefault(lemma, []).append(c)
        diffsense = float(self.diffsense)
        found: dict[tuple[int, int], float] = {}
        for r, (row, sim_row) in enumerate(zip(li, sims)):
            factor, text, lemma, _ = facts[row]
            if factor > 0.0:
                for c in [c for c, sim in enumerate(sim_row) if sim > tau]:
                    other = columns[c][0]
                    found[r, c] = sim_row[c] * (factor if factor < other else other)
            if lemma >= 0:  # a shared lemma: the right side's lemma or text is this lemma
                for c in by_lemma.get(lemma, ()):
                    found[r, c] = diffsense
                for c in by_text.get(lemma, ()):
                    found[r, c] = diffsense
            for c in by_lemma.get(text, ()):  # the right side's lemma is this text
                found[r, c] = diffsense
            for c in by_text.get(text, ()):
                found[r, c] = 1.0
        cells = sorted([cell for cell, value in found.items() if value])
        return [r for r, _ in cells], [c for _, c in cells], [found[cell] for cell in cells]

    def entries(self, left: Sequence[str], right: Sequence[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The positive entries ``(row, column, similarity)`` of ``matrix(left, right)``, computed
        :data:`BLOCK_CELLS` cells at a time, so two long lists never make a full table (up to
        :data:`GRID_CELLS`, with a few array operations only)."""
        if left and right and len(left) * len(right) <= GRID_CELLS:
            rows, cols, values = self._small_entries(left, right)
            return np.array(rows, dtype=np.int64), np.array(cols, dtype=np.int64), np.array(values, dtype=np.float64)
        if left and right and len(left) * len(right) <= BLOCK_CELLS:  # one block (a sentence pair): no joining
            block = self.matrix(left, right)
            r, c = np.nonzero(block)
            return r.astype(np.int64), c.astype(np.int64), block[r, c]
        row_parts, col_parts, value_parts = [np.zeros(0, dtype=np.int64)], [np.zeros(0, dtype=np.int64)], [np.zeros(0)]
        if left and right:
            step = max(1, BLOCK_CELLS // len(right))
            for start in range(0, len(left), step):
                block = self.matrix(left[start : start + step], right)
                r, c = np.nonzero(block)
                row_parts.append(r + start)
                col_parts.append(c)
                value_parts.append(block[r, c])
        return np.concatenate(row_parts), np.concatenate(col_parts), np.concatenate(value_parts)

    def __call__(self, a: str, b: str) -> float:
        """Similarity of two concepts."""
        return float(self.matrix([a], [b])[0, 0])
