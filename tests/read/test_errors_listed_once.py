"""A file given as both test and gold has its malformed graphs listed once, under every policy;
errors that differ (another file, graph or message) all stay, in the order they were found."""

from __future__ import annotations

from amrmetrics.cli.main import main
from amrmetrics.errors import spoken
from amrmetrics.read import GraphError, distinct_errors, format_errors

TAIL = "Use --on-error zero (score them as empty graphs) or --on-error skip (leave the pairs out)."


def test_equal_errors_count_once_and_keep_their_first_place():
    a, b = GraphError("bad", file="t.amr", number=1, line=1), GraphError("bad", file="g.amr", number=1, line=1)
    c = GraphError("worse", file="t.amr", number=1, line=1)
    errors = [a, b, GraphError("bad", file="t.amr", number=1, line=1), c, b]
    assert [str(e) for e in distinct_errors(errors)] == [str(a), str(b), str(c)]
    assert spoken(format_errors(errors), cli=True).splitlines() == [
        "3 malformed graphs:", "  t.amr: graph 1 (line 1): bad", "  g.amr: graph 1 (line 1): bad",
        "  t.amr: graph 1 (line 1): worse", TAIL,
    ]


def test_scoring_a_file_against_itself_lists_its_bad_graph_once(tmp_path, capsys):
    path = tmp_path / "c.amr"
    path.write_text("(a / alpha :ARG0 (b / beta)\n\n(c / gamma)\n", encoding="utf-8")
    located = f"  {path}: graph 1 (line 1): unbalanced parentheses: 1 '(' not closed"
    assert main(["score", str(path), str(path), "--no-progress"]) == 1
    assert capsys.readouterr().err.splitlines() == ["amrmetrics: error: 1 malformed graph:", located, TAIL]
    assert main(["score", str(path), str(path), "--no-progress", "--on-error", "skip", "--format", "json"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err == ["amrmetrics: 1 malformed graph(s); 1 pair(s) left out (--on-error skip):", located]


def test_compare_counts_a_shared_bad_graph_once(tmp_path, capsys):
    """One file as both systems and the gold: its one bad graph is one malformed graph, in the list
    and in the count under the table."""
    path = tmp_path / "c.amr"
    path.write_text("(a / alpha :ARG0 (b / beta)\n\n(c / gamma)\n", encoding="utf-8")
    assert main(["compare", str(path), str(path), str(path), "--no-progress", "--on-error", "skip"]) == 0
    out, err = capsys.readouterr()
    assert err.splitlines()[0] == "amrmetrics: 1 malformed graph(s); 1 pair(s) left out (--on-error skip):"
    assert len(err.splitlines()) == 2
    assert "on-error skip: 1 malformed graph(s); see the list above" in out.splitlines()
