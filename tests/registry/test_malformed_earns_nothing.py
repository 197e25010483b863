"""A malformed graph never earns credit, under every registered metric (issue 30).

``--on-error zero`` scores a pair with a malformed graph against the empty graph, and so does the
warm scorer; the empty graph stands for a graph that could not be read, so a pair with one earns
nothing, even when both sides are malformed (they were 1.0 under smatch, sembleu, sema, simple
and rematch, 0.0 under wlk, which inflated macro averages). Well-formed pairs score as before.
"""

from __future__ import annotations

import math

import pytest

import amrmetrics
from amrmetrics.metrics.registry import METRICS, metric_class

GOOD = "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))"
OTHER = "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-01 :ARG0 b))"
BAD = "(w / want-01 :ARG0"
SPEC = {"smatch-fine": "smatch:fine", "docsmatch": "smatch:doc=sentence", "xsmatch": "xsmatch:source_lang=es"}
SPEC |= {"xsembleu": "xsembleu:source_lang=es", "xs2match": "xs2match:source_lang=es"}
# the UMR document metrics score documents, never PENMAN pairs (tests/umr covers their malformed graphs)
SPECS = [SPEC.get(name, name) for name in sorted(METRICS) if metric_class(name).unit == "graph"]


def credit(scores: dict[str, float]) -> list[float]:
    """Every score of a pair that applies (NaN: an aspect that applies to neither graph)."""
    return [v for v in scores.values() if not math.isnan(v)]


@pytest.mark.parametrize("spec", SPECS)
def test_a_pair_with_a_malformed_side_scores_nothing_and_good_pairs_are_unchanged(spec):
    tests, golds = [BAD, BAD, GOOD, GOOD], [BAD, GOOD, BAD, OTHER]
    result = amrmetrics.score_corpus(tests, golds, spec, on_error="zero")[spec]
    zeroed = result.pairs[:3]
    assert all(credit(p.scores) and all(v == 0 for v in credit(p.scores)) for p in zeroed), [p.scores for p in zeroed]
    alone = amrmetrics.score(GOOD, OTHER, spec)
    assert result.pairs[3].scores == pytest.approx(alone.scores, nan_ok=True) and max(credit(alone.scores)) > 0
    # the macro mean counts the malformed pairs as nothing: a quarter of the good pair's score, for
    # every score that applies to all four pairs (an aspect that neither graph has does not)
    applies = [k for k in alone.scores if not any(math.isnan(p.scores[k]) for p in result.pairs)]
    assert applies and all(result.macro[k] == pytest.approx(alone.scores[k] / 4) for k in applies)


@pytest.mark.parametrize("spec", SPECS)
def test_the_warm_scorer_gives_a_malformed_candidate_nothing(spec):
    scorer = amrmetrics.Scorer(spec, on_error="zero")
    for test, gold in ((BAD, BAD), (BAD, GOOD), (GOOD, BAD)):
        scores = scorer(test, gold).scores
        assert credit(scores) and all(v == 0 for v in credit(scores)), (test, gold, scores)


def test_a_corpus_of_malformed_pairs_scores_nothing():
    result = amrmetrics.score_corpus([BAD, BAD], [BAD, BAD], "smatch,sembleu,rematch,simple,sema,wlk", on_error="zero")
    assert all(v == 0 for r in result.values() for avg in (r.micro, r.macro) for v in avg.values())
