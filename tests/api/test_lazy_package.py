"""``import amrmetrics`` loads its API on first use (PEP 562), so the command line sets the process up
before numpy loads; every public name still resolves, and unknown names fail as for any module."""

from __future__ import annotations

import subprocess
import sys

import pytest

import amrmetrics


def loaded_after(code: str) -> set[str]:
    """The modules of interest loaded in a fresh interpreter after ``code``."""
    probe = f"{code}; import sys; print(sorted(m for m in ('numpy', 'amrmetrics.api', 'amrmetrics.engine') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    return set(eval(out))


def test_the_package_and_the_command_line_module_load_no_numpy() -> None:
    assert loaded_after("import amrmetrics") == set()
    assert loaded_after("import amrmetrics.cli.main") == set()
    assert loaded_after("import amrmetrics; amrmetrics.__version__") == set()
    assert loaded_after("import amrmetrics; amrmetrics.Scorer") == {"numpy", "amrmetrics.api", "amrmetrics.engine"}


@pytest.mark.parametrize("name", amrmetrics.__all__)
def test_every_public_name_resolves_to_its_home(name) -> None:
    value = getattr(amrmetrics, name)
    assert value is not None
    assert name in dir(amrmetrics)
    if name != "__version__":
        assert getattr(value, "__name__", name) == name


def test_star_import_and_unknown_names() -> None:
    space: dict = {}
    exec("from amrmetrics import *", space)
    assert set(amrmetrics.__all__) <= set(space)
    with pytest.raises(AttributeError, match="no attribute 'Smatch'"):
        amrmetrics.Smatch  # noqa: B018
    with pytest.raises(ImportError):
        exec("from amrmetrics import no_such_name", {})
