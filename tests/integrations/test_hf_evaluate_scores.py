"""What the Hugging Face evaluate module computes, tested without the evaluate package."""

from __future__ import annotations

from pathlib import Path

import pytest

from amrmetrics import CorpusError, score_corpus
from amrmetrics.integrations.hf_evaluate import corpus_scores, metric_spec, module_path
from amrmetrics.metrics.registry import MetricSpecError
from conftest import EXAMPLES
from example_strings import penman_strings


def test_examples_split_into_their_five_graphs() -> None:
    for name in ("pred.amr", "gold.amr"):
        graphs = penman_strings(EXAMPLES / name)
        assert [g.splitlines()[0] for g in graphs] == [f"# ::id example-{i}" for i in range(1, 6)]


@pytest.mark.parametrize("spec", ["smatch", "sembleu:n=2", "sema", "smatch:std=smatchpp-amr"])
def test_scores_are_score_corpus_micro_and_signature(spec: str) -> None:
    expected = score_corpus(EXAMPLES / "pred.amr", EXAMPLES / "gold.amr", spec)[spec]
    got = corpus_scores(penman_strings(EXAMPLES / "pred.amr"), penman_strings(EXAMPLES / "gold.amr"), spec)
    assert got == {**expected.micro, "signature": expected.signature}


def test_a_hand_counted_pair() -> None:
    # 4 triples each (instance w, instance b/g, ARG0, TOP); boy vs girl is the one miss: 3/4.
    got = corpus_scores(["(w / want-01 :ARG0 (b / boy))"], ["(w / want-01 :ARG0 (g / girl))"])
    assert (got["P"], got["R"], got["F"]) == (0.75, 0.75, 0.75)
    assert got["signature"].startswith("smatch|std:smatch|solver:exact|")


def test_options_reach_the_run() -> None:
    got = corpus_scores(["(a / cat", "(d / dog)"], ["(a / cat)", "(d / dog)"], on_error="zero")
    assert got["R"] == pytest.approx(2 / 4) and "on-error:zero(1)" in got["signature"]
    with pytest.raises(CorpusError, match=r"test: graph 1 \(line 1\)"):
        corpus_scores(["(a / cat"], ["(a / cat)"])


def test_configuration_names() -> None:
    assert metric_spec("default") == "smatch"
    assert metric_spec("sembleu:n=2") == "sembleu:n=2"
    with pytest.raises(MetricSpecError, match="unknown metric 'smatchh'"):
        metric_spec("smatchh")
    with pytest.raises(MetricSpecError, match="sembleu: n='two' is not a valid int"):
        metric_spec("sembleu:n=two")
    with pytest.raises(ValueError, match="computes one metric, but 'smatch,sembleu' names 2: smatch, sembleu"):
        metric_spec("smatch,sembleu")


def test_module_path_holds_the_script_and_its_card() -> None:
    folder = Path(module_path())
    assert (folder / f"{folder.name}.py").is_file(), "evaluate.load(dir) needs dir/<dir name>.py"
    card = (folder / "README.md").read_text(encoding="utf-8")
    for heading in ("## Metric Description", "### Inputs", "### Output Values", "## Limitations", "## Citation"):
        assert heading in card
