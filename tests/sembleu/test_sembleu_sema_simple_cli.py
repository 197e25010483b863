"""SemBLEU, SEMA and SIMPLE through the command line: score, per-pair output, bootstrap, compare."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from conftest import EXAMPLES

from amrmetrics.cli.main import main


@pytest.fixture()
def corpus(tmp_path: Path) -> tuple[Path, Path]:
    """15 pairs: the example files three times over (bootstrap needs at least 10)."""
    pred, gold = tmp_path / "pred.amr", tmp_path / "gold.amr"
    pred.write_text("\n\n".join([(EXAMPLES / "pred.amr").read_text()] * 3), encoding="utf-8")
    gold.write_text("\n\n".join([(EXAMPLES / "gold.amr").read_text()] * 3), encoding="utf-8")
    return pred, gold


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert main([*argv, "--format", "json", "--no-progress"]) == 0
    return json.loads(capsys.readouterr().out)


def test_score_reports_all_three_with_signatures_and_the_asymmetry_note(corpus, capsys) -> None:
    pred, gold = corpus
    out = run_json(capsys, "score", str(pred), str(gold), "--metric", "sembleu,sema,simple")
    by_name = {m["metric"]: m for m in out["metrics"]}
    assert set(by_name) == {"sembleu", "sema", "simple"}
    assert by_name["sembleu"]["signature"].startswith("sembleu|n:3|weights:uniform|compat:no|")
    assert by_name["sema"]["signature"].startswith("sema|std:lowercase+conflate-quotes+deinvert+mod-domain+dedup|")
    assert by_name["simple"]["signature"].startswith("simple|std:")
    assert any("asymmetric" in note for note in by_name["sembleu"]["notes"])
    for metric in by_name.values():
        for value in list(metric["micro"].values()) + list(metric["macro"].values()):
            assert 0.0 < value < 1.0


def test_text_output_says_sembleu_is_asymmetric(corpus, capsys) -> None:
    pred, gold = corpus
    assert main(["score", str(pred), str(gold), "--metric", "sembleu", "--no-progress"]) == 0
    assert "sembleu: asymmetric" in capsys.readouterr().out


def test_compat_parameters_reach_the_signature(corpus, capsys) -> None:
    pred, gold = corpus
    out = run_json(capsys, "score", str(pred), str(gold), "--metric", "sembleu:compat=1", "--metric", "sembleu:n=2,compat=1,weights=uniform")
    signatures = [m["signature"] for m in out["metrics"]]
    assert signatures[0].startswith("sembleu|n:3|weights:0.34/0.33/0.34|compat:yes|")
    assert signatures[1].startswith("sembleu|n:2|weights:uniform|compat:yes|")


def test_swapping_files_changes_sembleu_but_not_sema_f_or_simple(corpus, capsys) -> None:
    pred, gold = corpus
    forward = run_json(capsys, "score", str(pred), str(gold), "--metric", "sembleu,sema,simple")["metrics"]
    backward = run_json(capsys, "score", str(gold), str(pred), "--metric", "sembleu,sema,simple")["metrics"]
    assert forward[0]["micro"]["score"] != backward[0]["micro"]["score"]
    assert forward[1]["micro"]["F"] == pytest.approx(backward[1]["micro"]["F"], abs=1e-15)
    assert forward[1]["micro"]["P"] == pytest.approx(backward[1]["micro"]["R"], abs=1e-15)
    assert forward[2]["micro"]["score"] == backward[2]["micro"]["score"]


def test_per_pair_file_has_statistics_and_scores(corpus, tmp_path, capsys) -> None:
    pred, gold = corpus
    per_pair = tmp_path / "pairs.tsv"
    assert main(["score", str(pred), str(gold), "-m", "sembleu,sema,simple", "--per-pair", str(per_pair), "--no-progress"]) == 0
    rows = list(csv.DictReader(per_pair.open(encoding="utf-8"), delimiter="\t"))
    assert len(rows) == 15
    for column in ("sembleu.m3", "sembleu.c3", "sembleu.len_test", "sembleu.score", "sema.matched", "sema.concepts",
                   "sema.F", "simple.intersection", "simple.union", "simple.score"):
        assert column in rows[0]
    assert all(0.0 <= float(r["sembleu.score"]) <= 1.0 for r in rows)


def test_bootstrap_intervals_for_all_three(corpus, capsys) -> None:
    pred, gold = corpus
    out = run_json(capsys, "score", str(pred), str(gold), "-m", "sembleu,sema,simple", "--bootstrap", "200")
    for metric in out["metrics"]:
        headline = "F" if "F" in metric["micro"] else "score"
        lo, hi = metric["bootstrap"]["micro"][headline]
        assert lo <= metric["micro"][headline] <= hi


def test_compare_runs_all_three(corpus, capsys) -> None:
    pred, gold = corpus
    assert main(["compare", str(pred), str(gold), str(gold), "-m", "sembleu,sema,simple", "--no-progress"]) == 0
    out = capsys.readouterr().out
    for name in ("sembleu", "sema", "simple"):
        assert f"signature: {name}|" in out
