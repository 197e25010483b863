"""The meta-evaluation commands end to end on small fixtures, with toy metrics from the registry."""

from __future__ import annotations

import json

import numpy as np
import pytest
from scipy import stats as scipy_stats
from meta_toys import ToyLabels, register_toys

from amrmetrics.cli.main import main
from amrmetrics.read import read_graphs
from bamboo_layout import make_bamboo
from conftest import DATA

META = DATA / "meta"


@pytest.fixture(autouse=True)
def toys(monkeypatch):
    """Every test here may name the toy metrics in --metric."""
    register_toys(monkeypatch)


def run_json(capsys, *argv: str) -> dict:
    assert main(list(argv) + ["--format", "json", "--no-progress"]) == 0
    return json.loads(capsys.readouterr().out)


def study(capsys, *extra: str, files=("--a", str(META / "a.amr"), "--b", str(META / "b.amr"))) -> dict:
    return run_json(
        capsys, "meta", "parse-quality", *files, "--gold", str(META / "gold.amr"), "--labels",
        str(META / "labels.tsv"), "--metric", "toylabels,toyprecision", "--resamples", "200", *extra,
    )


def test_parse_quality_by_hand(capsys):
    out = study(capsys)
    labels = out["metrics"][0]
    # toylabels per sentence: A 1, .5, 2/3, .6, .6, .6 and B 2/3, 1, 2/3, 2/3, 2/3, 1
    assert labels["P"] == {"wins_a": 1, "wins_b": 4, "ties": 1, "a": 1.5, "b": 4.5}
    assert labels["S"]["a"]["macro"] == pytest.approx((1 + 0.5 + 2 / 3 + 0.6 * 3) / 6)
    assert labels["PA"]["value"] == 0.75 and labels["PA"]["counted"] == 4 and labels["PA"]["metric_ties_excluded"] == 0
    assert labels["A_delta"]["value"] == 0.0
    assert labels["PA"]["interval"]["confidence"] == 0.9 and out["bootstrap"]["percentiles"] == [5.0, 95.0]
    assert out["human"]["P"] == {"wins_a": 2, "wins_b": 2, "ties": 2, "a": 3.0, "b": 3.0}
    assert out["compat"] is False and out["quirks"] == []
    assert len(out["spearman"]["matrix"]) == 2


def test_public_layout_gives_the_same_study(capsys):
    ours = study(capsys)
    public = run_json(
        capsys, "meta", "parse-quality", "--candidates", str(META / "ab.amr"), "--gold", str(META / "gold-repeated.amr"),
        "--labels", str(META / "LABEL.txt"), "--metric", "toylabels,toyprecision", "--resamples", "200",
    )
    assert public["metrics"] == ours["metrics"] and public["spearman"] == ours["spearman"]


def test_compat_reproduces_and_names_the_quirks(capsys):
    out = study(capsys, "--compat")
    assert out["compat"] is True and len(out["quirks"]) == 2
    assert out["metrics"][0]["P"] == {"wins_a": 1, "wins_b": 5, "ties": 1, "a": 1.0, "b": 5.0}
    assert main(["meta", "parse-quality", "--a", str(META / "a.amr"), "--b", str(META / "b.amr"), "--gold",
                 str(META / "gold.amr"), "--labels", str(META / "labels.tsv"), "--metric", "toylabels",
                 "--resamples", "50", "--compat", "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert "compat: P counts metric ties as wins for B" in text and "compat: AΔ reads acceptability" in text


def test_label_ids_must_match_the_references(capsys, tmp_path):
    bad = tmp_path / "labels.tsv"
    bad.write_text((META / "labels.tsv").read_text().replace("s4\t", "s9\t"), encoding="utf-8")
    code = main(["meta", "parse-quality", "--a", str(META / "a.amr"), "--b", str(META / "b.amr"), "--gold",
                 str(META / "gold.amr"), "--labels", str(bad), "--metric", "toylabels", "--no-progress"])
    assert code == 1 and "sentence 4: label 's9' vs graph 's4'" in capsys.readouterr().err


def test_skip_is_not_offered(capsys):
    assert main(["meta", "parse-quality", "--a", "x", "--b", "y", "--gold", "z", "--labels", "l", "--on-error", "skip"]) == 2
    assert "argument --on-error: invalid choice: 'skip'" in capsys.readouterr().err


def test_plot_writes_a_heatmap(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    study(capsys, "--plot", str(tmp_path / "rho.png"))
    assert (tmp_path / "rho.png").read_bytes()[:4] == b"\x89PNG"


def test_similarity_command_agrees_with_scipy(capsys, tmp_path):
    human = tmp_path / "human.txt"
    human.write_text("5\n1\n2\n3\n4\n2.5\n", encoding="utf-8")
    out = run_json(capsys, "meta", "similarity", "--a", str(META / "a.amr"), "--b", str(META / "gold.amr"),
                   "--human", str(human), "--metric", "toylabels", "--resamples", "100", "--seed", "4")
    metric = ToyLabels()  # the test's own toy metric, not the code under test
    scores = np.array([metric.pair(a, g).stats[0] for a, g in zip(read_graphs(META / "a.amr"), read_graphs(META / "gold.amr"))])
    normalised = np.array([1.0, 0.0, 0.25, 0.5, 0.75, 0.375])  # (h - 1) / (5 - 1), by hand
    row = out["metrics"][0]
    assert row["pearson"] == pytest.approx(scipy_stats.pearsonr(scores, normalised)[0])
    assert row["spearman"] == pytest.approx(scipy_stats.spearmanr(scores, normalised)[0])
    assert row["rmse"] == pytest.approx(float(np.sqrt(np.mean((scores - normalised) ** 2))))
    low, high = row["spearman_interval"]["low"], row["spearman_interval"]["high"]
    assert -1.0 <= low <= high <= 1.0


def test_bamboo_command(capsys, tmp_path):
    root = make_bamboo(tmp_path)
    argv = ["bamboo", str(root), "--split", "dev", "--metric", "toylabels", "--format", "markdown", "--no-progress"]
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "| metric | STS | SICK | PARA | STS(reify) |" in text and "| PARA(role) | AMEAN |" in text
    assert "| toylabels |" in text and "signature: `toylabels|on-error:fail" in text


def test_probe_command(capsys):
    out = run_json(capsys, "probe", str(META / "a.amr"), str(META / "gold.amr"), "--metric", "toylabels,toyprecision",
                   "--principles", "symmetry,identity", "--runs", "2")
    labels, precision = out["metrics"]
    assert labels["symmetry"]["violations"] == 0 and labels["identity"]["share"] == 1.0
    assert precision["symmetry"]["violations"] > 0 and "determinacy" not in precision
    assert out["probe"]["pairs"] == 6
