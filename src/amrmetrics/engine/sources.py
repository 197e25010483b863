"""Where a run's graphs come from: files, or sequences of PENMAN strings and graphs, paired by position or id.

Files are read by :mod:`amrmetrics.read` (lazily, one split per file); a sequence's items are
converted one by one, a malformed string becoming an entry with its located error, so the error
policy applies to both alike.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Union

from amrmetrics.errors import UsageError
from amrmetrics.graph import Graph
from amrmetrics.read import CorpusError, Entry, GraphError, OnError, Pair, PairedEntries, decode, iter_entries, pair_files
from amrmetrics.read.source import is_stdin
from amrmetrics.words import counted

if TYPE_CHECKING:  # the UMR reader loads only for UMR input
    from amrmetrics.read.umr_corpus import Unit

UMR_EXTENSION = ".umr"

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
    """Entries of a sequence: a string that opens with ``(`` is a graph, read when it is scored (a fused
    metric path may score its text directly); anything else is converted now (a string naming a file
    is refused with a hint, see :func:`to_graph`)."""
    for number, item in enumerate(items, 1):
        if type(item) is str and item[:1] == "(":
            yield Entry.of_text(item, number, name)
            continue
        try:
            graph = to_graph(item)
        except GraphError as err:
            yield Entry(number, 1, None, GraphError(err.message, file=name, number=number, line=err.line))
        else:
            yield Entry(number, 1, graph)


def entries_of(corpus: CorpusLike, name: str) -> list[Entry]:
    """Every graph position of a corpus (malformed graphs kept as entries with their error)."""
    return list(iter_entries(corpus)) if is_file(corpus) else list(_converted(corpus, name))  # type: ignore[arg-type]


def is_umr(corpus: Any) -> bool:
    """True when ``corpus`` names UMR input: a ``.umr`` file, or a folder holding ``.umr`` files."""
    if not is_file(corpus):
        return False
    name = os.fspath(corpus)
    if name.lower().endswith(UMR_EXTENSION):
        return True
    return os.path.isdir(name) and any(f.lower().endswith(UMR_EXTENSION) for f in os.listdir(name))


def _umr(corpora: Sequence[Any], unit: Unit, pair_by_id: bool) -> bool:
    """True when the corpora are UMR input (``.umr`` files or folders of them); refuses mixed input, UMR
    with ``pair_by_id``, and document metrics on other input."""
    umr = [is_umr(c) for c in corpora]
    if any(umr) and not all(umr):
        raise UsageError("UMR input (.umr files or folders of them) must be given for every side")
    if all(umr) and pair_by_id:
        raise UsageError("UMR documents pair by file name and their sentences by position: --pair-by-id does not apply")
    if unit == "document" and not all(umr):
        raise UsageError("document metrics (umr, ancast, jumach) score UMR documents: give .umr files or folders of them")
    return all(umr)


def pair_corpora(
    test: CorpusLike, gold: CorpusLike, pair_by_id: bool, *, unit: Unit, on_error: OnError
) -> tuple[int, Iterable[Pair]]:
    """``(count, pairs)`` of a test and a gold corpus, by position (or ``# ::id`` for two files).

    UMR input (:mod:`amrmetrics.read.umr_corpus`) gives sentence pairs, or document pairs when ``unit``
    is ``"document"`` (where ``on_error`` acts on sentences inside documents); the pairs then carry
    what reading found (:class:`UmrPairs`).
    """
    if _umr((test, gold), unit, pair_by_id):
        from amrmetrics.read.umr_corpus import UmrPairs, umr_entries

        (tests, golds), reading = umr_entries([test, gold], unit=unit, on_error=on_error)  # type: ignore[list-item]
        return len(tests), UmrPairs([Pair(k, t, g) for k, (t, g) in enumerate(zip(tests, golds))], reading)
    if is_file(test) and is_file(gold):
        return pair_files(test, gold, pair_by_id=pair_by_id)  # type: ignore[arg-type]
    if pair_by_id:
        raise ValueError("pair_by_id needs two files")
    t, g = entries_of(test, "test"), entries_of(gold, "gold")
    if len(t) != len(g):
        raise CorpusError(f"test has {counted(len(t), 'graph')} but gold has {len(g)}: they must pair one to one")
    return len(t), PairedEntries(t, g, kept=True)


def pair_three(
    a: CorpusLike, b: CorpusLike, gold: CorpusLike, pair_by_id: bool, *, unit: Unit, on_error: OnError
) -> tuple[int, Iterable[Pair]]:
    """``(count, pairs)`` whose test side holds both systems' graphs (see :mod:`amrmetrics.engine.paired`)."""
    from amrmetrics.engine.paired import join_systems, pair_systems

    corpora = (a, b, gold)
    if _umr(corpora, unit, pair_by_id):
        from amrmetrics.read.umr_corpus import UmrPairs, umr_entries

        columns, reading = umr_entries(corpora, unit=unit, on_error=on_error)  # type: ignore[arg-type]
        count, pairs = join_systems([(name, len(c), c) for name, c in zip(corpora, columns)])
        return count, UmrPairs(list(pairs), reading)
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
    if is_umr(corpus):
        from amrmetrics.read.umr_corpus import umr_graphs

        return umr_graphs(corpus)  # type: ignore[arg-type]
    return (entry.graph for entry in entries_of(corpus, name) if entry.graph is not None)


def corpus_graphs(pairs: Iterable[Pair], corpora: Sequence[tuple[CorpusLike, str]]) -> Iterable[Graph]:
    """The well-formed graphs of the ``(corpus, name)`` corpora paired as ``pairs`` (for announcing their
    vocabulary before scoring): decoded by the pairs themselves, once, where they keep their entries
    (:class:`~amrmetrics.read.PairedEntries`), else read again (:func:`graphs_of`)."""
    kept = pairs.graphs() if isinstance(pairs, PairedEntries) else None
    if kept is not None:
        return kept
    return itertools.chain.from_iterable(graphs_of(corpus, name) for corpus, name in corpora)


def input_unit(metrics: Sequence[Any]) -> Unit:
    """What the metrics score: graphs, or whole UMR documents (``unit = "document"``); never both in one run."""
    units = {getattr(getattr(m, "inner", m), "unit", "graph") for m in metrics}
    if len(units) > 1:
        names = ", ".join(m.spec() for m in metrics if getattr(getattr(m, "inner", m), "unit", "graph") == "document")
        raise UsageError(f"{names} score whole UMR documents and cannot run with sentence metrics: score them in separate runs")
    return units.pop() if units else "graph"
