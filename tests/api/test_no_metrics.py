"""An empty list of metrics scores nothing: ``score_corpus`` and ``compare`` give no results, on any input."""

from __future__ import annotations

from conftest import EXAMPLES

import amrmetrics

PRED, GOLD = EXAMPLES / "pred.amr", EXAMPLES / "gold.amr"
UMR_PRED, UMR_GOLD = EXAMPLES / "umr" / "pred", EXAMPLES / "umr" / "gold"


def test_no_metrics_give_no_results():
    for test, gold in ((PRED, GOLD), (UMR_PRED, UMR_GOLD)):
        assert amrmetrics.score_corpus(test, gold, []) == {}
        assert amrmetrics.compare(test, gold, gold, []) == {}
