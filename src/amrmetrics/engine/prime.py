"""Before scoring: announce a corpus's words to the metrics' embedders and read vectors files.

Reading vectors first makes a bad file fail with its own message (file and line), not inside the
first pair, and worker processes receive the vectors instead of reading the file again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from amrmetrics.graph import Graph
from amrmetrics.metrics.base import Metric


def embedding_metrics(metrics: Sequence[Metric]) -> list[Metric]:
    """The metrics that look words up in an embedder (they have an ``embedder()`` method)."""
    return [m for m in metrics if callable(getattr(m, "embedder", None))]


def prime_metrics(metrics: Sequence[Metric], graphs: Callable[[], Iterable[Graph]]) -> None:
    """Announce the words of ``graphs()`` (called only if some metric embeds) and read vectors files now."""
    users = embedding_metrics(metrics)
    if not users:
        return
    from amrmetrics.embed import VectorsFile, prime

    prime(metrics, graphs())
    for metric in users:
        embedder = metric.embedder()  # type: ignore[attr-defined]
        if isinstance(embedder, VectorsFile):
            embedder.load()


def without_disk_cache(metrics: Sequence[Metric]) -> None:
    """Switch off the disk cache of the metrics' embedders (``--no-cache``, ``cache=False``): their
    vectors are neither read from nor written to :mod:`amrmetrics.embed.store`; the numbers are the same."""
    for metric in embedding_metrics(metrics):
        embedder = metric.embedder()  # type: ignore[attr-defined]
        if embedder is not None and callable(getattr(embedder, "use_disk_cache", None)):
            embedder.use_disk_cache(False)
