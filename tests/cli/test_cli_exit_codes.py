"""Exit status everywhere: 0 success, 1 data error (a file's content or a file), 2 usage error (the command line)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import EXAMPLES

from amrmetrics.cli.main import main

PRED, GOLD = str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr")


def status(capsys, *argv: str) -> tuple[int, str]:
    code = main([*argv, "--no-progress"])
    return code, capsys.readouterr().err


def test_success_is_0(capsys) -> None:
    assert status(capsys, "score", PRED, GOLD) == (0, "")


def test_a_missing_input_file_is_a_data_error(capsys, tmp_path: Path) -> None:
    code, err = status(capsys, "score", str(tmp_path / "none.amr"), GOLD)
    assert code == 1 and f"{tmp_path / 'none.amr'}: no such file" in err


def test_a_malformed_graph_is_a_data_error_in_every_command(capsys, tmp_path: Path) -> None:
    bad = tmp_path / "bad.amr"
    bad.write_text("(a / cat)\n\n(b / dog :ARG0 )\n\n(c / emu)\n\n(d / owl)\n\n(e / eel)\n", encoding="utf-8")
    for argv in (["score", str(bad), GOLD], ["compare", str(bad), PRED, GOLD], ["probe", str(bad), GOLD],
                 ["smatch", "-f", str(bad), GOLD], ["fine", str(bad), GOLD]):
        code, err = status(capsys, *argv)
        assert code == 1 and "bad.amr: graph 2 (line 3)" in err, argv


def test_an_output_file_that_cannot_be_written_is_a_data_error(capsys, tmp_path: Path) -> None:
    code, err = status(capsys, "matrix", GOLD, "-o", str(tmp_path / "no-such-dir" / "m.tsv"))
    assert code == 1 and "no-such-dir" in err


def test_unknown_metric_and_backend_are_usage_errors(capsys) -> None:
    assert status(capsys, "score", PRED, GOLD, "-m", "smatsch")[0] == 2
    code, err = status(capsys, "score", PRED, GOLD, "-m", "wwlk", "--vectors", "nanoe6")
    assert code == 2 and "vectors file not found: nanoe6" in err


def test_argparse_errors_are_usage_errors(capsys) -> None:
    assert main(["score", PRED, GOLD, "--jobs", "two"]) == 2
    assert "invalid int value: 'two'" in capsys.readouterr().err


def test_the_process_exit_status_is_the_same() -> None:
    run = [sys.executable, "-m", "amrmetrics", "score", PRED, GOLD, "--no-progress"]
    usage = subprocess.run([*run, "--jobs", "0"], capture_output=True, text=True)
    data = subprocess.run([*run[:4], GOLD + ".missing", GOLD, "--no-progress"], capture_output=True, text=True)
    assert (usage.returncode, usage.stdout, usage.stderr) == (2, "", "amrmetrics: error: --jobs must be at least 1, not 0\n")
    assert data.returncode == 1 and data.stdout == "" and "gold.amr.missing: no such file" in data.stderr
