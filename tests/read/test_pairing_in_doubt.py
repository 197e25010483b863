"""Pairing by position is never silently wrong (issue 30): where malformed graphs left the
boundaries to a guess, the pairing is checked and refused when it cannot be trusted.

Every graph of sentence ``k`` uses only the concept ``s<k>``, so a scored pair says by itself
whether its two graphs are the same sentence. Files are damaged the way parser output is
(unclosed graphs, extra parentheses, blank lines inside a graph, indented graphs, garbage instead
of a graph, text after a graph, a child cut to column 0) and laid out with blank lines or one
graph per line; the law: pairing either refuses with located errors or scores every pair of
well-formed graphs against its own sentence, and one damaged graph never makes it refuse.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from amrmetrics.read import CorpusError, corpus, pair_files

ISSUE_TEST = "(a / and :op1\n\n(b / boy))\n\n(c / cat)\n\n(d / dog\n\n  (e / eel)\n"
ISSUE_GOLD = "(a / and :op1 (b / boy))\n\n(c / cat)\n\n(d / dog)\n\n(e / eel)\n"


def pairs_of(tmp_path: Path, test: str, gold: str) -> list:
    (tmp_path / "test.amr").write_text(test, encoding="utf-8")
    (tmp_path / "gold.amr").write_text(gold, encoding="utf-8")
    _, pairs = pair_files(tmp_path / "test.amr", tmp_path / "gold.amr")
    return list(pairs)


def test_the_issue_example_is_refused_naming_the_graphs(tmp_path):
    with pytest.raises(CorpusError) as err:
        pairs_of(tmp_path, ISSUE_TEST, ISSUE_GOLD)
    test, gold = tmp_path / "test.amr", tmp_path / "gold.amr"
    assert str(err.value).split("\n") == [
        "3 malformed graphs:",
        f"  {test}: graph 1 (line 1): unbalanced parentheses: 1 '(' not closed",
        f"  {test}: graph 2 (line 3): unexpected text after the graph: ')'",
        f"  {test}: graph 4 (line 7): unbalanced parentheses: 1 '(' not closed",
        f"cannot pair {test} with {gold} by position: malformed graphs left it to a guess where graphs begin:",
        f"  {test}: graph 2 (line 3) starts inside unclosed graph 1 and may continue it",
        f"  {test}: malformed graph 4 (line 7) runs on across line 8 and may be several graphs",
        f"so graph 3 of {test} (line 5) and graph 3 of {gold} (line 5) may not be the same sentence. Fix the malformed "
        "graphs, or give both files '# ::id' lines and use pair_by_id=True.",
    ]


@pytest.mark.parametrize("policy", ["fail", "zero", "skip"])
def test_the_command_line_refuses_the_issue_example_in_its_own_words(tmp_path, capsys, policy):
    from amrmetrics.cli.main import main

    (tmp_path / "test.amr").write_text(ISSUE_TEST, encoding="utf-8")
    (tmp_path / "gold.amr").write_text(ISSUE_GOLD, encoding="utf-8")
    status = main(["score", str(tmp_path / "test.amr"), str(tmp_path / "gold.amr"), "--on-error", policy, "--no-progress"])
    out, err = capsys.readouterr()
    assert (status, out) == (1, "")
    assert err.startswith("amrmetrics: error: 3 malformed graphs:")
    assert err.rstrip().endswith("give both files '# ::id' lines and use --pair-by-id.")


@pytest.mark.parametrize("keep_chars", [1 << 25, 10])
def test_a_run_on_graph_that_only_decoding_rejects_is_found(tmp_path, monkeypatch, keep_chars):
    # the issue's example with the eel's ')' closing the merged graph: it balances, but does not decode
    monkeypatch.setattr(corpus, "KEEP_CHARS", keep_chars)  # kept blocks, or the file split again
    test = ISSUE_TEST.replace("(e / eel)", "(e / eel))")
    with pytest.raises(CorpusError) as err:
        pairs_of(tmp_path, test, ISSUE_GOLD)
    lines = str(err.value).split("\n")
    assert lines[3] == f"  {tmp_path / 'test.amr'}: graph 4 (line 9): expected a role here (roles start with ':')"
    assert lines[6] == f"  {tmp_path / 'test.amr'}: malformed graph 4 (line 7) runs on across line 8 and may be several graphs"
    assert lines[7].startswith(f"so graph 3 of {tmp_path / 'test.amr'} (line 5) and graph 3 of")


def test_ids_that_disagree_say_why(tmp_path):
    # the ids of the issue's files: graph 3 of the test file is the gold's second sentence
    test = "# ::id s1\n" + ISSUE_TEST.replace("(c / cat)", "# ::id s2\n(c / cat)").replace("(d / dog", "# ::id s3\n(d / dog")
    gold = "".join(f"# ::id s{k}\n{g}\n\n" for k, g in enumerate(ISSUE_GOLD.strip().split("\n\n"), 1))
    with pytest.raises(CorpusError, match=r"may not be the same sentence \(their ids differ: 's2', 's3'\)\. Fix"):
        pairs_of(tmp_path, test, gold)


def test_ids_vouch_for_the_positions_in_doubt(tmp_path):
    # graph 2 was cut off from graph 1 (without a header of its own), graph 4 runs on past a blank
    # line: graph 3 is in doubt, and its id (on both sides) vouches for it
    test = "# ::id s1\n(a / s1 :ARG0\n\n(b / s2))\n\n# ::id s3\n(c / s3)\n\n# ::id s4\n(d / s4\n\n   :ARG0 (x / s4)\n"
    gold = "".join(f"# ::id s{k}\n(v / s{k})\n\n" for k in range(1, 5))
    pairs = pairs_of(tmp_path, test, gold)
    assert [(p.test.id, p.gold.id, p.test.error is None) for p in pairs] == [("s1", "s1", False), (None, "s2", False), ("s3", "s3", True), ("s4", "s4", False)]
    with pytest.raises(CorpusError, match=r"so graph 3 of .*test\.amr \(line 6\) and graph 3 of .*gold\.amr \(line 8\) may not be the same sentence\. Fix"):
        pairs_of(tmp_path, test.replace("# ::id s3\n", ""), gold)


def test_guesses_that_all_go_one_way_are_all_right(tmp_path):
    # two graphs cut off: had either been a continuation, the test file would have fewer graphs than the gold
    test = "(a / s1 :ARG0\n\n(b / s2)\n\n(c / s3 :ARG0\n\n(d / s4)\n"
    gold = "(a / s1)\n\n(b / s2)\n\n(c / s3)\n\n(d / s4)\n"
    pairs = pairs_of(tmp_path, test, gold)
    assert [(p.test.error is None, p.gold.graph.instances) for p in pairs][1::2] == [(True, (("b", "s2"),)), (True, (("d", "s4"),))]


# -- the law, on random damage ---------------------------------------------------------------------


def sentence(k: int, children: int, multiline: bool) -> str:
    parts = [f"(v{k} / s{k}"] + [f":ARG{j} (v{k}c{j} / s{k})" for j in range(children)]
    return (parts[0] + "".join("\n   " + p for p in parts[1:]) if multiline else " ".join(parts)) + ")"


def damaged(text: str, kind: str) -> str:
    if kind == "unclosed":
        return text[:-1]
    if kind == "extra":
        return text + ")"
    if kind == "blank":
        return text.replace("\n   :", "\n\n   :", 1)
    if kind == "indent":
        return "\n".join("  " + line for line in text.split("\n"))
    if kind == "garbage":
        return "not a graph"
    if kind == "junk-after":
        return text + " junk (j / junk)"
    if kind == "cut-child":  # the first child to column 0 without its role, the last ')' lost
        return text.replace(" :ARG0 (", " :ARG0\n(", 1).replace("\n   :ARG0 (", " :ARG0\n(", 1)[:-1]
    return text


KINDS = ["unclosed", "unclosed", "unclosed", "indent", "indent", "cut-child", "cut-child", "extra", "blank", "garbage", "junk-after"]
"""Damage that moves boundaries comes up more often."""


@st.composite
def side(draw: st.DrawFn, graphs: list[str], damages: int) -> tuple[str, int]:
    """A file of ``graphs`` with up to ``damages`` of them damaged: (text, graphs damaged)."""
    hit = draw(st.lists(st.integers(0, len(graphs) - 1), max_size=damages, unique=True))
    texts = [damaged(g, draw(st.sampled_from(KINDS))) if k in hit else g for k, g in enumerate(graphs)]
    gaps = [draw(st.sampled_from(["\n\n", "\n\n", "\n", "\n\n\n", "\n  \n"])) for _ in texts]
    return "".join(t + gap for t, gap in zip(texts, gaps)), len(hit)


@st.composite
def cases(draw: st.DrawFn) -> tuple[str, str, int]:
    n = draw(st.integers(3, 8))
    graphs = [sentence(k, draw(st.integers(0, 2)), draw(st.booleans())) for k in range(1, n + 1)]
    test, hit_test = draw(side(graphs, 5))
    gold, hit_gold = draw(side(graphs, draw(st.sampled_from([0, 0, 1, 2]))))
    return test, gold, hit_test + hit_gold


def concepts(graph) -> set[str]:
    return {concept for _, concept in graph.instances}


SHIFTED = (
    "(v1 / s1)\n\n(v2 / s2 :ARG0\n(v2c0 / s2) :ARG1 (v2c1 / s2)\n(v3 / s3)\n  \n(v4 / s4)\n\n(v5 / s5)\n\n(v6 / s6 :ARG0 (v6c0 / s6))\n",
    "(v1 / s1)\n(v2 / s2 :ARG0 (v2c0 / s2) :ARG1 (v2c1 / s2))\n  \n(v3 / s3)\n\n(v4 / s4)\n(v5 / s5)\n(v6 / s6 :ARG0\n(v6c0 / s6)\n",
    2,
)
"""Found by this test: a child cut to column 0 in the test file and in the gold file; without the
check, graph 5 of the test file (s4) was scored against graph 5 of the gold file (s5)."""


GARBAGE_TWICE = (
    "(v1 / s1\n\n(v2 / s2)\n\n(v3 / s3 :ARG0\n(v3c0 / s3)\n\n(v4 / s4\n\n(v5 / s5)\n\nnot a graph\nnot a graph\n\n",
    "(v1 / s1)\n\n(v2 / s2)\n\n(v3 / s3 :ARG0 (v3c0 / s3))\n\n(v4 / s4)\n\n(v5 / s5)\n\n(v6 / s6)\n\n(v7 / s7)\n\n",
    5,
)
"""Found by this test: two garbled graphs one newline apart are one block without a graph, which
stands for two graphs, not none; graph 3 of the test file (s3) was scored against s4."""


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@example((ISSUE_TEST, ISSUE_GOLD, 3))
@example(SHIFTED)
@example(GARBAGE_TWICE)
@given(cases())
def test_a_pairing_by_position_is_right_or_refused(case):
    test, gold, damaged_graphs = case
    with tempfile.TemporaryDirectory() as folder:
        try:
            pairs = pairs_of(Path(folder), test, gold)
        except CorpusError as err:
            message = str(err)
            assert "malformed graph" in message.split("\n")[0]  # the reading errors come first
            if damaged_graphs <= 1:  # one bad graph costs one pair: only a different count stops the run
                assert " but " in message.split("\n")[-1] and "has" in message.split("\n")[-1], message
            return
    for pair in pairs:
        if pair.test.graph is not None and pair.gold.graph is not None:
            assert concepts(pair.test.graph) == concepts(pair.gold.graph), (pair.index, test, gold)


def test_a_block_without_a_graph_may_be_none_and_moves_the_pairing_back(tmp_path):
    # The gold file's graph 3 may continue its unclosed graph 2 (its graphs may sit one position
    # forward); the test file's block 4 holds no graph and may be none (its graphs may sit one
    # position back). Together they leave position 3 in doubt, and indeed s4 faces s3 there.
    test = "(a / s1)\n\n(b / s2)\n\n(d / s4)\n\nnot a graph\n"
    gold = "(a / s1)\n\n(b / s2 :ARG0\n\n(c / s3)\n\n(d / s4)\n"
    with pytest.raises(CorpusError) as err:
        pairs_of(tmp_path, test, gold)
    lines = str(err.value).split("\n")
    assert f"  {tmp_path / 'test.amr'}: block 4 (line 7) holds no graph and may be none" in lines
    assert lines[-1].startswith(f"so graph 3 of {tmp_path / 'test.amr'} (line 5) and graph 3 of {tmp_path / 'gold.amr'} (line 5)")
