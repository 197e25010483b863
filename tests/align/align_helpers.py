"""Random small alignment problems and a brute-force optimum to check the solvers against."""

from __future__ import annotations

import itertools
from functools import lru_cache

import numpy as np
from hypothesis import strategies as st

from amrmetrics.align import AlignmentProblem
from amrmetrics.graph import Graph

WEIGHTS = (0.0, 0.0, 1.0, 1.0, 2.0, 0.5, 0.3)
"""Drawn unary and pairwise weights: mostly integers, some fractional (graded metrics)."""


@lru_cache(maxsize=None)
def partial_injections(n_test: int, n_gold: int) -> np.ndarray:
    """Every one-to-one partial mapping, one per row (gold -1 = unmapped)."""
    rows = [
        m
        for m in itertools.product(range(-1, n_gold), repeat=n_test)
        if len({j for j in m if j >= 0}) == sum(j >= 0 for j in m)
    ]
    return np.array(rows, dtype=np.int64).reshape(len(rows), n_test)


def brute_force(problem: AlignmentProblem) -> float:
    """The maximum of the objective over all mappings (vectorised enumeration)."""
    n1, n2 = problem.shape
    maps = partial_injections(n1, n2)
    padded = np.hstack([problem.unary, np.zeros((n1, 1))])
    values = padded[np.arange(n1), maps].sum(axis=1) if n1 else np.zeros(len(maps))
    for (i, j, k, l), w in zip(problem.pairs, problem.weights):
        values = values + w * ((maps[:, i] == j) & (maps[:, k] == l))
    return float(values.max())


@st.composite
def problems(draw: st.DrawFn, max_nodes: int = 5, weights: tuple[float, ...] = WEIGHTS) -> AlignmentProblem:
    """A random problem with up to ``max_nodes`` nodes per side."""
    n1 = draw(st.integers(0, max_nodes))
    n2 = draw(st.integers(0, max_nodes))
    unary = np.array(draw(st.lists(st.sampled_from(weights), min_size=n1 * n2, max_size=n1 * n2)), dtype=np.float64)
    quads = [(i, j, k, l) for i in range(n1) for k in range(i + 1, n1) for j in range(n2) for l in range(n2) if j != l]
    chosen = draw(st.lists(st.sampled_from(quads), unique=True, max_size=12)) if quads else []
    pair_weights = [draw(st.sampled_from([w for w in weights if w > 0])) for _ in chosen]
    return AlignmentProblem(
        unary.reshape(n1, n2),
        np.array(chosen, dtype=np.int64).reshape(len(chosen), 4),
        np.array(pair_weights, dtype=np.float64),
    )


def random_problem(
    rng: np.random.Generator, n_test: int, n_gold: int, n_pairs: int, fractional: bool = False
) -> AlignmentProblem:
    """A seeded random problem with many links (hard for the cheap bounds); integer weights, or
    unary weights in [0, 1) with two decimals (like S2match's similarities) when ``fractional``.
    """
    if fractional:
        unary = np.round(rng.random((n_test, n_gold)) * (rng.random((n_test, n_gold)) < 0.4), 2)
    else:
        unary = rng.integers(0, 2, size=(n_test, n_gold)).astype(np.float64)
    quads = {}
    for _ in range(n_pairs):
        i, k = sorted(rng.choice(n_test, 2, replace=False))
        j, l = rng.choice(n_gold, 2, replace=False)
        quads[(int(i), int(j), int(k), int(l))] = float(rng.integers(1, 3))
    return AlignmentProblem(
        unary, np.array(list(quads), dtype=np.int64).reshape(-1, 4), np.array(list(quads.values()))
    )


def random_graph(
    rng: np.random.Generator, n: int, concepts: int, labels: int, extra: float = 0.2, duplicates: float = 0.0
) -> Graph:
    """A random tree of ``n`` nodes plus ``extra * n`` reentrant relations, concepts and relation
    labels drawn from ``concepts`` and ``labels`` names, one attribute on every fifth node; a
    share ``duplicates`` of the relations is written twice.
    """
    names = [f"v{i}" for i in range(n)]
    instances = tuple((v, f"c{rng.integers(concepts)}") for v in names)
    ends = [(int(rng.integers(i)), i) for i in range(1, n)]
    ends += [tuple(rng.choice(n, 2, replace=False).tolist()) for _ in range(int(extra * n))]
    relations = [(names[s], f":r{rng.integers(labels)}", names[t]) for s, t in ends]
    relations += [r for r in relations if rng.random() < duplicates]
    attributes = tuple((v, ":a", f"x{rng.integers(3)}") for v in names[::5])
    return Graph(instances, attributes, tuple(relations), names[0] if n else None)


def renamed(graph: Graph, rng: np.random.Generator) -> Graph:
    """The same graph with its nodes listed in a random order under new names (an isomorphic copy)."""
    order = rng.permutation(len(graph.instances))
    name = {graph.instances[k][0]: f"g{i}" for i, k in enumerate(order)}
    instances = tuple((name[graph.instances[k][0]], graph.instances[k][1]) for k in order)
    attributes = tuple((name[v], r, c) for v, r, c in graph.attributes)
    relations = tuple((name[s], r, name[t]) for s, r, t in graph.relations)
    return Graph(instances, attributes, relations, name[graph.root] if graph.root else None)


def count_potentials(monkeypatch, module) -> list[int]:
    """Record the size of every problem ``module.potentials`` is computed for (one per elimination round
    that dropped candidates); the real potentials are still returned."""
    real = module.potentials
    sizes: list[int] = []

    def counting(problem):
        sizes.append(problem.size)
        return real(problem)

    monkeypatch.setattr(module, "potentials", counting)
    return sizes
