"""The WL multigraph and WWLK's message structure by hand: nodes made for variables a graph uses but
never defines, and who sends to whom under each direction (parallel edges multiply into one message)."""

from __future__ import annotations

import numpy as np
import pytest

from amrmetrics.graph import Graph
from amrmetrics.metrics.wl_graph import WLGraph, build
from amrmetrics.metrics.wwlk import messages


def test_undefined_variables_get_nodes_named_and_labelled_by_themselves() -> None:
    # a is the only instance; b, c, d and e are used but never defined. Nodes in order of first use:
    # 0 a/x, 1 b (target of :r), 2 c (source of :s), 3 the constant v, 4 d (its owner),
    # 5 the constant w, 6 e (w's owner through :q-of, so the edge runs from the constant to e)
    graph = Graph(
        instances=(("a", "x"),),
        relations=(("a", ":r", "b"), ("c", ":s", "a"), ("b", ":t", "c")),
        attributes=(("d", ":p", "v"), ("e", ":q-of", "w")),
    )
    expected = WLGraph(
        ("x", "b", "c", "v", "d", "w", "e"),
        ("a", "b", "c", "d :p v", "d", "e :q-of w", "e"),
        ((0, ":r", 1), (2, ":s", 0), (1, ":t", 2), (4, ":p", 3), (5, ":q", 6)),
    )
    assert build(graph) == expected  # no edge-to-node transform unless asked
    assert build(graph, e2n=False) == expected


# nodes 0, 1, 2; edges 0 -r1-> 1, 1 -r2-> 0, 1 -r3-> 2 and 0 -r4-> 1 (parallel to r1)
EDGES = ((0, "r1", 1), (1, "r2", 0), (1, "r3", 2), (0, "r4", 1))
GRAPH = WLGraph(("p", "q", "s"), ("p", "q", "s"), EDGES)


def fields(direction: str) -> tuple:
    m = messages(GRAPH, direction)
    return (
        m.nodes, m.entry_role, m.first.tolist(), m.extra.tolist(), m.extra_group.tolist(),
        m.cells.tolist(), m.scale.tolist(), m.shared_cells,
    )


def test_messages_from_out_neighbours() -> None:
    # a source hears its target: 0 <- 1 (r1, and r4 multiplies in), 1 <- 0 (r2), 1 <- 2 (r3);
    # cells receiver * 3 + sender = 1, 3, 5; node 1 gets two messages, node 0 one
    assert fields("fromout") == (3, ("r1", "r2", "r3", "r4"), [0, 1, 2], [3], [0], [1, 3, 5], [1.0, 0.5, 0.5], False)


def test_messages_from_in_neighbours() -> None:
    # a target hears its source: 1 <- 0 (r1, r4 multiplies in), 0 <- 1 (r2), 2 <- 1 (r3); one message each
    assert fields("fromin") == (3, ("r1", "r2", "r3", "r4"), [0, 1, 2], [3], [0], [3, 1, 7], [1.0, 1.0, 1.0], False)


def test_messages_in_both_directions_keep_the_two_directions_apart() -> None:
    # per edge: the source hears the target (out), then the target hears the source (in).
    # 0 <- 1 out (r1), 1 <- 0 in (r1), 1 <- 0 out (r2), 0 <- 1 in (r2), 1 <- 2 out (r3), 2 <- 1 in (r3);
    # r4 multiplies into the first two. Node 0 gets 2 messages, node 1 gets 3, node 2 gets 1; cells 1 and 3
    # each hold two messages (an in- and an out-message between the same nodes)
    third = pytest.approx(1 / 3)
    assert fields("both") == (
        3, ("r1", "r1", "r2", "r2", "r3", "r3", "r4", "r4"), [0, 1, 2, 3, 4, 5], [6, 7], [0, 1],
        [1, 3, 3, 1, 5, 7], [0.5, third, third, 0.5, third, 1.0], True,
    )


def test_a_graph_without_edges_has_no_messages() -> None:
    m = messages(WLGraph(("p", "q"), ("p", "q"), ()), "both")
    assert m.nodes == 2 and m.entry_role == () and len(m.first) == len(m.cells) == len(m.scale) == 0
    assert m.shared_cells is False
    # the empty index arrays still index (an empty float array would raise IndexError)
    weights = np.ones((1, 0))
    assert weights[:, m.extra].shape == weights[:, m.extra_group].shape == weights[:, m.first].shape == (1, 0)
