"""Every ```python block of the README runs as written, from the repository root, on the shipped examples."""

from __future__ import annotations

import re

import pytest
from conftest import ROOT

README = ROOT / "README.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.M | re.S)


def python_blocks() -> list[tuple[int, str]]:
    """``(line number, code)`` of each python block of the README."""
    text = README.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 1, m.group(1)) for m in BLOCK.finditer(text)]


def test_readme_has_python_examples():
    assert python_blocks(), "the README's Python API section has no ```python block"


@pytest.mark.parametrize(("line", "code"), [pytest.param(*block, id=f"line{block[0]}") for block in python_blocks()])
def test_python_block_runs(monkeypatch, line, code):
    files = re.findall(r"""["']([^"'\s]+\.(?:amr|txt|tsv))["']""", code)
    missing = [f for f in files if not (ROOT / f).is_file()]
    assert not missing, f"README line {line}: files not shipped with the repository: {missing}"
    monkeypatch.chdir(ROOT)
    exec(compile(code, f"README.md:{line}", "exec"), {"__name__": "readme_example"})
