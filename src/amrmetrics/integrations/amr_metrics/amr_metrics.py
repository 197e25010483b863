"""Hugging Face ``evaluate`` module: corpus Smatch (or any amrmetrics metric) of PENMAN graph strings.

Load it with ``evaluate.load(amrmetrics.integrations.hf_evaluate.module_path())``; the work is done
by the installed amrmetrics (:func:`amrmetrics.integrations.hf_evaluate.corpus_scores`).
"""

from typing import Any

import datasets
import evaluate

from amrmetrics.integrations.hf_evaluate import corpus_scores, metric_spec

_CITATION = """\
@inproceedings{cai-knight-2013-smatch,
    title = "{S}match: an Evaluation Metric for Semantic Feature Structures",
    author = "Cai, Shu and Knight, Kevin",
    booktitle = "Proceedings of the 51st Annual Meeting of the Association for Computational Linguistics (Volume 2: Short Papers)",
    year = "2013",
    url = "https://aclanthology.org/P13-2131",
}
"""

_DESCRIPTION = """\
Smatch and the other AMR graph metrics of amrmetrics, over a corpus of PENMAN strings. Smatch is
the triple overlap (precision, recall, F1) under the best one-to-one alignment of the two graphs'
nodes; amrmetrics solves the alignment exactly (certified optimal) instead of hill-climbing.
Scores are micro averages: the statistics of every pair are pooled, then P/R/F are computed once,
as smatch.py reports a corpus. The configuration name (or the `metric` argument of `compute`) is an
amrmetrics metric spec: "smatch" (the default), "smatch:std=smatchpp-amr", "sembleu", "sema",
"simple", "wlk", "smatch:fine", ...
"""

_KWARGS_DESCRIPTION = """
Args:
    predictions (`list` of `str`): predicted graphs, one PENMAN string each (the test side).
    references (`list` of `str`): reference graphs, one PENMAN string each, paired by position.
    metric (`str`, optional): an amrmetrics metric spec; overrides the configuration name.
    on_error (`str`, optional): "fail" (default) raises on a graph that cannot be read; "zero"
        scores its pair 0; "skip" leaves it out. The signature records the choice.
    Other keywords (timeout, solver, seed, jobs) are amrmetrics.score_corpus options.
Returns:
    The micro scores under amrmetrics' keys: `P`, `R`, `F` (fractions in [0, 1]) for metrics that
    match triples, `score` for single-number metrics, `<aspect>.P`/`.R`/`.F` for "smatch:fine";
    and `signature`, the string naming every setting that changes the numbers.
Examples:
    >>> import evaluate
    >>> from amrmetrics.integrations.hf_evaluate import module_path
    >>> smatch = evaluate.load(module_path())
    >>> result = smatch.compute(predictions=["(w / want-01 :ARG0 (b / boy))"],
    ...                         references=["(w / want-01 :ARG0 (g / girl))"])
    >>> round(result["F"], 4), result["signature"].split("|")[0]
    (0.75, 'smatch')
"""


class AmrMetrics(evaluate.Metric):
    """amrmetrics' AMR graph metrics (Smatch by default) as a Hugging Face ``evaluate`` metric."""

    def _info(self) -> evaluate.MetricInfo:
        return evaluate.MetricInfo(
            description=_DESCRIPTION,
            citation=_CITATION,
            inputs_description=_KWARGS_DESCRIPTION,
            features=datasets.Features(
                {"predictions": datasets.Value("string"), "references": datasets.Value("string")}
            ),
            license="MIT",
            reference_urls=["https://aclanthology.org/P13-2131"],
        )

    def _download_and_prepare(self, dl_manager: Any) -> None:
        """Nothing to download; a configuration name that is no single metric spec fails at load time."""
        metric_spec(self.config_name)

    def _compute(
        self, predictions: list[str], references: list[str], metric: str | None = None, **options: Any
    ) -> dict[str, Any]:
        return corpus_scores(predictions, references, metric or self.config_name, **options)
