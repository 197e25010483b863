"""The matrix subcommand and engine, WL metrics on the command line, and independence from PYTHONHASHSEED."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from conftest import DATA

from amrmetrics.cli.main import main
from amrmetrics.engine.matrix import similarity_matrix
from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read import read_graphs

VECTORS = str(DATA / "wl-vectors.txt")
CORPUS = """\
# ::id g1
(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))

# ::id g2
(w / want-01 :ARG0 (g / girl) :ARG1 (b / believe-01 :ARG0 g :polarity -))

# ::id g3
(c / city :name (n / name :op1 "New" :op2 "York"))

# ::id g4
(a / and :op1 (b / boy) :op2 (d / dog :mod (x / big)) :op3 (p / person :quant 12))

# ::id g5
(p / person :ARG0-of (w / want-01 :ARG1 (d / dog)) :name (n / name :op1 "person"))
"""


@pytest.fixture()
def corpus(tmp_path: Path) -> Path:
    path = tmp_path / "graphs.amr"
    path.write_text(CORPUS, encoding="utf-8")
    return path


def pairwise(spec: str, path: Path) -> np.ndarray:
    metric = parse_metrics(spec, {"vectors": VECTORS})[0]
    prepared = [metric.prepare(g) for g in read_graphs(path)]
    return np.array([[metric.pair(a, b).stats[0] for b in prepared] for a in prepared])


@pytest.mark.parametrize("spec", ["wlk", "wlk:k=3,e2n=1", "wwlk:stability=2", "wwlk:k=3,e2n=1"])
def test_matrix_equals_pair_scores_and_is_symmetric(spec: str, corpus: Path) -> None:
    metric = parse_metrics(spec, {"vectors": VECTORS})[0]
    matrix = similarity_matrix(metric, read_graphs(corpus))
    np.testing.assert_allclose(matrix, pairwise(spec, corpus), rtol=0, atol=1e-15)
    np.testing.assert_array_equal(matrix, matrix.T)
    np.testing.assert_array_equal(np.diag(matrix), np.ones(len(matrix)))


def test_generic_path_is_identical_for_every_number_of_jobs(corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from amrmetrics.engine import matrix as engine

    monkeypatch.setattr(engine, "TILE", 2)  # several tiles, on and off the diagonal
    graphs = read_graphs(corpus) * 3
    metric = parse_metrics("wwlk:stability=1", {"vectors": VECTORS})[0]
    one = similarity_matrix(metric, graphs, jobs=1)
    two = similarity_matrix(metric, graphs, jobs=2)
    np.testing.assert_array_equal(one, two)
    assert one[0, 5] == pytest.approx(1.0)  # graph 1 and its copy


def test_wlk_matrix_prepared_in_workers_is_identical(corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from amrmetrics.engine import matrix as engine
    from amrmetrics.metrics import wlk

    monkeypatch.setattr(engine, "TILE", 2)  # graphs are prepared in chunks of 2 by worker processes
    monkeypatch.setattr(wlk, "ROWS_PER_CHUNK", 4)  # and the product runs in row chunks
    graphs = read_graphs(corpus) * 3
    metric = parse_metrics("wlk")[0]
    np.testing.assert_array_equal(similarity_matrix(metric, graphs, jobs=2), similarity_matrix(metric, graphs, jobs=1))


def test_progress_counts_every_unit(corpus: Path) -> None:
    seen: list[int] = []
    metric = parse_metrics("wwlk:stability=0", {"vectors": VECTORS})[0]
    similarity_matrix(metric, read_graphs(corpus), progress=seen.append)
    assert sum(seen) == 5 * 6 // 2


def test_matrix_command_writes_npy_and_tsv(corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    npy, tsv = tmp_path / "sims.npy", tmp_path / "sims.tsv"
    assert main(["matrix", str(corpus), "--metric", "wlk", "-o", str(npy), "--no-progress"]) == 0
    assert "5 x 5 matrix of wlk" in capsys.readouterr().out
    assert main(["matrix", str(corpus), "-o", str(tsv), "--no-progress"]) == 0
    rows = [line.split("\t") for line in tsv.read_text().splitlines()]
    assert rows[0] == ["graph", "g1", "g2", "g3", "g4", "g5"]
    from_tsv = np.array([[float(v) for v in row[1:]] for row in rows[1:]])
    np.testing.assert_array_equal(np.load(npy), from_tsv)
    np.testing.assert_allclose(from_tsv, pairwise("wlk", corpus), rtol=0, atol=1e-15)


def test_matrix_command_with_vectors_and_json_summary(corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "w.npy"
    args = ["matrix", str(corpus), "-m", "wwlk:k=3,e2n=1", "--vectors", VECTORS, "-o", str(out), "--format", "json", "--no-progress"]
    assert main(args) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["graphs"] == 5 and "weights:ones" in summary["signature"]
    np.testing.assert_allclose(np.load(out), pairwise("wwlk:k=3,e2n=1", corpus), rtol=0, atol=1e-15)


def test_matrix_command_error_policies(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.amr"
    path.write_text("(a / boy)\n\n(b / girl :ARG0 )\n\n(c / dog)\n", encoding="utf-8")
    assert main(["matrix", str(path), "-o", str(tmp_path / "x.npy"), "--no-progress"]) == 1
    assert "graph 2" in capsys.readouterr().err
    assert main(["matrix", str(path), "-o", str(tmp_path / "skip.tsv"), "--on-error", "skip", "--no-progress"]) == 0
    assert (tmp_path / "skip.tsv").read_text().splitlines()[0] == "graph\t1\t3"
    assert main(["matrix", str(path), "-o", str(tmp_path / "zero.npy"), "--on-error", "zero", "--no-progress"]) == 0
    zero = np.load(tmp_path / "zero.npy")
    assert zero.shape == (3, 3) and zero[1, 0] == 0.0
    assert main(["matrix", str(path), "-o", str(tmp_path / "x.csv"), "--on-error", "skip"]) == 2
    assert main(["matrix", str(path), "-m", "wlk,wlk:k=1", "--on-error", "skip"]) == 2


def test_score_command_writes_wwlk_alignments(corpus: Path, tmp_path: Path) -> None:
    per_pair = tmp_path / "pairs.jsonl"
    args = ["score", str(corpus), str(corpus), "-m", "wwlk:stability=0,weights=constant", "--vectors", VECTORS]
    assert main(args + ["--per-pair", str(per_pair), "--no-progress"]) == 0
    first = json.loads(per_pair.read_text().splitlines()[0])
    result = next(iter(first["metrics"].values()))
    assert result["scores"]["score"] == 1.0
    assert sorted((a, b) for a, b, _, _ in result["alignment"]) == [("b", "b"), ("g", "g"), ("w", "w")]
    assert sum(mass for _, _, mass, _ in result["alignment"]) == pytest.approx(1.0)


def test_results_do_not_depend_on_the_hash_seed(corpus: Path, tmp_path: Path) -> None:
    """Same per-pair scores under PYTHONHASHSEED 0 and 1 (the reference differs on ~10% of pairs)."""
    other = tmp_path / "other.amr"
    blocks = CORPUS.strip().split("\n\n")
    other.write_text("\n\n".join(blocks[1:] + blocks[:1]) + "\n", encoding="utf-8")
    outputs = []
    for seed in ("0", "1"):
        out = tmp_path / f"scores{seed}.jsonl"
        command = [
            sys.executable, "-m", "amrmetrics", "score", str(corpus), str(other), "--no-progress",
            "-m", "wlk,wlk:e2n=1,wwlk:stability=3,wwlk:k=3,e2n=1", "--vectors", VECTORS, "--per-pair", str(out),
        ]
        subprocess.run(command, check=True, capture_output=True, env={**os.environ, "PYTHONHASHSEED": seed})
        outputs.append([json.loads(line) for line in out.read_text().splitlines()])  # no timings without --timings
    assert len(outputs[0]) == 5
    assert outputs[0] == outputs[1]
