"""Where a run's graphs come from: files, or sequences of PENMAN strings and graphs, paired by position or id.

Files are read by :mod:`amrmetrics.read` (lazily, one split per file); a sequence's items are
converted one by one, a malformed string becoming an entry with its located error, so the error
policy applies to both alike.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Union

from amrmetrics.engine.paired import join_systems, pair_systems
from amrmetrics.graph import Graph
from amrmetrics.read import CorpusError, Entry, GraphError, Pair, decode, iter_entries, pair_files
from amrmetrics.read.source import is_stdin
from amrmetrics.words import counted

GraphLike = Union[str, Graph, Any]
"""A PENMAN string, an amrmetrics :class:`Graph`, or a ``penman.Graph``."""
CorpusLike = Union[str, os.PathLike, Sequence[GraphLike]]
"""A file (a path) or a sequence of graphs."""


def to_graph(value: GraphLike) -> Graph:
    """Accept a PENMAN string, an amrmetrics Graph or a penman.Graph (encoded with the AMR model)."""
    if isinstance(value, Graph):
        return value
    if isinstance(value, str):
        try:
            return decode(value)
        except GraphError:
            if os.path.isfile(value.strip()):
                raise ValueError(
                    f"{value.strip()!r} is a file name, not a PENMAN graph; use amrmetrics.score_corpus or pass a "
                    f"Path (pathlib.Path({value.strip()!r}))"
                ) from None
            raise
    import penman
    from penman.models.amr import model

    if isinstance(value, penman.Graph):
        return decode(penman.encode(value, model=model), metadata=dict(value.metadata))
    raise TypeError(f"expected a PENMAN string, an amrmetrics.Graph or a penman.Graph, not {type(value).__name__}")


def is_file(corpus: Any) -> bool:
    """True when ``corpus`` names a file (a string or a path) rather than holding graphs."""
    return isinstance(corpus, (str, os.PathLike))


def _converted(items: Sequence[GraphLike], name: str) -> Iterator[Entry]:
    for number, item in enumerate(items, 1):
        try:
            graph = to_graph(item)
        except GraphError as err:
            yield Entry(number, 1, None, GraphError(err.message, file=name, number=number, line=err.line))
        else:
            yield Entry(number, 1, graph)


def entries_of(corpus: CorpusLike, name: str) -> list[Entry]:
    """Every graph position of a corpus (malformed graphs kept as entries with their error)."""
    return list(iter_entries(corpus)) if is_file(corpus) else list(_converted(corpus, name))  # type: ignore[arg-type]


def pair_corpora(test: CorpusLike, gold: CorpusLike, pair_by_id: bool) -> tuple[int, Iterable[Pair]]:
    """``(count, pairs)`` of a test and a gold corpus, by position (or ``# ::id`` for two files)."""
    if is_file(test) and is_file(gold):
        return pair_files(test, gold, pair_by_id=pair_by_id)  # type: ignore[arg-type]
    if pair_by_id:
        raise ValueError("pair_by_id needs two files")
    t, g = entries_of(test, "test"), entries_of(gold, "gold")
    if len(t) != len(g):
        raise CorpusError(f"test has {counted(len(t), 'graph')} but gold has {len(g)}: they must pair one to one")
    return len(t), (Pair(i, a, b) for i, (a, b) in enumerate(zip(t, g)))


def pair_three(a: CorpusLike, b: CorpusLike, gold: CorpusLike, pair_by_id: bool) -> tuple[int, Iterable[Pair]]:
    """``(count, pairs)`` whose test side holds both systems' graphs (see :mod:`amrmetrics.engine.paired`)."""
    corpora = (a, b, gold)
    if all(is_file(c) for c in corpora):
        return pair_systems(a, b, gold, pair_by_id=pair_by_id)  # type: ignore[arg-type]
    if pair_by_id:
        raise ValueError("pair_by_id needs three files")
    entries = [entries_of(c, name) for c, name in zip(corpora, ("a", "b", "gold"))]
    return join_systems([(name, len(e), e) for name, e in zip(("a", "b", "gold"), entries)])


def graphs_of(corpus: CorpusLike, name: str) -> Iterator[Graph]:
    """The well-formed graphs of a corpus (for announcing its vocabulary before scoring); none for
    standard input, which can be read only once (its words are then looked up as they come)."""
    if is_file(corpus) and is_stdin(corpus):  # type: ignore[arg-type]
        return iter(())
    return (entry.graph for entry in entries_of(corpus, name) if entry.graph is not None)
