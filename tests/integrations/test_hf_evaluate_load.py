"""The Hugging Face evaluate module loads with ``evaluate.load`` offline and gives score_corpus's numbers;
the ``pycon`` examples of the README and of the metric card run as doctests.

evaluate reads its cache locations when imported, so the module is loaded in a child process with
its own ``HF_HOME``, the offline switches set and every socket connection refused.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import amrmetrics
from amrmetrics import score_corpus
from amrmetrics.integrations.hf_evaluate import module_path
from conftest import EXAMPLES, ROOT
from example_strings import penman_strings

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("evaluate") is None,
    reason="the Hugging Face evaluate package is not installed (pip install 'amrmetrics[evaluate]')",
)

CHILD = r"""
import doctest, io, json, re, socket, sys

def refuse(*args, **kwargs):
    raise OSError("network access in an offline test")

socket.socket.connect = refuse
socket.create_connection = refuse

import evaluate
from amrmetrics.integrations.hf_evaluate import module_path

inputs, copied, out, *documents = sys.argv[1:]
preds, golds = json.loads(open(inputs, encoding="utf-8").read())

def error(call):
    try:
        call()
    except Exception as err:
        return f"{type(err).__name__}: {err}"
    return "no error"

def doctests(path):
    text = open(path, encoding="utf-8").read()
    found = []
    for block in re.findall(r"^```pycon\n(.*?)^```", text, re.M | re.S):
        report = io.StringIO()
        test = doctest.DocTestParser().get_doctest(block, {}, path, path, 0)
        outcome = doctest.DocTestRunner().run(test, out=report.write)
        found.append([outcome.attempted, outcome.failed, report.getvalue()])
    return found

smatch = evaluate.load(module_path())
results = {
    "name": smatch.name,
    "default": smatch.compute(predictions=preds, references=golds),
    "config": evaluate.load(module_path(), "sembleu:n=2").compute(predictions=preds, references=golds),
    "argument": smatch.compute(predictions=preds, references=golds, metric="sema"),
    "copied": evaluate.load(copied).compute(predictions=preds, references=golds),
    "bad config": error(lambda: evaluate.load(module_path(), "smatch,sembleu")),
    "bad graph": error(lambda: smatch.compute(predictions=["(a / cat"], references=["(a / cat)"])),
    "doctests": {path: doctests(path) for path in documents},
}
open(out, "w", encoding="utf-8").write(json.dumps(results))
"""


DOCUMENTS = [str(ROOT / "README.md"), str(Path(module_path()) / "README.md")]
"""The README and the metric card: their ``pycon`` blocks are the evaluate examples."""


@pytest.fixture(scope="module")
def loaded(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], str]:
    """The child's results on the shipped examples, and its standard output."""
    tmp = tmp_path_factory.mktemp("hf")
    pairs = [penman_strings(EXAMPLES / "pred.amr"), penman_strings(EXAMPLES / "gold.amr")]
    (tmp / "inputs.json").write_text(json.dumps(pairs), encoding="utf-8")
    copied = shutil.copytree(module_path(), tmp / "copy" / "amr_metrics")
    env = {
        **os.environ,
        "HF_HOME": str(tmp / "hf-home"),
        "HF_HUB_OFFLINE": "1",
        "HF_DATASETS_OFFLINE": "1",
        "PYTHONPATH": os.pathsep.join([str(Path(amrmetrics.__file__).parents[1]), os.environ.get("PYTHONPATH", "")]),
    }
    args = [sys.executable, "-c", CHILD, str(tmp / "inputs.json"), str(copied), str(tmp / "out.json"), *DOCUMENTS]
    done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads((tmp / "out.json").read_text(encoding="utf-8")), done.stdout


def expected(spec: str) -> dict[str, Any]:
    result = score_corpus(EXAMPLES / "pred.amr", EXAMPLES / "gold.amr", spec)[spec]
    return {**result.micro, "signature": result.signature}


def test_default_is_corpus_smatch(loaded: tuple[dict[str, Any], str]) -> None:
    results, _ = loaded
    assert results["name"] == "amr_metrics"
    assert results["default"] == expected("smatch")
    assert set(results["default"]) == {"P", "R", "F", "signature"}


def test_configuration_name_and_metric_argument(loaded: tuple[dict[str, Any], str]) -> None:
    results, _ = loaded
    assert results["config"] == expected("sembleu:n=2")
    assert results["argument"] == expected("sema")


def test_a_copied_directory_loads_too(loaded: tuple[dict[str, Any], str]) -> None:
    results, _ = loaded
    assert results["copied"] == expected("smatch")


def test_errors_name_the_problem(loaded: tuple[dict[str, Any], str]) -> None:
    results, _ = loaded
    assert results["bad config"] == (
        "ValueError: an evaluate module computes one metric, but 'smatch,sembleu' names 2: smatch, sembleu"
    )
    assert results["bad graph"].startswith("CorpusError: ") and "test: graph 1 (line 1)" in results["bad graph"]


def test_nothing_on_stdout(loaded: tuple[dict[str, Any], str]) -> None:
    _, stdout = loaded
    assert stdout == ""


@pytest.mark.parametrize("document", DOCUMENTS, ids=["README", "metric card"])
def test_documented_examples_run(loaded: tuple[dict[str, Any], str], document: str) -> None:
    results, _ = loaded
    blocks = results["doctests"][document]
    assert len(blocks) == 1 and blocks[0][0] >= 5, "expected one pycon block of at least five examples"
    _, failed, report = blocks[0]
    assert failed == 0, report
