"""A bounded memo of recent results, for graphs that recur (the same text read again, the same graph prepared again).

Corpora repeat graphs: a gold file scored against several systems, pairs drawn with
replacement from a pool (rematch's efficiency protocol draws 500,000 pairs from one corpus, so
every graph recurs dozens of times), all-pairs matrices. Decoding and preparing are pure
functions of the text and the graph, so their results can be kept and handed out again; this
class keeps the most recently used ones within a budget (each entry costs what the caller says:
characters of text, triples of a graph), evicting the least recently used first.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

from amrmetrics.graph import Graph

V = TypeVar("V")

PREPARED_TRIPLES = 1 << 21
"""Triples of graphs whose preparation a metric keeps (about 55 bytes of rematch motifs per triple)."""


class Recent(Generic[V]):
    """A least-recently-used memo whose entries' costs sum to at most ``budget``.

    Values and costs sit in two dictionaries rather than as ``(value, cost)`` pairs: a pair
    holding a graph is one more object the garbage collector watches for as long as it is kept.
    """

    __slots__ = ("__weakref__", "_costs", "_values", "budget", "spent")

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.spent = 0
        self._values: OrderedDict[Hashable, V] = OrderedDict()
        self._costs: dict[Hashable, int] = {}
        _LIVE.add(self)

    def get(self, key: Hashable) -> V | None:
        """The value kept for ``key`` (now the most recently used), or None."""
        value = self._values.get(key)
        if value is None:
            return None
        try:
            self._values.move_to_end(key)
        except KeyError:  # evicted meanwhile by another thread
            pass
        return value

    def put(self, key: Hashable, value: V, cost: int) -> None:
        """Keep ``value`` for ``key``, evicting the least recently used entries beyond the budget
        (an entry costing more than the whole budget is not kept)."""
        if cost > self.budget:
            return
        self._values.pop(key, None)
        self.spent += cost - self._costs.pop(key, 0)
        self._values[key] = value
        self._costs[key] = cost
        while self.spent > self.budget and self._values:
            self.spent -= self._costs.pop(self._values.popitem(last=False)[0])

    def clear(self) -> None:
        """Forget every entry."""
        self._values.clear()
        self._costs.clear()
        self.spent = 0

    def __len__(self) -> int:
        return len(self._values)


_LIVE: weakref.WeakSet[Recent[Any]] = weakref.WeakSet()
"""Every memo of this process, so :func:`forget_recent` can empty them all."""


def forget_recent() -> None:
    """Empty every memo of this process (texts read, graphs prepared): the next pass is a cold one,
    as a benchmark of reading speed needs; results never depend on it."""
    for memo in list(_LIVE):
        memo.clear()


class PreparedGraphs:
    """What a metric made of recent graph objects, kept per object once the object recurs (a graph
    is immutable, so the same object always prepares the same way; the reader hands out one object
    per recurring text).

    Keyed by identity, which costs nothing to compute; the kept entry holds its graph, so no
    other object can take that identity while the entry lives. A graph seen once is only noted,
    by keeping the graph itself: keeping every prepared value would cost more (in memory and
    garbage collection) than it saves on a corpus whose graphs do not recur.
    """

    __slots__ = ("_recent",)

    def __init__(self, triples: int = PREPARED_TRIPLES) -> None:
        self._recent: Recent[Graph | tuple[Graph, Any]] = Recent(triples)

    def prepared(self, graph: Graph, prepare: Callable[[Graph], V]) -> V:
        """``prepare(graph)``, computed at most twice per graph object while it stays recent."""
        key = id(graph)
        kept = self._recent.get(key)
        if type(kept) is tuple and kept[0] is graph:
            return kept[1]
        value = prepare(graph)
        self._recent.put(key, graph if kept is not graph else (graph, value), len(graph) + 1)
        return value
