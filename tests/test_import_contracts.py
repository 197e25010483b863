"""The layers, ground rules, metric independence and acyclicity of pyproject.toml's import-linter contracts hold."""

from __future__ import annotations

import pytest

from conftest import ROOT

cli = pytest.importorskip("importlinter.cli", reason="import-linter is in the 'test' extra: pip install '.[test]'")


def test_import_contracts_are_kept(capsys) -> None:
    code = cli.lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True)
    out = capsys.readouterr().out
    assert code == 0, out
    assert "0 broken" in out
