"""An empty list of metrics scores nothing: ``score_corpus`` and ``compare`` give no results, on any input; a blank spec is an error."""

from __future__ import annotations

from conftest import EXAMPLES

import amrmetrics

PRED, GOLD = EXAMPLES / "pred.amr", EXAMPLES / "gold.amr"
UMR_PRED, UMR_GOLD = EXAMPLES / "umr" / "pred", EXAMPLES / "umr" / "gold"


def test_no_metrics_give_no_results():
    for test, gold in ((PRED, GOLD), (UMR_PRED, UMR_GOLD)):
        assert amrmetrics.score_corpus(test, gold, []) == {}
        assert amrmetrics.compare(test, gold, gold, []) == {}


def test_a_blank_spec_is_refused_as_the_command_line_refuses_it():
    for blank in ("", " ", ",", ["smatch", ""]):
        for call in (
            lambda: amrmetrics.score_corpus(PRED, GOLD, blank),
            lambda: amrmetrics.compare(PRED, GOLD, GOLD, blank),
            lambda: amrmetrics.Scorer(blank),
        ):
            try:
                call()
            except amrmetrics.UsageError as err:
                assert "names no metric" in str(err)
            else:
                raise AssertionError(f"{blank!r} was accepted")
