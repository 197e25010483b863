"""``compare`` on UMR input: each system is scored as ``score`` scores it alone, the reading is reported,
and the UMR checks and the error policy apply as they do for ``score``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from conftest import EXAMPLES

from amrmetrics.cli.main import main

PRED, GOLD = EXAMPLES / "umr" / "pred", EXAMPLES / "umr" / "gold"


def run_cli(capsys, *argv: object) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def json_of(capsys, *argv: object) -> dict:
    code, out, err = run_cli(capsys, *argv, "--format", "json")
    assert code == 0, err
    return json.loads(out)


def scores(report: dict) -> tuple:
    return report["pairs"], report["micro"], report["macro"]


def test_compare_scores_each_umr_system_as_score_does(capsys):
    for metric in ("smatch", "umr"):
        compared = json_of(capsys, "compare", PRED, GOLD, GOLD, "-m", metric)
        alone_a = json_of(capsys, "score", PRED, GOLD, "-m", metric)
        alone_b = json_of(capsys, "score", GOLD, GOLD, "-m", metric)
        (row,) = compared["metrics"]
        (report_a,), (report_b,) = alone_a["metrics"], alone_b["metrics"]
        assert scores(row["a"]) == scores(report_a) and scores(row["b"]) == scores(report_b)
        assert compared["input"] == alone_a["input"] and compared["input"]["format"] == "umr"
        assert row["a"]["signature"] == row["b"]["signature"] == row["signature"]
        assert row["signature"].endswith(report_a["signature"].split("|input:")[1]) and "|input:umr|" in row["signature"]
    # a sentence metric pairs the five sentences, a document metric the two documents
    assert json_of(capsys, "compare", PRED, GOLD, GOLD, "-m", "smatch")["metrics"][0]["a"]["pairs"] == 5
    assert compared["metrics"][0]["a"]["pairs"] == 2


def test_compare_applies_the_error_policy_inside_umr_documents(tmp_path: Path, capsys):
    shutil.copytree(PRED, tmp_path / "pred")
    rain = tmp_path / "pred" / "english-rain.umr"
    rain.write_text(rain.read_text(encoding="utf-8").replace("(s1", "((s1", 1), encoding="utf-8")
    code, out, err = run_cli(capsys, "compare", tmp_path / "pred", GOLD, GOLD, "-m", "umr")
    assert code == 1 and out == "" and "english-rain.umr: sentence 1 (snt1, line" in err
    zeroed = json_of(capsys, "compare", tmp_path / "pred", GOLD, GOLD, "-m", "umr", "--on-error", "zero")
    assert zeroed["on_error"]["zeroed"] == 1 and "|on-error:zero(1)|" in zeroed["metrics"][0]["signature"]


def test_compare_refuses_umr_by_id_and_a_document_metric_on_penman(capsys):
    code, _, err = run_cli(capsys, "compare", PRED, GOLD, GOLD, "--pair-by-id")
    assert code == 2 and "UMR documents pair by file name and their sentences by position: --pair-by-id does not apply" in err
    amr = EXAMPLES / "gold.amr"
    code, _, err = run_cli(capsys, "compare", amr, amr, amr, "-m", "umr")
    assert code == 2 and "document metrics (umr, ancast, jumach) score UMR documents: give .umr files or folders of them" in err
