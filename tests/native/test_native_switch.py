"""The compiled core's switch and visibility: ``AMRMETRICS_NATIVE=0``, ``--version``, ``amrmetrics metrics``,
and (where CI requires it) that the extension was built."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys

import pytest

import amrmetrics._native as native
from amrmetrics.cli.main import main


def run_python(code: str, **env: str) -> str:
    """stdout of ``python -c code`` in a child process with ``env`` added to the environment."""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env={**os.environ, **env}
    )
    return done.stdout.strip()


def test_zero_switches_the_core_off_in_a_new_process() -> None:
    out = run_python("import amrmetrics._native as n; print(n.CORE is None, n.describe())", AMRMETRICS_NATIVE="0")
    assert out == "True native core: off (AMRMETRICS_NATIVE=0)"


def test_the_status_says_whether_the_module_is_loaded() -> None:
    built = importlib.util.find_spec("amrmetrics._native._core") is not None
    switched_off = os.environ.get(native.SWITCH, "").strip().lower() in {"0", "no", "off", "false"}
    expected = "active" if built and not switched_off else ("not built (pure Python)" if not built else native.STATUS)
    assert native.STATUS == expected
    assert (native.core() is not None) == (expected == "active")


def test_version_names_the_core(capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"amrmetrics {amrmetrics_version()} (native core: {native.STATUS})"


def test_metrics_lists_the_core_in_text_and_json(capsys) -> None:
    assert main(["metrics"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == f"amrmetrics {amrmetrics_version()} (native core: {native.STATUS})"
    assert main(["metrics", "-f", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["native_core"] == native.STATUS


def amrmetrics_version() -> str:
    from amrmetrics.version import __version__

    return __version__


@pytest.mark.skipif(os.environ.get("AMRMETRICS_REQUIRE_NATIVE") != "1", reason="AMRMETRICS_REQUIRE_NATIVE=1 is not set (CI sets it)")
def test_the_core_was_built_where_ci_requires_it() -> None:
    """CI's machine has a compiler, so a failed build (which pip reports only with -v) fails here."""
    assert importlib.util.find_spec("amrmetrics._native._core") is not None, "the compiled core was not built"
    importlib.import_module("amrmetrics._native._core")
