"""The progress a corpus run shows (the command line's bar on a terminal): one ``scoring`` stage whose
total is the number of pairs, advanced to that total, for ``score`` and ``compare``."""

from __future__ import annotations

from conftest import EXAMPLES

from amrmetrics.engine.corpus import RunOptions, compare_corpora, score_corpora
from amrmetrics.metrics.registry import parse_metrics

PRED, GOLD = EXAMPLES / "pred.amr", EXAMPLES / "gold.amr"


class Bar:
    """Records the stages started and how far each advanced."""

    def __init__(self) -> None:
        self.stages: list[tuple[str, int]] = []
        self.done = 0

    def __call__(self, label: str, total: int):
        self.stages.append((label, total))
        return self.advance

    def advance(self, n: int) -> None:
        self.done += n


def test_score_and_compare_show_one_scoring_stage_over_every_pair():
    for run in (
        lambda bar: score_corpora(PRED, GOLD, parse_metrics("smatch"), RunOptions(), bar),
        lambda bar: compare_corpora(PRED, GOLD, GOLD, parse_metrics("smatch"), RunOptions(bootstrap=10), trials=3, progress=bar),
    ):
        bar = Bar()
        run(bar)
        assert bar.stages == [("scoring", 5)] and bar.done == 5
