"""Every dependency declares a lower bound, and CI's constraints file pins exactly those bounds."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT

tomllib = pytest.importorskip("tomllib", reason="tomllib is in the standard library from Python 3.11")

REQUIREMENT = re.compile(r"^([A-Za-z0-9_.-]+)(?:\[[^\]]*\])?\s*(.*)$")


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _declared() -> dict[str, str]:
    """Each third-party requirement of the core and the ``test`` extra, with its version specifier."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    out = {}
    for line in project["dependencies"] + project["optional-dependencies"]["test"]:
        name, spec = REQUIREMENT.match(line).groups()
        if _canonical(name) != "amrmetrics":
            out[_canonical(name)] = spec
    return out


def _pinned() -> dict[str, str]:
    lines = (ROOT / "constraints" / "lowest.txt").read_text(encoding="utf-8").splitlines()
    pairs = [line.split("==") for line in lines if line.strip() and not line.startswith("#")]
    return {_canonical(name): version for name, version in pairs}


def test_every_dependency_has_a_lower_bound() -> None:
    for name, spec in _declared().items():
        assert re.search(r">=\s*[0-9]", spec), f"{name} declares no lower bound: {spec!r}"


def test_constraints_pin_the_declared_lower_bounds() -> None:
    declared = _declared()
    lower = {name: re.search(r">=\s*([0-9][^,\s]*)", spec).group(1) for name, spec in declared.items()}
    assert _pinned() == lower
