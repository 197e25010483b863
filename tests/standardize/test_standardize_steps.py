"""Each standardization step on small hand-written graphs: what it changes and what it leaves alone."""

from __future__ import annotations

from collections import Counter

import pytest

from amrmetrics.graph import Graph
from amrmetrics.read.decode import decode
from amrmetrics.standardize import STEPS, get_preset, is_inverted, unquote


def run(name: str, text: str) -> Graph:
    return STEPS[name](decode(text))


def triples(graph: Graph) -> Counter:
    return Counter(graph.triples())


def test_is_inverted_knows_the_exception_roles():
    assert is_inverted(":ARG0-of")
    assert is_inverted(":ARG0-OF")
    assert not is_inverted(":consist-of")
    assert not is_inverted(":prep-out-of")
    assert not is_inverted(":prep-on-behalf-of")
    assert not is_inverted(":ARG0")


def test_unquote_strips_only_surrounding_quotes():
    assert unquote('"New York"') == "New York"
    assert unquote("foo") == "foo"
    assert unquote('"') == '"'


def test_lowercase_changes_labels_not_variables():
    g = run("lowercase", '(B / Boy :ARG0-of (W / Want-01) :Name "Peter" :polarity -)')
    assert g.instances == (("B", "boy"), ("W", "want-01"))
    assert ("B", ":arg0-of", "W") in g.relations
    assert ("B", ":name", '"peter"') in g.attributes


def test_conflate_quotes_keeps_multiword_strings_whole():
    g = run("conflate-quotes", '(n / name :op1 "New York" :op2 "foo" :op3 foo)')
    assert [c for _, _, c in g.attributes] == ["New York", "foo", "foo"]


def test_deinvert_flips_inverted_roles_but_not_the_exceptions():
    g = run("deinvert", "(a / a :ARG0-of (b / b) :consist-of (c / c) :prep-out-of (d / d) :ARG1 (e / e))")
    assert set(g.relations) == {("b", ":ARG0", "a"), ("a", ":consist-of", "c"), ("a", ":prep-out-of", "d"), ("a", ":ARG1", "e")}


def test_deinvert_keeps_an_inverted_role_onto_a_constant():
    g = run("deinvert", '(a / a :ARG0-of "x")')
    assert g.attributes == (("a", ":ARG0-of", '"x"'),)


def test_mod_domain_is_symmetric():
    mod = run("mod-domain", "(a / a :mod (b / b))")
    domain = run("mod-domain", "(b / b :domain (a / a))")
    mod_of = run("mod-domain", "(b / b :mod-of (a / a))")
    assert set(mod.relations) == set(domain.relations) == set(mod_of.relations) == {("b", ":domain", "a")}


def test_mod_domain_keeps_mod_onto_a_constant():
    g = run("mod-domain", '(a / a :mod "x")')
    assert g.attributes == (("a", ":mod", '"x"'),)


def test_dedup_removes_repeats_and_keeps_first_order():
    g = run("dedup", "(a / a :ARG0 (b / b) :ARG0 b :polarity - :polarity - :ARG1 b)")
    assert g.relations == (("a", ":ARG0", "b"), ("a", ":ARG1", "b"))
    assert g.attributes == (("a", ":polarity", "-"),)


def test_drop_wiki_removes_only_wiki():
    g = run("drop-wiki", '(p / person :wiki "Q1" :name (n / name :op1 "Ann"))')
    assert g.attributes == (("n", ":op1", '"Ann"'),)


def test_top_adds_the_smatch_top_attribute():
    g = run("top", "(a / a :ARG0 (b / b))")
    assert g.attributes[-1] == ("a", ":TOP", "top")
    assert STEPS["top"](Graph()) == Graph()


def test_smatch_classic_triples_keep_the_smatch_1_0_4_quirks():
    g = run(
        "smatch-1.0.4-triples",
        '(a / A :mod "x" :ARG0-of "y" :op1 "New York" :ARG1-OF (b / b) :mod-of (c / c) :mod (d / d_) :name "z_")',
    )
    assert ("a", ":mod", "x") not in g.attributes  # :mod onto a constant: dropped
    assert not any(r.startswith(":arg0") for _, r, _ in g.attributes)  # inverted onto a constant: dropped
    assert ("a", ":op1", "new") in g.attributes  # multi-word string cut to its first token
    assert ("a", ":arg1-of", "b") in g.relations  # case-sensitive -of: not inverted
    assert ("c", ":mod", "a") in g.relations  # :mod-of becomes a reversed :mod, not :domain
    assert ("d", ":domain", "a") in g.relations
    assert ("d", "d") in g.instances and ("a", ":name", "z") in g.attributes  # trailing _ stripped


# Smatch++ steps (src/amrmetrics/standardize/smatchpp.py)


def test_delete_quote_chars_deletes_every_quote_and_joins_whitespace():
    g = run("delete-quote-chars", "(n / name :op1 \"Kohl's\" :op2 \"New   York\" :op3 \"'s\")")
    assert [c for _, _, c in g.attributes] == ["Kohls", "New York", "s"]


def test_deinvert_all_has_no_exception_list_and_cancels_double_inversion():
    g = run("deinvert-all", "(a / a :consist-of (b / b) :ARG0-of-of (c / c) :ARG1-of (d / d))")
    assert set(g.relations) == {("b", ":consist", "a"), ("a", ":ARG0", "c"), ("d", ":ARG1", "a")}


def test_deinvert_all_writes_a_constant_source_as_one_canonical_inverse_attribute():
    g = run("deinvert-all", '(a / a :ARG0-of "x" :ARG1-of-of "y" :ARG2-of-of-of "z")')
    assert g.attributes == (("a", ":ARG0-of", '"x"'), ("a", ":ARG1", '"y"'), ("a", ":ARG2-of", '"z"'))


def test_domain_as_mod_of_then_deinvert_all_equates_domain_and_mod():
    pipeline = ("domain-as-mod-of", "deinvert-all")

    def apply(text: str) -> set:
        g = decode(text)
        for name in pipeline:
            g = STEPS[name](g)
        return set(g.relations)

    assert apply("(b / b :domain (a / a))") == apply("(a / a :mod (b / b))") == {("a", ":mod", "b")}
    assert apply("(a / a :domain-of (b / b))") == {("a", ":mod", "b")}


def test_root_triples():
    generic = run("root-of-graph", "(a / boy)")
    amr = run("root-concept", "(a / boy)")
    assert generic.attributes == (("a", ":root-of", "root_of_graph"),)
    assert amr.attributes == (("a", ":root", "boy"),)
    assert STEPS["root-of-graph"](Graph()) == Graph() == STEPS["root-concept"](Graph())


def amr(text: str) -> Graph:
    return get_preset("smatchpp-amr")(decode(text))


def test_dereify_collapses_a_reified_node():
    g = amr("(d / dog :ARG1-of (b / be-located-at-91 :ARG2 (h / house)))")
    assert ("d", ":location", "h") in g.relations
    assert "b" not in g.variables
    assert len(g) == len(amr("(d / dog :location (h / house))"))


def test_dereify_follows_the_argument_order_of_the_table():
    g = amr("(x / thing :ARG0-of (c / concern-02 :ARG1 (y / thing)))")
    assert ("x", ":topic", "y") in g.relations


def test_dereify_never_collapses_the_root():
    g = amr("(b / be-located-at-91 :ARG1 (d / dog) :ARG2 (h / house))")
    assert "b" in g.variables


@pytest.mark.parametrize(
    "text",
    [
        "(w / want-01 :ARG1 (b / be-located-at-91 :ARG1 (d / dog) :ARG2 (h / house)))",  # incoming edge
        "(d / dog :ARG1-of (b / be-located-at-91 :ARG2 (h / house) :time (n / now)))",  # third edge
        "(d / dog :ARG1-of (b / be-located-at-91 :ARG2 (h / house) :ARG2 (g / garden)))",  # repeated argument
        "(d / dog :ARG1-of (b / be-located-at-91 :polarity -))",  # wrong arguments
        "(d / dog :ARG1-of (b / have-03 :ARG0 (i / i)))",  # have-03: not in Smatch++'s reading of the table
    ],
)
def test_dereify_leaves_nodes_that_do_not_fit(text):
    assert "b" in amr(text).variables


def test_dereify_own_01_becomes_poss():
    g = amr("(d / dog :ARG1-of (o / own-01 :ARG0 (i / i)))")
    assert ("d", ":poss", "i") in g.relations


def test_dereify_onto_constants():
    to_constant = amr("(d / dog :ARG1-of (p / have-polarity-91 :ARG2 -))")
    assert ("d", ":polarity", "-") in to_constant.attributes
    from_constant = amr('(d / dog :ARG2-of (m / have-mod-91 :ARG1 "x"))')
    assert ("d", ":mod-of", "x") in from_constant.attributes
    two_constants = STEPS["dereify"](
        Graph(instances=(("r", "r"), ("m", "have-mod-91")), attributes=(("m", ":arg1", "x"), ("m", ":arg2", "y")), root="r")
    )
    assert "m" in two_constants.variables  # two constants: no node to carry the triple


def test_dereify_is_one_pass():
    g = amr("(d / dog :ARG1-of (m / have-mod-91 :ARG2 (p / have-polarity-91 :ARG1 (c / cat) :ARG2 -)))")
    assert ("d", ":mod", "p") in g.relations  # the outer node collapses
    assert "p" in g.variables  # the inner one had an incoming edge in the input


def test_smatchpp_amr_removes_duplicates_and_generic_keeps_them():
    text = "(a / a :ARG0 (b / b) :ARG0 b)"
    assert max(triples(get_preset("smatchpp")(decode(text))).values()) == 2
    assert max(triples(get_preset("smatchpp-amr")(decode(text))).values()) == 1


def test_presets_are_registered_with_known_steps():
    import amrmetrics.standardize as standardize

    for name in ("smatch", "smatch-classic", "smatchpp", "smatchpp-amr"):
        preset = standardize.get_preset(name)
        assert preset.name == name and all(s in STEPS for s in preset.steps)
    assert get_preset("smatchpp").duplicates == "min" and not get_preset("smatchpp").deduplicates
    assert get_preset("smatchpp-amr").deduplicates and get_preset("smatch").deduplicates
    with pytest.raises(ValueError, match="known"):
        get_preset("smatch++")
