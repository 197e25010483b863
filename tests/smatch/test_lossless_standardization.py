"""The standardizations lose nothing they claim to keep: equivalent writings of a graph score the same.

* Writing any relation inverted (``(a :ARG0 b)`` as ``(b :ARG0-of a)``) never changes a score.
* ``:mod`` and the reversed ``:domain`` are one triple under ``smatch`` and ``smatchpp-amr``.
* Reifying a table role (``:location`` as ``be-located-at-91``) is invisible to ``smatchpp-amr``.
* Smatch++ de-inverts ``:consist-of`` too; applied to both sides this gives the same scores as
  de-inverting with the exception list.
* Duplicates and variable names: see test_smatch_laws.py.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import graph_pairs

from amrmetrics.align import build_problem
from amrmetrics.align.solve import make_solver
from amrmetrics.graph import Graph
from amrmetrics.metrics.smatch import Smatch
from amrmetrics.standardize import Preset, get_preset
from amrmetrics.standardize.reify import REIFICATIONS

SAFE = ["smatch", "smatchpp", "smatchpp-amr"]
law = settings(max_examples=50, deadline=None)
seeds = st.integers(0, 2**32 - 1)


@cache
def metric(std: str) -> Smatch:
    return Smatch(std=std)


def stats(std: str, test: Graph, gold: Graph) -> tuple[float, ...]:
    m = metric(std)
    return m.pair(m.prepare(test), m.prepare(gold)).stats[:3]


def write_inverted(graph: Graph, seed: int) -> Graph:
    """Write about half of the relations the other way round (``:r`` <-> ``:r-of``)."""
    rng = np.random.default_rng(seed)
    relations = []
    for s, r, t in graph.relations:
        if rng.random() < 0.5:
            relations.append((s, r, t))
        elif r.endswith("-of") and r.lower() not in (":consist-of", ":prep-out-of"):
            relations.append((t, r[:-3], s))
        elif not r.endswith("-of"):
            relations.append((t, r + "-of", s))
        else:
            relations.append((s, r, t))
    return graph.evolve(relations=tuple(relations))


@pytest.mark.parametrize("std", SAFE)
@law
@given(graph_pairs(duplicates=True), seeds)
def test_writing_relations_inverted_changes_nothing(std, pair, seed):
    a, b = pair
    assert stats(std, write_inverted(a, seed), b) == stats(std, a, b)


def mod_as_domain(graph: Graph) -> Graph:
    return graph.evolve(relations=tuple((t, ":domain", s) if r == ":mod" else (s, r, t) for s, r, t in graph.relations))


@pytest.mark.parametrize("std", ["smatch", "smatchpp-amr"])
@law
@given(graph_pairs(duplicates=True))
def test_mod_and_reversed_domain_are_one_triple(std, pair):
    a, b = pair
    assert stats(std, mod_as_domain(a), b) == stats(std, a, b)


TABLE = {row.role: row for row in REIFICATIONS}


def reify(graph: Graph, seed: int) -> Graph:
    """Reify about half of the relations whose role the AMR table covers, as a parser might."""
    rng = np.random.default_rng(seed)
    instances, relations = list(graph.instances), []
    for k, (s, r, t) in enumerate(graph.relations):
        row = TABLE.get(r)
        if row is None or rng.random() < 0.5:
            relations.append((s, r, t))
            continue
        z = f"z{k}"
        instances.append((z, row.concepts[0]))
        relations += [(z, row.source_arg, s), (z, row.target_arg, t)]
    return graph.evolve(instances=tuple(instances), relations=tuple(relations))


@law
@given(graph_pairs(duplicates=True), seeds)
def test_reification_is_invisible_to_smatchpp_amr(pair, seed):
    a, b = pair
    assert stats("smatchpp-amr", reify(a, seed), b) == stats("smatchpp-amr", a, b)


WITH_EXCEPTIONS = Preset(
    "smatchpp-with-exception-list",
    ("lowercase", "delete-quote-chars", "deinvert", "root-of-graph"),
    "smatchpp, but de-inverting with the AMR exception list",
)


@law
@given(graph_pairs(duplicates=True))
def test_deinverting_consist_of_on_both_sides_changes_no_score(pair):
    a, b = pair
    solver = make_solver("exact")
    smatchpp = get_preset("smatchpp")
    mine = solver.solve(build_problem(smatchpp(a), smatchpp(b), duplicates="min")).value
    other = solver.solve(build_problem(WITH_EXCEPTIONS(a), WITH_EXCEPTIONS(b), duplicates="min")).value
    assert mine == other
