"""The per-pair files themselves: columns, empty cells, the zeroed column, line ends, the ``.json``
suffix, and text that is not ASCII. Counts by hand: ``(a / cat)`` against itself is one instance
and the TOP triple; a malformed graph scored as empty against ``(b / dog)`` matches nothing."""

from __future__ import annotations

import csv
import json

import pytest

from amrmetrics.cli.main import main

TSV_COLUMNS = [
    "pair", "test_graph", "gold_graph", "test_id", "gold_id", "zeroed",
    "smatch.matched", "smatch.n_test", "smatch.n_gold", "smatch.upper", "smatch.P", "smatch.R", "smatch.F",
    "smatch.seconds", "smatch.lower", "smatch.status", "smatch.solver_seconds",
    "simple.intersection", "simple.union", "simple.score", "simple.seconds",
]
"""Statistics, then scores, then the scalar details (the alignment, a list, is left out)."""


@pytest.fixture
def files(tmp_path):
    test, gold = tmp_path / "test.amr", tmp_path / "gold.amr"
    test.write_text("# ::id café\n(a / cat)\n\n(b / dog :ARG0 (c / \n\n(e / emu :ARG0 (f /\n", encoding="utf-8")
    gold.write_text("# ::id café\n(a / cat)\n\n(b / dog)\n\n(e / emu :ARG0 (\n", encoding="utf-8")
    return str(test), str(gold)


def write(capsys, files, path, metrics="smatch,simple") -> None:
    assert main(["score", *files, "--metric", metrics, "--on-error", "zero", "--per-pair", str(path), "--timings", "--no-progress"]) == 0
    capsys.readouterr()


def test_tsv_columns_cells_and_line_ends(capsys, files, tmp_path):
    path = tmp_path / "pairs.tsv"
    write(capsys, files, path)
    raw = path.read_bytes()
    assert b"\r" not in raw and raw.endswith(b"\n") and "café".encode() in raw
    rows = list(csv.DictReader(path.open(encoding="utf-8", newline=""), delimiter="\t"))
    assert list(rows[0]) == TSV_COLUMNS
    assert [(r["test_id"], r["gold_id"], r["zeroed"]) for r in rows] == [("café", "café", "-"), ("", "", "test"), ("", "", "test,gold")]
    assert [tuple(float(r[f"smatch.{k}"]) for k in ("matched", "n_test", "n_gold", "P", "R", "F")) for r in rows] == [
        (2.0, 2.0, 2.0, 1.0, 1.0, 1.0),
        (0.0, 0.0, 2.0, 0.0, 0.0, 0.0),
        (0.0, 0.0, 0.0, 0.0, 0.0, 0.0),  # two malformed graphs earn nothing
    ]
    assert [(r["simple.intersection"], r["simple.union"], r["simple.score"]) for r in rows] == [
        ("1", "1", "1.0"), ("0", "1", "0.0"), ("0", "0", "0.0"),  # counts are written as integers
    ]
    assert {r["smatch.status"] for r in rows} == {"optimal"} and all(float(r["smatch.seconds"]) >= 0 for r in rows)


@pytest.mark.parametrize("suffix", [".jsonl", ".json"])
def test_json_lines_keep_text_as_written(capsys, files, tmp_path, suffix):
    path = tmp_path / f"pairs{suffix}"
    write(capsys, files, path, "simple")
    text = path.read_text(encoding="utf-8")
    assert '"test_id": "café"' in text  # not escaped to \\u00e9
    lines = [json.loads(line) for line in text.splitlines()]
    assert [(x["pair"], x["test_graph"], x["gold_graph"], x["test_id"], x["zeroed"]) for x in lines] == [
        (1, 1, 1, "café", []), (2, 2, 2, None, ["test"]), (3, 3, 3, None, ["test", "gold"]),
    ]
    simple = lines[1]["metrics"]["simple"]
    assert (simple["stats"], simple["scores"]) == ({"intersection": 0.0, "union": 1.0}, {"score": 0.0})
    assert set(simple) == {"stats", "scores", "seconds"} and simple["seconds"] >= 0
