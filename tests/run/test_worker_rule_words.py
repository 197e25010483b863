"""What the worker rule says and computes, from its own numbers: the line ``--jobs`` prints, the
time per pair from the first pairs' times, the pairs per task and how many pairs to read ahead.
Expected values are worked out by hand from each function's documented rule."""

from __future__ import annotations

import math

import pytest

from amrmetrics.engine.workers import (
    TASK_SECONDS,
    WorkerChoice,
    enough,
    per_unit,
    task_size,
)


@pytest.mark.parametrize(
    ("choice", "line"),
    [
        (WorkerChoice(4, 4, elsewhere=True), "--jobs 4: 4 worker processes"),
        (WorkerChoice(2, 1, elsewhere=True), "--jobs 2: 1 worker process"),
        (WorkerChoice(8, 2, elsewhere=True, cap=2), "--jobs 8: 2 worker processes (2 processors are usable)"),
        (WorkerChoice(3, 1, cap=1), "--jobs 3: this process alone (1 processor is usable)"),
        (
            WorkerChoice(4, 1, work=0.0123, startup=0.75, cap=4),
            ("--jobs 4: this process alone (the pairs left take about 0.012 s here, too little to gain from "
            "workers that take about 0.75 s to start)"),
        ),
        (
            WorkerChoice(16, 1, work=1.5, startup=0.4, cap=2),
            ("--jobs 16: this process alone (2 processors are usable; the pairs left take about 1.5 s here, "
            "too little to gain from workers that take about 0.4 s to start)"),
        ),
        (WorkerChoice(4, 4, elsewhere=True, work=30.0, startup=0.4, cap=4), "--jobs 4: 4 worker processes"),
    ],
)
def test_the_line_jobs_prints_says_who_scored_and_why(choice, line):
    assert choice.describe() == line


def test_the_time_per_pair_leaves_out_the_first_pair_and_the_slowest_other():
    assert per_unit([0.9, 0.1, 0.3, 0.2, 0.1]) == pytest.approx((0.1 + 0.1 + 0.2) / 3)
    assert per_unit([0.9, 0.1, 0.3, 0.2]) == pytest.approx((0.1 + 0.2) / 2)
    assert per_unit([0.9, 0.1, 0.3]) == pytest.approx((0.1 + 0.3) / 2)  # too few to spare the slowest
    assert per_unit([0.9, 0.2]) == pytest.approx(0.2)
    assert per_unit([0.9]) == pytest.approx(0.9)  # one time: it is all there is
    assert per_unit([]) == 0.0


def test_a_task_holds_about_its_seconds_of_pairs_within_bounds():
    assert task_size(TASK_SECONDS / 7, 32) == 7
    assert task_size(TASK_SECONDS / 6.6, 32) == 7  # rounded
    assert task_size(TASK_SECONDS / 100, 32) == 32  # never more than the largest
    assert task_size(TASK_SECONDS * 10, 32) == 1  # never fewer than one
    assert task_size(0.0, 32) == 32 and task_size(-1.0, 5) == 5  # no estimate: the largest


def test_reading_ahead_stops_at_what_pays_for_every_worker_or_gives_each_a_task():
    assert enough(1, 0.01, 1.0, 4) == 1
    # two workers save half the work: 1 s of start-up needs more than 2 s of work, 201 pairs of 0.01 s
    assert enough(2, 0.01, 1.0, 4) == math.floor(1.0 / (0.01 * 0.5)) + 1 == 201
    assert enough(4, 0.01, 1.0, 4) == math.floor(1.0 / (0.01 * 0.75)) + 1 == 134
    assert enough(4, 1.0, 0.5, 10) == 31  # paying takes 1 pair; a task for each of 4 workers takes 31
    assert enough(3, 0.0, 0.0, 1) == 3
