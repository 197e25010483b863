"""corpus_report carries the metric's score names and notes into the report."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np
from toy_metrics import ConceptBag

from amrmetrics.stats.aggregate import corpus_report


@dataclass(frozen=True)
class NotedBag(ConceptBag):
    notes: ClassVar[tuple[str, ...]] = ("P and R are not symmetric here",)


def test_report_has_the_metric_s_score_names_and_notes():
    stats = np.array([[2.0, 4.0, 2.0], [1.0, 1.0, 2.0]])  # pooled: 3 matched, 5 test, 4 gold
    report = corpus_report(NotedBag(), stats, "sig")
    assert report.score_names == ("P", "R", "F")
    assert report.notes == ("P and R are not symmetric here",)
    assert report.pairs == 2
    assert report.micro["P"] == 3 / 5 and report.micro["R"] == 3 / 4
