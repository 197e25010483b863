"""The Python API: pairs and corpora, strings/graphs/penman graphs, same defaults as the CLI."""

from __future__ import annotations

import json

import penman
import pytest
from conftest import EXAMPLES

import amrmetrics
from amrmetrics.cli.main import main

PAIR = ("(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))", "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-01 :ARG0 b))")


def test_pair_from_strings_graphs_and_penman_graphs():
    from_text = amrmetrics.smatch(*PAIR)
    assert from_text.stats == {"matched": 6.0, "n_test": 7.0, "n_gold": 7.0, "upper": 6.0}
    assert from_text.F == pytest.approx(6 / 7) and from_text.details["status"] == "optimal"
    graphs = [amrmetrics.decode(p) for p in PAIR]
    assert amrmetrics.smatch(*graphs).F == from_text.F
    penman_graphs = [penman.decode(p) for p in PAIR]
    assert amrmetrics.smatch(*penman_graphs).F == from_text.F


def test_penman_graph_keeps_consist_of():
    g = penman.decode("(a / team :consist-of (b / player))")
    assert amrmetrics.to_graph(g).relations == (("a", ":consist-of", "b"),)


def test_corpus_matches_cli(capsys):
    result = amrmetrics.smatch(EXAMPLES / "pred.amr", EXAMPLES / "gold.amr")
    main(["score", str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr"), "--format", "json"])
    cli = json.loads(capsys.readouterr().out)["metrics"][0]
    assert result.micro == cli["micro"] and result.macro == cli["macro"] and result.signature == cli["signature"]
    assert len(result.pairs) == 5


def test_corpus_from_sequences_and_several_metrics():
    tests = [PAIR[0], "(c / cat)"]
    golds = [PAIR[1], "(d / dog)"]
    out = amrmetrics.score(tests, golds, "smatch,smatch:std=smatch-classic")
    assert set(out) == {"smatch", "smatch:std=smatch-classic"}
    assert out["smatch"].micro["F"] == pytest.approx(2 * (6 + 1) / (9 + 9))


def test_calls_share_nothing():
    first = amrmetrics.smatch(*PAIR)
    amrmetrics.smatch("(a / x :ARG0 (b / y))", "(a / x :ARG1 (b / y))")
    again = amrmetrics.smatch(*PAIR)
    assert (again.stats, again.details["alignment"]) == (first.stats, first.details["alignment"])


def test_bad_inputs_are_clear():
    with pytest.raises(amrmetrics.GraphError, match="graph 1"):
        amrmetrics.smatch("(a / x", "(a / x)")
    with pytest.raises(TypeError):
        amrmetrics.smatch(1, 2)
    with pytest.raises(amrmetrics.CorpusError, match="test has 1 graph but gold has 2"):
        amrmetrics.score(["(a / x)"], ["(a / x)", "(b / y)"])
