"""Scoring two systems against one gold corpus in a single pass of the corpus engine.

The engine scores (test, gold) pairs; to compare systems A and B we make the "test" side of each
pair a :class:`SystemPair` ``(graph of A, graph of B)`` and wrap every metric in
:class:`PairedSystems`, whose statistics are A's followed by B's. So the gold file is read once,
each gold graph is standardized once per preparation key, and chunking, worker processes and the
error policy work exactly as for ``score``.
"""

from __future__ import annotations

import os
from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from amrmetrics.errors import option
from amrmetrics.graph import EMPTY_GRAPH
from amrmetrics.metrics.base import Metric, PairResult
from amrmetrics.read import (
    BY_ID_HINT,
    CorpusError,
    Entry,
    GraphError,
    Pair,
    census_entries,
    check_counts,
    check_positions,
    iter_entries,
    pair_files,
    stdin_once,
)

PathLike = str | os.PathLike[str]


class SystemPair(NamedTuple):
    """The two systems' graphs (or prepared graphs) for one gold graph."""

    a: Any
    b: Any

    @property
    def metadata(self) -> Any:
        """A's metadata (where the engine finds the pair's ``# ::id``)."""
        return getattr(self.a, "metadata", {})


@dataclass(frozen=True)
class PairedSystems(Metric):
    """Adapter: score a :class:`SystemPair` against one gold graph with ``inner``.

    Statistics are ``inner``'s for A then for B (names prefixed ``A.``/``B.``), so
    :meth:`split` recovers each system's ``(pairs, k)`` matrix.
    """

    inner: Metric

    name = "paired"  # type: ignore[misc]

    @property
    def stat_names(self) -> tuple[str, ...]:  # type: ignore[override]
        """A's statistic names then B's."""
        return tuple(f"{side}.{s}" for side in "AB" for s in self.inner.stat_names)

    @property
    def score_names(self) -> tuple[str, ...]:  # type: ignore[override]
        """A's score names then B's."""
        return tuple(f"{side}.{s}" for side in "AB" for s in self.inner.score_names)

    def prepare(self, graph: Any) -> Any:
        if isinstance(graph, SystemPair):
            return SystemPair(self.inner.prepare(graph.a), self.inner.prepare(graph.b))
        return self.inner.prepare(graph)

    def prepare_key(self) -> Hashable:
        return ("paired", self.inner.prepare_key())

    def pair(self, test: SystemPair, gold: Any) -> PairResult:
        first, second = self.inner.pair(test.a, gold), self.inner.pair(test.b, gold)
        return PairResult(tuple(first.stats) + tuple(second.stats), {"A": first.details, "B": second.details})

    def scores(self, stats: np.ndarray) -> dict[str, np.ndarray]:
        a, b = self.split(stats)
        out = {f"A.{k}": v for k, v in self.inner.scores(a).items()}
        out.update({f"B.{k}": v for k, v in self.inner.scores(b).items()})
        return out

    def split(self, stats: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """A's and B's statistics from the adapter's (``stats[..., :k]`` and ``stats[..., k:]``)."""
        stats = np.asarray(stats, dtype=np.float64)
        k = len(self.inner.stat_names)
        return stats[..., :k], stats[..., k:]

    def spec(self) -> str:
        return self.inner.spec()

    def signature_items(self) -> list[tuple[str, str]]:
        return self.inner.signature_items()


def _joined(a: Entry, b: Entry) -> Entry:
    """One test entry holding both systems' graphs; a malformed side becomes the empty graph.

    The entry's error (if any) names the malformed graph(s), so the engine's error policy applies
    to the pair: ``fail`` lists it, ``zero`` scores that system against an empty graph (the other
    keeps its graph), ``skip`` leaves the pair out for both systems.
    """
    errors = list({str(e.error): e.error for e in (a, b) if e.error is not None}.values())  # same file twice: once
    error: GraphError | None = None
    if len(errors) == 1:
        error = errors[0]
    elif errors:
        first, second = errors
        error = GraphError(f"{first.message}; and {second}", file=first.file, number=first.number, line=first.line)
    graphs = SystemPair(a.graph if a.graph is not None else EMPTY_GRAPH, b.graph if b.graph is not None else EMPTY_GRAPH)
    return Entry(a.number, a.line, graphs, error)  # type: ignore[arg-type]


def _index_system(path: PathLike, ids: list[str]) -> dict[str, Entry]:
    """Entries of a system file by ``# ::id``; its ids must be exactly ``ids`` (each once)."""
    index: dict[str, Entry] = {}
    for entry in iter_entries(path):
        key = entry.id
        if key is None and entry.error is not None:  # a malformed graph with its id is paired (the error policy applies)
            raise CorpusError(f"{option('pair_by_id')} needs every graph's id, but {entry.error}")
        if key is None:
            raise CorpusError(f"{path}: graph {entry.number} (line {entry.line}) has no '# ::id' (needed by {option('pair_by_id')})")
        if key in index:
            raise CorpusError(f"{path}: id {key!r} is used by graphs {index[key].number} and {entry.number}")
        index[key] = entry
    missing = [k for k in ids if k not in index]
    extra = sorted(set(index) - set(ids))
    if missing or extra:
        parts = [f"{len(missing)} id(s) missing: {', '.join(missing[:10])}"] if missing else []
        parts += [f"{len(extra)} id(s) not in the gold file: {', '.join(extra[:10])}"] if extra else []
        raise CorpusError(f"{path}: " + "; ".join(parts))
    return index


def pair_systems(a: PathLike, b: PathLike, gold: PathLike, *, pair_by_id: bool = False) -> tuple[int, Iterator[Pair]]:
    """Pair two system files with one gold file: ``(count, pairs)`` whose test side is a :class:`SystemPair`.

    By position, all three files must have the same number of graphs (checked before scoring). By
    ``# ::id``, A is paired with the gold file as ``score --pair-by-id`` does (order of A), and B
    must carry exactly the same ids. The gold file is read once either way.
    """
    stdin_once(a, b, gold)
    if pair_by_id:
        total, pairs_a = pair_files(a, gold, pair_by_id=True)
        listed = list(pairs_a)
        index_b = _index_system(b, [p.test.id for p in listed])  # type: ignore[misc]
        return total, (Pair(p.index, _joined(p.test, index_b[p.test.id]), p.gold) for p in listed)  # type: ignore[index]
    read = [census_entries(path) for path in (a, b, gold)]
    censuses = [census for census, _ in read]
    check_counts(censuses, BY_ID_HINT)
    for system in censuses[:2]:
        check_positions(system, censuses[2], f", or give the files '# ::id' lines and use {option('pair_by_id')}")
    return join_systems([(census.name, census.count, entries) for census, entries in read])


def join_systems(corpora: Sequence[tuple[object, int, Iterable[Entry]]], hint: str = "") -> tuple[int, Iterator[Pair]]:
    """Pair A, B and gold by position: ``(count, pairs)`` from ``(name, count, entries)`` of each.

    The three counts must agree (checked before anything is scored; ``hint`` ends the error).
    """
    (a, n_a, entries_a), (b, n_b, entries_b), (gold, n_gold, entries_gold) = corpora
    if not n_a == n_b == n_gold:
        listing = ", ".join(f"{name} has {n}" for name, n in ((a, n_a), (b, n_b), (gold, n_gold)))
        raise CorpusError(f"A, B and gold must pair one to one, but {listing} graphs{hint}")
    triples = zip(entries_a, entries_b, entries_gold)
    return n_gold, (Pair(i, _joined(x, y), g) for i, (x, y, g) in enumerate(triples))
