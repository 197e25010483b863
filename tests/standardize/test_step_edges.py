"""Standardization steps on the triples the usual corpora rarely have, written by hand: ``:wiki``
between nodes, roles ending in ``-of`` on attributes, an empty quoted constant, a reified node
reached only through an inverse attribute, and a preset naming unknown steps."""

from __future__ import annotations

import pytest

from amrmetrics.graph import Graph
from amrmetrics.read import decode
from amrmetrics.standardize import STEPS
from amrmetrics.standardize.presets import Preset
from amrmetrics.standardize.reify import REIFICATIONS, dereification_table, is_inverse_attribute
from amrmetrics.standardize.smatchpp import deinvert_substring, domain_as_mod_of
from amrmetrics.standardize.steps import drop_wiki, smatch_classic_triples

NODES = (("a", "x"), ("b", "y"), ("c", "z"))


def test_wiki_between_nodes_is_dropped_in_any_case():
    graph = decode("(a / x :wiki (b / y) :Wiki (c / z) :ARG0 c :ARG1 b :wiki \"Q1\")")
    out = drop_wiki(graph)
    assert out.relations == (("a", ":ARG0", "c"), ("a", ":ARG1", "b")) and out.attributes == ()


def test_an_inverted_attribute_role_is_cut_at_its_first_of():
    graph = Graph(instances=NODES, attributes=(("a", ":consist-of-of", '"k"'), ("b", ":ARG0-of", "5"), ("c", ":op1", "7")), relations=(), root="a")
    assert deinvert_substring(graph).attributes == (("a", ":consist-of", '"k"'), ("b", ":ARG0-of", "5"), ("c", ":op1", "7"))


def test_domain_on_attributes_becomes_mod_of_and_domain_of_mod():
    graph = Graph(instances=NODES, attributes=(("a", ":domain", "5"), ("b", ":domain-of", '"k"'), ("c", ":op1", "7")), relations=(), root="a")
    assert domain_as_mod_of(graph).attributes == (("a", ":mod-of", "5"), ("b", ":mod", '"k"'), ("c", ":op1", "7"))


def test_smatch_classic_keeps_an_empty_quoted_constant_as_empty():
    graph = Graph(instances=(("a", "x"),), attributes=(("a", ":op1", '""'), ("a", ":op2", '"New York"')), relations=(), root="a")
    assert smatch_classic_triples(graph).attributes == (("a", ":op1", ""), ("a", ":op2", "new"))


@pytest.mark.parametrize(("role", "inverse"), [(":ARG0-of", True), (":root-of", True), (":ARG0", False), (":of", False), (":consist-of-x", False)])
def test_inverse_attributes_are_the_roles_ending_in_of(role, inverse):
    assert is_inverse_attribute(role) is inverse


def test_a_reified_node_reached_by_an_inverse_attribute_is_not_collapsed():
    # (y, :quant-of, 5) stands for (5, :quant, y): y has an incoming triple, so it must stay a node
    graph = Graph(
        instances=(("r", "and"), ("y", "have-mod-91"), ("g", "girl"), ("s", "small")),
        attributes=(("y", ":quant-of", "5"),),
        relations=(("r", ":op1", "g"), ("y", ":arg1", "g"), ("y", ":arg2", "s")),
        root="r",
    )
    assert STEPS["dereify"](graph) == graph


def test_the_dereification_table_keeps_each_row_s_concepts():
    table = dereification_table(primary_only=False)
    for row in REIFICATIONS:
        for concept in row.concepts:
            assert table[concept.lower()].concepts == row.concepts


def test_a_preset_naming_unknown_steps_lists_them():
    with pytest.raises(ValueError) as err:
        Preset("mine", ("nope", "lowercase", "also-not"), "a test preset")
    assert str(err.value) == "preset 'mine' names unknown steps: nope, also-not"
    assert Preset("fine", ("lowercase",), "known steps only").steps == ("lowercase",)


def test_dedup_also_drops_a_repeated_instance_triple():
    # built in code (the reader refuses a variable defined twice)
    graph = Graph(instances=(("a", "x"), ("a", "x"), ("b", "y")), attributes=(("a", ":op1", "1"),) * 2, relations=(("a", ":ARG0", "b"),) * 2, root="a")
    out = STEPS["dedup"](graph)
    assert (out.instances, out.attributes, out.relations) == ((("a", "x"), ("b", "y")), (("a", ":op1", "1"),), (("a", ":ARG0", "b"),))


def test_quote_characters_leave_concepts_and_roles_too():
    graph = Graph(instances=(("a", "o'clock"), ("b", '"y"')), attributes=(("a", ":op'1", "\"Kohl's\""),), relations=(("a", ":ARG0'", "b"),), root="a")
    out = STEPS["delete-quote-chars"](graph)
    assert out.instances == (("a", "oclock"), ("b", "y"))
    assert out.attributes == (("a", ":op1", "Kohls"),) and out.relations == (("a", ":ARG0", "b"),)
