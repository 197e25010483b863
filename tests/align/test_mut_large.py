"""large.py's helpers on inputs small enough to count by hand: how many links a full problem would
have, distinct values, and the links between earning node pairs (sorted, merged, one per pair)."""

from __future__ import annotations

from collections import Counter
from itertools import product

import numpy as np

from amrmetrics.align.large import distinct, links_between, possible_links


def test_possible_links_counts_label_sharing_pairs_between_different_nodes() -> None:
    """Test a-:ARG0->b meets gold x-:ARG0->y and y-:ARG0->x (2 links); the self-loops a :ARG1 a and
    x :ARG1 x are no links, and :ARG2 has no gold partner."""
    test = Counter({("a", ":ARG0", "b"): 1, ("a", ":ARG1", "a"): 1, ("b", ":ARG2", "a"): 1})
    gold = Counter({("x", ":ARG0", "y"): 1, ("y", ":ARG0", "x"): 1, ("x", ":ARG1", "x"): 1})
    assert possible_links(test, gold) == 2
    assert possible_links(gold, test) == 2  # each gold :ARG0 meets the one test :ARG0


def test_distinct_values_in_increasing_order() -> None:
    assert distinct(np.array([3, 1, 2, 2, 3, 3])).tolist() == [1, 2, 3]
    assert distinct(np.array([5, 5])).tolist() == [5]
    assert distinct(np.array([], dtype=np.int64)).tolist() == []


def brute_links(test: dict, gold: dict, earning: set[tuple[int, int]], product_rule: bool) -> dict:
    """Every (test edge, gold edge) of one label whose (source, source) and (target, target) pairs both
    earn, as ``{(i, j, k, l) with i < k: summed weight}``."""
    out: dict[tuple[int, int, int, int], float] = {}
    for label, edges in test.items():
        for (i, k, n), (j, l, m) in product(edges, gold.get(label, [])):
            if (i, j) in earning and (k, l) in earning:
                key = (i, j, k, l) if i < k else (k, l, i, j)
                out[key] = out.get(key, 0.0) + (n * m if product_rule else min(n, m))
    return out


def run(test: dict, gold: dict, earning: set[tuple[int, int]], n_gold: int, product_rule: bool) -> tuple[list, list]:
    keys = np.array(sorted(i * n_gold + j for i, j in earning), dtype=np.int64)
    quads, weights = links_between(test, gold, keys, n_gold, product_rule)
    return quads.tolist(), weights.tolist()


def test_links_between_earning_pairs_by_hand() -> None:
    """Test relations 0->1 (:z, no gold partner: skipped, the later labels still count), 1->0 (:a,
    twice) and 0->2 (:b); gold 0->1 (:a, three times), 2->1 (:a), 1->0 (:b). Earning pairs (0,0), (0,1),
    (1,0), (2,0), (2,1), (2,2). :a 1->0 with 0->1 gives (1,0)-(0,1), written (0,1,1,0) (smaller test
    node first), weight min(2, 3) = 2 (product 6); with 2->1 it needs (1,2), which does not earn. :b
    0->2 with 1->0 gives (0,1)-(2,0), weight 1."""
    test = {":z": [(0, 1, 1)], ":a": [(1, 0, 2)], ":b": [(0, 2, 1)]}
    gold = {":a": [(0, 1, 3), (2, 1, 1)], ":b": [(1, 0, 1)]}
    earning = {(0, 0), (0, 1), (1, 0), (2, 0), (2, 1), (2, 2)}
    assert brute_links(test, gold, earning, False) == {(0, 1, 1, 0): 2.0, (0, 1, 2, 0): 1.0}
    quads, weights = run(test, gold, earning, 3, False)
    assert quads == [[0, 1, 1, 0], [0, 1, 2, 0]] and weights == [2.0, 1.0]
    quads, weights = run(test, gold, earning, 3, True)
    assert quads == [[0, 1, 1, 0], [0, 1, 2, 0]] and weights == [6.0, 1.0]


def test_links_that_meet_twice_are_merged_and_sorted() -> None:
    """Two labels give the same link (0,0)-(1,1); links come out in lexicographic order of (i, j, k, l)
    whatever order the labels and edges came in, one row per link with its summed weight."""
    test = {":r": [(1, 0, 1), (0, 2, 1)], ":s": [(0, 1, 1), (2, 0, 1)]}
    gold = {":r": [(1, 0, 1), (0, 2, 1)], ":s": [(0, 1, 1), (2, 0, 1), (1, 2, 1)]}
    earning = {(0, 0), (1, 1), (2, 2), (1, 2), (0, 1), (2, 0)}
    expected = brute_links(test, gold, earning, False)
    quads, weights = run(test, gold, earning, 3, False)
    assert quads == [list(q) for q in sorted(expected)]
    assert weights == [expected[q] for q in sorted(expected)]
    assert expected[(0, 0, 1, 1)] == 2.0 and len(quads) >= 3


def test_no_links_when_one_earning_pair_or_no_shared_label() -> None:
    """One earning pair (0, 0): the edge 0->1 meets gold 0->1, but (1, 1) does not earn."""
    quads, weights = run({":r": [(0, 1, 1)]}, {":r": [(0, 1, 1)]}, {(0, 0)}, 2, False)
    assert quads == [] and weights == []
    none, nothing = links_between({":r": [(0, 1, 1)]}, {":q": [(0, 1, 1)]}, np.array([0, 3]), 2, False)
    assert none.shape == (0, 4) and nothing.shape == (0,)
