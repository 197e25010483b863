"""On the 400 Little Prince pairs, the report explains exactly the run ``score`` makes: same alignments, credits add up."""

from __future__ import annotations

import pytest
from conftest import requires_shared, shared

from amrmetrics.engine.corpus import RunOptions, score_corpora
from amrmetrics.explain.build import explain_corpora
from amrmetrics.metrics.registry import parse_metrics

pytestmark = requires_shared


@pytest.mark.parametrize("spec", ["smatch", "smatch:std=smatchpp-amr"])
def test_alignments_and_credits_are_the_solvers(spec: str) -> None:
    lp = shared("data", "littleprince-parses")
    test, gold = lp / "candidates.amr", lp / "references.amr"
    explanation = explain_corpora(test, gold, parse_metrics(spec)[0], RunOptions(jobs=2), fine=False)
    plain = score_corpora(test, gold, parse_metrics(spec), RunOptions())
    assert len(explanation.pairs) == len(plain.run.records) == 400
    assert explanation.systems[0].report.micro == plain.reports[0].micro
    for view, record in zip(explanation.pairs, plain.run.records):
        side, result = view.sides[0], record.results[0]
        assert [[t, g] for t, g, _ in side.explanation.alignment] == result.details["alignment"]
        assert side.stats["matched"] == result.stats[0]
        assert side.explanation.test_credits.total == side.explanation.gold_credits.total == result.stats[0]
        assert side.scores["F"] == pytest.approx(2 * result.stats[0] / (result.stats[1] + result.stats[2]))
