"""``matrix`` signs its output like every other command: metric items, run settings and version."""

from __future__ import annotations

import json

from amrmetrics.cli.main import main
from amrmetrics.version import __version__
from conftest import EXAMPLES


def test_matrix_signature_names_the_run_settings_and_version(capsys, tmp_path) -> None:
    out = tmp_path / "m.npy"
    assert main(["matrix", str(EXAMPLES / "gold.amr"), "-o", str(out), "--format", "json", "--no-progress"]) == 0
    signed = json.loads(capsys.readouterr().out)["signature"]
    assert signed.startswith("wlk|k:2|")
    assert signed.endswith(f"|on-error:fail|v:{__version__}")


def test_matrix_text_summary_has_the_same_signature(capsys, tmp_path) -> None:
    out = tmp_path / "m.npy"
    assert main(["matrix", str(EXAMPLES / "gold.amr"), "-o", str(out), "--no-progress"]) == 0
    assert f"|on-error:fail|v:{__version__}\n" in capsys.readouterr().out
