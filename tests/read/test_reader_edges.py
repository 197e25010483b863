"""Reader edges, by hand: unterminated strings, error defaults and lines, files split once or
twice, zeroed graphs, error lists at the default limit, unpaired gold ids."""

from __future__ import annotations

import pytest

from amrmetrics.read import CorpusError, GraphError, corpus, counted_entries, decode, format_errors, iter_text_entries, pair_files, read_graphs, split_blocks
from amrmetrics.read import source
from amrmetrics.read.split import split_text


@pytest.mark.parametrize("split", ["lines", "text"])
def test_an_unterminated_string_is_named_and_its_graph_kept_whole(split):
    lines = ['(a / b :op1 "unterminated', ":ARG0 (c / d)", "", "(e / f)"]
    blocks = list(split_blocks(lines) if split == "lines" else split_text(["\n".join(lines) + "\n"]))
    assert [(b.number, b.line, b.text, b.problem) for b in blocks] == [
        (1, 1, '(a / b :op1 "unterminated\n:ARG0 (c / d)', "unbalanced parentheses: 1 '(' not closed"),
        (2, 4, "(e / f)", None),
    ]


def test_an_unclosed_graph_without_a_string_says_only_how_many_are_open():
    (block, after) = split_blocks(["(a / b :ARG0 (c / d", "  :ARG1 (e / f)", "", "(g / h)"])
    assert block.problem == "unbalanced parentheses: 2 '(' not closed"
    assert block.text.startswith("(a / b :ARG0 (c / d\n  :ARG1 (e / f)") and after.text == "(g / h)"


def test_graph_error_defaults_and_arguments():
    error = GraphError("bad")
    assert (str(error), error.args) == ("<string>: graph 1 (line 1): bad", ("bad",))
    (entry,) = iter_text_entries("(x :ARG0 (y / z))")
    assert str(entry.error) == "<string>: graph 1 (line 1): node 'x' has no concept"


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("(a / b\n  :ARG0 (x :ARG1 (y / z))\n  :ARG2 (w / v))", 2, "node 'x' has no concept"),
        ("(a / b\n  :ARG0 (x / y)\n  :ARG1 (x / z)\n  :ARG2 (w / v))", 3, "variable 'x' is defined twice"),
        ("(a / b\n  :ARG0 (x / y :ARG1 )\n  :ARG2 (w / v))", 2, "role :ARG1 of node 'x' has no target"),
        ("(a / b\n  :ARG0 (x / y)\n  :ARG1 (c / d", 1, "unbalanced parentheses: 2 '(' not closed"),
    ],
)
def test_errors_point_at_the_line_of_the_node(text, line, message):
    """The graph starts on line 10 of its file; the error is on the given line of the graph."""
    with pytest.raises(GraphError) as err:
        decode(text, file="f.amr", number=4, line=10)
    assert str(err.value) == f"f.amr: graph 4 (line {9 + line}): {message}"


def test_a_penman_error_without_a_message_is_still_named():
    from penman.exceptions import DecodeError

    from amrmetrics.read.decode import _penman_message

    assert _penman_message(DecodeError()) == "malformed PENMAN"
    assert _penman_message(DecodeError("Expected: ROLE")) == "expected a role here (roles start with ':')"
    assert _penman_message(DecodeError("something else")) == "something else"


def test_a_small_file_is_split_once_a_large_one_twice(tmp_path, monkeypatch):
    path = tmp_path / "c.amr"
    path.write_text("(a / alpha)\n\n(b / beta)\n\n(c / gamma)\n", encoding="utf-8")  # 11 + 10 + 11 characters
    calls = []
    real = corpus.split_text
    monkeypatch.setattr(corpus, "split_text", lambda chunks: calls.append(1) or real(chunks))
    for keep, splits in ((32, 1), (31, 2), (21, 2), (100, 1)):
        calls.clear()
        monkeypatch.setattr(corpus, "KEEP_CHARS", keep)
        count, entries = counted_entries(path)
        assert count == 3 and [e.graph.instances[0][1] for e in entries] == ["alpha", "beta", "gamma"]
        assert len(calls) == splits, keep


def test_a_zeroed_graph_is_empty_with_empty_metadata(tmp_path):
    path = tmp_path / "c.amr"
    path.write_text("(a / alpha)\n\n(x :ARG0 (y / z))\n", encoding="utf-8")
    zeroed = read_graphs(path, on_error="zero")[1]
    assert zeroed.is_empty() and zeroed.metadata == {} and zeroed.root is None


def test_fifty_errors_are_listed_by_default_and_the_fifty_first_counted():
    errors = [GraphError("bad", file="f", number=k, line=k) for k in range(1, 52)]
    lines = format_errors(errors).splitlines()
    assert lines[50] == "  f: graph 50 (line 50): bad" and lines[51] == "  ... and 1 more"


def write(tmp_path, name, ids):
    path = tmp_path / name
    path.write_text("\n\n".join((f"# ::id {i}\n" if i else "") + f"(x / c{k})" for k, i in enumerate(ids)) + "\n", encoding="utf-8")
    return str(path)


def test_unpaired_gold_ids_are_listed_up_to_ten(tmp_path):
    a = write(tmp_path, "a.amr", ["s"])
    b = write(tmp_path, "b.amr", ["s"] + [f"g{k}" for k in range(11)])
    with pytest.raises(CorpusError) as err:
        pair_files(a, b, pair_by_id=True)
    assert str(err.value) == f"11 id(s) of {b} not in {a}: " + ", ".join(f"g{k}" for k in range(10))


def test_a_gold_graph_without_id_is_named_with_the_gold_file(tmp_path):
    a = write(tmp_path, "a.amr", ["s"])
    b = write(tmp_path, "b.amr", [None])
    with pytest.raises(CorpusError) as err:
        pair_files(a, b, pair_by_id=True)
    assert str(err.value) == f"{b}: graph 1 (line 1) has no '# ::id' (needed by pair_by_id=True)"


@pytest.mark.parametrize("chunk", [1, 7, 40])
def test_files_are_read_in_pieces_cut_at_line_ends(tmp_path, monkeypatch, chunk):
    path = tmp_path / "c.amr"
    text = '# ::id one\n(a / alpha\n   :ARG0 (b / beta :op1 "x y"))\n\n(c / gamma)\n(d / delta)'  # no final newline
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(source, "CHUNK_CHARS", chunk)
    got = [(e.number, e.line, e.id, e.graph.instances) for e in corpus.iter_entries(path)]
    assert got == [(1, 2, "one", (("a", "alpha"), ("b", "beta"))), (2, 5, None, (("c", "gamma"),)), (3, 6, None, (("d", "delta"),))]


def test_a_directory_is_named(tmp_path):
    with pytest.raises(CorpusError) as err:
        list(corpus.iter_entries(tmp_path))
    assert str(err.value) == f"{tmp_path}: is a directory, expected a file of PENMAN graphs"


def test_a_pending_broken_entry_names_its_file_after_pickling():
    import pickle

    (entry,) = iter_text_entries("\n(x :ARG0 (y / z))\n", file="f.amr")
    copy = pickle.loads(pickle.dumps(entry))
    assert str(copy.error) == "f.amr: graph 1 (line 2): node 'x' has no concept"


def test_an_entry_made_from_a_block_alone_is_from_a_string():
    from amrmetrics.read import Block

    entry = corpus.Entry(1, 3, block=Block(1, 3, "(x :ARG0 (y / z))"))
    assert str(entry.error) == "<string>: graph 1 (line 3): node 'x' has no concept"


@pytest.mark.parametrize("text", ["(a / )", "(a /)", "(r / root :ARG0 (c / ))"])
def test_a_slash_without_a_concept_is_a_missing_concept(text):
    with pytest.raises(GraphError, match=r"node '[ac]' has no concept$"):
        decode(text)
