"""Hill-climbing over one-to-one partial mappings, as smatch 1.0.4 searches (but seeded).

A climb repeatedly applies the single best change among all *moves* (remap one test node to an
unused gold node, or unmap it) and all *swaps* (exchange the images of two test nodes) until no
change gains. Each candidate keeps its *support* (unary weight plus links to the current
mapping), so a change's gain is read off the supports and applying it touches only its links.
"""

from __future__ import annotations

import time

import numpy as np

from amrmetrics.align.bounds import eliminate
from amrmetrics.align.indexed import IndexedProblem, index_problem
from amrmetrics.align.problem import AlignmentProblem
from amrmetrics.align.result import Alignment

_MIN_GAIN = 1e-9
"""A change must gain more than this (float noise must not make the climb cycle)."""


def smart_init(unary: np.ndarray) -> np.ndarray:
    """smatch's "smart init" in problem terms: test nodes in order each take the unused gold node
    of highest positive unary weight (lowest index on ties); a node with none stays unmapped.

    smatch 1.0.4 takes the first unused gold node with an equal concept and maps the remaining
    nodes at random; here the unary weight (concept plus attribute matches, or a graded
    similarity) ranks the gold nodes, and unmatched nodes are left to the climb, so the start
    is deterministic.
    """
    mapping = [-1] * len(unary)
    taken: set[int] = set()
    for i, row in enumerate(unary.tolist()):
        best, best_weight = -1, 0.0
        for j, weight in enumerate(row):
            if weight > best_weight and j not in taken:
                best, best_weight = j, weight
        if best >= 0:
            mapping[i] = best
            taken.add(best)
    return np.array(mapping, dtype=np.int64)


def greedy_init(ip: IndexedProblem, score: np.ndarray) -> np.ndarray:
    """Candidates by decreasing ``score`` (lowest index on ties) are taken while both of their
    nodes are free; candidates scoring 0 or less are never taken.
    """
    mapping = [-1] * ip.n_test
    taken: set[int] = set()
    most = min(ip.n_test, ip.n_gold)
    order = np.argsort(-score, kind="stable")
    order = order[score[order] > 0]
    for i, j in zip(ip.ci[order].tolist(), ip.cj[order].tolist()):
        if mapping[i] < 0 and j not in taken:
            mapping[i] = j
            taken.add(j)
            if len(taken) == most:
                break
    return np.array(mapping, dtype=np.int64)


def random_init(ip: IndexedProblem, rng: np.random.Generator) -> np.ndarray:
    """Test nodes in order each take a uniformly drawn unused gold node among their candidates
    (one uniform draw per test node, taken even when the node has no free candidate).
    """
    mapping = [-1] * ip.n_test
    taken: set[int] = set()
    draws = rng.random(ip.n_test).tolist()
    rows, cols = np.nonzero(ip.grid[:, : ip.n_gold] < ip.unmapped)
    options: list[list[int]] = [[] for _ in range(ip.n_test)]
    for i, j in zip(rows.tolist(), cols.tolist()):
        options[i].append(j)
    for i, (choices, draw) in enumerate(zip(options, draws)):
        free = [j for j in choices if j not in taken]
        if free:
            mapping[i] = free[int(draw * len(free))]
            taken.add(mapping[i])
    return np.array(mapping, dtype=np.int64)


def _support(ip: IndexedProblem, cur: np.ndarray) -> np.ndarray:
    """Per candidate (then 0 for :attr:`~IndexedProblem.unmapped`): unary weight plus links to ``cur``."""
    active = np.zeros(ip.size + 1, dtype=bool)
    active[cur] = True
    support = np.zeros(ip.size + 1)
    support[: ip.size] = ip.cu
    if len(ip.qw):
        support[: ip.size] += np.bincount(ip.qa, ip.qw * active[ip.qb], minlength=ip.size)
        support[: ip.size] += np.bincount(ip.qb, ip.qw * active[ip.qa], minlength=ip.size)
    return support


def _shift(ip: IndexedProblem, support: np.ndarray, candidate: int, sign: float) -> None:
    """Add (or remove) ``candidate``'s links to the supports of its neighbours."""
    indptr, neighbour, weight = ip.adjacency
    lo, hi = indptr[candidate], indptr[candidate + 1]
    if hi > lo:
        support[neighbour[lo:hi]] += sign * weight[lo:hi]


def climb(ip: IndexedProblem, mapping: np.ndarray) -> np.ndarray:
    """Steepest ascent from ``mapping`` over moves and swaps; returns the local optimum.

    A test node may sit on a non-candidate gold node during the climb (worth the same as no
    image, it can make a swap possible); the result unmaps it, so only candidates are mapped.
    """
    n1, n2 = ip.n_test, ip.n_gold
    image = np.where(mapping < 0, n2, mapping)
    if n1 == 0 or n2 == 0:
        return np.full(n1, -1, dtype=np.int64)
    cur = ip.grid[np.arange(n1), image]
    not_above = np.tri(n1, dtype=bool)
    ti, tk = ip.ci[ip.qa], ip.ci[ip.qb]
    gj, gl = ip.cj[ip.qa], ip.cj[ip.qb]
    support = _support(ip, cur)
    while True:
        table = support[ip.grid]
        held = support[cur]
        moves = table - held[:, None]
        moves[:, image[image < n2]] = -np.inf
        best_move = int(moves.argmax())
        move_gain = moves.flat[best_move]

        crossing = table[:, image]
        swaps = crossing + crossing.T
        swaps -= held[:, None] + held
        if len(ip.qw):
            earned = ((image[ti] == gj) & (image[tk] == gl)) | ((image[tk] == gj) & (image[ti] == gl))
            swaps[ti[earned], tk[earned]] += ip.qw[earned]
        swaps[not_above] = -np.inf
        best_swap = int(swaps.argmax())
        swap_gain = swaps.flat[best_swap]

        if max(move_gain, swap_gain) <= _MIN_GAIN:
            return np.where(cur == ip.unmapped, -1, image)
        if move_gain >= swap_gain:
            i, j = divmod(best_move, n2 + 1)
            changes = [(i, j)]
        else:
            i, k = divmod(best_swap, n1)
            changes = [(i, image[k]), (k, image[i])]
        for i, _ in changes:
            _shift(ip, support, int(cur[i]), -1.0)
        for i, j in changes:
            image[i] = j
            cur[i] = ip.grid[i, j]
            _shift(ip, support, int(cur[i]), 1.0)


class HillClimbSolver:
    """smatch 1.0.4's search, made reproducible: restart 0 from :func:`smart_init`, restarts
    1..``restarts`` from :func:`random_init` with ``numpy.random.Generator(PCG64(seed))`` (a new
    generator per problem, so results never depend on call order), best of the climbs (the
    earliest on ties). Status ``optimal`` only when the value meets the cheap bound of
    :func:`~amrmetrics.align.bounds.eliminate` (no LP).
    """

    def __init__(self, restarts: int = 4, seed: int = 0) -> None:
        if restarts < 0:
            raise ValueError("restarts must be >= 0")
        self.restarts = restarts
        self.seed = seed

    def solve(self, problem: AlignmentProblem) -> Alignment:
        """The best local optimum of ``restarts + 1`` climbs."""
        began = time.perf_counter()
        ip = index_problem(problem)
        rng = np.random.Generator(np.random.PCG64(self.seed))
        best = climb(ip, smart_init(problem.unary))
        best_value = problem.value(best)
        for _ in range(self.restarts):
            mapping = climb(ip, random_init(ip, rng))
            value = problem.value(mapping)
            if value > best_value:
                best, best_value = mapping, value
        _, bound = eliminate(ip, best_value)
        return Alignment.of(best, best_value, max(best_value, bound), "heuristic", time.perf_counter() - began)
