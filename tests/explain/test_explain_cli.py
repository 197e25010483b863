"""``amrmetrics explain`` and ``compare --html``: the same run as ``score``/``compare``, usage and data errors, the Python API."""

from __future__ import annotations

import base64
import gzip
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import DATA, EXAMPLES

import amrmetrics
from amrmetrics.explaining.model import Explanation

PRED, GOLD = str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr")
SYS_A, SYS_B, SYS_GOLD = (str(DATA / "compare" / name) for name in ("sys_a.amr", "sys_b.amr", "gold.amr"))
DATA_BLOCK = re.compile(r'<script type="application/json" id="amrmetrics-data">(.*?)</script>', re.S)


def run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "amrmetrics", *argv], capture_output=True, text=True, timeout=600)


def page_data(path: Path) -> dict:
    """The data a report embeds, its packed per-pair files unpacked."""
    data = json.loads(DATA_BLOCK.search(path.read_text(encoding="utf-8")).group(1))
    data["per_pair"] = {k: gzip.decompress(base64.b64decode(v)).decode("utf-8") for k, v in data["per_pair"].items()}
    return data


def without_seconds(text: str) -> list[dict]:
    """JSON lines with the timings (which differ between runs) left out."""
    rows = []
    for line in text.splitlines():
        row = json.loads(line)
        for m in row["metrics"].values():
            for entry in [m, *(v for v in m.values() if isinstance(v, dict))]:
                entry.pop("seconds", None)
                entry.pop("solver_seconds", None)
        rows.append(row)
    return rows


def test_explain_signs_and_scores_like_score(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    done = run("explain", PRED, GOLD, "-o", str(out), "--pair-by-id", "--no-progress")
    assert done.returncode == 0, done.stderr
    score = run("score", PRED, GOLD, "--pair-by-id", "--bootstrap", "1000", "--format", "json", "--no-progress")
    expected = json.loads(score.stdout)["metrics"][0]
    assert done.stderr == f"wrote {out}: 5 pairs, {out.stat().st_size / 1e6:.2f} MB\n"  # a message, not a result
    micro = ", ".join(f"{k} {100 * expected['micro'][k]:.2f}" for k in ("P", "R", "F"))
    assert done.stdout.splitlines() == [f"smatch: micro {micro} (x100)", f"signature: {expected['signature']}"]
    data = page_data(out)
    assert data["signature"] == expected["signature"]
    assert data["systems"][0]["report"]["micro"] == expected["micro"]
    assert data["systems"][0]["report"]["bootstrap"] == expected["bootstrap"]
    assert [p["id"] for p in data["pairs"]] == [f"example-{k}" for k in range(1, 6)]
    assert data["systems"][0]["fine"]["metric"] == "smatch:fine"


def test_the_embedded_per_pair_rows_are_those_of_score(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    assert run("explain", PRED, GOLD, "-o", str(out), "-m", "smatch:std=smatchpp-amr", "--no-fine").returncode == 0
    rows = tmp_path / "pairs.jsonl"
    assert run("score", PRED, GOLD, "-m", "smatch:std=smatchpp-amr", "--per-pair", str(rows), "--no-progress").returncode == 0
    assert without_seconds(page_data(out)["per_pair"]["jsonl"]) == without_seconds(rows.read_text(encoding="utf-8"))


@pytest.mark.parametrize("metric", ["sembleu", "smatch,s2match", "smatch:fine"])
def test_a_metric_that_cannot_be_explained_is_a_usage_error(tmp_path: Path, metric: str) -> None:
    done = run("explain", PRED, GOLD, "-o", str(tmp_path / "x.html"), "--metric", metric)
    assert done.returncode == 2
    assert done.stdout == "" and "amrmetrics: error:" in done.stderr
    assert not (tmp_path / "x.html").exists()


def test_the_error_policy_applies(tmp_path: Path) -> None:
    test, gold = tmp_path / "test.amr", tmp_path / "gold.amr"
    test.write_text("(a / cat)\n\n(b / dog :ARG0\n", encoding="utf-8")
    gold.write_text("(x / cat)\n\n(y / dog)\n", encoding="utf-8")
    out = tmp_path / "r.html"
    failed = run("explain", str(test), str(gold), "-o", str(out))
    assert failed.returncode == 1 and "graph 2" in failed.stderr and not out.exists()
    zeroed = run("explain", str(test), str(gold), "-o", str(out), "--on-error", "zero", "--no-fine")
    assert zeroed.returncode == 0, zeroed.stderr
    assert "graph 2" in zeroed.stderr
    data = page_data(out)
    assert data["pairs"][1]["zeroed"] == ["test"] and data["pairs"][1]["sides"][0]["stats"]["n_test"] == 0
    assert "on-error:zero(1)" in data["signature"]


def test_compare_html_explains_both_systems(tmp_path: Path) -> None:
    out, rows, plain_rows = tmp_path / "cmp.html", tmp_path / "p.jsonl", tmp_path / "q.jsonl"
    done = run("compare", SYS_A, SYS_B, SYS_GOLD, "--html", str(out), "--per-pair", str(rows), "--format", "json", "--no-progress")
    assert done.returncode == 0, done.stderr
    printed = json.loads(done.stdout)["metrics"][0]
    data = page_data(out)
    assert data["kind"] == "compare" and data["signature"] == printed["signature"]
    assert data["comparison"]["micro"]["F"]["diff"] == printed["comparison"]["micro"]["F"]["diff"]
    assert [s["name"] for s in data["systems"]] == ["A", "B"]
    assert all(len(p["sides"]) == 2 for p in data["pairs"])
    assert run("compare", SYS_A, SYS_B, SYS_GOLD, "--per-pair", str(plain_rows), "--no-progress").returncode == 0
    assert without_seconds(rows.read_text(encoding="utf-8")) == without_seconds(plain_rows.read_text(encoding="utf-8"))


def test_compare_html_needs_a_smatch_family_metric(tmp_path: Path) -> None:
    done = run("compare", SYS_A, SYS_B, SYS_GOLD, "--html", str(tmp_path / "c.html"), "--metric", "sembleu")
    assert done.returncode == 2 and "smatch or s2match" in done.stderr


def test_the_python_api_returns_the_model(tmp_path: Path) -> None:
    explanation = amrmetrics.explain(Path(PRED), Path(GOLD), "smatch", bootstrap=100, fine=False)
    assert isinstance(explanation, Explanation)
    assert [p.number for p in explanation.pairs] == [1, 2, 3, 4, 5]
    assert explanation.pair(1).sentence == "The keeper wants to light the lamp."
    path = explanation.to_html(tmp_path / "api.html")
    assert page_data(path)["metric"] == "smatch"
    compared = amrmetrics.explain(Path(SYS_A), Path(SYS_GOLD), b=Path(SYS_B), trials=100, bootstrap=100)
    assert compared.comparison is not None and len(compared.pairs[0].sides) == 2
    with pytest.raises(ValueError, match="one metric"):
        amrmetrics.explain(Path(PRED), Path(GOLD), "smatch,s2match")


IMPORTS = {
    "package first": "import amrmetrics",
    "submodule first": "from amrmetrics.explaining.model import Explanation; import amrmetrics",
    "dotted import": "import amrmetrics.explaining.build; import amrmetrics",
    "dotted import with alias": "import amrmetrics.explaining.build as build; import amrmetrics",
    "every submodule": "from amrmetrics.explaining import build, collect, html, model, text, trace, triples; import amrmetrics",
}


@pytest.mark.parametrize("statement", IMPORTS.values(), ids=IMPORTS.keys())
def test_amrmetrics_explain_is_the_function_whatever_was_imported_first(statement: str) -> None:
    """A fresh interpreter each (imports are cached): the function works, and so does the package."""
    check = (
        f"{statement}\n"
        "import amrmetrics.explaining.model\n"
        "from amrmetrics.explaining.model import Explanation\n"
        "assert amrmetrics.explain.__module__ == 'amrmetrics.api'\n"
        "assert amrmetrics.explaining.model.Explanation is Explanation\n"
        f"result = amrmetrics.explain({PRED!r}, {GOLD!r}, fine=False, bootstrap=10)\n"
        "assert isinstance(result, Explanation) and len(result.pairs) == 5\n"
    )
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
