"""Text tables: the title is one line whatever the table's width; a row names the metric, not a file path."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from conftest import DATA, EXAMPLES

from amrmetrics.cli.main import main
from amrmetrics.report.tables import metric_label


@pytest.fixture
def deep(tmp_path: Path) -> tuple[str, str, str]:
    """The examples and the tiny vectors under a long directory path (longer than any table here)."""
    folder = tmp_path.joinpath("a-rather-long-directory-name", "with-parser-outputs", "and-vectors-for-s2match")
    folder.mkdir(parents=True)
    for name in ("pred.amr", "gold.amr"):
        shutil.copy(EXAMPLES / name, folder / name)
    shutil.copy(DATA / "tiny-vectors.txt", folder / "glove.txt")
    return str(folder / "pred.amr"), str(folder / "gold.amr"), str(folder / "glove.txt")


def output(capsys, *argv: str) -> str:
    assert main([*argv, "--no-progress"]) == 0
    return capsys.readouterr().out


def test_score_title_is_one_line_and_rows_name_the_file(capsys, deep) -> None:
    pred, gold, vectors = deep
    lines = output(capsys, "score", pred, gold, "-m", "smatch,s2match", "--vectors", vectors).splitlines()
    assert lines[0] == f"5 pairs: {pred} vs {gold} (scores x100)"
    rows = [line for line in lines if line.startswith("│")]
    assert [row.split("│")[1].strip() for row in rows] == ["smatch", "s2match:vectors=glove.txt"]
    assert "s2match:vectors=glove.txt: all 5 pairs certified optimal" in lines
    assert not any(vectors in line for line in lines)
    assert re.search(r"\|vectors:glove\.txt@[0-9a-f]{12}\|", lines[-1])


def test_markdown_rows_name_the_file_and_json_keeps_the_path(capsys, deep) -> None:
    pred, gold, vectors = deep
    markdown = output(capsys, "score", pred, gold, "-m", "s2match:tau=0.6", "--vectors", vectors, "-f", "markdown")
    assert markdown.splitlines()[2].startswith("| s2match:tau=0.6,vectors=glove.txt | ")
    data = json.loads(output(capsys, "score", pred, gold, "-m", "s2match", "--vectors", vectors, "-f", "json"))
    assert data["metrics"][0]["metric"] == f"s2match:vectors={vectors}"


def test_compare_title_is_one_line_and_rows_name_the_file(capsys, deep) -> None:
    pred, gold, vectors = deep
    argv = ["compare", pred, gold, gold, "-m", "s2match", "--vectors", vectors, "--trials", "10", "--bootstrap", "10"]
    lines = output(capsys, *argv).splitlines()
    assert lines[0] == f"A = {pred}, B = {gold}, gold = {gold}: 5 pairs (scores x100)"
    assert [line.split("│")[1].strip() for line in lines if line.startswith("│")] == ["s2match:vectors=glove.txt"] * 2
    data = json.loads(output(capsys, *argv, "-f", "json"))
    assert data["metrics"][0]["metric"] == f"s2match:vectors={vectors}"


def test_meta_title_is_one_line(capsys, tmp_path: Path) -> None:
    human = tmp_path / "human.tsv"
    human.write_text("1\n3\n2\n5\n4\n", encoding="utf-8")
    pred, gold = str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr")
    lines = output(capsys, "meta", "similarity", "--a", pred, "--b", gold, "--human", str(human)).splitlines()
    assert lines[0] == "Agreement with 5 human scores (x100)" and lines[1].startswith("┏")


def test_metric_label_cuts_file_paths_only(tmp_path: Path) -> None:
    vectors = tmp_path / "deep" / "vectors.txt"
    vectors.parent.mkdir()
    vectors.write_text("a 1\n", encoding="utf-8")
    assert metric_label(f"wwlk:k=3,vectors={vectors}") == "wwlk:k=3,vectors=vectors.txt"
    assert metric_label("sembleu:weights=0.5/0.3/0.2") == "sembleu:weights=0.5/0.3/0.2"
    assert metric_label(f"s2match:vectors={tmp_path / 'gone.txt'}") == f"s2match:vectors={tmp_path / 'gone.txt'}"
    assert metric_label("smatch") == "smatch"
