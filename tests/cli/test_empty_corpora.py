"""Empty corpora (issue 30): no pair is never silent. Scoring two files without graphs, or with
every pair left out, says so on stderr (exit status 0, every score undefined), and ``--per-pair``
still writes the TSV header; JSON lines, which have no header, stay empty."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from amrmetrics.cli.main import main
from amrmetrics.metrics.registry import METRICS, metric_class

EMPTY_WARNING = "amrmetrics: warning: no pairs scored: the files hold no graphs; every score is undefined"


def header(path: Path) -> list[str]:
    with open(path, encoding="utf-8", newline="") as handle:
        return next(csv.reader(handle, delimiter="\t"))


def test_empty_files_say_so_and_score_nothing(tmp_path, capsys):
    empty = tmp_path / "empty.amr"
    empty.write_text("", encoding="utf-8")
    assert main(["score", str(empty), str(empty), "--no-progress", "--format", "json"]) == 0
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert report["pairs"] == 0 and report["metrics"][0]["micro"] == {"P": None, "R": None, "F": None}
    assert err.splitlines() == [EMPTY_WARNING]


def test_every_pair_left_out_says_so(tmp_path, capsys):
    bad = tmp_path / "bad.amr"
    bad.write_text("(a / b\n", encoding="utf-8")
    assert main(["score", str(bad), str(bad), "--no-progress", "--on-error", "skip"]) == 0
    _, err = capsys.readouterr()
    assert err.splitlines()[-1] == "amrmetrics: warning: no pairs scored: every pair was left out (--on-error skip); every score is undefined"


def test_a_scored_corpus_has_no_such_warning(tmp_path, capsys):
    one = tmp_path / "one.amr"
    one.write_text("(a / b)\n", encoding="utf-8")
    assert main(["score", str(one), str(one), "--no-progress"]) == 0
    assert "no pairs" not in capsys.readouterr().err


SPECS = sorted(
    {"smatch-fine": "smatch:fine", "docsmatch": "smatch:doc=sentence"}.get(name, name)
    for name in METRICS
    if metric_class(name).unit == "graph"  # the UMR document metrics score documents, never PENMAN pairs
)


@pytest.mark.parametrize("timings", [False, True])
def test_the_per_pair_header_of_no_pairs_is_the_header_of_one_pair_without_details(tmp_path, capsys, timings):
    """Every registered metric: the columns of an empty file are those every row has, in order."""
    empty, one = tmp_path / "empty.amr", tmp_path / "one.amr"
    empty.write_text("", encoding="utf-8")
    one.write_text("(w / want-01 :ARG0 (b / boy))\n", encoding="utf-8")
    metric = ",".join(SPECS)
    extra = ["--source-lang", "es", *(["--timings"] if timings else [])]
    assert main(["score", str(empty), str(empty), "-m", metric, "--per-pair", str(tmp_path / "none.tsv"), "--no-progress", *extra]) == 0
    assert main(["score", str(one), str(one), "-m", metric, "--per-pair", str(tmp_path / "one.tsv"), "--no-progress", *extra]) == 0
    capsys.readouterr()
    none, full = header(tmp_path / "none.tsv"), header(tmp_path / "one.tsv")
    assert (tmp_path / "none.tsv").read_text(encoding="utf-8").count("\n") == 1  # the header alone
    assert none[:6] == ["pair", "test_graph", "gold_graph", "test_id", "gold_id", "zeroed"]
    assert [c for c in full if c in none] == none  # the same columns in the same order, details aside
    assert len(none) > 6 + len(SPECS)


def test_json_lines_of_no_pairs_are_an_empty_file(tmp_path, capsys):
    empty = tmp_path / "empty.amr"
    empty.write_text("\n\n", encoding="utf-8")
    assert main(["score", str(empty), str(empty), "--per-pair", str(tmp_path / "none.jsonl"), "--no-progress"]) == 0
    assert (tmp_path / "none.jsonl").read_bytes() == b""
    assert capsys.readouterr().err.splitlines() == [EMPTY_WARNING]
