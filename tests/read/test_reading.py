"""Reading corpora: splitting, metadata, alignment markers, and one test per malformed-input case."""

from __future__ import annotations

import pytest

from amrmetrics.read import CorpusError, corpus, counted_entries, decode, iter_entries, iter_text_entries, pair_files, read_graphs, split_blocks

GOOD = "(a / alpha :ARG0 (b / beta))"


def entries(text: str):
    return list(iter_text_entries(text, file="f.amr"))


def test_whitespace_separators_headers_and_missing_blank_lines():
    text = (
        "# a header comment without metadata\n"
        "\n   \n\t\n"
        "# ::id one\n(a / alpha)\n"
        "# ::id two\n(b / beta\n   :ARG0 (c / gamma))\n"
        "(d / delta)\n(e / epsilon)\n"
        "  \n\n\n"
        "(f / phi)\n"
    )
    es = entries(text)
    assert [e.graph.instances[0][1] for e in es] == ["alpha", "beta", "delta", "epsilon", "phi"]
    assert [e.id for e in es] == ["one", "two", None, None, None]
    assert [e.line for e in es] == [6, 8, 10, 11, 15]


def test_a_line_of_complete_graphs_is_that_many_graphs():
    es = entries('(a / a) (b / b)\t(c / c :op1 "x ) (")  (d / d)(e / e)\n\n(f / f)\n')
    assert [(e.number, e.line, e.graph.instances[0][1]) for e in es] == [(1, 1, "a"), (2, 1, "b"), (3, 1, "c"), (4, 1, "d"), (5, 1, "e"), (6, 3, "f")]


def test_a_second_graph_that_does_not_close_on_its_line_is_text_after_the_first():
    for line, rest in [("(d / delta) (e / epsilon))", "(e / epsilon))"), ("(d / delta) (e / epsilon", "(e / epsilon"), ("(d / delta) (e) x", "(e) x")]:
        (entry,) = entries(line + "\n")
        assert str(entry.error) == f"f.amr: graph 1 (line 1): unexpected text after the graph: {rest!r}"


def test_metadata_is_kept_per_graph():
    es = entries("# ::id x1 ::date 2020\n# ::snt Hello (world) \"quoted\" .\n(h / hello)\n")
    assert es[0].graph.metadata == {"id": "x1", "date": "2020", "snt": 'Hello (world) "quoted" .'}


def test_isi_alignments_are_stripped():
    g = decode('(a / want-01~e.2 :ARG0~e.1 (b / boy~e.3) :name (n / name :op1 "New York"~e.4,5))')
    assert g.instances == (("a", "want-01"), ("b", "boy"), ("n", "name"))
    assert g.relations[0] == ("a", ":ARG0", "b")
    assert ("n", ":op1", '"New York"') in g.attributes


def test_quotes_protect_parentheses_and_keep_strings_whole():
    es = entries('(a / say-01 :ARG1 "smile :) (really"\n  :ARG0 (b / boy))\n(c / cat)\n')
    assert len(es) == 2 and es[0].error is None
    assert ("a", ":ARG1", '"smile :) (really"') in es[0].graph.attributes


def test_reentrancy_and_forward_reference_are_relations_constants_are_attributes():
    g = decode("(a / and :op1 (b / boy :ARG0-of c) :op2 (c / cry-01) :op3 5 :polarity -)")
    assert ("b", ":ARG0-of", "c") in g.relations
    assert ("a", ":op3", "5") in g.attributes and ("a", ":polarity", "-") in g.attributes
    assert g.root == "a"


def _only_error(text: str, bad_number: int, bad_line: int, fragment: str, good: int) -> None:
    es = entries(text)
    bad = [e for e in es if e.error is not None]
    assert len(bad) == 1, [str(e.error) for e in bad]
    message = str(bad[0].error)
    assert f"f.amr: graph {bad_number} (line {bad_line})" in message
    assert fragment in message
    assert sum(1 for e in es if e.graph is not None) == good


@pytest.mark.parametrize(
    ("text", "number", "line", "fragment", "good"),
    [
        pytest.param(f"{GOOD}\n\n(x / broken\n  :ARG0 (y / why)\n\n# ::id 3\n{GOOD}\n", 2, 3, "unbalanced parentheses", 2, id="missing-close"),
        pytest.param(f"{GOOD}\n(x / broken :ARG0 (y / why)\n(z / zed)\n", 2, 2, "unbalanced parentheses", 2, id="missing-close-next-graph"),
        pytest.param(f"{GOOD}\n\n(x / extra))\n\n{GOOD}\n", 2, 3, "unexpected text after the graph", 2, id="extra-close"),
        pytest.param(f"{GOOD}\n\n(x :ARG0 (y / why))\n\n{GOOD}\n", 2, 3, "node 'x' has no concept", 2, id="missing-concept"),
        pytest.param(f"{GOOD}\n\n(x / xx\n  :ARG0 (y / yy)\n  :ARG1 (x / again))\n\n{GOOD}\n", 2, 5, "defined twice", 2, id="duplicate-variable"),
        pytest.param(f"{GOOD}\n\n(x / xx\n   ARG0 (y / yy))\n\n{GOOD}\n", 2, 4, "expected a role", 2, id="role-without-colon"),
        pytest.param(f"{GOOD}\n\nthis is not a graph\n\n{GOOD}\n", 2, 3, "text outside any graph", 2, id="garbage"),
        pytest.param(f"# ::id 1\n{GOOD}\n\n# ::id 2\n# ::snt nothing follows\n\n# ::id 3\n{GOOD}\n", 2, 4, "empty block", 2, id="empty-block"),
        pytest.param(f"{GOOD}\n\n(x / xx :ARG0 )\n", 2, 3, "has no target", 1, id="missing-target"),
    ],
)
def test_malformed_graph_is_located_and_others_survive(text, number, line, fragment, good):
    _only_error(text, number, line, fragment, good)


def test_empty_block_at_end_of_file():
    es = entries(f"{GOOD}\n\n# ::id last\n")
    assert es[-1].error is not None and "graph 2 (line 3)" in str(es[-1].error)


def test_read_graphs_policies(tmp_path):
    path = tmp_path / "c.amr"
    path.write_text(f"{GOOD}\n\n(x :ARG0 (y / y))\n\nnonsense here\n\n(c / cat)\n", encoding="utf-8")
    with pytest.raises(CorpusError) as err:
        read_graphs(path)
    message = str(err.value)
    assert "2 malformed graphs" in message and "graph 2 (line 3)" in message and "graph 3 (line 5)" in message
    assert len(read_graphs(path, on_error="skip")) == 2
    zeroed = read_graphs(path, on_error="zero")
    assert len(zeroed) == 4 and zeroed[1].is_empty() and zeroed[2].is_empty()


def test_pairing_refuses_different_counts(tmp_path):
    a, b = tmp_path / "a.amr", tmp_path / "b.amr"
    a.write_text(f"{GOOD}\n\n{GOOD}\n", encoding="utf-8")
    b.write_text(f"{GOOD}\n", encoding="utf-8")
    with pytest.raises(CorpusError, match=r"a\.amr has 2 graphs but .*b\.amr has 1"):
        pair_files(a, b)


def test_a_bare_metadata_marker_names_no_key():
    for text in ("#::\n(a / alpha)\n", "# ::   \n# ::id one\n(a / alpha)\n", "# :: ::\n(a / alpha)\n"):
        (entry,) = entries(text)
        assert entry.graph.instances == (("a", "alpha"),)
        assert dict(entry.graph.metadata) == ({"id": "one"} if "id" in text else {})


@pytest.mark.parametrize("keep_chars", [0, 10, 1 << 25])
def test_counted_entries_match_a_fresh_split_whether_kept_or_split_again(tmp_path, monkeypatch, keep_chars):
    path = tmp_path / "c.amr"
    path.write_text(f"# ::id one\n{GOOD}\n\n(b / broken\n\n# ::id three\n(c / gamma)\n", encoding="utf-8")
    monkeypatch.setattr(corpus, "KEEP_CHARS", keep_chars)
    count, entries_ = counted_entries(path)
    got = [(e.number, e.line, e.id, e.graph, str(e.error)) for e in entries_]
    assert count == 3 == len(got)
    assert got == [(e.number, e.line, e.id, e.graph, str(e.error)) for e in iter_entries(path)]


def test_pair_by_id(tmp_path):
    a, b = tmp_path / "a.amr", tmp_path / "b.amr"
    a.write_text("# ::id s2\n(x / two)\n\n# ::id s1\n(y / one)\n", encoding="utf-8")
    b.write_text("# ::id s1\n(p / one)\n\n# ::id s2\n(q / two)\n", encoding="utf-8")
    n, pairs = pair_files(a, b, pair_by_id=True)
    pairs = list(pairs)
    assert n == 2
    assert [(p.test.graph.instances[0][1], p.gold.graph.instances[0][1]) for p in pairs] == [("two", "two"), ("one", "one")]
    b.write_text("# ::id s1\n(p / one)\n\n# ::id s3\n(q / two)\n", encoding="utf-8")
    with pytest.raises(CorpusError, match="s2"):
        pair_files(a, b, pair_by_id=True)


def test_unreadable_files_are_named(tmp_path):
    with pytest.raises(CorpusError, match="no such file"):
        list(iter_entries(tmp_path / "missing.amr"))
    with pytest.raises(CorpusError, match="is a directory"):
        list(iter_entries(tmp_path))


def test_split_keeps_graph_text_for_penman():
    blocks = list(split_blocks(["# ::id q", "(a / b", "   :ARG0 (c / d))  "]))
    assert blocks[0].text == "(a / b\n   :ARG0 (c / d))" and blocks[0].line == 2
