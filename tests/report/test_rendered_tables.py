"""Every table format, written out by hand: score tables (rich, Markdown, LaTeX), the aspect table
of a multi-aspect metric, and the comparison table, with their notes.

The numbers are the hand-worked counts of tests/cli/test_per_pair_values.py and
tests/stats/test_pinned_resampling.py, x100 with two decimals (e.g. Smatch on the examples:
44/47 = 93.62, 44/49 = 89.80, 88/96 = 91.67; macro P = (7/8 + 1 + 15/16 + 1 + 7/8) / 5 = 93.75).
The toy aspects on tests/data/compare count concepts (B: 42 of 45 test and 46 gold) and negated
concepts (gold negates 3, B none).
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import DATA, EXAMPLES
from stats.toy_metrics import ToyAspects

from amrmetrics.cli.main import main
from amrmetrics.metrics import registry
from amrmetrics.report.escape import latex_text
from amrmetrics.report.grid import pct, render_latex, render_markdown

PRED, GOLD = str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr")
A, B, CGOLD = (str(DATA / "compare" / name) for name in ("sys_a.amr", "sys_b.amr", "gold.amr"))
SMATCH_SIGNATURE = "signature: smatch|std:smatch|solver:exact|dedup:yes|on-error:fail|v:0.1.0"


@pytest.fixture(autouse=True)
def toy_registry(monkeypatch):
    monkeypatch.setitem(registry.METRICS, "toy-aspects", f"{ToyAspects.__module__}:ToyAspects")


def output(capsys, *argv: str) -> list[str]:
    assert main([*argv, "--no-progress"]) == 0
    return [line.rstrip() for line in capsys.readouterr().out.splitlines()]


def test_score_table_in_markdown(capsys):
    lines = output(capsys, "score", PRED, GOLD, "-m", "smatch,sema,simple", "--format", "markdown")
    assert lines[:5] == [
        "| metric | P | R | F | macro P | macro R | macro F |",
        "|---|---:|---:|---:|---:|---:|---:|",
        "| smatch | 93.62 | 89.80 | 91.67 | 93.75 | 88.95 | 91.18 |",
        "| sema | 85.71 | 81.82 | 83.72 | 84.38 | 79.98 | 81.99 |",  # 36/42, 36/44, 72/86
        "| simple | – | – | 86.96 | – | – | 86.22 |",  # 40/46; a one-score metric fills the F columns
    ]
    assert lines[5:8] == ["", "smatch: all 5 pairs certified optimal", ""]
    assert lines[-5] == SMATCH_SIGNATURE.replace(": ", ": `", 1) + "`"


def test_score_table_in_latex_with_an_interval_column_that_does_not_apply(capsys):
    lines = output(capsys, "score", PRED, GOLD, "-m", "smatch,simple", "--format", "latex", "--bootstrap")
    assert lines[:8] == [
        r"\begin{tabular}{lrrrrrrr}",
        r"\toprule",
        r"metric & P & R & F & macro P & macro R & macro F & 95\% CI (micro) \\",
        r"\midrule",
        r"smatch & 93.62 & 89.80 & 91.67 & 93.75 & 88.95 & 91.18 & n/a \\",
        r"simple & – & – & 86.96 & – & – & 86.22 & n/a \\",
        r"\bottomrule",
        r"\end{tabular}",
    ]
    assert lines[8:15] == [
        "",
        "smatch: all 5 pairs certified optimal",
        "",
        "smatch: no interval: 5 pairs (at least 10 needed)",
        "",
        "simple: no interval: 5 pairs (at least 10 needed)",
        "",
    ]


def test_score_table_with_the_pinned_interval(capsys):
    lines = output(capsys, "score", B, CGOLD, "--format", "markdown", "--bootstrap")
    # B: 91/99, 91/109, 182/208; macro from the per-pair counts; interval of tests/stats/test_pinned_resampling.py
    assert lines[:3] == [
        "| metric | P | R | F | macro P | macro R | macro F | 95% CI (micro) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
        r"| smatch | 91.92 | 83.49 | 87.50 | 93.10 | 84.15 | 88.14 | \[82.51, 92.00] |",
    ]


def test_score_table_for_people(capsys, monkeypatch):
    monkeypatch.chdir(EXAMPLES.parent)  # short paths: the title is one line
    lines = output(capsys, "score", "examples/pred.amr", "examples/gold.amr")
    assert lines == [
        "5 pairs: examples/pred.amr vs examples/gold.amr (scores x100)",
        "┏━━━━━━━━┳━━━━━━━┳━━━━━━━┳━━━━━━━┳━━━━━━━━━┳━━━━━━━━━┳━━━━━━━━━┓",
        "┃ metric ┃     P ┃     R ┃     F ┃ macro P ┃ macro R ┃ macro F ┃",
        "┡━━━━━━━━╇━━━━━━━╇━━━━━━━╇━━━━━━━╇━━━━━━━━━╇━━━━━━━━━╇━━━━━━━━━┩",
        "│ smatch │ 93.62 │ 89.80 │ 91.67 │   93.75 │   88.95 │   91.18 │",
        "└────────┴───────┴───────┴───────┴─────────┴─────────┴─────────┘",
        "smatch: all 5 pairs certified optimal",
        SMATCH_SIGNATURE,
    ]


def test_aspect_table_in_markdown(capsys):
    lines = output(capsys, "score", B, CGOLD, "-m", "toy-aspects", "--format", "markdown")
    # Concepts: 42/45, 42/46, 84/91; macro F = (4/7 + 6/7 + 6/8 + 6/7 + 8) / 12. Negation: gold negates
    # 3 concepts (pairs c2, c6, c11), B none: P = R = F = 0 on those 3 pairs.
    assert lines == [
        "| aspect | P | R | F | matched | test | gold | macro F | pairs |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
        "| Concepts | 93.33 | 91.30 | 92.31 | 42 | 45 | 46 | 91.96 | 12 |",
        "| Negation | 0.00 | 0.00 | 0.00 | 0 | 0 | 3 | 0.00 | 3 |",
        "",
        "toy-aspects: pairs = pairs in which the aspect occurs in the test or the gold graph (macro F averages over them)",
        "",
        "signature: `toy-aspects|on-error:fail|v:0.1.0`",
    ]


def test_aspect_table_in_latex_with_an_absent_aspect_and_intervals(capsys):
    lines = output(capsys, "score", B, B, "-m", "toy-aspects", "--format", "latex", "--bootstrap", "50")
    assert lines == [
        r"\begin{tabular}{lrrrrrrrrr}",
        r"\toprule",
        r"aspect & P & R & F & matched & test & gold & macro F & pairs & 95\% CI (micro F) \\",
        r"\midrule",
        r"Concepts & 100.00 & 100.00 & 100.00 & 45 & 45 & 45 & 100.00 & 12 & [100.00, 100.00] \\",
        r"Negation & n/a & n/a & n/a & 0 & 0 & 0 & n/a & 0 & n/a \\",
        r"\bottomrule",
        r"\end{tabular}",
        "",
        "toy-aspects: pairs = pairs in which the aspect occurs in the test or the gold graph (macro F averages over them)",
        "",
        "toy-aspects: n/a = occurs in no test and no gold graph (0 matched, 0 test, 0 gold): Negation",
        "",
        r"toy-aspects: 95\% intervals by the percentile bootstrap, 50 resamples of pairs, seed 12345",
        "",
        r"signature: \texttt{toy-aspects\textbar{}\allowbreak{}on-error:fail\textbar{}\allowbreak{}bootstrap:50\textbar{}\allowbreak{}seed:12345\textbar{}\allowbreak{}v:0.1.0}",
    ]


def test_aspect_table_for_people(capsys):
    lines = output(capsys, "score", B, CGOLD, "-m", "toy-aspects")
    assert lines[:7] == [
        "toy-aspects: 12 pairs (scores x100)",
        "┏━━━━━━━━━━┳━━━━━━━┳━━━━━━━┳━━━━━━━┳━━━━━━━━━┳━━━━━━┳━━━━━━┳━━━━━━━━━┳━━━━━━━┓",
        "┃ aspect   ┃     P ┃     R ┃     F ┃ matched ┃ test ┃ gold ┃ macro F ┃ pairs ┃",
        "┡━━━━━━━━━━╇━━━━━━━╇━━━━━━━╇━━━━━━━╇━━━━━━━━━╇━━━━━━╇━━━━━━╇━━━━━━━━━╇━━━━━━━┩",
        "│ Concepts │ 93.33 │ 91.30 │ 92.31 │      42 │   45 │   46 │   91.96 │    12 │",
        "│ Negation │  0.00 │  0.00 │  0.00 │       0 │    0 │    3 │    0.00 │     3 │",
        "└──────────┴───────┴───────┴───────┴─────────┴──────┴──────┴─────────┴───────┘",
    ]


COMPARE_NOTES = [
    "A-B interval: 95% paired percentile bootstrap, 1000 resamples of pairs, seed 12345",
    "p: two-sided exact permutation test over all 4096 swaps of A and B within pairs",
    "A>B / tie / A<B: pairs by pair score (tie: difference < 1e-09); A:B split gives each tie half to A and half to B",
]


def test_comparison_table_in_markdown(capsys):
    lines = output(capsys, "compare", A, B, CGOLD, "--format", "markdown")
    # p = 8/4096 (tests/stats/test_pinned_resampling.py); 10 pairs better, c5 and c10 tied: 11:1
    assert lines == [
        r"| metric | avg | A | B | A-B | 95% CI of A-B | p | A>B | tie | A\<B | A:B split |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        r"| smatch | micro | 100.00 | 87.50 | +12.50 | \[+8.00, +17.49] | 0.0020 | 10 | 2 | 0 | 11:1 |",
        r"| smatch | macro | 100.00 | 88.14 | +11.86 | \[+7.24, +17.49] | 0.0020 |  |  |  |  |",
        "",
        "A smatch: all 12 pairs certified optimal",
        "",
        "B smatch: all 12 pairs certified optimal",
        "",
        *[line for note in COMPARE_NOTES for line in (note.replace("<", "\\<"), "")],
        "signature: `smatch|std:smatch|solver:exact|dedup:yes|on-error:fail|bootstrap:1000|seed:12345|trials:exact|v:0.1.0`",
    ]


def test_comparison_of_aspects_in_latex(capsys):
    lines = output(capsys, "compare", A, B, CGOLD, "-m", "toy-aspects", "--format", "latex", "--bootstrap", "20")
    # Concepts: B worse on 4 pairs, 8 ties: p = 2 * 2**8 / 4096; Negation applies on 3 pairs (A negates,
    # B not): p = 2 * 2**9 / 4096, and 9 pairs are not compared
    assert [line.split(" & [")[0] for line in lines[4:8]] == [
        r"toy-aspects Concepts & micro & 100.00 & 92.31 & +7.69",
        r"toy-aspects Concepts & macro & 100.00 & 91.96 & +8.04",
        r"toy-aspects Negation & micro & 100.00 & 0.00 & +100.00",
        r"toy-aspects Negation & macro & 100.00 & 0.00 & +100.00",
    ]
    assert [line.split("] & ")[1] for line in lines[4:8]] == [
        r"0.1250 & 4 & 8 & 0 & 8:4 \\",
        r"0.1250 &  &  &  &  \\",
        r"0.2500 & 3 & 0 & 0 & 3:0 \\",
        r"0.2500 &  &  &  &  \\",
    ]
    assert lines[:4] == [
        r"\begin{tabular}{llrrrrrrrrr}",
        r"\toprule",
        r"metric & avg & A & B & A-B & 95\% CI of A-B & p & A\textgreater{}B & tie & A\textless{}B & A:B split \\",
        r"\midrule",
    ]
    assert lines[8:10] == [r"\bottomrule", r"\end{tabular}"]
    assert "toy-aspects Negation: 9 pair(s) not compared (the score does not apply to A's or B's pair)" in lines
    assert r"A\textgreater{}B / tie / A\textless{}B: pairs by pair score (tie: difference \textless{} 1e-09); A:B split gives each tie half to A and half to B" in lines


def test_comparison_with_too_few_pairs_and_ties_split_in_halves(capsys):
    lines = output(capsys, "compare", PRED, GOLD, GOLD, "--format", "markdown")
    # A = the examples' predictions: worse than B = gold on pairs 1, 2, 3 and 5, tied on 4;
    # 32 swap patterns: p = 2 * 2 / 32
    assert lines[2:4] == [
        "| smatch | micro | 91.67 | 100.00 | -8.33 | n/a | 0.1250 | 0 | 1 | 4 | 0.5:4.5 |",
        "| smatch | macro | 91.18 | 100.00 | -8.82 | n/a | 0.1250 |  |  |  |  |",
    ]
    assert "A-B interval: no interval: 5 pairs (at least 10 needed)" in lines
    assert "p: two-sided exact permutation test over all 32 swaps of A and B within pairs" in lines


def test_comparison_with_random_trials_says_so(capsys):
    lines = output(capsys, "compare", A, B, CGOLD, "--format", "markdown", "--trials", "100", "--bootstrap", "20", "--seed", "3")
    assert "p: two-sided approximate randomization, 100 trials (p >= 1/(trials+1)), seed 3" in lines
    assert "A-B interval: 95% paired percentile bootstrap, 20 resamples of pairs, seed 3" in lines


def test_latex_escapes_and_percent_formatting():
    assert latex_text("a\\b_c%d&e#f$g|h") == r"a\textbackslash{}b\_c\%d\&e\#f\$g\textbar{}h"
    assert render_latex(["x_1", "y%"], [["a&b", "1"]]) == "\n".join(
        [r"\begin{tabular}{lr}", r"\toprule", r"x\_1 & y\% \\", r"\midrule", r"a\&b & 1 \\", r"\bottomrule", r"\end{tabular}"]
    )
    assert render_latex(["x", "y", "z"], [["a", "b", "c"]], left=2).splitlines()[0] == r"\begin{tabular}{llr}"
    assert render_markdown(["x", "y", "z"], [["a", "b", "c"]], left=2).splitlines()[1] == "|---|---|---:|"
    assert (pct(0.12345, 2), pct(0.12345, 3), pct(-0.5, 1, signed=True), pct(0.5, 0, signed=True)) == ("12.35", "12.345", "-50.0", "+50")
    assert pct(None, 2) == pct(float("nan"), 2) == "–"


def test_comparison_notes_name_uncertified_pairs_and_the_possible_gain():
    from amrmetrics.report.compare import ComparedMetric, notes
    from amrmetrics.stats.aggregate import MetricReport
    from amrmetrics.stats.significance import compare as compare_statistics
    from stats.toy_metrics import ConceptBag

    stats = np.array([[2.0, 3.0, 3.0]] * 12)
    comparison = compare_statistics(ConceptBag(), stats, stats, resamples=10, trials=10, seed=0)
    metric = ComparedMetric("toy-bag", "toy-bag|x", comparison, (("toy-bag", "F"),))

    def report(summary: dict) -> MetricReport:
        return MetricReport("toy-bag", "sig", ("P", "R", "F"), 12, {}, {}, summary=summary, notes=("a note",))

    lines = notes([metric], [(report({"uncertified": 2, "max_f_gain": 0.0123}), report({"uncertified": 0}))], 1e-9)
    assert lines[:3] == [
        "A toy-bag: 2 of 12 pairs not certified optimal; micro F could rise by at most 1.2300 points",
        "B toy-bag: all 12 pairs certified optimal",
        "toy-bag: a note",
    ]
    assert notes([], [], 1e-9) == []
    assert notes([metric], [(report({}), report({}))], 0.5)[-1].startswith("A>B / tie / A<B: pairs by pair score (tie: difference < 0.5)")
