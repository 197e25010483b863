"""Nothing but our output reaches stdout: every ``--format json`` command parses, on a corpus that needs LPs.

highspy 1.16 prints a banner from its constructor; ``tests/data/lp`` holds pairs whose exact alignment
needs the LP engine (checked below), so a dependency that writes to file descriptor 1 shows up here.
The commands run on the pure-Python path (``AMRMETRICS_NATIVE=0``): the compiled core settles these
pairs without an LP.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import amrmetrics._native as native
from amrmetrics.metrics.smatch import Smatch
from amrmetrics.read import read_graphs
from bamboo_layout import make_bamboo
from conftest import DATA

LP = DATA / "lp"
TEST, GOLD = str(LP / "test.amr"), str(LP / "gold.amr")


def run(*argv: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The CLI in a fresh process, as a user runs it (stdout and stderr kept apart)."""
    command = [sys.executable, "-m", "amrmetrics", *argv]
    environment = {**os.environ, "AMRMETRICS_NATIVE": "0"}
    return subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=cwd, env=environment)


def json_of(*argv: str) -> dict:
    done = run(*argv, "--format", "json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_corpus_needs_the_lp_engine(monkeypatch) -> None:
    monkeypatch.setattr(native, "CORE", None)
    metric = Smatch()
    for test, gold in zip(read_graphs(TEST), read_graphs(GOLD), strict=True):
        metric.pair(metric.prepare(test), metric.prepare(gold))
    assert metric._solver().lp_calls == 6


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_score_json_parses(jobs: str) -> None:
    out = json_of("score", TEST, GOLD, "-m", "smatch,sembleu", "--jobs", jobs, "--no-progress")
    assert [m["metric"] for m in out["metrics"]][0].startswith("smatch")


def test_compare_json_parses() -> None:
    out = json_of("compare", TEST, GOLD, GOLD, "-m", "smatch", "--no-progress", "--bootstrap", "50", "--trials", "50")
    assert out["metrics"]


def test_fine_json_parses() -> None:
    out = json_of("fine", TEST, GOLD, "--no-progress")
    assert out["metrics"]


def test_matrix_json_parses(tmp_path: Path) -> None:
    out = json_of("matrix", TEST, "--metric", "smatch", "-o", str(tmp_path / "m.npy"), "--no-progress")
    assert out["graphs"] == 6


def test_meta_parse_quality_json_parses(tmp_path: Path) -> None:
    labels = tmp_path / "labels.tsv"
    rows = ["id\tpreference\tacceptable_a\tacceptable_b"] + [f"s{k}\t{k % 3 / 2}\t1\t0" for k in range(1, 7)]
    labels.write_text("\n".join(rows) + "\n", encoding="utf-8")
    out = json_of("meta", "parse-quality", "--a", TEST, "--b", GOLD, "--gold", GOLD, "--labels", str(labels),
                  "--metric", "smatch", "--resamples", "50", "--no-progress")
    assert out


def test_meta_similarity_json_parses(tmp_path: Path) -> None:
    human = tmp_path / "human.txt"
    human.write_text("5\n1\n2\n3\n4\n2.5\n", encoding="utf-8")
    out = json_of("meta", "similarity", "--a", TEST, "--b", GOLD, "--human", str(human), "--metric", "smatch",
                  "--resamples", "50", "--no-progress")
    assert out["metrics"]


def test_bamboo_json_parses(tmp_path: Path) -> None:
    test, gold = ([g for g in Path(f).read_text(encoding="utf-8").split("\n\n")[:4]] for f in (TEST, GOLD))
    root = make_bamboo(tmp_path, src=test, tgt=gold)
    out = json_of("bamboo", str(root), "--split", "dev", "--metric", "smatch", "--no-progress")
    assert out


def test_probe_json_parses() -> None:
    out = json_of("probe", TEST, GOLD, "--metric", "smatch", "--principles", "symmetry,identity", "--runs", "1",
                  "--no-progress")
    assert out["metrics"]


def test_smatch_ms_prints_one_line_per_pair() -> None:
    done = run("smatch", "-f", TEST, GOLD, "--ms")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) >= 6 and all(line.startswith("F-score: ") for line in lines[:6]), lines[:3]


def test_markdown_table_starts_with_its_header() -> None:
    done = run("score", TEST, GOLD, "--format", "markdown", "--no-progress")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("| metric | P | R | F |")


def test_python_api_prints_nothing() -> None:
    code = f"import amrmetrics; r = amrmetrics.score_corpus({TEST!r}, {GOLD!r}); assert r"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
