"""XSemBLEU's pair details by hand: the labels it translated, and none it could not translate."""

from __future__ import annotations

from conftest import DATA

from amrmetrics.api import to_graph
from amrmetrics.metrics.crosslingual import XSemBLEU, XSmatch

DICT = {"dictionary": str(DATA / "crosslingual" / "es-en.tsv"), "translator": "dict", "source_lang": "es"}
EN = "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))"
ES = "(q / querer-01 :ARG0 (n / niño) :ARG1 (i / ir-01 :ARG0 n))"
ES_CAT = "(q / querer-01 :ARG0 (n / niño) :ARG1 (g / gato))"  # gato is not in the dictionary


def details(metric, test: str, gold: str) -> dict:  # type: ignore[no-untyped-def]
    return metric.pair(metric.prepare(to_graph(test)), metric.prepare(to_graph(gold))).details


def test_xsembleu_names_the_translated_labels() -> None:
    assert details(XSemBLEU(**DICT), EN, ES) == {"translations": {"ir": "go", "niño": "boy", "querer": "want"}}


def test_an_untranslated_label_is_not_listed() -> None:
    assert details(XSemBLEU(**DICT), EN, ES_CAT) == {"translations": {"niño": "boy", "querer": "want"}}
    assert details(XSmatch(**DICT), EN, ES_CAT)["translations"] == {"niño": "boy", "querer": "want"}


def test_the_translation_settings_reach_the_translator() -> None:
    vectors = str(DATA / "crosslingual" / "tiny-xl-vectors.txt")
    signature = XSmatch(dictionary=DICT["dictionary"], source_lang="es", vectors=vectors, min_sim=0.75).translation().signature()
    assert signature.startswith("dict:es-en.tsv@") and "+nn:tiny-xl-vectors.txt@" in signature and signature.endswith(">0.75")
    assert XSemBLEU(source_lang="zh").translation().signature().startswith("cedict@")  # auto picks the dictionary of the language
