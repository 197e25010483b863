"""The score table's cells and its drawing, with values worked out by hand.

Columns P and R show only scores the metric declares; the F columns show F when the metric has
one (wherever it stands among its scores), else its last score; a file path in a metric's spec
is shown by its file name even when the path holds ``:`` or ``=``; a table is drawn on the
console it is given when that console is wide enough, and at most 10,000 columns wide.
"""

from __future__ import annotations

from io import StringIO
from pathlib import Path

from rich.console import Console

from amrmetrics.report.grid import DASH, render_rich
from amrmetrics.report.tables import metric_label, rows
from amrmetrics.stats.aggregate import MetricReport


def report(score_names: tuple[str, ...], micro: dict[str, float], spec: str = "toy") -> MetricReport:
    return MetricReport(spec=spec, signature="toy|v:0", score_names=score_names, pairs=3, micro=micro, macro=dict(micro))


def test_scores_the_metric_does_not_declare_are_dashes() -> None:
    """A single-score metric fills only the F columns, whatever else its averages hold."""
    (row,) = rows([report(("score",), {"P": 0.5, "R": 0.75, "score": 0.25})])
    assert row == ["toy", DASH, DASH, "25.00", DASH, DASH, "25.00"]


def test_the_f_column_shows_f_even_when_it_is_not_the_last_score() -> None:
    (row,) = rows([report(("P", "R", "F", "coverage"), {"P": 0.5, "R": 0.25, "F": 1 / 3, "coverage": 0.9})])
    assert row == ["toy", "50.00", "25.00", "33.33", "50.00", "25.00", "33.33"]


def test_a_file_path_with_a_colon_or_an_equals_sign_is_shown_by_its_name(tmp_path: Path) -> None:
    odd = tmp_path / "run:2=b"
    odd.mkdir()
    vectors = odd / "glove.txt"
    vectors.write_text("cat 1.0\n", encoding="utf-8")
    assert metric_label(f"s2match:tau=0.6,vectors={vectors}") == "s2match:tau=0.6,vectors=glove.txt"
    assert metric_label("s2match:vectors=st:LaBSE") == "s2match:vectors=st:LaBSE"  # not a file: kept as written


def table_lines(console: Console) -> list[str]:
    return console.file.getvalue().splitlines()


def test_a_console_exactly_as_wide_as_the_table_is_used_as_given() -> None:
    """A recording console keeps what it drew only if the table was printed on it (not on a copy)."""
    header, cells = ["metric", "F"], [["smatch", "81.25"]]
    probe = Console(file=StringIO(), width=200)
    render_rich(probe, header, cells, "")
    width = max(len(line) for line in table_lines(probe))
    console = Console(file=StringIO(), width=width, record=True)
    render_rich(console, header, cells, "")
    assert console.export_text().splitlines() == table_lines(probe)


def test_a_table_in_a_file_is_drawn_whole_up_to_ten_thousand_columns() -> None:
    wide = Console(file=StringIO(), width=40)
    render_rich(wide, ["metric", "F"], [["m" * 120, "81.25"]], "")
    assert "m" * 120 in wide.file.getvalue() and "81.25" in wide.file.getvalue()
    huge = Console(file=StringIO(), width=40)
    render_rich(huge, ["metric", "F"], [["m" * 10_050, "81.25"]], "")
    assert max(len(line) for line in table_lines(huge)) == 10_000
