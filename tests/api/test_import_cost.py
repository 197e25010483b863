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
