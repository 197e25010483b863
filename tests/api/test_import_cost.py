"""``import amrmetrics`` stays light: the solver stack (scipy, HiGHS) and the report load when used."""

from __future__ import annotations

import subprocess
import sys


def test_importing_the_package_loads_neither_scipy_nor_highs() -> None:
    """A training loop or a CLI ``--help`` should not pay for scipy.sparse (a third of a second) up front."""
    code = "import sys, amrmetrics; print(sorted(m for m in ('scipy', 'highspy', 'amrmetrics.explaining') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_explain_still_works_after_a_bare_import() -> None:
    code = (
        "import amrmetrics; e = amrmetrics.explain(['(b / boy)'], ['(b / boy :mod (t / tall))'], fine=False);"
        " print(type(e).__module__)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "amrmetrics.explaining.model"


def test_a_metric_without_alignment_runs_from_the_command_line_without_scipy() -> None:
    """``--solver``'s choices are named without loading the solver: rematch's whole process stays light."""
    from conftest import ROOT

    examples = ROOT / "examples"
    command = [sys.executable, "-X", "importtime", "-m", "amrmetrics", "score", str(examples / "pred.amr"),
               str(examples / "gold.amr"), "-m", "rematch", "--no-progress"]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    assert "rematch" in done.stdout
    assert " scipy" not in done.stderr and "highspy" not in done.stderr
