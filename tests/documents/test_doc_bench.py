"""bench/doc_bench.py runs our CLI without a work budget when asked (``--timeout 0``): the only way the
compiled solver takes part in a document (it never runs under ``--timeout``)."""

from __future__ import annotations

import subprocess
import sys

from conftest import ROOT, SHARED, requires_shared


@requires_shared
def test_no_work_budget_runs_each_document_to_its_certified_optimum() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench/doc_bench.py"), "--shared", str(SHARED), "--sizes", "2", "--timeout", "0", "--limit", "200"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "no --timeout (no work budget), each run stopped after 200 s" in done.stdout
    rows = [line.split(" | ") for line in done.stdout.splitlines() if line.startswith("| 2 |")]
    assert [r[2] for r in rows] == ["amrmetrics smatch", "amrmetrics smatch:doc=sentence"]
    for r in rows:
        float(r[3])  # wall seconds: the run ended by itself
        assert r[7].startswith("certified")
