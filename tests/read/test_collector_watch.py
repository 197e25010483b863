"""What the reader and its memos keep stays out of the garbage collector's watch where it can.

Every object the collector tracks and that outlives a batch makes the next full collection of the
user's process come sooner; a training process holds millions of objects, so a full collection
there costs far more than scoring. These tests count tracked objects, not time.
"""

from __future__ import annotations

import gc

from amrmetrics.read import decode
from amrmetrics.read.recent import PreparedGraphs, Recent, forget_recent

TEXT = '(w / want-01 :ARG0 (b / boy :name (n / name :op1 "Tom")) :ARG1 (g / go-01 :ARG0 b) :polarity -)'


def _tracked() -> int:
    gc.collect()
    gc.collect()
    return len(gc.get_objects())


def test_a_read_graph_holds_no_tracked_container_after_two_collections() -> None:
    """(A full collection may see a tuple before the tuples inside it; the next one untracks it.)"""
    forget_recent()
    graph = decode(TEXT)
    _tracked()
    parts = (graph.instances, graph.attributes, graph.relations, graph.tree_edges, graph.last_branches)
    assert graph.tree_edges and graph.last_branches
    assert [gc.is_tracked(part) for part in parts] == [False] * 5


def test_memo_entries_add_no_tracked_object() -> None:
    graphs = [decode(TEXT.replace("Tom", f"Tom{k}")) for k in range(200)]
    memo: Recent[object] = Recent(10_000)
    before = _tracked()
    for k, graph in enumerate(graphs):
        memo.put(k, graph, len(graph))
    assert len(memo) == 200
    assert _tracked() - before < 20


def test_a_graph_prepared_once_is_noted_without_a_tracked_object() -> None:
    graphs = [decode(TEXT.replace("Tom", f"Ann{k}")) for k in range(200)]
    memo = PreparedGraphs()
    before = _tracked()
    values = [memo.prepared(graph, len) for graph in graphs]
    assert values == [len(graph) for graph in graphs]
    assert _tracked() - before < 20
