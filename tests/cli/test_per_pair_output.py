"""``--per-pair``: never over an input, checked before scoring, the same bytes on every run,
whole-number counts as integers, wall-clock columns only with ``--timings``."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest
from conftest import EXAMPLES

from amrmetrics.cli.main import main

PRED, GOLD = EXAMPLES / "pred.amr", EXAMPLES / "gold.amr"


@pytest.fixture
def inputs(tmp_path: Path) -> tuple[Path, Path]:
    """Writable copies of the example files."""
    pred, gold = tmp_path / "pred.amr", tmp_path / "gold.amr"
    shutil.copy(PRED, pred)
    shutil.copy(GOLD, gold)
    return pred, gold


@pytest.fixture
def no_scoring(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if any pair gets scored."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("scored although --per-pair was refused")

    monkeypatch.setattr("amrmetrics.engine.corpus.run_corpus", refuse)
    monkeypatch.setattr("amrmetrics.engine.run.run_corpus", refuse)


def test_refuses_to_write_over_an_input(inputs, tmp_path, capsys, no_scoring) -> None:
    pred, gold = inputs
    before = gold.read_bytes()
    assert main(["score", str(pred), str(gold), "--per-pair", str(gold), "--no-progress"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "refusing to write over the input file" in err
    assert gold.read_bytes() == before
    link = tmp_path / "link.amr"
    link.symlink_to(pred)
    assert main(["score", str(pred), str(gold), "--per-pair", str(link), "--no-progress"]) == 2
    assert main(["compare", str(pred), str(gold), str(gold), "--per-pair", str(pred), "--no-progress"]) == 2
    assert pred.read_bytes() == PRED.read_bytes()


def test_a_missing_directory_fails_before_scoring(inputs, tmp_path, capsys, no_scoring) -> None:
    pred, gold = inputs
    target = tmp_path / "no" / "such" / "pairs.tsv"
    assert main(["score", str(pred), str(gold), "--per-pair", str(target), "--no-progress"]) == 1  # like every unwritable output
    out, err = capsys.readouterr()
    assert out == "" and f"directory {target.parent} does not exist" in err
    assert main(["compare", str(pred), str(pred), str(gold), "--per-pair", str(target), "--no-progress"]) == 1
    assert main(["score", str(pred), str(gold), "--per-pair", str(tmp_path), "--no-progress"]) == 1


def test_a_failed_run_leaves_the_earlier_file(inputs, tmp_path, capsys) -> None:
    pred, gold = inputs
    target = tmp_path / "pairs.tsv"
    target.write_text("earlier\n", encoding="utf-8")
    gold.write_text(gold.read_text(encoding="utf-8") + "\n(x / broken\n", encoding="utf-8")
    pred.write_text(pred.read_text(encoding="utf-8") + "\n(y / fine)\n", encoding="utf-8")
    assert main(["score", str(pred), str(gold), "--per-pair", str(target), "--no-progress"]) == 1
    assert target.read_text(encoding="utf-8") == "earlier\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gold.amr", "pairs.tsv", "pred.amr"]


@pytest.mark.parametrize("suffix", [".tsv", ".jsonl"])
def test_two_runs_write_the_same_bytes(inputs, tmp_path, capsys, suffix) -> None:
    pred, gold = inputs
    written = []
    for run in (1, 2):
        target = tmp_path / f"run{run}{suffix}"
        args = ["score", str(pred), str(gold), "-m", "smatch,sembleu,sema", "--per-pair", str(target), "--no-progress"]
        assert main(args) == 0
        written.append(target.read_bytes())
    capsys.readouterr()
    assert written[0] == written[1] and written[0].count(b"\n") == (5 if suffix == ".jsonl" else 6)


def test_counts_are_integers_and_timings_only_when_asked(inputs, tmp_path, capsys) -> None:
    pred, gold = inputs
    plain, timed, jsonl = tmp_path / "plain.tsv", tmp_path / "timed.tsv", tmp_path / "pairs.jsonl"
    assert main(["score", str(pred), str(gold), "--per-pair", str(plain), "--no-progress"]) == 0
    assert main(["score", str(pred), str(gold), "--per-pair", str(timed), "--timings", "--no-progress"]) == 0
    assert main(["score", str(pred), str(gold), "--per-pair", str(jsonl), "--no-progress"]) == 0
    capsys.readouterr()
    rows = list(csv.DictReader(plain.open(encoding="utf-8"), delimiter="\t"))
    assert [int(r["smatch.n_test"]) for r in rows] == [int(float(r["smatch.n_test"])) for r in rows]
    assert all(r["smatch.matched"].isdigit() and r["smatch.upper"].isdigit() for r in rows)
    assert not any(name.endswith("seconds") for name in rows[0])
    assert rows[3]["smatch.F"] == "1.0"  # scores stay fractions
    timed_rows = list(csv.DictReader(timed.open(encoding="utf-8"), delimiter="\t"))
    extra = [name for name in timed_rows[0] if name not in rows[0]]
    assert extra == ["smatch.seconds", "smatch.solver_seconds"]
    assert all(float(r["smatch.seconds"]) >= 0 for r in timed_rows)
    first = json.loads(jsonl.read_text(encoding="utf-8").splitlines()[0])["metrics"]["smatch"]
    assert isinstance(first["stats"]["n_test"], int) and isinstance(first["lower"], int)
    assert "seconds" not in first and "solver_seconds" not in first
