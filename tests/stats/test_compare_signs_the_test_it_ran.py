"""A comparison's signature names the permutation test that ran: ``trials:exact`` when every swap of
A and B was enumerated (``2**pairs <= trials``), ``trials:N`` when N random swaps were drawn."""

from __future__ import annotations

import json

from conftest import EXAMPLES
from hypothesis import given, settings
from hypothesis import strategies as st

import amrmetrics
from amrmetrics.cli.main import main
from amrmetrics.engine.corpus import RunOptions, compare_corpora
from amrmetrics.metrics.registry import parse_metrics

PRED, GOLD = str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr")
CONCEPTS = ["cat", "dog", "boy", "girl", "want-01", "go-02"]


def compared(capsys, *options: str) -> dict:
    assert main(["compare", PRED, GOLD, GOLD, "--format", "json", "--no-progress", *options]) == 0
    return json.loads(capsys.readouterr().out)["metrics"][0]


def test_five_pairs_are_compared_exactly_and_signed_so(capsys) -> None:
    exact = compared(capsys)
    assert exact["comparison"]["permutation"]["method"] == "exact permutation"
    assert "|trials:exact|" in exact["signature"] and "trials:10000" not in exact["signature"]
    drawn = compared(capsys, "--trials", "16")  # 2**5 = 32 swaps > 16 trials: drawn at random
    assert drawn["comparison"]["permutation"] == {"method": "approximate randomization", "trials": 16, "seed": 12345}
    assert "|trials:16|" in drawn["signature"]


def test_the_api_runs_and_signs_the_same_test() -> None:
    files = EXAMPLES / "pred.amr", EXAMPLES / "gold.amr", EXAMPLES / "gold.amr"
    assert amrmetrics.compare(*files)["smatch"].permutation["method"] == "exact permutation"
    explained = amrmetrics.explain(files[0], files[2], b=files[1], bootstrap=50)
    assert "|trials:exact|" in explained.signature


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(CONCEPTS), st.sampled_from(CONCEPTS)), min_size=1, max_size=9), st.integers(1, 600))
def test_the_signature_says_exact_exactly_when_every_swap_was_enumerated(pairs, trials) -> None:
    a = [f"(x / {t})" for t, _ in pairs]
    gold = [f"(x / {g})" for _, g in pairs]
    done = compare_corpora(a, gold, gold, parse_metrics("smatch"), RunOptions(bootstrap=20), trials=trials)
    (metric,) = done.metrics
    permutation = metric.comparison.permutation
    assert (permutation["method"] == "exact permutation") == (2 ** len(pairs) <= trials)
    said = "exact" if permutation["method"] == "exact permutation" else str(trials)
    assert f"|trials:{said}|" in metric.signature
