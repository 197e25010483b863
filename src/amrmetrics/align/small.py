"""The cheap steps of the exact solver in plain Python, for small problems with integer weights.

On a sentence pair (a median of 14 candidates on BAMBOO STS) each numpy call costs more than the
arithmetic it does, so indexing, potentials, the greedy start, the climb and the value are
computed here on lists. They follow :mod:`indexed`, :mod:`bounds` and :mod:`hillclimb` step for
step, ties included (lowest index first), and with integer weights every sum is an exact float
(halves of integers, far below 2**53), so the results are the numpy path's, bit for bit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from amrmetrics.align.budget import Budget
from amrmetrics.align.hillclimb import step_units
from amrmetrics.align.indexed import IndexedProblem
from amrmetrics.align.problem import AlignmentProblem

SMALL_CANDIDATES = 64
"""Problems with up to this many candidates (and no more than :data:`SMALL_LINKS` links) go here: on
the STS dev problems the numpy path is faster from about 60 candidates on (e.g. 931 against 799 us
a problem above 80 candidates, 345 against 518 us between 20 and 30)."""
SMALL_LINKS = 128
_MIN_GAIN = 1e-9
"""As :data:`amrmetrics.align.hillclimb._MIN_GAIN`."""


@dataclass(frozen=True, eq=False)
class SmallProblem:
    """:class:`~amrmetrics.align.indexed.IndexedProblem` as lists (every weight an integer)."""

    n_test: int
    n_gold: int
    ci: list[int]
    cj: list[int]
    cu: list[float]
    qa: list[int]
    qb: list[int]
    qw: list[float]

    @property
    def size(self) -> int:
        """Number of candidates (also the index that stands for "no candidate")."""
        return len(self.ci)

    @cached_property
    def index(self) -> dict[tuple[int, int], int]:
        """The candidate of each (test, gold) node pair."""
        return {(i, j): c for c, (i, j) in enumerate(zip(self.ci, self.cj))}

    @cached_property
    def adjacency(self) -> list[list[tuple[int, float]]]:
        """Per candidate (then one empty list for "no candidate"): its linked candidates and weights."""
        adjacent: list[list[tuple[int, float]]] = [[] for _ in range(self.size + 1)]
        for a, b, w in zip(self.qa, self.qb, self.qw):
            adjacent[a].append((b, w))
            adjacent[b].append((a, w))
        return adjacent

    def indexed(self) -> IndexedProblem:
        """The same problem as numpy arrays (what the LP steps take)."""
        def ints(values: list[int]) -> np.ndarray:
            return np.array(values, dtype=np.int64)

        return IndexedProblem(
            self.n_test, self.n_gold, ints(self.ci), ints(self.cj), np.array(self.cu, dtype=np.float64),
            ints(self.qa), ints(self.qb), np.array(self.qw, dtype=np.float64), True,
        )

    def restrict(self, keep: list[bool]) -> SmallProblem:
        """Without the candidates where ``keep`` is False and their links (as :meth:`IndexedProblem.restrict`)."""
        renumber: dict[int, int] = {}
        for c, kept in enumerate(keep):
            if kept:
                renumber[c] = len(renumber)
        links = [q for q, (a, b) in enumerate(zip(self.qa, self.qb)) if keep[a] and keep[b]]
        return SmallProblem(
            self.n_test, self.n_gold,
            [self.ci[c] for c in renumber], [self.cj[c] for c in renumber], [self.cu[c] for c in renumber],
            [renumber[self.qa[q]] for q in links], [renumber[self.qb[q]] for q in links], [self.qw[q] for q in links],
        )

    def value(self, mapping: list[int]) -> float:
        """Objective of a mapping onto candidates (``mapping[i]`` = gold node, or -1), as :meth:`AlignmentProblem.value`."""
        index, cu = self.index, self.cu
        chosen: set[int] = set()
        total = 0.0
        for i, j in enumerate(mapping):
            if j >= 0:
                c = index.get((i, j))
                if c is not None:
                    chosen.add(c)
                    total += cu[c]
        for a, b, w in zip(self.qa, self.qb, self.qw):
            if a in chosen and b in chosen:
                total += w
        return total


def index_small(problem: AlignmentProblem) -> SmallProblem | None:
    """The candidates and links of ``problem`` as :func:`~amrmetrics.align.indexed.index_problem`
    finds them, or None when the problem is restricted, sparse, too large, or has a weight that
    is negative or not an integer (those take the numpy path)."""
    unary, weights = problem.unary, problem.weights
    if problem.ceiling is not None or not isinstance(unary, np.ndarray) or len(weights) > SMALL_LINKS:
        return None
    flat = unary.ravel()
    cells = np.flatnonzero(flat)
    if len(cells) > SMALL_CANDIDATES:
        return None
    values = flat[cells].tolist()
    w = np.asarray(weights, dtype=np.float64).tolist()
    if any(v < 0 or v % 1 for v in values) or any(x <= 0 or x % 1 for x in w):
        return None
    n1, n2 = problem.shape
    width = n2 + 1
    unary_keys = [cell + cell // n2 for cell in cells.tolist()]  # i * width + j for cell i * n2 + j
    pairs = problem.pairs
    a_keys = (pairs[:, 0] * width + pairs[:, 1]).tolist()
    b_keys = (pairs[:, 2] * width + pairs[:, 3]).tolist()
    keys = sorted(set(unary_keys).union(a_keys, b_keys))
    if len(keys) > SMALL_CANDIDATES:
        return None
    position = {key: c for c, key in enumerate(keys)}
    cu = [0.0] * len(keys)
    for key, v in zip(unary_keys, values):
        cu[position[key]] = v
    return SmallProblem(
        n1, n2, [key // width for key in keys], [key % width for key in keys], cu,
        [position[key] for key in a_keys], [position[key] for key in b_keys], w,
    )


def greedy_init(sp: SmallProblem, score: list[float]) -> list[int]:
    """As :func:`amrmetrics.align.hillclimb.greedy_init`: by decreasing positive score, lowest index on ties."""
    mapping = [-1] * sp.n_test
    taken = [False] * sp.n_gold
    left = min(sp.n_test, sp.n_gold)
    negated = [-x for x in score]
    for c in sorted(range(sp.size), key=negated.__getitem__):
        if not left or score[c] <= 0:
            break
        i, j = sp.ci[c], sp.cj[c]
        if mapping[i] < 0 and not taken[j]:
            mapping[i] = j
            taken[j] = True
            left -= 1
    return mapping


def climb(sp: SmallProblem, mapping: list[int], budget: Budget | None = None) -> list[int]:
    """As :func:`amrmetrics.align.hillclimb.climb`: steepest ascent over moves and swaps, the
    first best change on ties (moves by candidate, swaps by (i, k)), a move before an equal swap;
    each step charged to ``budget`` as there (so both stop at the same step)."""
    n1, n2, size = sp.n_test, sp.n_gold, sp.size
    if n1 == 0 or n2 == 0:
        return [-1] * n1
    step = step_units(size, len(sp.qw), n1)
    budget = budget or Budget()
    budget.spend(step)  # the supports, computed whatever is left
    ci, cj, index, adjacency = sp.ci, sp.cj, sp.index, sp.adjacency
    image = [n2 if j < 0 else j for j in mapping]
    cur = [index.get((i, j), size) for i, j in enumerate(image)]
    owner = [-1] * (n2 + 1)
    for i, j in enumerate(image):
        if j < n2:
            owner[j] = i
    support = [*sp.cu, 0.0]
    for c in cur:
        for other, w in adjacency[c]:
            support[other] += w
    ends = [(ci[a], ci[b], cj[a], cj[b], w) for a, b, w in zip(sp.qa, sp.qb, sp.qw)]
    while budget.affords(step):
        budget.spend(step)
        held = [support[c] for c in cur]
        best_move, move_gain = -1, -math.inf
        swaps: dict[int, float] = {}
        for c in range(size):
            i, taker = ci[c], owner[cj[c]]
            if taker < 0:
                gain = support[c] - held[i]
                if gain > move_gain:
                    best_move, move_gain = c, gain
            elif taker != i:
                key = i * n1 + taker if i < taker else taker * n1 + i
                swaps[key] = swaps.get(key, 0.0) + support[c]
        for ti, tk, gj, gl, w in ends:
            at_i, at_k = image[ti], image[tk]
            if (at_i == gj and at_k == gl) or (at_k == gj and at_i == gl):
                key = ti * n1 + tk
                swaps[key] = swaps.get(key, 0.0) + w
        best_swap, swap_gain = -1, -math.inf
        for key in sorted(swaps):
            gain = swaps[key] - (held[key // n1] + held[key % n1])
            if gain > swap_gain:
                best_swap, swap_gain = key, gain
        if max(move_gain, swap_gain) <= _MIN_GAIN:
            break
        if move_gain >= swap_gain:
            changes = [(ci[best_move], cj[best_move], best_move)]
        else:
            i, k = divmod(best_swap, n1)
            changes = [(i, image[k], index.get((i, image[k]), size)), (k, image[i], index.get((k, image[i]), size))]
        for i, _, _ in changes:
            for other, w in adjacency[cur[i]]:
                support[other] -= w
            owner[image[i]] = -1
        for i, j, c in changes:
            image[i], cur[i] = j, c
            for other, w in adjacency[c]:
                support[other] += w
            owner[j] = i if j < n2 else -1
    return [-1 if c == size else j for j, c in zip(image, cur)]
