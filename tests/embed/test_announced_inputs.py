"""A metric that looks words up in a vectors file scores standard input and UMR input as it scores the
same graphs given as files: announcing the corpus's words first reads neither input twice."""

from __future__ import annotations

import io
import json
import sys

from conftest import DATA, EXAMPLES

from amrmetrics.cli.main import main

VECTORS = str(DATA / "wl-vectors.txt")
PRED, GOLD = str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr")
UMR_PRED, UMR_GOLD = str(EXAMPLES / "umr" / "pred"), str(EXAMPLES / "umr" / "gold")


def scored(capsys, *argv: str) -> dict:
    code = main(["score", *argv, "-m", "wwlk", "--vectors", VECTORS, "--format", "json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    (report,) = json.loads(out)["metrics"]
    return {k: report[k] for k in ("pairs", "micro", "macro")}


def test_standard_input_scores_as_the_same_file(capsys, monkeypatch):
    with open(PRED, encoding="utf-8") as f:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(f.read().encode("utf-8")), encoding="utf-8"))
    from_stdin = scored(capsys, "-", GOLD)
    assert from_stdin == scored(capsys, PRED, GOLD) and from_stdin["pairs"] == 5


def test_umr_input_scores_with_a_vectors_file(capsys):
    sentences = scored(capsys, UMR_PRED, UMR_GOLD)
    same = scored(capsys, UMR_GOLD, UMR_GOLD)
    assert sentences["pairs"] == same["pairs"] == 5
    assert all(v == 1 for v in same["micro"].values()) and any(v < 1 for v in sentences["micro"].values())
