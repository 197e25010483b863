"""The embedding protocol: words (or short phrases) in, vectors out, cached per label.

Every backend (a vectors file, a bundled model, a sentence-transformers model) is an
:class:`Embedder`. Metrics ask for vectors of many labels, pair after pair, so each backend keeps
a per-object cache of every label it has answered (never a module-level one: two embedders never
share or leak state). Backends implement one method, :meth:`CachedEmbedder._compute`. A model
backend also names what its vectors depend on (:meth:`CachedEmbedder.cache_identity`): its
vectors are then kept on disk between runs (:mod:`amrmetrics.embed.store`) and computed in
batches of :attr:`CachedEmbedder.batch` texts, each batch stored as soon as it is done.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import numpy as np

from amrmetrics.errors import UsageError

if TYPE_CHECKING:
    from amrmetrics.embed.store import VectorStore


class EmbedderUnavailable(UsageError):
    """The requested (or default) embedding backend is not installed or not found.

    A configuration error (the value of ``vectors`` names nothing usable), so the command line
    reports it like any bad option value, with the fix in the message.
    """


@runtime_checkable
class Embedder(Protocol):
    """What a metric needs from an embedding backend.

    ``open_vocabulary`` is False for a table of word vectors (a word may be unknown) and True for
    a model that embeds any text. :meth:`vectors` gives unit vectors, :meth:`raw` the stored ones
    (a table's own numbers, e.g. for averaging parts as WWLK does); both return ``(matrix, known)``
    where unknown rows are zero and ``known[i]`` is False. :meth:`similarity` turns cosines into
    the graded [0, 1] similarity the backend stands behind (identity clamp for word vectors, a
    documented calibration for models).
    """

    name: str
    version: str
    open_vocabulary: bool

    @property
    def dim(self) -> int:
        """Vector dimension."""
        ...

    def need(self, words: Iterable[str]) -> None:
        """Announce words that will be asked for (lets a file backend read its file once)."""
        ...

    def vectors(self, words: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        """Unit vectors ``(n, dim)`` (zero rows for unknown words) and the ``known`` mask ``(n,)``."""
        ...

    def raw(self, words: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        """Stored (un-normalised) vectors ``(n, dim)`` and the ``known`` mask."""
        ...

    def similarity(self, cosines: np.ndarray) -> np.ndarray:
        """Graded similarity in [0, 1] from raw cosines (any shape)."""
        ...

    def signature(self) -> str:
        """``name@version`` for metric signatures."""
        ...


class CachedEmbedder(ABC):
    """Base of the bundled backends: a per-object cache in front of :meth:`_compute`.

    Subclasses set ``name``, ``version``, ``open_vocabulary`` and implement :meth:`_compute`
    (and :meth:`_dimension`). The cache maps each word to its raw vector (float64) or None.
    Pickling keeps the cache (so worker processes reuse what the parent computed) but not
    whatever :meth:`__getstate__` of a subclass leaves out (e.g. a loaded model). A backend whose
    :meth:`cache_identity` is not None keeps its vectors on disk too, unless
    :meth:`use_disk_cache` turned that off.
    """

    name: str = "embedder"
    version: str = ""
    open_vocabulary: bool = False
    batch: int | None = None
    """Texts per :meth:`_compute` call (None: all missing texts in one call, as a file scan wants)."""

    def __init__(self) -> None:
        self._cache: dict[str, np.ndarray | None] = {}
        self._disk: VectorStore | None = None
        self._disk_on = True
        self._width: int | None = None

    def cache_identity(self) -> str | None:
        """Everything this backend's raw vectors depend on (backend, model version, model files),
        which names its cache on disk; None (here): not cached on disk."""
        return None

    def use_disk_cache(self, on: bool) -> None:
        """Keep vectors on disk between runs (``on``: the default, for backends with an identity) or
        neither read nor write the disk cache (``--no-cache``)."""
        self._disk_on = on
        if not on:
            self._disk = None

    def _store(self) -> VectorStore | None:
        """The disk cache of this backend, or None (off, or the backend has no identity)."""
        if self._disk is None and self._disk_on:
            identity = self.cache_identity()
            if identity is not None:
                from amrmetrics.embed.store import VectorStore

                self._disk = VectorStore(identity)
        return self._disk if self._disk_on else None

    @abstractmethod
    def _compute(self, words: list[str]) -> list[np.ndarray | None]:
        """Raw vectors of words not yet cached (None = unknown), in order."""

    @abstractmethod
    def _dimension(self) -> int:
        """Vector dimension (may load the backend)."""

    @property
    def dim(self) -> int:
        """Vector dimension (known from a vector read from disk without loading the model)."""
        return self._width if self._width is not None else self._dimension()

    def need(self, words: Iterable[str]) -> None:
        """Announce future words; the default does nothing (models embed on demand)."""

    def _fill(self, words: Sequence[str]) -> None:
        """Cache the vectors of ``words`` not cached yet: from the disk cache when there, the others
        computed (in batches of :attr:`batch`, each stored on disk as soon as it is done)."""
        missing = list(dict.fromkeys(w for w in words if w not in self._cache))
        if not missing:
            return
        store = self._store()
        if store is not None:
            for word, vec in store.get(missing).items():
                self._cache[word] = np.array(vec, dtype=np.float64)
                self._width = len(vec)
            missing = [w for w in missing if w not in self._cache]
        size = self.batch or len(missing)
        for start in range(0, len(missing), size):
            part = missing[start : start + size]
            computed = self._compute(part)
            for word, vec in zip(part, computed, strict=True):
                self._cache[word] = None if vec is None else np.array(vec, dtype=np.float64)
            if store is not None:
                store.put((word, vec) for word, vec in zip(part, computed) if vec is not None)

    def raw(self, words: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        """Stored vectors ``(n, dim)`` and the ``known`` mask (unknown rows are zero)."""
        self._fill(words)
        out = np.zeros((len(words), self.dim), dtype=np.float64)
        known = np.zeros(len(words), dtype=bool)
        for i, word in enumerate(words):
            vec = self._cache[word]
            if vec is not None:
                out[i] = vec
                known[i] = True
        return out, known

    def vectors(self, words: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        """Unit vectors ``(n, dim)`` and the ``known`` mask (zero vectors count as unknown)."""
        out, known = self.raw(words)
        return normalize_rows(out, known)

    def lookup(self, word: str) -> np.ndarray | None:
        """The raw vector of one word, or None when unknown (a copy: callers may change it)."""
        self._fill([word])
        vec = self._cache[word]
        return None if vec is None else vec.copy()

    def similarity(self, cosines: np.ndarray) -> np.ndarray:
        """Word vectors: the cosine itself, negatives clamped to 0."""
        return np.clip(np.asarray(cosines, dtype=np.float64), 0.0, 1.0)

    def signature(self) -> str:
        """``name@version``."""
        return f"{self.name}@{self.version}" if self.version else self.name


def normalize_rows(matrix: np.ndarray, known: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows scaled to unit length; zero rows become unknown (a zero vector has no direction)."""
    norms = np.linalg.norm(matrix, axis=1)
    known = known & (norms > 0)
    out = np.zeros_like(matrix)
    out[known] = matrix[known] / norms[known, None]
    return out, known


def cosine(u: np.ndarray, v: np.ndarray) -> float:
    """Cosine of two vectors (0 when either is zero)."""
    nu, nv = float(np.linalg.norm(u)), float(np.linalg.norm(v))
    if nu == 0.0 or nv == 0.0:
        return 0.0
    return float(np.dot(u, v) / (nu * nv))
