"""The alignment problem of two UMR documents, split into the parts that can be solved apart.

A test node may align only with a gold node of its own sentence, so each sentence pair is a small
Smatch problem (:func:`~amrmetrics.align.build_problem` of the two prepared sentence graphs). The
document layer adds, within a sentence, a unary weight for a triple between a node and a constant
and links for a triple between two nodes of the sentence; a triple between nodes of two sentences
adds a link between those sentences' problems. Sentences joined by such links (on either side)
form one part, solved as one problem; the others are solved alone. The parts share no node and no
weight, so the optimum of the document is the sum of the parts' optima, and so are the bounds.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from amrmetrics.align import AlignmentProblem, build_problem
from amrmetrics.align.budget import Budget
from amrmetrics.align.decompose import (
    LARGE_SIZE,
    SMALL_NODES,
    DecomposingSolver,
    force,
    make_part,
)
from amrmetrics.align.exact import ExactSolver
from amrmetrics.align.indexed import index_problem
from amrmetrics.align.problem import DENSE_CELLS, Duplicates
from amrmetrics.align.result import Alignment
from amrmetrics.align.solve import solve
from amrmetrics.graph import Graph
from amrmetrics.metrics.umr_layer import LayerTriple


@dataclass(frozen=True)
class SentencePair:
    """One sentence number's prepared graphs (empty where a side has none), their nodes, and their Smatch problem."""

    number: int
    test: Graph
    gold: Graph
    duplicates: Duplicates
    test_vars: tuple[str, ...] = ()
    gold_vars: tuple[str, ...] = ()

    @cached_property
    def problem(self) -> AlignmentProblem | None:
        """The sentences' Smatch problem (built when first needed); None when a side has no node."""
        if not self.test_vars or not self.gold_vars:
            return None
        return build_problem(self.test, self.gold, duplicates=self.duplicates)


@dataclass(frozen=True)
class Part:
    """Sentences solved together: their problem, whose rows and columns are their nodes in sentence order."""

    sentences: tuple[int, ...]
    problem: AlignmentProblem | None
    """None when :attr:`certified` already holds the optimum."""
    test_offsets: Mapping[int, int]
    gold_offsets: Mapping[int, int]
    plain: bool = False
    """One sentence's own problem, with no document-level weight."""
    certified: Alignment | None = None
    """An alignment proven optimal without the solver (every triple of the smaller side matched), if found."""


SEP = "\x1f"
"""Joins a sentence number and a variable into a document-wide node name (as :func:`amrmetrics.metrics.umr.node`)."""

Node = tuple[int, int]
"""(sentence number, index of the node in its sentence graph)"""


def _locate(sentences: Sequence[SentencePair], side: str) -> dict[str, Node]:
    """Each node's document-wide name (:func:`amrmetrics.metrics.umr.node`: ``number<US>var``) -> (sentence, index)."""
    return {f"{s.number}{SEP}{v}": (s.number, i) for s in sentences for i, v in enumerate(getattr(s, side + "_vars"))}


def _layer_items(triples: Sequence[LayerTriple], where: Mapping[str, Node]):  # type: ignore[no-untyped-def]
    """A side's layer triples as links ``(role, head node, tail node, weight)`` and anchored ``(key, node)``."""
    links, anchored = [], []
    for triple in triples:
        role = f"{triple.category}:{triple.label}"
        head, tail = where.get(triple.head), where.get(triple.tail)
        if head is not None and tail is not None:
            if triple.symmetric and head != tail:
                links += [(role, head, tail, 0.5), (role, tail, head, 0.5)]
            else:
                links.append((role, head, tail, 1.0))
        elif head is not None:
            anchored.append(((role, "sym" if triple.symmetric else "head", triple.tail), head))
        elif tail is not None:
            anchored.append(((role, "sym" if triple.symmetric else "tail", triple.head), tail))
    return links, anchored


class _Parts:
    """Union of sentence numbers linked by cross-sentence layer links."""

    def __init__(self, numbers: Sequence[int]) -> None:
        self.parent = {n: n for n in numbers}

    def find(self, n: int) -> int:
        while self.parent[n] != n:
            self.parent[n] = self.parent[self.parent[n]]
            n = self.parent[n]
        return n

    def join(self, a: int, b: int) -> None:
        self.parent[self.find(a)] = self.find(b)


def document_parts(
    sentences: Sequence[SentencePair], test_layer: Sequence[LayerTriple], gold_layer: Sequence[LayerTriple], duplicates: Duplicates
) -> list[Part]:
    """The parts of the document problem (see the module doc), in order of their first sentence."""
    by_number = {s.number: s for s in sentences}
    test_at, gold_at = _locate(sentences, "test"), _locate(sentences, "gold")
    unary_extra: dict[int, list[tuple[int, int, float]]] = defaultdict(list)
    quads: dict[tuple[int, int], list[tuple[Node, Node, Node, Node, float]]] = defaultdict(list)
    test_links, test_anchored = _layer_items(test_layer, test_at)
    gold_links, gold_anchored = _layer_items(gold_layer, gold_at)
    anchored: dict[tuple[str, str, str], list[Node]] = defaultdict(list)
    for key, node in gold_anchored:
        anchored[key].append(node)
    for key, (k, i) in test_anchored:
        for g, j in anchored.get(key, ()):
            if g == k:
                unary_extra[k].append((i, j, 1.0))
    linked: dict[tuple[str, int, int], list[tuple[int, int, float]]] = defaultdict(list)
    for role, (gh, j), (gt, l), weight in gold_links:
        linked[(role, gh, gt)].append((j, l, weight))
    parts = _Parts([s.number for s in sentences])
    for role, (sh, i), (st, k), weight in test_links:
        for j, l, _ in linked.get((role, sh, st), ()):
            if sh == st and i == k:
                if j == l:
                    unary_extra[sh].append((i, j, weight))
            elif sh != st or j != l:
                quads[(sh, st)].append(((sh, i), (sh, j), (st, k), (st, l), weight))
                if sh != st:
                    parts.join(sh, st)
    groups: dict[int, list[int]] = defaultdict(list)
    for s in sentences:
        groups[parts.find(s.number)].append(s.number)
    out = []
    for members in sorted(groups.values()):
        first = by_number[members[0]]
        alone = len(members) == 1 and not unary_extra.get(first.number) and not quads.get((first.number, first.number))
        if alone:
            if not first.test_vars or not first.gold_vars:
                continue
            certified = _same_names(first)
            problem = first.problem if certified is None else None
            out.append(Part(tuple(members), problem, {first.number: 0}, {first.number: 0}, True, certified))  # type: ignore[arg-type]
            continue
        problem, t_off, g_off = _assemble([by_number[n] for n in members], unary_extra, quads)
        if problem is not None:
            out.append(Part(tuple(members), problem, t_off, g_off))
    return out


def _kinds(graph: Graph) -> Counter[tuple[str, ...]]:
    """How many triples of each kind a graph has, variables left out: a concept, a role and constant, a role."""
    kinds: Counter[tuple[str, ...]] = Counter(("instance", c) for _, c in graph.instances)
    kinds.update(("attribute", r, c) for _, r, c in graph.attributes)
    kinds.update(("relation", r) for _, r, _ in graph.relations)
    return kinds


def _same_names(pair: SentencePair) -> Alignment | None:
    """The mapping of equal variable names, when it is proven optimal without the solver.

    A matched triple pairs a test triple with a gold triple of the same kind (:func:`_kinds`), each at
    most once, so no mapping matches more than the sum over kinds of the smaller count; when the
    mapping of equal names reaches that bound, it is optimal. Only for graphs without repeated triples
    (a preset that removes them), where the mapping of equal names matches exactly the shared triples.
    """
    test, gold = set(pair.test.triples()), set(pair.gold.triples())
    if pair.duplicates != "min" or len(test) != len(pair.test) or len(gold) != len(pair.gold):
        return None
    shared = len(test & gold)
    t_kinds, g_kinds = _kinds(pair.test), _kinds(pair.gold)
    bound = sum(min(n, g_kinds[k]) for k, n in t_kinds.items())
    if shared < bound:
        return None
    column = {v: j for j, v in enumerate(pair.gold_vars)}
    mapping = [column.get(v, -1) for v in pair.test_vars]
    return Alignment.of(mapping, float(shared), float(bound), "optimal", 0.0)


def _assemble(members: list[SentencePair], unary_extra, quads):  # type: ignore[no-untyped-def]
    """One part's problem: the sentence problems side by side, plus the layer's unary weights and links."""
    t_off, g_off, nt, ng = {}, {}, 0, 0
    for s in members:
        t_off[s.number], g_off[s.number] = nt, ng
        nt += len(s.test_vars)
        ng += len(s.gold_vars)
    if nt == 0 or ng == 0:
        return None, t_off, g_off
    numbers = {s.number for s in members}
    layer_quads = [q for key, qs in quads.items() if key[0] in numbers for q in qs]
    unary = np.zeros((nt, ng))
    pairs, weights = [], []
    for s in members:
        if s.problem is None:
            continue
        a, b = t_off[s.number], g_off[s.number]
        block = s.problem.unary.toarray() if hasattr(s.problem.unary, "toarray") else s.problem.unary
        unary[a : a + block.shape[0], b : b + block.shape[1]] += block
        if len(s.problem.pairs):
            pairs.append(s.problem.pairs + np.array([a, b, a, b]))
            weights.append(np.asarray(s.problem.weights, dtype=np.float64))
        for i, j, w in unary_extra.get(s.number, ()):
            unary[a + i, b + j] += w
    if layer_quads:
        rows = []
        for (si, i), (sj, j), (sk, k), (sl, l), _ in layer_quads:
            x, y, z, u = t_off[si] + i, g_off[sj] + j, t_off[sk] + k, g_off[sl] + l
            rows.append((x, y, z, u) if x < z else (z, u, x, y))
        pairs.append(np.array(rows, dtype=np.int64))
        weights.append(np.array([q[4] for q in layer_quads], dtype=np.float64))
    if not pairs:
        return AlignmentProblem(unary, np.zeros((0, 4), dtype=np.int64), np.zeros(0)), t_off, g_off
    all_pairs = np.concatenate(pairs).astype(np.int64)
    all_weights = np.concatenate(weights)
    keys, inverse = np.unique(all_pairs, axis=0, return_inverse=True)
    return AlignmentProblem(unary, keys, np.bincount(inverse.ravel(), weights=all_weights, minlength=len(keys))), t_off, g_off


def sentence_pairs(test: Sequence[tuple[int, Graph]], gold: Sequence[tuple[int, Graph]], duplicates: Duplicates) -> list[SentencePair]:
    """Each sentence number's two prepared graphs and their Smatch problem."""
    empty = Graph()
    t, g = dict(test), dict(gold)
    out = []
    for number in sorted(set(t) | set(g)):
        a, b = t.get(number, empty), g.get(number, empty)
        out.append(SentencePair(number, a, b, duplicates, a.variables, b.variables))
    return out


def solve_part(problem: AlignmentProblem, solver: Any, budget: Budget | None = None) -> Alignment:
    """The optimum of a part, with its certificate: pairs of nodes that are each other's only candidate are
    aligned (some optimal alignment does so, as weights only add), their links become unary weight of the
    other end, and the rest falls into independent pieces, each solved by ``solver`` within ``budget``
    (the document's, shared by its parts).

    The exact solver splits large problems the same way (:func:`~amrmetrics.align.decompose.force`);
    done here, a part's pieces, usually small, go straight to the exact solver's own steps. A restriction
    (a huge sentence, see :mod:`~amrmetrics.align.large`), or a part with a piece of more than
    :data:`~amrmetrics.align.problem.DENSE_CELLS` node pairs, goes to the solver whole: its pieces
    would be dense tables.
    """
    if min(problem.shape) < SMALL_NODES or problem.ceiling is not None:
        return solve(problem, solver, budget=budget)
    began = time.perf_counter()
    ip = index_problem(problem)
    forced = force(ip)
    mapping, upper, unary, free, links, label = forced.mapping, forced.earned, forced.unary, forced.free, forced.links, forced.label
    owner = label[ip.ci]
    components = np.unique(owner[free])
    rows_of = np.bincount(label[: ip.n_test], minlength=ip.n_test + ip.n_gold)
    cols_of = np.bincount(label[ip.n_test :], minlength=ip.n_test + ip.n_gold)
    if len(components) and int((rows_of[components] * cols_of[components]).max()) > DENSE_CELLS:
        return solve(problem, solver, budget=budget)
    status = "optimal"
    for component in components:
        rows = np.flatnonzero(label[: ip.n_test] == component)
        cols = np.flatnonzero(label[ip.n_test :] == component)
        piece = make_part(ip, rows, cols, free[owner[free] == component], links[owner[ip.qa[links]] == component], unary)
        result = _piece(solver, piece.problem, budget)
        chosen = np.asarray(result.mapping, dtype=np.int64)
        mapped = chosen >= 0
        mapping[rows[mapped]] = cols[chosen[mapped]]
        upper += result.upper
        if result.status != "optimal":
            status = result.status
    fallback = "optimal" if status == "optimal" else status
    return Alignment.of(mapping, problem.value(mapping), upper, fallback, time.perf_counter() - began)  # type: ignore[arg-type]


def _piece(solver: Any, problem: AlignmentProblem, budget: Budget | None) -> Alignment:
    """One piece solved: the exact solver's own steps (splitting again would find nothing more), unless the
    piece is large enough for its Lagrangian route or another solver was chosen."""
    if isinstance(solver, DecomposingSolver) and len(problem.weights) + np.count_nonzero(problem.unary) < LARGE_SIZE:
        return ExactSolver.solve(solver, problem, budget)
    return solve(problem, solver, budget=budget)
