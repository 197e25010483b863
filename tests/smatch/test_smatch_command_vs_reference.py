"""``amrmetrics smatch`` prints what smatch.py 1.0.4 prints, flag for flag (needs the reference).

Set ``AMRMETRICS_SMATCH_PYTHON`` to an interpreter with smatch 1.0.4 installed
(``pip install smatch==1.0.4`` in a separate environment); the tests skip otherwise. The data are
small graphs whose optimum smatch.py's hill-climbing finds (distinct concepts, at most 8 nodes),
and none that smatch.py reads differently from the ``smatch`` preset, so values and layout must
agree digit for digit.
"""

from __future__ import annotations

import os
import subprocess

import pytest
from conftest import EXAMPLES

from amrmetrics.cli.main import main

REFERENCE = os.environ.get("AMRMETRICS_SMATCH_PYTHON")
pytestmark = pytest.mark.skipif(not REFERENCE, reason="AMRMETRICS_SMATCH_PYTHON (a Python with smatch 1.0.4) is not set")

TINY = (
    "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b :polarity -))\n",
    "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-01 :ARG0 b))\n",
)
FLAGS = [
    [],
    ["--pr"],
    ["--ms"],
    ["--ms", "--pr", "--significant", "6"],
    ["--justinstance", "--ms", "--pr", "--significant", "6"],
    ["--justattribute", "--ms", "--pr", "--significant", "6"],
    ["--justrelation", "--ms", "--pr", "--significant", "6"],
    ["--justrelation", "--pr", "--significant", "6"],
    ["-r", "0", "--pr"],
    ["-v", "--pr"],
    ["--vv"],
]


@pytest.fixture(scope="module")
def datasets(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tiny")
    test, gold = folder / "test.amr", folder / "gold.amr"
    test.write_text(TINY[0], encoding="utf-8")
    gold.write_text(TINY[1], encoding="utf-8")
    return {"examples": (str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr")), "tiny": (str(test), str(gold))}


def reference(files: tuple[str, str], flags: list[str]) -> str:
    done = subprocess.run(
        [REFERENCE, "-m", "smatch", "-f", *files, *flags], capture_output=True, text=True, check=True, timeout=120
    )
    return done.stdout


@pytest.mark.parametrize("data", ["examples", "tiny"])
@pytest.mark.parametrize("flags", FLAGS, ids=" ".join)
def test_stdout_equals_smatch_104(capsys, datasets, data, flags):
    files = datasets[data]
    assert main(["smatch", "-f", *files, *flags]) == 0
    assert capsys.readouterr().out == reference(files, flags)
