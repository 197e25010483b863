"""Joining sentence graphs into documents (read/documents.py), checked against trees written by hand."""

from __future__ import annotations

import penman
import pytest

from amrmetrics.read.corpus import CorpusError
from amrmetrics.read.documents import join_file, join_trees

WANT = "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-01 :ARG0 b))"
SLEEP = "(x / b :ARG0 (b / c) :mod 7)"  # concept 'b' equals a variable: a concept is never renamed


def _tree(node: tuple) -> tuple:
    """A penman node with list branches, comparable with a hand-written nested tuple."""
    var, branches = node
    return (var, [(role, _tree(t) if isinstance(t, tuple) else t) for role, t in branches])


def test_join_trees_renames_definitions_and_references_but_not_concepts():
    tree = join_trees([penman.parse(WANT), penman.parse(SLEEP)])
    assert _tree(tree.node) == (
        "m",
        [
            ("/", "multi-sentence"),
            (":snt1", ("s1w", [("/", "want-01"), (":ARG0", ("s1b", [("/", "boy")])), (":ARG1", ("s1g", [("/", "go-01"), (":ARG0", "s1b")]))])),
            (":snt2", ("s2x", [("/", "b"), (":ARG0", ("s2b", [("/", "c")])), (":mod", "7")])),
        ],
    )


def test_join_trees_of_no_sentence_is_the_bare_root():
    assert _tree(join_trees([]).node) == ("m", [("/", "multi-sentence")])


def test_a_renamed_variable_clash_names_the_sentence_and_the_smallest_clash():
    # sentence 1's '1x' and '1y' become s11x and s11y, which sentence 11's 'x' and 'y' also become
    trees = [penman.parse("(1x / a :ARG0 (1y / b))")] + [penman.parse("(q / z)")] * 9 + [penman.parse("(y / c :ARG1 (x / d))")]
    with pytest.raises(ValueError) as caught:
        join_trees(trees)
    assert str(caught.value) == "sentence 11: renamed variable s11x already used by another sentence"


def _write(tmp_path, text: str):
    path = tmp_path / "sentences.amr"
    path.write_text(text, encoding="utf-8")
    return path


def test_join_file_one_sentence_per_document_keeps_ids_and_snt_only_when_all_have_one(tmp_path):
    path = _write(tmp_path, f"# ::id a ::snt Boys want.\n{WANT}\n\n# ::id b\n{SLEEP}\n\n# ::snt Three.\n(t / three)\n")
    docs = list(join_file(path, 1))
    heads = [d.split("\n(")[0] for d in docs]
    assert heads == ["# ::id doc1\n# ::snt Boys want.", "# ::id doc2", "# ::id doc3\n# ::snt Three."]
    assert [_tree(penman.parse(d).node)[1][1] for d in docs] == [
        (":snt1", ("s1w", [("/", "want-01"), (":ARG0", ("s1b", [("/", "boy")])), (":ARG1", ("s1g", [("/", "go-01"), (":ARG0", "s1b")]))])),
        (":snt1", ("s1x", [("/", "b"), (":ARG0", ("s1b", [("/", "c")])), (":mod", "7")])),
        (":snt1", ("s1t", [("/", "three")])),
    ]


def test_join_file_groups_with_a_step_and_a_shorter_last_document(tmp_path):
    graphs = "\n\n".join(f"# ::snt S{k}.\n(v{k} / c{k})" for k in range(1, 8)) + "\n"
    docs = list(join_file(_write(tmp_path, graphs), 2, step=2))  # graphs 1, 3, 5, 7 in pairs
    assert [d.split("\n(")[0] for d in docs] == ["# ::id doc1\n# ::snt S1. S3.", "# ::id doc2\n# ::snt S5. S7."]
    assert [[t for _, r, t in penman.decode(d).triples if r == ":instance"] for d in docs] == [
        ["multi-sentence", "c1", "c3"],
        ["multi-sentence", "c5", "c7"],
    ]
    last = list(join_file(_write(tmp_path, graphs), 3))
    assert [[v for v, r, _ in penman.decode(d).triples if r == ":instance"] for d in last] == [
        ["m", "s1v1", "s2v2", "s3v3"],
        ["m", "s1v4", "s2v5", "s3v6"],
        ["m", "s1v7"],
    ]


@pytest.mark.parametrize(("sentences", "step"), [(0, 1), (1, 0), (-1, 1), (1, -2)])
def test_join_file_refuses_counts_below_one(tmp_path, sentences, step):
    path = _write(tmp_path, f"{WANT}\n")
    with pytest.raises(ValueError, match="^sentences and step must be at least 1$"):
        list(join_file(path, sentences, step=step))


def test_a_clash_is_located_by_file_document_and_graphs(tmp_path):
    graphs = ["(q / z)"] * 11 + ["(1x / a)"] + ["(q / z)"] * 9 + ["(x / c)"]  # graphs 12 and 22 meet in document 2
    path = _write(tmp_path, "\n\n".join(graphs) + "\n")
    with pytest.raises(CorpusError) as caught:
        list(join_file(path, 11, step=1))
    assert str(caught.value) == f"{path}: document 2 (graphs 12-22): sentence 11: renamed variable s11x already used by another sentence"


def test_one_malformed_graph_is_named_and_nothing_is_joined(tmp_path):
    path = _write(tmp_path, "(a / b)\n\n(c / d :ARG0 )\n")
    with pytest.raises(CorpusError) as caught:
        list(join_file(path, 2))
    assert str(caught.value) == f"1 malformed graph, no document written:\n  {path}: graph 2 (line 3): role :ARG0 of node 'c' has no target"


def test_at_most_fifty_malformed_graphs_are_listed(tmp_path):
    path = _write(tmp_path, "\n\n".join(["(a / b"] * 52) + "\n")
    with pytest.raises(CorpusError) as caught:
        list(join_file(path, 2))
    lines = str(caught.value).split("\n")
    assert lines[0] == "52 malformed graphs, no document written:"
    assert len(lines) == 51
    assert lines[1].startswith(f"  {path}: graph 1 (line 1): ") and lines[50].startswith(f"  {path}: graph 50 (line 99): ")


def test_the_file_is_read_as_utf8_whatever_the_locale_says(tmp_path, monkeypatch):
    import builtins

    from amrmetrics.read import documents

    def latin1_locale_open(file, mode="r", *args, encoding=None, **kwargs):  # open() under a Latin-1 locale
        return builtins.open(file, mode, *args, encoding=encoding or "latin-1", **kwargs)

    monkeypatch.setattr(documents, "open", latin1_locale_open, raising=False)
    path = _write(tmp_path, "# ::snt Café.\n(c / café)\n")
    (doc,) = join_file(path, 1)
    assert doc.split("\n")[:2] == ["# ::id doc1", "# ::snt Café."]
    assert [t for _, r, t in penman.decode(doc).triples if r == ":instance"] == ["multi-sentence", "café"]
