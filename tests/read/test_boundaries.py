"""Graph boundaries: a damaged graph stays one position, so pairing never shifts (issue 14)."""

from __future__ import annotations

import importlib

import pytest

from amrmetrics.metrics.registry import build_metric
from amrmetrics.read import CorpusError, iter_text_entries, pair_files
from amrmetrics.engine.run import run_corpus

decode_module = importlib.import_module("amrmetrics.read.decode")

GOLD = [("g1", "(e / v\n   :ARG0 (f / w)\n   :ARG1 (g / x))"), ("g2", "(d / w)"), ("g3", "(h / y\n   :mod (i / z))")]


def corpus(graphs: list[tuple[str, str]], header: str = "") -> str:
    """Graphs with '# ::id' headers (plus ``header`` lines), separated by blank lines."""
    return "".join(f"# ::id {key}\n{header}{text}\n\n" for key, text in graphs)


def damaged(first: str, header: str = "") -> str:
    """GOLD with its first graph replaced by ``first``."""
    return corpus([(GOLD[0][0], first), *GOLD[1:]], header)


def positions(text: str) -> list[tuple[int, str | None, str | None]]:
    return [(e.number, e.id, e.error and str(e.error)) for e in iter_text_entries(text, file="t.amr")]


@pytest.mark.parametrize(
    ("first", "line", "fragment"),
    [
        pytest.param("(e / v\n   :ARG0 (f / w))\n   :ARG1 (g / x))", 4, "unexpected text after the graph: ':ARG1 (g / x))'", id="stray-close"),
        pytest.param("(e / v\n   :ARG0 f / w)\n   :ARG1 (g / x))", 4, "unexpected text after the graph", id="missing-open"),
        pytest.param("(e / v\n   # a note\n   :ARG0 (f / w))", 3, "a comment line inside the graph", id="comment-inside"),
        pytest.param("(e / v\n   :ARG0 (f / w)", 2, "unbalanced parentheses: 1 '(' not closed", id="missing-close"),
        pytest.param("(e / v :ARG0 (f / w)) :ARG1 (g / x)", 2, "unexpected text after the graph", id="stray-close-one-line"),
        pytest.param("(e / v\n(   :ARG0 (f / w)))", 3, "expected a role", id="paren-at-column-0-inside"),
    ],
)
def test_a_damaged_graph_is_one_located_error_and_the_others_keep_their_place(first, line, fragment):
    got = positions(damaged(first))
    assert [(n, key) for n, key, _ in got] == [(1, "g1"), (2, "g2"), (3, "g3")]
    assert got[0][2].startswith(f"t.amr: graph 1 (line {line}): ") and fragment in got[0][2]
    assert got[1][2] is None and got[2][2] is None


@pytest.mark.parametrize(
    "header",
    [
        pytest.param("# ::snt one\n# ::snt again\n", id="repeated-key"),
        pytest.param("# ::tok a b\n# ::node\t0\tv\t0-1\n# ::node\t0.0\tw\t1-2\n# ::root\t0\tv\n# ::edge\tv\tARG0\tw\t0\t0.0\n# ::edge\tv\tARG1\tx\t0\t0.1\n", id="jamr"),
        pytest.param("# a plain comment\n#\n", id="plain-comments"),
    ],
)
def test_headers_that_repeat_keys_stay_one_header(header):
    got = [(e.number, e.id, e.graph is not None) for e in iter_text_entries(corpus(GOLD, header))]
    assert got == [(1, "g1", True), (2, "g2", True), (3, "g3", True)]


def test_jamr_node_lines_keep_the_last_value_and_the_id():
    (entry,) = iter_text_entries("# ::id 7\n# ::node\t0\tboy\n# ::node\t1\tgirl\n(b / boy)\n")
    assert dict(entry.graph.metadata) == {"id": "7", "node": "1\tgirl"}


def test_a_byte_order_mark_at_a_line_start_is_dropped():
    text = "\ufeff" + corpus(GOLD[:1]) + "\ufeff" + corpus(GOLD[1:])
    assert [(e.id, e.graph is not None) for e in iter_text_entries(text)] == [("g1", True), ("g2", True), ("g3", True)]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        pytest.param("# ::id 1\n# ::snt x\n\n# ::id 2\n(a / b)\n", [("1", "empty block"), ("2", None)], id="blank-then-same-key"),
        pytest.param("# ::id 1\n# ::snt x\n# ::id 2\n(a / b)\n", [("1", "empty block"), ("2", None)], id="id-again"),
        pytest.param("# ::id 1\n\n(a / b)\n", [("1", None)], id="blank-inside-header"),
        pytest.param("# ::id 1\nnot a graph\n# ::id 2\n(a / b)\n", [("1", "text outside any graph"), ("2", None)], id="garbage-then-id"),
        pytest.param("# ::id 1\n::snt x\n(a / b)\n", [("1", "(line 2): unexpected text before the graph: '::snt x'")], id="garbage-before-graph"),
    ],
)
def test_metadata_only_blocks(text, want):
    got = [(e.id, e.error and str(e.error)) for e in iter_text_entries(text)]
    assert [key for key, _ in got] == [key for key, _ in want]
    for (_, error), (_, fragment) in zip(got, want):
        assert (error is None) if fragment is None else (fragment in error)


def test_an_id_line_ends_an_unclosed_graph_even_before_a_damaged_graph():
    text = corpus([("g1", "((e / v\n   :ARG0 (f / w))"), ("g2", ")(d / w)"), GOLD[2]])
    got = positions(text)
    assert [(n, key) for n, key, _ in got] == [(1, "g1"), (2, "g2"), (3, "g3")]
    assert "unbalanced parentheses: 1 '(' not closed" in got[0][2] and "text outside any graph: ')(d / w)'" in got[1][2]
    assert got[2][2] is None


def test_graphs_without_headers_one_per_line_and_a_truncated_one():
    text = "(a / b)\n(c / d :ARG0 (e / f)\n(g / h)\n(i / j))\n"
    got = positions(text)
    assert [n for n, _, _ in got] == [1, 2, 3, 4]
    assert [error is None for _, _, error in got] == [True, False, True, False]
    assert "unbalanced" in got[1][2] and "unexpected text after the graph: ')'" in got[3][2]


def test_a_blank_line_inside_an_open_graph_is_kept_when_the_graph_goes_on():
    (entry,) = iter_text_entries("(a / b\n\n   :ARG0 (c / d))\n")
    assert entry.graph.instances == (("a", "b"), ("c", "d"))


@pytest.mark.parametrize("reader", ["fast", "penman"])
@pytest.mark.parametrize("policy", ["zero", "skip"])
def test_two_damaged_files_are_scored_pair_by_pair_against_their_own_partner(tmp_path, monkeypatch, reader, policy):
    if reader == "penman":
        monkeypatch.setattr(decode_module, "_fast_parse", lambda _: None)
    graphs = [(f"m{k}", text.replace("e / v", f"e / v{k}")) for k in range(6) for _, text in GOLD[:1]]
    test_graphs = list(graphs)
    test_graphs[1] = ("m1", "(e / v1\n   :ARG0 (f / w))\n   :ARG1 (g / x))")  # stray ')'
    test_graphs[4] = ("m4", "(e / v4\n   # comment\n   :ARG0 (f / w))")
    gold_graphs = list(graphs)
    gold_graphs[2] = ("m2", "(e / v2\n   :ARG0 f / w)\n   :ARG1 (g / x))")  # missing '('
    (tmp_path / "t.amr").write_text("\ufeff" + corpus(test_graphs, "# ::snt a\n# ::snt b\n"), encoding="utf-8")
    (tmp_path / "g.amr").write_text(corpus(gold_graphs), encoding="utf-8")
    total, pairs = pair_files(tmp_path / "t.amr", tmp_path / "g.amr")
    run = run_corpus(pairs, [build_metric("smatch", {}, {})], on_error=policy)
    assert total == 6
    assert len(run.records) + run.skipped == 6 and run.zeroed + run.skipped == 3
    clean = [r for r in run.records if not r.zeroed]
    assert [(r.index, r.test_id, r.gold_id) for r in clean] == [(k, f"m{k}", f"m{k}") for k in (0, 3, 5)]
    assert all(r.results[0].stats[0] == r.results[0].stats[1] == r.results[0].stats[2] for r in clean)  # own partner: F = 1


def test_a_count_mismatch_names_the_first_position_whose_ids_differ(tmp_path):
    (tmp_path / "t.amr").write_text(corpus([GOLD[0], ("extra", "(q / q)"), *GOLD[1:]]), encoding="utf-8")
    (tmp_path / "g.amr").write_text(corpus(GOLD), encoding="utf-8")
    with pytest.raises(CorpusError, match=r"has 4 graphs but .* has 3.*graph 2 is 'extra' in .*t\.amr but 'g2' in .*g\.amr"):
        pair_files(tmp_path / "t.amr", tmp_path / "g.amr")


def test_pairing_by_id_keeps_a_malformed_graph_under_its_id(tmp_path):
    (tmp_path / "t.amr").write_text(corpus([GOLD[2], ("g1", "(e / v :ARG0 )"), GOLD[1]]), encoding="utf-8")
    (tmp_path / "g.amr").write_text(corpus(GOLD), encoding="utf-8")
    total, pairs = pair_files(tmp_path / "t.amr", tmp_path / "g.amr", pair_by_id=True)
    run = run_corpus(pairs, [build_metric("smatch", {}, {})], on_error="zero")
    assert total == 3 and [(r.gold_id, r.zeroed) for r in run.records] == [("g3", ()), ("g1", ("test",)), ("g2", ())]


def test_pairing_by_id_names_a_repeated_id(tmp_path):
    (tmp_path / "t.amr").write_text(corpus([GOLD[0], GOLD[1], ("g1", "(q / q)")]), encoding="utf-8")
    (tmp_path / "g.amr").write_text(corpus(GOLD), encoding="utf-8")
    with pytest.raises(CorpusError, match=r"t\.amr: id 'g1' is used by graphs 1 and 3"):
        pair_files(tmp_path / "t.amr", tmp_path / "g.amr", pair_by_id=True)
