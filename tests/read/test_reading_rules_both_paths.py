"""Every reading rule, on both reader paths, against triples written out by hand.

The decoder has a fast tokenizer path and penman's parser as the fallback (for irregular text
and for every error). ``test_fast_reader.py`` checks that both paths agree; this file checks what
they both give, rule by rule: instances in pre-order, edges in penman's walk order, roles as
written, relation or attribute by whether the target is a variable, constants and strings as
written (quotes kept), alignment markers (``~e.2``, ``~e.4,5``, ``~3``) stripped everywhere, and
the layout records (tree edges, each node's last branch).
"""

from __future__ import annotations

import importlib

import penman
import pytest

from amrmetrics.read import decode

decode_module = importlib.import_module("amrmetrics.read.decode")

RULES = {
    "pre-order nodes, walk-order edges": (
        "(a / x :ARG0 (b / y :ARG1 (c / z)) :ARG2 (d / w))",
        [("a", "x"), ("b", "y"), ("c", "z"), ("d", "w")],
        [],
        [("a", ":ARG0", "b"), ("a", ":ARG2", "d"), ("b", ":ARG1", "c")],
        (("a", ":ARG0", "b"), ("b", ":ARG1", "c"), ("a", ":ARG2", "d")),  # in the order of the nodes defined
        (("a", ":ARG2", "d"), ("b", ":ARG1", "c")),
    ),
    "inverted roles and :consist-of as written": (
        "(b / boy :ARG0-of (w / want-01) :consist-of (p / part) :mod-of (t / tall))",
        [("b", "boy"), ("w", "want-01"), ("p", "part"), ("t", "tall")],
        [],
        [("b", ":ARG0-of", "w"), ("b", ":consist-of", "p"), ("b", ":mod-of", "t")],
        (("b", ":ARG0-of", "w"), ("b", ":consist-of", "p"), ("b", ":mod-of", "t")),
        (("b", ":mod-of", "t"),),
    ),
    "reentrancy is a relation, not a tree edge": (
        "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-01 :ARG0 b))",
        [("w", "want-01"), ("b", "boy"), ("g", "go-01")],
        [],
        [("w", ":ARG0", "b"), ("w", ":ARG1", "g"), ("g", ":ARG0", "b")],
        (("w", ":ARG0", "b"), ("w", ":ARG1", "g")),
        (("w", ":ARG1", "g"), ("g", ":ARG0", "b")),
    ),
    "forward reference is a relation": (
        "(a / and :op1 (b / boy :ARG0-of c) :op2 (c / cry-01))",
        [("a", "and"), ("b", "boy"), ("c", "cry-01")],
        [],
        [("a", ":op1", "b"), ("a", ":op2", "c"), ("b", ":ARG0-of", "c")],
        (("a", ":op1", "b"), ("a", ":op2", "c")),
        (("a", ":op2", "c"), ("b", ":ARG0-of", "c")),
    ),
    "constants and strings as written": (
        '(a / x :quant 5 :polarity - :op1 "New York" :mode imperative :value 1.5e3 :li -1 :op2 "a")',
        [("a", "x")],
        [
            ("a", ":quant", "5"),
            ("a", ":polarity", "-"),
            ("a", ":op1", '"New York"'),
            ("a", ":mode", "imperative"),
            ("a", ":value", "1.5e3"),
            ("a", ":li", "-1"),
            ("a", ":op2", '"a"'),  # a quoted string is never the variable it spells
        ],
        [],
        (),
        (("a", ":op2", '"a"'),),
    ),
    "case kept": (
        "(a / Want-01 :ARG0 (B / Boy :Name \"Tom\"))",
        [("a", "Want-01"), ("B", "Boy")],
        [("B", ":Name", '"Tom"')],
        [("a", ":ARG0", "B")],
        (("a", ":ARG0", "B"),),
        (("a", ":ARG0", "B"), ("B", ":Name", '"Tom"')),
    ),
    "alignments: one index, several, no prefix; on concepts, roles, constants, strings, variables": (
        (
            "(a / want-01~e.2 :ARG0~e.1,2 (b / boy~e.3,4) :ARG1 (g / go-01~e.5,6,7 :ARG0 b~e.8)"
            ' :quant 3~e.9,10 :name (n / name :op1 "New York"~e.11,12) :polarity -~13)'
        ),
        [("a", "want-01"), ("b", "boy"), ("g", "go-01"), ("n", "name")],
        [("a", ":quant", "3"), ("a", ":polarity", "-"), ("n", ":op1", '"New York"')],
        [("a", ":ARG0", "b"), ("a", ":ARG1", "g"), ("a", ":name", "n"), ("g", ":ARG0", "b")],
        (("a", ":ARG0", "b"), ("a", ":ARG1", "g"), ("a", ":name", "n")),
        (("a", ":polarity", "-"), ("g", ":ARG0", "b"), ("n", ":op1", '"New York"')),
    ),
    "a string with parentheses, a colon and an alignment": (
        '(a / say-01~e.3 :ARG1~e.2 "smile :) (really"~e.7,8 :ARG0 (b / boy))',
        [("a", "say-01"), ("b", "boy")],
        [("a", ":ARG1", '"smile :) (really"')],
        [("a", ":ARG0", "b")],
        (("a", ":ARG0", "b"),),
        (("a", ":ARG0", "b"),),
    ),
    "no whitespace, several lines": (
        "(a/b:ARG0(c/d\n   :ARG1 a):polarity -)",
        [("a", "b"), ("c", "d")],
        [("a", ":polarity", "-")],
        [("a", ":ARG0", "c"), ("c", ":ARG1", "a")],
        (("a", ":ARG0", "c"),),
        (("a", ":polarity", "-"), ("c", ":ARG1", "a")),
    ),
    "a lone node": ("(a / alpha)", [("a", "alpha")], [], [], (), ()),
}


@pytest.fixture(params=["fast", "penman"])
def path(request, monkeypatch) -> tuple[str, dict[str, int]]:
    """Run a test on the fast path, or with the fast path off (penman's parser for every graph);
    the count of penman parses shows which path was taken."""
    calls = {"penman": 0}
    real = penman.parse

    def counting(text):
        calls["penman"] += 1
        return real(text)

    monkeypatch.setattr(penman, "parse", counting)
    if request.param == "penman":
        monkeypatch.setattr(decode_module, "_fast_parse", lambda _: None)
    return request.param, calls


def parses(path: tuple[str, dict[str, int]], graphs: int) -> int:
    """How many penman parses the path must have made for ``graphs`` well-formed graphs."""
    return graphs if path[0] == "penman" else 0


@pytest.mark.parametrize("rule", list(RULES))
def test_reading_rule(rule, path):
    text, instances, attributes, relations, tree, last = RULES[rule]
    graph = decode(text)
    assert graph.instances == tuple(instances)
    assert graph.attributes == tuple(attributes)
    assert graph.relations == tuple(relations)
    assert graph.root == instances[0][0]
    assert graph.tree_edges == tree
    assert graph.last_branches == last
    assert path[1]["penman"] == parses(path, 1)


@pytest.mark.parametrize(
    "marker", ["~e.1", "~e.1,2", "~e.10,11,12", "~1", "~3,4", "~e2", "~e.2,13"]
)
def test_every_alignment_form_is_stripped(marker, path):
    graph = decode(f'(a / want-01{marker} :ARG0{marker} (b / boy{marker}) :op1 "x y"{marker} :quant 2{marker} :ARG1 b{marker})')
    assert graph.instances == (("a", "want-01"), ("b", "boy"))
    assert graph.attributes == (("a", ":op1", '"x y"'), ("a", ":quant", "2"))
    assert graph.relations == (("a", ":ARG0", "b"), ("a", ":ARG1", "b"))
    assert path[1]["penman"] == parses(path, 1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("(x :ARG0 (y / why))", "graph 1 (line 1): node 'x' has no concept"),
        ("(x / xx\n  :ARG0 (y / yy)\n  :ARG1 (x / again))", "graph 1 (line 3): variable 'x' is defined twice"),
        ("(x / xx :ARG0 )", "graph 1 (line 1): role :ARG0 of node 'x' has no target"),
        ("(x / xx\n   ARG0 (y / yy))", "graph 1 (line 2): expected a role here (roles start with ':')"),
    ],
)
def test_errors_are_the_same_on_both_paths(text, message, path):
    with pytest.raises(decode_module.GraphError) as err:
        decode(text, file="f.amr")
    assert str(err.value) == f"f.amr: {message}"
    assert path[1]["penman"] == 1  # penman's parser is the authority on every error
