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


def test_scoring_pairs_that_certify_without_an_lp_loads_neither_scipy_nor_highs() -> None:
    """Exact Smatch on the shipped examples (every pair certified by the cheap steps) stays as light as
    ``import amrmetrics``: scipy and HiGHS load only when a pair needs an LP, a sparse table or a
    document's components (a module-level ``scipy.sparse`` import once doubled this run's CPU time)."""
    from conftest import ROOT

    examples = ROOT / "examples"
    command = [sys.executable, "-X", "importtime", "-m", "amrmetrics", "score", str(examples / "pred.amr"),
               str(examples / "gold.amr"), "--no-progress"]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    assert "pairs certified optimal" in done.stdout
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    heavy = sorted(m for m in imported if m.split(".")[0] in ("scipy", "highspy"))
    assert heavy == []


def test_the_solver_modules_import_no_scipy() -> None:
    """Every module of the exact-Smatch path (solver, documents, fine-grained faces) imports without
    scipy; each loads it inside the function that uses it."""
    modules = ["amrmetrics.align." + name for name in ("problem", "indexed", "restrict", "first_order", "decompose", "exact")]
    modules += ["amrmetrics.metrics." + name for name in ("smatch", "doc_start", "doc_structure", "fine_face", "docsmatch")]
    code = f"import sys, importlib; [importlib.import_module(m) for m in {modules!r}]; print('scipy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_scoring_one_corpus_loads_nothing_of_comparing_systems() -> None:
    """``score`` (Smatch, and S2match with a vectors file) never compares systems: the significance
    tests and the paired-systems adapter load only for ``compare``."""
    from conftest import DATA, ROOT

    examples = ROOT / "examples"
    for extra in ([], ["-m", "s2match:compat=yes", "--vectors", str(DATA / "tiny-vectors.txt"), "-f", "json"]):
        command = [sys.executable, "-X", "importtime", "-m", "amrmetrics", "score", str(examples / "pred.amr"),
                   str(examples / "gold.amr"), "--no-progress", *extra]
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        assert "smatch" in done.stdout
        imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
        assert "amrmetrics.engine.corpus" in imported
        assert imported.isdisjoint({"amrmetrics.stats.significance", "amrmetrics.engine.paired"})
