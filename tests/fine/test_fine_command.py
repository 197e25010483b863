"""The ``fine`` subcommand, ``score --metric smatch:fine`` and ``compare`` with fine-grained aspects."""

from __future__ import annotations

import json

import numpy as np
import pytest
from conftest import DATA

from amrmetrics.cli.main import main
from amrmetrics.engine.paired import PairedSystems, pair_systems
from amrmetrics.engine.run import run_corpus
from amrmetrics.metrics.fine import ASPECTS, FineSmatch
from amrmetrics.metrics.smatch import Smatch
from amrmetrics.read import pair_files
from amrmetrics.report.aspects import aspect_names, headline_rows

FILES = DATA / "compare"
A, B, GOLD = (str(FILES / name) for name in ("sys_a.amr", "sys_b.amr", "gold.amr"))


def first_graphs(tmp_path, name: str, count: int) -> str:
    blocks = FILES.joinpath(name).read_text(encoding="utf-8").strip().split("\n\n")[1 : count + 1]
    path = tmp_path / name
    path.write_text("\n\n".join(blocks) + "\n", encoding="utf-8")
    return str(path)


def test_text_table_has_one_row_per_aspect_with_counts(capsys):
    assert main(["fine", B, GOLD, "--no-progress"]) == 0
    out = capsys.readouterr().out
    for aspect in ASPECTS:
        assert f"│ {aspect}" in out
    assert "matched" in out and "gold" in out
    assert "all 12 pairs certified optimal" in out
    assert "signature: smatch-fine|std:smatch|solver:exact|dedup:yes|align:full-graphs|" in out


def test_json_counts_match_the_scores(capsys):
    assert main(["fine", B, GOLD, "--no-progress", "--format", "json"]) == 0
    (report,) = json.loads(capsys.readouterr().out)["metrics"]
    assert report["metric"] == "smatch:fine"
    negation = report["summary"]["aspects"]["Negation"]
    assert negation == {"matched": 0.0, "n_test": 0.0, "n_gold": 3.0, "pairs": 3}  # B drops every :polarity
    concepts = report["summary"]["aspects"]["Concepts"]
    assert report["micro"]["Concepts.P"] == pytest.approx(concepts["matched"] / concepts["n_test"])
    assert report["micro"]["Concepts.R"] == pytest.approx(concepts["matched"] / concepts["n_gold"])


def test_an_aspect_absent_from_the_whole_corpus_is_not_applicable(tmp_path, capsys):
    test, gold = first_graphs(tmp_path, "sys_b.amr", 2), str(tmp_path / "gold.amr")
    first_graphs(tmp_path, "gold.amr", 2)  # c1, c2: no name, no wiki
    assert main(["fine", test, gold, "--no-progress", "--format", "json", "--bootstrap"]) == 0
    (report,) = json.loads(capsys.readouterr().out)["metrics"]
    assert report["micro"]["Wikification.F"] is None and report["macro"]["Named Entities.F"] is None
    assert report["summary"]["aspects"]["Wikification"] == {"matched": 0.0, "n_test": 0.0, "n_gold": 0.0, "pairs": 0}
    assert report["bootstrap"]["reason"] == "no interval: 2 pairs (at least 10 needed)"
    assert main(["fine", test, gold, "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "n/a" in out and "occurs in no test and no gold graph" in out and "Wikification" in out


@pytest.mark.parametrize("fmt, marker", [("markdown", "| Named Entities |"), ("latex", r"Named Entities &")])
def test_markdown_and_latex(capsys, fmt, marker):
    assert main(["fine", B, GOLD, "--no-progress", "--format", fmt]) == 0
    assert marker in capsys.readouterr().out


def test_realign_flag_and_parameter_agree(capsys):
    assert main(["fine", B, GOLD, "--no-progress", "--format", "json", "--realign"]) == 0
    flag = json.loads(capsys.readouterr().out)["metrics"][0]
    assert main(["score", B, GOLD, "--no-progress", "--format", "json", "--metric", "smatch:fine,realign=1"]) == 0
    param = json.loads(capsys.readouterr().out)["metrics"][0]
    assert flag["micro"] == param["micro"] and flag["signature"] == param["signature"]
    assert "align:each-aspect" in flag["signature"] and flag["metric"] == "smatch:fine,realign=yes"


def test_score_prints_ordinary_and_aspect_tables_with_intervals(capsys):
    assert main(["score", B, GOLD, "--no-progress", "--metric", "smatch,smatch:fine", "--bootstrap", "100"]) == 0
    out = capsys.readouterr().out
    assert "macro P" in out  # the ordinary table (smatch)
    assert "95% CI (micro F)" in out and "│ Reentrancies" in out  # the aspect table
    assert out.count("signature: ") == 2


def test_smatch_row_equals_smatch_on_the_same_run():
    total, pairs = pair_files(B, GOLD)
    run = run_corpus(pairs, [FineSmatch(), Smatch()])
    fine, smatch = run.stats(0), run.stats(1)
    assert np.array_equal(fine[:, :3], smatch[:, :3]) and total == 12


def test_parallel_run_gives_the_same_statistics():
    metric = FineSmatch()
    one = run_corpus(pair_files(B, GOLD)[1], [metric], jobs=1).stats(0)
    two = run_corpus(pair_files(B, GOLD)[1], [metric], jobs=2).stats(0)
    assert np.array_equal(one, two)


def test_compare_reports_one_row_per_aspect(capsys):
    args = ["compare", A, B, GOLD, "--metric", "smatch:fine", "--no-progress", "--trials", "200", "--bootstrap", "100"]
    assert main([*args, "--format", "json"]) == 0
    (metric,) = json.loads(capsys.readouterr().out)["metrics"]
    assert [r["score"] for r in metric["rows"]] == [f"{a}.F" for a in ASPECTS]
    negation = metric["comparison"]["micro"]["Negation.F"]
    assert negation["a"] == 1.0 and negation["b"] == 0.0 and negation["diff"] == 1.0
    wiki = metric["comparison"]["pair_outcomes"]["Wikification.F"]
    assert wiki["undefined"] == 10  # only c3 and c12 have :wiki
    assert main(args) == 0
    assert "smatch:fine Reentrancies" in capsys.readouterr().out


def test_compare_adapter_keeps_the_fine_statistics_of_each_system():
    metric = FineSmatch()
    _, pairs = pair_systems(A, B, GOLD)
    run = run_corpus(pairs, [PairedSystems(metric)])
    a, b = PairedSystems(metric).split(run.stats(0))
    assert a.shape == b.shape == (12, len(metric.stat_names))
    assert metric.micro(a)["Smatch.F"] == 1.0 and metric.micro(b)["Smatch.F"] < 1.0


def test_aspect_helpers():
    assert aspect_names(FineSmatch.score_names) == list(ASPECTS)
    assert aspect_names(("P", "R", "F")) == []
    assert headline_rows("smatch", ("P", "R", "F"), "F") == [("smatch", "F")]
    assert headline_rows("smatch:fine", FineSmatch.score_names, "SRL.F")[3] == ("smatch:fine Concepts", "Concepts.F")
