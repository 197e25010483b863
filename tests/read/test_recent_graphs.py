"""Graphs that recur: the bounded memo, the reader's reuse of decoded graphs, and prepared graphs kept per object.

Reuse must never change a result: a recurring text decodes to an equal graph (the same object
when it has no metadata), errors keep their own file, graph number and line, and a metric
prepares an equal graph that is a different object afresh.
"""

from __future__ import annotations

from amrmetrics.graph import Graph
from amrmetrics.read import decode, iter_text_entries
from amrmetrics.read.recent import PreparedGraphs, Recent, forget_recent


def test_recent_keeps_the_most_recently_used_within_its_budget():
    recent: Recent[str] = Recent(10)
    recent.put("a", "A", 4)
    recent.put("b", "B", 4)
    assert recent.get("a") == "A"  # a is now the most recent, so b goes first
    recent.put("c", "C", 4)
    assert (recent.get("a"), recent.get("b"), recent.get("c")) == ("A", None, "C")
    assert recent.spent == 8 and len(recent) == 2


def test_recent_refuses_an_entry_larger_than_its_budget_and_replaces_a_key():
    recent: Recent[str] = Recent(5)
    recent.put("big", "X", 6)
    assert recent.get("big") is None and len(recent) == 0
    recent.put("k", "1", 3)
    recent.put("k", "2", 2)
    assert recent.get("k") == "2" and recent.spent == 2
    recent.clear()
    assert recent.get("k") is None and recent.spent == 0


def test_a_recurring_text_decodes_to_one_shared_graph():
    text = "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-01 :ARG0 b))"
    first, second = decode(text), decode(text)
    assert first is second
    assert first.relations == (("w", ":ARG0", "b"), ("w", ":ARG1", "g"), ("g", ":ARG0", "b"))
    assert dict(first.metadata) == {}


def test_a_recurring_text_with_metadata_gets_its_own_metadata():
    text = "(c / cat :quant 2)"
    plain = decode(text)
    tagged = decode(text, metadata={"id": "x.1"})
    other = decode(text, metadata={"id": "x.2"})
    assert tagged == plain and other == plain
    assert (tagged.id, other.id, plain.id) == ("x.1", "x.2", None)
    assert tagged.tree_edges == plain.tree_edges and tagged.last_branches == plain.last_branches


def test_a_recurring_bad_graph_is_located_at_each_of_its_positions():
    corpus = "(a / b :ARG0 )\n\n(c / d)\n\n(a / b :ARG0 )\n"
    entries = list(iter_text_entries(corpus, file="f.amr"))
    assert [e.graph is None for e in entries] == [True, False, True]
    assert [str(e.error).split(":")[1].strip() for e in (entries[0], entries[2])] == ["graph 1 (line 1)", "graph 3 (line 5)"]


def test_recurring_graphs_in_a_file_are_read_as_written():
    one = "(a / and :op1 (b / boy) :op2 (g / girl))"
    corpus = f"# ::id 1\n{one}\n\n# ::id 2\n{one}\n\n{one}\n"
    entries = list(iter_text_entries(corpus))
    assert [e.id for e in entries] == ["1", "2", None]
    graphs = [e.graph for e in entries]
    assert graphs[0] == graphs[1] == graphs[2]
    assert [len(g.instances) for g in graphs] == [3, 3, 3]


def test_prepared_graphs_are_kept_per_object():
    calls: list[Graph] = []

    def prepare(graph: Graph) -> int:
        calls.append(graph)
        return len(graph.instances)

    memo = PreparedGraphs()
    graph = Graph(instances=(("a", "x"), ("b", "y")), root="a")
    twin = Graph(instances=(("a", "x"), ("b", "y")), root="a")
    assert [memo.prepared(graph, prepare) for _ in range(4)] == [2, 2, 2, 2]
    assert calls == [graph, graph]  # noted the first time, kept from the second
    assert memo.prepared(twin, prepare) == 2
    assert calls == [graph, graph, twin] and calls[2] is twin


def test_prepared_graphs_forget_beyond_their_budget():
    calls = []
    memo = PreparedGraphs(triples=4)  # each graph below costs its 2 triples + 1
    graphs = [Graph(instances=((f"a{k}", "x"), (f"b{k}", "y")), root=f"a{k}") for k in range(2)]
    for graph in (graphs[0], graphs[1], graphs[0]):
        memo.prepared(graph, lambda g: calls.append(g) or 0)
    assert calls == [graphs[0], graphs[1], graphs[0]]


def test_forget_recent_empties_every_memo_so_the_next_read_is_cold():
    text = "(w / want-01 :ARG0 (b / boy))"
    assert decode(text) is decode(text)
    kept = decode(text)
    memo = PreparedGraphs()
    memo.prepared(kept, len)
    memo.prepared(kept, len)
    forget_recent()
    again = decode(text)
    assert again is not kept and again == kept
    calls: list[Graph] = []
    memo.prepared(kept, lambda g: calls.append(g) or len(g))
    assert calls == [kept]  # prepared anew: the memo forgot the value it kept
