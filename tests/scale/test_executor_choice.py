"""Choosing an executor: names, addresses and a missing Dask are usage errors (exit 2) that say what to do."""

from __future__ import annotations

import sys

import pytest
from conftest import EXAMPLES

import amrmetrics
from amrmetrics.cli.main import main
from amrmetrics.errors import UsageError

PRED, GOLD = str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr")


def test_an_unknown_executor_is_a_usage_error():
    with pytest.raises(UsageError, match="unknown executor 'spark'; choose from processes, dask"):
        amrmetrics.score_corpus(["(b / boy)"], ["(b / boy)"], executor="spark")
    with pytest.raises(UsageError, match="not int"):
        amrmetrics.score_corpus(["(b / boy)"], ["(b / boy)"], executor=3)


def test_a_scheduler_needs_the_dask_executor(capsys):
    assert main(["score", PRED, GOLD, "--scheduler", "tcp://127.0.0.1:8786"]) == 2
    assert "needs the dask executor (--executor dask)" in capsys.readouterr().err


def test_a_missing_dask_names_the_extra(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed raises ImportError
    assert main(["score", PRED, GOLD, "--executor", "dask"]) == 2
    assert 'pip install "amrmetrics[dask]"' in capsys.readouterr().err
    with pytest.raises(UsageError, match=r"amrmetrics\[dask\]"):
        amrmetrics.matrix(["(b / boy)", "(g / girl)"], "smatch", executor="dask")


def test_the_processes_executor_is_the_default_pool():
    default = amrmetrics.score_corpus(EXAMPLES / "pred.amr", EXAMPLES / "gold.amr", "smatch", jobs=2)
    named = amrmetrics.score_corpus(EXAMPLES / "pred.amr", EXAMPLES / "gold.amr", "smatch", jobs=2, executor="processes")
    assert default["smatch"].report == named["smatch"].report


def test_a_bad_scheduler_address_is_a_usage_error(capsys):
    pytest.importorskip("distributed", reason="Dask is not installed")
    assert main(["score", PRED, GOLD, "--executor", "dask", "--scheduler", "host:port"]) == 2
    assert "no Dask scheduler answers at host:port" in capsys.readouterr().err
