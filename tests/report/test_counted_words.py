"""One pair reads "1 pair": titles, certification lines and messages count their nouns."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import ROOT

from amrmetrics.report.tables import certification
from amrmetrics.stats.aggregate import MetricReport
from amrmetrics.words import counted


@pytest.mark.parametrize(("n", "expected"), [(0, "0 pairs"), (1, "1 pair"), (2, "2 pairs"), (1501, "1501 pairs")])
def test_counted_is_plural_except_for_one(n, expected):
    assert counted(n, "pair") == expected


def test_counted_takes_an_irregular_plural():
    assert counted(1, "analysis", "analyses") == "1 analysis"
    assert counted(3, "analysis", "analyses") == "3 analyses"


def _report(pairs: int, summary: dict) -> MetricReport:
    return MetricReport("smatch", "sig", ("P", "R", "F"), pairs, {}, {}, summary)


@pytest.mark.parametrize(
    ("pairs", "summary", "expected"),
    [
        (5, {"uncertified": 0}, "smatch: all 5 pairs certified optimal"),
        (1, {"uncertified": 0}, "smatch: the one pair certified optimal"),
        (1, {"uncertified": 1, "max_f_gain": 0.5}, "smatch: 1 of 1 pair not certified optimal; micro F could rise by at most 50.0000 points"),
        (0, {"uncertified": 0}, None),
        (5, {}, None),
    ],
)
def test_certification_line(pairs, summary, expected):
    assert certification("smatch", _report(pairs, summary)) == expected


def test_a_one_pair_run_is_titled_with_one_pair(tmp_path):
    graph = tmp_path / "one.amr"
    graph.write_text("(b / boy)\n")
    done = subprocess.run([sys.executable, "-m", "amrmetrics", "score", str(graph), str(graph), "-m", "smatch", "--no-progress",
                           ], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.splitlines()[0].startswith("1 pair: ")
    assert "1 pairs" not in done.stdout + done.stderr
    assert "smatch: the one pair certified optimal" in done.stdout
