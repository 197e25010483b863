"""While a command runs, the collector scans less often (and not the modules loaded before it);
afterwards it is as it was, also when the command fails."""

from __future__ import annotations

import gc

import pytest

from amrmetrics.cli import main as cli_main
from amrmetrics.cli.main import YOUNG_COLLECTION, main


def test_a_command_runs_with_few_collections_and_restores_them(monkeypatch):
    seen = []
    before = gc.get_threshold(), gc.get_freeze_count()

    def handler(args):
        seen.append((gc.get_threshold(), gc.get_freeze_count()))
        return 0

    parser = cli_main.build_parser("metrics")
    monkeypatch.setattr(cli_main, "build_parser", lambda command=None: parser)
    cli_main._subcommand(parser, "metrics").set_defaults(handler=handler)
    assert main(["metrics"]) == 0
    (threshold, frozen), = seen
    assert threshold == (YOUNG_COLLECTION, *before[0][1:])
    assert frozen > 0
    assert (gc.get_threshold(), gc.get_freeze_count()) == before


def test_a_failing_command_restores_the_collector_too():
    before = gc.get_threshold(), gc.get_freeze_count()
    with pytest.raises(RuntimeError), cli_main._few_collections():
        assert gc.get_threshold()[0] == YOUNG_COLLECTION
        raise RuntimeError("boom")
    assert (gc.get_threshold(), gc.get_freeze_count()) == before


def test_the_console_script_exits_with_mains_status_after_freezing(monkeypatch):
    """``run`` (the console script, ``python -m amrmetrics``) leaves nothing for the shutdown collection."""
    calls = []
    monkeypatch.setattr(cli_main, "main", lambda: calls.append("main") or 3)
    monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
    with pytest.raises(SystemExit) as exit_info:
        cli_main.run()
    assert exit_info.value.code == 3
    assert calls == ["main", "freeze"]


def test_a_process_run_writes_everything_and_exits_with_the_status(tmp_path):
    """Through a real interpreter: the report, the per-pair file and the exit status survive the frozen exit."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    examples = Path(__file__).resolve().parents[2] / "examples"
    per_pair = tmp_path / "pairs.tsv"
    command = [sys.executable, "-m", "amrmetrics", "score", str(examples / "pred.amr"), str(examples / "gold.amr")]
    done = subprocess.run([*command, "-m", "rematch", "--format", "json", "--no-progress", "--per-pair", str(per_pair)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert len(per_pair.read_text().splitlines()) == report["pairs"] + 1
    bad = tmp_path / "bad.amr"
    bad.write_text("(a / b :ARG0 (c / d)\n")
    failed = subprocess.run([sys.executable, "-m", "amrmetrics", "score", str(bad), str(bad)], capture_output=True, text=True, check=False)
    assert failed.returncode == 1 and "bad.amr" in failed.stderr
