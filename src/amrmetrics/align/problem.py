"""The alignment problem shared by Smatch, S2match and the fine-grained scores.

Given a test and a gold graph, find the one-to-one partial mapping of test nodes to gold nodes
that maximises the number of matching triples. A triple's match depends either on one node pair
(instance and attribute triples, self-loops) or on two (relation triples), so the objective is

    sum_i unary[i, m(i)] + sum_q weights[q] * [m(i_q) = j_q and m(k_q) = l_q]

Graded metrics (S2match) only change what two concepts earn (:class:`ConceptWeights`); the solver
never sees graphs. :func:`build_problem` counts what the problem would hold before building
anything (:mod:`amrmetrics.align.large`): up to :data:`CANDIDATE_LIMIT` node pairs that earn a
unary weight and :data:`LINK_LIMIT` links it builds the whole problem, above it a bounded
restriction with a triple-count ``ceiling``. Above :data:`DENSE_CELLS` node pairs ``unary`` is
sparse (a 50,000-node pair would otherwise need 18.6 GiB for it alone).
"""

from __future__ import annotations

import math
import operator
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import TYPE_CHECKING, Literal, NamedTuple

import numpy as np

from amrmetrics.align.budget import BUILD_PASSES, PASS_ELEMENT, Budget, pass_units
from amrmetrics.graph import Graph

if TYPE_CHECKING:  # scipy loads only for a pair too large for a dense table, large.py for a pair beyond plain Python (start-up cost)
    from scipy.sparse import csr_array

    from amrmetrics.align.large import Groups, Keys

Duplicates = Literal["min", "product"]

DENSE_CELLS = 1 << 22
"""Up to this many (test, gold) node pairs ``unary`` is a dense array (which graded and
fine-grained metrics may edit in place); above, a sparse array of its non-zero entries."""

CANDIDATE_LIMIT = 1 << 21
"""At most this many unary weights (node pairs of a matching concept, attribute or self-loop,
counted per concept and label before any is made: 2 million) for the whole problem to be built;
above, and for the kept pairs of a restriction, see :mod:`amrmetrics.align.large`."""

LINK_LIMIT = 1 << 22
"""At most this many possible links (relation pairs sharing a label; 2.0 million for Little Prince
as one 3,580-node document) for the whole problem to be built."""

KEPT_LIMIT = 1 << 19
"""At most this many kept pairs, and twice as many links among them, in a restriction: it is only
climbed, and a climb step passes over all of them (here about 20 ms)."""

KEPT_WORK = 1 << 22
"""At most this many steps for a restriction to find the links among its kept pairs, and as many to
weigh the pairs (counted before either is done)."""

BUILD_SHARE = 0.5
"""The share of a limited budget's units building may take (the rest is for the search)."""

SMALL_BUILD = 1 << 16
"""Pairs with at most this many unary weights and possible links (sentence pairs) are built in
plain Python, faster there than array operations."""


@dataclass(frozen=True, eq=False)
class Compatibility:
    """Test node i may map to gold node j only when ``table[test[i], gold[j]]`` (nodes in numbered groups)."""

    test: np.ndarray
    gold: np.ndarray
    table: np.ndarray

    def allows(self, i: np.ndarray, j: np.ndarray) -> np.ndarray:
        """Elementwise: may test node ``i`` map to gold node ``j``?"""
        return self.table[self.test[i], self.gold[j]]

    def mask(self) -> np.ndarray:
        """The ``(n_test, n_gold)`` table of allowed pairs."""
        return self.table[self.test[:, None], self.gold[None, :]]

    def keep(self, mapping: Sequence[int]) -> np.ndarray:
        """``mapping`` with every pair that is not allowed unmapped (it earned nothing in the restricted problem)."""
        m = np.array(mapping, dtype=np.int64)
        mapped = np.flatnonzero(m >= 0)
        m[mapped[~self.allows(mapped, m[mapped])]] = -1
        return m


class ConceptWeights(NamedTuple):
    """What two concepts earn when their nodes are aligned, for the distinct concepts of one pair:
    each ``(a[q], b[q], value[q])`` says a test node of concept ``test[a]`` earns ``value`` with a gold
    node of concept ``gold[b]`` (positive values only; other pairs earn 0).

    Smatch gives 1 for equal concepts (``build_problem``'s default); S2match graded similarities;
    scores of other triples only, nothing (:meth:`nothing`). Its size follows the distinct concepts,
    never the nodes.
    """

    test: tuple[str, ...]
    gold: tuple[str, ...]
    a: np.ndarray
    b: np.ndarray
    value: np.ndarray

    @classmethod
    def nothing(cls) -> ConceptWeights:
        """No concept earns anything."""
        none = np.zeros(0, dtype=np.int64)
        return cls((), (), none, none, np.zeros(0))

    def keys(self) -> Keys:
        """As the builder's join keys (test concept, gold concept, weight), sorted."""
        from amrmetrics.align.large import Keys

        order = np.lexsort((self.b, self.a))
        return Keys(self.a[order].astype(np.int64), self.b[order].astype(np.int64), self.value[order].astype(np.float64))

    def weight(self, test: str, gold: str) -> float:
        """What a test node of concept ``test`` earns with a gold node of concept ``gold``."""
        if test not in self.test or gold not in self.gold:
            return 0.0
        a, b = self.test.index(test), self.gold.index(gold)
        hits = [q for q, (x, y) in enumerate(zip(self.a.tolist(), self.b.tolist())) if x == a and y == b]
        if len(hits) == 1:  # the entry itself (what summing one number gives), without array calls
            return float(self.value[hits[0]])
        return float(self.value[hits].sum())


@dataclass(frozen=True, eq=False)
class AlignmentProblem:
    """Weights of a maximum-weight graph-alignment problem.

    ``unary`` is ``(n_test, n_gold)``, dense or a ``scipy.sparse.csr_array`` (zero elsewhere): what
    mapping test node i to gold node j earns alone.
    ``pairs`` is ``(m, 4)`` with rows ``(i, j, k, l)``, ``i < k`` and ``j != l``: ``weights[q]`` is
    earned when both i -> j and k -> l are chosen. Each (i, j, k, l) appears at most once.
    ``ceiling`` is set when the problem is a restriction of a pair's (see :mod:`~amrmetrics.align.large`):
    it bounds the pair's objective, and any bound computed from this problem alone does not.
    """

    unary: np.ndarray | csr_array
    pairs: np.ndarray
    weights: np.ndarray
    ceiling: float | None = None

    @property
    def shape(self) -> tuple[int, int]:
        """``(n_test, n_gold)``"""
        return self.unary.shape  # type: ignore[return-value]

    def value(self, mapping: Sequence[int]) -> float:
        """Objective of a mapping (``mapping[i]`` = gold node of test node i, or -1)."""
        m = np.asarray(mapping, dtype=np.int64)
        if m.size == 0:
            return 0.0
        rows = np.nonzero(m >= 0)[0]
        total = float(np.asarray(self.unary[rows, m[rows]]).sum()) if len(rows) else 0.0
        if len(self.pairs):
            i, j, k, l = self.pairs.T
            total += float(self.weights[(m[i] == j) & (m[k] == l)].sum())
        return total


_COMBINE: dict[Duplicates, Callable[[int, int], int]] = {"min": min, "product": operator.mul}
"""How a triple repeated k times in test and l times in gold counts, by ``duplicates``."""


def build_problem(
    test: Graph,
    gold: Graph,
    *,
    duplicates: Duplicates = "min",
    concepts: ConceptWeights | None = None,
    allowed: Compatibility | None = None,
    extra: Sequence[tuple[int, int, float]] = (),
    budget: Budget | None = None,
) -> AlignmentProblem:
    """Build the problem for two standardized graphs.

    ``duplicates`` says how a triple repeated k times in test and l times in gold counts
    (see :class:`~amrmetrics.standardize.Preset`). ``concepts`` replaces the 0/1 equality of
    concepts (graded metrics). ``allowed`` keeps only the node pairs it allows (document Smatch's
    sentences): no other pair earns anything, alone or in a link. ``extra`` adds ``weight`` to the
    unary weight of test node i and gold node j for each ``(i, j, weight)``.

    Nothing proportional to ``n_test x n_gold`` (beyond :data:`DENSE_CELLS`) or to all relation
    pairs is made: the pair's unary weights and links are counted first, and a pair over
    :data:`CANDIDATE_LIMIT` or :data:`LINK_LIMIT` gives a restricted problem with a ``ceiling``.
    With a ``budget`` (the pair's, :mod:`~amrmetrics.align.budget`), building is charged to it
    (:data:`~amrmetrics.align.budget.BUILD_PASSES` passes over what the problem holds) and may use
    at most :data:`BUILD_SHARE` of what is left: a whole problem that costs more is restricted, to
    what that share pays for.
    """
    if allowed is None and _small(test, gold):
        problem = _build_small(test, gold, duplicates, concepts, extra)
    else:
        problem = _Builder(test, gold, duplicates, concepts, allowed, extra, budget).build()
    if budget is not None:
        budget.spend(build_units(problem))
    return problem


def build_units(problem: AlignmentProblem) -> float:
    """What building ``problem`` is charged (see :mod:`~amrmetrics.align.budget`)."""
    unary = problem.unary
    entries = int(np.count_nonzero(unary)) if isinstance(unary, np.ndarray) else int(unary.nnz)
    return BUILD_PASSES * pass_units(entries, len(problem.weights), sum(problem.shape))


def _small(test: Graph, gold: Graph) -> bool:
    """Whether a pair's unary weights and possible links are few enough for the plain-Python builder
    (a bound from the triple counts, so a sentence pair pays only this product), and within the limits."""
    return (len(test.instances) + len(test.attributes) + len(test.relations)) * (
        len(gold.instances) + len(gold.attributes) + len(gold.relations)
    ) <= min(SMALL_BUILD, CANDIDATE_LIMIT, LINK_LIMIT)


def _build_small(
    test: Graph, gold: Graph, duplicates: Duplicates, concepts: ConceptWeights | None, extra: Sequence[tuple[int, int, float]] = ()
) -> AlignmentProblem:
    """The whole problem of a small pair, built in plain Python (every triple pair at most :data:`SMALL_BUILD`);
    the unary amounts are added in the array builder's order (concepts, attributes and self-loops, ``extra``)."""
    combine = _COMBINE[duplicates]
    test_index = {v: i for i, (v, _) in enumerate(test.instances)}
    gold_index = {v: j for j, (v, _) in enumerate(gold.instances)}
    n1, n2 = len(test_index), len(gold_index)

    # the unary weights, row by row (graded concepts: the table of the pair's concepts spread over its
    # nodes, one row per instance as the array builder's table reads it), then what cell
    # rows[q] * width + cols[q] gains, in order
    rows: list[int] = []
    cols: list[int] = []
    amounts: list[float] = []
    cells: list[float] | None = None
    if concepts is not None:
        height, width = len(test.instances), len(gold.instances)
        cells = _graded_cells(concepts, test, gold)
    else:
        height, width = n1, n2
        gold_by_concept: dict[str, list[int]] = defaultdict(list)
        for v, c in gold.instances:
            gold_by_concept[c].append(gold_index[v])
        for v, c in test.instances:
            js = gold_by_concept.get(c)
            if js:
                rows += [test_index[v]] * len(js)
                cols += js
                amounts += [1.0] * len(js)

    if test.attributes and gold.attributes:
        gold_attrs: dict[tuple[str, str], list[tuple[int, int]]] = defaultdict(list)
        for (v, r, c), n in _counts(gold.attributes).items():
            gold_attrs[(r, c)].append((gold_index[v], n))
        for (v, r, c), n in _counts(test.attributes).items():
            for j, n2_ in gold_attrs.get((r, c), ()):
                rows.append(test_index[v])
                cols.append(j)
                amounts.append(combine(n, n2_))

    test_rels, gold_rels = _counts(test.relations), _counts(gold.relations)
    gold_by_label: dict[str, list[tuple[int, int, int]]] = defaultdict(list)
    for (s, r, t), n in gold_rels.items():
        gold_by_label[r].append((gold_index[s], gold_index[t], n))
    quads: dict[tuple[int, int, int, int], int] = {}
    for (s, r, t), n in test_rels.items():
        i, k = test_index[s], test_index[t]
        if i == k:  # a self-loop earns a unary weight
            for j, l, n2_ in gold_by_label.get(r, ()):
                if j == l:
                    rows.append(i)
                    cols.append(j)
                    amounts.append(combine(n, n2_))
            continue
        for j, l, n2_ in gold_by_label.get(r, ()):
            if j != l:
                key = (i, j, k, l) if i < k else (k, l, i, j)
                quads[key] = quads.get(key, 0) + combine(n, n2_)
    for i, j, weight in extra:
        if not (0 <= i < height and 0 <= j < width):
            raise IndexError(f"extra weight for node pair ({i}, {j}) outside the {height} x {width} nodes")
        rows.append(int(i))
        cols.append(int(j))
        amounts.append(float(weight))

    if quads:
        pairs = np.fromiter(chain.from_iterable(quads), dtype=np.int64, count=4 * len(quads)).reshape(-1, 4)
        weights = np.fromiter(quads.values(), dtype=np.float64, count=len(quads))
    else:
        pairs = np.zeros((0, 4), dtype=np.int64)
        weights = np.zeros(0, dtype=np.float64)
    if cells is None:
        if n1 * n2 > DENSE_CELLS:  # sparse, as the array builder makes it
            return AlignmentProblem(_unary(n1, n2, np.array(rows, dtype=np.int64), np.array(cols, dtype=np.int64), np.array(amounts)), pairs, weights)
        cells = [0.0] * (n1 * n2)
    for i, j, amount in zip(rows, cols, amounts):  # np.add.at's order: the same sums
        cells[i * width + j] += amount
    return AlignmentProblem(np.array(cells, dtype=np.float64).reshape(height, width), pairs, weights)


def _counts(triples: tuple[tuple[str, str, str], ...]) -> dict[tuple[str, str, str], int]:
    """How often each distinct triple occurs, in order of first occurrence (a ``Counter``'s; without
    building one when no triple repeats, as in most graphs)."""
    counts = dict.fromkeys(triples, 1)
    return counts if len(counts) == len(triples) else Counter(triples)


def _graded_cells(concepts: ConceptWeights, test: Graph, gold: Graph) -> list[float]:
    """The ``n_test * n_gold`` concept weights of a pair's nodes, row by row, as floats: each node pair
    reads the entry of its two concepts (the last one given, as an array assignment keeps; 0 for a
    concept ``concepts`` does not list)."""
    table = [[0.0] * (len(concepts.gold) + 1) for _ in range(len(concepts.test) + 1)]  # -1 (an unknown concept) reads the last 0
    for a, b, value in zip(concepts.a.tolist(), concepts.b.tolist(), np.asarray(concepts.value, dtype=np.float64).tolist()):
        table[a][b] = value
    a_of = {c: a for a, c in enumerate(concepts.test)}
    b_of = {c: b for b, c in enumerate(concepts.gold)}
    columns = [b_of.get(c, -1) for _, c in gold.instances]
    cells: list[float] = []
    for _, c in test.instances:
        row = table[a_of.get(c, -1)]
        cells += [row[b] for b in columns]
    return cells


class _Side(NamedTuple):
    """One graph as arrays: each node's concept id and group; its attribute and self-loop entries
    (node, key id, multiplicity); its relations between different nodes (source, label id, target,
    multiplicity)."""

    concept: np.ndarray
    group: np.ndarray
    keys: np.ndarray
    edges: np.ndarray


def _side(graph: Graph, concept_ids: dict[str, int], key_ids: dict[tuple[str, ...], int], label_ids: dict[str, int], group: np.ndarray | None, fixed: bool) -> _Side:
    """The arrays of one graph; ids of unseen concepts, keys and labels are added unless ``fixed`` (concepts)."""
    index = {v: i for i, (v, _) in enumerate(graph.instances)}
    concept = np.array([concept_ids.get(c, -1) if fixed else concept_ids.setdefault(c, len(concept_ids)) for _, c in graph.instances], dtype=np.int64)
    keys = [(index[v], key_ids.setdefault(("attribute", r, c), len(key_ids)), n) for (v, r, c), n in Counter(graph.attributes).items()]
    edges = []
    for (s, r, t), n in Counter(graph.relations).items():
        if s == t:
            keys.append((index[s], key_ids.setdefault(("loop", r), len(key_ids)), n))
        else:
            edges.append((index[s], label_ids.setdefault(r, len(label_ids)), index[t], n))
    return _Side(
        concept,
        np.zeros(len(concept), dtype=np.int64) if group is None else np.asarray(group, dtype=np.int64),
        np.array(keys, dtype=np.int64).reshape(-1, 3),
        np.array(edges, dtype=np.int64).reshape(-1, 4),
    )


class _Builder:
    """One pair's problem, counted before it is built (see :func:`build_problem`)."""

    def __init__(
        self,
        test: Graph,
        gold: Graph,
        duplicates: Duplicates,
        concepts: ConceptWeights | None,
        allowed: Compatibility | None,
        extra: Sequence[tuple[int, int, float]],
        budget: Budget | None = None,
    ) -> None:
        from amrmetrics.align.large import Entries, Groups, Keys, bucket_pairs

        self.test_graph, self.gold_graph = test, gold
        self.affordable = math.inf if budget is None else BUILD_SHARE * budget.left
        self.product = duplicates == "product"
        self.n1, self.n2 = len(test.instances), len(gold.instances)
        key_ids: dict[tuple[str, ...], int] = {}
        label_ids: dict[str, int] = {}
        if concepts is None:  # equality: one id per concept, shared by both sides
            shared: dict[str, int] = {}
            self.test = _side(test, shared, key_ids, label_ids, None if allowed is None else allowed.test, False)
            self.gold = _side(gold, shared, key_ids, label_ids, None if allowed is None else allowed.gold, False)
            self.concept_keys = Keys.identity(len(shared))
            self.graded: ConceptWeights | None = None
        else:
            self.test = _side(test, {c: a for a, c in enumerate(concepts.test)}, key_ids, label_ids, None if allowed is None else allowed.test, True)
            self.gold = _side(gold, {c: b for b, c in enumerate(concepts.gold)}, key_ids, label_ids, None if allowed is None else allowed.gold, True)
            self.concept_keys = concepts.keys()
            self.graded = concepts
        self.groups = Groups.everything() if allowed is None else Groups.of_table(allowed.table)
        self.n_keys, self.n_labels = len(key_ids), len(label_ids)
        self.extra = np.array(extra, dtype=np.float64).reshape(-1, 3)

        g = self.groups
        t, d = self.test, self.gold
        # concept entries: nodes without a known concept (-1) are left out
        self.t_nodes, self.g_nodes = np.flatnonzero(t.concept >= 0), np.flatnonzero(d.concept >= 0)
        self.t_concepts = Entries.of(t.concept[self.t_nodes], t.group[self.t_nodes], g.n_test)
        self.g_concepts = Entries.of(d.concept[self.g_nodes], d.group[self.g_nodes], g.n_gold)
        self.t_keys = Entries.of(t.keys[:, 1], t.group[t.keys[:, 0]], g.n_test)
        self.g_keys = Entries.of(d.keys[:, 1], d.group[d.keys[:, 0]], g.n_gold)
        self.concept_pairs = bucket_pairs(self.t_concepts, self.g_concepts, self.concept_keys, g)
        self.key_pairs = bucket_pairs(self.t_keys, self.g_keys, Keys.identity(self.n_keys), g)
        t_edges = Entries.of(t.edges[:, 1], t.group[t.edges[:, 0]], g.n_test)
        g_edges = Entries.of(d.edges[:, 1], d.group[d.edges[:, 0]], g.n_gold)
        self.t_edges, self.g_edges = t_edges, g_edges
        self.edge_pairs = bucket_pairs(t_edges, g_edges, Keys.identity(self.n_labels), g)

    def build(self) -> AlignmentProblem:
        """The whole problem when its counts are within the limits and the budget pays for it, else the restriction."""
        unary = self.concept_pairs.products + self.key_pairs.products + len(self.extra)
        links = self.edge_pairs.products
        cost = BUILD_PASSES * pass_units(unary, links, self.n1 + self.n2)
        if unary <= CANDIDATE_LIMIT and links <= LINK_LIMIT and cost <= self.affordable:
            return self._whole()
        return self._restricted()

    def _combine(self, n: np.ndarray, m: np.ndarray) -> np.ndarray:
        return (n * m if self.product else np.minimum(n, m)).astype(np.float64)

    def _unary_entries(self, width: int | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(test node, gold node, amount) of the unary weights in the band of ``width`` (None: all)."""
        from amrmetrics.align.large import band

        ti, gj, key = band(self.t_concepts, self.g_concepts, self.concept_pairs, width)
        rows, cols, amounts = [self.t_nodes[ti]], [self.g_nodes[gj]], [self.concept_keys.weight[key]]
        ti, gj, _ = band(self.t_keys, self.g_keys, self.key_pairs, width)
        tk, gk = self.test.keys[ti], self.gold.keys[gj]
        rows.append(tk[:, 0])
        cols.append(gk[:, 0])
        amounts.append(self._combine(tk[:, 2], gk[:, 2]))
        rows.append(self.extra[:, 0].astype(np.int64))
        cols.append(self.extra[:, 1].astype(np.int64))
        amounts.append(self.extra[:, 2])
        return np.concatenate(rows), np.concatenate(cols), np.concatenate(amounts)

    def _whole(self) -> AlignmentProblem:
        """Every unary weight and every link, with array operations."""
        from amrmetrics.align.large import band, merge_links

        rows, cols, amounts = self._unary_entries(None)
        te, ge, _ = band(self.t_edges, self.g_edges, self.edge_pairs, None)
        t, g = self.test.edges[te], self.gold.edges[ge]
        i, k, j, l = t[:, 0], t[:, 2], g[:, 0], g[:, 2]
        if self.groups.n_test > 1 or self.groups.n_gold > 1:  # the targets' groups must be allowed too
            keep = _allows(self.groups, self.test.group[k], self.gold.group[l])
            i, j, k, l, t, g = i[keep], j[keep], k[keep], l[keep], t[keep], g[keep]
        flip = i > k
        quads = np.where(flip[:, None], np.stack([k, l, i, j], 1), np.stack([i, j, k, l], 1)).reshape(-1, 4)
        pairs, weights = merge_links(quads, self._combine(t[:, 3], g[:, 3]))
        return AlignmentProblem(_unary(self.n1, self.n2, rows, cols, amounts), pairs, weights)

    def _restricted(self) -> AlignmentProblem:
        """The widest band whose kept pairs, their weights and links fit the limits (see :mod:`~amrmetrics.align.large`)."""
        from amrmetrics.align.large import WIDTHS, distinct, links_among

        kept = np.zeros(0, dtype=np.int64)
        pairs, weights = np.zeros((0, 4), dtype=np.int64), np.zeros(0)
        # what the budget's share pays for: each kept pair with up to two links, BUILD_PASSES times
        most = min(KEPT_LIMIT, self.affordable / (BUILD_PASSES * PASS_ELEMENT * 5))
        for width in WIDTHS:
            size = self.concept_pairs.band_size(width) + self.key_pairs.band_size(width) + len(self.extra)
            if size > most:
                continue
            rows, cols, _ = self._unary_entries(width)
            candidate = distinct(rows * max(self.n2, 1) + cols)
            if self._weighing_cost(candidate) > KEPT_WORK:
                continue
            links = links_among(self.test.edges, self.gold.edges, candidate, self.n2, self.product, KEPT_WORK)
            if links is not None and len(links[1]) <= 2 * most:
                kept, (pairs, weights) = candidate, links
                break
        rows, cols = kept // max(self.n2, 1), kept % max(self.n2, 1)
        return AlignmentProblem(_unary(self.n1, self.n2, rows, cols, self._weights_of(rows, cols)), pairs, weights, self._ceiling())

    def _weighing_cost(self, kept: np.ndarray) -> int:
        """Steps :meth:`_weights_of` takes: per kept pair, the attribute and self-loop entries of its test node."""
        per_node = np.bincount(self.test.keys[:, 0], minlength=self.n1)
        return int(per_node[kept // max(self.n2, 1)].sum()) + len(kept)

    def _weights_of(self, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
        """The whole unary weight of each (rows[q], cols[q]): its concepts', every attribute and self-loop
        it shares (looked up from the test node's entries), and the extra weights."""
        from amrmetrics.align.large import expand

        out = np.zeros(len(rows))
        keys = self.concept_keys
        n_gold_concepts = int(max(self.gold.concept.max(initial=-1), keys.b.max(initial=-1))) + 1
        a, b = self.test.concept[rows], self.gold.concept[cols]
        wanted = a * n_gold_concepts + b
        codes = keys.a * n_gold_concepts + keys.b
        at = np.minimum(np.searchsorted(codes, wanted), max(len(codes) - 1, 0))
        hit = (a >= 0) & (b >= 0) & (codes[at] == wanted) if len(codes) else np.zeros(len(rows), dtype=bool)
        out[hit] += keys.weight[at[hit]]
        tk, gk = self.test.keys, self.gold.keys
        if len(tk) and len(gk):
            by_node = np.argsort(tk[:, 0], kind="stable")
            first = np.searchsorted(tk[by_node, 0], rows)
            pair, at = expand(first, np.searchsorted(tk[by_node, 0], rows, side="right") - first)
            entry = tk[by_node[at]]
            gold_codes = gk[:, 0] * self.n_keys + gk[:, 1]
            gold_order = np.argsort(gold_codes, kind="stable")
            sorted_codes = gold_codes[gold_order]
            wanted = cols[pair] * self.n_keys + entry[:, 1]
            found = np.minimum(np.searchsorted(sorted_codes, wanted), len(sorted_codes) - 1)
            hit = sorted_codes[found] == wanted
            amounts = self._combine(entry[hit, 2], gk[gold_order[found[hit]], 2])
            out += np.bincount(pair[hit], amounts, minlength=len(rows))
        if len(self.extra):
            extra_codes = self.extra[:, 0].astype(np.int64) * max(self.n2, 1) + self.extra[:, 1].astype(np.int64)
            codes = rows * max(self.n2, 1) + cols
            order = np.argsort(codes)
            at = np.minimum(np.searchsorted(codes[order], extra_codes), len(codes) - 1)
            hit = codes[order][at] == extra_codes
            np.add.at(out, order[at[hit]], self.extra[hit, 2])
        return out

    def _ceiling(self) -> float:
        """The triple-count bound of the pair (graded concepts: each node's best concept weight, the
        smaller side's sum), plus the extra weights."""
        from amrmetrics.align.large import triple_ceiling

        instances = None
        if self.graded is not None:
            keys = self.concept_keys
            n_a, n_b = len(self.graded.test), len(self.graded.gold)
            best_a = np.zeros(n_a + 1)
            np.maximum.at(best_a, keys.a, keys.weight)
            best_b = np.zeros(n_b + 1)
            np.maximum.at(best_b, keys.b, keys.weight)
            # -1 (a concept the weights do not know) reads the padding 0
            instances = float(min(best_a[self.test.concept].sum(), best_b[self.gold.concept].sum()))
        return triple_ceiling(self.test_graph, self.gold_graph, self.product, instances) + float(self.extra[:, 2].sum())


def _allows(groups: Groups, test_group: np.ndarray, gold_group: np.ndarray) -> np.ndarray:
    """Elementwise: may a node of ``test_group`` pair with one of ``gold_group``?"""
    owner = np.repeat(np.arange(groups.n_test), np.diff(groups.indptr))
    codes = owner * groups.n_gold + groups.allowed  # increasing: CSR rows in order, columns sorted
    wanted = test_group * groups.n_gold + gold_group
    at = np.minimum(np.searchsorted(codes, wanted), max(len(codes) - 1, 0))
    return codes[at] == wanted if len(codes) else np.zeros(len(wanted), dtype=bool)


def _unary(n1: int, n2: int, rows: np.ndarray, cols: np.ndarray, amounts: np.ndarray) -> np.ndarray | csr_array:
    """Zeros plus the amounts, added in order: dense up to :data:`DENSE_CELLS` cells, else sparse
    (whose entries are integer sums, so exact)."""
    r, c = np.asarray(rows, dtype=np.int64), np.asarray(cols, dtype=np.int64)
    a = np.asarray(amounts, dtype=np.float64)
    if n1 * n2 > DENSE_CELLS:
        from scipy.sparse import csr_array

        sparse = csr_array((a, (r, c)), shape=(n1, n2))
        sparse.sum_duplicates()
        return sparse
    unary = np.zeros((n1, n2))
    np.add.at(unary, (r, c), a)
    return unary
