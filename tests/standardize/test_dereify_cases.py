"""Dereification and quote handling, case by case, against triples written by hand."""

from __future__ import annotations

from amrmetrics.graph import Graph
from amrmetrics.read import decode
from amrmetrics.standardize import STEPS, unquote
from amrmetrics.standardize.s2match_reference import parsed_constant


def dereified(text: str):
    graph = decode(text)
    for name in ("lowercase", "delete-quote-chars", "deinvert-all", "dereify"):
        graph = STEPS[name](graph)
    return graph


def test_a_node_that_cannot_collapse_does_not_stop_the_next_one():
    graph = dereified(
        "(a / and :op1 (b / boy :ARG1-of (z / have-mod-91 :ARG2 (t / tall) :ARG3 (q / quick)))"
        " :op2 (g / girl :ARG1-of (y / have-mod-91 :ARG2 (s / small))))"
    )
    assert ("z", "have-mod-91") in graph.instances  # three arguments: kept
    assert ("y", "have-mod-91") not in graph.instances and ("g", ":mod", "s") in graph.relations


def test_a_row_between_two_constants_does_not_stop_the_next_one():
    # built in code: a PENMAN text cannot give a non-root node no incoming edge and two constant arguments
    graph = Graph(
        instances=(("r", "and"), ("z", "have-polarity-91"), ("y", "have-mod-91"), ("g", "girl"), ("s", "small")),
        attributes=(("z", ":arg1", "x"), ("z", ":arg2", "-")),
        relations=(("y", ":arg1", "g"), ("y", ":arg2", "s")),
        root="r",
    )
    out = STEPS["dereify"](graph)
    assert out.instances == (("r", "and"), ("z", "have-polarity-91"), ("g", "girl"), ("s", "small"))
    assert out.attributes == graph.attributes and out.relations == (("g", ":mod", "s"),)


def test_a_collapsed_node_leaves_no_triple_behind():
    graph = dereified("(a / and :op1 (b / boy :ARG1-of (z / have-polarity-91 :ARG2 -)))")
    assert graph.instances == (("a", "and"), ("b", "boy"))
    assert graph.attributes == (("b", ":polarity", "-"),)
    assert graph.relations == (("a", ":op1", "b"),)
    graph = dereified("(a / and :op1 (t / tall :ARG2-of (z / have-mod-91 :ARG1 5)))")
    assert graph.instances == (("a", "and"), ("t", "tall")) and graph.attributes == (("t", ":mod-of", "5"),)


def test_empty_and_one_sided_quotes():
    assert (unquote('""'), unquote('"x"'), unquote('x"'), unquote('"')) == ("", "x", 'x"', '"')
    assert (parsed_constant('""'), parsed_constant('"New York"'), parsed_constant('ab"'), parsed_constant("5")) == ("_", "New", 'ab"', "5")
