"""One reader, one verdict: the fast path, penman's path, a file and the single-pair API agree (issue 14)."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys

import pytest
from conftest import ROOT

import amrmetrics
from amrmetrics.read import MAX_DEPTH, GraphError, decode, iter_text_entries

decode_module = importlib.import_module("amrmetrics.read.decode")
SRC = str(ROOT / "src")


@pytest.fixture(params=["fast", "penman"])
def reader(request, monkeypatch):
    """Run the test on the fast path, then with every graph handed to penman's parser."""
    if request.param == "penman":
        monkeypatch.setattr(decode_module, "_fast_parse", lambda _: None)
    return request.param


def nested(levels: int) -> str:
    """A chain of ``levels`` nested nodes, one per line."""
    return "\n".join(f"{' ' * k}:ARG0 (n{k} / c" if k else "(n0 / c" for k in range(levels)) + ")" * levels


def verdict(text: str) -> tuple[str, int, str] | None:
    """None when ``text`` decodes as one graph, else the error's (file, line, message)."""
    try:
        decode(text, file="x.amr", line=10)
    except GraphError as err:
        return err.file, err.line, err.message
    return None


def file_verdict(text: str) -> tuple[str, int, str] | None:
    """The same, for ``text`` as the only block of a file whose first line is line 10."""
    (entry,) = iter_text_entries("\n" * 9 + text + "\n", file="x.amr")
    return None if entry.error is None else (entry.error.file, entry.error.line, entry.error.message)


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        pytest.param("()", 10, "a node with no variable and no concept: '()'", id="empty-node"),
        pytest.param('(a / b :op1 "()"\n   :ARG0 ())', 11, "a node with no variable and no concept: '()'", id="nested-empty-node"),
        pytest.param("(a / b) (c / d))", 10, "unexpected text after the graph: '(c / d))'", id="second-graph-and-more"),
        pytest.param("(a / b))", 10, "unexpected text after the graph: ')'", id="extra-close"),
        pytest.param("(a / b)\n:ARG0 (c / d)", 11, "unexpected text after the graph: ':ARG0 (c / d)'", id="text-on-next-line"),
        pytest.param("(a / b) ~e.1", 10, "unexpected text after the graph: '~e.1'", id="alignment-after-graph"),
        pytest.param("(a / b\n# c\n   :ARG0 (c / d))", 11, "a comment line inside the graph (penman reads no comment there)", id="comment-inside"),
        pytest.param("(a / b\n   :ARG0 (c / d)\n# note", 10, "unbalanced parentheses: 1 '(' not closed", id="comment-after-unclosed"),
        pytest.param("(a~e.1 / b)", 10, "expected a role here (roles start with ':')", id="alignment-on-variable"),
        pytest.param("(a / b~e.1~e.2)", 10, "expected a role here (roles start with ':')", id="two-alignments"),
        pytest.param("(a / b :ARG0\u00a0c)", 10, "role :ARG0\u00a0c of node 'a' has no target", id="no-break-space-is-no-space"),
        pytest.param('(a / b :op1 "x\ny")', 10, "Expected: SYMBOL, STRING, LPAREN", id="string-across-lines"),
        pytest.param(nested(MAX_DEPTH + 1), 10 + MAX_DEPTH, f"nesting deeper than {MAX_DEPTH} levels", id="too-deep"),
        pytest.param("(" * 5000 + "a / b" + ")" * 5000, 10, f"nesting deeper than {MAX_DEPTH} levels", id="far-too-deep"),
    ],
)
def test_rejected_alike_by_both_paths_a_file_and_the_api(reader, text, line, message):
    assert verdict(text) == file_verdict(text)
    file, got_line, got_message = verdict(text)
    assert (file, got_line) == ("x.amr", line) and got_message.startswith(message)


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        pytest.param('(a / b :op1 "x\\y")', ("a", ":op1", '"x\\y"'), id="escape-of-a-letter"),
        pytest.param('(a / b :op1 "say \\"hi\\" (x")', ("a", ":op1", '"say \\"hi\\" (x"'), id="escaped-quotes"),
        pytest.param('(a / b :op1 "end\\\\")', ("a", ":op1", '"end\\\\"'), id="escaped-backslash"),
        pytest.param("(a / b~e.1 :op1~e.2 x~e.3)", ("a", ":op1", "x"), id="alignments"),
        pytest.param("(a / b :op1 \u4e2d\u6587 :op2 \u05e9\u05dc\u05d5\u05dd)", ("a", ":op1", "\u4e2d\u6587"), id="cjk-and-rtl"),
    ],
)
def test_accepted_alike_by_both_paths_a_file_and_the_api(reader, text, attribute):
    assert verdict(text) is None and file_verdict(text) is None
    assert attribute in decode(text).attributes
    (entry,) = iter_text_entries(text)
    assert entry.graph == decode(text)


def test_the_deepest_accepted_graph_takes_the_fast_path_and_decodes_the_same_on_penmans(monkeypatch):
    text = nested(MAX_DEPTH)
    assert decode_module._fast_parse(text) is not None and decode_module._fast_parse(nested(MAX_DEPTH + 1)) is None
    fast = decode(text)
    monkeypatch.setattr(decode_module, "_fast_parse", lambda _: None)
    assert decode(text) == fast and len(fast.instances) == MAX_DEPTH


def test_the_single_pair_api_refuses_trailing_text():
    assert amrmetrics.smatch("(a / b)", "(a / b)").F == 1.0
    for text in ("(a / b) (c / d)", "(a / b))"):
        with pytest.raises(GraphError, match="unexpected text after the graph"):
            amrmetrics.smatch(text, "(a / b)")


def test_leading_metadata_of_an_api_string_is_read_as_a_file_header_is():
    graph = decode("# ::id s1 ::snt Hi\n# plain\n(a / b)\n# trailing comment\n")
    assert graph.id == "s1" and dict(graph.metadata) == {"id": "s1", "snt": "Hi"}


def test_penman_log_lines_do_not_reach_stderr_beside_the_located_error(tmp_path):
    (tmp_path / "t.amr").write_text("(a / b :ARG0 )\n\n(c / :ARG0 (d / e))\n", encoding="utf-8")
    (tmp_path / "g.amr").write_text("(a / b)\n\n(c / d)\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "amrmetrics", "score", "t.amr", "g.amr", "--no-progress"],
        cwd=tmp_path, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": SRC}, timeout=120,
    )
    assert done.returncode == 1
    assert "t.amr: graph 1 (line 1): role :ARG0 of node 'a' has no target" in done.stderr
    assert "t.amr: graph 2 (line 3): node 'c' has no concept" in done.stderr
    assert "Missing" not in done.stderr and done.stdout == ""


def test_deep_and_empty_nodes_end_in_scores_under_every_policy_with_two_jobs():
    test = ["()", "(a / b :ARG0 ())", nested(MAX_DEPTH + 1), "(a / b)"]
    gold = ["(a / b)"] * 4
    zero = amrmetrics.score_corpus(test, gold, "smatch", on_error="zero", jobs=2)["smatch"]
    assert [p.F for p in zero.pairs] == [0.0, 0.0, 0.0, 1.0]
    skip = amrmetrics.score_corpus(test, gold, "smatch", on_error="skip", jobs=2)["smatch"]
    assert [p.F for p in skip.pairs] == [1.0]
