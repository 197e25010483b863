"""The report functions called directly, on reports built by hand: default digits, missing counts
and scores, aspects that do not apply, intervals that could not be drawn, notes, the p-value text,
and how a table is drawn on a narrow terminal or into a file."""

from __future__ import annotations

import io

import numpy as np
import pytest
from rich.console import Console

from amrmetrics.report import aspects, compare, grid, page, tables
from amrmetrics.engine.signature import RunSettings
from amrmetrics.stats.aggregate import MetricReport
from amrmetrics.stats.significance import Comparison, Outcomes

NAN = float("nan")


def score_report(**changes) -> MetricReport:
    fields = dict(spec="m", signature="s", score_names=("P", "R", "F"), pairs=3,
                  micro={"P": 0.12345, "R": 0.5, "F": 0.2}, macro={"P": 0.1, "R": 0.2, "F": 0.3})
    return MetricReport(**{**fields, **changes})


def aspect_report(**changes) -> MetricReport:
    names = tuple(f"{a}.{k}" for a in ("Two.Part", "Gone") for k in "PRF")
    fields = dict(spec="fine", signature="s", score_names=names, pairs=4,
                  micro={"Two.Part.P": 0.5, "Two.Part.R": 0.25, "Two.Part.F": 1 / 3},
                  macro={"Two.Part.F": 0.4},
                  summary={"aspects": {"Two.Part": {"matched": 1.0, "n_test": 2.0, "n_gold": 4.0, "pairs": 3}}})
    return MetricReport(**{**fields, **changes})


def test_score_tables_default_to_two_decimals():
    report = score_report()
    assert tables.rows([report]) == [["m", "12.35", "50.00", "20.00", "10.00", "20.00", "30.00"]]
    assert page.render([tables.table([report])], "markdown").splitlines()[2] == "| m | 12.35 | 50.00 | 20.00 | 10.00 | 20.00 | 30.00 |"
    assert page.render([tables.table([report])], "latex").splitlines()[4] == r"m & 12.35 & 50.00 & 20.00 & 10.00 & 20.00 & 30.00 \\"
    console = Console(file=io.StringIO(), width=200)
    page.show([tables.table([report], "title")], "text", console)
    assert "│ m      │ 12.35 │ 50.00 │ 20.00 │   10.00 │   20.00 │   30.00 │" in console.file.getvalue()


def test_aspect_names_are_before_the_last_dot():
    assert aspects.aspect_names(("Two.Part.P", "Two.Part.F", "Gone.F")) == ["Two.Part", "Gone"]
    assert aspects.headline_rows("fine", ("Two.Part.P", "Two.Part.F"), "Smatch.F") == [("fine Two.Part", "Two.Part.F")]
    assert aspects.headline_rows("smatch", ("P", "R", "F"), "F") == [("smatch", "F")]


def test_aspect_rows_with_missing_counts_and_scores():
    report = aspect_report()
    assert aspects.rows(report) == [
        ["Two.Part", "50.00", "25.00", "33.33", "1", "2", "4", "40.00", "3"],
        ["Gone", "n/a", "n/a", "n/a", "–", "–", "–", "n/a", "–"],  # no score, no counts: not applicable
    ]
    bare = aspect_report(summary={})
    assert aspects.rows(bare)[0][4:7] == ["–", "–", "–"]


def test_aspect_interval_column_when_the_bootstrap_could_not_run():
    report = aspect_report(intervals={"reason": "no interval: 4 pairs (at least 10 needed)"})
    assert [row[-1] for row in aspects.rows(report)] == ["n/a", "n/a"]
    drawn = aspect_report(intervals={"micro": {"Two.Part.F": (0.25, 0.5)}})
    assert [row[-1] for row in aspects.rows(drawn)] == ["[25.00, 50.00]", "n/a"]


def test_aspect_rendering_defaults():
    report = aspect_report()
    assert page.render(aspects.blocks(report), "markdown").splitlines()[2] == "| Two.Part | 50.00 | 25.00 | 33.33 | 1 | 2 | 4 | 40.00 | 3 |"
    console = Console(file=io.StringIO(), width=200)
    page.show(aspects.blocks(report), "text", console)
    assert console.file.getvalue().splitlines()[0].rstrip() == "fine: 4 pairs (scores x100)"


def test_aspect_report_printing(capsys):
    page.show(aspects.blocks(aspect_report()), "markdown")
    out = capsys.readouterr().out.splitlines()
    assert out[2] == "| Two.Part | 50.00 | 25.00 | 33.33 | 1 | 2 | 4 | 40.00 | 3 |"
    assert out[4:] == [
        "",
        "fine: pairs = pairs in which the aspect occurs in the test or the gold graph (macro F averages over them)",
        "",
        "fine: n/a = occurs in no test and no gold graph (0 matched, 0 test, 0 gold): Gone",
    ]


def test_aspect_notes_list_every_absent_aspect_and_uncertified_alignments():
    report = aspect_report(micro={}, summary={"uncertified_subgraphs": 2})
    assert aspects.notes(report)[1:] == [
        "fine: n/a = occurs in no test and no gold graph (0 matched, 0 test, 0 gold): Two.Part, Gone",
        "fine: 2 aspect alignment(s) not certified optimal (their counts are lower bounds)",
    ]


def comparison(a: dict, b: dict, p: float, intervals: dict | None = None) -> compare.ComparedMetric:
    scores = lambda values: {avg: dict(values) for avg in ("micro", "macro")}  # noqa: E731
    result = Comparison(
        score_names=("F",), pairs=12, a=scores(a), b=scores(b),
        intervals=intervals or {"reason": "no interval"},
        permutation={"micro": {"F": p}, "macro": {"F": p}, "method": "exact permutation", "trials": 4096},
        outcomes={"F": Outcomes(1, 2, 3, 0)},
    )
    return compare.ComparedMetric("m", "s", result, (("m", "F"),))


@pytest.mark.parametrize(("p", "text"), [(1e-4, "0.0001"), (9.99e-5, "<0.0001"), (0.25, "0.2500"), (NAN, "–")])
def test_p_values_are_printed_to_four_decimals_and_tiny_ones_bounded(p, text):
    assert compare.rows([comparison({"F": 0.5}, {"F": 0.25}, p)])[0][6] == text


def test_comparison_rows_default_digits_and_not_applicable_sides():
    rows = compare.rows([comparison({"F": 0.5}, {"F": 0.25}, 0.5)])
    assert rows[0] == ["m", "micro", "50.00", "25.00", "+25.00", "n/a", "0.5000", "1", "2", "3", "2:4"]
    assert rows[1] == ["m", "macro", "50.00", "25.00", "+25.00", "n/a", "0.5000", "", "", "", ""]
    one_side = compare.rows([comparison({"F": NAN}, {"F": 0.25}, NAN)])
    assert one_side[0][:7] == ["m", "micro", "–", "25.00", "–", "n/a", "–"]
    neither = compare.rows([comparison({"F": NAN}, {"F": NAN}, NAN)])
    assert neither == [["m", avg, "n/a", "n/a", "n/a", "n/a", "n/a", "", "", "", ""] for avg in ("micro", "macro")]


def test_comparison_notes_take_metric_notes_from_a_and_skip_certification_when_not_reported():
    metric = comparison({"F": 0.5}, {"F": 0.25}, 0.5)
    plain = MetricReport("m", "s", ("F",), 12, {}, {}, notes=("a's note",))
    other = MetricReport("m", "s", ("F",), 12, {}, {}, notes=("b's note",))
    lines = compare.notes([metric], [(plain, other)], 1e-9)
    assert lines[0] == "m: a's note" and "m: b's note" not in lines
    assert not any("certified" in line for line in lines)
    assert "A-B interval: no interval" in lines


def test_signature_items_of_the_run():
    assert RunSettings().items() == [("on-error", "fail")]
    assert RunSettings(on_error="zero", affected=2, pair_by_id=True, bootstrap=100, seed=7).items() == [
        ("on-error", "zero(2)"), ("pair", "id"), ("bootstrap", "100"), ("seed", "7"),
    ]


def table_lines(console: Console) -> list[str]:
    return [line.rstrip() for line in console.file.getvalue().splitlines()]


def test_a_wide_table_is_never_cut_in_a_file():
    console = Console(file=io.StringIO(), width=20)
    grid.render_rich(console, ["metric", "score"], [["a-long-metric-name", "93.62"]], "t")
    lines = table_lines(console)
    assert "│ a-long-metric-name │ 93.62 │" in lines and len(lines) == 6


def test_on_a_narrow_terminal_a_cell_is_never_wrapped_and_styles_stay():
    console = Console(file=io.StringIO(), width=30, force_terminal=True, color_system="standard")
    grid.render_rich(console, ["metric", "95% CI"], [["smatch", "[82.51, 92.00]"], ["a-long-metric-name", "[1.00, 2.00]"]], "t")
    text = console.file.getvalue()
    assert "\x1b[" in text  # still drawn as a terminal
    assert len(text.splitlines()) == 7  # title, 3 header lines, one line per row, bottom: cells are cut, never wrapped
    wide = Console(file=io.StringIO(), width=80, force_terminal=True, color_system="standard")
    grid.render_rich(wide, ["metric", "score"], [["m", "93.62"]], "t")
    assert "\x1b[" in wide.file.getvalue()


def test_every_renderer_passes_its_digits_on(capsys):
    report, aspect = score_report(), aspect_report()
    assert page.render([tables.table([report], digits=3)], "markdown").splitlines()[2].startswith("| m | 12.345 | 50.000 |")
    assert page.render([tables.table([report], digits=1)], "latex").splitlines()[4].startswith("m & 12.3 & 50.0 &")
    console = Console(file=io.StringIO(), width=200)
    page.show([tables.table([report], "t", digits=0)], "text", console)
    assert "│ m      │ 12 │ 50 │ 20 │" in console.file.getvalue()
    assert page.render(aspects.blocks(aspect, digits=1), "markdown").splitlines()[2] == "| Two.Part | 50.0 | 25.0 | 33.3 | 1 | 2 | 4 | 40.0 | 3 |"
    page.show(aspects.blocks(aspect, digits=0), "latex")
    assert r"Two.Part & 50 & 25 & 33 & 1 & 2 & 4 & 40 & 3 \\" in capsys.readouterr().out.splitlines()


def test_headline_of_an_aspect_is_its_last_name_part():
    assert aspects.headline_rows("fine", ("A.B.P", "A.B.F", "C.F"), "A.B.F") == [("fine A.B", "A.B.F"), ("fine C", "C.F")]


def test_grid_markdown_and_numbers():
    assert grid.render_markdown(["a", "b"], [["x", "1"], ["y", "2"]]) == "| a | b |\n|---|---:|\n| x | 1 |\n| y | 2 |"
    assert grid.pct(np.float64("nan"), 2) == "–"
