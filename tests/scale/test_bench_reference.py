"""bench/scorer_bench.py times smatch 1.0.4 in a server process, in two halves around our batch.

A stand-in ``smatch`` module (1 ms of CPU a pair, each call written to a log that our side writes to
as well) shows the order of the calls and checks the rates and ratios the benches print.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))

import scorer_bench  # noqa: E402

FAKE = """
import os, time
match_triple_dict = {}

def get_amr_match(test, gold):
    end = time.process_time() + 0.001
    while time.process_time() < end:
        pass
    with open(os.environ["FAKE_SMATCH_LOG"], "a") as log:
        log.write(f"smatch {test}\\n")
"""


def test_the_paired_batch_runs_between_the_halves_of_each_reference_pass(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "smatch.py").write_text(FAKE, encoding="utf-8")
    log = tmp_path / "log"
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    monkeypatch.setenv("FAKE_SMATCH_LOG", str(log))
    tests, golds = [f"t{k}" for k in range(7)], [f"g{k}" for k in range(7)]

    def note(what: str) -> None:
        with open(log, "a") as handle:
            handle.write(f"{what}\n")

    def paired() -> float:
        note("paired")
        return 5000.0

    references, ratios = scorer_bench.rounds_beside_reference(
        sys.executable, tests, golds, min(os.sched_getaffinity(0)), 2, lambda: note("round"), paired
    )
    warm_up = [f"smatch t{k}" for k in range(7)]
    one_round = [*(f"smatch t{k}" for k in range(3)), "paired", *(f"smatch t{k}" for k in range(3, 7)), "round"]
    assert log.read_text().splitlines() == warm_up + one_round + one_round
    assert len(references) == len(ratios) == 2
    assert all(0 < rate <= 1100 for rate in references)  # 1 ms of CPU a pair at least
    assert ratios == [5000.0 / rate for rate in references]
    assert scorer_bench.spread([2.0, 4.0, 3.0]) == "3.0x (2.0-4.0)"


def test_without_smatch_the_rounds_run_and_no_ratio_is_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))  # no smatch module there (nor in this interpreter)
    if scorer_bench.has_smatch(sys.executable):
        pytest.skip("this interpreter has smatch installed")
    ran: list[str] = []

    def paired() -> float:
        ran.append("paired")
        return 1.0

    found = scorer_bench.rounds_beside_reference(sys.executable, ["t"], ["g"], 0, 3, lambda: ran.append("round"), paired)
    assert found == ([], [])
    assert ran == ["paired", "round"] * 3


def test_repeated_runs_give_the_rate_and_collector_share_of_their_total_time(monkeypatch: pytest.MonkeyPatch) -> None:
    runs = iter([(100.0, 0.1), (50.0, 0.3)])  # 10 items: 0.1 s then 0.2 s
    monkeypatch.setattr(scorer_bench, "rate", lambda count, work: next(runs))
    items_per_second, share = scorer_bench.repeated_rate(10, lambda: None, runs=2)
    assert items_per_second == pytest.approx(20 / 0.3)
    assert share == pytest.approx((0.1 * 0.1 + 0.2 * 0.3) / 0.3)
