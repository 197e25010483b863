"""``--jobs N`` is an upper bound: workers start only when the work they share pays for their start-up.

The suite's conftest declares start-up free (``AMRMETRICS_WORKER_STARTUP=0``) so that tests of the
workers themselves use workers; the tests here put the measured constants back (or set their own).
"""

from __future__ import annotations

import json
import math
import multiprocessing
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import pytest
from conftest import EXAMPLES, ROOT
from hypothesis import example, given
from hypothesis import strategies as st

import amrmetrics.engine.executors as executors
import amrmetrics.engine.parallel as parallel
from amrmetrics.engine.matrix import TILE, similarity_matrix
from amrmetrics.engine.run import run_corpus
from amrmetrics.engine.workers import STARTUP_ENV, choose, enough, per_unit, usable_cpus
from amrmetrics.errors import UsageError
from amrmetrics.graph import Graph
from amrmetrics.metrics.base import MatchMetric, PairResult
from amrmetrics.read import Entry, Pair, decode

TEST = decode("(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b :polarity -))")
GOLD = decode("(w / want-01 :ARG0 (g / girl) :ARG1 (x / go-02 :ARG0 g))")
two_cpus = pytest.mark.skipif(usable_cpus() < 2, reason="needs two usable processors")


@dataclass(frozen=True)
class Busy(MatchMetric):
    """Concept overlap that burns ``seconds`` of CPU per pair (an expensive metric)."""

    name: ClassVar[str] = "toy-busy"
    stat_names: ClassVar[tuple[str, ...]] = ("matched", "n_test", "n_gold")

    seconds: float = 0.0

    def prepare(self, graph: Graph) -> Counter[str]:
        return Counter(c for _, c in graph.instances)

    def pair(self, test: Counter[str], gold: Counter[str]) -> PairResult:
        end = time.process_time() + self.seconds
        while time.process_time() < end:
            pass
        return PairResult((float(sum((test & gold).values())), float(sum(test.values())), float(sum(gold.values()))))


def pairs(count: int) -> list[Pair]:
    return [Pair(i, Entry(i + 1, 1, TEST), Entry(i + 1, 1, GOLD)) for i in range(count)]


@pytest.fixture
def measured_startup(monkeypatch: pytest.MonkeyPatch) -> None:
    """The start-up constants of amrmetrics.engine.workers, not the suite's free start-up."""
    monkeypatch.delenv(STARTUP_ENV)


@pytest.fixture
def no_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    """Starting a local process pool fails the test."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a worker pool was started")

    monkeypatch.setattr(parallel, "process_pool", refuse)


@given(
    cap=st.integers(1, 64),
    units=st.integers(0, 10**7),
    per_unit=st.floats(1e-7, 10.0),
    seconds=st.floats(0.0, 100.0),
    per_task=st.integers(1, 512),
)
def test_the_rule_uses_all_it_may_or_one_and_only_when_that_pays(cap, units, per_unit, seconds, per_task):
    workers = choose(cap, units, per_unit, seconds, per_task)
    assert workers == 1 or workers == min(cap, math.ceil(units / per_task))
    if workers > 1:
        work = units * per_unit
        assert work - work / workers > seconds
    more = choose(cap, units * 2 + per_task, per_unit, seconds, per_task)
    assert more >= workers  # more work never gets fewer workers


@given(cap=st.integers(2, 64), per_unit=st.floats(1e-6, 10.0), seconds=st.floats(0.0, 100.0), per_task=st.integers(1, 512))
@example(cap=3, per_unit=0.5, seconds=1.0, per_task=1)  # 1 / (0.5 * (1 - 1/3)) rounds to 2.9999999999999996
def test_reading_enough_ahead_is_enough_to_decide(cap, per_unit, seconds, per_task):
    assert choose(cap, enough(cap, per_unit, seconds, per_task), per_unit, seconds, per_task) == cap


def test_one_time_costs_do_not_count_as_the_cost_of_every_pair():
    # the first pair and the slowest other (where loading a solver falls) are left out when there are four or more
    assert per_unit([0.4, 0.001, 0.3, 0.001, 0.001]) == pytest.approx(0.001)
    assert per_unit([0.4, 0.002, 0.004]) == pytest.approx(0.003)
    assert per_unit([0.4]) == 0.4 and per_unit([]) == 0.0


@pytest.mark.usefixtures("measured_startup", "no_pool")
def test_a_small_corpus_asked_for_two_jobs_starts_no_worker():
    metrics = [Busy()]
    run = run_corpus(pairs(300), metrics, jobs=2)
    assert (run.workers.asked, run.workers.elsewhere) == (2, False)
    assert multiprocessing.active_children() == []
    assert np.array_equal(run.stats(0), run_corpus(pairs(300), [Busy()], jobs=1).stats(0))
    assert [r.index for r in run.records] == list(range(300))


@two_cpus
def test_work_that_pays_for_the_start_up_goes_to_workers(monkeypatch):
    monkeypatch.setenv(STARTUP_ENV, "0.2")
    seen: list[int] = []
    run = run_corpus(pairs(160), [Busy(seconds=0.005)], jobs=2, on_record=lambda r: seen.append(r.index))
    assert (run.workers.workers, run.workers.elsewhere) == (2, True)
    assert seen == list(range(160))
    assert np.array_equal(run.stats(0), run_corpus(pairs(160), [Busy()], jobs=1).stats(0))


@pytest.mark.usefixtures("measured_startup")
def test_jobs_beyond_the_processors_are_not_started(monkeypatch):
    monkeypatch.setattr("amrmetrics.engine.run.usable_cpus", lambda: 1)
    run = run_corpus(pairs(10), [Busy()], jobs=8)
    assert (run.workers.workers, run.workers.cap, run.workers.elsewhere) == (1, 1, False)
    assert "1 processor is usable" in run.workers.describe()


def test_a_bad_start_up_setting_is_a_usage_error(monkeypatch):
    monkeypatch.setenv(STARTUP_ENV, "soon")
    with pytest.raises(UsageError, match=f"{STARTUP_ENV} must be a number of seconds"):
        run_corpus(pairs(3), [Busy()], jobs=2)


@pytest.mark.usefixtures("measured_startup")
def test_a_matrix_of_one_tile_starts_no_worker(monkeypatch):
    def refuse(*args: object) -> None:
        raise AssertionError("a worker pool was started")

    monkeypatch.setattr(executors, "ProcessExecutor", refuse)
    graphs = [decode(f"(a / c{i % 7} :ARG0 (b / c{i % 3}))") for i in range(TILE)]
    from amrmetrics.metrics.smatch import Smatch

    matrix = similarity_matrix(Smatch(), graphs, jobs=2)
    assert np.array_equal(matrix, similarity_matrix(Smatch(), graphs, jobs=1))


@pytest.mark.usefixtures("measured_startup")
def test_a_local_dask_cluster_starts_only_when_the_work_pays():
    pytest.importorskip("distributed", reason="Dask is not installed")
    from amrmetrics.engine.corpus import RunOptions, score_corpora
    from amrmetrics.metrics.registry import parse_metrics

    with executors.open_executor("dask", 2) as executor:
        result = score_corpora(EXAMPLES / "pred.amr", EXAMPLES / "gold.amr", parse_metrics("smatch"), RunOptions(executor=executor))
        assert multiprocessing.active_children() == []
        assert result.run.workers.elsewhere is False


def cli(*argv: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "amrmetrics", *argv]
    return subprocess.run(command, capture_output=True, text=True, timeout=300, env=env, check=True)


def test_the_command_line_says_what_jobs_does_and_what_it_chose(monkeypatch):
    monkeypatch.delenv(STARTUP_ENV)
    import os

    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    help_text = " ".join(cli("score", "--help", env=env).stdout.split())
    assert "up to N worker processes" in help_text and "identical for any N" in help_text
    assert "a small corpus runs in this process alone" in help_text
    args = ["score", str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr"), "-f", "json", "--no-progress"]
    one, two = cli(*args, env=env), cli(*args, "-j", "2", env=env)
    assert json.loads(two.stdout) == json.loads(one.stdout)
    assert one.stderr == ""
    assert two.stderr.startswith("amrmetrics: --jobs 2: this process alone (")


def test_a_probe_too_quick_to_measure_still_reads_a_bounded_way_ahead():
    ahead = enough(2, 0.0, 1.0, 1)
    assert 1 < ahead < 10**10
    assert choose(2, ahead, 1e-9, 1.0, 1) == 2
