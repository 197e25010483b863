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
from amrmetrics.align.budget import Budget, pass_units
from amrmetrics.align.indexed import _TABLE_CELLS, IndexedProblem, group, index_problem
from amrmetrics.align.problem import AlignmentProblem
from amrmetrics.align.result import Alignment

_MIN_GAIN = 1e-9
"""A change must gain more than this (float noise must not make the climb cycle)."""
_BLOCK = 1 << 16
"""Candidates :func:`greedy_init` turns into Python objects at a time."""
SWAP_CELL = 8
"""Units per cell of the (test node, test node) table that may group a step's swaps (see :func:`step_units`)."""
SWAP_SORT = 80
"""Units per candidate and link when a step's swaps are grouped by sorting instead (the table too large)."""


def step_units(size: int, links: int, n_test: int) -> float:
    """Units of one climb step: a pass over the candidates and links, and the grouping of its swaps:
    in a table of ``n_test`` squared cells (up to :data:`~amrmetrics.align.indexed._TABLE_CELLS`; on
    a 2,000-node pair that table costs more than the pass), else by sorting up to one value per
    candidate and link. The plain-Python climb is charged the same."""
    table = n_test * n_test
    grouping = SWAP_CELL * table if table <= _TABLE_CELLS else SWAP_SORT * (size + links)
    return pass_units(size, links, n_test) + grouping


def smart_init(ip: IndexedProblem) -> np.ndarray:
    """smatch's "smart init" in problem terms: test nodes in order each take the unused gold node
    of highest positive unary weight (lowest index on ties); a node with none stays unmapped.

    smatch 1.0.4 takes the first unused gold node with an equal concept and maps the remaining
    nodes at random; here the unary weight (concept plus attribute matches, or a graded
    similarity) ranks the gold nodes, and unmatched nodes are left to the climb, so the start
    is deterministic.
    """
    mapping = [-1] * ip.n_test
    taken: set[int] = set()
    starts = ip.row_start.tolist()
    cols, weights = ip.cj.tolist(), ip.cu.tolist()
    for i in range(ip.n_test):
        best, best_weight = -1, 0.0
        for j, weight in zip(cols[starts[i] : starts[i + 1]], weights[starts[i] : starts[i + 1]]):
            if weight > best_weight and j not in taken:
                best, best_weight = j, weight
        if best >= 0:
            mapping[i] = best
            taken.add(best)
    return np.array(mapping, dtype=np.int64)


def greedy_init(ip: IndexedProblem, score: np.ndarray) -> np.ndarray:
    """Candidates by decreasing ``score`` (lowest index on ties) are taken while both of their
    nodes are free; candidates scoring 0 or less are never taken.

    Candidates go by blocks, each first cleared of those whose nodes earlier blocks took, so a
    large problem never turns every candidate into Python objects.
    """
    mapping = np.full(ip.n_test, -1, dtype=np.int64)
    taken = np.zeros(ip.n_gold, dtype=bool)
    left = min(ip.n_test, ip.n_gold)
    order = np.argsort(-score, kind="stable")
    order = order[score[order] > 0]
    for start in range(0, len(order), _BLOCK):
        if not left:
            break
        block = order[start : start + _BLOCK]
        block = block[(mapping[ip.ci[block]] < 0) & ~taken[ip.cj[block]]]
        rows: set[int] = set()
        cols: set[int] = set()
        for i, j in zip(ip.ci[block].tolist(), ip.cj[block].tolist()):
            if i not in rows and j not in cols:
                rows.add(i)
                cols.add(j)
                mapping[i] = j
                left -= 1
                if not left:
                    break
        taken[list(cols)] = True
    return mapping


def random_init(ip: IndexedProblem, rng: np.random.Generator) -> np.ndarray:
    """Test nodes in order each take a uniformly drawn unused gold node among their candidates
    (one uniform draw per test node, taken even when the node has no free candidate).
    """
    mapping = [-1] * ip.n_test
    taken: set[int] = set()
    draws = rng.random(ip.n_test).tolist()
    starts, cols = ip.row_start.tolist(), ip.cj.tolist()
    for i, draw in enumerate(draws):
        free = [j for j in cols[starts[i] : starts[i + 1]] if j not in taken]
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


def _best_swap(
    ip: IndexedProblem, ends: tuple[np.ndarray, ...], image: np.ndarray, owners: np.ndarray, support: np.ndarray, held: np.ndarray
) -> tuple[int, float]:
    """The swap of largest gain as ``(i * n_test + k, gain)`` with i < k (the first on ties), or ``(-1, -inf)``.

    A swap gains only through a candidate it chooses (i onto k's image or k onto i's: a candidate
    whose gold node ``owners`` another test node) or a link between i and k that it keeps or
    completes; every other swap loses what the two nodes hold. ``ends`` are the links' (test,
    gold) nodes.
    """
    n1 = ip.n_test
    ti, tk, gj, gl = ends
    crossing = np.flatnonzero((owners >= 0) & (owners != ip.ci))
    first, second = ip.ci[crossing], owners[crossing]
    at_i, at_k = image[ti], image[tk]
    earned = np.flatnonzero(((at_i == gj) & (at_k == gl)) | ((at_k == gj) & (at_i == gl)))
    if not len(crossing) and not len(earned):
        return -1, -np.inf
    pairs = np.concatenate([np.minimum(first, second) * n1 + np.maximum(first, second), ti[earned] * n1 + tk[earned]])
    keys, which = group(pairs, n1 * n1)
    gains = np.zeros(len(keys))
    gains += np.bincount(which[: len(crossing)], support[crossing], minlength=len(keys))
    gains -= held[keys // n1] + held[keys % n1]
    gains += np.bincount(which[len(crossing) :], ip.qw[earned], minlength=len(keys))
    best = int(gains.argmax())
    return int(keys[best]), float(gains[best])


def climb(ip: IndexedProblem, mapping: np.ndarray, budget: Budget | None = None) -> np.ndarray:
    """Steepest ascent from ``mapping`` over moves and swaps; returns the local optimum, or the
    mapping reached when ``budget`` cannot pay for another step (each step charges
    :func:`step_units`, as the plain-Python climb does).

    A test node may sit on a non-candidate gold node during the climb (worth the same as no
    image, it can make a swap possible); the result unmaps it, so only candidates are mapped.
    Every gain is read off the candidates and links (no ``n_test x n_gold`` table); since no
    weight is negative, neither is any support, so a change that gains involves a candidate.
    """
    n1, n2 = ip.n_test, ip.n_gold
    if n1 == 0 or n2 == 0:
        return np.full(n1, -1, dtype=np.int64)
    image = np.where(mapping < 0, n2, mapping)
    cur = ip.lookup(np.arange(n1), image)
    owner = np.full(n2 + 1, -1, dtype=np.int64)
    placed = np.flatnonzero(image < n2)
    owner[image[placed]] = placed
    support = _support(ip, cur)
    ends = (ip.ci[ip.qa], ip.ci[ip.qb], ip.cj[ip.qa], ip.cj[ip.qb])
    step = step_units(ip.size, len(ip.qw), n1)
    budget = budget or Budget()
    budget.spend(step)  # the supports, computed whatever is left
    while budget.affords(step):
        budget.spend(step)
        held = support[cur]
        owners = owner[ip.cj]
        moves = support[: ip.size] - held[ip.ci]
        moves[owners >= 0] = -np.inf
        best_move = int(moves.argmax()) if ip.size else -1
        move_gain = float(moves[best_move]) if ip.size else -np.inf
        best_swap, swap_gain = _best_swap(ip, ends, image, owners, support, held)
        if max(move_gain, swap_gain) <= _MIN_GAIN:
            break
        if move_gain >= swap_gain:
            changes = [(int(ip.ci[best_move]), int(ip.cj[best_move]), best_move)]
        else:
            i, k = divmod(best_swap, n1)
            targets = ip.lookup(np.array([i, k]), image[[k, i]]).tolist()
            changes = [(i, int(image[k]), targets[0]), (k, int(image[i]), targets[1])]
        for i, _, _ in changes:
            _shift(ip, support, int(cur[i]), -1.0)
            owner[image[i]] = -1
        for i, j, c in changes:
            image[i], cur[i] = j, c
            _shift(ip, support, c, 1.0)
            owner[j] = i if j < n2 else -1
    return np.where(cur == ip.unmapped, -1, image)


class HillClimbSolver:
    """smatch 1.0.4's search, made reproducible: restart 0 from :func:`smart_init`, restarts
    1..``restarts`` from :func:`random_init` with ``numpy.random.Generator(PCG64(seed))`` (a new
    generator per problem, so results never depend on call order), best of the climbs (the
    earliest on ties). Status ``optimal`` only when the value meets the cheap bound of
    :func:`~amrmetrics.align.bounds.eliminate` (no LP), or a restricted problem's ``ceiling``.
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
        best = climb(ip, smart_init(ip))
        best_value = problem.value(best)
        for _ in range(self.restarts):
            mapping = climb(ip, random_init(ip, rng))
            value = problem.value(mapping)
            if value > best_value:
                best, best_value = mapping, value
        bound = eliminate(ip, best_value)[1] if problem.ceiling is None else problem.ceiling
        return Alignment.of(best, best_value, max(best_value, bound), "heuristic", time.perf_counter() - began)
