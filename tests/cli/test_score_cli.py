"""The ``score`` and ``smatch`` subcommands end to end, on the shipped examples and small files."""

from __future__ import annotations

import csv
import json

import pytest
from conftest import EXAMPLES

from amrmetrics.cli.main import main

PRED, GOLD = str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr")


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_score_examples_text(capsys):
    code, out, _ = run_cli(capsys, "score", PRED, GOLD)
    assert code == 0
    assert "5 pairs" in out and "all 5 pairs certified optimal" in out
    assert "signature: smatch|std:smatch|solver:exact|dedup:yes|on-error:fail|v:" in out


def test_score_json_is_full_precision_and_consistent(capsys):
    code, out, _ = run_cli(capsys, "score", PRED, GOLD, "--format", "json", "--metric", "smatch,smatch:std=smatch-classic")
    data = json.loads(out)
    assert code == 0 and data["pairs"] == 5 and len(data["metrics"]) == 2
    micro = data["metrics"][0]["micro"]
    # 44 of 47 test and 49 gold triples match (per pair: tests/cli/test_per_pair_values.py)
    assert (micro["P"], micro["R"], micro["F"]) == pytest.approx((44 / 47, 44 / 49, 88 / 96), abs=1e-12)
    assert "UNSAFE" in data["metrics"][1]["notes"][0]


def test_per_pair_tsv_and_jsonl(capsys, tmp_path):
    tsv, jsonl = tmp_path / "pairs.tsv", tmp_path / "pairs.jsonl"
    run_cli(capsys, "score", PRED, GOLD, "--per-pair", str(tsv))
    run_cli(capsys, "score", PRED, GOLD, "--per-pair", str(jsonl))
    rows = list(csv.DictReader(tsv.open(encoding="utf-8"), delimiter="\t"))
    assert [r["test_id"] for r in rows] == [f"example-{i}" for i in range(1, 6)]
    assert {r["smatch.status"] for r in rows} == {"optimal"}
    assert rows[3]["smatch.F"] == "1.0"
    lines = [json.loads(line) for line in jsonl.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["metrics"]["smatch"]["alignment"][0] == ["w", "w"]


def test_markdown_and_latex_tables(capsys):
    _, md, _ = run_cli(capsys, "score", PRED, GOLD, "--format", "markdown")
    assert md.splitlines()[0].startswith("| metric | P | R | F |")
    _, tex, _ = run_cli(capsys, "score", PRED, GOLD, "--format", "latex")
    assert r"\begin{tabular}" in tex and r"\bottomrule" in tex


def test_bootstrap_needs_ten_pairs(capsys):
    _, out, _ = run_cli(capsys, "score", PRED, GOLD, "--bootstrap", "--format", "json")
    assert "at least 10" in json.loads(out)["metrics"][0]["bootstrap"]["reason"]


def test_malformed_input_fail_zero_skip(capsys, tmp_path):
    test = tmp_path / "t.amr"
    test.write_text("(a / cat)\n\n(b / dog :ARG0 (c / \n\n(d / emu)\n", encoding="utf-8")
    gold = tmp_path / "g.amr"
    gold.write_text("(a / cat)\n\n(b / dog)\n\n(d / emu)\n", encoding="utf-8")
    code, _, err = run_cli(capsys, "score", str(test), str(gold))
    assert code == 1 and "graph 2 (line 3)" in err
    code, out, err = run_cli(capsys, "score", str(test), str(gold), "--on-error", "zero", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["pairs"] == 3 and data["on_error"]["zeroed"] == 1
    assert "on-error:zero(1)" in data["metrics"][0]["signature"] and "graph 2" in err
    code, out, _ = run_cli(capsys, "score", str(test), str(gold), "--on-error", "skip", "--format", "json")
    data = json.loads(out)
    assert data["pairs"] == 2 and data["metrics"][0]["micro"]["F"] == 1.0
    assert "on-error:skip(1)" in data["metrics"][0]["signature"]


def test_count_mismatch_is_an_error(capsys, tmp_path):
    short = tmp_path / "short.amr"
    short.write_text("(a / cat)\n", encoding="utf-8")
    code, _, err = run_cli(capsys, "score", str(short), GOLD)
    assert code == 1 and "has 1 graph but" in err and "gold.amr has 5" in err


def test_unknown_metric_and_parameter(capsys):
    code, _, err = run_cli(capsys, "score", PRED, GOLD, "--metric", "smatsch")
    assert code == 2 and "unknown metric 'smatsch'" in err
    code, _, err = run_cli(capsys, "score", PRED, GOLD, "--metric", "smatch:stdd=x")
    assert code == 2 and "unknown parameter" in err


def test_smatch_compat_layout(capsys):
    _, out, _ = run_cli(capsys, "smatch", "-f", PRED, GOLD, "--pr")
    lines = out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["Precision", "Recall", "F-score"]
    assert lines[2] == "F-score: 0.92"
    _, out, _ = run_cli(capsys, "smatch", "-f", PRED, GOLD, "--ms", "--significant", "4")
    assert len(out.splitlines()) == 5 and out.splitlines()[3] == "F-score: 1.0000"


def test_jobs_give_identical_output(capsys):
    _, one, _ = run_cli(capsys, "score", PRED, GOLD, "--format", "json")
    _, two, _ = run_cli(capsys, "score", PRED, GOLD, "--format", "json", "--jobs", "2")
    assert json.loads(one)["metrics"] == json.loads(two)["metrics"]
