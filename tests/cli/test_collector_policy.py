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
