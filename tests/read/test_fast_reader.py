"""The fast tokenizer path of the decoder gives exactly what penman's parser gives."""

from __future__ import annotations

import glob
import importlib

import penman
import pytest
from conftest import SHARED, requires_shared
from hypothesis import given, settings
from strategies import graph_texts

from amrmetrics.read import iter_entries, iter_text_entries

decode_module = importlib.import_module("amrmetrics.read.decode")

TRICKY = [
    '(a / say-01~e.3 :ARG1~e.2 "smile :) (really"~e.7 :ARG0 (b / boy) :mod-of b)',
    '(a / "quoted-concept" :op1 "with \\"escaped\\" quotes" :op2 -)',
    "(a/b:ARG0(c/d:ARG1 a):polarity -)",
    "(a / b :time (d / date-entity :time \"12:30\") :value 1.5e3 :li -1)",
    "(x / y :name (n / name :op1 #hash))",
    "(a :ARG0 (b / c))",
    "(a / b :ARG0 )",
    "(a / b :ARG0 (c / d) :ARG1 (c / e))",
]


def both(text: str, monkeypatch) -> tuple:
    fast = [(e.graph, e.graph and (e.graph.tree_edges, e.graph.last_branches), str(e.error)) for e in iter_text_entries(text)]
    with monkeypatch.context() as m:
        m.setattr(decode_module, "_fast_parse", lambda _: None)
        slow = [(e.graph, e.graph and (e.graph.tree_edges, e.graph.last_branches), str(e.error)) for e in iter_text_entries(text)]
    return fast, slow


@pytest.mark.parametrize("text", TRICKY)
def test_tricky_graphs_identical(text, monkeypatch):
    fast, slow = both(text, monkeypatch)
    assert fast == slow


@settings(max_examples=60, deadline=None)
@given(graph_texts())
def test_generated_graphs_identical(text):
    with pytest.MonkeyPatch.context() as m:
        fast = [e.graph for e in iter_text_entries(text)]
        m.setattr(decode_module, "_fast_parse", lambda _: None)
        slow = [e.graph for e in iter_text_entries(text)]
    assert fast == slow and all(g is not None for g in fast)


@requires_shared
def test_every_shared_graph_identical_and_fast(monkeypatch):
    calls = {"penman": 0}
    real = penman.parse

    def counting(text):
        calls["penman"] += 1
        return real(text)

    files = sorted(glob.glob(str(SHARED / "data/**/*.amr"), recursive=True))
    fast_graphs = []
    with monkeypatch.context() as m:
        m.setattr(penman, "parse", counting)
        for f in files:
            fast_graphs += [(e.graph, e.graph and (e.graph.tree_edges, e.graph.last_branches)) for e in iter_entries(f)]
    assert calls["penman"] == 0
    with monkeypatch.context() as m:
        m.setattr(decode_module, "_fast_parse", lambda _: None)
        slow_graphs = [(e.graph, e.graph and (e.graph.tree_edges, e.graph.last_branches)) for f in files for e in iter_entries(f)]
    assert fast_graphs == slow_graphs


@pytest.mark.parametrize("text", ['(a / " :ARG0 (b / c))', "(a / b :ARG0 ~)", '(a / b :op1 "x" :op2 ")'])
def test_stray_characters_go_to_penman(text, monkeypatch):
    fast, slow = both(text, monkeypatch)
    assert fast == slow
