"""Files beside the code that must ship in the wheel: ``py.typed`` (PEP 561: the package's type hints
are for type checkers) and the Hugging Face evaluate module with its metric card.

CI runs the suite against ``pip install .``, so there importlib.resources looks inside the installed wheel.
"""

from __future__ import annotations

from importlib.resources import files

import pytest


@pytest.mark.parametrize(
    "parts",
    [("py.typed",), ("integrations", "amr_metrics", "amr_metrics.py"), ("integrations", "amr_metrics", "README.md")],
)
def test_package_resource_is_there(parts: tuple[str, ...]) -> None:
    assert files("amrmetrics").joinpath(*parts).is_file()
