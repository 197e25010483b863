"""Every metric scores the shared UMR gold against itself 1, through the command line's own pipeline.

Sentence metrics score each sentence pair (the unreadable 0199 #10 left out with ``--on-error
skip``); the document metrics score each document: ``umr`` 1 on every aspect that applies;
``ancast`` and ``jumach`` 1 on their headline and on every aspect where both sides have content
(AnCast scores an empty category 0 and juːmæʧ an empty count 0: their documented conventions).
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

import amrmetrics
from conftest import requires_shared, shared

GOLD = shared("data", "umr", "gold")


@requires_shared
@pytest.mark.parametrize("spec", ["smatch", "smatch:std=smatchpp", "sembleu", "sema", "simple", "rematch"])
def test_sentence_metrics_score_the_gold_one(spec):
    result = amrmetrics.score(Path(GOLD), Path(GOLD), spec, on_error="skip")[spec]
    assert set(result.micro) & {"F", "score"}
    assert all(v == pytest.approx(1.0) for k, v in result.micro.items() if k in ("F", "score"))
    assert len(result.pairs) == 1134


@requires_shared
def test_document_metrics_score_the_gold_one():
    results = {spec: amrmetrics.score(Path(GOLD), Path(GOLD), spec, on_error="skip")[spec] for spec in ("umr", "ancast", "jumach")}
    umr = results["umr"]
    assert len(umr.pairs) == 32
    for name, value in umr.micro.items():
        assert math.isnan(value) or value == 1.0, name
    for pair in umr.pairs:
        assert all(math.isnan(v) or v == 1.0 for v in pair.scores.values())
    assert results["ancast"].micro["Comp.F"] == pytest.approx(1.0) and results["ancast"].micro["Sent.F"] == pytest.approx(1.0)
    assert results["jumach"].micro["Jumach.F"] == 1.0
    for spec in ("ancast", "jumach"):
        summary = results[spec].report.summary
        for pair in results[spec].pairs:
            for name, value in pair.scores.items():
                if name.endswith(".F") and value != pytest.approx(1.0):
                    aspect = name[:-2]
                    assert value == 0.0 and summary["aspects"][aspect]["pairs"] < 32, (spec, name)
