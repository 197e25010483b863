"""decode() against an independent reading of penman's tree, on both reader paths, with the memo of
recent texts emptied first (a graph kept from an earlier read must not answer for the decoder).

The oracle walks ``penman.parse``'s tree in the test: instances in pre-order, each node's edges in
written order, alignment markers stripped, an edge onto a node written there or onto a defined
(unquoted) variable a relation, anything else an attribute.
"""

from __future__ import annotations

import importlib
import re

import penman
import pytest
from hypothesis import given, settings
from strategies import graph_texts

from amrmetrics.read import GraphError, decode
from amrmetrics.read.decode import MAX_DEPTH
from amrmetrics.read.recent import forget_recent

decode_module = importlib.import_module("amrmetrics.read.decode")
_MARK = re.compile(r"~(?:[a-z]\.?)?[0-9]+(?:,[0-9]+)*$")


def _bare(label: str) -> str:
    return _MARK.sub("", label)


def oracle(text: str) -> dict:
    """The graph's parts as the reading rules define them, from penman's tree."""
    root = penman.parse(text).node
    defined = {_bare(v) for v, _ in penman.Tree(root).nodes()}
    out: dict = {"instances": [], "attributes": [], "relations": [], "tree_edges": set(), "last_branches": set()}

    def walk(node: tuple) -> None:
        var = _bare(node[0])
        edges, children = [], []
        for role, target in node[1]:
            if role == "/":
                out["instances"].append((var, _bare(target)))
                continue
            if isinstance(target, tuple):
                edge = (var, _bare(role), _bare(target[0]))
                out["relations"].append(edge)
                out["tree_edges"].add(edge)
                children.append(target)
            else:
                edge = (var, _bare(role), _bare(target))
                is_variable = edge[2] in defined and not edge[2].startswith('"')
                out["relations" if is_variable else "attributes"].append(edge)
            edges.append(edge)
        if edges:
            out["last_branches"].add(edges[-1])
        for child in children:
            walk(child)

    walk(root)
    out["root"] = _bare(root[0])
    return out


def parts(graph) -> dict:
    return {
        "instances": list(graph.instances),
        "attributes": list(graph.attributes),
        "relations": list(graph.relations),
        "tree_edges": set(graph.tree_edges),
        "last_branches": set(graph.last_branches),
        "root": graph.root,
    }


REGULAR = [
    "(a / b)",
    "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-01 :ARG0 b))",
    "(a / and :op1 (b / boy :mod (t / tall :degree (v / very))) :op2 (g / girl) :polarity -)",
    '(c / city :name (n / name :op1 "New" :op2 "York") :wiki "New_York" :quant 2.5)',
    "(s / see-01~e.2 :ARG0~e.1 (i / i~e.0) :ARG1 (i2 / it~e.3,4) :time~e.5 (t / today~e.6))",
    "(x / x :ARG0-of (y / y :mod x) :mod y :domain (z / z) :op1 z)",
    "(a/b:ARG0(c/d:ARG1 a):polarity -)",
    "(a / b\n   :ARG0 (c / d\n      :ARG1 (e / f))\n   :ARG2 e)",
    '(a / "quoted concept" :op1 "b" :op2 a)',
    "(a / b :ARG0 (c / d) :ARG0 (e / f) :ARG1 c :ARG1 c)",
    "(r / r :x (s / s :x (t / t :x (u / u))) :y (v / v) :z r)",
    '(a / b :op1 ")" :op2 "(")  \t',
    "(X / X-thing :ARG0 (X2 / Xylophone) :mod XYZ :ARG1 X2)",  # labels that start with a capital
]


@pytest.fixture(autouse=True)
def _cold():
    forget_recent()


@pytest.fixture
def penman_calls(monkeypatch):
    """How many times penman's parser ran (the fast path needs it never)."""
    calls = []
    real = penman.parse
    monkeypatch.setattr(penman, "parse", lambda text, *a, **k: calls.append(text) or real(text, *a, **k))
    return calls


@pytest.mark.parametrize("text", REGULAR)
def test_a_regular_graph_is_read_without_penman_as_penman_s_tree_says(text, penman_calls):
    want = oracle(text)
    penman_calls.clear()
    graph = decode(text)
    assert penman_calls == []
    assert parts(graph) == want
    assert decode(text) is graph  # a recurring text is decoded once


@pytest.mark.parametrize("text", REGULAR)
def test_the_penman_path_reads_the_same_graph(text, monkeypatch):
    want = oracle(text)
    monkeypatch.setattr(decode_module, "_fast_parse", lambda _: None)
    assert parts(decode(text)) == want


@pytest.mark.parametrize(
    "text",
    [
        "# ::id x\n(a / b)",  # a comment first: penman reads it
        "(a / b :ARG0 (c / d)) (e / f)",
        "(a / b :ARG0~e.1~e.2 c)",  # two alignments on one role
        "(a~e.1 / b)",  # an alignment on a variable
        "(a / b :ARG0 (c / d) :ARG1 (c / e))",  # c defined twice
        "(a / b :ARG0 )",
        "(a :ARG0 (b / c))",
        "(a / b :ARG0 (c))",
        "(a / b c)",
        '("a" / b)',
        "(a / (b))",
        "(a / b :ARG0 #c)",
        "((a / b))",
        "(a / b))",
        "a / b)",
        "(a /)",
    ],
)
def test_an_irregular_text_is_left_to_penman_which_gives_the_verdict(text, monkeypatch):
    assert decode_module._parse_regular(text) is None
    got = _verdict(text)
    monkeypatch.setattr(decode_module, "_fast_parse", lambda _: None)
    assert got == _verdict(text)


def _verdict(text: str):
    try:
        return parts(decode(text, file="f.amr", number=2, line=3))
    except GraphError as error:
        return str(error)


def _nested(depth: int) -> str:
    return "".join(f"(n{k} / c :ARG0 " for k in range(depth - 1)) + f"(n{depth - 1} / c" + ")" * depth


def test_nesting_up_to_the_limit_is_read_and_beyond_it_is_a_located_error(penman_calls):
    deepest = decode(_nested(MAX_DEPTH))
    assert penman_calls == [] and len(deepest.instances) == MAX_DEPTH
    assert deepest.relations[-1] == (f"n{MAX_DEPTH - 2}", ":ARG0", f"n{MAX_DEPTH - 1}")
    with pytest.raises(GraphError) as caught:
        decode(_nested(MAX_DEPTH + 1), file="deep.amr", number=3, line=5)
    assert str(caught.value) == f"deep.amr: graph 3 (line 5): nesting deeper than {MAX_DEPTH} levels (the reader's limit: penman's parser recurses)"


@settings(max_examples=80, deadline=None)
@given(graph_texts())
def test_generated_graphs_are_read_as_penman_s_tree_says(text):
    forget_recent()
    assert parts(decode(text)) == oracle(text)
