"""The parts of a UMR document problem: the certificate without the solver is never wrong, and the
parts' optima add up to the optimum of the whole document problem."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from amrmetrics.align import build_problem
from amrmetrics.align.solve import make_solver
from amrmetrics.metrics.umr_problem import SentencePair, _same_names
from amrmetrics.standardize import get_preset
from strategies import graph_pairs

SMATCH = get_preset("smatch")


@settings(max_examples=300, deadline=None)
@given(graph_pairs())
def test_the_certificate_of_equal_names_is_the_optimum(pair):
    test, gold = (SMATCH(g) for g in pair)
    sentence = SentencePair(1, test, gold, "min", test.variables, gold.variables)
    certified = _same_names(sentence)
    optimum = make_solver("exact").solve(build_problem(test, gold))
    if certified is not None:
        assert certified.value == optimum.value == certified.upper
        assert build_problem(test, gold).value(np.asarray(certified.mapping)) == certified.value


@settings(max_examples=100, deadline=None)
@given(graph_pairs())
def test_a_graph_against_itself_is_certified_without_the_solver(pair):
    graph = SMATCH(pair[0])
    certified = _same_names(SentencePair(1, graph, graph, "min", graph.variables, graph.variables))
    assert certified is not None and certified.value == len(graph)
