"""XSmatch, XSemBLEU and XS2match on hand-checked pairs: each reference bug and our fix, the
translated side, signatures, the command line, and worker processes."""

from __future__ import annotations

import json
import pickle
import re
import subprocess
import sys

import numpy as np
import pytest

from conftest import DATA
from amrmetrics.api import to_graph
from amrmetrics.metrics.crosslingual import XS2match, XSemBLEU, XSmatch
from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.metrics.sembleu import SemBLEU
from amrmetrics.translate import FunctionLexicon, Translator
from amrmetrics.translate.graphs import english_labels, strip_sense, translate_graph, truncate_labels

XL = DATA / "crosslingual"
DICT = {"dictionary": str(XL / "es-en.tsv"), "translator": "dict", "source_lang": "es"}
VECTORS = str(XL / "tiny-xl-vectors.txt")

EN = "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))"
ES = "(q / querer-01 :ARG0 (n / niño) :ARG1 (i / ir-01 :ARG0 n))"
EN_BIG = "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b :destination (c / city)) :polarity -)"


def scores(metric, test: str, gold: str) -> dict[str, float]:
    result = metric.pair(metric.prepare(to_graph(test)), metric.prepare(to_graph(gold)))
    return {k: float(v) for k, v in metric.scores(np.array(result.stats)).items()}


@pytest.mark.parametrize(
    ("concept", "stripped"),
    [("want-01", "want"), ("have-org-role-91", "have-org-role"), ("go", "go"), ("-", "-"), ("-01", "-01"), ("x-y", "x-y")],
)
def test_senses_are_stripped_with_a_trailing_number_only(concept: str, stripped: str) -> None:
    assert strip_sense(concept) == stripped


def test_the_reference_sense_stripping_loses_words_and_polarity() -> None:
    """The reference's ``split('-')[0]``: ours keeps what it destroys."""
    reference = {c: c.split("-")[0] for c in ("have-org-role-91", "-", "as-well")}
    assert reference == {"have-org-role-91": "have", "-": "", "as-well": "as"}
    assert [strip_sense(c) for c in reference] == ["have-org-role", "-", "as-well"]


def test_a_perfectly_translated_pair_scores_one() -> None:
    for metric in (XSmatch(**DICT), XSemBLEU(**DICT)):
        assert max(scores(metric, EN, ES).values()) == pytest.approx(1.0)
        assert min(scores(metric, EN, ES).values()) == pytest.approx(1.0)


def test_monolingual_smatch_sees_only_structure() -> None:
    (smatch,) = parse_metrics("smatch")
    assert scores(smatch, EN, ES)["F"] == pytest.approx(4 / 7)  # TOP + 3 relations of 7 triples


def test_precision_and_recall_keep_their_meaning() -> None:
    """The reference swaps the graphs whenever the second has more nodes; we never do."""
    metric = XSmatch(**DICT)
    got = scores(metric, EN_BIG, ES)
    # test: 4 instances + :polarity + TOP + 4 relations = 10 triples; gold: 7; all 7 gold triples match
    assert got["P"] == pytest.approx(7 / 10) and got["R"] == pytest.approx(1.0)
    swapped = scores(XSmatch(**{**DICT, "translate": "test"}), ES, EN_BIG)
    assert swapped["P"] == pytest.approx(got["R"]) and swapped["R"] == pytest.approx(got["P"])


def test_the_translated_side_is_explicit() -> None:
    """Translating the English side instead finds nothing to translate, so the score drops to Smatch's."""
    wrong_side = XSmatch(**{**DICT, "translate": "test"})
    assert scores(wrong_side, EN, ES)["F"] == pytest.approx(4 / 7)


def test_constants_numbers_polarity_top_and_keywords_stay() -> None:
    graph = to_graph('(q / querer-01 :polarity - :quant 2 :mode imperative :ARG0 (p / person :name (n / name :op1 "Niño")))')
    translator = Translator([FunctionLexicon(lambda w: "translated", "all")])
    (smatch,) = parse_metrics("smatch")
    prepared = smatch.prepare(graph)
    out, choices = translate_graph(prepared, translator, ())
    assert [c for _, c in out.instances] == ["translated", "person", "name"]
    assert set(choices) == {"querer", "niño"}
    assert (out.attributes[0][2], out.attributes[1][2], out.attributes[2][2]) == ("-", "2", "imperative")
    assert ("q", ":TOP", "top") in out.attributes and ("n", ":op1", "translated") in out.attributes
    quoted, _ = translate_graph(graph, translator, ())
    assert ("n", ":op1", '"translated"') in quoted.attributes


def test_english_side_labels_exclude_the_root_triple() -> None:
    (smatch,) = parse_metrics("smatch")
    labels = english_labels(smatch.prepare(to_graph('(w / want-01 :polarity - :ARG0 (c / city :name "Paris"))')))
    assert labels == ("-", "city", "paris", "want")


def test_xsembleu_truncates_both_sides_so_identical_graphs_score_one() -> None:
    graph = to_graph("(s / surge-01 :ARG1 (a / and :op1 (s2 / speed-01) :op2 (a2 / accident)) :mod (a3 / as-well))")
    metric = XSemBLEU(translator="dict", dictionary=DICT["dictionary"])
    assert scores(metric, EN_BIG, EN_BIG)["score"] == pytest.approx(1.0)
    assert scores(metric, "(x / government-organization)", "(y / government-organization)")["score"] == 1.0
    # the reference truncates one side only: identical graphs then score below 1
    one_sided = SemBLEU().pair(SemBLEU().prepare(truncate_labels(graph, 5)), SemBLEU().prepare(graph))
    assert float(SemBLEU().scores(np.array(one_sided.stats))["score"]) < 0.9
    assert [c for _, c in truncate_labels(graph, 5).instances] == ["surge", "and", "speed", "accid", "as-we"]


def test_xsembleu_truncation_merges_labels_with_the_same_start() -> None:
    metric = XSemBLEU(translator="dict", dictionary=DICT["dictionary"])
    assert scores(metric, "(g / government-01)", "(g / govern-01)")["score"] == pytest.approx(1.0)
    assert scores(XSemBLEU(translator="dict", dictionary=DICT["dictionary"], truncate=0), "(g / government-01)", "(g / govern-01)")["score"] == 0.0


def test_xs2match_hand_computed_with_tiny_bilingual_vectors() -> None:
    metric = XS2match(vectors=VECTORS, source_lang="es")
    got = scores(metric, "(w / want-01 :ARG0 (b / boy))", "(q / querer-01 :ARG0 (n / niño))")
    # want/querer 0.8 x diffsense 0.5 (predicates) + boy/niño 0.8 + :ARG0 + TOP = 3.2 of 4 triples
    assert got["F"] == pytest.approx(0.8)
    back = scores(metric, "(q / querer-01 :ARG0 (n / niño))", "(w / want-01 :ARG0 (b / boy))")
    assert back["P"] == pytest.approx(got["R"]) and back["R"] == pytest.approx(got["P"])


def test_xs2match_never_leaves_the_unit_interval() -> None:
    """The reference adds an unnormalised vector for predicates and reaches F = 1.48."""
    metric = XS2match(vectors=VECTORS)
    for test, gold in [(EN, ES), (ES, ES), ("(q / querer-01 :ARG0 (w / want-01))", "(w / want-01 :ARG0 (q / querer-01))")]:
        assert all(0.0 <= v <= 1.0 + 1e-12 for v in scores(metric, test, gold).values())


def test_signatures_name_language_side_and_backends() -> None:
    xsmatch = XSmatch(**DICT)
    sig = xsmatch.signature()
    assert sig.startswith("xsmatch|std:smatch|solver:exact|")
    assert "|src:es|translate:gold|translator:dict:es-en.tsv@" in sig and sig.endswith("|senses:stripped")
    xsembleu = XSemBLEU(**DICT).signature()
    assert "|truncate:5|src:es|translate:gold|" in xsembleu
    assert XS2match(vectors=VECTORS, source_lang="zh").signature().endswith("|src:zh")
    assert "src:unspecified" in XSmatch(translator="dict", dictionary=DICT["dictionary"]).signature()
    assert not XSmatch.symmetric and not XSemBLEU.symmetric and XS2match.symmetric
    assert any("translated side" in note for note in xsmatch.notes)


def test_cli_defaults_reach_only_the_metrics_that_have_them() -> None:
    xs, plain = parse_metrics("xsmatch,smatch", {"source_lang": "zh", "translate": "test"})
    assert (xs.source_lang, xs.translate) == ("zh", "test")
    assert plain.signature() == "smatch|std:smatch|solver:exact|dedup:yes"
    with pytest.raises(ValueError, match="translate must be one of"):
        parse_metrics("xsmatch:translate=both")


def test_a_python_translator_can_be_plugged_in() -> None:
    metric = XSmatch(source_lang="es", translator="dict", dictionary=DICT["dictionary"])
    table = {"querer": "want", "niño": "boy", "ir": "go"}
    metric.use_translator(Translator([FunctionLexicon(table.get, "my-mt", "1")]))
    assert scores(metric, EN, ES)["F"] == pytest.approx(1.0)
    assert "translator:my-mt@1" in metric.signature()


def test_details_list_the_translated_labels() -> None:
    metric = XSmatch(**DICT)
    result = metric.pair(metric.prepare(to_graph(EN)), metric.prepare(to_graph(ES)))
    assert result.details["translations"] == {"ir": "go", "niño": "boy", "querer": "want"}
    assert result.details["status"] == "optimal"


def test_metrics_pickle_with_their_translation_cache() -> None:
    metric = XSmatch(**DICT)
    before = scores(metric, EN, ES)
    copy = pickle.loads(pickle.dumps(metric))
    assert scores(copy, EN, ES) == before


def test_score_command_with_source_language_and_side(tmp_path) -> None:
    en, es = tmp_path / "en.amr", tmp_path / "es.amr"
    en.write_text(f"{EN}\n\n{EN_BIG}\n", encoding="utf-8")
    es.write_text(f"{ES}\n\n{ES}\n", encoding="utf-8")
    spec = f"xsmatch:translator=dict,dictionary={XL / 'es-en.tsv'},smatch"
    command = [sys.executable, "-m", "amrmetrics", "score", str(en), str(es), "-m", spec,
               "--source-lang", "es", "--translate", "gold", "--format", "json", "--jobs", "2", "--no-progress"]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    text = done.stdout
    assert re.search(r"src:es\|translate:gold\|translator:dict:es-en\.tsv@", text)
    payload = json.loads(text)
    assert payload["pairs"] == 2
    # pair 1: 7 of 7 triples; pair 2: 7 matched, |test| 10, |gold| 7 -> micro F = 28/31
    assert payload["metrics"][0]["micro"]["F"] == pytest.approx(28 / 31)
    assert payload["metrics"][1]["micro"]["F"] < 0.6
    assert "xsmatch" in text and "smatch|std:smatch|solver:exact|dedup:yes" in text
