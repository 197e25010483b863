"""Pairs too large to formulate in full: counting before building, a bounded restriction, a triple-count bound.

Everything a problem builder makes is a product: the test nodes of a concept times the gold nodes of
a concept it matches (a same-concept pair earns 1, a similar one a graded weight), the same for each
attribute and self-loop, and the relation triples of a label times the gold ones of that label (a
*link*). One line with 16,000 children of one concept against itself is 256 million node pairs and
as many links. So a builder first *counts* (:func:`join_count`, from the label histograms, in
O(nodes + triples)) and builds the full problem only when the counts are within its limits.

Otherwise it keeps a bounded set of node pairs, the *kept pairs*, and exactly their weights:

* a product of n test and m gold nodes (in document order) keeps the pairs near its diagonal: each
  node of the smaller side with the nodes of the larger side within ``width`` of its proportional
  position (:func:`band`; all of them when the product is narrow), about ``min(n, m) * (2 width + 1)``
  pairs instead of ``n * m``. The width is the largest of :data:`WIDTHS` whose kept pairs, their unary
  weights and their links fit the limits (counted before they are made); at worst nothing is kept;
* a kept pair's unary weight is computed whole (its concept weight, every attribute and self-loop it
  shares), and every link between two kept pairs is kept (:func:`links_among`), so every mapping of
  kept pairs earns exactly its value: the value found is a true lower bound;
* the upper bound is :func:`triple_ceiling` (per concept, attribute and role, the smaller count),
  which needs no pairs at all.

Memory is then O(nodes + triples + limits), whatever the graphs.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Hashable, Iterable, Mapping
from typing import NamedTuple

import numpy as np

from amrmetrics.graph import Graph, Relation

Edges = Mapping[str, list[tuple[int, int, int]]]
"""Relations by label: (source node, target node, multiplicity), source != target."""

WIDTHS = (None, 64, 32, 16, 8, 4, 2, 1, 0)
"""Band widths tried in turn for a restricted problem (None: whole products)."""


def possible_links(test: Counter[Relation], gold: Counter[Relation]) -> int:
    """How many (test relation, gold relation) pairs between different nodes share a label: the
    links of the full problem, at most."""
    labels = Counter(r for s, r, t in gold if s != t)
    return sum(labels[r] for s, r, t in test if s != t)


def distinct(values: np.ndarray) -> np.ndarray:
    """The distinct values, increasing (by sorting: numpy 2.4's hashing ``np.unique`` is slow)."""
    ordered = np.sort(values)
    return ordered[np.concatenate(([True], ordered[1:] != ordered[:-1]))[: len(ordered)]]


def expand(starts: np.ndarray, counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each i, the indices ``starts[i] .. starts[i] + counts[i] - 1``: (which i, index)."""
    counts = np.asarray(counts, dtype=np.int64)
    owner = np.repeat(np.arange(len(counts)), counts)
    offset = np.arange(len(owner)) - np.repeat(np.cumsum(counts) - counts, counts)
    return owner, np.asarray(starts, dtype=np.int64)[owner] + offset


def _ceil_div(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Elementwise ``ceil(a / b)`` of integers (``b > 0``)."""
    return -((-a) // b)


class Entries(NamedTuple):
    """Items of one side keyed for a join: item ``e`` has ``key[e]`` and its node's ``group[e]``.

    Sorted by (key, group) into *buckets*: ``order`` lists the items bucket by bucket, bucket ``b`` is
    ``order[start[b] : start[b] + size[b]]`` with code ``code[b] = key * n_groups + group``. Within a
    bucket, items keep their input order (document order for nodes).
    """

    order: np.ndarray
    code: np.ndarray
    start: np.ndarray
    size: np.ndarray
    n_groups: int

    @classmethod
    def of(cls, key: np.ndarray, group: np.ndarray, n_groups: int) -> Entries:
        code = np.asarray(key, dtype=np.int64) * n_groups + np.asarray(group, dtype=np.int64)
        order = np.argsort(code, kind="stable")
        ordered = code[order]
        first = np.flatnonzero(np.concatenate(([True], ordered[1:] != ordered[:-1]))[: len(ordered)])
        return cls(order, ordered[first], first, np.diff(np.append(first, len(order))), n_groups)


class Groups(NamedTuple):
    """Which (test group, gold group) of nodes may pair: ``allowed[indptr[p] : indptr[p + 1]]`` are the
    gold groups of test group p. One group on each side, allowed together, when nothing is restricted."""

    n_test: int
    n_gold: int
    indptr: np.ndarray
    allowed: np.ndarray

    @classmethod
    def everything(cls) -> Groups:
        return cls(1, 1, np.array([0, 1]), np.array([0]))

    @classmethod
    def of_table(cls, table: np.ndarray) -> Groups:
        """From a boolean (test groups, gold groups) table."""
        rows, cols = np.nonzero(table)
        indptr = np.zeros(table.shape[0] + 1, dtype=np.int64)
        np.cumsum(np.bincount(rows, minlength=table.shape[0]), out=indptr[1:])
        return cls(table.shape[0], table.shape[1], indptr, cols.astype(np.int64))


class Keys(NamedTuple):
    """Which test key meets which gold key, and for what weight: ``(a[q], b[q], weight[q])`` sorted by a
    (concepts: the concept weights; attributes, self-loops and labels: each key with itself, weight 1)."""

    a: np.ndarray
    b: np.ndarray
    weight: np.ndarray

    @classmethod
    def identity(cls, n: int) -> Keys:
        ids = np.arange(n, dtype=np.int64)
        return cls(ids, ids, np.ones(n))


class BucketPairs(NamedTuple):
    """The (test bucket, gold bucket) pairs whose keys meet and whose groups are allowed: ``key`` is the
    index in :class:`Keys`; ``rows`` and ``cols`` the two buckets' sizes."""

    test: np.ndarray
    gold: np.ndarray
    key: np.ndarray
    rows: np.ndarray
    cols: np.ndarray

    @property
    def products(self) -> int:
        """How many item pairs they hold."""
        return int((self.rows * self.cols).sum())

    def band_size(self, width: int | None) -> int:
        """At most how many item pairs :func:`band` keeps at ``width`` (None: all of them)."""
        if width is None:
            return self.products
        narrow = np.minimum(self.rows, self.cols)
        return int(np.minimum(self.rows * self.cols, narrow * (2 * width + 1)).sum())


def bucket_pairs(test: Entries, gold: Entries, keys: Keys, groups: Groups) -> BucketPairs:
    """Every (test bucket, gold bucket) of meeting keys and allowed groups (in O(buckets x fan-out))."""
    t_key, t_group = test.code // test.n_groups, test.code % test.n_groups
    lo = np.searchsorted(keys.a, t_key)
    bucket, which = expand(lo, np.searchsorted(keys.a, t_key, side="right") - lo)
    group = t_group[bucket]
    owner, slot = expand(groups.indptr[group], groups.indptr[group + 1] - groups.indptr[group])
    bucket, which = bucket[owner], which[owner]
    wanted = keys.b[which] * gold.n_groups + groups.allowed[slot]
    at = np.minimum(np.searchsorted(gold.code, wanted), max(len(gold.code) - 1, 0))
    found = gold.code[at] == wanted if len(gold.code) else np.zeros(len(wanted), dtype=bool)
    bucket, at, which = bucket[found], at[found], which[found]
    return BucketPairs(bucket, at, which, test.size[bucket], gold.size[at])


def band(test: Entries, gold: Entries, pairs: BucketPairs, width: int | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The item pairs of ``pairs`` within ``width`` of each product's diagonal: (test item, gold item, key).

    In a product of n test and m gold items (ranks r and s in document order), (r, s) is kept when the
    rank on the larger side is within ``width`` of the rounded proportional position of the rank on
    the smaller side: ``|s - round(r * m / n)| <= width`` when n <= m, else ``|r - round(s * n / m)|
    <= width``. Each item of the larger side is then reached from a contiguous range of the other.
    ``width`` None keeps every pair.
    """
    n, m = pairs.rows, pairs.cols
    which, rank = expand(np.zeros(len(n), dtype=np.int64), n)
    n, m = n[which], m[which]
    if width is None:
        lo, hi = np.zeros(len(which), dtype=np.int64), m
    else:
        center = (2 * rank * m + n) // (2 * n)
        lo_wide, hi_wide = _ceil_div((2 * (rank - width) - 1) * m, 2 * n), _ceil_div((2 * (rank + width) + 1) * m, 2 * n)
        narrow = n <= m
        lo = np.where(narrow, center - width, lo_wide).clip(0, m)
        hi = np.where(narrow, center + width + 1, hi_wide).clip(0, m)
        hi = np.maximum(hi, lo)
    owner, s = expand(lo, hi - lo)
    pair = which[owner]
    t_item = test.order[test.start[pairs.test[pair]] + rank[owner]]
    g_item = gold.order[gold.start[pairs.gold[pair]] + s]
    return t_item, g_item, pairs.key[pair]


def links_among(
    test_edges: np.ndarray, gold_edges: np.ndarray, kept: np.ndarray, n_gold: int, product: bool, limit: float
) -> tuple[np.ndarray, np.ndarray] | None:
    """Every link between two kept node pairs, as ``(pairs, weights)`` (see
    :class:`~amrmetrics.align.problem.AlignmentProblem`), sorted; None when making them would take
    more than ``limit`` steps.

    Edges are ``(source, label, target, multiplicity)`` rows, source != target; ``kept`` holds
    ``i * n_gold + j`` of the kept pairs, increasing. A test edge (i, r, k) meets the gold edges of
    label r either leaving the kept partners j of i (then (k, l) must be kept) or entering the kept
    partners l of k (then (i, j) must be kept), whichever is fewer: a node with thousands of edges
    of one label costs only where it is a partner. The cost of both ways is counted before either
    is taken.
    """
    width = max(n_gold, 1)
    rows, cols = kept // width, kept % width
    if not len(test_edges) or not len(gold_edges) or not len(kept):
        return np.zeros((0, 4), dtype=np.int64), np.zeros(0)
    n_labels = int(max(test_edges[:, 1].max(), gold_edges[:, 1].max())) + 1
    out_key = gold_edges[:, 0] * n_labels + gold_edges[:, 1]  # gold edges by (source, label)
    in_key = gold_edges[:, 2] * n_labels + gold_edges[:, 1]  # ... and by (target, label)
    by_out, by_in = np.argsort(out_key, kind="stable"), np.argsort(in_key, kind="stable")
    out_sorted, in_sorted = out_key[by_out], in_key[by_in]
    i, label, k = test_edges[:, 0], test_edges[:, 1], test_edges[:, 2]
    first_i, first_k = np.searchsorted(rows, i), np.searchsorted(rows, k)
    count_i, count_k = np.searchsorted(rows, i, side="right") - first_i, np.searchsorted(rows, k, side="right") - first_k
    if int(count_i.sum() + count_k.sum()) > limit:
        return None

    def fan(first: np.ndarray, count: np.ndarray, ordered: np.ndarray) -> tuple[np.ndarray, ...]:
        """Per (edge, kept partner): the edge, the partner's gold node, its edges' range and cost per edge."""
        edge, at = expand(first, count)
        node = cols[at]
        wanted = node * n_labels + label[edge]
        lo = np.searchsorted(ordered, wanted)
        hi = np.searchsorted(ordered, wanted, side="right")
        return edge, node, lo, hi, np.bincount(edge, hi - lo, minlength=len(test_edges))

    out = fan(first_i, count_i, out_sorted)
    into = fan(first_k, count_k, in_sorted)
    use_out = out[4] <= into[4]
    if float(np.minimum(out[4], into[4]).sum()) > limit:
        return None
    found: list[np.ndarray] = []
    weights: list[np.ndarray] = []
    for (edge, node, lo, hi, _), order, leaving in ((out, by_out, True), (into, by_in, False)):
        chosen = use_out[edge] == leaving
        edge, node, lo, hi = edge[chosen], node[chosen], lo[chosen], hi[chosen]
        which, at = expand(lo, hi - lo)
        edge, node, g = edge[which], node[which], gold_edges[order[at]]
        if leaving:  # node is j; the gold edge gives l; (k, l) must be kept
            ti, tj, tk, tl = i[edge], node, k[edge], g[:, 2]
            other = tk * width + tl
        else:  # node is l; the gold edge gives j; (i, j) must be kept
            ti, tj, tk, tl = i[edge], g[:, 0], k[edge], node
            other = ti * width + tj
        at_kept = np.minimum(np.searchsorted(kept, other), len(kept) - 1)
        keep = kept[at_kept] == other
        ti, tj, tk, tl = ti[keep], tj[keep], tk[keep], tl[keep]
        n, n2 = test_edges[edge[keep], 3], g[keep, 3]
        flip = ti > tk
        found.append(np.where(flip[:, None], np.stack([tk, tl, ti, tj], 1), np.stack([ti, tj, tk, tl], 1)))
        weights.append(n * n2 if product else np.minimum(n, n2))
    return merge_links(np.concatenate(found).reshape(-1, 4), np.concatenate(weights).astype(np.float64))


def merge_links(quads: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The links sorted by (i, j, k, l), one row per link with its summed weight (by one integer key
    per link when the four node numbers fit in 63 bits, which sorts ten times faster than four)."""
    if not len(quads):
        return quads.reshape(0, 4).astype(np.int64), weights
    top = quads.max(axis=0) + 1
    if float(top[0]) * float(top[1]) * float(top[2]) * float(top[3]) < 2.0**62:
        key = ((quads[:, 0] * top[1] + quads[:, 1]) * top[2] + quads[:, 2]) * top[3] + quads[:, 3]
        order = np.argsort(key, kind="stable")
        key = key[order]
        quads, weights = quads[order], weights[order]
        starts = np.flatnonzero(np.concatenate(([True], key[1:] != key[:-1])))
    else:
        order = np.lexsort(quads.T[::-1])
        quads, weights = quads[order], weights[order]
        starts = np.flatnonzero(np.concatenate(([True], np.any(quads[1:] != quads[:-1], axis=1))))
    return quads[starts], np.add.reduceat(weights, starts)


def links_between(test: Edges, gold: Edges, earning: np.ndarray, n_gold: int, product: bool) -> tuple[np.ndarray, np.ndarray]:
    """The links whose two node pairs both earn (``earning``: ``i * n_gold + j``, increasing), as
    ``(pairs, weights)``, sorted: :func:`links_among` without a limit, for edges given by label."""
    labels = {label: number for number, label in enumerate(sorted(set(test) | set(gold)))}

    def rows(edges: Edges) -> np.ndarray:
        out = [(s, labels[label], t, n) for label, items in edges.items() for s, t, n in items]
        return np.array(out, dtype=np.int64).reshape(-1, 4)

    result = links_among(rows(test), rows(gold), np.asarray(earning, dtype=np.int64), n_gold, product, float("inf"))
    assert result is not None  # no limit
    return result


def _bound(test: Iterable[tuple[Hashable, int]], gold: Iterable[tuple[Hashable, int]], product: bool) -> int:
    """Most matches between two multisets of (group, multiplicity), one partner per element."""
    sides: list[dict[Hashable, list[int]]] = [defaultdict(list), defaultdict(list)]
    for side, items in zip(sides, (test, gold)):
        for key, n in items:
            side[key].append(n)
    total = 0
    for key, ns in sides[0].items():
        ms = sides[1].get(key)
        if ms:
            total += min(sum(ns) * max(ms), sum(ms) * max(ns)) if product else min(sum(ns), sum(ms))
    return total


def triple_ceiling(test: Graph, gold: Graph, product: bool, instances: float | None = None) -> float:
    """An upper bound on the objective of any mapping, from triple counts alone.

    A mapping sends distinct test triples to distinct gold triples, so per concept, per attribute
    (role, value) and per relation role (self-loops apart) it matches at most the smaller count
    (weighted by the duplicate rule: ``min(k, l)`` per triple, or ``k * l`` when ``product``).
    ``instances`` replaces the concepts' part (a bound on what graded concept weights can earn).
    """

    def items(graph: Graph) -> list[tuple[Hashable, int]]:
        out: list[tuple[Hashable, int]] = [] if instances is not None else [(("instance", c), 1) for _, c in graph.instances]
        out += [(("attribute", r, c), n) for (_, r, c), n in Counter(graph.attributes).items()]
        out += [(("relation", r, s == t), n) for (s, r, t), n in Counter(graph.relations).items()]
        return out

    return float(_bound(items(test), items(gold), product)) + (instances or 0.0)
