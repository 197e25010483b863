"""Optional backend: any installed sentence-transformers model, by name or local path.

Never required and never downloads: the model is opened with ``local_files_only=True``, so a
name must already be in the local Hugging Face cache (or be a directory). Raw cosines are used
as they are (clamped to [0, 1]); a model with a narrow cosine band needs a calibration, which
can be passed in (see :mod:`amrmetrics.embed.calibration`).
"""

from __future__ import annotations

import importlib.metadata
from pathlib import Path
from typing import Any

import numpy as np

from amrmetrics.embed.base import CachedEmbedder
from amrmetrics.embed.calibration import Calibration
from amrmetrics.embed.vectors_file import fingerprint
from amrmetrics.extras import check, require


class SentenceTransformerEmbedder(CachedEmbedder):
    """A sentence-transformers model; any text gets a vector (open vocabulary).

    Its vectors are kept on disk when its files can be found without a download (a folder, or a
    name in the local Hugging Face cache): :meth:`cache_identity` fingerprints them.
    """

    open_vocabulary = True
    batch = 512

    def __init__(self, model: str, calibration: Calibration | None = None) -> None:
        super().__init__()
        check("sentence_transformers", f"st:{model}")
        version = importlib.metadata.version("sentence-transformers")
        self.model_name = model
        self.calibration = calibration
        self.name = f"st:{model}"
        self.version = version + (f"/{calibration.name}" if calibration else "")
        self._model: Any = None

    def _load(self) -> Any:
        if self._model is None:
            sentence_transformers = require("sentence_transformers", self.name)
            self._model = sentence_transformers.SentenceTransformer(self.model_name, local_files_only=True)
        return self._model

    def _dimension(self) -> int:
        return int(self._load().get_sentence_embedding_dimension())

    def _compute(self, words: list[str]) -> list[np.ndarray | None]:
        matrix = self._load().encode(list(words), convert_to_numpy=True, show_progress_bar=False)
        return list(np.atleast_2d(matrix))

    def cache_identity(self) -> str | None:
        """The model name, the versions of sentence-transformers and torch, and a fingerprint of
        the model's files; None (no disk cache) when its files cannot be found locally."""
        folder = Path(self.model_name)
        if not folder.is_dir():
            try:
                from huggingface_hub import snapshot_download

                folder = Path(snapshot_download(self.model_name, local_files_only=True))
            except Exception:  # not installed, not in the local cache, or anything the hub library raises
                return None
        files = sorted(p for p in folder.rglob("*") if p.is_file())
        if not files:
            return None
        try:
            torch = importlib.metadata.version("torch")
        except importlib.metadata.PackageNotFoundError:
            torch = "none"
        return f"st {self.model_name} {self.version.split('/')[0]} torch {torch} {fingerprint(*files)}"

    def similarity(self, cosines: np.ndarray) -> np.ndarray:
        """The calibration when given, else the raw cosine clamped to [0, 1]."""
        if self.calibration is not None:
            return self.calibration(cosines)
        return super().similarity(cosines)

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_model"] = None
        return state
